//! The piece legend the page shows beside the board: for every piece kind of a game, its
//! name and one line on how it moves, written for this project from `RULES.md`.

use crate::piece::Kind;
use crate::variant::Variant;

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

use Kind::*;
use Variant as V;

const ORTHODOX_KING: &str =
    "One step in any direction; castles with an unmoved rook. It may never be left in check.";
const ARCHBISHOP: &str = "Slides any distance diagonally, or leaps like a knight.";

/// Every (game, kind) line. A game's entries follow the order of its letters, not this table.
const LINES: &[(Variant, Kind, &str, &str)] = &[
    (V::Orthodox, King, "King", ORTHODOX_KING),
    (V::Orthodox, Queen, "Queen", "Slides any distance along ranks, files and diagonals."),
    (V::Orthodox, Rook, "Rook", "Slides any distance along ranks and files."),
    (V::Orthodox, Bishop, "Bishop", "Slides any distance along diagonals."),
    (
        V::Orthodox,
        Knight,
        "Knight",
        "Leaps two squares one way and one across, over anything between.",
    ),
    (
        V::Orthodox,
        Pawn,
        "Pawn",
        "Steps straight ahead (two from its first move), takes one square diagonally ahead, \
         en passant too; promotes on the last rank.",
    ),
    (
        V::Vagabond,
        King,
        "King",
        "One step in any direction, no quadrant jump; castles freely: any distance toward an \
         unmoved rook, the rook landing anywhere on the king's inner side.",
    ),
    (
        V::Vagabond,
        Rook,
        "Rook",
        "Slides along ranks and files; may also jump to the same place in another quadrant if that square is empty.",
    ),
    (
        V::Vagabond,
        Archbishop,
        "Archbishop",
        "Slides diagonally or leaps like a knight; may also jump to the same place in another \
         quadrant if that square is empty.",
    ),
    (
        V::Vagabond,
        Berserker,
        "Berserker",
        "Leaps like a knight onto an empty square or any agent but its own king; or jumps over \
         a rank or file neighbour, wiping out both squares diagonally ahead of where it lands.",
    ),
    (
        V::Vagabond,
        Vagabond,
        "Vagabond",
        "Moves by where it stands: on a quadrant's edge a knight leap, in a quadrant's centre a \
         queen slide that never captures, on the board's edge also a diagonal step that wraps \
         round to the far side. Never gives check.",
    ),
    (
        V::Vagabond,
        Pawn,
        "Pawn",
        "Steps diagonally ahead (two from its first rank), takes straight ahead or sideways; \
         never promotes; may jump quadrants.",
    ),
    (
        V::Bandit,
        King,
        "King",
        "One step in any direction, no castling. Tricks can give a side more kings; none may \
         be left attacked, and no king may take an outlaw.",
    ),
    (
        V::Bandit,
        Chancellor,
        "Chancellor",
        "Slides any distance along ranks and files, or leaps like a knight.",
    ),
    (V::Bandit, Rook, "Rook", "Slides any distance along ranks and files."),
    (V::Bandit, Bishop, "Bishop", "Slides any distance along diagonals."),
    (
        V::Bandit,
        Knight,
        "Knight",
        "Leaps two squares one way and one across, over anything between.",
    ),
    (
        V::Bandit,
        Sergeant,
        "Sergeant",
        "One step straight or diagonally ahead, moving or taking; a quiet double step from \
         its first rank; promotes like a pawn.",
    ),
    (
        V::Bandit,
        Trickster,
        "Trickster",
        "Moves like an archbishop but never takes; landing between two enemy pieces on a rank \
         or file, it may turn one into the other's kind.",
    ),
    (
        V::Bandit,
        Outlaw,
        "Outlaw",
        "Slides diagonally without taking, bouncing once off an edge; takes by jumping a white \
         and a black agent side by side on a line, removing both. Whoever takes it dies too.",
    ),
    (
        V::Bandit,
        Pawn,
        "Pawn",
        "Orthodox pawn, en passant included; promotes to chancellor, rook, bishop, knight, \
         trickster or outlaw.",
    ),
    (
        V::Quarter,
        King,
        "King",
        "One step in any direction; no castling and no quadrant jump.",
    ),
    (
        V::Quarter,
        Rook,
        "Rook",
        "Slides along ranks and files; may also jump to the same place in another quadrant if that square is empty.",
    ),
    (
        V::Quarter,
        Knight,
        "Knight",
        "Leaps like an orthodox knight; may also jump to the same place in another quadrant \
         if that square is empty.",
    ),
    (V::Quarter, Archbishop, "Archbishop", ARCHBISHOP),
    (
        V::Quarter,
        Driver,
        "Driver",
        "Slides diagonally without taking, or acts in place: pulls the nearest agents on its \
         rank and file one square closer, pushes, switches or absorbs a neighbour; may jump \
         quadrants.",
    ),
    (
        V::Quarter,
        Merchant,
        "Merchant",
        "One step in any direction, never taking by landing; freezes enemies beside it (the \
         frozen wear a snowflake), and removes an enemy caught on a line between it and a \
         friendly merchant.",
    ),
    (
        V::Quarter,
        Pawn,
        "Pawn",
        "Orthodox pawn, en passant included; promotes to rook, knight, driver, archbishop or \
         merchant; never jumps quadrants.",
    ),
    (
        V::Pawnier,
        King,
        "King",
        "One step in any direction; no castling.",
    ),
    (
        V::Pawnier,
        Sergeant,
        "Sergeant",
        "One step straight or diagonally ahead, moving or taking; a quiet double step from its \
         first rank; becomes a pawn or a knight on its ninth rank.",
    ),
    (
        V::Pawnier,
        Pawn,
        "Pawn",
        "Borrows powers from friendly pawns: beside one on a line it moves as a rook, \
         diagonally beside one as a bishop, a knight's leap from one (or from a knight) as a \
         knight; alone it steps one square. Pawns in hand may be dropped.",
    ),
    (
        V::Pawnier,
        Knight,
        "Knight",
        "Leaps like an orthodox knight, and lends knight leaps to friendly pawns a leap away.",
    ),
    (
        V::Riftwalker,
        King,
        "King",
        "One step to any neighbouring cell (one coordinate changed by one).",
    ),
    (
        V::Riftwalker,
        Queen,
        "Queen",
        "One step, or one scout move: short range only.",
    ),
    (
        V::Riftwalker,
        Rook,
        "Rook",
        "One step, or two in the same direction if the first cell is empty.",
    ),
    (
        V::Riftwalker,
        Bishop,
        "Bishop",
        "One scout move, or two equal scout moves in a row through an empty cell.",
    ),
    (
        V::Riftwalker,
        Knight,
        "Knight",
        "One step; or two steps one way along an empty path and then one step in another \
         dimension.",
    ),
    (
        V::Riftwalker,
        Wizard,
        "Wizard",
        "A scout move or a mystic move.",
    ),
    (
        V::Riftwalker,
        Mystic,
        "Mystic",
        "Three steps in three different dimensions with a clear path; always lands on \
         another small board.",
    ),
    (
        V::Riftwalker,
        Scout,
        "Scout",
        "Two steps in two different dimensions, the first cell of one order empty.",
    ),
    (
        V::Riftwalker,
        Pawn,
        "Pawn",
        "One step to any neighbouring cell; promotes on the far rank.",
    ),
];

/// The legend of `variant`: one entry per piece kind, in the order of its letters.
///
/// ```
/// use fairyboard::{legend::legend, Variant};
/// let l = legend(Variant::Orthodox);
/// assert_eq!(l.len(), 6);
/// assert_eq!(l[0].name, "King");
/// ```
pub fn legend(variant: Variant) -> Vec<LegendEntry> {
    variant
        .pieces()
        .iter()
        .map(|&(letter, kind)| {
            let (name, moves) = LINES
                .iter()
                .find(|(v, k, _, _)| *v == variant && *k == kind)
                .map_or((kind.name(), ""), |&(_, _, n, m)| (n, m));
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
            let table: Vec<Kind> = LINES
                .iter()
                .filter(|(g, ..)| *g == v)
                .map(|&(_, k, ..)| k)
                .collect();
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
        for (v, k, _, m) in LINES {
            assert!(!m.contains('\n'), "{} {:?}", v.id(), k);
            assert!(!m.contains("  "), "{} {:?}: double space", v.id(), k);
        }
    }
}
