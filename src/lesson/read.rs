//! Reading a lesson file: `field: value` lines, grouped by `lesson:` and `task:` lines, and
//! every problem found with its line number. The format is described in `docs/formats.md`.

use super::goal::{stars, MoveKind, Part, Targets, MAX_STARS};
use super::{Course, Lesson, Problem, Reply, Task, TaskLines, Wrong};
use crate::error::clip;
use crate::games::Variant;
use crate::geometry::Square;
use crate::outcome::Reason;
use crate::piece::Kind;
use crate::position::Position;

/// The most nodes an engine reply may search (a reply must stay quick in the page).
const MAX_NODES: u64 = 100_000;
/// The nodes of `reply: engine` without a number.
const DEFAULT_NODES: u64 = 1_000;
/// The most moves a task may state or allow.
const MAX_MOVES: u32 = 99;

/// One field: `key: value` (or `key qualifier: value`) with the lines continuing it.
struct Field<'a> {
    line: usize,
    key: &'a str,
    qualifier: Option<&'a str>,
    value: String,
}

/// Reads a course; every problem found, each with its line, if it cannot be read.
pub fn read_course(text: &str) -> Result<Course, Vec<Problem>> {
    let mut problems = Vec::new();
    let fields = fields(text, &mut problems);
    let mut reader = Reader {
        variant: None,
        course_title: None,
        course_intro: Vec::new(),
        lessons: Vec::new(),
        task: None,
        problems,
    };
    for field in &fields {
        reader.field(field);
    }
    reader.finish()
}

/// Splits the text into fields: comments (`#` first on a line) and blank lines skipped (they
/// end a field), a line that starts with a space or tab joined to the field right above it.
fn fields<'a>(text: &'a str, problems: &mut Vec<Problem>) -> Vec<Field<'a>> {
    let mut out: Vec<Field<'a>> = Vec::new();
    // Whether the line before was part of a field (a blank line or comment ends one).
    let mut open = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || raw.starts_with('#') {
            open = false;
            continue;
        }
        if raw.starts_with([' ', '\t']) {
            match out.last_mut() {
                Some(field) if open => {
                    if !field.value.is_empty() {
                        field.value.push(' ');
                    }
                    field.value.push_str(trimmed);
                }
                _ => problems.push(Problem::new(
                    line,
                    "an indented line continues the field right above it, and there is none",
                )),
            }
            continue;
        }
        let Some((head, value)) = raw.split_once(':') else {
            problems.push(Problem::new(
                line,
                format!(
                    "expected 'field: value' (e.g. 'goal: stars a5'), not '{}'",
                    clip(trimmed)
                ),
            ));
            open = false;
            continue;
        };
        let mut words = head.split_whitespace();
        let key = words.next().unwrap_or("");
        let qualifier = words.next();
        if key.is_empty() || words.next().is_some() {
            problems.push(Problem::new(
                line,
                format!("'{}' is not a field name", clip(head.trim())),
            ));
            open = false;
            continue;
        }
        out.push(Field {
            line,
            key,
            qualifier,
            value: value.trim().to_string(),
        });
        open = true;
    }
    out
}

/// A task being read: its fields as given, checked once the task is complete.
struct Draft {
    say: String,
    lines: TaskLines,
    position: Option<String>,
    goal: Option<String>,
    moves: Option<String>,
    limit: Option<String>,
    reply: Option<String>,
    pieces: Option<String>,
    safe: Option<(usize, String)>,
    hints: Vec<String>,
    wrong: Vec<(Option<Wrong>, String)>,
    done: Option<(usize, String)>,
}

struct Reader {
    variant: Option<Variant>,
    course_title: Option<String>,
    course_intro: Vec<String>,
    lessons: Vec<(Lesson, Option<usize>)>,
    task: Option<Draft>,
    problems: Vec<Problem>,
}

impl Reader {
    fn problem(&mut self, line: usize, message: impl Into<String>) {
        self.problems.push(Problem::new(line, message));
    }

    fn field(&mut self, f: &Field) {
        if f.qualifier.is_some() && f.key != "wrong" {
            self.problem(
                f.line,
                format!(
                    "'{} {}' is not a field name",
                    f.key,
                    clip(f.qualifier.unwrap_or(""))
                ),
            );
            return;
        }
        if self.variant.is_none() && f.key != "game" {
            self.problem(
                f.line,
                "a lesson file starts with 'game: <game>' (orthodox, vagabond, bandit, quarter, pawnier or riftwalker)",
            );
            // Read on as orthodox chess so that later problems are still found.
            self.variant = Some(Variant::Orthodox);
        }
        match f.key {
            "game" => self.game(f),
            "lesson" => self.lesson(f),
            "task" => self.new_task(f),
            "title" | "intro" => self.words(f),
            "position" | "goal" | "moves" | "limit" | "reply" | "pieces" | "safe" | "hint"
            | "wrong" | "done" => self.task_field(f),
            other => self.problem(
                f.line,
                format!(
                    "unknown field '{}' (fields: game, title, intro, lesson, task, position, goal, moves, limit, reply, pieces, safe, hint, wrong, done)",
                    clip(other)
                ),
            ),
        }
    }

    fn game(&mut self, f: &Field) {
        if self.variant.is_some() {
            self.problem(f.line, "'game:' comes once, first in the file");
            return;
        }
        match Variant::from_id(&f.value) {
            Ok(v) => self.variant = Some(v),
            Err(e) => {
                self.problem(f.line, e.message());
                self.variant = Some(Variant::Orthodox);
            }
        }
    }

    fn lesson(&mut self, f: &Field) {
        self.end_task();
        let id = f.value.as_str();
        let well_formed = !id.is_empty()
            && id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !well_formed {
            self.problem(
                f.line,
                format!(
                    "a lesson id is lower-case letters, digits and hyphens (e.g. quadrant-shift), not '{}'",
                    clip(id)
                ),
            );
        } else if let Some((first, _)) = self.lessons.iter().find(|(l, _)| l.id == id) {
            let first = first.line;
            self.problem(f.line, format!("lesson '{id}' is already on line {first}"));
        }
        self.lessons.push((
            Lesson {
                id: id.to_string(),
                title: String::new(),
                intro: Vec::new(),
                tasks: Vec::new(),
                line: f.line,
            },
            None,
        ));
    }

    /// `title:` and `intro:`, of the course before the first lesson, else of the lesson.
    fn words(&mut self, f: &Field) {
        if self.task.is_some() {
            self.problem(
                f.line,
                format!(
                    "'{}:' belongs to a lesson: put it before the lesson's first task",
                    f.key
                ),
            );
            return;
        }
        let line = f.line;
        let (title, intro) = match self.lessons.last_mut() {
            Some((lesson, title_line)) => {
                if f.key == "title" {
                    if let Some(first) = title_line {
                        let first = *first;
                        self.problem(
                            line,
                            format!("a second 'title:' (the first is on line {first})"),
                        );
                        return;
                    }
                    *title_line = Some(line);
                }
                (&mut lesson.title, &mut lesson.intro)
            }
            None => {
                if f.key == "title" && self.course_title.is_some() {
                    self.problem(line, "a second 'title:' for the course");
                    return;
                }
                let title = self.course_title.get_or_insert_with(String::new);
                (title, &mut self.course_intro)
            }
        };
        if f.value.is_empty() {
            self.problem(line, format!("'{}:' is empty", f.key));
        } else if f.key == "title" {
            *title = f.value.clone();
        } else {
            intro.push(f.value.clone());
        }
    }

    fn new_task(&mut self, f: &Field) {
        self.end_task();
        if self.lessons.is_empty() {
            self.problem(
                f.line,
                "a task belongs to a lesson: put 'lesson: <id>' first",
            );
        }
        if f.value.is_empty() {
            self.problem(f.line, "'task:' says what to do, in words");
        }
        self.task = Some(Draft {
            say: f.value.clone(),
            lines: TaskLines {
                task: f.line,
                ..TaskLines::default()
            },
            position: None,
            goal: None,
            moves: None,
            limit: None,
            reply: None,
            pieces: None,
            safe: None,
            hints: Vec::new(),
            wrong: Vec::new(),
            done: None,
        });
    }

    fn task_field(&mut self, f: &Field) {
        let Some(task) = self.task.as_mut() else {
            self.problem(
                f.line,
                format!(
                    "'{}:' belongs to a task: put 'task: <what to do>' first",
                    f.key
                ),
            );
            return;
        };
        let value = f.value.clone();
        let mut twice = None;
        let mut once = |slot: &mut Option<String>, line: &mut usize| {
            if slot.is_some() {
                twice = Some(*line);
            } else {
                *slot = Some(value.clone());
                *line = f.line;
            }
        };
        let lines = &mut task.lines;
        match f.key {
            "position" => once(&mut task.position, &mut lines.position),
            "goal" => once(&mut task.goal, &mut lines.goal),
            "moves" => once(&mut task.moves, &mut lines.moves),
            "limit" => once(&mut task.limit, &mut lines.limit),
            "reply" => once(&mut task.reply, &mut lines.reply),
            "pieces" => once(&mut task.pieces, &mut lines.pieces),
            "safe" | "done" => {
                let slot = if f.key == "safe" {
                    &mut task.safe
                } else {
                    &mut task.done
                };
                match slot {
                    Some((first, _)) => twice = Some(*first),
                    None => *slot = Some((f.line, value.clone())),
                }
            }
            "hint" => task.hints.push(value.clone()),
            _ => {
                let kind = match f.qualifier {
                    None => None,
                    Some(q) => match Wrong::from_id(q) {
                        Some(w) => Some(w),
                        None => {
                            let kinds: Vec<&str> = Wrong::ALL.iter().map(|w| w.id()).collect();
                            let message = format!(
                                "'wrong {}:' names no kind of mistake (kinds: {})",
                                clip(q),
                                kinds.join(", ")
                            );
                            self.problem(f.line, message);
                            return;
                        }
                    },
                };
                if task.wrong.iter().any(|(k, _)| *k == kind) {
                    self.problem(f.line, "a second 'wrong' field of the same kind");
                    return;
                }
                task.wrong.push((kind, value.clone()));
            }
        }
        if let Some(first) = twice {
            self.problem(
                f.line,
                format!(
                    "a second '{}:' in this task (the first is on line {first})",
                    f.key
                ),
            );
        } else if value.is_empty() {
            self.problem(f.line, format!("'{}:' is empty", f.key));
        }
    }

    /// Checks the task being read and adds it to its lesson.
    fn end_task(&mut self) {
        let Some(draft) = self.task.take() else {
            return;
        };
        let variant = self.variant.unwrap_or(Variant::Orthodox);
        let mut problems = Vec::new();
        let task = build_task(variant, draft, &mut problems);
        self.problems.extend(problems);
        if let (Some(task), Some((lesson, _))) = (task, self.lessons.last_mut()) {
            lesson.tasks.push(task);
        }
    }

    fn finish(mut self) -> Result<Course, Vec<Problem>> {
        self.end_task();
        let Some(variant) = self.variant else {
            // Lines that could not be read say more than "empty".
            if !self.problems.is_empty() {
                self.problems.sort_by_key(|p| p.line.wrapping_sub(1));
                return Err(self.problems);
            }
            return Err(vec![Problem::new(
                0,
                "the file is empty: a lesson file starts with 'game: <game>'",
            )]);
        };
        if self.lessons.is_empty() {
            self.problem(0, "the file has no lesson ('lesson: <id>')");
        }
        for (lesson, title_line) in &self.lessons {
            if title_line.is_none() {
                self.problems.push(Problem::new(
                    lesson.line,
                    format!("lesson '{}' has no 'title:'", lesson.id),
                ));
            }
        }
        if !self.problems.is_empty() {
            // By line, the file's own problems (line 0) last.
            self.problems.sort_by_key(|p| p.line.wrapping_sub(1));
            return Err(self.problems);
        }
        // A lesson whose tasks all had problems was reported with them; one with no task
        // at all only here.
        let mut problems = Vec::new();
        for (lesson, _) in &self.lessons {
            if lesson.tasks.is_empty() {
                problems.push(Problem::new(
                    lesson.line,
                    format!("lesson '{}' has no task ('task: <what to do>')", lesson.id),
                ));
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Course {
            variant,
            title: self
                .course_title
                .unwrap_or_else(|| variant.name().to_string()),
            intro: self.course_intro,
            lessons: self.lessons.into_iter().map(|(l, _)| l).collect(),
        })
    }
}

/// Checks a task's fields; the task, or `None` with its problems added.
fn build_task(variant: Variant, draft: Draft, problems: &mut Vec<Problem>) -> Option<Task> {
    let before = problems.len();
    let lines = draft.lines.clone();
    let mut missing = |what: &str, example: &str| {
        problems.push(Problem::new(
            lines.task,
            format!("the task has no '{what}:' ({example})"),
        ));
    };
    if draft.position.is_none() {
        missing(
            "position",
            "the position text, e.g. 'position: 4k3/8/8/8/8/8/8/R3K3 w'",
        );
    }
    if draft.goal.is_none() {
        missing("goal", "e.g. 'goal: stars a5 e5'");
    }
    if draft.moves.is_none() {
        missing(
            "moves",
            "the fewest moves that reach the goal, e.g. 'moves: 2'",
        );
    }
    let position = draft.position.as_deref().and_then(|text| {
        let read = Position::from_text(variant, text).and_then(|p| playable(&p).map(|_| p));
        read.map_err(|e| problems.push(Problem::new(lines.position, e.message().to_string())))
            .ok()
    });
    let count = |text: Option<&str>, line: usize, what: &str, problems: &mut Vec<Problem>| {
        let text = text?;
        match text.parse::<u32>() {
            Ok(n) if (1..=MAX_MOVES).contains(&n) => Some(n),
            _ => {
                problems.push(Problem::new(
                    line,
                    format!(
                        "'{what}:' is a whole number of moves from 1 to {MAX_MOVES}, not '{}'",
                        clip(text)
                    ),
                ));
                None
            }
        }
    };
    let moves = count(draft.moves.as_deref(), lines.moves, "moves", problems);
    let limit = count(draft.limit.as_deref(), lines.limit, "limit", problems);
    if let (Some(m), Some(l)) = (moves, limit) {
        if l < m {
            problems.push(Problem::new(
                lines.limit,
                format!("the limit ({l}) is below the task's fewest moves ({m})"),
            ));
        }
    }
    let reply = match draft.reply.as_deref() {
        None => Some(Reply::None),
        Some(text) => read_reply(text)
            .map_err(|e| problems.push(Problem::new(lines.reply, e)))
            .ok(),
    };
    let safe = match draft.safe {
        None => Some(false),
        Some((_, ref v)) if v == "yes" => Some(true),
        Some((_, ref v)) if v == "no" => Some(false),
        Some((line, ref v)) => {
            problems.push(Problem::new(
                line,
                format!("'safe:' is yes or no, not '{}'", clip(v)),
            ));
            None
        }
    };
    let pieces = match (&position, draft.pieces.as_deref()) {
        (_, None) => Some(Vec::new()),
        (Some(pos), Some(text)) => read_pieces(pos, text)
            .map_err(|e| problems.push(Problem::new(lines.pieces, e)))
            .ok(),
        (None, Some(_)) => None,
    };
    let goal = match (&position, draft.goal.as_deref()) {
        (Some(pos), Some(text)) => read_goal(pos, text)
            .map_err(|e| problems.push(Problem::new(lines.goal, e)))
            .ok(),
        _ => None,
    };
    if problems.len() > before {
        return None;
    }
    Some(Task {
        say: draft.say,
        position: position?,
        goal: goal?,
        moves: moves?,
        limit,
        reply: reply?,
        safe: safe?,
        pieces: pieces?,
        hints: draft.hints,
        wrong: draft.wrong,
        done: draft.done.map(|(_, words)| words),
        lines,
    })
}

/// Whether a task can start here: the learner has a legal move. (A draw by the material
/// left does not count: a lesson's board is often a piece and two kings.)
fn playable(pos: &Position) -> Result<(), crate::Error> {
    if pos.count_legal() == 0 {
        return Err(crate::Error::new(format!(
            "{} has no legal move in this position",
            pos.side().name()
        )));
    }
    Ok(())
}

/// Reads a `pieces:` value: squares of the learner's pieces.
fn read_pieces(pos: &Position, text: &str) -> Result<Vec<Square>, String> {
    let g = pos.geometry();
    let mut out = Vec::new();
    for w in text.split_whitespace() {
        let s = g
            .parse_square(w)
            .ok_or_else(|| format!("{} is not a square of this board", clip(w)))?;
        if !pos.piece_at(s).is_some_and(|p| p.color() == pos.side()) {
            return Err(format!(
                "'pieces': there is no {} piece on {}",
                pos.side().name(),
                g.name(s)
            ));
        }
        if out.contains(&s) {
            return Err(format!("'pieces': {} is given twice", g.name(s)));
        }
        out.push(s);
    }
    Ok(out)
}

/// Reads a `reply:` value.
fn read_reply(text: &str) -> Result<Reply, String> {
    let mut words = text.split_whitespace();
    match words.next() {
        Some("none") if words.next().is_none() => Ok(Reply::None),
        Some("engine") => match (words.next(), words.next()) {
            (None, _) => Ok(Reply::Engine(DEFAULT_NODES)),
            (Some(n), None) => match n.parse::<u64>() {
                Ok(n) if (1..=MAX_NODES).contains(&n) => Ok(Reply::Engine(n)),
                _ => Err(format!(
                    "'engine' takes a number of nodes from 1 to {MAX_NODES}, not '{}'",
                    clip(n)
                )),
            },
            _ => Err("'engine' takes one number: the nodes it searches".to_string()),
        },
        Some("script") => {
            let moves: Vec<String> = words.map(str::to_string).collect();
            if moves.is_empty() {
                Err("'script' lists the replies, e.g. 'reply: script e7e5 d7d5'".to_string())
            } else {
                Ok(Reply::Script(moves))
            }
        }
        _ => Err(format!(
            "'reply:' is none, engine [<nodes>] or script <move>..., not '{}'",
            clip(text)
        )),
    }
}

/// Reads a `goal:` value for a task starting at `pos`: parts joined by `and`.
fn read_goal(pos: &Position, text: &str) -> Result<Vec<Part>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut goal = Vec::new();
    for part in words.split(|w| *w == "and") {
        goal.push(read_part(pos, part)?);
    }
    let star_count = stars(&goal).count();
    if star_count > MAX_STARS {
        return Err(format!(
            "{star_count} stars: a task has at most {MAX_STARS}"
        ));
    }
    let mut seen: Vec<Square> = Vec::new();
    for s in stars(&goal) {
        if seen.contains(&s) {
            return Err(format!(
                "the star {} is given twice",
                pos.geometry().name(s)
            ));
        }
        seen.push(s);
    }
    Ok(goal)
}

const PARTS: &str = "stars <squares>, capture all, capture <squares>, check, mate, win [<how>], move <kind>, protect <square>, escape";

/// Reads one part of a goal.
fn read_part(pos: &Position, words: &[&str]) -> Result<Part, String> {
    let g = pos.geometry();
    let learner = pos.side();
    let square = |w: &str| {
        g.parse_square(w)
            .ok_or_else(|| format!("{} is not a square of this board", clip(w)))
    };
    let squares =
        |ws: &[&str]| -> Result<Vec<Square>, String> { ws.iter().map(|w| square(w)).collect() };
    let Some((&head, args)) = words.split_first() else {
        return Err(format!("an empty part of the goal (parts: {PARTS})"));
    };
    let no_args = |part: Part| {
        if args.is_empty() {
            Ok(part)
        } else {
            Err(format!("'{head}' takes nothing after it"))
        }
    };
    match head {
        "stars" => {
            if args.is_empty() {
                return Err("'stars' names the star squares, e.g. 'stars a5 e5'".to_string());
            }
            let cells = squares(args)?;
            if let Some(&s) = cells
                .iter()
                .find(|&&s| pos.piece_at(s).is_some_and(|p| p.color() == learner))
            {
                return Err(format!(
                    "the star {} is under one of the learner's pieces already",
                    g.name(s)
                ));
            }
            Ok(Part::Stars(cells))
        }
        "capture" => match args {
            [] => Err("'capture' takes 'all' or the squares of the pieces to take".to_string()),
            ["all"] => {
                if pos.pieces_of(learner.opponent()) & !pos.kings() == 0 {
                    Err(format!(
                        "'capture all': {} has nothing but kings to capture",
                        learner.opponent().name()
                    ))
                } else {
                    Ok(Part::Capture(Targets::All))
                }
            }
            _ => {
                let cells = squares(args)?;
                for &s in &cells {
                    let enemy = pos
                        .piece_at(s)
                        .filter(|p| p.color() == learner.opponent() && p.kind() != Kind::King);
                    if enemy.is_none() {
                        return Err(format!(
                            "'capture {}': there is no {} piece to capture there (kings are not captured)",
                            g.name(s),
                            learner.opponent().name()
                        ));
                    }
                }
                Ok(Part::Capture(Targets::These(cells)))
            }
        },
        "check" => no_args(Part::Check),
        "mate" => no_args(Part::Win(Some(Reason::Checkmate))),
        "escape" => {
            if !pos.in_check() {
                return Err(format!(
                    "'escape': {} is not in check in this position",
                    learner.name()
                ));
            }
            no_args(Part::Escape)
        }
        "win" => match args {
            [] => Ok(Part::Win(None)),
            [how] => {
                let reasons = [
                    Reason::Checkmate,
                    Reason::Backstab,
                    Reason::KingTrapped,
                    Reason::KingCaptured,
                ];
                reasons
                    .into_iter()
                    .find(|r| r.id() == *how)
                    .map(|r| Part::Win(Some(r)))
                    .ok_or_else(|| {
                        let ids: Vec<&str> = reasons.iter().map(|r| r.id()).collect();
                        format!("'win {}': wins are {}", clip(how), ids.join(", "))
                    })
            }
            _ => Err("'win' takes at most one word: how".to_string()),
        },
        "move" => read_move_kind(pos, args).map(Part::Move),
        "protect" => match args {
            [w] => {
                let s = square(w)?;
                let own = pos
                    .piece_at(s)
                    .filter(|p| p.color() == learner && p.kind() != Kind::King);
                if own.is_none() {
                    return Err(format!(
                        "'protect {}': there is no {} piece there (other than a king)",
                        g.name(s),
                        learner.name()
                    ));
                }
                Ok(Part::Protect(s))
            }
            _ => Err("'protect' takes one square: the piece to keep".to_string()),
        },
        other => Err(format!("'{}' is not a goal (parts: {PARTS})", clip(other))),
    }
}

/// Reads `move <kind>` (and `move promote <letter>`).
fn read_move_kind(pos: &Position, args: &[&str]) -> Result<MoveKind, String> {
    let ids: Vec<&str> = MoveKind::NAMED.iter().map(|(id, _)| *id).collect();
    let known = || format!("kinds: {}", ids.join(", "));
    let Some((&id, rest)) = args.split_first() else {
        return Err(format!("'move' names a kind of move ({})", known()));
    };
    let Some(&(_, kind)) = MoveKind::NAMED.iter().find(|(i, _)| *i == id) else {
        return Err(format!(
            "'{}' is not a kind of move ({})",
            clip(id),
            known()
        ));
    };
    if kind == MoveKind::Drop && !pos.variant().has_hands() {
        return Err(format!("{} has no drops", pos.variant().name()));
    }
    match (kind, rest) {
        (_, []) => Ok(kind),
        (MoveKind::Promote(_), [letter]) => {
            let mut chars = letter.chars();
            let found = match (chars.next(), chars.next()) {
                (Some(c), None) => pos.variant().kind_of_letter(c),
                _ => None,
            };
            found.map(|k| MoveKind::Promote(Some(k))).ok_or_else(|| {
                format!(
                    "'move promote {}': name the piece by its letter in {} (e.g. N)",
                    clip(letter),
                    pos.variant().name()
                )
            })
        }
        _ => Err(format!("'move {id}' takes nothing after it")),
    }
}
