//! Move ordering: the table's move first, then moves that win at once, then moves that gain
//! material by what their effects remove or change (a rage or a destroyed capturer can cost
//! the mover, so plain "victim less attacker" is not enough), then the killer moves of the
//! ply, then quiet moves by their history, and last the moves that lose material outright.

use super::see::{exchange, gain, see};
use crate::eval::value_of;
use crate::geometry::MAX_CELLS;
use crate::moves::Move;
use crate::position::Position;

const TABLE_MOVE: i32 = 2_000_000;
const WINS: i32 = 1_900_000;
const GAINS: i32 = 1_000_000;
const KILLER: [i32; 2] = [900_000, 899_000];
/// History scores stay below this, so quiet moves sort under the killers.
const HISTORY_MAX: i32 = 400_000;
const LOSES: i32 = -1_000_000;

/// Killer moves per ply and the history of quiet moves that caused cut-offs.
pub(crate) struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    /// By the moving piece's index and the destination.
    history: Vec<[i32; MAX_CELLS]>,
}

impl Heuristics {
    pub(crate) fn new(max_ply: usize) -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; max_ply + 1],
            history: vec![[0; MAX_CELLS]; 36],
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill([0; MAX_CELLS]);
    }

    /// Keeps the history but halves it, so the new search's cut-offs count more.
    pub(crate) fn age(&mut self) {
        self.killers.fill([None; 2]);
        for row in &mut self.history {
            for h in row.iter_mut() {
                *h /= 2;
            }
        }
    }

    /// The piece that makes a move (the dropped piece for a drop).
    fn mover_index(pos: &Position, m: &Move) -> Option<usize> {
        match m.from {
            Some(f) => pos.piece_at(f).map(|p| p.index()),
            None => m.effects().iter().find_map(|e| match e {
                crate::moves::Effect::Place { piece, .. } => Some(piece.index()),
                _ => None,
            }),
        }
    }

    /// A quiet move caused a cut-off at `ply` from `depth`: it becomes a killer and its
    /// history grows; the quiet moves tried before it lose history.
    pub(crate) fn reward(
        &mut self,
        pos: &Position,
        m: &Move,
        tried: &[Move],
        ply: usize,
        depth: i32,
    ) {
        let last = self.killers.len() - 1;
        let k = &mut self.killers[ply.min(last)];
        if k[0] != Some(*m) {
            k[1] = k[0];
            k[0] = Some(*m);
        }
        let bonus = (depth * depth).min(400);
        let mut update = |mv: &Move, delta: i32| {
            if let Some(p) = Self::mover_index(pos, mv) {
                let h = &mut self.history[p][mv.to.index()];
                // Gravity: a score near the bound moves less, so none overflows. The product
                // is taken in 64 bits: a score near the bound times a deep search's bonus is
                // past i32 (400,000 * 12,800).
                let gravity = i64::from(*h) * i64::from(delta.abs()) / i64::from(HISTORY_MAX);
                *h += delta - gravity as i32;
            }
        };
        update(m, bonus * 32);
        for q in tried {
            update(q, -bonus * 32);
        }
    }

    /// Ordering scores for `moves` (higher first); `table` is the index of the table's move.
    /// With `exchanges`, a capture whose exchange loses ([`see`], asked only where
    /// the cheap [`exchange`] sees a loss) sorts after the quiet moves; without it (in
    /// quiescence, which drops such captures anyway, and in games that do not play out
    /// exchanges: `SearchSettings::exchanges`) only one that loses at once does.
    pub(crate) fn score(
        &self,
        pos: &Position,
        moves: &[Move],
        table: Option<usize>,
        ply: usize,
        exchanges: bool,
        out: &mut Vec<i32>,
    ) {
        out.clear();
        let killers = self.killers[ply.min(self.killers.len() - 1)];
        for (i, m) in moves.iter().enumerate() {
            let s = if Some(i) == table {
                TABLE_MOVE
            } else if m.wins.is_some() {
                WINS
            } else if m.is_noisy() {
                let g = gain(pos, m);
                let mover = m
                    .from
                    .and_then(|f| pos.piece_at(f))
                    .map_or(0, |p| value_of(pos.variant(), p));
                // A capture that loses its exchange goes after the quiet moves.
                let e = if exchanges && g >= 0 {
                    let cheap = exchange(pos, m);
                    if cheap >= 0 {
                        cheap
                    } else {
                        see(pos, m)
                    }
                } else {
                    g
                };
                if e >= 0 {
                    GAINS + g * 16 - mover / 16
                } else {
                    LOSES + e
                }
            } else if killers[0] == Some(*m) {
                KILLER[0]
            } else if killers[1] == Some(*m) {
                KILLER[1]
            } else {
                Self::mover_index(pos, m).map_or(0, |p| self.history[p][m.to.index()])
            };
            out.push(s);
        }
    }
}

/// What a move loses in material once its exchange is over, if its ordering score (from
/// [`Heuristics::score`]) put it among the losing moves.
#[inline]
pub(crate) fn exchange_loss(score: i32) -> Option<i32> {
    (score < LOSES / 2).then_some(score - LOSES)
}

/// Moves the best-scored of `moves[from..]` to `from` (a selection sort step: the moves
/// after a cut-off are never sorted).
#[inline]
pub(crate) fn pick(moves: &mut [Move], scores: &mut [i32], index: &mut [u16], from: usize) {
    let mut best = from;
    for i in from + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    scores.swap(from, best);
    index.swap(from, best);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_history_rewarded_again_and_again_stays_within_its_bound() {
        // A long search rewards the same quiet moves at great depths many times: the history
        // nears its bound and the gravity term's product must not overflow.
        let pos = Position::start(crate::Variant::Orthodox).unwrap();
        let moves = pos.legal_moves();
        let quiet: Vec<Move> = moves.into_iter().filter(|m| !m.is_capture()).collect();
        let mut h = Heuristics::new(8);
        for _ in 0..1000 {
            h.reward(&pos, &quiet[0], &quiet[1..3], 0, 40);
        }
        let at = |m: &Move| h.history[Heuristics::mover_index(&pos, m).unwrap()][m.to.index()];
        assert!(
            (0..=HISTORY_MAX).contains(&at(&quiet[0])),
            "{}",
            at(&quiet[0])
        );
        assert!(
            (-HISTORY_MAX..=0).contains(&at(&quiet[1])),
            "{}",
            at(&quiet[1])
        );
    }
}
