//! `fairyboard lesson check FILE`, run as a program: every shipped course valid with its
//! counts on stdout and status 0; a file with problems gives each as `file:line: message`
//! on stderr and status 1; bad arguments and an unreadable file status 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The repository's `lessons/` folder (this crate is `crates/cli`).
fn lessons() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../lessons")
}

/// A file of this test's own in the system's temporary folder.
fn scratch(name: &str, contents: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("fairyboard-lesson-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn every_shipped_course_checks_with_its_counts() {
    for game in [
        "orthodox",
        "vagabond",
        "bandit",
        "quarter",
        "pawnier",
        "riftwalker",
    ] {
        let path = lessons().join(format!("{game}.txt"));
        let file = std::fs::read_to_string(&path).unwrap();
        let count = |head: &str| file.lines().filter(|l| l.starts_with(head)).count();
        let out = run(&["lesson", "check", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{game}: {}", text(&out.stderr));
        assert_eq!(
            text(&out.stdout),
            format!("{} lessons, {} tasks\n", count("lesson:"), count("task:")),
            "{game}"
        );
        assert!(out.stderr.is_empty(), "{game}: {}", text(&out.stderr));
    }
}

#[test]
fn problems_are_said_with_their_lines_and_status_1() {
    let path = scratch(
        "bad.txt",
        "game: orthodox
lesson: rook
title: The rook
task: Collect the stars.
position: 7k/8/8/8/8/8/8/R6K w
goal: stars a5 e5
moves: 3

task: Collect the star.
position: 7k/8/8/8/8/8/8/R6K w
goal: stars a5
moves: 1
colour: red
",
    );
    let name = path.to_str().unwrap();
    let out = run(&["lesson", "check", name]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    assert_eq!(
        text(&out.stderr),
        format!("{name}:13: unknown field 'colour' (fields: game, title, intro, lesson, task, position, goal, moves, limit, reply, pieces, safe, hint, wrong, done)\n")
    );
    // Once it reads, the checker's own findings: the fewest moves, with the line of 'moves:'.
    std::fs::write(
        &path,
        text(&std::fs::read(&path).unwrap()).replace("colour: red\n", ""),
    )
    .unwrap();
    let out = run(&["lesson", "check", name]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!("{name}:7: 'moves: 3' but the fewest is 2: Ra5 Re5\n")
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn bad_arguments_and_unreadable_files_are_status_2() {
    let missing = lessons().join("no-such-game.txt");
    for (args, needle) in [
        (vec!["lesson"], "lesson needs a command"),
        (
            vec!["lesson", "read", "x.txt"],
            "unknown lesson command 'read'",
        ),
        (vec!["lesson", "check"], "exactly one <file>"),
        (
            vec!["lesson", "check", "a.txt", "b.txt"],
            "exactly one <file>",
        ),
        (
            vec!["lesson", "check", missing.to_str().unwrap()],
            "cannot read",
        ),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
