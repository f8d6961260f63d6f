//! The engine's options: what `uci` announces and what `setoption` may change.

use fairyboard::error::clip;
use fairyboard::games::Variant;
use fairyboard::search::{Level, MAX_LINES};

/// The transposition table's default size, in megabytes.
pub(crate) const DEFAULT_HASH: usize = 16;
/// The largest table `Hash` allows, in megabytes.
const MAX_HASH: usize = 1024;

/// A changed option.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Setting {
    Variant(Variant),
    Hash(usize),
    Level(Level),
    MultiPv(usize),
}

/// Every option, in the order the handshake announces them: its name, and what its
/// `option` line says after the name. The one list: the handshake and the unknown-option
/// message are both made from it.
fn options() -> [(&'static str, String); 4] {
    let mut variants = format!("type combo default {}", Variant::Orthodox.id());
    for v in Variant::ALL {
        variants.push_str(" var ");
        variants.push_str(v.id());
        if v == Variant::Orthodox {
            variants.push_str(" var chess");
        }
    }
    [
        ("UCI_Variant", variants),
        (
            "Hash",
            format!("type spin default {DEFAULT_HASH} min 1 max {MAX_HASH}"),
        ),
        ("Level", "type spin default 8 min 1 max 8".to_string()),
        (
            "MultiPV",
            format!("type spin default 1 min 1 max {MAX_LINES}"),
        ),
    ]
}

/// The `option` lines of the handshake. `UCI_Variant` also lists `chess`, the name
/// python-chess and Cute Chess give orthodox chess: python-chess sets it for every
/// ordinary board and refuses an engine whose list lacks it.
pub(crate) fn option_lines() -> Vec<String> {
    options()
        .into_iter()
        .map(|(name, rest)| format!("option name {name} {rest}"))
        .collect()
}

/// Reads `setoption name <name> [value <value>]`: the name case-insensitively, as UCI
/// says, and the value checked against the option's range.
pub(crate) fn setting(name: &str, value: Option<&str>) -> Result<Setting, String> {
    let value = value.map(str::trim).unwrap_or("");
    let spin = |max: usize| -> Result<usize, String> {
        value
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| {
                format!(
                    "option {name} must be a whole number from 1 to {max}, not '{}'",
                    clip(value)
                )
            })
    };
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => {
            let id = value.to_ascii_lowercase();
            let id = if id == "chess" {
                "orthodox"
            } else {
                id.as_str()
            };
            Variant::from_id(id).map(Setting::Variant).map_err(|_| {
                let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
                format!(
                    "option UCI_Variant: unknown game '{}' (expected one of: chess, {})",
                    clip(value),
                    ids.join(", ")
                )
            })
        }
        "hash" => spin(MAX_HASH).map(Setting::Hash),
        "multipv" => spin(MAX_LINES).map(Setting::MultiPv),
        // `Level::get` knows every level `spin` lets through.
        "level" => spin(8).and_then(|n| {
            Level::get(n as u8)
                .map(Setting::Level)
                .ok_or_else(|| format!("no level {n}"))
        }),
        _ => {
            let names: Vec<&str> = options().iter().map(|(name, _)| *name).collect();
            Err(format!(
                "unknown option '{}' (options: {})",
                clip(name),
                names.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_handshake_lists_every_game() {
        assert_eq!(
            option_lines()[0],
            "option name UCI_Variant type combo default orthodox var orthodox var chess \
             var vagabond var bandit var quarter var pawnier var riftwalker"
        );
    }

    #[test]
    fn the_unknown_option_error_lists_every_option_announced() {
        let error = setting("Threads", Some("2")).unwrap_err();
        let lines = option_lines();
        for line in &lines {
            let name = line["option name ".len()..].split(" type ").next().unwrap();
            assert!(error.contains(name), "{error} lacks {name}");
            // And each one announced is one `setoption` takes, with its default.
            let default = line.split(" default ").nth(1).unwrap();
            let default = default.split(' ').next().unwrap();
            assert!(setting(name, Some(default)).is_ok(), "{name} {default}");
        }
        assert_eq!(
            error,
            "unknown option 'Threads' (options: UCI_Variant, Hash, Level, MultiPV)"
        );
    }

    #[test]
    fn names_are_case_insensitive_and_values_checked() {
        assert_eq!(setting("hash", Some("32")), Ok(Setting::Hash(32)));
        assert_eq!(
            setting("uci_variant", Some("Pawnier")),
            Ok(Setting::Variant(Variant::Pawnier))
        );
        assert_eq!(
            setting("UCI_Variant", Some("chess")),
            Ok(Setting::Variant(Variant::Orthodox))
        );
        assert_eq!(
            setting("LEVEL", Some("3")),
            Ok(Setting::Level(Level::get(3).unwrap()))
        );
        assert!(setting("Hash", Some("0"))
            .unwrap_err()
            .contains("from 1 to 1024"));
        assert!(setting("Hash", None).is_err());
        assert!(setting("Level", Some("9")).is_err());
        assert!(setting("UCI_Variant", Some("checkers"))
            .unwrap_err()
            .contains("unknown game"));
        assert!(setting("Threads", Some("2"))
            .unwrap_err()
            .contains("unknown option"));
    }
}
