//! Quarter Chess: evaluation parameters and the game's own terms.

use std::sync::OnceLock;

use crate::games::Variant;
use crate::geometry::{bit, squares, PerCell, SquareSet, StepTable, KING, ORTHOGONAL};
use crate::piece::{Color, Kind};
use crate::position::Position;

use crate::eval::{Params, Tables};

/// Quarter Chess's parameters, tuned by Texel's method on 125,867 positions of 1,500
/// self-play games and kept after SPRT matches (+103 ± 49 Elo against the hand-set ones,
/// then +75 ± 41 with the king's endgame weight; `docs/engine.md`, "Tuning the
/// evaluation", has the sets and the figures).
pub(crate) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Knight, 483),
        (Kind::Rook, 666),
        (Kind::Archbishop, 1103),
        (Kind::Driver, 363),
        (Kind::Merchant, 602),
    ],
    hand: 0,
    centre: &[
        (Kind::Knight, 8),
        (Kind::Archbishop, 18),
        (Kind::Driver, 0),
        (Kind::Merchant, 9),
        (Kind::Pawn, -14),
        (Kind::King, -211),
    ],
    advance: 203,
    mobility: -24,
    king_ring: 9,
    king_endgame: 503,
    cells: &[],
    own: &[35, 60, 30, 18, 8, 30, 120],
    own_terms: true,
};

/// Quarter Chess's own terms, by name in the order of `PARAMS.own` (hand-set: see
/// `docs/engine.md`):
/// - the percent of its value that a frozen agent loses (Q10: it can neither move nor
///   attack, and stands next to an enemy merchant, one step from a custodian capture);
/// - a frozen king: it cannot step out of a merchant trap (Q5, Q6) or away from a backstab;
/// - per merchant, by its distance in merchant moves (steps and shifts) to the enemy king,
///   1 to 3: merchants win by closing on the king (Q5 backstab, king between merchants),
///   and no shared term sees them (they attack nothing);
/// - a merchant orthogonally next to the enemy king with the square opposite empty: one
///   merchant move there wins, by backstab or by trapping the king;
/// - that, with a second merchant one move from the opposite square: the win is threatened
///   now.
pub(crate) const OWN: [&str; 7] = [
    "frozen_percent",
    "frozen_king",
    "merchant_near.1",
    "merchant_near.2",
    "merchant_near.3",
    "half_trap",
    "trap_threat",
];

/// Quarter Chess's board tables for the terms, built once.
struct TermTables {
    /// The orthogonal neighbours, in the order north, east, south, west.
    ortho: StepTable<4>,
    /// Per cell, the cells a merchant there reaches in one move (steps and shifts).
    reach: PerCell<SquareSet>,
    /// Per pair of cells, the merchant moves from one to the other (at most 7).
    dist: Vec<[u8; 64]>,
}

fn term_tables() -> &'static TermTables {
    static TABLES: OnceLock<TermTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = Variant::Quarter.geometry();
        let king = g.step_table::<8>(&KING, false);
        let reach: PerCell<SquareSet> = g
            .all()
            .map(|s| {
                let shifts = g.corresponding(s).into_iter().fold(0, |m, c| m | bit(c));
                king.reach(s) | shifts
            })
            .collect();
        let dist = g
            .all()
            .map(|from| {
                let mut d = [7u8; 64];
                d[from.index() % 64] = 0;
                let mut frontier = bit(from);
                let mut seen = frontier;
                for step in 1..7 {
                    let next = squares(frontier).fold(0, |m, s| m | reach[s.index()]) & !seen;
                    for s in squares(next) {
                        d[s.index() % 64] = step;
                    }
                    seen |= next;
                    frontier = next;
                }
                d
            })
            .collect();
        TermTables {
            ortho: g.step_table(&ORTHOGONAL, false),
            reach,
            dist,
        }
    })
}

/// What each of Quarter Chess's own terms ([`OWN`]) counts, White's less Black's, as what
/// they cost or bring the side: the frozen agents' values in pawns (a share of them is
/// lost), frozen kings, and the merchants' counts against the enemy king.
pub(crate) fn counts(pos: &Position, t: &Tables) -> [f64; OWN.len()] {
    let b = term_tables();
    let mut counts = [0.0; OWN.len()];
    for sq in squares(pos.frozen()) {
        if let Some(p) = pos.piece_at(sq) {
            let s = f64::from(crate::eval::sign(p.color()));
            match p.kind() {
                Kind::King => counts[1] -= s,
                k => counts[0] -= s * f64::from(t.value(k)) / 100.0,
            }
        }
    }
    let sets = crate::eval::kind_sets(pos);
    for c in Color::ALL {
        let e = c.opponent();
        let merchants = sets[e.index()][Kind::Merchant.index()];
        if merchants == 0 {
            continue;
        }
        let s = f64::from(crate::eval::sign(e));
        for k in squares(pos.kings_of(c)) {
            let row = &b.dist[k.index() % b.dist.len()];
            for m in squares(merchants) {
                if let d @ 1..=3 = row[m.index() % 64] {
                    counts[1 + usize::from(d)] += s;
                }
            }
            // The two lines through the king: a merchant on one side, the other side empty.
            for (d1, d2) in [(0, 2), (1, 3)] {
                let (Some(x), Some(y)) = (b.ortho.get(k, d1), b.ortho.get(k, d2)) else {
                    continue;
                };
                for (jaw, gap) in [(x, y), (y, x)] {
                    if merchants & bit(jaw) == 0 || pos.occupied() & bit(gap) != 0 {
                        continue;
                    }
                    let threat = b.reach[gap.index()] & merchants & !bit(jaw) != 0;
                    counts[if threat { 6 } else { 5 }] += s;
                }
            }
        }
    }
    counts
}

/// Quarter Chess's own terms, White's less Black's: frozen agents count for less (Q10), and
/// merchants closing on the enemy king, next to it, and one move from trapping it (Q5).
pub(crate) fn terms(pos: &Position, t: &Tables) -> i32 {
    crate::eval::dot_fractions(t.params.own, &counts(pos, t))
}
