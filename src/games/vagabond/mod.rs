//! Vagabond Chess: its rules (`rules.rs`: the board, the moves and their legality), its
//! evaluation (`eval.rs`: values, weights and the game's own terms), and here what it
//! declares (id, name, letters, piece legend, start) and how the engine plays and judges
//! it (search settings, the review's win curve, the benchmark's depths).

pub(crate) mod eval;
mod rules;

pub use rules::Vagabond;

use crate::games::Declaration;
use crate::piece::Kind;
use crate::search::bench::Depths;
use crate::search::SearchSettings;

/// Vagabond Chess, declared in one place: id, name, letters, legend and start.
pub(crate) const DECLARATION: Declaration = Declaration {
    id: "vagabond",
    name: "Vagabond Chess",
    letters: &[
        ('K', Kind::King),
        ('R', Kind::Rook),
        ('A', Kind::Archbishop),
        ('E', Kind::Berserker),
        ('V', Kind::Vagabond),
        ('P', Kind::Pawn),
    ],
    legend: &[
        (
            Kind::King,
            "King",
            "One step in any direction, no quadrant jump; castles freely: any distance toward an \
         unmoved rook, the rook landing anywhere on the king's inner side, never giving check.",
        ),
        (
            Kind::Rook,
            "Rook",
            "Slides along ranks and files; may also jump to the same place in another quadrant if \
         that square is empty and the jump gives no check.",
        ),
        (
            Kind::Archbishop,
            "Archbishop",
            "Slides diagonally or leaps like a knight; may also jump to the same place in another \
         quadrant if that square is empty and the jump gives no check.",
        ),
        (
            Kind::Berserker,
            "Berserker",
            "Leaps like a knight onto an empty square or any agent but its own king; or jumps a \
         rank or file neighbour to the empty square beyond, wiping out the two squares diagonally \
         past it (not if its own king is there); may jump quadrants.",
        ),
        (
            Kind::Vagabond,
            "Vagabond",
            "Moves by where it stands: on a quadrant's edge a knight leap, in a quadrant's centre a \
         queen slide that never captures, on the board's edge also a diagonal step that wraps \
         round to an empty square on the far side; may jump quadrants. Never gives check.",
        ),
        (
            Kind::Pawn,
            "Pawn",
            "Steps diagonally ahead (two along a diagonal from its second rank), takes straight \
         ahead or sideways; never promotes; may jump quadrants.",
        ),
    ],
    start: "reekaavr/pppppppp/8/8/8/8/PPPPPPPP/REEKAAVR w KQkq - 0 1",
    hands: false,
};

/// How the search plays Vagabond Chess (`docs/engine.md`).
pub(crate) const SEARCH: SearchSettings = SearchSettings {
    quiescence_plies: 16,
    null_move: crate::search::has_pieces,
    reverse_futility: 3,
    exchanges: false,
};

/// The scale of the review's win curve (see [`crate::winning::scale`]).
pub(crate) const WIN_SCALE: f64 = 0.0018;

/// The benchmark's depths (`benches/perft.rs`, `benches/search.rs`): about 0.3-3 s natively
/// on the development machine.
pub(crate) const BENCH: Depths = Depths {
    perft: 4,
    search_start: 6,
    search_middlegame: 5,
};
