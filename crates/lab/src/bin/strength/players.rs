//! A player as named on the command line (`random`, `greedy`, `level:N`, `nodes:N`,
//! `stockfish:ELO@MS`, `uci:PATH@LIMIT`, ...; see the module documentation of `main.rs`).

use fairyboard::search::{Level, Limits};

/// A player as named on the command line.
#[derive(Clone, Debug)]
pub(crate) struct Spec {
    pub(crate) name: String,
    pub(crate) kind: SpecKind,
}

/// What a player is.
#[derive(Clone, Debug)]
pub(crate) enum SpecKind {
    Random,
    Greedy,
    /// Our search: a level's node limit and noise, or full strength (`level` is `None`).
    Search {
        level: Option<Level>,
        limits: Limits,
    },
    Stockfish {
        elo: Option<u32>,
        movetime: u64,
    },
    /// Another build of fairyboard over UCI (`uci:<path>@<limit>`), to play an older engine
    /// against the current one: `go` is the UCI `go` line's limit (`nodes N`, `movetime MS`).
    Uci {
        path: String,
        go: String,
        movetime: Option<u64>,
    },
}

impl Spec {
    /// Parses a player name (see the module's documentation).
    pub(crate) fn parse(text: &str) -> Result<Spec, String> {
        let bad = |why: &str| format!("player '{text}': {why}");
        let num = |s: &str, what: &str| -> Result<u64, String> {
            s.parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| bad(&format!("{what} must be a positive whole number")))
        };
        let (head, arg) = text.split_once(':').unwrap_or((text, ""));
        let search = |level, limits| SpecKind::Search { level, limits };
        let kind = match head {
            "random" if arg.is_empty() => SpecKind::Random,
            "greedy" if arg.is_empty() => SpecKind::Greedy,
            "nodes" => search(None, Limits::nodes(num(arg, "nodes")?)),
            "movetime" => search(None, Limits::movetime(num(arg, "the time")? as f64)),
            "depth" => {
                let d = num(arg, "the depth")?.min(u64::from(fairyboard::search::MAX_DEPTH));
                search(None, Limits::depth(d as u32))
            }
            "level" => {
                let (n, extra) = arg.split_once('@').unwrap_or((arg, ""));
                let level = n
                    .parse::<u8>()
                    .ok()
                    .and_then(Level::get)
                    .ok_or_else(|| bad("the level must be 1 to 8"))?;
                let extra = if let Some(ms) = extra.strip_suffix("ms") {
                    Limits::movetime(num(ms, "the time")? as f64)
                } else if let Some(n) = extra.strip_suffix('n') {
                    Limits::nodes(num(n, "the nodes")?)
                } else if extra.is_empty() {
                    Limits::default()
                } else {
                    return Err(bad("write the limit as @<ms>ms or @<nodes>n"));
                };
                let limits = level.limits(extra);
                if limits.nodes.is_none() && limits.movetime.is_none() {
                    return Err(bad(
                        "level 8 needs a limit: level:8@1000ms or level:8@200000n",
                    ));
                }
                search(Some(level), limits)
            }
            "uci" => {
                let (path, limit) = arg
                    .rsplit_once('@')
                    .ok_or_else(|| bad("write uci:<path>@<nodes>n or uci:<path>@<ms>ms"))?;
                let (go, movetime) = if let Some(ms) = limit.strip_suffix("ms") {
                    let ms = num(ms, "the time")?;
                    (format!("movetime {ms}"), Some(ms))
                } else if let Some(n) = limit.strip_suffix('n') {
                    (format!("nodes {}", num(n, "the nodes")?), None)
                } else {
                    return Err(bad("write the limit as @<ms>ms or @<nodes>n"));
                };
                SpecKind::Uci {
                    path: path.to_string(),
                    go,
                    movetime,
                }
            }
            _ if text.starts_with("stockfish") => {
                let rest = &text["stockfish".len()..];
                let (elo, ms) = rest.split_once('@').unwrap_or((rest, ""));
                let elo = elo.strip_prefix(':').unwrap_or(elo);
                let elo = match elo {
                    "" | "full" => None,
                    e => Some(
                        e.parse::<u32>()
                            .ok()
                            .filter(|e| (1350..=2850).contains(e))
                            .ok_or_else(|| bad("the Elo must be 1350 to 2850"))?,
                    ),
                };
                let ms = ms.strip_suffix("ms").unwrap_or(ms);
                let movetime = if ms.is_empty() {
                    1000
                } else {
                    num(ms, "the time")?
                };
                SpecKind::Stockfish { elo, movetime }
            }
            _ => return Err(bad("unknown player")),
        };
        Ok(Spec {
            name: text.to_string(),
            kind,
        })
    }

    /// The time limit per move in milliseconds, if the player has one.
    pub(crate) fn movetime(&self) -> Option<f64> {
        match &self.kind {
            SpecKind::Search { limits, .. } => limits.movetime,
            SpecKind::Stockfish { movetime, .. } => Some(*movetime as f64),
            SpecKind::Uci { movetime, .. } => movetime.map(|ms| ms as f64),
            _ => None,
        }
    }
}
