//! Riftwalker Chess: its rules (`rules.rs`: the board, the moves and their legality), its
//! evaluation (`eval.rs`: values, weights and the game's own terms), and here what it
//! declares (id, name, letters, piece legend, start) and how the engine plays and judges
//! it (search settings, the review's win curve, the benchmark's depths).

pub(crate) mod eval;
mod rules;

pub use rules::Riftwalker;

use crate::games::Declaration;
use crate::piece::Kind;
use crate::search::bench::Depths;
use crate::search::SearchSettings;

/// Riftwalker Chess, declared in one place: id, name, letters, legend and start (R2: ranks
/// 1, 2 and 4 for White, 9, 8 and 6 for Black, kings on d).
pub(crate) const DECLARATION: Declaration = Declaration {
    id: "riftwalker",
    name: "Riftwalker Chess",
    letters: &[
        ('K', Kind::King),
        ('Q', Kind::Queen),
        ('R', Kind::Rook),
        ('B', Kind::Bishop),
        ('N', Kind::Knight),
        ('W', Kind::Wizard),
        ('M', Kind::Mystic),
        ('S', Kind::Scout),
        ('P', Kind::Pawn),
    ],
    legend: &[
        (
            Kind::King,
            "King",
            "One step to any neighbouring cell (one coordinate changed by one).",
        ),
        (
            Kind::Queen,
            "Queen",
            "One step, or one scout move: short range only.",
        ),
        (
            Kind::Rook,
            "Rook",
            "One step, or two in the same direction if the first cell is empty.",
        ),
        (
            Kind::Bishop,
            "Bishop",
            "One scout move, or two equal scout moves in a row through an empty cell.",
        ),
        (
            Kind::Knight,
            "Knight",
            "One step; or two steps one way along an empty path and then one step in another \
         dimension.",
        ),
        (Kind::Wizard, "Wizard", "A scout move or a mystic move."),
        (
            Kind::Mystic,
            "Mystic",
            "Three steps in three different dimensions with a clear path; always lands on \
         another small board.",
        ),
        (
            Kind::Scout,
            "Scout",
            "Two steps in two different dimensions, the first cell of one order empty.",
        ),
        (
            Kind::Pawn,
            "Pawn",
            "One step to any neighbouring cell; promotes on the far rank.",
        ),
    ],
    start: "rnbkqwnbr/msspppssm/9/sspppppss/9/SSPPPPPSS/9/MSSPPPSSM/RNBKQWNBR w - - 0 1",
    hands: false,
};

/// How the search plays Riftwalker Chess (`docs/engine.md`).
pub(crate) const SEARCH: SearchSettings = SearchSettings {
    quiescence_plies: 4,
    null_move: crate::search::has_pieces,
    reverse_futility: 3,
    exchanges: false,
};

/// The scale of the review's win curve (see [`crate::winning::scale`]).
pub(crate) const WIN_SCALE: f64 = 0.0024;

/// The benchmark's depths (`benches/perft.rs`, `benches/search.rs`): about 0.3-3 s natively
/// on the development machine.
pub(crate) const BENCH: Depths = Depths {
    perft: 4,
    search_start: 5,
    search_middlegame: 4,
};
