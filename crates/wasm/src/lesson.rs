//! Lessons in the page (issue 44): the courses shipped with it (`lessons/<game>.txt`,
//! compiled into the wasm so that they work offline and in the single file), read into the
//! views the course map draws, and a task played one learner's move at a time
//! ([`LessonHandle`]): the goal checked after each move, the other side's answer, the stars
//! by the moves used against the fewest. A wrong move is explained and not counted: the
//! task goes back to the position before it.

use wasm_bindgen::prelude::*;

use super::{to_js, GameHandle};
use fairyboard::lesson::{read_course, Attempt, Course, CourseView, Status, Task, TurnView};

/// The courses shipped with the page, by game id: the files of `lessons/`.
const SHIPPED: &[(&str, &str)] = &[
    ("orthodox", include_str!("../../../lessons/orthodox.txt")),
    ("vagabond", include_str!("../../../lessons/vagabond.txt")),
    ("bandit", include_str!("../../../lessons/bandit.txt")),
    ("quarter", include_str!("../../../lessons/quarter.txt")),
    ("pawnier", include_str!("../../../lessons/pawnier.txt")),
    (
        "riftwalker",
        include_str!("../../../lessons/riftwalker.txt"),
    ),
];

/// The shipped course of game `game_id`, read (the files are checked by `lesson check` and
/// the tests, so a problem here is a build's mistake, said in words).
fn shipped(game_id: &str) -> Result<Course, JsError> {
    let (_, text) = SHIPPED
        .iter()
        .find(|(id, _)| *id == game_id)
        .ok_or_else(|| JsError::new(&format!("there is no course for the game '{game_id}'")))?;
    read(text)
}

/// A course read from lesson text, or its problems in one message.
fn read(text: &str) -> Result<Course, JsError> {
    read_course(text).map_err(|problems| {
        let lines: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        JsError::new(&format!(
            "the lesson file cannot be read: {}",
            lines.join("; ")
        ))
    })
}

/// The games that have a course shipped with the page, in the page's order of games.
#[wasm_bindgen(js_name = lessonGames)]
pub fn lesson_games() -> Vec<String> {
    SHIPPED.iter().map(|(id, _)| id.to_string()).collect()
}

/// The shipped course of game `game_id` as the page reads it (`CourseView`: its title,
/// intro and lessons with their tasks).
#[wasm_bindgen(js_name = lessonCourse)]
pub fn lesson_course(game_id: &str) -> Result<JsValue, JsError> {
    Ok(to_js(&CourseView::new(&shipped(game_id)?)))
}

/// A task being played in the page: the learner's moves kept, so that a wrong one can be
/// taken back and the task goes on as if it had not been played.
#[wasm_bindgen]
pub struct LessonHandle {
    task: Task,
    /// The learner's moves that count (the wrong ones are not kept).
    moves: Vec<String>,
    attempt: Attempt,
}

#[wasm_bindgen]
impl LessonHandle {
    /// Task `task` (from 0) of lesson `lesson_id` in game `game_id`'s shipped course, at its
    /// start. The error names the game, lesson or task that is not there.
    #[wasm_bindgen(constructor)]
    pub fn new(game_id: &str, lesson_id: &str, task: usize) -> Result<LessonHandle, JsError> {
        let course = shipped(game_id)?;
        let lesson = course.lesson(lesson_id).ok_or_else(|| {
            let ids: Vec<&str> = course.lessons.iter().map(|l| l.id.as_str()).collect();
            JsError::new(&format!(
                "the {} course has no lesson '{lesson_id}' (its lessons: {})",
                course.title,
                ids.join(", ")
            ))
        })?;
        let task = lesson.tasks.get(task).cloned().ok_or_else(|| {
            JsError::new(&format!(
                "the lesson '{lesson_id}' has {} tasks: there is no task {}",
                lesson.tasks.len(),
                task + 1
            ))
        })?;
        let attempt = Attempt::new(&task);
        Ok(LessonHandle {
            task,
            moves: Vec::new(),
            attempt,
        })
    }

    /// Plays the learner's move (move text or name) and the other side's answer: what it did
    /// (`{ turn: TurnView, counted }`, `counted` false for a wrong move, which is explained and taken
    /// back, the task going on from the position before it). The error says when the move
    /// is not legal or the task is done.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsError> {
        let before = self.attempt.position().clone();
        let turn = self
            .attempt
            .play_text(text)
            .map_err(|e| JsError::new(e.message()))?;
        let view = TurnView::new(&self.attempt, &before, &turn);
        let counted = !matches!(turn.status, Status::Failed { .. });
        if counted {
            self.moves.push(view.played.clone());
        } else {
            self.attempt = self.replayed();
        }
        Ok(to_js(&Played {
            turn: view,
            counted,
        }))
    }

    /// Starts the task again.
    pub fn restart(&mut self) {
        self.moves.clear();
        self.attempt = Attempt::new(&self.task);
    }

    /// The learner's moves that counted so far.
    pub fn played(&self) -> u32 {
        self.attempt.played()
    }

    /// The fewest moves that reach the goal (three stars), found again by `lesson check`.
    pub fn fewest(&self) -> u32 {
        self.task.moves
    }

    /// The position now, as text (the learner to move while the task goes on).
    #[wasm_bindgen(js_name = positionText)]
    pub fn position_text(&self) -> String {
        self.attempt.position().to_text()
    }
}

impl LessonHandle {
    /// The attempt after the moves that counted (they were legal and not wrong, so they
    /// replay as they were played).
    fn replayed(&self) -> Attempt {
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
        match Attempt::replay(&self.task, &moves) {
            Ok((attempt, _)) => attempt,
            Err(_) => Attempt::new(&self.task),
        }
    }
}

/// A turn as the page reads it (`{ turn, counted }`), with whether it counted.
#[derive(serde::Serialize)]
struct Played {
    turn: TurnView,
    counted: bool,
}

#[wasm_bindgen]
impl GameHandle {
    /// Makes this game a lesson's practice board (or a game again): a lone king standing by
    /// draws by insufficient material in a game, but not in a lesson's task, where only
    /// checkmate, stalemate and the games' own wins end it.
    #[wasm_bindgen(js_name = setPractice)]
    pub fn set_practice(&mut self, on: bool) {
        self.game.set_practice(on);
    }
}
