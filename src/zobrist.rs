//! Zobrist keys: one random 64-bit number per thing a position can hold (a piece on a cell,
//! Black to move, a castling right, an en passant square, a count of pawns in hand). A
//! position's key is the exclusive-or of the numbers of what it holds, kept up to date by the
//! board's mutators (see [`crate::board`]).
//!
//! Each key is a pure function of what it stands for ([`key`]: SplitMix64 at a place in a
//! sequence). The tables the hot paths read (about 44 KB) are filled from it once at run time
//! ([`init`], which every [`crate::board::Board`] construction calls) rather than stored in
//! the binary, where random numbers would be 44 KB the wasm download cannot compress.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Once;

use crate::geometry::MAX_CELLS;

/// SplitMix64's step between states.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// Key `i` (from 0) of the sequence seeded with `seed`: the `i + 1`-th output of SplitMix64,
/// the standard small generator for seeding and for tables like these.
pub const fn key(seed: u64, i: usize) -> u64 {
    let mut z = seed.wrapping_add(GOLDEN.wrapping_mul(i as u64 + 1));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of piece index `p`'s keys per cell.
const PIECE_SEED: u64 = 0x5eed_0000;
/// The seed of colour `c`'s castling keys per rook cell.
const CASTLING_SEED: u64 = 0x5eed_2000;
/// The seed of the en passant keys per cell.
const EN_PASSANT_SEED: u64 = 0x5eed_3000;
/// The seed of colour `c`'s keys per count of pawns in hand.
const HAND_SEED: u64 = 0x5eed_4000;

/// Black to move.
pub const BLACK_TO_MOVE: u64 = key(0x5eed_1000, 0);

/// The key of piece index `p` on cell `cell`, computed.
const fn piece_key(p: usize, cell: usize) -> u64 {
    key(PIECE_SEED + p as u64, cell)
}

/// The key of colour `c`'s castling right with the rook on `cell`, computed.
const fn castling_key(c: usize, cell: usize) -> u64 {
    key(CASTLING_SEED + c as u64, cell)
}

/// The key of the en passant square `cell`, computed.
const fn en_passant_key(cell: usize) -> u64 {
    key(EN_PASSANT_SEED, cell)
}

/// The key of colour `c` holding `count` pawns in hand, computed (zero in hand has key 0, so
/// games without hands add nothing).
const fn hand_key(c: usize, count: usize) -> u64 {
    if count == 0 {
        0
    } else {
        key(HAND_SEED + c as u64, count)
    }
}

/// The tables, zero until [`init`] fills them (zeros take no room in the binary). Relaxed
/// atomic loads and stores are plain loads and stores on wasm and x86.
struct Tables {
    /// Per piece index ([`crate::Piece::index`], 36 of them) and cell.
    piece: [[AtomicU64; MAX_CELLS]; 36],
    /// Per colour and rook cell: a castling right.
    castling: [[AtomicU64; MAX_CELLS]; 2],
    /// Per cell: the en passant square.
    en_passant: [AtomicU64; MAX_CELLS],
    /// Per colour and count: the pawns in hand.
    hand: [[AtomicU64; 256]; 2],
}

static TABLES: Tables = Tables {
    piece: [const { [const { AtomicU64::new(0) }; MAX_CELLS] }; 36],
    castling: [const { [const { AtomicU64::new(0) }; MAX_CELLS] }; 2],
    en_passant: [const { AtomicU64::new(0) }; MAX_CELLS],
    hand: [const { [const { AtomicU64::new(0) }; 256] }; 2],
};

static FILLED: Once = Once::new();

/// Fills the tables the first time it is called; every later call only checks. The key
/// functions below read the tables, so a key is right only after a call (every
/// [`crate::board::Board`] construction makes one).
pub fn init() {
    FILLED.call_once(|| {
        for (p, row) in TABLES.piece.iter().enumerate() {
            for (cell, k) in row.iter().enumerate() {
                k.store(piece_key(p, cell), Relaxed);
            }
        }
        for (c, row) in TABLES.castling.iter().enumerate() {
            for (cell, k) in row.iter().enumerate() {
                k.store(castling_key(c, cell), Relaxed);
            }
        }
        for (cell, k) in TABLES.en_passant.iter().enumerate() {
            k.store(en_passant_key(cell), Relaxed);
        }
        for (c, row) in TABLES.hand.iter().enumerate() {
            for (count, k) in row.iter().enumerate() {
                k.store(hand_key(c, count), Relaxed);
            }
        }
    });
}

/// The key of the piece with index `piece` (below 36, as [`crate::Piece::index`] gives) on
/// cell `cell` (after [`init`]).
#[inline(always)]
pub fn piece(piece: usize, cell: usize) -> u64 {
    TABLES.piece[piece][cell % MAX_CELLS].load(Relaxed)
}

/// The key of `color`'s castling right with the rook on cell `cell` (after [`init`]).
#[inline(always)]
pub fn castling(color: usize, cell: usize) -> u64 {
    TABLES.castling[color & 1][cell % MAX_CELLS].load(Relaxed)
}

/// The key of the en passant square `cell` (after [`init`]).
#[inline(always)]
pub fn en_passant(cell: usize) -> u64 {
    TABLES.en_passant[cell % MAX_CELLS].load(Relaxed)
}

/// The key of `color` holding `count` pawns in hand (after [`init`]).
#[inline(always)]
pub fn hand(color: usize, count: u8) -> u64 {
    TABLES.hand[color & 1][count as usize].load(Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator as the keys were first made: `N` outputs of SplitMix64 run in sequence
    /// from `seed`. [`key`] must give the same numbers (stored hashes and fixed-depth search
    /// node counts depend on them).
    fn sequence<const N: usize>(seed: u64) -> [u64; N] {
        let mut out = [0; N];
        let mut state = seed;
        for k in out.iter_mut() {
            state = state.wrapping_add(GOLDEN);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            *k = z ^ (z >> 31);
        }
        out
    }

    #[test]
    fn tables_hold_the_sequential_keys() {
        init();
        for p in 0..36 {
            let want = sequence::<MAX_CELLS>(PIECE_SEED + p as u64);
            for (cell, &k) in want.iter().enumerate() {
                assert_eq!(piece(p, cell), k);
            }
        }
        for c in 0..2 {
            let want = sequence::<MAX_CELLS>(CASTLING_SEED + c as u64);
            for (cell, &k) in want.iter().enumerate() {
                assert_eq!(castling(c, cell), k);
            }
            let want = sequence::<256>(HAND_SEED + c as u64);
            assert_eq!(hand(c, 0), 0);
            for (count, &k) in want.iter().enumerate().skip(1) {
                assert_eq!(hand(c, count as u8), k);
            }
        }
        let want = sequence::<MAX_CELLS>(EN_PASSANT_SEED);
        for (cell, &k) in want.iter().enumerate() {
            assert_eq!(en_passant(cell), k);
        }
        assert_eq!(BLACK_TO_MOVE, sequence::<1>(0x5eed_1000)[0]);
    }

    #[test]
    fn keys_are_distinct_and_non_zero() {
        init();
        let mut all: Vec<u64> = (0..36)
            .flat_map(|p| (0..MAX_CELLS).map(move |c| piece(p, c)))
            .collect();
        all.extend((0..2).flat_map(|c| (0..MAX_CELLS).map(move |s| castling(c, s))));
        all.extend((0..MAX_CELLS).map(en_passant));
        all.extend((0..2).flat_map(|c| (1..=255).map(move |n| hand(c, n))));
        all.push(BLACK_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert!(all.iter().all(|&k| k != 0));
    }
}
