//! Bandit Chess: its rules (`rules.rs`: the board, the moves and their legality), its
//! evaluation (`eval.rs`: values, weights and the game's own terms), and here what it
//! declares (id, name, letters, piece legend, start) and how the engine plays and judges
//! it (search settings, the review's win curve, the benchmark's depths).

pub(crate) mod eval;
mod rules;

pub use rules::Bandit;

use crate::games::Declaration;
use crate::piece::Kind;
use crate::search::bench::Depths;
use crate::search::SearchSettings;

/// Bandit Chess, declared in one place: id, name, letters, legend and start.
pub(crate) const DECLARATION: Declaration = Declaration {
    id: "bandit",
    name: "Bandit Chess",
    letters: &[
        ('K', Kind::King),
        ('C', Kind::Chancellor),
        ('R', Kind::Rook),
        ('B', Kind::Bishop),
        ('N', Kind::Knight),
        ('S', Kind::Sergeant),
        ('T', Kind::Trickster),
        ('O', Kind::Outlaw),
        ('P', Kind::Pawn),
    ],
    legend: &[
        (
            Kind::King,
            "King",
            "One step in any direction, no castling. Tricks can give a side more kings; none may \
         be left attacked, and no king may take an outlaw.",
        ),
        (
            Kind::Chancellor,
            "Chancellor",
            "Slides any distance along ranks and files, or leaps like a knight.",
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
            Kind::Sergeant,
            "Sergeant",
            "One step straight or diagonally ahead, moving or taking; a quiet double step from \
         its second rank; promotes like a pawn.",
        ),
        (
            Kind::Trickster,
            "Trickster",
            "Moves like an archbishop but never takes; only pawns, knights and chancellors take \
         it. Landing between two enemy pieces beside it on a rank or file, it may turn one (not \
         a king) into the other's kind.",
        ),
        (
            Kind::Outlaw,
            "Outlaw",
            "Slides diagonally without taking, bouncing once off an edge; takes a white and a \
         black agent in a row beside it on its rank or file (not its own king or a trickster), \
         landing on the farther and removing both. Whoever takes it dies too.",
        ),
        (
            Kind::Pawn,
            "Pawn",
            "Orthodox pawn, en passant included; promotes to chancellor, rook, bishop, knight, \
         trickster or outlaw.",
        ),
    ],
    start: "ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1",
    hands: false,
};

/// How the search plays Bandit Chess (`docs/engine.md`).
pub(crate) const SEARCH: SearchSettings = SearchSettings {
    quiescence_plies: 16,
    null_move: crate::search::has_pieces,
    reverse_futility: 3,
    exchanges: true,
};

/// The scale of the review's win curve (see [`crate::winning::scale`]).
pub(crate) const WIN_SCALE: f64 = 0.0027;

/// The benchmark's depths (`benches/perft.rs`, `benches/search.rs`): about 0.3-3 s natively
/// on the development machine.
pub(crate) const BENCH: Depths = Depths {
    perft: 6,
    search_start: 8,
    search_middlegame: 8,
};
