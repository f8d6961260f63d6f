//! The tag pairs of a PGN record: written from a game's own tags and what follows from the
//! game, and a record's tags kept on the game it is read into.

use super::{termination, variant_tag};
use crate::error::clip;
use crate::game::Game;
use crate::position::Position;
use crate::tags::{
    check_name, follows_from_game, in_roster, name_index, one_line, same_name, ROSTER,
};

/// The value written for a roster tag ([`ROSTER`]) a game does not have, in the roster's
/// order.
const DEFAULTS: [&str; 6] = ["?", "fairyboard", "????.??.??", "-", "?", "?"];

/// The tag pairs of `game`'s record, in the order written: the roster with the game's own
/// values (defaults where it has none, or the value `extra` gives), Result, Variant, SetUp
/// and FEN for a start that is not the standard one, Termination, the game's other tags in
/// their order, then the tags of `extra` the game does not have. A tag of `extra` is left out
/// when its name is not a tag name or its value is empty; its value is put on one line as
/// the game's are ([`one_line`]).
pub(super) fn pairs(game: &Game, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let outcome = game.main_outcome();
    let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
    let mut all: Vec<(String, String)> = ROSTER
        .iter()
        .zip(DEFAULTS)
        .map(|(name, default)| pair(name, game.tag(name).unwrap_or(default)))
        .collect();
    all.push(pair("Result", outcome.map_or("*", |o| o.result())));
    all.push(pair("Variant", variant_tag(game.variant())));
    if Position::start(game.variant()).ok().as_ref() != Some(game.start()) {
        all.push(pair("SetUp", "1"));
        all.push(pair("FEN", &game.start().to_text()));
    }
    // The record's own words while they still fit the result, else lichess's.
    let ending = game
        .termination()
        .or_else(|| outcome.map(|o| termination(o.reason)));
    if let Some(t) = ending {
        all.push(pair("Termination", t));
    }
    for (name, value) in game.tags() {
        if !in_roster(name) && !same_name(name, "Termination") {
            all.push((name.clone(), value.clone()));
        }
    }
    for &(name, value) in extra {
        // What follows from the game, and what the game says itself, is not replaced; what
        // is not a tag cannot be written as one.
        if check_name(name).is_err()
            || value.is_empty()
            || same_name(name, "Termination")
            || game.tag(name).is_some()
        {
            continue;
        }
        let value = one_line(value);
        match all.iter_mut().find(|(k, _)| same_name(k, name)) {
            Some(slot) => slot.1 = value,
            None => all.push((name.to_string(), value)),
        }
    }
    all
}

/// Keeps a record's tags on the game read from it, in order: all but those that follow from
/// the game (Result, Variant, SetUp, FEN) and a roster tag with the value [`pairs`] writes
/// for a game without it (`[Event "?"]`, `[Date "????.??.??"]`...), and a Termination the
/// writer would give the game anyway (`Normal`, `Time forfeit`): both are written back the
/// same. `Termination` is kept as written for `result`, the record's own result. A second
/// tag of a name, and a name that is not a tag name, are noted and left out.
pub(super) fn keep(
    game: &mut Game,
    tags: &[(String, String)],
    result: &str,
    notes: &mut Vec<String>,
) {
    // The Termination the writer gives the game as read, if its result is the record's.
    let derived = game
        .main_outcome()
        .filter(|o| o.result() == result)
        .map(|o| termination(o.reason));
    for (name, value) in tags {
        let unknown = name_index(&ROSTER, name).is_some_and(|i| value == DEFAULTS[i]);
        let derived = same_name(name, "Termination") && derived == Some(value.as_str());
        if unknown || derived || follows_from_game(name) {
            continue;
        }
        if game.tag(name).is_some() {
            notes.push(format!(
                "the record has the tag '{}' twice; the first one was kept",
                clip(name)
            ));
        } else if let Err(e) = game.set_tag(name, value) {
            notes.push(format!(
                "the tag '{}' was left out: {}",
                clip(name),
                e.message()
            ));
        }
    }
    game.tags_mut().set_termination_for(result);
}
