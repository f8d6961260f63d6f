//! Orthodox chess: evaluation parameters and the game's own terms.

use std::sync::OnceLock;

use crate::geometry::{squares, SquareSet};
use crate::piece::{Color, Kind};
use crate::position::Position;

use crate::eval::{Params, Tables};

/// Orthodox chess's parameters (see `docs/engine.md` for where each value comes from).
pub(crate) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Knight, 314),
        (Kind::Bishop, 329),
        (Kind::Rook, 511),
        (Kind::Queen, 1078),
    ],
    hand: 0,
    centre: &[
        (Kind::Knight, 29),
        (Kind::Bishop, 27),
        (Kind::Queen, -12),
        (Kind::Pawn, 0),
        (Kind::King, -60),
    ],
    advance: 21,
    mobility: 37,
    king_ring: -2,
    king_endgame: 118,
    cells: &[],
    own: &[52, -14, -10, 11, 19, 38, 41, 100, 167, 41, 39],
    own_terms: true,
};

/// Orthodox chess's own terms, by name in the order of `PARAMS.own` (classical terms, the
/// hand-set weights in `docs/engine.md`, tuned with the others):
/// - the two bishops together, which cover both colours of squares;
/// - per pawn more than one on a file (a doubled pawn blocks its twin and defends nothing
///   the other does not);
/// - per pawn with no friendly pawn on either neighbouring file (no pawn can defend it);
/// - a passed pawn (no enemy pawn ahead of it on its own or a neighbouring file) by its rank
///   counted from its own side, its start rank to one step from promotion, on top of the
///   shared `advance`: the endgame's most common winning plan;
/// - a rook on a file with no pawn (open), or with enemy pawns only (half-open).
pub(crate) const OWN: [&str; 11] = [
    "bishop_pair",
    "doubled",
    "isolated",
    "passed.2",
    "passed.3",
    "passed.4",
    "passed.5",
    "passed.6",
    "passed.7",
    "rook_open",
    "rook_half_open",
];

/// The cell masks the pawn terms use, built once.
struct Masks {
    /// Per file, its eight cells.
    file: [SquareSet; 8],
    /// Per file, the cells of the files beside it.
    beside: [SquareSet; 8],
    /// Per colour and cell, the cells ahead on the same and neighbouring files.
    ahead: [[SquareSet; 64]; 2],
}

fn masks() -> &'static Masks {
    static MASKS: OnceLock<Masks> = OnceLock::new();
    MASKS.get_or_init(|| {
        let cell = |f: usize, r: usize| 1u128 << (r * 8 + f);
        let mut m = Masks {
            file: [0; 8],
            beside: [0; 8],
            ahead: [[0; 64]; 2],
        };
        for f in 0..8 {
            m.file[f] = (0..8).fold(0, |s, r| s | cell(f, r));
        }
        for f in 0..8 {
            m.beside[f] =
                if f > 0 { m.file[f - 1] } else { 0 } | m.file.get(f + 1).copied().unwrap_or(0);
        }
        for sq in 0..64 {
            let (f, r) = (sq % 8, sq / 8);
            let lanes = m.file[f] | m.beside[f];
            let above = (r + 1..8).fold(0, |s, rr| s | (0..8).fold(0, |t, ff| t | cell(ff, rr)));
            let below = (0..r).fold(0, |s, rr| s | (0..8).fold(0, |t, ff| t | cell(ff, rr)));
            m.ahead[0][sq] = lanes & above;
            m.ahead[1][sq] = lanes & below;
        }
        m
    })
}

/// What each of Orthodox chess's own terms ([`OWN`]) counts, White's less Black's.
pub(crate) fn counts(pos: &Position, _: &Tables) -> [i32; OWN.len()] {
    let m = masks();
    let sets = crate::eval::kind_sets(pos);
    let pawns = [sets[0][Kind::Pawn.index()], sets[1][Kind::Pawn.index()]];
    let mut counts = [0; OWN.len()];
    for c in Color::ALL {
        let (us, them) = (c.index(), 1 - c.index());
        let s = crate::eval::sign(c);
        if sets[us][Kind::Bishop.index()].count_ones() >= 2 {
            counts[0] += s;
        }
        for f in 0..8 {
            let n = (pawns[us] & m.file[f]).count_ones() as i32;
            if n > 1 {
                counts[1] += s * (n - 1);
            }
            if n > 0 && pawns[us] & m.beside[f] == 0 {
                counts[2] += s * n;
            }
        }
        for sq in squares(pawns[us]) {
            let i = sq.index() % 64;
            if m.ahead[us][i] & pawns[them] == 0 {
                let r = i / 8;
                let from_own = if c == Color::White { r } else { 7 - r };
                // Ranks 2 to 7 from its side (a pawn never stands on the first or last).
                if (1..=6).contains(&from_own) {
                    counts[2 + from_own] += s;
                }
            }
        }
        for sq in squares(sets[us][Kind::Rook.index()]) {
            let file = m.file[sq.index() % 8];
            if file & pawns[us] == 0 {
                counts[if file & pawns[them] == 0 { 9 } else { 10 }] += s;
            }
        }
    }
    counts
}

/// Orthodox chess's own terms, White's less Black's: the bishop pair, doubled, isolated and
/// passed pawns, rooks on open and half-open files.
pub(crate) fn terms(pos: &Position, t: &Tables) -> i32 {
    crate::eval::dot(t.params.own, &counts(pos, t))
}
