//! Orthodox chess: evaluation parameters and the game's own terms.

use std::sync::OnceLock;

use crate::geometry::{squares, SquareSet};
use crate::piece::{Color, Kind};
use crate::position::Position;

use super::{Params, Tables};

/// Orthodox chess's parameters (see `docs/engine.md` for where each value comes from).
pub(super) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Knight, 304),
        (Kind::Bishop, 348),
        (Kind::Rook, 523),
        (Kind::Queen, 1049),
    ],
    hand: 0,
    centre: &[
        (Kind::Knight, 36),
        (Kind::Bishop, 15),
        (Kind::Queen, -13),
        (Kind::Pawn, -21),
        (Kind::King, -44),
    ],
    advance: 61,
    mobility: 28,
    king_ring: -1,
    king_endgame: 139,
    cells: &[],
    null_move: super::has_pieces,
    reverse_futility: 3,
    own_terms: true,
};

/// The two bishops together, which cover both colours of squares: a classical bonus.
const BISHOP_PAIR: i32 = 30;
/// Per pawn more than one on a file (a doubled pawn blocks its twin and defends nothing
/// the other does not).
const DOUBLED: i32 = -12;
/// Per pawn with no friendly pawn on either neighbouring file (no pawn can defend it).
const ISOLATED: i32 = -12;
/// A passed pawn (no enemy pawn ahead of it on its own or a neighbouring file) by its rank
/// counted from its own side (index 1 = its start rank, 6 = one step from promotion), on
/// top of the shared `advance`: the endgame's most common winning plan.
const PASSED: [i32; 8] = [0, 5, 10, 20, 35, 60, 90, 0];
/// A rook on a file with no pawn (open), or with enemy pawns only (half-open).
const ROOK_OPEN: i32 = 20;
/// See [`ROOK_OPEN`].
const ROOK_HALF_OPEN: i32 = 10;

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

/// Orthodox chess's own terms, White's less Black's: the bishop pair, doubled, isolated and
/// passed pawns, rooks on open and half-open files. Classical terms; weights in
/// `docs/engine.md`.
pub(super) fn terms(pos: &Position, _t: &Tables) -> i32 {
    let m = masks();
    let sets = super::kind_sets(pos);
    let pawns = [sets[0][Kind::Pawn.index()], sets[1][Kind::Pawn.index()]];
    let mut score = 0;
    for c in Color::ALL {
        let (us, them) = (c.index(), 1 - c.index());
        let mut s = 0;
        if sets[us][Kind::Bishop.index()].count_ones() >= 2 {
            s += BISHOP_PAIR;
        }
        for f in 0..8 {
            let n = (pawns[us] & m.file[f]).count_ones() as i32;
            if n > 1 {
                s += DOUBLED * (n - 1);
            }
            if n > 0 && pawns[us] & m.beside[f] == 0 {
                s += ISOLATED * n;
            }
        }
        for sq in squares(pawns[us]) {
            let i = sq.index() % 64;
            if m.ahead[us][i] & pawns[them] == 0 {
                let r = i / 8;
                let from_own = if c == Color::White { r } else { 7 - r };
                s += PASSED[from_own];
            }
        }
        for sq in squares(sets[us][Kind::Rook.index()]) {
            let file = m.file[sq.index() % 8];
            if file & pawns[us] == 0 {
                s += if file & pawns[them] == 0 {
                    ROOK_OPEN
                } else {
                    ROOK_HALF_OPEN
                };
            }
        }
        score += super::sign(c) * s;
    }
    score
}
