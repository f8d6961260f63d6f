//! Vagabond Chess: evaluation parameters and the game's own terms.

use std::sync::OnceLock;

use crate::games::Variant;
use crate::geometry::{bit, squares, PerCell, SquareSet, StepTable, KNIGHT, ORTHOGONAL};
use crate::piece::Kind;
use crate::position::Position;

use crate::eval::{Params, Tables};

/// Vagabond Chess's parameters (see `docs/engine.md` for where each value comes from).
pub(crate) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Rook, 650),
        (Kind::Archbishop, 955),
        (Kind::Berserker, 545),
        (Kind::Vagabond, 300),
    ],
    hand: 0,
    centre: &[
        (Kind::Archbishop, 15),
        (Kind::Berserker, 25),
        (Kind::Vagabond, 20),
        (Kind::Pawn, 10),
        (Kind::King, -20),
    ],
    advance: 0,
    mobility: 40,
    king_ring: 8,
    king_endgame: 0,
    cells: &[],
    own: &[30],
    own_terms: false,
};

/// Vagabond Chess's own term, by name in `PARAMS.own` (hand-set, and off in play: see
/// `docs/engine.md`): the percent of what the best threat of the side not to move would
/// win that it is given: a berserker's jump whose rage (V6, V7: the two squares diagonally
/// ahead of its landing, friend or foe) takes more enemy value than own, or a knight leap
/// of a berserker, vagabond on a quadrant rim (V11) or archbishop onto an enemy agent worth
/// more than the leaper. Only that side's: quiescence searches the side to move's own
/// threats, and a bonus for them would let it stand pat on a capture it has not checked.
pub(crate) const OWN: [&str; 1] = ["threat_percent"];

/// One berserker jump from a cell: the jumped cell, the landing cell and the rage cells
/// (as a set; both may be off the board).
#[derive(Copy, Clone, Default)]
struct Jump {
    over: SquareSet,
    land: SquareSet,
    rage: SquareSet,
}

/// Vagabond Chess's board tables for the terms, built once.
struct TermTables {
    /// Per cell, its jumps (an empty jump where the landing cell is off the board).
    jumps: PerCell<[Jump; 4]>,
    /// The knight's leaps.
    knight: StepTable,
    /// The 16 quadrant-centre cells, where a vagabond slides without capturing (V11).
    centre: SquareSet,
}

fn term_tables() -> &'static TermTables {
    static TABLES: OnceLock<TermTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = Variant::Vagabond.geometry();
        let at = |s, v: [i8; 4]| g.offset(s, v, false).map_or(0, bit);
        let jumps = g
            .all()
            .map(|s| {
                ORTHOGONAL.map(|u| {
                    let land = at(s, [2 * u[0], 2 * u[1], 0, 0]);
                    if land == 0 {
                        return Jump::default();
                    }
                    // The rage cells: three along u, one across it either way.
                    let rage = at(s, [3 * u[0] + u[1], 3 * u[1] + u[0], 0, 0])
                        | at(s, [3 * u[0] - u[1], 3 * u[1] - u[0], 0, 0]);
                    Jump {
                        over: at(s, u),
                        land,
                        rage,
                    }
                })
            })
            .collect();
        TermTables {
            jumps,
            knight: g.step_table(&KNIGHT, false),
            centre: g
                .all()
                .filter(|&s| !g.on_quadrant_rim(s))
                .fold(0, |m, s| m | bit(s)),
        }
    })
}

/// Vagabond Chess's own terms, White's less Black's: the best threat at hand (rage and
/// leaps onto more valuable agents) of the side not to move.
pub(crate) fn terms(pos: &Position, t: &Tables) -> i32 {
    crate::eval::dot_fractions(t.params.own, &counts(pos, t))
}

/// What Vagabond Chess's own term ([`OWN`]) counts, White's less Black's: what the best
/// threat of the side not to move would win, in pawns.
pub(crate) fn counts(pos: &Position, t: &Tables) -> [f64; OWN.len()] {
    let b = term_tables();
    let sets = crate::eval::kind_sets(pos);
    let occupied = pos.occupied();
    let value_of = |set: SquareSet| {
        squares(set)
            .filter_map(|s| pos.piece_at(s))
            .map(|p| t.value(p.kind()))
            .sum::<i32>()
    };
    // Only the side not to move's threats count (see THREAT_PERCENT).
    let c = pos.side().opponent();
    let (ours, theirs) = (pos.pieces_of(c), pos.pieces_of(c.opponent()));
    let own_king = pos.kings_of(c);
    let mut threat = 0;
    for from in squares(sets[c.index()][Kind::Berserker.index()]) {
        for j in &b.jumps[from.index()] {
            if j.over & occupied == 0 || j.land & !occupied == 0 || j.rage & own_king != 0 {
                continue;
            }
            // Kings on rage squares are check, the shared king terms' business.
            let victims = j.rage & occupied & !pos.kings();
            threat = threat.max(value_of(victims & theirs) - value_of(victims & ours));
        }
    }
    let leapers = [
        (Kind::Berserker, sets[c.index()][Kind::Berserker.index()]),
        (Kind::Archbishop, sets[c.index()][Kind::Archbishop.index()]),
        (
            Kind::Vagabond,
            sets[c.index()][Kind::Vagabond.index()] & !b.centre,
        ),
    ];
    for (kind, set) in leapers {
        for from in squares(set) {
            let targets = b.knight.reach(from) & theirs & !pos.kings();
            for to in squares(targets) {
                if let Some(p) = pos.piece_at(to) {
                    threat = threat.max(t.value(p.kind()) - t.value(kind));
                }
            }
        }
    }
    [f64::from(crate::eval::sign(c) * threat) / 100.0]
}
