//! Bandit Chess: evaluation parameters and the game's own terms.

use std::sync::OnceLock;

use super::rules::outlaw_lines;
use crate::games::Variant;
use crate::geometry::{
    bit, squares, RayTable, Square, SquareSet, StepTable, KING, KNIGHT, ORTHOGONAL,
};
use crate::piece::{Color, Kind};
use crate::position::Position;

use crate::eval::{Params, Tables};

/// Bandit Chess's parameters, tuned by Texel's method on 87,431 positions of 1,000
/// self-play games and kept after an SPRT match (+80 ± 42 Elo against the hand-set ones;
/// `docs/engine.md`, "Tuning the evaluation", has both sets and the figures).
pub(crate) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Sergeant, 354),
        (Kind::Knight, 447),
        (Kind::Bishop, 276),
        (Kind::Rook, 500),
        (Kind::Chancellor, 1341),
        (Kind::Trickster, 74),
        (Kind::Outlaw, 95),
    ],
    hand: 0,
    centre: &[
        (Kind::Knight, 8),
        (Kind::Bishop, -50),
        (Kind::Chancellor, 58),
        (Kind::Pawn, -1),
        (Kind::King, 49),
    ],
    advance: 92,
    mobility: -8,
    king_ring: 13,
    king_endgame: 0,
    cells: &[],
    own: &[40, 250, 30, 100],
    own_terms: false,
};

/// Bandit Chess's own terms, by name in the order of `PARAMS.own` (hand-set, and off in
/// play: see `docs/engine.md`):
/// - an enemy outlaw one or two squares from a king along a rank or file: one agent of the
///   outlaw's side stepping next to the king (or behind it) lets the outlaw take the king,
///   which wins at once (B8) and is never check, so the king may walk into it (B11);
/// - an outlaw of the side not to move able to take the enemy king (an agent of each side
///   lined up next to it, the king one of them): the side to move must answer it, or lose
///   at once; standing pat does not see it (it is not check, B11);
/// - the percent of what the best threat of the side not to move would win that it is
///   given: an outlaw's double capture worth more than the own agent it spends (B8, B9), or
///   a trick within a trickster's move (B4-B6: an enemy piece turned into a lesser kind, or
///   into a king). Only that side's: quiescence searches the side to move's own threats,
///   and a bonus for them would let it stand pat on a capture it has not checked;
/// - per king more than one (B7: all are royal, none may be left attacked): a trick that
///   copies a king into the enemy's army burdens it with a second one to guard.
pub(crate) const OWN: [&str; 4] = [
    "outlaw_near_king",
    "outlaw_king_threat",
    "threat_percent",
    "extra_king",
];

/// Bandit Chess's board tables for the terms, built once.
struct TermTables {
    /// Rays in the eight king directions (0..4 orthogonal: north, east, south, west).
    rays: RayTable,
    /// The knight's leaps.
    knight: StepTable,
    /// The orthogonal neighbours, north, east, south, west.
    ortho: StepTable<4>,
    /// The cells off the a and g files (with a neighbour on either side along the rank).
    inner_files: SquareSet,
    /// Every cell.
    full: SquareSet,
}

fn term_tables() -> &'static TermTables {
    static TABLES: OnceLock<TermTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = Variant::Bandit.geometry();
        TermTables {
            rays: g.ray_table(&KING),
            knight: g.step_table(&KNIGHT, false),
            ortho: g.step_table(&ORTHOGONAL, false),
            inner_files: g
                .all()
                .filter(|&s| g.file(s) != 0 && g.file(s) != g.files() - 1)
                .fold(0, |m, s| m | bit(s)),
            full: g.full(),
        }
    })
}

/// What `by`'s outlaw on `from` would win by its best double capture now (B8, B9): the
/// enemy agent less its own agent, less itself if either is an outlaw; `None` if it has
/// none, `Some(i32::MAX)` if it can take the enemy king.
fn outlaw_gain(pos: &Position, t: &Tables, b: &TermTables, from: Square, by: Color) -> Option<i32> {
    let mut best = None;
    for (_, _, own, enemy) in outlaw_lines(pos, &b.rays, from, by) {
        let gain = if enemy.kind() == Kind::King {
            i32::MAX
        } else {
            let spent = if own.kind() == Kind::Outlaw || enemy.kind() == Kind::Outlaw {
                t.value(Kind::Outlaw)
            } else {
                0
            };
            t.value(enemy.kind()) - t.value(own.kind()) - spent
        };
        best = best.max(Some(gain));
    }
    best
}

/// What a trick on the empty cell `at` would win for `by` (B4-B6): on each orthogonal line
/// through it, two enemy pieces (not pawns) of different kinds, the better turned into the
/// worse; a king is never replaced, but may be copied (B5): the copied piece's value and
/// the burden of an [`EXTRA_KING`].
fn trick_gain(pos: &Position, t: &Tables, b: &TermTables, at: Square, by: Color) -> i32 {
    let them = by.opponent();
    let piece = |d: usize| {
        let sq = b.ortho.get(at, d)?;
        let p = pos.piece_at(sq)?;
        (p.color() == them && p.kind() != Kind::Pawn).then_some(p.kind())
    };
    let mut gain = 0;
    for (d1, d2) in [(0, 2), (1, 3)] {
        let (Some(x), Some(y)) = (piece(d1), piece(d2)) else {
            continue;
        };
        if x == y {
            continue;
        }
        let value = |k: Kind| {
            if k == Kind::King {
                -t.params.own[3]
            } else {
                t.value(k)
            }
        };
        // Turning x into y wins value(x) - value(y); a king is never turned.
        let into_y = (x != Kind::King).then(|| value(x) - value(y));
        let into_x = (y != Kind::King).then(|| value(y) - value(x));
        gain += into_y.max(into_x).unwrap_or(0).max(0);
    }
    gain
}

/// The empty cells between two of `pieces` along a file or a rank (cell index = rank * 7 +
/// file): where a trick could be (the kinds are [`trick_gain`]'s to compare).
fn trick_cells(b: &TermTables, pieces: SquareSet, empty: SquareSet) -> SquareSet {
    let files = (pieces >> 7) & (pieces << 7);
    let ranks = (pieces >> 1) & (pieces << 1) & b.inner_files;
    (files | ranks) & empty & b.full
}

/// The empty cells a trickster on `from` can move to: knight leaps and bishop slides.
fn trickster_reach(pos: &Position, b: &TermTables, from: Square) -> SquareSet {
    let empty = !pos.occupied();
    let mut reach = b.knight.reach(from) & empty;
    for dir in 4..8 {
        for &to in b.rays.ray(from, dir) {
            if empty & bit(to) == 0 {
                break;
            }
            reach |= bit(to);
        }
    }
    reach
}

/// Bandit Chess's own terms, White's less Black's: outlaws near kings, the side not to
/// move's outlaw threat on the king and best outlaw capture or trick at hand, and extra
/// kings.
pub(crate) fn terms(pos: &Position, t: &Tables) -> i32 {
    crate::eval::dot_fractions(t.params.own, &counts(pos, t))
}

/// What each of Bandit Chess's own terms ([`OWN`]) counts, White's less Black's (the best
/// threat in pawns).
pub(crate) fn counts(pos: &Position, t: &Tables) -> [f64; OWN.len()] {
    let b = term_tables();
    let sets = crate::eval::kind_sets(pos);
    let mut counts = [0.0; OWN.len()];
    for c in Color::ALL {
        let e = c.opponent();
        let s = f64::from(crate::eval::sign(c));
        let kings = pos.kings_of(c);
        counts[3] -= s * f64::from((kings.count_ones() as i32 - 1).max(0));
        let mut threat = 0;
        let waiting = c != pos.side();
        for o in squares(sets[c.index()][Kind::Outlaw.index()]) {
            // The enemy king one or two squares along a line from this outlaw.
            for dir in 0..4 {
                let ray = b.rays.ray(o, dir);
                if ray.iter().take(2).any(|&sq| pos.kings_of(e) & bit(sq) != 0) {
                    counts[0] += s;
                }
            }
            if waiting {
                match outlaw_gain(pos, t, b, o, c) {
                    Some(i32::MAX) => counts[1] += s,
                    Some(g) => threat = threat.max(g),
                    None => {}
                }
            }
        }
        let tricksters = sets[c.index()][Kind::Trickster.index()];
        if waiting && tricksters != 0 {
            let targets = pos.pieces_of(e) & !sets[e.index()][Kind::Pawn.index()];
            let cells = trick_cells(b, targets, !pos.occupied());
            if cells != 0 {
                for from in squares(tricksters) {
                    for at in squares(trickster_reach(pos, b, from) & cells) {
                        threat = threat.max(trick_gain(pos, t, b, at, c));
                    }
                }
            }
        }
        counts[2] += s * f64::from(threat) / 100.0;
    }
    counts
}
