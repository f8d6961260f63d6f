//! `fairyboard puzzles`, run as a program (issue 45): puzzles mined from a PGN file's game
//! and from the engine's own games with a fixed seed, printed as PGN that reads back, a
//! summary on standard error, and bad arguments refused with status 2.

use std::process::{Command, Output};

use fairyboard::pgn;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A file in a fresh temporary folder holding `text`.
fn file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyboard-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs a command that must succeed: its stdout and stderr.
fn ok(args: &[&str]) -> (String, String) {
    let out = run(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// Runs a command that must fail: status 2, no stdout, one stderr line containing `needle`.
fn fails(args: &[&str], needle: &str) {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains(needle),
        "{args:?}: {stderr:?}"
    );
}

#[test]
fn puzzles_from_a_pgn_file() {
    // Black's queen leaves the diagonal (Qb3-a4??): White mates in two, Qg8+ Rxg8 Nf7#.
    let path = file(
        "philidor.pgn",
        "[SetUp \"1\"]\n[FEN \"5r1k/6pp/7N/3Q4/8/1q6/6PP/6K1 b - - 0 1\"]\n\n1... Qa4 *\n",
    );
    let path = path.to_str().unwrap();
    let (out, err) = ok(&["puzzles", "orthodox", "--pgn", path, "--nodes", "2000"]);
    assert!(
        out.starts_with(&format!(
            "% fairyboard puzzles orthodox --pgn {path} --nodes 2000\n% 1 puzzles from 1 games;"
        )),
        "{out}"
    );
    assert!(out.contains("[Event \"Orthodox chess puzzle\"]\n"), "{out}");
    assert!(
        out.contains("[PuzzleThemes \"mate mateIn2 short\"]\n"),
        "{out}"
    );
    assert!(out.contains("\n2. Qg8+ Rxg8 3. Nf7# 1-0\n"), "{out}");
    assert_eq!(
        err,
        "puzzles orthodox: 1 from 1 games; themes: mate 1, mateIn2 1, short 1\n"
    );
    // The records read back, `%` lines and all.
    let back = pgn::read(&out).unwrap();
    assert_eq!(back.game.line_names(), ["Qg8+", "Rxg8", "Nf7#"]);
}

#[test]
fn puzzles_from_self_play_are_the_same_for_the_same_seed() {
    let args = [
        "puzzles",
        "bandit",
        "--games",
        "2",
        "--nodes",
        "300",
        "--max-plies",
        "80",
        "--seed",
        "7",
    ];
    let (first, err) = ok(&args);
    let (again, _) = ok(&args);
    assert_eq!(first, again);
    assert!(
        err.starts_with("puzzles bandit: ") && err.contains(" from 2 games; themes: "),
        "{err}"
    );
    // Every record reads back with its tags and a legal solution.
    for (i, g) in pgn::parse_all(&first).into_iter().enumerate() {
        let g = g.unwrap();
        assert_eq!(g.tag("Variant"), Some("bandit"));
        assert_eq!(g.tag("SetUp"), Some("1"));
        assert!(g.tag("PuzzleThemes").is_some() && g.tag("PuzzleRating").is_some());
        let r = g.replay().unwrap();
        assert!(r.problem.is_none(), "puzzle {}", i + 1);
        assert!(!r.game.moves().is_empty() && r.game.moves().len() % 2 == 1);
    }
}

#[test]
fn puzzles_refuses_bad_arguments() {
    fails(&["puzzles"], "missing <game>");
    fails(&["puzzles", "chesss"], "chesss");
    fails(
        &["puzzles", "orthodox", "--games", "0"],
        "--games must be a whole number from 1",
    );
    fails(&["puzzles", "orthodox", "--nodes", "x"], "--nodes");
    fails(
        &["puzzles", "orthodox", "extra"],
        "unexpected argument 'extra'",
    );
    fails(
        &["puzzles", "orthodox", "--fen", "8/8/8/8/8/8/8/8 w"],
        "--fen is not taken",
    );
    fails(
        &["puzzles", "orthodox", "--pgn", "/nonexistent/x.pgn"],
        "cannot read '/nonexistent/x.pgn'",
    );
    let path = file("quarter.pgn", "[Variant \"quarter\"]\n\n1. c4 *\n");
    fails(
        &["puzzles", "orthodox", "--pgn", path.to_str().unwrap()],
        "game 1 is quarter, not orthodox",
    );
}
