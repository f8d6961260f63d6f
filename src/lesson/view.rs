//! Serialisable views of a course and of a learner's turn: what the page receives (as JSON
//! through wasm) to draw the course's map, a task and its stars, and what a move did.

use serde::Serialize;

use super::attempt::{Attempt, Status, Turn};
use super::goal::stars;
use super::{Course, Lesson, Reply, Task};

/// A course as the page reads it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CourseView {
    /// The game's id.
    pub game: &'static str,
    /// The course's title.
    pub title: String,
    /// Its introduction, one paragraph an entry.
    pub intro: Vec<String>,
    /// Its lessons.
    pub lessons: Vec<LessonView>,
}

/// A lesson as the page reads it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LessonView {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its introduction, one paragraph an entry.
    pub intro: Vec<String>,
    /// Its tasks.
    pub tasks: Vec<TaskView>,
}

/// A task as the page reads it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TaskView {
    /// What to do, in words.
    pub say: String,
    /// The position text.
    pub position: String,
    /// The learner's side: `w` or `b`.
    pub side: char,
    /// The star squares, by name (to draw them).
    pub stars: Vec<String>,
    /// The learner's pieces that play, by the squares they start on (empty: all).
    pub pieces: Vec<String>,
    /// The fewest moves (three stars).
    pub moves: u32,
    /// The most moves allowed, if limited.
    pub limit: Option<u32>,
    /// How the other side answers: `none`, `script` or `engine`.
    pub reply: &'static str,
    /// The hints, in order.
    pub hints: Vec<String>,
    /// Words when done, if any.
    pub done: Option<String>,
}

/// What a learner's move did, as the page reads it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TurnView {
    /// The learner's move text.
    pub played: String,
    /// The answer's move text, if the other side answered.
    pub reply: Option<String>,
    /// `going`, `done` or `failed`.
    pub status: &'static str,
    /// The stars earned, once done.
    pub stars: Option<u8>,
    /// The kind of mistake, once failed (`check`, `unsafe`...).
    pub wrong: Option<&'static str>,
    /// Why it failed, in words, or the task's words when done.
    pub words: Option<String>,
    /// The position text now.
    pub position: String,
    /// The stars collected so far, by name.
    pub collected: Vec<String>,
}

impl CourseView {
    /// The view of a course.
    pub fn new(course: &Course) -> CourseView {
        CourseView {
            game: course.variant.id(),
            title: course.title.clone(),
            intro: course.intro.clone(),
            lessons: course.lessons.iter().map(LessonView::new).collect(),
        }
    }
}

impl LessonView {
    /// The view of a lesson.
    pub fn new(lesson: &Lesson) -> LessonView {
        LessonView {
            id: lesson.id.clone(),
            title: lesson.title.clone(),
            intro: lesson.intro.clone(),
            tasks: lesson.tasks.iter().map(TaskView::new).collect(),
        }
    }
}

impl TaskView {
    /// The view of a task.
    pub fn new(task: &Task) -> TaskView {
        let g = task.position.geometry();
        TaskView {
            say: task.say.clone(),
            position: task.position.to_text(),
            side: task.position.side().letter(),
            stars: stars(&task.goal).map(|s| g.name(s)).collect(),
            pieces: task.pieces.iter().map(|&s| g.name(s)).collect(),
            moves: task.moves,
            limit: task.limit,
            reply: match task.reply {
                Reply::None => "none",
                Reply::Script(_) => "script",
                Reply::Engine(_) => "engine",
            },
            hints: task.hints.clone(),
            done: task.done.clone(),
        }
    }
}

impl TurnView {
    /// The view of a turn just played in `attempt` (the position before it is the
    /// attempt's last but one: the move texts are written from the turn's own moves).
    pub fn new(attempt: &Attempt, before: &crate::Position, turn: &Turn) -> TurnView {
        let g = attempt.position().geometry();
        let played = before.move_text(&turn.played);
        let reply = turn.reply.map(|r| before.after(&turn.played).move_text(&r));
        let (status, stars, wrong, words) = match &turn.status {
            Status::Going => ("going", None, None, None),
            Status::Done { stars } => ("done", Some(*stars), None, attempt.task().done.clone()),
            Status::Failed { kind, words } => {
                ("failed", None, Some(kind.id()), Some(words.clone()))
            }
        };
        TurnView {
            played,
            reply,
            status,
            stars,
            wrong,
            words,
            position: attempt.position().to_text(),
            collected: attempt
                .progress()
                .collected_stars(&attempt.task().goal)
                .map(|s| g.name(s))
                .collect(),
        }
    }
}
