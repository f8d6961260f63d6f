//! A game record's tags, as PGN writes them (`[White "Kasparov, Garry"]`): an ordered list of
//! (name, value) kept on a [`crate::Game`], looked up by name in any case.
//!
//! The tags are kept in the order a PGN record writes them: the roster's (Event, Site, Date,
//! Round, White, Black) in the standard's order first, then Termination, then the others in
//! the order they were first set.
//!
//! A name is a PGN tag name: ASCII letters, digits and `_`, starting with a letter. The tags
//! that follow from the game itself are not kept: `Result` (the game's outcome), `Variant`
//! (its game), `SetUp` and `FEN` (its start). A value is kept as given but for what a PGN
//! tag value cannot hold ([`one_line`]): each line break (CR LF, CR, LF, NEL, U+2028,
//! U+2029) and every other control character (tab, NUL, ESC, DEL, the C1 controls) becomes
//! one space. An empty value removes the tag.
//!
//! `Termination` is kept with the result it was written for: it says how *that* result came
//! about (chess.com's `Garry Kasparov won by resignation`), so it is only used while the
//! game's result is still that one ([`Tags::termination`]).

use crate::error::clip;
use crate::error::Error;

/// The tags that follow from the game and cannot be set: the outcome gives `Result`, the
/// game `Variant`, the start `SetUp` and `FEN`.
pub(crate) const FROM_GAME: [&str; 4] = ["Result", "Variant", "SetUp", "FEN"];

/// The Seven Tag Roster but the Result (PGN standard, 8.1.1), in its order: a game keeps
/// these names as the standard spells them, whatever case they are given in.
pub(crate) const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// The tags of a game record, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tags {
    list: Vec<(String, String)>,
    /// The result (`1-0`, `0-1`, `1/2-1/2` or `*`) the `Termination` tag was written for.
    termination_for: Option<String>,
}

/// Whether two tag names are the same name (ASCII case aside). One out-of-line copy: the
/// comparisons with constants stay small in the wasm.
#[inline(never)]
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// Where `name` is in `names`, ASCII case aside. One out-of-line loop for every list of
/// names: unrolled against each constant list, the comparisons weighed kilobytes in the wasm.
#[inline(never)]
pub(crate) fn name_index(names: &[&str], name: &str) -> Option<usize> {
    names.iter().position(|n| same_name(n, name))
}

/// Whether `name` is one of the roster's tags ([`ROSTER`]).
pub(crate) fn in_roster(name: &str) -> bool {
    name_index(&ROSTER, name).is_some()
}

/// Whether `name` is one of the tags that follow from the game ([`FROM_GAME`]).
pub(crate) fn follows_from_game(name: &str) -> bool {
    name_index(&FROM_GAME, name).is_some()
}

/// Checks that `name` is a tag name a game can hold: a PGN tag name (letters, digits and
/// `_`, starting with a letter) that does not follow from the game ([`FROM_GAME`]).
pub(crate) fn check_name(name: &str) -> Result<(), Error> {
    let b = name.as_bytes();
    let well_formed = b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_');
    if !well_formed {
        return Err(Error::new(format!(
            "'{}' is not a tag name: a tag name is letters, digits and '_', starting with a letter",
            clip(name)
        )));
    }
    if let Some(i) = name_index(&FROM_GAME, name) {
        return Err(Error::new(format!(
            "the {} tag follows from the game itself and cannot be set",
            FROM_GAME[i]
        )));
    }
    Ok(())
}

/// A tag value as PGN can hold it (the standard, 8.1: a string on one line, no control
/// characters): each line break (CR LF, CR, LF, NEL, U+2028, U+2029) and every other control
/// character (Unicode's `Cc`: tab, NUL, ESC, DEL, the C1 controls) one space; everything else
/// as it is (quotes and backslashes are escaped only as PGN is written).
pub(crate) fn one_line(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            chars.next();
        }
        let breaks = c.is_control() || c == '\u{2028}' || c == '\u{2029}';
        out.push(if breaks { ' ' } else { c });
    }
    out
}

/// Where a tag goes among the others, as a PGN record writes them: the roster's in its
/// order (0 to 5), then Termination (6), then the rest (7).
fn rank(name: &str) -> usize {
    name_index(&ROSTER, name).unwrap_or(if same_name(name, "Termination") { 6 } else { 7 })
}

impl Tags {
    /// Every tag in order.
    pub fn all(&self) -> &[(String, String)] {
        &self.list
    }

    /// The value of the tag `name` (any case).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(k, _)| same_name(k, name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` to `value` (see the module's notes): a tag already there keeps
    /// its place and takes the name as written now (a roster tag's as the standard spells
    /// it); a new one goes in its place in the order (the roster's and Termination before
    /// the others, the others last); an empty value removes it. A `Termination` is recorded
    /// as written for `result`.
    pub fn set(&mut self, name: &str, value: &str, result: &str) -> Result<(), Error> {
        check_name(name)?;
        let value = one_line(value);
        let name = name_index(&ROSTER, name).map_or(name, |i| ROSTER[i]);
        let at = self.list.iter().position(|(k, _)| same_name(k, name));
        match (at, value.is_empty()) {
            (Some(i), true) => {
                self.list.remove(i);
            }
            (Some(i), false) => self.list[i] = (name.to_string(), value),
            (None, true) => {}
            (None, false) => {
                let rank = rank(name);
                let at = self
                    .list
                    .iter()
                    .take_while(|(k, _)| self::rank(k) <= rank)
                    .count();
                self.list.insert(at, (name.to_string(), value));
            }
        }
        if same_name(name, "Termination") {
            self.termination_for = Some(result.to_string());
        }
        Ok(())
    }

    /// The `Termination` tag, if there is one and it was written for `result` (the game's
    /// result now): how that result came about, in the record's words.
    pub fn termination(&self, result: &str) -> Option<&str> {
        self.get("Termination")
            .filter(|_| self.termination_for.as_deref() == Some(result))
    }

    /// Records the `Termination` tag as written for `result` (a record's own Result tag).
    pub fn set_termination_for(&mut self, result: &str) {
        self.termination_for = Some(result.to_string());
    }
}
