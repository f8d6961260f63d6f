//! The record around the moves in a share link: the game's tags (`w=`, `b=`, `ev=`, `si=`,
//! `d=`, `r=` and `t=`) and how the players ended its main line (`e=`), written and read
//! back. The grammar is in the module doc of [`super`].

use super::{decode, encode_text};
use crate::game::Game;
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::record::Replay;
use crate::tags::same_name;
use crate::variant::clip;

/// The roster's tags that have a field of their own, as (field, tag), in the order written.
pub(super) const ROSTER: [(&str, &str); 6] = [
    ("w", "White"),
    ("b", "Black"),
    ("ev", "Event"),
    ("si", "Site"),
    ("d", "Date"),
    ("r", "Round"),
];

fn push_field(out: &mut String, key: &str, value: &str) {
    out.push('&');
    out.push_str(key);
    out.push('=');
    out.push_str(value);
}

/// Appends the record's fields to a fragment, each only when needed: the roster's tags the
/// game has, its other tags (`t=`; a Termination only while it fits the result, as PGN
/// writes it), and the end the players declared at the end of the main line (`e=`).
pub(super) fn write(game: &Game, out: &mut String) {
    for (key, tag) in ROSTER {
        if let Some(value) = game.tag(tag) {
            push_field(out, key, &encode_text(value));
        }
    }
    let termination = game.termination().is_some();
    let others: Vec<String> = game
        .tags()
        .iter()
        .filter(|(k, _)| !ROSTER.iter().any(|(_, t)| same_name(t, k)))
        .filter(|(k, _)| termination || !same_name(k, "Termination"))
        .map(|(k, v)| format!("{k}:{}", encode_text(v)))
        .collect();
    if !others.is_empty() {
        push_field(out, "t", &others.join("."));
    }
    let main_end = game.main_line().last().copied().unwrap_or(0);
    if let Some(code) = game.tree().node(main_end).declared.and_then(end_code) {
        push_field(out, "e", code);
    }
}

/// The code of a declared end: `rw`/`rb` White/Black resigned, `a` a draw agreed, `fw`/`fb`
/// White's/Black's flag fell (a loss on time, or a draw when the other side cannot win).
fn end_code(o: Outcome) -> Option<&'static str> {
    Some(match (o.reason, o.winner) {
        (Reason::Resignation, Some(Color::Black)) => "rw",
        (Reason::Resignation, Some(Color::White)) => "rb",
        (Reason::Agreement, None) => "a",
        (Reason::Time, Some(Color::Black))
        | (Reason::TimeoutVsInsufficientMaterial(Color::White), None) => "fw",
        (Reason::Time, Some(Color::White))
        | (Reason::TimeoutVsInsufficientMaterial(Color::Black), None) => "fb",
        _ => return None,
    })
}

/// Declares the end `e=` names at the end of the main line, as the players did: a flag that
/// fell is a loss on time or a draw as the position there decides. An end that does not
/// apply (the game is already over there) or does not read is noted and left out.
pub(super) fn read_end(replay: &mut Replay, code: &str) {
    let game = &mut replay.game;
    let last = game.main_line().last().copied().unwrap_or(0);
    let _ = game.go_to_node(last);
    let code = code.trim();
    let declared = match code {
        "rw" => game.resign(Color::White),
        "rb" => game.resign(Color::Black),
        "a" => game.agree_draw(),
        "fw" => game.flag_fall(Color::White),
        "fb" => game.flag_fall(Color::Black),
        _ => {
            replay.notes.push(format!(
                "the link's end e={} is not one of rw, rb, a, fw, fb and was ignored",
                clip(code)
            ));
            return;
        }
    };
    if let Err(e) = declared {
        replay.notes.push(format!(
            "the link's end e={code} was left out: {}",
            e.message()
        ));
    }
}

/// Sets the tags of the roster's fields (`values` in the order of [`ROSTER`], decoded) and of
/// `t=` (`Name:value` items joined by `.`, the values still encoded) on the replay's game;
/// an item that does not read, or names no tag a game can hold, is noted and left out.
pub(super) fn read_tags(replay: &mut Replay, values: [Option<String>; 6], t: Option<&str>) {
    for ((_, tag), value) in ROSTER.iter().zip(values) {
        if let Some(value) = value {
            set(replay, tag, &value);
        }
    }
    for item in t.unwrap_or("").trim().split('.').filter(|i| !i.is_empty()) {
        match item.split_once(':') {
            Some((name, value)) => match decode(value) {
                Ok(value) => set(replay, name, &value),
                Err(e) => replay.notes.push(format!(
                    "the link's tag '{}' {e} and was left out",
                    clip(name)
                )),
            },
            None => replay.notes.push(format!(
                "the link's tag '{}' is not <name>:<value> and was left out",
                clip(item)
            )),
        }
    }
}

fn set(replay: &mut Replay, name: &str, value: &str) {
    if let Err(e) = replay.game.set_tag(name, value) {
        replay.notes.push(format!(
            "the link's tag '{}' was left out: {}",
            clip(name),
            e.message()
        ));
    }
}
