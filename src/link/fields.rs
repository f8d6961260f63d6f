//! The record around the moves in a share link: the game's tags (`ev=`, `si=`, `d=`, `r=`,
//! `w=`, `b=` and `t=`) and how the players ended its main line (`e=`), written and read
//! back. The grammar is in the module doc of [`super`].

use super::{decode, encode_text};
use crate::error::clip;
use crate::error::Error;
use crate::game::Game;
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::record::Replay;
use crate::tags::{name_index, same_name, ROSTER};

/// The record's fields, in the order written and the order [`read`] takes them: the roster's
/// tags ([`ROSTER`]: Event, Site, Date, Round, White, Black), then the other tags and the end.
pub(super) const FIELDS: [&str; 8] = ["ev", "si", "d", "r", "w", "b", "t", "e"];

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
    let termination = game.termination().is_some();
    // The game keeps the roster's tags first, in the roster's order.
    let mut others = String::new();
    for (name, value) in game.tags() {
        match name_index(&ROSTER, name) {
            Some(i) => push_field(out, FIELDS[i], &encode_text(value)),
            None if termination || !same_name(name, "Termination") => {
                if !others.is_empty() {
                    others.push('.');
                }
                others.push_str(name);
                others.push(':');
                others.push_str(&encode_text(value));
            }
            None => {}
        }
    }
    if !others.is_empty() {
        push_field(out, "t", &others);
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

/// Reads the record's fields (`fields` in the order of [`FIELDS`]; the roster's decoded, `t=`
/// still encoded) into the replay's game: first the end `e=` (so that a Termination among the
/// tags goes with the result it gives), then the tags. What does not read, or no longer
/// applies, is noted and left out.
pub(super) fn read(replay: &mut Replay, fields: &[Option<String>; 8]) {
    if let Some(code) = &fields[7] {
        read_end(replay, code.trim());
    }
    for (i, value) in fields[..6].iter().enumerate() {
        if let Some(value) = value {
            set(replay, ROSTER[i], value);
        }
    }
    let items = fields[6].as_deref().unwrap_or("").trim();
    for item in items.split('.').filter(|i| !i.is_empty()) {
        match item.split_once(':') {
            Some((name, value)) => match decode(value) {
                Ok(value) => set(replay, name, &value),
                Err(e) => left_out(replay, name, &format!("its value {e}")),
            },
            None => left_out(replay, item, "it is not <name>:<value>"),
        }
    }
}

/// Declares the end `code` names at the end of the main line, as the players did: a flag
/// that fell is a loss on time or a draw as the position there decides.
fn read_end(replay: &mut Replay, code: &str) {
    let game = &mut replay.game;
    let last = game.main_line().last().copied().unwrap_or(0);
    let _ = game.go_to_node(last);
    let declared = match code {
        "rw" => game.resign(Color::White),
        "rb" => game.resign(Color::Black),
        "a" => game.agree_draw(),
        "fw" => game.flag_fall(Color::White),
        "fb" => game.flag_fall(Color::Black),
        _ => Err(Error::new("it is not one of rw, rb, a, fw, fb")),
    };
    if let Err(e) = declared {
        let note = format!(
            "the link's end e={} was left out: {}",
            clip(code),
            e.message()
        );
        replay.notes.push(note);
    }
}

/// Sets a tag read from the link, noting why when the game refuses it.
fn set(replay: &mut Replay, name: &str, value: &str) {
    if let Err(e) = replay.game.set_tag(name, value) {
        left_out(replay, name, e.message());
    }
}

/// Notes a tag of the link left out, and why.
#[inline(never)]
fn left_out(replay: &mut Replay, tag: &str, why: &str) {
    let note = format!("the link's tag '{}' was left out: {why}", clip(tag));
    replay.notes.push(note);
}
