//! What a game declares beside its rules ([`Declaration`]: id, name, letters, the piece
//! legend, start), the way Fairy-Stockfish declares a variant as one record, and the piece
//! legend the page shows beside the board: for every piece kind of a game, its name and one
//! line on how it moves, written for this project from `RULES.md` and declared with the game
//! (`src/games/<game>/mod.rs`).

use crate::games::Variant;
use crate::piece::Kind;

/// A game's declaration beside its rules: what it is called, its pieces and how they move in
/// words, and where it starts.
#[derive(Debug)]
pub struct Declaration {
    /// The id used on the command line, in links and records: `orthodox`, `vagabond`, ...
    pub id: &'static str,
    /// The game's name for people.
    pub name: &'static str,
    /// Piece letters (uppercase) and the kinds they stand for, in the order the page lists
    /// them.
    pub letters: &'static [(char, Kind)],
    /// Per kind: its name for people and one line on how it moves (the page's legend).
    pub legend: &'static [(Kind, &'static str, &'static str)],
    /// The standard start position as position text.
    pub start: &'static str,
    /// Whether players hold pieces in hand (shown as `[...]` in position text).
    pub hands: bool,
}

/// One legend entry: a piece kind of a game, its name and how it moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendEntry {
    /// The kind.
    pub kind: Kind,
    /// Its uppercase letter in this game's position text.
    pub letter: char,
    /// Its name for people, e.g. `Knight`.
    pub name: &'static str,
    /// One line on how it moves.
    pub moves: &'static str,
}

/// The legend of `variant`: one entry per piece kind, in the order of its letters.
///
/// ```
/// use fairyboard::{games::declaration::legend, Variant};
/// let l = legend(Variant::Orthodox);
/// assert_eq!(l.len(), 6);
/// assert_eq!(l[0].name, "King");
/// ```
pub fn legend(variant: Variant) -> Vec<LegendEntry> {
    variant
        .pieces()
        .iter()
        .map(|&(letter, kind)| {
            let (name, moves) = variant
                .declaration()
                .legend
                .iter()
                .find(|(k, _, _)| *k == kind)
                .map_or((kind.name(), ""), |&(_, n, m)| (n, m));
            LegendEntry {
                kind,
                letter,
                name,
                moves,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_covers_exactly_its_piece_kinds_with_text() {
        for v in Variant::ALL {
            let kinds: Vec<Kind> = v.pieces().iter().map(|&(_, k)| k).collect();
            let entries = legend(v);
            assert_eq!(entries.len(), kinds.len(), "{}", v.id());
            for (e, &(letter, kind)) in entries.iter().zip(v.pieces()) {
                assert_eq!((e.kind, e.letter), (kind, letter));
                assert!(!e.name.trim().is_empty(), "{} {:?}", v.id(), kind);
                assert!(e.moves.trim().len() > 10, "{} {:?}", v.id(), kind);
                assert!(e.moves.ends_with('.'), "{} {:?}", v.id(), kind);
            }
            // No line in the table describes a kind the game does not have, nor twice.
            let table: Vec<Kind> = v.declaration().legend.iter().map(|&(k, ..)| k).collect();
            let mut a = table.clone();
            a.sort();
            a.dedup();
            assert_eq!(a.len(), table.len(), "{}: a kind twice", v.id());
            let mut b = kinds.clone();
            b.sort();
            assert_eq!(a, b, "{}", v.id());
        }
    }

    #[test]
    fn lines_read_as_one_line() {
        for v in Variant::ALL {
            for (k, _, m) in v.declaration().legend {
                assert!(!m.contains('\n'), "{} {:?}", v.id(), k);
                assert!(!m.contains("  "), "{} {:?}: double space", v.id(), k);
            }
        }
    }
}
