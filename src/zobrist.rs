//! Zobrist keys: one random 64-bit number per thing a position can hold (a piece on a cell,
//! Black to move, a castling right, an en passant square, a count of pawns in hand), made at
//! compile time. A position's key is the exclusive-or of the numbers of what it holds, kept
//! up to date by the board's mutators (see [`crate::board`]).

use crate::geometry::MAX_CELLS;

/// SplitMix64: the standard small generator for seeding and for tables like these.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// `N` keys from the generator seeded with `seed`.
const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix(state);
        state = next;
        out[i] = key;
        i += 1;
    }
    out
}

/// Per piece index ([`crate::Piece::index`], 36 of them) and cell.
static PIECE_CELL: [[u64; MAX_CELLS]; 36] = {
    let mut out = [[0; MAX_CELLS]; 36];
    let mut p = 0;
    while p < 36 {
        out[p] = keys::<MAX_CELLS>(0x5eed_0000 + p as u64);
        p += 1;
    }
    out
};

/// Black to move.
pub const BLACK_TO_MOVE: u64 = keys::<1>(0x5eed_1000)[0];

/// Per colour and rook cell: a castling right.
static CASTLING: [[u64; MAX_CELLS]; 2] = [keys(0x5eed_2000), keys(0x5eed_2001)];

/// Per cell: the en passant square.
static EN_PASSANT: [u64; MAX_CELLS] = keys(0x5eed_3000);

/// Per colour and count: the pawns in hand (zero in hand has key 0, so games without hands
/// add nothing).
static HAND: [[u64; 256]; 2] = {
    let mut out = [keys::<256>(0x5eed_4000), keys::<256>(0x5eed_4001)];
    out[0][0] = 0;
    out[1][0] = 0;
    out
};

/// The key of the piece with index `piece` (below 36, as [`crate::Piece::index`] gives) on
/// cell `cell`.
#[inline(always)]
pub fn piece(piece: usize, cell: usize) -> u64 {
    PIECE_CELL[piece][cell % MAX_CELLS]
}

/// The key of `color`'s castling right with the rook on cell `cell`.
#[inline(always)]
pub fn castling(color: usize, cell: usize) -> u64 {
    CASTLING[color & 1][cell % MAX_CELLS]
}

/// The key of the en passant square `cell`.
#[inline(always)]
pub fn en_passant(cell: usize) -> u64 {
    EN_PASSANT[cell % MAX_CELLS]
}

/// The key of `color` holding `count` pawns in hand.
#[inline(always)]
pub fn hand(color: usize, count: u8) -> u64 {
    HAND[color & 1][count as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_non_zero() {
        let mut all: Vec<u64> = PIECE_CELL.iter().flatten().copied().collect();
        all.extend(CASTLING.iter().flatten());
        all.extend(EN_PASSANT);
        all.extend(HAND.iter().flat_map(|h| h[1..].iter()));
        all.push(BLACK_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert!(all.iter().all(|&k| k != 0));
    }
}
