//! Orthodox chess: its rules (`rules.rs`: the board, the moves and their legality), its
//! evaluation (`eval.rs`: values, weights and the game's own terms), and here what it
//! declares (id, name, letters, piece legend, start) and how the engine plays and judges
//! it (search settings, the review's win curve, the benchmark's depths).

pub(crate) mod eval;
mod rules;

pub use rules::Orthodox;

use crate::games::Declaration;
use crate::piece::Kind;
use crate::search::bench::Depths;
use crate::search::SearchSettings;

/// Orthodox chess, declared in one place: id, name, letters, legend and start.
pub(crate) const DECLARATION: Declaration = Declaration {
    id: "orthodox",
    name: "Orthodox chess",
    letters: &[
        ('K', Kind::King),
        ('Q', Kind::Queen),
        ('R', Kind::Rook),
        ('B', Kind::Bishop),
        ('N', Kind::Knight),
        ('P', Kind::Pawn),
    ],
    legend: &[
        (
            Kind::King,
            "King",
            "One step in any direction; castles with an unmoved rook. It may never be left in check.",
        ),
        (
            Kind::Queen,
            "Queen",
            "Slides any distance along ranks, files and diagonals.",
        ),
        (
            Kind::Rook,
            "Rook",
            "Slides any distance along ranks and files.",
        ),
        (
            Kind::Bishop,
            "Bishop",
            "Slides any distance along diagonals.",
        ),
        (
            Kind::Knight,
            "Knight",
            "Leaps two squares one way and one across, over anything between.",
        ),
        (
            Kind::Pawn,
            "Pawn",
            "Steps straight ahead (two from its first move), takes one square diagonally ahead, \
         en passant too; promotes on the last rank.",
        ),
    ],
    start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    hands: false,
};

/// How the search plays Orthodox chess (`docs/engine.md`).
pub(crate) const SEARCH: SearchSettings = SearchSettings {
    quiescence_plies: 16,
    null_move: crate::search::has_pieces,
    reverse_futility: 3,
    exchanges: true,
};

/// The scale of the review's win curve (see [`crate::winning::scale`]).
pub(crate) const WIN_SCALE: f64 = crate::winning::LICHESS_SCALE;

/// The benchmark's depths (`benches/perft.rs`, `benches/search.rs`): about 0.3-3 s natively
/// on the development machine.
pub(crate) const BENCH: Depths = Depths {
    perft: 6,
    search_start: 9,
    search_middlegame: 9,
};
