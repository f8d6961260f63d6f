//! The solution of a puzzle position: the one move that wins clearly, checked by a
//! two-line search, then the opponent's most resilient reply and the solver's next only
//! move, to the line's end.

use super::{Settings, GAP, WIN_CLEAR};

/// The solver's transposition table, in megabytes: ample for its node counts, and small
/// enough that a fresh one for every puzzle costs nothing. Part of what makes a puzzle's
/// solution and rating reproducible (a node-limited search depends on its table's size).
pub const TABLE_MB: usize = 1;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::review::Eval;
use crate::search::{Limits, Score, Searcher};

/// A position's forced line, found by [`solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The solver's moves and the opponent's replies in turn, the solver's first and last.
    pub line: Vec<Move>,
    /// How the line ends the game, if it does (a mate, or a game's own win).
    pub ending: Option<Outcome>,
    /// Nodes the search needed before it settled on the first move for good.
    pub nodes_to_find: u64,
}

/// What the search says of the solver's choice in one position.
enum Choice {
    /// One move wins clearly; `mate` when it mates by force.
    Only { best: Move, mate: bool },
    /// No move stands out, or none wins (the line ends before this position).
    Open,
    /// The position cannot belong to a puzzle (a mate too long, a mate that vanished, a
    /// forced first move).
    Reject,
}

/// The forced line from `start` (the solver to move), or `None` when `start` is no puzzle:
/// no single move wins clearly there, or a mate is not forced to its end within
/// [`Settings::max_moves`] solver moves. Searched with a fresh searcher of
/// [`TABLE_MB`], so the answer depends on the position and the settings alone.
pub fn solve(start: &Position, settings: &Settings) -> Option<Solution> {
    let searcher = &mut Searcher::new(TABLE_MB);
    let mut pos = start.clone();
    let mut keys: Vec<u64> = Vec::new();
    let mut line: Vec<Move> = Vec::new();
    let mut nodes_to_find = 0;
    let mut mating = false;
    loop {
        let first = line.is_empty();
        let (choice, found) = choose(&pos, &keys, settings, searcher, first, mating);
        if first {
            nodes_to_find = found;
        }
        let (best, mate) = match choice {
            Choice::Only { best, mate } => (best, mate),
            Choice::Open if !first && !mating => {
                // The line ends with the solver's last only move: the reply to it goes.
                line.pop();
                break;
            }
            Choice::Open | Choice::Reject => return None,
        };
        if mating && !mate {
            return None;
        }
        mating = mate;
        keys.push(pos.key());
        pos = pos.after(&best);
        line.push(best);
        if let Some(outcome) = pos.outcome() {
            // A solver's move that ends the game must win it.
            return (outcome.winner == Some(start.side())).then_some(Solution {
                line,
                ending: Some(outcome),
                nodes_to_find,
            });
        }
        if line.len().div_ceil(2) >= settings.max_moves {
            if mating {
                return None;
            }
            break;
        }
        let Some(reply) = reply(&pos, &keys, settings, searcher) else {
            break;
        };
        let after = pos.after(&reply);
        if after.outcome().is_some() {
            // The opponent's reply would end the game: the line stops at the solver's move.
            if mating {
                return None;
            }
            break;
        }
        keys.push(pos.key());
        pos = after;
        line.push(reply);
    }
    Some(Solution {
        line,
        ending: None,
        nodes_to_find,
    })
}

/// The opponent's most resilient reply: the search's best move.
fn reply(
    pos: &Position,
    keys: &[u64],
    settings: &Settings,
    searcher: &mut Searcher,
) -> Option<Move> {
    searcher.multipv(1);
    let limits = Limits::nodes(settings.verify_nodes);
    searcher
        .search(pos, keys, &limits, &|| 0.0, &|| false, &mut |_| {})
        .best
}

/// Whether one move wins clearly in `pos` (the solver to move), and the nodes the search
/// needed to settle on its best move for good. `first`: the puzzle's first move (a forced
/// move or several mates in one are no puzzle there); `mating`: the line so far is a mate.
fn choose(
    pos: &Position,
    keys: &[u64],
    settings: &Settings,
    searcher: &mut Searcher,
    first: bool,
    mating: bool,
) -> (Choice, u64) {
    let legal = pos.legal_moves();
    if legal.is_empty() || (first && legal.len() == 1) {
        return (Choice::Reject, 0);
    }
    // A move that wins at once (a backstab, a king taken by an outlaw) needs no search.
    let instant: Vec<Move> = legal.iter().copied().filter(|m| m.wins.is_some()).collect();
    match instant.len() {
        0 => {}
        1 => return (only(instant[0], true), 1),
        _ if first => return (Choice::Reject, 1),
        _ => return (only(instant[0], true), 1),
    }
    if legal.len() == 1 {
        return (only(legal[0], mating), 0);
    }
    searcher.multipv(2);
    let limits = Limits::nodes(settings.verify_nodes);
    // The nodes at each iteration and its best move: when the search settled on it.
    let mut iterations: Vec<(u64, Option<Move>)> = Vec::new();
    let report = searcher.search(pos, keys, &limits, &|| 0.0, &|| false, &mut |info| {
        if info.multipv == 1 {
            iterations.push((info.nodes, info.pv.first().copied()));
        }
    });
    let Some(best_line) = report.lines.first() else {
        return (Choice::Reject, 0);
    };
    let best = best_line.pv[0];
    let settled = iterations
        .iter()
        .rposition(|(_, m)| *m != Some(best))
        .map_or(0, |i| i + 1);
    let found = iterations
        .get(settled)
        .map_or(report.nodes, |(nodes, _)| *nodes);
    let second = report.lines.get(1).map(|l| l.score);
    let choice = match best_line.score {
        Score::Mate(n) if n > 0 => {
            if n as usize > settings.max_moves {
                Choice::Reject
            } else {
                match second {
                    Some(Score::Mate(m)) if m > 0 => {
                        // Several mates: only the last move of a mate may be any of them.
                        if n == 1 && !first {
                            only(best, true)
                        } else {
                            Choice::Reject
                        }
                    }
                    _ => only(best, true),
                }
            }
        }
        _ if mating => Choice::Reject,
        score => {
            let variant = pos.variant();
            let side = pos.side();
            let win = |s: Score| Eval::from_score(s, side).win_for(variant, side);
            let best_win = win(score);
            let second_win = second.map_or(0.0, win);
            if best_win >= WIN_CLEAR && best_win - second_win >= GAP {
                only(best, false)
            } else {
                Choice::Open
            }
        }
    };
    (choice, found)
}

fn only(best: Move, mate: bool) -> Choice {
    Choice::Only { best, mate }
}
