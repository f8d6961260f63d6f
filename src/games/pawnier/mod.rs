//! Pawnier Chess: its rules (`rules.rs`: the board, the moves and their legality), its
//! evaluation (`eval.rs`: values, weights and the game's own terms), and here what it
//! declares (id, name, letters, piece legend, start) and how the engine plays and judges
//! it (search settings, the review's win curve, the benchmark's depths).

pub(crate) mod eval;
mod rules;

pub use rules::Pawnier;

use crate::games::Declaration;
use crate::piece::Kind;
use crate::search::bench::Depths;
use crate::search::SearchSettings;

/// Pawnier Chess, declared in one place: id, name, letters, legend and start.
pub(crate) const DECLARATION: Declaration = Declaration {
    id: "pawnier",
    name: "Pawnier Chess",
    letters: &[
        ('K', Kind::King),
        ('S', Kind::Sergeant),
        ('P', Kind::Pawn),
        ('N', Kind::Knight),
    ],
    legend: &[
        (
            Kind::King,
            "King",
            "One step in any direction; no castling.",
        ),
        (
            Kind::Sergeant,
            "Sergeant",
            "One step straight or diagonally ahead, moving or taking; a quiet double step from its \
         start rank; becomes a pawn or a knight on its ninth rank.",
        ),
        (
            Kind::Pawn,
            "Pawn",
            "Borrows powers from friendly pawns: beside one on a line it moves as a rook, \
         diagonally beside one as a bishop, a knight's leap from one (or from a knight) as a \
         knight; with no pawn relation it also steps one square on a line, never taking. Pawns \
         in hand drop on empty squares of your first four ranks.",
        ),
        (
            Kind::Knight,
            "Knight",
            "Leaps like an orthodox knight, and lends knight leaps to friendly pawns a leap away.",
        ),
    ],
    start: "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1",
    hands: true,
};

/// How the search plays Pawnier Chess (`docs/engine.md`).
pub(crate) const SEARCH: SearchSettings = SearchSettings {
    quiescence_plies: 16,
    null_move: crate::search::may_pass,
    reverse_futility: 1,
    exchanges: true,
};

/// The scale of the review's win curve (see [`crate::winning::scale`]).
pub(crate) const WIN_SCALE: f64 = 0.0019;

/// The benchmark's depths (`benches/perft.rs`, `benches/search.rs`): about 0.3-3 s natively
/// on the development machine.
pub(crate) const BENCH: Depths = Depths {
    perft: 4,
    search_start: 7,
    search_middlegame: 6,
};
