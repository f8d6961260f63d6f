//! Quarter Chess: its rules (`rules.rs`: the board, the moves and their legality), its
//! evaluation (`eval.rs`: values, weights and the game's own terms), and here what it
//! declares (id, name, letters, piece legend, start) and how the engine plays and judges
//! it (search settings, the review's win curve, the benchmark's depths).

pub(crate) mod eval;
mod rules;

pub use rules::Quarter;

use crate::games::Declaration;
use crate::piece::Kind;
use crate::search::bench::Depths;
use crate::search::SearchSettings;

/// Quarter Chess, declared in one place: id, name, letters, legend and start (Q1, the
/// reconstructed set-up).
pub(crate) const DECLARATION: Declaration = Declaration {
    id: "quarter",
    name: "Quarter Chess",
    letters: &[
        ('K', Kind::King),
        ('R', Kind::Rook),
        ('N', Kind::Knight),
        ('A', Kind::Archbishop),
        ('D', Kind::Driver),
        ('M', Kind::Merchant),
        ('P', Kind::Pawn),
    ],
    legend: &[
        (
            Kind::King,
            "King",
            "One step in any direction; no castling and no quadrant jump.",
        ),
        (
            Kind::Rook,
            "Rook",
            "Slides along ranks and files; may also jump to the same place in another quadrant if \
         that square is empty and the jump gives no check.",
        ),
        (
            Kind::Knight,
            "Knight",
            "Leaps like an orthodox knight; may also jump to the same place in another quadrant \
         if that square is empty and the jump gives no check.",
        ),
        (
            Kind::Archbishop,
            "Archbishop",
            "Slides any distance diagonally, or leaps like a knight; may also jump to the same \
         place in another quadrant if that square is empty and the jump gives no check.",
        ),
        (
            Kind::Driver,
            "Driver",
            "Slides diagonally without taking, or acts in place: pulls the nearest agents on its \
         rank and file one square closer, pushes a neighbour to an empty square, switches two, \
         or absorbs an enemy neighbour (not a king); may jump quadrants.",
        ),
        (
            Kind::Merchant,
            "Merchant",
            "One step in any direction or a quadrant jump, never taking by landing; freezes enemy \
         pieces beside it on its rank or file (not merchants or drivers, nor pieces beside one \
         of their own merchants; the frozen wear a snowflake); on arriving, removes an enemy \
         sandwiched between it and a friendly merchant.",
        ),
        (
            Kind::Pawn,
            "Pawn",
            "Orthodox pawn, en passant included; promotes to rook, knight, driver, archbishop or \
         merchant; never jumps quadrants.",
        ),
    ],
    start: "rndkadnr/pppmmppp/8/8/8/8/PPPMMPPP/RNDAKDNR w - - 0 1",
    hands: false,
};

/// How the search plays Quarter Chess (`docs/engine.md`).
pub(crate) const SEARCH: SearchSettings = SearchSettings {
    quiescence_plies: 16,
    null_move: crate::search::has_pieces,
    reverse_futility: 3,
    exchanges: false,
};

/// The scale of the review's win curve (see [`crate::winning::scale`]).
pub(crate) const WIN_SCALE: f64 = 0.0015;

/// The benchmark's depths (`benches/perft.rs`, `benches/search.rs`): about 0.3-3 s natively
/// on the development machine.
pub(crate) const BENCH: Depths = Depths {
    perft: 4,
    search_start: 7,
    search_middlegame: 6,
};
