//! The fewest learner's moves that reach a task's goal: a breadth-first search over the
//! learner's legal moves, each followed by the other side's answer as the task defines it
//! (none, the script, or the engine's deterministic move), through the same [`step`] the
//! page plays. Bounded in moves and positions, with a clear answer when a bound is hit.

use std::collections::HashSet;

use super::attempt::{answer, play_learner, Engine, Played, State, Step};
use super::Task;
use crate::moves::Move;

/// How far the search may go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The most learner's moves (a task's `limit:` bounds it further).
    pub moves: u32,
    /// The most positions reached (after the other side's answers), all depths together.
    pub positions: usize,
    /// The most engine answers searched (tasks with `reply: engine`): each is a search of
    /// its own, so a few thousand of them take as long as the positions bound.
    pub answers: usize,
}

/// The bound `lesson check` searches within: tasks are small, so it is rarely near.
pub const BOUND: Bound = Bound {
    moves: 12,
    positions: 200_000,
    answers: 3_000,
};

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fewest {
    /// The goal is reached in `moves` learner's moves at the fewest, by `line` (the
    /// learner's moves, each with the answer it got).
    Found {
        /// The fewest learner's moves.
        moves: u32,
        /// A line that reaches it: each learner's move as named in its position, and the
        /// answer's name if there was one.
        line: Vec<(String, Option<String>)>,
    },
    /// No line reaches the goal: every one fails or stops, after this many positions (the
    /// task's limit included, if it has one).
    Unreachable {
        /// The positions searched.
        positions: usize,
    },
    /// A bound was hit first.
    Bounded {
        /// The positions searched.
        positions: usize,
        /// The learner's moves searched to.
        moves: u32,
    },
}

impl Fewest {
    /// The line as people read it: `Ra5 Re5`, an answer after its move in brackets
    /// (`Qg7+ (Kd8) Qd7#`).
    pub fn line_text(line: &[(String, Option<String>)]) -> String {
        let mut out = Vec::new();
        for (mine, answer) in line {
            out.push(mine.clone());
            if let Some(a) = answer {
                out.push(format!("({a})"));
            }
        }
        out.join(" ")
    }
}

/// One position reached: the state and how it was reached (the learner's move and the
/// answer).
struct Node {
    state: State,
    parent: Option<usize>,
    played: Option<(Move, Option<Move>)>,
}

/// What makes two states the same for the search: the position and the progress, and the
/// learner's moves played only where the answers depend on them (a script).
type Key = (
    crate::position::Position,
    super::goal::Progress,
    Option<u32>,
);

fn key(task: &Task, state: &State) -> Key {
    let scripted = matches!(task.reply, super::Reply::Script(_));
    (
        state.position.clone(),
        state.progress.clone(),
        scripted.then_some(state.played),
    )
}

/// The names of the moves that lead to node `at` and then `last`, from the task's start.
fn line(task: &Task, nodes: &[Node], at: usize, last: Move) -> Vec<(String, Option<String>)> {
    let mut path = vec![(last, None)];
    let mut back = Some(at);
    while let Some(i) = back {
        if let Some(p) = nodes[i].played {
            path.push(p);
        }
        back = nodes[i].parent;
    }
    path.reverse();
    let mut pos = task.position.clone();
    let mut out = Vec::new();
    for (mine, answer) in path {
        let name = pos.move_name(&mine);
        pos.apply(&mine);
        let answer_name = answer.map(|a| {
            let n = pos.move_name(&a);
            pos.apply(&a);
            n
        });
        if answer.is_none() {
            pos.pass();
        }
        out.push((name, answer_name));
    }
    out
}

/// Searches a task's fewest moves within `bound`.
pub fn fewest(task: &Task, bound: Bound) -> Fewest {
    let max_moves = task.limit.map_or(bound.moves, |l| l.min(bound.moves));
    let start = State::start(task);
    let mut seen: HashSet<Key> = HashSet::new();
    seen.insert(key(task, &start));
    let mut nodes = vec![Node {
        state: start,
        parent: None,
        played: None,
    }];
    let mut frontier = vec![0usize];
    let mut engine = Engine::default();
    let engine_answers = matches!(task.reply, super::Reply::Engine(_));
    let mut answers = 0usize;
    let mut moves: Vec<Move> = Vec::with_capacity(64);
    for depth in 1..=max_moves {
        // First every learner's move of this depth, for the goal: the answers, the costly
        // part with an engine, are searched only when none reaches it.
        let mut pending = Vec::new();
        for &at in &frontier {
            moves.clear();
            nodes[at].state.position.legal_moves_into(&mut moves);
            for m in &moves {
                match play_learner(task, &nodes[at].state, m) {
                    Played::Done => {
                        return Fewest::Found {
                            moves: depth,
                            line: line(task, &nodes, at, *m),
                        };
                    }
                    Played::Failed(_) => {}
                    Played::Pending(p) => pending.push((at, *m, p)),
                }
            }
        }
        if depth == max_moves && !pending.is_empty() {
            break;
        }
        let mut next = Vec::new();
        for (at, m, p) in pending {
            if engine_answers {
                if answers >= bound.answers {
                    return Fewest::Bounded {
                        positions: seen.len(),
                        moves: depth,
                    };
                }
                answers += 1;
            }
            let Step::Going(after, reply) = answer(task, p, &mut engine) else {
                continue;
            };
            let k = key(task, &after);
            if seen.contains(&k) {
                continue;
            }
            if seen.len() >= bound.positions {
                return Fewest::Bounded {
                    positions: seen.len(),
                    moves: depth,
                };
            }
            seen.insert(k);
            next.push(nodes.len());
            nodes.push(Node {
                state: after,
                parent: Some(at),
                played: Some((m, reply)),
            });
        }
        if next.is_empty() {
            return Fewest::Unreachable {
                positions: seen.len(),
            };
        }
        frontier = next;
    }
    if task.limit.is_some_and(|l| l <= bound.moves) {
        Fewest::Unreachable {
            positions: seen.len(),
        }
    } else {
        Fewest::Bounded {
            positions: seen.len(),
            moves: max_moves,
        }
    }
}
