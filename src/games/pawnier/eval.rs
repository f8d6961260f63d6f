//! Pawnier Chess: evaluation parameters and the game's own terms.

use std::sync::OnceLock;

use crate::games::Variant;
use crate::geometry::{bit, squares, PerCell, SquareSet, DIAGONAL, KNIGHT, ORTHOGONAL};
use crate::piece::{Color, Kind};
use crate::position::Position;

use crate::eval::{Params, Tables};

/// Pawnier Chess's parameters (see `docs/engine.md` for where each value comes from).
pub(crate) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 505),
        (Kind::Sergeant, 249),
        (Kind::Knight, 519),
    ],
    hand: 579,
    centre: &[
        (Kind::Pawn, 56),
        (Kind::Knight, -40),
        (Kind::Sergeant, 148),
        (Kind::King, 23),
    ],
    advance: -130,
    mobility: 47,
    king_ring: -1,
    king_endgame: 0,
    cells: &[],
    own: &[-30, 0, 8, 16],
    own_terms: true,
};

/// Pawnier Chess's own terms, by name in the order of `PARAMS.own`: a pawn by how many of
/// the three powers it has from its friends (a rook's from a pawn orthogonally next to it, a
/// bishop's from one diagonally next to it, a knight's from a pawn or knight a leap away): a
/// pawn with none only steps and can neither capture nor defend (P5); each further power
/// adds lines to capture and defend along.
pub(crate) const OWN: [&str; 4] = ["powers.0", "powers.1", "powers.2", "powers.3"];

/// Pawnier Chess's board tables for the terms, built once.
struct TermTables {
    /// Per cell, its orthogonal neighbours.
    ortho: PerCell<SquareSet>,
    /// Per cell, its diagonal neighbours.
    diag: PerCell<SquareSet>,
    /// Per cell, the cells a knight's leap away (over the holes too).
    knight: PerCell<SquareSet>,
}

fn term_tables() -> &'static TermTables {
    static TABLES: OnceLock<TermTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = Variant::Pawnier.geometry();
        let near = |vectors: &[[i8; 4]]| -> PerCell<SquareSet> {
            g.all()
                .map(|s| {
                    vectors
                        .iter()
                        .filter_map(|&v| g.offset(s, v, false))
                        .fold(0, |m, t| m | bit(t))
                })
                .collect()
        };
        TermTables {
            ortho: near(&ORTHOGONAL),
            diag: near(&DIAGONAL),
            knight: near(&KNIGHT),
        }
    })
}

/// How many pawns have none, one, two and all three powers ([`OWN`]), White's less Black's.
pub(crate) fn counts(pos: &Position, _: &Tables) -> [i32; OWN.len()] {
    let b = term_tables();
    let sets = crate::eval::kind_sets(pos);
    let mut counts = [0; OWN.len()];
    for c in Color::ALL {
        let pawns = sets[c.index()][Kind::Pawn.index()];
        let relays = pawns | sets[c.index()][Kind::Knight.index()];
        for p in squares(pawns) {
            let i = p.index();
            let powers = (b.ortho[i] & pawns != 0) as usize
                + (b.diag[i] & pawns != 0) as usize
                + (b.knight[i] & relays != 0) as usize;
            counts[powers] += crate::eval::sign(c);
        }
    }
    counts
}

/// Pawnier Chess's own terms, White's less Black's: each pawn by the powers its friends
/// give it (the game's heart: pawns move as rooks, bishops and knights through relations).
pub(crate) fn terms(pos: &Position, t: &Tables) -> i32 {
    crate::eval::dot(t.params.own, &counts(pos, t))
}
