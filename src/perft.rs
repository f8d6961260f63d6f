//! Perft: counting the leaf nodes of the legal-move tree, the standard test of move generation.

use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos` (bulk-counted: the last
/// ply counts the legal moves without playing them).
///
/// ```
/// use fairyboard::{perft, Position, Variant};
/// assert_eq!(perft(&Position::start(Variant::Orthodox).unwrap(), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<_>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count(pos, depth, &mut buffers)
}

fn count(pos: &Position, depth: u32, buffers: &mut [Vec<crate::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal() as u64;
    }
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    moves.clear();
    pos.legal_moves_into(moves);
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.apply(m);
            count(&next, depth - 1, rest)
        })
        .sum()
}

/// Perft split by first move: each legal move's text with its count, sorted by text
/// (empty at depth 0, which has no first move).
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut out: Vec<(String, u64)> = pos
        .legal_moves()
        .iter()
        .map(|m| (pos.move_text(m), perft(&pos.after(m), depth - 1)))
        .collect();
    out.sort();
    out
}
