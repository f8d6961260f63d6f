//! Lessons: a course of small tasks per game (`lessons/<game>.txt`), read from a small text
//! format written by hand ([`read_course`], the format is in `docs/formats.md`), played one
//! learner's move at a time with the task's goal checked after each ([`Attempt`]), and
//! checked as a whole by [`check_course`]: every position legal, every goal reachable, and
//! the fewest moves each task states found again by a breadth-first search ([`fewest`]).
//!
//! ```
//! use fairyboard::lesson::{read_course, Attempt, Status};
//! let text = "game: orthodox
//! lesson: rook
//! title: The rook
//! task: Collect the star with the rook.
//! position: 4k3/8/8/8/8/8/8/R3K3 w - - 0 1
//! goal: stars a5
//! moves: 1
//! ";
//! let course = read_course(text).unwrap();
//! let task = &course.lessons[0].tasks[0];
//! let mut attempt = Attempt::new(task);
//! let turn = attempt.play_text("a1a5").unwrap();
//! assert_eq!(turn.status, Status::Done { stars: 3 });
//! ```
//!
//! Everything here is pure: the same task and the same learner's moves give the same
//! replies, statuses and words, natively (the checker) and in the page (through wasm).

mod attempt;
mod check;
mod fewest;
mod goal;
mod read;
mod view;

pub use attempt::{stars, Attempt, Status, Turn, ENGINE_MEGABYTES};
#[cfg(not(target_arch = "wasm32"))]
pub use check::check_file;
pub use check::{check_course, check_text, CheckReport};
pub use fewest::{fewest, Bound, Fewest, BOUND};
pub use goal::{MoveKind, Part, Progress, Targets};
pub use read::read_course;
pub use view::{CourseView, LessonView, TaskView, TurnView};

use std::fmt;

use crate::games::Variant;
use crate::position::Position;

/// Something wrong in a lesson file, on its line (from 1; 0 for the file as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The line.
    pub line: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl Problem {
    pub(crate) fn new(line: usize, message: impl Into<String>) -> Problem {
        Problem {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

/// A game's course: its lessons in order.
#[derive(Clone, Debug)]
pub struct Course {
    /// The game the course teaches.
    pub variant: Variant,
    /// The course's title (by default the game's name).
    pub title: String,
    /// Words before the first lesson, one paragraph an entry.
    pub intro: Vec<String>,
    /// The lessons, in order.
    pub lessons: Vec<Lesson>,
}

impl Course {
    /// The lesson with this id.
    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.id == id)
    }

    /// How many tasks all lessons hold together.
    pub fn task_count(&self) -> usize {
        self.lessons.iter().map(|l| l.tasks.len()).sum()
    }

    /// The summary `lesson check` prints: `12 lessons, 58 tasks`.
    pub fn summary(&self) -> String {
        let plural = |n: usize, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
        format!(
            "{}, {}",
            plural(self.lessons.len(), "lesson"),
            plural(self.task_count(), "task")
        )
    }
}

/// One lesson: a piece or a rule, taught by a few tasks.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The id pages name it by (`lesson="quadrant-shift"`): lower-case letters, digits and
    /// hyphens.
    pub id: String,
    /// Its title.
    pub title: String,
    /// What it teaches, in words: one paragraph an entry.
    pub intro: Vec<String>,
    /// Its tasks, in order.
    pub tasks: Vec<Task>,
    /// The line of its `lesson:` field.
    pub line: usize,
}

/// One task: a position, what to do there, and how the other side answers.
#[derive(Clone, Debug)]
pub struct Task {
    /// What to do, in words (the `task:` field).
    pub say: String,
    /// The position; the learner plays the side to move.
    pub position: Position,
    /// What must hold for the task to be done: every part at once.
    pub goal: Vec<Part>,
    /// The fewest learner's moves that reach the goal (three stars), as the file states it
    /// (the checker finds it again).
    pub moves: u32,
    /// The most learner's moves allowed: the task fails when the goal is not reached by
    /// then. `None`: no limit.
    pub limit: Option<u32>,
    /// How the other side answers each learner's move.
    pub reply: Reply,
    /// Whether a move after which the other side could take one of the learner's pieces
    /// fails the task.
    pub safe: bool,
    /// The learner's pieces that play, by the squares they start on (`pieces: c3`): a move
    /// of any other fails the task ([`Wrong::Piece`]). Empty: every piece plays.
    pub pieces: Vec<crate::geometry::Square>,
    /// Hints, shown one after another when asked.
    pub hints: Vec<String>,
    /// Words for wrong moves: by kind of mistake, or for any (`None`).
    pub wrong: Vec<(Option<Wrong>, String)>,
    /// Words shown when the task is done, if any.
    pub done: Option<String>,
    /// Where its fields are in the file, for messages.
    pub lines: TaskLines,
}

/// The lines of a task's fields (1 for the first line of the file; 0 when a field is left
/// out).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaskLines {
    /// The `task:` line.
    pub task: usize,
    /// The `position:` line.
    pub position: usize,
    /// The `goal:` line.
    pub goal: usize,
    /// The `moves:` line.
    pub moves: usize,
    /// The `limit:` line.
    pub limit: usize,
    /// The `reply:` line.
    pub reply: usize,
    /// The `pieces:` line.
    pub pieces: usize,
}

/// How the other side answers the learner's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// It does not: the learner moves alone, the turn passed back after each move. A move
    /// that attacks the other side's king is then a wrong move ([`Wrong::Check`]).
    None,
    /// These moves in turn, one after each learner's move (move text or names); once they
    /// run out, as [`Reply::None`]. A learner's move after which the next one is not legal
    /// is a wrong move ([`Wrong::Script`]).
    Script(Vec<String>),
    /// The engine's move, searched to this many nodes with a fresh table: the same position
    /// always gets the same answer.
    Engine(u64),
}

/// The kinds of wrong move: each fails the task, with the task's words for it or the
/// built-in ones ([`Wrong::default_words`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Wrong {
    /// Not a legal move at all (the page explains before anything is played).
    Illegal,
    /// A move of a piece the task does not play with (`pieces:`).
    Piece,
    /// It attacks the other king where the other side does not answer.
    Check,
    /// The scripted answer cannot follow it: not the move the task is about.
    Script,
    /// It leaves a piece the other side could take (tasks with `safe: yes`).
    Unsafe,
    /// The task's limit of moves is used up without the goal.
    Limit,
    /// It stalemates the other side.
    Stalemate,
    /// The game ended otherwise (a draw, a loss, or a win the goal does not ask for).
    Over,
}

impl Wrong {
    /// Every kind, as written in `wrong <kind>:`.
    pub const ALL: [Wrong; 8] = [
        Wrong::Illegal,
        Wrong::Piece,
        Wrong::Check,
        Wrong::Script,
        Wrong::Unsafe,
        Wrong::Limit,
        Wrong::Stalemate,
        Wrong::Over,
    ];

    /// Its id in files and views: `illegal`, `piece`, `check`, `script`, `unsafe`,
    /// `limit`, `stalemate`, `over`.
    pub fn id(self) -> &'static str {
        match self {
            Wrong::Illegal => "illegal",
            Wrong::Piece => "piece",
            Wrong::Check => "check",
            Wrong::Script => "script",
            Wrong::Unsafe => "unsafe",
            Wrong::Limit => "limit",
            Wrong::Stalemate => "stalemate",
            Wrong::Over => "over",
        }
    }

    /// The kind with this id.
    pub fn from_id(id: &str) -> Option<Wrong> {
        Wrong::ALL.into_iter().find(|w| w.id() == id)
    }

    /// The words shown when a task has none of its own for this kind.
    pub fn default_words(self) -> &'static str {
        match self {
            Wrong::Illegal => "That move is not allowed here.",
            Wrong::Piece => "In this task only the marked piece moves.",
            Wrong::Check => {
                "That move attacks the other king, which only stands by in this task: find another way."
            }
            Wrong::Script => "That is not the move this task is about: try another.",
            Wrong::Unsafe => "That leaves a piece the other side can take: look again.",
            Wrong::Limit => "The goal is not reached in the moves this task allows: try again.",
            Wrong::Stalemate => {
                "Stalemate: the other side has no move and its king is not attacked, so the game is drawn."
            }
            Wrong::Over => "The game is over and the task is not done: try again.",
        }
    }
}

impl Task {
    /// The words for a wrong move of this kind: the task's own for the kind, else its own
    /// for any wrong move, else [`Wrong::default_words`].
    pub fn wrong_words(&self, kind: Wrong) -> String {
        let own = |k: Option<Wrong>| {
            self.wrong
                .iter()
                .find(|(w, _)| *w == k)
                .map(|(_, t)| t.clone())
        };
        own(Some(kind))
            .or_else(|| own(None))
            .unwrap_or_else(|| kind.default_words().to_string())
    }
}
