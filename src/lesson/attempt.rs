//! Playing a task: the learner's move, the goal checked after it, what makes it wrong, and
//! the other side's answer. The checker's search and the page play tasks through the same
//! [`step`], so they agree on every status, reply and word.

use std::collections::HashMap;

use super::goal::{holds, threatens, Progress};
use super::{Reply, Task, Wrong};
use crate::error::Error;
use crate::moves::Move;
use crate::outcome::Reason;
use crate::position::Position;
use crate::search::{Limits, Searcher};

/// The transposition table of an engine reply, in megabytes: fixed, so that the page and
/// the checker search alike and find the same move.
pub const ENGINE_MEGABYTES: usize = 1;

/// The stars a task earns when done in `used` learner's moves, `fewest` being the fewest
/// possible (lichess's rule): 3 at the fewest, 2 at up to `max(1, fewest / 8)` more, 1
/// beyond.
///
/// ```
/// use fairyboard::lesson::stars;
/// assert_eq!([stars(2, 2), stars(2, 3), stars(2, 4)], [3, 2, 1]);
/// assert_eq!([stars(16, 18), stars(16, 19)], [2, 1]);
/// ```
pub fn stars(fewest: u32, used: u32) -> u8 {
    let late = used.saturating_sub(fewest);
    if late == 0 {
        3
    } else if late <= (fewest / 8).max(1) {
        2
    } else {
        1
    }
}

/// Where a task stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Waiting for the learner's next move.
    Going,
    /// Done, with the stars earned.
    Done {
        /// 1 to 3 (see [`stars`]).
        stars: u8,
    },
    /// Failed by a wrong move: start again.
    Failed {
        /// The kind of mistake.
        kind: Wrong,
        /// Why, in words (the task's own or the built-in ones).
        words: String,
    },
}

/// What one learner's move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The learner's move.
    pub played: Move,
    /// The other side's answer, if it made one.
    pub reply: Option<Move>,
    /// The task's status after it (and the answer).
    pub status: Status,
}

/// A task being played: the position, the progress toward the goal and the learner's
/// moves so far.
#[derive(Clone, Debug)]
pub struct Attempt {
    task: Task,
    state: State,
    status: Status,
}

/// The state between two learner's moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    /// The position, the learner to move.
    pub position: Position,
    /// The progress toward the goal.
    pub progress: Progress,
    /// The learner's moves played.
    pub played: u32,
}

/// What [`step`] found.
// Made and matched at once, never stored in bulk: boxing the state would only add an
// allocation per move searched.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Step {
    /// The goal holds after the learner's move.
    Done,
    /// The learner's move was wrong.
    Failed(Wrong),
    /// The task goes on from this state, after the other side's answer (if any).
    Going(State, Option<Move>),
}

/// What the learner's move alone did: the first half of [`step`].
#[allow(clippy::large_enum_variant)] // as `Step`
pub(crate) enum Played {
    /// The goal holds.
    Done,
    /// The move was wrong.
    Failed(Wrong),
    /// The task goes on: the other side answers next.
    Pending(Pending),
}

/// The state right after a learner's move that neither reached the goal nor was wrong.
pub(crate) struct Pending {
    position: Position,
    progress: Progress,
    played: u32,
}

impl State {
    pub(crate) fn start(task: &Task) -> State {
        State {
            position: task.position.clone(),
            progress: Progress::with_pieces(&task.goal, &task.pieces),
            played: 0,
        }
    }
}

/// The other side's engine: one searcher reused (cleared before each reply, so each reply
/// is the one a fresh searcher gives), and the replies found so far by position.
#[derive(Default)]
pub(crate) struct Engine {
    searcher: Option<Searcher>,
    memo: HashMap<u64, Option<Move>>,
}

impl Engine {
    /// The engine's move in `pos` at `nodes` nodes from a cleared table (the same every
    /// time).
    fn reply(&mut self, pos: &Position, nodes: u64) -> Option<Move> {
        if let Some(&known) = self.memo.get(&pos.key()) {
            return known;
        }
        let searcher = self
            .searcher
            .get_or_insert_with(|| Searcher::new(ENGINE_MEGABYTES));
        searcher.clear();
        let report = searcher.search(
            pos,
            &[],
            &Limits::nodes(nodes),
            &|| 0.0,
            &|| false,
            &mut |_| {},
        );
        self.memo.insert(pos.key(), report.best);
        report.best
    }
}

/// Plays the learner's legal move `m` from `state`: the goal checked after it, then what
/// makes it wrong, then the other side's answer.
pub(crate) fn step(task: &Task, state: &State, m: &Move, engine: &mut Engine) -> Step {
    match play_learner(task, state, m) {
        Played::Done => Step::Done,
        Played::Failed(kind) => Step::Failed(kind),
        Played::Pending(pending) => answer(task, pending, engine),
    }
}

/// The scripted answer to the learner's move number `played` (from 1), if the task has
/// one left.
fn scripted(task: &Task, played: u32) -> Option<&str> {
    match &task.reply {
        Reply::Script(moves) => moves.get(played as usize - 1).map(String::as_str),
        _ => None,
    }
}

/// The learner's legal move `m` from `state`: whether the goal holds after it, or what
/// makes it wrong.
pub(crate) fn play_learner(task: &Task, state: &State, m: &Move) -> Played {
    if !state.progress.may_move(m) {
        return Played::Failed(Wrong::Piece);
    }
    let learner = state.position.side();
    let after = state.position.after(m);
    let mut progress = state.progress.clone();
    progress.follow(m);
    progress.collect(&task.goal, &after, learner);
    if holds(&task.goal, &progress, m, &after, learner) {
        // The move that reaches the goal is no exception to `safe:` (a star collected
        // where the piece is taken at once is no star), unless the game is over.
        if task.safe && after.outcome().is_none() && threatens(&after, learner) {
            return Played::Failed(Wrong::Unsafe);
        }
        return Played::Done;
    }
    let played = state.played + 1;
    let answers = matches!(task.reply, Reply::Engine(_)) || scripted(task, played).is_some();
    if answers {
        if let Some(o) = after.outcome() {
            return Played::Failed(if o.reason == Reason::Stalemate {
                Wrong::Stalemate
            } else {
                Wrong::Over
            });
        }
    } else if after.decided().is_some() {
        return Played::Failed(Wrong::Over);
    } else if after.king_attacked(learner.opponent()) {
        return Played::Failed(Wrong::Check);
    }
    if task.safe && threatens(&after, learner) {
        return Played::Failed(Wrong::Unsafe);
    }
    if task.limit.is_some_and(|limit| played >= limit) {
        return Played::Failed(Wrong::Limit);
    }
    Played::Pending(Pending {
        position: after,
        progress,
        played,
    })
}

/// The other side's answer to a learner's move: the script's next move, the engine's, or
/// none (the turn passes back).
pub(crate) fn answer(task: &Task, pending: Pending, engine: &mut Engine) -> Step {
    let Pending {
        mut position,
        mut progress,
        played,
    } = pending;
    let reply = match (&task.reply, scripted(task, played)) {
        (_, Some(text)) => match position.parse_any(text) {
            Ok(r) => Some(r),
            Err(_) => return Step::Failed(Wrong::Script),
        },
        (Reply::Engine(nodes), _) => engine.reply(&position, *nodes),
        _ => None,
    };
    match reply {
        Some(r) => {
            progress.follow(&r);
            position.apply(&r);
            if position.outcome().is_some() {
                return Step::Failed(Wrong::Over);
            }
        }
        None => position.pass(),
    }
    Step::Going(
        State {
            position,
            progress,
            played,
        },
        reply,
    )
}

impl Attempt {
    /// A task at its start (the attempt keeps its own copy of the task).
    pub fn new(task: &Task) -> Attempt {
        Attempt {
            task: task.clone(),
            state: State::start(task),
            status: Status::Going,
        }
    }

    /// Replays the learner's moves (move text or names) from the start: the attempt after
    /// them, and each move's turn. An error names the move that is not legal, or that comes
    /// after the task has ended.
    pub fn replay(task: &Task, moves: &[&str]) -> Result<(Attempt, Vec<Turn>), Error> {
        let mut attempt = Attempt::new(task);
        let mut turns = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let turn = attempt
                .play_text(text)
                .map_err(|e| Error::new(format!("move {}: {}", i + 1, e.message())))?;
            turns.push(turn);
        }
        Ok((attempt, turns))
    }

    /// The task.
    pub fn task(&self) -> &Task {
        &self.task
    }

    /// The position now (the learner to move while the task goes on; after a wrong move,
    /// the position after it; once done, the position after the last move).
    pub fn position(&self) -> &Position {
        &self.state.position
    }

    /// The progress toward the goal.
    pub fn progress(&self) -> &Progress {
        &self.state.progress
    }

    /// The learner's moves played.
    pub fn played(&self) -> u32 {
        self.state.played
    }

    /// The status now.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// Plays the learner's move given as move text or a name.
    pub fn play_text(&mut self, text: &str) -> Result<Turn, Error> {
        let m = self.state.position.parse_any(text)?;
        self.play(&m)
    }

    /// Plays the learner's move `m`, which must be legal where the learner is to move, and
    /// the other side's answer; the error says when it is not legal or the task has ended.
    pub fn play(&mut self, m: &Move) -> Result<Turn, Error> {
        if self.status != Status::Going {
            return Err(Error::new("the task has ended: start it again"));
        }
        if !self.state.position.legal_moves().contains(m) {
            return Err(Error::new(format!(
                "{} is not a legal move here",
                self.state.position.move_text(m)
            )));
        }
        let mut engine = Engine::default();
        let (status, reply) = match step(&self.task, &self.state, m, &mut engine) {
            Step::Done => {
                self.finish(m);
                let used = self.state.played;
                (
                    Status::Done {
                        stars: stars(self.task.moves, used),
                    },
                    None,
                )
            }
            Step::Failed(kind) => {
                self.finish(m);
                let words = self.task.wrong_words(kind);
                (Status::Failed { kind, words }, None)
            }
            Step::Going(next, reply) => {
                self.state = next;
                (Status::Going, reply)
            }
        };
        self.status = status.clone();
        Ok(Turn {
            played: *m,
            reply,
            status,
        })
    }

    /// Keeps the position and progress after the learner's last move `m` (the task ends
    /// there).
    fn finish(&mut self, m: &Move) {
        let learner = self.state.position.side();
        self.state.progress.follow(m);
        self.state.position.apply(m);
        let goal = &self.task.goal;
        self.state
            .progress
            .collect(goal, &self.state.position, learner);
        self.state.played += 1;
    }
}
