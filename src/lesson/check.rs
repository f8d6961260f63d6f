//! `fairyboard lesson check FILE`: the file read, every task's fewest moves searched again
//! and compared with what the file states, and one summary line (`12 lessons, 58 tasks`) or
//! every problem with its line.

use super::fewest::{fewest, Bound, Fewest, BOUND};
use super::{read_course, Course, Problem, Reply};

/// What checking a lesson file found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// The course's counts (`12 lessons, 58 tasks`), if it could be read.
    pub summary: Option<String>,
    /// Every problem, in line order; none when the file is valid.
    pub problems: Vec<Problem>,
}

impl CheckReport {
    /// Whether the file is valid.
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }

    /// What the command prints: the summary when valid, else one line a problem, each
    /// starting with `file:line:` (as compilers write it, so editors can jump there).
    pub fn lines(&self, file: &str) -> Vec<String> {
        if self.ok() {
            return vec![self.summary.clone().unwrap_or_default()];
        }
        self.problems
            .iter()
            .map(|p| {
                if p.line == 0 {
                    format!("{file}: {}", p.message)
                } else {
                    format!("{file}:{}: {}", p.line, p.message)
                }
            })
            .collect()
    }
}

/// Checks a lesson file's text within [`BOUND`].
pub fn check_text(text: &str) -> CheckReport {
    match read_course(text) {
        Ok(course) => CheckReport {
            summary: Some(course.summary()),
            problems: check_course(&course, BOUND),
        },
        Err(problems) => CheckReport {
            summary: None,
            problems,
        },
    }
}

/// Checks a lesson file: `Ok` with the summary line, or `Err` with one line a problem
/// (`file:line: message`), the file's own problems or why it could not be read.
#[cfg(not(target_arch = "wasm32"))]
pub fn check_file(path: &std::path::Path) -> Result<String, Vec<String>> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| vec![format!("{name}: cannot read the file: {e}")])?;
    let report = check_text(&text);
    if report.ok() {
        Ok(report.summary.unwrap_or_default())
    } else {
        Err(report.lines(&name))
    }
}

/// The problems of a course that was read: each task's fewest moves searched within
/// `bound` and compared with its `moves:`.
pub fn check_course(course: &Course, bound: Bound) -> Vec<Problem> {
    let mut problems = Vec::new();
    for lesson in &course.lessons {
        for task in &lesson.tasks {
            let lines = &task.lines;
            match fewest(task, bound) {
                Fewest::Found { moves, line } => {
                    if moves != task.moves {
                        problems.push(Problem::new(
                            lines.moves,
                            format!(
                                "'moves: {}' but the fewest is {moves}: {}",
                                task.moves,
                                Fewest::line_text(&line)
                            ),
                        ));
                    }
                }
                Fewest::Unreachable { positions } => {
                    let within = match task.limit {
                        Some(l) if l < bound.moves => {
                            format!(" within the limit of {l} move{}", plural(l))
                        }
                        _ => String::new(),
                    };
                    let why = match task.reply {
                        Reply::None => "every line fails",
                        _ => "every line fails or the game ends",
                    };
                    problems.push(Problem::new(
                        lines.goal,
                        format!(
                            "the goal cannot be reached{within}: {why} ({positions} position{} searched)",
                            plural(positions as u32)
                        ),
                    ));
                }
                Fewest::Bounded { positions, moves } => problems.push(Problem::new(
                    lines.task,
                    format!(
                        "the search stopped at its bound ({positions} positions, up to {moves} move{}) without reaching the goal: make the task smaller, or give it a 'limit:'",
                        plural(moves)
                    ),
                )),
            }
        }
    }
    problems.sort_by_key(|p| p.line);
    problems
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
