//! Several lines (MultiPV): after the best line of each iteration, the next best among the
//! moves not yet chosen, and so on. Those extra searches use a transposition table and
//! ordering memory of their own, swapped in for them, so the first line is exactly the
//! single-line search's: asking for more lines never changes the best move or its score
//! at a given depth.

use super::order::Heuristics;
use super::score::Score;
use super::tt::Table;
use crate::moves::Move;

/// The most lines a search gives (as the UCI option `MultiPV` allows).
pub const MAX_LINES: usize = 5;

/// One line of a search: a root move's score, its principal variation (the move first) and
/// the depth it was searched to.
#[derive(Clone, Debug, PartialEq)]
pub struct PvLine {
    /// The score for the side to move.
    pub score: Score,
    /// The principal variation, from the root.
    pub pv: Vec<Move>,
    /// The iteration that gave it.
    pub depth: u32,
}

/// What the second and later lines search with: their own table, ordering memory and root
/// move order, kept from iteration to iteration.
pub(super) struct Side {
    pub table: Table,
    pub heuristics: Heuristics,
    pub moves: Vec<(Move, i32)>,
}

/// The lines of the iteration just searched (`fresh`, the first line first) completed by
/// the previous iteration's (`older`) where a stop cut the iteration short: the older lines
/// whose moves are not among the fresh ones fill the places left, so no move is shown twice.
/// The lines after the first are sorted by score, best first (a stable sort: equal scores
/// keep the search's order).
pub fn merge(fresh: Vec<PvLine>, older: &[PvLine], wanted: usize) -> Vec<PvLine> {
    let mut lines = fresh;
    for line in older {
        if lines.len() >= wanted {
            break;
        }
        if !lines.iter().any(|l| l.pv.first() == line.pv.first()) {
            lines.push(line.clone());
        }
    }
    if lines.len() > 2 {
        lines[1..].sort_by_key(|l| std::cmp::Reverse(l.score.rank()));
    }
    lines
}
