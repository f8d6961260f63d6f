//! Lessons (issue 44): the lesson file format and its errors with line numbers, the goal
//! checks on small positions with results worked out from the rules (RULES.md), the
//! checker's fewest moves on hand-worked tasks, and every course shipped in `lessons/`.

use fairyboard::lesson::{
    check_text, fewest, read_course, stars, Attempt, Bound, Course, CourseView, Fewest, MoveKind,
    Part, Reply, Status, Targets, Task, TurnView, Wrong, BOUND,
};
use fairyboard::search::{Limits, Searcher};
use fairyboard::{Reason, Variant};

/// A course of one lesson holding the tasks written in `tasks`.
fn course_of(game: &str, tasks: &str) -> Course {
    let text = format!("game: {game}\nlesson: test\ntitle: Test\n{tasks}");
    read_course(&text).unwrap_or_else(|p| panic!("{p:?}\n{text}"))
}

/// The first task of a one-lesson course.
fn task(game: &str, fields: &str) -> Task {
    course_of(game, &format!("task: Test.\n{fields}")).lessons[0].tasks[0].clone()
}

/// The problems of a file that must not be read, as `line: message`.
fn problems(text: &str) -> Vec<String> {
    match read_course(text) {
        Ok(_) => panic!("read without a problem:\n{text}"),
        Err(problems) => problems.iter().map(|p| p.to_string()).collect(),
    }
}

/// The statuses after each of the learner's moves.
fn statuses(task: &Task, moves: &[&str]) -> Vec<Status> {
    let (_, turns) = Attempt::replay(task, moves).unwrap();
    turns.into_iter().map(|t| t.status).collect()
}

fn failed(task: &Task, kind: Wrong) -> Status {
    Status::Failed {
        kind,
        words: task.wrong_words(kind),
    }
}

fn fewest_moves(task: &Task) -> Fewest {
    match fewest(task, BOUND) {
        Fewest::Found { moves, line } => Fewest::Found { moves, line },
        other => other,
    }
}

fn found(task: &Task) -> (u32, String) {
    match fewest(task, BOUND) {
        Fewest::Found { moves, line } => (moves, Fewest::line_text(&line)),
        other => panic!("not found: {other:?}"),
    }
}

const SMALL: &str = "# A comment line
game: orthodox
title: Chess in two lessons
intro: The first paragraph,
  continued on an indented line.
intro: The second paragraph.

lesson: rook
title: The rook
intro: It moves in straight lines.

task: Collect both stars.
position: 7k/8/8/8/8/8/8/R6K w
goal: stars a5 e5
moves: 2
hint: First a5.
hint: Then e5.
wrong: Not that.
wrong check: Leave the king alone.
done: Well done.

task: Mate.
position: 6k1/5ppp/8/8/8/8/8/R5K1 w
goal: mate
reply: engine 500
limit: 1
moves: 1
safe: yes

lesson: en-passant
title: En passant
task: Take en passant after f7 to f5.
position: 4k3/5p2/8/4P3/8/8/8/4K3 w
goal: move en-passant
reply: script f7f5
moves: 2
";

// ---------------------------------------------------------------- the format

#[test]
fn a_course_reads_with_every_field() {
    let course = read_course(SMALL).unwrap();
    assert_eq!(course.variant, Variant::Orthodox);
    assert_eq!(course.title, "Chess in two lessons");
    assert_eq!(
        course.intro,
        [
            "The first paragraph, continued on an indented line.",
            "The second paragraph."
        ]
    );
    assert_eq!(course.summary(), "2 lessons, 3 tasks");
    let ids: Vec<&str> = course.lessons.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids, ["rook", "en-passant"]);
    let rook = course.lesson("rook").unwrap();
    assert_eq!((rook.title.as_str(), rook.line), ("The rook", 8));
    assert_eq!(rook.intro, ["It moves in straight lines."]);
    let t = &rook.tasks[0];
    assert_eq!(t.say, "Collect both stars.");
    assert_eq!(t.position.to_text(), "7k/8/8/8/8/8/8/R6K w - - 0 1");
    let g = Variant::Orthodox.geometry();
    let sq = |s| g.parse_square(s).unwrap();
    assert_eq!(t.goal, [Part::Stars(vec![sq("a5"), sq("e5")])]);
    assert_eq!((t.moves, t.limit, t.safe), (2, None, false));
    assert_eq!(t.reply, Reply::None);
    assert_eq!(t.hints, ["First a5.", "Then e5."]);
    assert_eq!(t.wrong_words(Wrong::Check), "Leave the king alone.");
    assert_eq!(t.wrong_words(Wrong::Unsafe), "Not that.");
    assert_eq!(t.done.as_deref(), Some("Well done."));
    assert_eq!(
        (t.lines.task, t.lines.position, t.lines.goal, t.lines.moves),
        (12, 13, 14, 15)
    );
    let mate = &rook.tasks[1];
    assert_eq!(mate.goal, [Part::Win(Some(Reason::Checkmate))]);
    assert_eq!(
        (mate.reply.clone(), mate.limit, mate.safe),
        (Reply::Engine(500), Some(1), true)
    );
    assert_eq!(
        mate.wrong_words(Wrong::Limit),
        Wrong::Limit.default_words(),
        "no words of its own: the built-in ones"
    );
    let ep = &course.lesson("en-passant").unwrap().tasks[0];
    assert_eq!(ep.reply, Reply::Script(vec!["f7f5".to_string()]));
    assert_eq!(ep.goal, [Part::Move(MoveKind::EnPassant)]);
    assert_eq!(check_text(SMALL).problems, []);
}

#[test]
fn goals_read_every_part() {
    let t = task(
        "orthodox",
        "position: 4k3/8/8/3p4/4P3/8/8/4K2R w\ngoal: capture d5 and check and move castle and win and protect e4\nmoves: 1",
    );
    let g = Variant::Orthodox.geometry();
    let sq = |s| g.parse_square(s).unwrap();
    assert_eq!(
        t.goal,
        [
            Part::Capture(Targets::These(vec![sq("d5")])),
            Part::Check,
            Part::Move(MoveKind::Castle),
            Part::Win(None),
            Part::Protect(sq("e4")),
        ]
    );
    let t = task(
        "pawnier",
        "position: 9/1k7/9/9/6*2/4*4/2*6/9/9/7K1/9[PP] w\ngoal: move drop\nmoves: 1",
    );
    assert_eq!(t.goal, [Part::Move(MoveKind::Drop)]);
    let t = task(
        "pawnier",
        "position: 9/1k7/9/3S5/6*2/4*4/2*6/9/9/7K1/9[] w\ngoal: move promote N\nmoves: 1",
    );
    assert_eq!(
        t.goal,
        [Part::Move(MoveKind::Promote(Some(
            fairyboard::Kind::Knight
        )))]
    );
    let t = task(
        "quarter",
        "position: 8/8/8/2Mk1M2/8/8/8/6K1 w\ngoal: win backstab\nmoves: 1",
    );
    assert_eq!(t.goal, [Part::Win(Some(Reason::Backstab))]);
}

#[test]
fn problems_name_their_lines() {
    let text = "game: orthodox
lesson: Rook
title: The rook
task: Go.
position: 4k3/8/8/8/8/8/8/R3K2 w
goal: stars a5
moves: 1
task: Go again.
position: 4k3/8/8/8/8/8/8/R3K3 w
goal: stars a1 b9
goal: check
moves: none
colour: white
  continued
task: A third.
position: 4k3/8/8/8/8/8/8/R3K3 w
goal: capture a1
reply: engine 0
moves: 1
limit: 1
wrong sometimes: Never.
safe: perhaps
lesson: rook
lesson: rook
title: One
title: Two
what is this
";
    assert_eq!(
        problems(text),
        [
            "line 2: a lesson id is lower-case letters, digits and hyphens (e.g. quadrant-shift), not 'Rook'",
            "line 5: rank 1 describes 7 squares, but the board has 8 files",
            "line 10: a1 is not a square of this board".replace("a1", "b9").as_str(),
            "line 11: a second 'goal:' in this task (the first is on line 10)",
            "line 12: 'moves:' is a whole number of moves from 1 to 99, not 'none'",
            "line 13: unknown field 'colour' (fields: game, title, intro, lesson, task, position, goal, moves, limit, reply, pieces, safe, hint, wrong, done)",
            "line 17: 'capture a1': there is no Black piece to capture there (kings are not captured)",
            "line 18: 'engine' takes a number of nodes from 1 to 100000, not '0'",
            "line 21: 'wrong sometimes:' names no kind of mistake (kinds: illegal, piece, check, script, unsafe, limit, stalemate, over)",
            "line 22: 'safe:' is yes or no, not 'perhaps'",
            "line 23: lesson 'rook' has no 'title:'",
            "line 24: lesson 'rook' is already on line 23",
            "line 26: a second 'title:' (the first is on line 25)",
            "line 27: expected 'field: value' (e.g. 'goal: stars a5'), not 'what is this'",
        ]
    );
}

#[test]
fn problems_of_structure() {
    assert_eq!(
        problems("lesson: a\n"),
        ["line 1: a lesson file starts with 'game: <game>' (orthodox, vagabond, bandit, quarter, pawnier or riftwalker)",
         "line 1: lesson 'a' has no 'title:'"]
    );
    assert_eq!(
        problems(""),
        ["the file is empty: a lesson file starts with 'game: <game>'"]
    );
    // A file of lines that are not fields is not called empty: its lines are named.
    assert_eq!(
        problems("x\n"),
        ["line 1: expected 'field: value' (e.g. 'goal: stars a5'), not 'x'"]
    );
    assert_eq!(
        problems("game: chess\n"),
        [
            "line 1: unknown game 'chess' (expected one of: orthodox, vagabond, bandit, quarter, pawnier, riftwalker)",
            "the file has no lesson ('lesson: <id>')",
        ]
    );
    assert_eq!(
        problems("game: orthodox\n\n  indented\nlesson: a\ntitle: A\n"),
        ["line 3: an indented line continues the field right above it, and there is none",]
    );
    assert_eq!(
        problems("game: orthodox\nlesson: a\ntitle: A\n"),
        ["line 2: lesson 'a' has no task ('task: <what to do>')"]
    );
    assert_eq!(
        problems("game: orthodox\ntask: Go.\nlesson: a\ntitle: A\ntask: Go.\nmoves: 1\ntitle: B\n"),
        [
            "line 2: a task belongs to a lesson: put 'lesson: <id>' first",
            "line 2: the task has no 'position:' (the position text, e.g. 'position: 4k3/8/8/8/8/8/8/R3K3 w')",
            "line 2: the task has no 'goal:' (e.g. 'goal: stars a5 e5')",
            "line 2: the task has no 'moves:' (the fewest moves that reach the goal, e.g. 'moves: 2')",
            "line 5: the task has no 'position:' (the position text, e.g. 'position: 4k3/8/8/8/8/8/8/R3K3 w')",
            "line 5: the task has no 'goal:' (e.g. 'goal: stars a5 e5')",
            "line 7: 'title:' belongs to a lesson: put it before the lesson's first task",
        ]
    );
    assert_eq!(
        problems("game: orthodox\nlesson: a\ntitle: A\ntask: Go.\nposition: 4k3/8/8/8/8/8/8/R3K3 w\ngoal: escape\nmoves: 1\n"),
        ["line 6: 'escape': White is not in check in this position"]
    );
    assert_eq!(
        problems("game: orthodox\nlesson: a\ntitle: A\ntask: Go.\nposition: 4k3/8/8/8/8/8/8/R3K3 w\ngoal: stars a1\nmoves: 1\n"),
        ["line 6: the star a1 is under one of the learner's pieces already"]
    );
    assert_eq!(
        problems("game: orthodox\nlesson: a\ntitle: A\ntask: Go.\nposition: 4k3/8/8/8/8/8/8/R3K3 w\ngoal: move drop\nmoves: 2\nlimit: 1\n"),
        [
            "line 6: Orthodox chess has no drops",
            "line 8: the limit (1) is below the task's fewest moves (2)",
        ]
    );
    assert_eq!(
        problems("game: orthodox\nlesson: a\ntitle: A\ntask: Go.\nposition: k7/1Q6/1K6/8/8/8/8/8 b\ngoal: check\nmoves: 1\n"),
        ["line 5: Black has no legal move in this position"]
    );
}

// ---------------------------------------------------------------- goals and wrong moves

#[test]
fn stars_are_collected_one_move_at_a_time() {
    let t = task(
        "orthodox",
        "position: 7k/8/8/8/8/8/8/R6K w\ngoal: stars a5 e5\nmoves: 2",
    );
    let (attempt, turns) = Attempt::replay(&t, &["a1a5"]).unwrap();
    assert_eq!(turns[0].status, Status::Going);
    assert_eq!(turns[0].reply, None, "nobody answers: the turn comes back");
    // The turn passes back: a ply for the move and one for the pass.
    assert_eq!(attempt.position().to_text(), "7k/8/8/R7/8/8/8/7K w - - 2 2");
    let view = TurnView::new(&attempt, &t.position, &turns[0]);
    assert_eq!(view.collected, ["a5"]);
    assert_eq!((view.played.as_str(), view.status), ("a1a5", "going"));
    assert_eq!(
        statuses(&t, &["a1a5", "a5e5"]),
        [Status::Going, Status::Done { stars: 3 }]
    );
    // Late by one (at most max(1, 2 / 8) = 1): two stars; late by two: one star.
    assert_eq!(
        statuses(&t, &["a1e1", "e1e5", "e5a5"])[2],
        Status::Done { stars: 2 }
    );
    assert_eq!(
        statuses(&t, &["a1b1", "b1b5", "b5a5", "a5e5"])[3],
        Status::Done { stars: 1 }
    );
}

#[test]
fn the_star_rule_is_lichess_s() {
    assert_eq!(stars(1, 1), 3);
    assert_eq!(stars(1, 2), 2);
    assert_eq!(stars(1, 3), 1);
    assert_eq!(stars(8, 9), 2);
    assert_eq!(stars(8, 10), 1);
    assert_eq!(stars(16, 18), 2);
    assert_eq!(stars(16, 19), 1);
    assert_eq!(
        stars(3, 2),
        3,
        "fewer than the fewest cannot happen, and is three"
    );
}

#[test]
fn only_the_pieces_named_play() {
    // The king could walk to f4 as well, but only the rook plays.
    let t = task(
        "orthodox",
        "position: 7k/8/8/8/8/8/4K3/R7 w\ngoal: stars a4 f4\npieces: a1\nmoves: 2",
    );
    assert_eq!(statuses(&t, &["e2e3"]), [failed(&t, Wrong::Piece)]);
    assert_eq!(
        t.wrong_words(Wrong::Piece),
        "In this task only the marked piece moves."
    );
    assert_eq!(
        statuses(&t, &["a1a4", "a4f4"]),
        [Status::Going, Status::Done { stars: 3 }],
        "the rook is followed from a1 to a4"
    );
    assert_eq!(found(&t), (2, "Ra4 Rf4".to_string()));
    let free = task(
        "orthodox",
        "position: 7k/8/8/8/8/8/4K3/R7 w\ngoal: stars a4 f4\nmoves: 2",
    );
    assert_eq!(
        statuses(&free, &["e2e3", "a1a4", "e3f4"]),
        [Status::Going, Status::Going, Status::Done { stars: 2 }],
        "without 'pieces:' the king collects stars too"
    );
    assert_eq!(
        problems("game: orthodox\nlesson: a\ntitle: A\ntask: Go.\nposition: 7k/8/8/8/8/8/4K3/R7 w\ngoal: stars e4\npieces: a1 h8\nmoves: 1\n"),
        ["line 7: 'pieces': there is no White piece on h8"]
    );
}

#[test]
fn a_check_where_nobody_answers_is_wrong() {
    let t = task(
        "orthodox",
        "position: 4k3/8/8/8/8/8/8/R6K w\ngoal: stars c5\nmoves: 2",
    );
    // a1a8 attacks the king on e8 along the eighth rank; a1e1 along the e-file.
    for m in ["a1a8", "a1e1"] {
        assert_eq!(statuses(&t, &[m]), [failed(&t, Wrong::Check)], "{m}");
    }
    assert_eq!(
        t.wrong_words(Wrong::Check),
        "That move attacks the other king, which only stands by in this task: find another way."
    );
    assert_eq!(
        statuses(&t, &["a1a5", "a5c5"]),
        [Status::Going, Status::Done { stars: 3 }]
    );
}

#[test]
fn safe_tasks_fail_on_a_piece_left_to_be_taken() {
    // The knight on b6 guards a4, c4, d5, d7, a8 and c8; the pawn on f6 guards e5 and g5;
    // the pawn on d4 guards c3 and e3.
    let t = task(
        "orthodox",
        "position: 7k/8/1n3p2/8/3p4/8/1R6/7K w\ngoal: capture all\nsafe: yes\nmoves: 4\nwrong unsafe: It can be taken there.",
    );
    let unsafe_ = Status::Failed {
        kind: Wrong::Unsafe,
        words: "It can be taken there.".into(),
    };
    assert_eq!(
        statuses(&t, &["b2c2", "c2c4"]),
        [Status::Going, unsafe_.clone()]
    );
    assert_eq!(
        statuses(&t, &["b2b3", "b3e3"]),
        [Status::Going, unsafe_.clone()]
    );
    assert_eq!(statuses(&t, &["b2b5", "b5d5"]), [Status::Going, unsafe_]);
    assert_eq!(
        statuses(&t, &["b2b6", "b6f6", "f6f4", "f4d4"]),
        [
            Status::Going,
            Status::Going,
            Status::Going,
            Status::Done { stars: 3 }
        ]
    );
    assert_eq!(found(&t).0, 4);
}

#[test]
fn a_limit_fails_the_task_with_its_words() {
    let t = task(
        "orthodox",
        "position: 4k3/8/8/8/8/8/8/6NK w\ngoal: check\nlimit: 1\nmoves: 1\nwrong limit: No check.",
    );
    // From g1 the knight goes to e2, f3 or h3, and from none of them attacks e8.
    assert_eq!(
        fewest_moves(&t),
        Fewest::Unreachable { positions: 1 },
        "a knight on g1 cannot check a king on e8 in one move"
    );
    let t = task(
        "orthodox",
        "position: 8/8/8/4k3/8/8/8/6NK w\ngoal: check\nlimit: 1\nmoves: 1\nwrong limit: No check.",
    );
    assert_eq!(statuses(&t, &["g1f3"]), [Status::Done { stars: 3 }]);
    assert_eq!(
        statuses(&t, &["g1h3"]),
        [Status::Failed {
            kind: Wrong::Limit,
            words: "No check.".into()
        }]
    );
    assert_eq!(found(&t), (1, "Nf3+".to_string()));
}

#[test]
fn mates_stalemates_and_engine_answers() {
    let t = task(
        "orthodox",
        "position: k7/8/1K6/8/8/8/7Q/8 w\ngoal: mate\nreply: engine\nmoves: 1\nwrong stalemate: Stalemate!",
    );
    assert_eq!(statuses(&t, &["h2h8"]), [Status::Done { stars: 3 }]);
    // Qc7 leaves the king on a8 no move and no check.
    assert_eq!(
        statuses(&t, &["h2c7"]),
        [Status::Failed {
            kind: Wrong::Stalemate,
            words: "Stalemate!".into()
        }]
    );
    // Qh3 gives no check: the engine answers, and its answer is the one a fresh searcher
    // finds at 1,000 nodes.
    let (_, turns) = Attempt::replay(&t, &["h2h3"]).unwrap();
    let after = t.position.after(&turns[0].played);
    let mut searcher = Searcher::new(fairyboard::lesson::ENGINE_MEGABYTES);
    let report = searcher.search(
        &after,
        &[],
        &Limits::nodes(1000),
        &|| 0.0,
        &|| false,
        &mut |_| {},
    );
    assert_eq!(turns[0].reply, report.best);
    assert!(turns[0].reply.is_some());
    assert_eq!(turns[0].status, Status::Going);
    let (_, again) = Attempt::replay(&t, &["h2h3"]).unwrap();
    assert_eq!(again[0].reply, turns[0].reply, "the same answer every time");
}

#[test]
fn a_game_lost_is_over() {
    // Black's rook mates on b1: the king on g1 is shut in by its own pawns.
    let t = task(
        "orthodox",
        "position: 1r4k1/8/8/8/8/8/P4PPP/6K1 w\ngoal: stars a5\nreply: script b8b1\nmoves: 2",
    );
    assert_eq!(statuses(&t, &["a2a4"]), [failed(&t, Wrong::Over)]);
    assert_eq!(
        t.wrong_words(Wrong::Over),
        "The game is over and the task is not done: try again."
    );
}

#[test]
fn scripts_answer_in_turn_and_fail_what_they_cannot_answer() {
    let t = task(
        "orthodox",
        "position: 2k5/5p2/8/4P3/8/8/8/2K5 w\ngoal: move en-passant\nreply: script f7f5\nmoves: 2",
    );
    let (attempt, turns) = Attempt::replay(&t, &["c1b1", "e5f6"]).unwrap();
    let got: Vec<Status> = turns.iter().map(|t| t.status.clone()).collect();
    assert_eq!(got, [Status::Going, Status::Done { stars: 3 }]);
    assert_eq!(
        t.position
            .after(&turns[0].played)
            .move_text(&turns[0].reply.unwrap()),
        "f7f5"
    );
    assert_eq!(attempt.played(), 2);
    // e5e6 leaves f7 to f5 legal: the task goes on, but no pawn can take en passant now.
    assert_eq!(statuses(&t, &["e5e6"]), [Status::Going]);
    // After Rf6 the pawn on f7 cannot move two squares: the script cannot answer.
    let blocked = task(
        "orthodox",
        "position: 2k5/5p2/8/4P3/8/8/8/5R1K w\ngoal: move en-passant\nreply: script f7f5\nmoves: 2\nwrong script: Not that one.",
    );
    assert_eq!(
        statuses(&blocked, &["f1f6"]),
        [Status::Failed {
            kind: Wrong::Script,
            words: "Not that one.".into()
        }]
    );
    assert_eq!(found(&t), (2, "Kb1 (f5) exf6".to_string()));
}

#[test]
fn captures_follow_the_pieces_that_move() {
    // The black knight on d5 runs to b4 (script); the rook takes it there.
    let t = task(
        "orthodox",
        "position: 7k/8/8/3n4/8/8/8/R6K w\ngoal: capture d5\nreply: script d5b4\nmoves: 2",
    );
    assert_eq!(
        statuses(&t, &["a1a2", "a2a4", "a4b4"]),
        [Status::Going, Status::Going, Status::Done { stars: 2 }]
    );
    assert_eq!(found(&t), (2, "Ra4 (Nb4) Rxb4".to_string()));
}

#[test]
fn protect_and_escape() {
    // The rook on g8 checks the king on g1; the queen on d4 must stay safe.
    let t = task(
        "orthodox",
        "position: 1k4r1/8/8/8/3Q4/8/8/6K1 w\ngoal: escape and protect d4\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["g1f2"]), [Status::Done { stars: 3 }]);
    // Qg4 blocks, but the rook takes it and nothing takes back.
    assert_eq!(statuses(&t, &["d4g4"]), [failed(&t, Wrong::Limit)]);
    // Qg7 blocks too: same.
    assert_eq!(statuses(&t, &["d4g7"]), [failed(&t, Wrong::Limit)]);
    // A piece taken back is protected: with a pawn on h3 guarding g4, Qg4 blocks the check
    // and the rook cannot take the queen without being taken.
    let t = task(
        "orthodox",
        "position: 1k4r1/8/8/8/3Q4/7P/8/6K1 w\ngoal: escape and protect d4\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["d4g4"]), [Status::Done { stars: 3 }]);
}

// ---------------------------------------------------------------- the variants' moves

#[test]
fn vagabond_shift_and_rage() {
    // RULES.md 1: the rook on a1 shifts to a5, the same place of the quadrant above.
    let t = task(
        "vagabond",
        "position: 3k4/p7/8/8/8/8/P7/R2K4 w\ngoal: move shift\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["a1a5"]), [Status::Done { stars: 3 }]);
    assert_eq!(statuses(&t, &["a1b1"]), [failed(&t, Wrong::Limit)]);
    assert_eq!(found(&t).0, 1);
    // The berserker on c3 jumps over c4 to c5; b6 and d6 are removed by its rage.
    let t = task(
        "vagabond",
        "position: 3k4/8/1p1P4/8/2P5/2E5/8/3K4 w\ngoal: move rage and capture b6\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["c3c5"]), [Status::Done { stars: 3 }]);
    // Free castling is castling, also when king and rook exchange squares (VR5). (The black
    // king is off the d-file, where a rook on d1 would give check, which castling may not.)
    let t = task(
        "vagabond",
        "position: 1k6/8/8/8/8/8/8/R2K3R w KQ\ngoal: move castle\nlimit: 1\nmoves: 1",
    );
    for m in ["d1b1/c1", "d1a1/d1", "d1g1/e1", "d1h1/d1"] {
        assert_eq!(statuses(&t, &[m]), [Status::Done { stars: 3 }], "{m}");
    }
    assert_eq!(
        statuses(&t, &["d1c1"]),
        [failed(&t, Wrong::Limit)],
        "a king step"
    );
}

#[test]
fn quarter_custodian_capture_and_the_trapped_king() {
    let t = task(
        "quarter",
        "position: 1k6/8/3M4/3n4/8/3M4/8/6K1 w\ngoal: move custodian and capture d5\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["d3d4"]), [Status::Done { stars: 3 }]);
    // The merchant steps next to the king with the other beyond it: a backstab (Q5).
    let t = task(
        "quarter",
        "position: 8/8/8/2Mk1M2/8/8/8/6K1 w\ngoal: win\nlimit: 1\nmoves: 1",
    );
    let (attempt, turns) = Attempt::replay(&t, &["f5e5"]).unwrap();
    assert_eq!(turns[0].status, Status::Done { stars: 3 });
    let outcome = attempt.position().outcome().unwrap();
    assert_eq!(outcome.winner, Some(fairyboard::Color::White));
    let reason = outcome.reason;
    let other = if reason == Reason::Backstab {
        Reason::KingTrapped
    } else {
        Reason::Backstab
    };
    let t = task(
        "quarter",
        &format!(
            "position: 8/8/8/2Mk1M2/8/8/8/6K1 w\ngoal: win {}\nlimit: 1\nmoves: 1",
            other.id()
        ),
    );
    assert_eq!(statuses(&t, &["f5e5"]), [failed(&t, Wrong::Over)]);
}

#[test]
fn bandit_outlaw_and_trick() {
    // RULES.md 2: the outlaw on e7 leaps west onto c7, removing d7 and c7.
    let t = task(
        "bandit",
        "position: 4k2/7/2rPO2/7/7/7/7/7/3K3 w\ngoal: move outlaw-capture\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["e7c7"]), [Status::Done { stars: 3 }]);
    let t = task(
        "bandit",
        "position: 3k3/7/7/3r3/2c1n2/3b3/1T5/7/3K3 w\ngoal: move trick\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["b3d5~d6B~c5N"]), [Status::Done { stars: 3 }]);
    assert_eq!(statuses(&t, &["b3d5"]), [failed(&t, Wrong::Limit)]);
    // With 'safe: yes' the trick that reaches the goal must leave nothing to take: turning
    // the knight into a chancellor leaves the rook attacked, turning the chancellor into a
    // knight does not (the course's trick lesson).
    let t = task(
        "bandit",
        "position: k6/7/2c1n2/7/7/6T/7/2R4/6K w\ngoal: move trick\nsafe: yes\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["g4d7~e7C"]), [failed(&t, Wrong::Unsafe)]);
    assert_eq!(statuses(&t, &["g4d7~c7N"]), [Status::Done { stars: 3 }]);
    assert_eq!(found(&t), (1, "Td7/c7=N".to_string()));
}

#[test]
fn pawnier_drop_and_sergeant() {
    let t = task(
        "pawnier",
        "position: 9/1k7/9/9/6*2/4*4/2*6/9/9/7K1/9[PP] w\ngoal: move drop and stars e4\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["P@e4"]), [Status::Done { stars: 3 }]);
    assert_eq!(statuses(&t, &["P@e3"]), [failed(&t, Wrong::Limit)]);
    let t = task(
        "pawnier",
        "position: 9/1k7/9/3S5/6*2/4*4/2*6/9/9/7K1/9[] w\ngoal: move promote N\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["d8d9n"]), [Status::Done { stars: 3 }]);
    assert_eq!(statuses(&t, &["d8d9p"]), [failed(&t, Wrong::Limit)]);
}

#[test]
fn quarter_driver_pull_and_absorb() {
    // A pull moves the nearest piece of each line one square toward the driver (Q, driver
    // 2): the rook d7 to d6 and the knight a4 to b4, both onto stars, in one move.
    let t = task(
        "quarter",
        "position: 7k/3R4/8/8/N2D4/8/8/K7 w\ngoal: stars d6 b4 and move pull\nlimit: 1\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["d4:pull"]), [Status::Done { stars: 3 }]);
    // Only a merchant's own move captures by surrounding: a black rook pulled between two
    // white merchants stays (the course's driver lesson counts on it); the absorb then
    // removes it, next to the driver.
    let t = task(
        "quarter",
        "position: 7k/8/8/8/3r4/2M1M3/3D4/K7 w\ngoal: capture d4\nmoves: 2",
    );
    assert_eq!(
        statuses(&t, &["d2:pull", "d2:absorb:d3"]),
        [Status::Going, Status::Done { stars: 3 }]
    );
}

#[test]
fn riftwalker_steps_cross_boards() {
    // e5 and h5 are the same spot on neighbouring boards: one step (RULES.md 5).
    let t = task(
        "riftwalker",
        "position: k8/9/9/9/4K4/9/9/9/9 w\ngoal: stars h5\nmoves: 1",
    );
    assert_eq!(statuses(&t, &["e5h5"]), [Status::Done { stars: 3 }]);
    // c1 and d1 touch on the picture but are not neighbours: three steps, through f1.
    let t = task(
        "riftwalker",
        "position: k8/9/9/9/9/9/9/9/2K6 w\ngoal: stars d1\nmoves: 3",
    );
    assert_eq!(found(&t), (3, "Kf1 Ke1 Kd1".to_string()));
    assert!(Attempt::replay(&t, &["c1d1"]).is_err(), "c1d1 is no step");
}

#[test]
fn a_drop_is_no_move_of_the_named_pieces() {
    let t = task(
        "pawnier",
        "position: 9/1k7/9/9/6*2/4*4/2*6/9/9/3P3K1/9[P] w\ngoal: stars d8\npieces: d2\nmoves: 5",
    );
    assert_eq!(statuses(&t, &["P@e2"]), [failed(&t, Wrong::Piece)]);
    let free = task(
        "pawnier",
        "position: 9/1k7/9/9/6*2/4*4/2*6/9/9/3P3K1/9[P] w\ngoal: stars d8\nmoves: 2",
    );
    // Dropped next to it, the pawn on e2 gives d2 the rook's power (RULES.md 4).
    assert_eq!(
        statuses(&free, &["P@e2", "d2d8"]),
        [Status::Going, Status::Done { stars: 3 }]
    );
}

// ---------------------------------------------------------------- the fewest moves

#[test]
fn fewest_moves_on_hand_worked_tasks() {
    // A king walks from e2 to e5: three steps.
    let t = task(
        "orthodox",
        "position: 7k/8/8/8/8/8/4K3/8 w\ngoal: stars e5\nmoves: 3",
    );
    assert_eq!(found(&t).0, 3);
    // A knight from g1 to f3, e5, d7: one leap each.
    let t = task(
        "orthodox",
        "position: k7/8/8/8/8/8/8/6NK w\ngoal: stars f3 e5 d7\nmoves: 3",
    );
    assert_eq!(found(&t), (3, "Nf3 Ne5 Nd7".to_string()));
    // Two rooks mate in two against the engine: no mate in one exists (the king on h8
    // escapes to g8 or g7 after any check), and Rb7 then Ra8 is mate whatever it does.
    let t = task(
        "orthodox",
        "position: 7k/8/8/8/8/8/R7/1R4K1 w\ngoal: mate\nreply: engine\nmoves: 2",
    );
    assert_eq!(found(&t).0, 2);
    // A move that reaches the goal is never wrong: the rook may end on a8 with check.
    let t = task(
        "orthodox",
        "position: 7k/8/8/8/8/8/8/R6K w\ngoal: stars a8\nmoves: 1",
    );
    assert_eq!(found(&t), (1, "Ra8+".to_string()));
    // But a check on the way is wrong: c6 first (two moves: the rook cannot reach it in
    // one), then a8 without passing the eighth rank (a6, then a8): four.
    let t = task(
        "orthodox",
        "position: 7k/8/8/8/8/8/8/R6K w\ngoal: stars a8 c6\nmoves: 4",
    );
    let (moves, line) = found(&t);
    assert_eq!(moves, 4, "{line}");
    assert!(line.ends_with("Ra6 Ra8+"), "{line}");
    // Two stars a rook cannot take in one move: unreachable within a limit of one.
    let t = task(
        "orthodox",
        "position: 7k/8/8/8/8/8/8/R6K w\ngoal: stars a5 e5\nlimit: 1\nmoves: 1",
    );
    assert_eq!(fewest(&t, BOUND), Fewest::Unreachable { positions: 1 });
    let report = check_text(
        "game: orthodox\nlesson: a\ntitle: A\ntask: Go.\nposition: 7k/8/8/8/8/8/8/R6K w\ngoal: stars a5 e5\nlimit: 1\nmoves: 1\n",
    );
    assert_eq!(
        report.lines("x.txt"),
        ["x.txt:6: the goal cannot be reached within the limit of 1 move: every line fails (1 position searched)"]
    );
    // A bound hit is said as such.
    let t = task(
        "orthodox",
        "position: 7k/8/8/8/8/8/8/R6K w\ngoal: stars a5 e5\nmoves: 2",
    );
    assert_eq!(
        fewest(
            &t,
            Bound {
                positions: 5,
                ..BOUND
            }
        ),
        Fewest::Bounded {
            positions: 5,
            moves: 1
        }
    );
}

#[test]
fn engine_answers_are_bounded_too() {
    // A rook mate from afar against the engine: far more than a few answers deep. Each
    // answer is a search, so their number is bounded apart from the positions.
    let text = "game: orthodox\nlesson: a\ntitle: A\ntask: Mate.\nposition: 8/8/8/3k4/8/8/8/R6K w\ngoal: mate\nreply: engine\nmoves: 1\n";
    let t = read_course(text).unwrap().lessons[0].tasks[0].clone();
    let small = Bound {
        answers: 40,
        ..BOUND
    };
    assert_eq!(
        fewest(&t, small),
        Fewest::Bounded {
            positions: 41,
            moves: 2
        },
        "the start, the 16 first moves answered, then 24 of the second moves"
    );
    // With the checker's own bound it stops in good time, and says so on the task's line.
    let start = std::time::Instant::now();
    let report = check_text(text);
    assert_eq!(
        report.lines("x.txt"),
        ["x.txt:4: the search stopped at its bound (984 positions, up to 3 moves) without reaching the goal: make the task smaller, or give it a 'limit:'"]
    );
    assert!(start.elapsed().as_secs() < 60, "{:?}", start.elapsed());
}

#[test]
fn the_checker_says_the_fewest_with_a_line() {
    let text = "game: orthodox\nlesson: a\ntitle: A\ntask: Go.\nposition: 7k/8/8/8/8/8/8/R6K w\ngoal: stars a5 e5\nmoves: 3\n";
    let report = check_text(text);
    assert_eq!(
        report.lines("x.txt"),
        ["x.txt:7: 'moves: 3' but the fewest is 2: Ra5 Re5"]
    );
    assert!(!report.ok());
    let report = check_text(&text.replace("moves: 3", "moves: 2"));
    assert!(report.ok());
    assert_eq!(report.lines("x.txt"), ["1 lesson, 1 task"]);
}

// ---------------------------------------------------------------- the shipped courses

#[test]
fn every_shipped_course_is_valid() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    for v in Variant::ALL {
        let path = dir.join(format!("{}.txt", v.id()));
        if !path.exists() {
            continue;
        }
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let report = check_text(&text);
        assert!(
            report.ok(),
            "{}",
            report.lines(&path.display().to_string()).join("\n")
        );
        let course = read_course(&text).unwrap();
        assert_eq!(course.variant, v, "{}", path.display());
        for lesson in &course.lessons {
            assert!(
                (3..=8).contains(&lesson.tasks.len()),
                "{} lesson {}: {} tasks",
                v.id(),
                lesson.id,
                lesson.tasks.len()
            );
        }
        // The last lesson is a small game to win: the engine answers, and the goal is a win.
        let last = course.lessons.last().unwrap();
        for t in &last.tasks {
            assert!(matches!(t.reply, Reply::Engine(_)), "{} {}", v.id(), t.say);
            assert!(
                t.goal.iter().any(|p| matches!(p, Part::Win(_))),
                "{} {}",
                v.id(),
                t.say
            );
        }
        let view = serde_json::to_value(CourseView::new(&course)).unwrap();
        assert_eq!(view["game"], v.id());
        assert_eq!(
            view["lessons"].as_array().unwrap().len(),
            course.lessons.len()
        );
    }
}
