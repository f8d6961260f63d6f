//! The command line, run as a program: output on success, and on bad input status 2, nothing
//! on stdout and one line on stderr naming the problem.

use std::ffi::OsStr;
use std::process::{Command, Output};

// The published perft positions (chessprogramming wiki), as the core's tests hold them.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs a command that must succeed and returns its stdout lines.
fn ok(args: &[&str]) -> Vec<String> {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    assert!(out.stderr.is_empty(), "{args:?}: stderr {stderr:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Runs a command that must fail: status 2, no stdout, one stderr line containing `needle`.
fn fails<S: AsRef<OsStr> + std::fmt::Debug>(args: &[S], needle: &str) {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: status {:?}, stderr {stderr:?}",
        out.status
    );
    assert!(
        out.stdout.is_empty(),
        "{args:?}: stdout {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(stderr.lines().count(), 1, "{args:?}: stderr {stderr:?}");
    assert!(stderr.ends_with('\n'), "{args:?}: stderr {stderr:?}");
    assert!(
        stderr.contains(needle),
        "{args:?}: stderr {stderr:?} does not contain {needle:?}"
    );
}

/// Runs an orthodox command that must fail (see `fails`) with `--fen fen` appended:
/// `cmd[0]`, the game, the rest of `cmd`, then the position.
fn bad_fen(cmd: &[&str], fen: &str, needle: &str) {
    let mut args = vec![cmd[0], "orthodox"];
    args.extend(&cmd[1..]);
    args.extend(["--fen", fen]);
    fails(&args, needle);
}

/// Runs a command that must fail (see `fails`), its arguments written as one line split at
/// spaces.
fn fails_words(line: &str, needle: &str) {
    fails(&line.split(' ').collect::<Vec<_>>(), needle);
}

fn last(lines: &[String]) -> &str {
    lines.last().map(String::as_str).unwrap_or("")
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_from_the_start() {
    // Published counts (RULES.md section 6).
    assert_eq!(ok(&["perft", "orthodox", "0"]), ["1"]);
    assert_eq!(ok(&["perft", "orthodox", "1"]), ["20"]);
    assert_eq!(ok(&["perft", "orthodox", "2"]), ["400"]);
    assert_eq!(ok(&["perft", "orthodox", "3"]), ["8902"]);
    assert_eq!(ok(&["perft", "orthodox", "4"]), ["197281"]);
}

#[test]
fn perft_with_a_position() {
    // The published kiwipete and positions 3, 4 and 5 counts.
    assert_eq!(ok(&["perft", "orthodox", "1", "--fen", KIWIPETE]), ["48"]);
    assert_eq!(ok(&["perft", "orthodox", "2", "--fen", KIWIPETE]), ["2039"]);
    assert_eq!(
        ok(&["perft", "orthodox", "--fen", KIWIPETE, "3"]),
        ["97862"]
    );
    assert_eq!(
        ok(&["perft", "orthodox", "3", &format!("--fen={KIWIPETE}")]),
        ["97862"]
    );
    for (fen, depth, count) in [
        (POS3, "4", "43238"),
        (POS4, "3", "9467"),
        (POS5, "3", "62379"),
    ] {
        assert_eq!(
            ok(&["perft", "orthodox", depth, "--fen", fen]),
            [count],
            "{fen}"
        );
    }
    // Board and side only.
    assert_eq!(
        ok(&["perft", "orthodox", "1", "--fen", "4k3/8/8/8/8/8/8/4K2R w"]),
        ["15"]
    );
}

#[test]
fn perft_divide() {
    let lines = ok(&["perft", "orthodox", "3", "--divide"]);
    // The published split of perft 3 from the start.
    let expected = [
        ("a2a3", 380),
        ("a2a4", 420),
        ("b1a3", 400),
        ("b1c3", 440),
        ("b2b3", 420),
        ("b2b4", 421),
        ("c2c3", 420),
        ("c2c4", 441),
        ("d2d3", 539),
        ("d2d4", 560),
        ("e2e3", 599),
        ("e2e4", 600),
        ("f2f3", 380),
        ("f2f4", 401),
        ("g1f3", 440),
        ("g1h3", 400),
        ("g2g3", 420),
        ("g2g4", 421),
        ("h2h3", 380),
        ("h2h4", 420),
    ];
    let split: Vec<String> = expected.iter().map(|(m, n)| format!("{m}: {n}")).collect();
    assert_eq!(lines[..20], split[..]);
    assert_eq!(lines.len(), 22, "{lines:?}");
    assert_eq!(lines[20], "");
    assert_eq!(last(&lines), "8902");
}

#[test]
fn perft_divide_with_a_position() {
    let lines = ok(&["perft", "orthodox", "1", "--fen", KIWIPETE, "--divide"]);
    assert_eq!(last(&lines), "48");
    let moves: Vec<&String> = lines.iter().filter(|l| l.contains(':')).collect();
    assert_eq!(moves.len(), 48);
    assert!(moves.iter().all(|l| l.ends_with(": 1")), "{moves:?}");
    assert!(lines.contains(&"e1g1: 1".to_string()) && lines.contains(&"e1c1: 1".to_string()));
    let two = ok(&["perft", "orthodox", "2", "--divide", "--fen", KIWIPETE]);
    let total: u64 = two
        .iter()
        .filter_map(|l| l.split_once(": "))
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, 2039);
    assert_eq!(last(&two), "2039");
}

#[test]
fn perft_divide_depth_zero_agrees_with_perft() {
    let out = run(&["perft", "orthodox", "0", "--divide"]);
    if out.status.code() == Some(0) {
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().last(), Some("1"), "{text}");
    } else {
        fails(&["perft", "orthodox", "0", "--divide"], "depth");
    }
}

// ---------------------------------------------------------------- moves

#[test]
fn moves_from_the_start() {
    assert_eq!(
        ok(&["moves", "orthodox"]),
        [
            "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3",
            "e2e4", "f2f3", "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4"
        ]
    );
}

#[test]
fn moves_in_a_mate_are_none() {
    // Fool's mate: White has no move; the output is empty, and that is not an error.
    assert!(ok(&[
        "moves",
        "orthodox",
        "--fen",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    ])
    .is_empty());
}

fn json_lines(args: &[&str]) -> Vec<serde_json::Value> {
    ok(args)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn moves_as_json() {
    let plain = ok(&["moves", "orthodox"]);
    let json = json_lines(&["moves", "orthodox", "--json"]);
    assert_eq!(json.len(), 20);
    for (v, text) in json.iter().zip(&plain) {
        assert!(v.is_object(), "{v}");
        assert_eq!(v["text"], serde_json::json!(text));
        assert!(v["effects"].is_array(), "{v}");
    }
    let e2e4 = json.iter().find(|v| v["text"] == "e2e4").unwrap();
    assert_eq!(
        e2e4["effects"],
        serde_json::json!([{ "type": "move", "from": "e2", "to": "e4", "how": "slide" }])
    );
    let knight = json.iter().find(|v| v["text"] == "g1f3").unwrap();
    assert_eq!(
        knight["effects"],
        serde_json::json!([{ "type": "move", "from": "g1", "to": "f3", "how": "leap" }])
    );
}

#[test]
fn moves_as_json_castling_and_en_passant() {
    let json = json_lines(&[
        "moves",
        "orthodox",
        "--json",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ]);
    let short = json.iter().find(|v| v["text"] == "e1g1").unwrap();
    assert_eq!(
        short["effects"],
        serde_json::json!([
            { "type": "move", "from": "e1", "to": "g1", "how": "castle-king" },
            { "type": "move", "from": "h1", "to": "f1", "how": "castle-rook" }
        ])
    );
    let ep = json_lines(&[
        "moves",
        "orthodox",
        "--fen",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "--json",
    ]);
    let take = ep.iter().find(|v| v["text"] == "e5f6").unwrap();
    assert_eq!(
        take["effects"],
        serde_json::json!([
            { "type": "remove", "at": "f5", "why": "en-passant" },
            { "type": "move", "from": "e5", "to": "f6", "how": "step" }
        ])
    );
}

#[test]
fn moves_with_promotion() {
    let fen = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
    let lines = ok(&["moves", "orthodox", "--fen", fen]);
    let promotions: Vec<&String> = lines.iter().filter(|l| l.starts_with("e7")).collect();
    assert_eq!(promotions, ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]);
    // The king's five moves plus four promotions.
    assert_eq!(lines.len(), 9, "{lines:?}");
    let json = json_lines(&["moves", "orthodox", "--fen", fen, "--json"]);
    let queen = json.iter().find(|v| v["text"] == "e7e8q").unwrap();
    assert_eq!(queen["choice"]["letter"], "Q");
    assert_eq!(queen["effects"][1]["type"], "promote");
    assert_eq!(queen["effects"][1]["piece"]["kind"], "queen");
    assert_eq!(queen["effects"][1]["piece"]["color"], "w");
}

// ---------------------------------------------------------------- play

#[test]
fn play_fools_mate() {
    assert_eq!(
        ok(&["play", "orthodox", "f2f3", "e7e5", "g2g4", "d8h4"]),
        [
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "result: 0-1 checkmate"
        ]
    );
}

#[test]
fn play_without_moves_prints_the_position() {
    assert_eq!(
        ok(&["play", "orthodox"]),
        ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    );
    assert_eq!(
        ok(&["play", "orthodox", "--fen", "4k3/8/8/8/8/8/8/4K2R w"]),
        ["4k3/8/8/8/8/8/8/4K2R w K - 0 1"]
    );
}

#[test]
fn play_to_other_results() {
    assert_eq!(
        ok(&[
            "play",
            "orthodox",
            "--fen",
            "7k/8/6K1/8/8/8/8/5Q2 w",
            "f1f7"
        ]),
        [
            "7k/5Q2/6K1/8/8/8/8/8 b - - 1 1",
            "result: 1/2-1/2 stalemate"
        ]
    );
    assert_eq!(
        ok(&["play", "orthodox", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"]),
        [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5",
            "result: 1/2-1/2 repetition"
        ]
    );
    assert_eq!(
        ok(&[
            "play",
            "orthodox",
            "--fen",
            "4k3/8/8/8/8/8/8/3rKB2 w - - 0 1",
            "e1d1"
        ]),
        [
            "4k3/8/8/8/8/8/8/3K1B2 b - - 0 1",
            "result: 1/2-1/2 insufficient-material"
        ]
    );
    assert_eq!(
        ok(&[
            "play",
            "orthodox",
            "--fen",
            "4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
            "a1a2"
        ]),
        [
            "4k3/8/8/8/8/8/R7/4K3 b - - 100 80",
            "result: 1/2-1/2 hundred-ply"
        ]
    );
    assert_eq!(
        ok(&["play", "orthodox", "e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]),
        [
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
            "result: 1-0 checkmate"
        ]
    );
}

// ---------------------------------------------------------------- Quarter Chess

#[test]
fn quarter_perft_moves_and_play() {
    assert_eq!(last(&ok(&["perft", "quarter", "3"])), "103593");
    let moves = ok(&["moves", "quarter"]);
    assert_eq!(moves.len(), 46);
    assert!(moves.contains(&"c1:switch:b1d1".to_string()));
    assert!(
        moves.contains(&"d2d6".to_string()),
        "a merchant's quadrant shift"
    );
    // A driver action in JSON: the driver stays, the effects say what moves.
    let json = ok(&["moves", "quarter", "--json"]);
    let push = json
        .iter()
        .find(|l| l.contains("\"c1:push:c2\""))
        .expect("the push c1:push:c2");
    assert!(push.contains("\"from\":\"c1\",\"to\":\"c1\""), "{push}");
    assert!(push.contains("\"how\":\"pushed\""), "{push}");
    assert!(push.contains("\"kind\":\"push\""), "{push}");
    // Special wins end the game with their own reason.
    let merchants = "2Mk1r2/1p2M1p1/3m1n2/1Pp1Ra2/3m4/2D1N3/P2M1PPP/4K2D w - c6 0 1";
    assert_eq!(
        ok(&["play", "quarter", "--fen", merchants, "e7e8"]),
        [
            // The king is taken: the last position has none.
            "2M1Mr2/1p4p1/3m1n2/1Pp1Ra2/3m4/2D1N3/P2M1PPP/4K2D b - - 0 1",
            "result: 1-0 backstab"
        ]
    );
    let drivers = "4k3/3M1M1p/2d5/8/1r2D3/8/P2m1mDP/6K1 w - - 0 1";
    assert_eq!(
        last(&ok(&["play", "quarter", "--fen", drivers, "e4:pull"])),
        "result: 1-0 king-trapped"
    );
    fails(
        &["play", "quarter", "--fen", merchants, "e7e8", "f8f7"],
        "the game is over",
    );
    fails(&["play", "quarter", "e2e4"], "not a legal move");
    fails(
        &[
            "moves",
            "quarter",
            "--fen",
            "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w",
        ],
        "unknown piece letter 'b'",
    );
}

// ---------------------------------------------------------------- bad input

#[test]
fn unknown_game() {
    fails(&["perft", "chess", "1"], "unknown game 'chess'");
    fails(&["moves", "Orthodox"], "unknown game 'Orthodox'");
    fails(&["play", ""], "unknown game ''");
}

#[test]
fn malformed_positions() {
    bad_fen(&["moves"], "8/8 w", "ranks");
    bad_fen(
        &["perft", "1"],
        "4k3/8/8/8/8/8/8/4K2X w",
        "unknown piece letter 'X'",
    );
    bad_fen(&["play"], "4k3/8/8/8/8/8/8/4K3", "side to move is missing");
    bad_fen(
        &["moves"],
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 junk",
        "unexpected text",
    );
    bad_fen(
        &["moves"],
        "4k3/8/8/8/8/8/8/4RK2 w",
        "Black is in check but it is White to move",
    );
}

#[test]
fn positions_without_a_king() {
    bad_fen(&["moves"], "8/8/8/8/8/8/8/8 w", "has no king");
    bad_fen(&["perft", "2"], "4k3/8/8/8/8/8/8/8 w", "White has no king");
    bad_fen(&["play"], "8/8/8/8/8/8/8/4K3 w", "Black has no king");
}

#[test]
fn illegal_and_unparseable_moves() {
    fails_words(
        "play orthodox e2e5",
        "move 1: e2e5 is not a legal move in this position",
    );
    fails(&["play", "orthodox", "e2e5"], "not a legal move");
    fails(&["play", "orthodox", "e2e4", "zz"], "move 2 (zz)");
    fails(&["play", "orthodox", "e2e4", "zz"], "not move text");
    fails(&["play", "orthodox", "e2e4", "e7e9"], "e9 is not a square");
    fails(&["play", "orthodox", "e7e5"], "no White piece on e7");
    fails(
        &[
            "play",
            "orthodox",
            "--fen",
            "k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
            "e7e8",
        ],
        "say which piece to promote to",
    );
    fails_words(
        "play orthodox f2f3 e7e5 g2g4 d8h4 a2a3",
        "move 5 (a2a3): the game is over",
    );
}

#[test]
fn depth_out_of_range() {
    for depth in ["13", "-1", "x", "1.5", "", "99999999999"] {
        fails(
            &["perft", "orthodox", depth],
            "depth must be a whole number from 0 to 12",
        );
    }
    fails(&["perft", "orthodox", "1", "2"], "exactly one <depth>");
}

#[test]
fn missing_arguments() {
    fails::<&str>(&[], "missing command");
    fails(&["perft"], "missing <game>");
    fails(&["moves"], "missing <game>");
    fails(&["play"], "missing <game>");
    fails(&["perft", "orthodox"], "exactly one <depth>");
    fails_words("moves orthodox --fen", "--fen needs a position text");
    fails_words("perft orthodox 1 --fen", "--fen needs a position text");
}

#[test]
fn unknown_command_or_option() {
    fails(&["frobnicate"], "unknown command 'frobnicate'");
    fails(&["orthodox", "perft", "1"], "put the command first");
    fails_words("perft orthodox 1 --json", "unknown option '--json'");
    fails_words("moves orthodox --divide", "unknown option '--divide'");
    fails_words("play orthodox --verbose e2e4", "unknown option '--verbose'");
    fails_words("moves orthodox extra", "unexpected argument 'extra'");
}

#[test]
fn help() {
    let lines = ok(&["--help"]);
    assert!(lines[0].starts_with("usage:"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("perft")));
}

#[test]
fn an_empty_position_is_refused() {
    bad_fen(&["perft", "1"], "", "empty position text");
    fails(&["moves", "orthodox", "--fen=  "], "empty position text");
}

#[test]
fn a_newline_in_an_argument_still_gives_one_line() {
    fails(&["play", "orthodox", "e2e4\nx"], "e2e4");
    fails(&["perft", "orth\nodox", "1"], "unknown game");
    fails(&["frob\nnicate"], "unknown command");
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"e2e4\xff");
    let out = run(&[OsStr::new("play"), OsStr::new("orthodox"), bad]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "stderr {:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

#[test]
fn moves_with_names() {
    let lines = ok(&["moves", "orthodox", "--names"]);
    assert_eq!(lines.len(), 20);
    assert!(lines.contains(&"g1f3 Nf3".to_string()), "{lines:?}");
    assert!(lines.contains(&"e2e4 e4".to_string()), "{lines:?}");
    let plain = ok(&["moves", "orthodox"]);
    let texts: Vec<&str> = lines.iter().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(texts, plain, "same moves, same order");
    let castles = ok(&[
        "moves",
        "orthodox",
        "--names",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ]);
    assert!(castles.contains(&"e1g1 O-O".to_string()), "{castles:?}");
    assert!(castles.contains(&"e1c1 O-O-O".to_string()), "{castles:?}");
    let quarter = ok(&["moves", "quarter", "--names"]);
    assert!(
        quarter.contains(&"c1:push:c2 D:push:c2".to_string()),
        "{quarter:?}"
    );
    assert!(quarter.contains(&"a1a5 R~a5".to_string()), "{quarter:?}");
}

#[test]
fn play_takes_names_texts_and_long_algebraic() {
    let lines = ok(&["play", "orthodox", "f3", "e7e5", "g2-g4", "Qh4#"]);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[1], "result: 0-1 checkmate");
    let same = ok(&["play", "orthodox", "f2f3", "e5", "g4", "Qd8-h4"]);
    assert_eq!(same, lines);
    fails_words(
        "play orthodox e4 Nf6 Nf3 Nd5 Ne5 Nb4 Nc4 Nc6",
        "move 8: Nc6 is ambiguous in this position: N4c6 or N8c6",
    );
    fails(&["play", "orthodox", "Ke2"], "Ke2 is not a legal move");
    fails(&["play", "orthodox", "e2e5"], "e2e5");
}

// ---------------------------------------------------------------- pgn

/// A record of the core's test data (`tests/data/` at the workspace's top).
fn data(name: &str) -> String {
    format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `fairyboard pgn <args>` with `input` on standard input.
fn pgn_stdin(args: &[&str], input: &str) -> Output {
    command_stdin("pgn", args, input)
}

/// Runs `fairyboard <command> <args>` with `input` on standard input.
fn command_stdin(command: &str, args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .arg(command)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that refuses its arguments exits before it reads: a closed pipe then.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// The published Opera game (Morphy, Paris 1858) as fairyboard exports it.
const OPERA_MOVETEXT: [&str; 3] = [
    "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7",
    "8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7",
    "14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0",
];

/// The Opera game as lichess's study exports it, with its analysis: the comments with their
/// `[%eval]` and `[%clk]` commands as written, its glyphs as NAGs (`?!` as `$6`) and
/// variations are kept.
const OPERA_ANNOTATED: [&str; 20] = [
    "1. e4 {[%eval 0.18] [%clk 0:03:00]} 1... e5 {[%eval 0.25] [%clk 0:02:53]}",
    "2. Nf3 {[%eval 0.2] [%clk 0:02:58]} 2... d6 {[%eval 0.55] [%clk 0:02:47]} 3. d4",
    "{[%eval 0.45] [%clk 0:02:49]} 3... Bg4 $6",
    "{[%eval 1.21] [%clk 0:02:46] (0.45 → 1.21) Inaccuracy. exd4 was best.}",
    "(3... exd4 4. Nxd4 Nf6 5. Nc3 Be7) 4. dxe5 {[%eval 1.1] [%clk 0:02:43]}",
    "4... Bxf3 {[%eval 1.15] [%clk 0:02:44]} 5. Qxf3 {[%eval 1.05] [%clk 0:02:35]}",
    "5... dxe5 {[%eval 1.12] [%clk 0:02:39]} 6. Bc4 {[%eval 1.2] [%clk 0:02:31]}",
    "6... Nf6 $2 {[%eval 2.1] [%clk 0:02:31] (1.20 → 2.10) Mistake. Qf6 was best.}",
    "(6... Qf6 7. Qb3 b6 8. Nc3 c6) 7. Qb3 {[%eval 2.05] [%clk 0:02:28]} 7... Qe7",
    "{[%eval 1.9] [%clk 0:02:30]} 8. Nc3 {[%eval 1.95] [%clk 0:02:26]} 8... c6",
    "{[%eval 2.3] [%clk 0:02:22]} 9. Bg5 {[%eval 2.2] [%clk 0:02:23]} 9... b5 $2",
    "{[%eval 3.9] [%clk 0:02:15] (2.20 → 3.90) Mistake. Qb4 was best.} 10. Nxb5",
    "{[%eval 3.7] [%clk 0:02:14]} 10... cxb5 {[%eval 4.1] [%clk 0:02:13]} 11. Bxb5+",
    "{[%eval 4.0] [%clk 0:02:10]} 11... Nbd7 {[%eval 4.35] [%clk 0:02:05]} 12. O-O-O",
    "{[%eval 4.3] [%clk 0:02:01]} 12... Rd8 {[%eval 4.6] [%clk 0:01:58]} 13. Rxd7",
    "{[%eval 4.5] [%clk 0:01:58]} 13... Rxd7 {[%eval 6.2] [%clk 0:01:49]} 14. Rd1",
    "{[%eval 6.1] [%clk 0:01:57]} 14... Qe6 {[%eval #4] [%clk 0:01:43]} 15. Bxd7+",
    "{[%eval #3] [%clk 0:01:53]} 15... Nxd7 {[%eval #2] [%clk 0:01:39]} 16. Qb8+",
    "{[%eval #2] [%clk 0:01:49]} 16... Nxb8 {[%eval #1] [%clk 0:01:34]} 17. Rd8#",
    "{[%clk 0:01:46]} 1-0",
];

#[test]
fn pgn_prints_a_lichess_record_as_fairyboard_exports_it() {
    let lines = ok(&["pgn", &data("opera-lichess.pgn")]);
    // The seven tags first, the Variant and Termination, then the record's other tags in
    // their order.
    assert_eq!(
        lines[..9],
        [
            "[Event \"Casual game\"]",
            "[Site \"https://lichess.org/study/operagame\"]",
            "[Date \"1858.??.??\"]",
            "[Round \"?\"]",
            "[White \"Morphy, Paul\"]",
            "[Black \"Duke Karl / Count Isouard\"]",
            "[Result \"1-0\"]",
            "[Variant \"Standard\"]",
            "[Termination \"Normal\"]",
        ]
    );
    assert_eq!(
        lines[9..17],
        [
            "[UTCDate \"1858.??.??\"]",
            "[UTCTime \"??:??:??\"]",
            "[WhiteElo \"?\"]",
            "[BlackElo \"?\"]",
            "[TimeControl \"180+0\"]",
            "[ECO \"C41\"]",
            "[Opening \"Philidor Defense\"]",
            "[Annotator \"lichess.org\"]",
        ]
    );
    let blank = lines.iter().position(String::is_empty).unwrap();
    assert_eq!(lines[blank + 1..], OPERA_ANNOTATED);
    // The same from standard input, and the output read again gives itself.
    let text = std::fs::read_to_string(data("opera-lichess.pgn")).unwrap();
    let out = pgn_stdin(&[], &text);
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed.lines().collect::<Vec<_>>(), lines);
    let again = pgn_stdin(&[], &printed);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), printed);
}

#[test]
fn pgn_prints_every_game_of_a_file_or_the_one_asked_for() {
    let all = ok(&["pgn", &data("three-games.pgn")]);
    let results = all.iter().filter(|l| *l == "[Result \"1-0\"]").count();
    assert_eq!(results, 3, "{all:?}");
    let second = ok(&["pgn", "--game", "2", &data("three-games.pgn")]);
    let blank = second.iter().position(String::is_empty).unwrap();
    assert_eq!(second[blank + 1..], OPERA_MOVETEXT, "long algebraic read");
    assert!(second.contains(&"[White \"Morphy, Paul\"]".to_string()));
    // The games are printed in order, a blank line between two.
    let at = all
        .iter()
        .position(|l| l == "[White \"Morphy, Paul\"]")
        .unwrap();
    assert_eq!(all[at - 5], "", "{all:?}");
    assert_eq!(all[at - 4..at + second.len() - 4], second[..]);
    let third = ok(&["pgn", &data("three-games.pgn"), "--game=3"]);
    assert_eq!(
        third.last().unwrap(),
        "21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7# 1-0",
        "{third:?}"
    );
    fails(
        &["pgn", "--game", "4", &data("three-games.pgn")],
        "the PGN text holds 3 games; there is no game 4",
    );
    fails(
        &["pgn", "--game", "0", &data("three-games.pgn")],
        "--game must be",
    );
}

#[test]
fn pgn_names_the_first_bad_move_and_exits_2() {
    let out = pgn_stdin(&[], "[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 3. Bc5 Nf6 *\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: move 3 for White: Bc5 is not a legal move in this position\n"
    );
    // In a file of several games, the game too; nothing is printed.
    let text = std::fs::read_to_string(data("three-games.pgn"))
        .unwrap()
        .replace("7... Qd8-e7", "7... Qd8-e6");
    let out = pgn_stdin(&[], &text);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: game 2: move 7 for Black: Qd8-e6 is not a legal move in this position\n"
    );
    // The other games are still read one by one.
    let out = pgn_stdin(&["--game", "3"], &text);
    assert_eq!(out.status.code(), Some(0));
    fails_words("pgn /no/such/file.pgn", "cannot read '/no/such/file.pgn'");
    fails(&["pgn", "a.pgn", "b.pgn"], "unexpected argument 'b.pgn'");
    fails(&["pgn", "--verbose"], "unknown option '--verbose'");
    let out = pgn_stdin(&[], "  \n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: the PGN text is empty\n"
    );
    let out = pgn_stdin(&[], "[Variant \"checkers\"]\n1. e4 *");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: the Variant tag names an unknown game 'checkers'"),
        "{err}"
    );
}

#[test]
fn pgn_notes_what_was_odd_on_one_short_line() {
    // The 10,000 stray ')' and a bad move in a variation: the game is printed, and
    // one line on standard error says what was left out, each note once with its count.
    let text = format!(
        "[Event \"x\"]\n\n1. e4 {} e5 (1... c5 2. Ke3) *\n",
        ")".repeat(10_000)
    );
    let out = pgn_stdin(&[], &text);
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.ends_with("\n1. e4 e5 (1... c5) *\n"), "{printed}");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "note: A ')' closes no variation and was ignored (10,000 times). Could not play move 2 \
         for White in a variation: Ke3 is not a legal move in this position; the rest of that \
         variation was left out.\n"
    );
    // In a file of several games, each game's line names it; a clean game has none.
    let text = format!("{text}\n[Event \"y\"]\n\n1. d4 *\n\n[Event \"z\"]\n\n1. c4 $999 *\n");
    let out = pgn_stdin(&[], &text);
    assert_eq!(out.status.code(), Some(0));
    let notes = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = notes.lines().collect();
    assert_eq!(lines.len(), 2, "{notes}");
    assert!(
        lines[0].starts_with("note: game 1: A ')' closes"),
        "{notes}"
    );
    assert_eq!(
        lines[1],
        "note: game 3: The NAG '$999' is not a number from 0 to 255 and was ignored."
    );
}

#[test]
fn pgn_is_in_the_help() {
    let lines = ok(&["--help"]);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("fairyboard pgn [<file>] [--game N]")),
        "{lines:?}"
    );
}

#[test]
fn review_writes_evaluations_marks_better_lines_and_accuracy() {
    // 3. Qxe5+?? gives the queen for a pawn.
    let out = command_stdin(
        "review",
        &["--nodes", "5000"],
        "1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 *",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("[WhiteAccuracy \""), "{text}");
    assert!(text.contains("[BlackAccuracy \""), "{text}");
    assert!(text.contains("1. e4 {[%eval "), "{text}");
    assert!(text.contains("3. Qxe5+ $4"), "{text}");
    assert!(text.contains("Blunder. Best was "), "{text}");
    // Not a terminal: no progress line.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // What it prints reads back as the same record.
    let again = command_stdin("pgn", &[], &text);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn review_refuses_bad_input_as_pgn_does() {
    for (args, input, needle) in [
        (vec![], "1. e4 e5 2. Ke3 *", "move 2 for White"),
        (
            vec!["--nodes", "0"],
            "1. e4 *",
            "--nodes must be a whole number from 1",
        ),
        (
            vec!["--nodes", "10", "--depth", "2"],
            "1. e4 *",
            "give one of --nodes, --movetime and --depth",
        ),
        (vec!["--fast"], "1. e4 *", "unknown option '--fast'"),
        (vec![], "", "the PGN text is empty"),
    ] {
        let out = command_stdin("review", &args, input);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn review_reads_and_checks_every_game_before_searching() {
    // Ten good games, then one with an illegal move: the error at once, nothing searched
    // (each good game would take 5 positions of 300 ms).
    let good = "[Event \"good\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    let text = good.repeat(10) + "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n";
    let t = std::time::Instant::now();
    let out = command_stdin("review", &["--movetime", "300"], &text);
    let took = t.elapsed();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: game 11: move 2 for White"), "{err}");
    assert!(out.stdout.is_empty());
    assert!(took < std::time::Duration::from_secs(3), "{took:?}");
}

#[test]
fn review_writes_each_game_as_soon_as_it_is_reviewed() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    // Two games of three moves at 400 ms a position: the first game's review comes about
    // 1.6 s before the second's.
    let game = "[Event \"g\"]\n\n1. e4 e5 2. Nf3 *\n\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(["review", "--movetime", "400"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(game.repeat(2).as_bytes())
        .unwrap();
    let t = std::time::Instant::now();
    let mut first = None;
    let mut lines = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.starts_with("1. e4") && first.is_none() {
            first = Some(t.elapsed());
        }
        lines.push(line);
    }
    let all = t.elapsed();
    assert!(child.wait().unwrap().success());
    let first = first.expect("a review");
    eprintln!("first game written at {first:?}, both at {all:?}");
    assert!(
        all - first > std::time::Duration::from_millis(800),
        "{first:?} {all:?}"
    );
    assert_eq!(lines.iter().filter(|l| l.starts_with("1. e4")).count(), 2);
}

#[test]
fn review_and_bestmove_refuse_limits_out_of_range() {
    for (args, needle) in [
        (
            ["--depth", "65"],
            "--depth must be a whole number from 1 to 64, not '65'",
        ),
        (
            ["--nodes", "18446744073709551615"],
            "--nodes must be a whole number from 1 to 1000000000, not '18446744073709551615'",
        ),
        (
            ["--movetime", "86400001"],
            "--movetime must be a whole number from 1 to 86400000, not '86400001'",
        ),
        (
            ["--depth", "0"],
            "--depth must be a whole number from 1 to 64, not '0'",
        ),
    ] {
        let out = command_stdin("review", &args, "1. e4 *");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err, format!("error: {needle}\n"), "{args:?}");
        let mut bestmove = vec!["bestmove", "orthodox"];
        bestmove.extend(args);
        fails(&bestmove, needle);
    }
}

#[test]
fn depth_and_node_limits_out_of_reach_end_within_the_cap_a_position() {
    // Depth 64 and a billion nodes are out of reach: each position searches 10 s at most,
    // as over UCI (the four run side by side; the cap is time, not work).
    let runs: Vec<_> = [["--depth", "64"], ["--nodes", "1000000000"]]
        .into_iter()
        .flat_map(|limit| {
            let review = std::thread::spawn(move || {
                let t = std::time::Instant::now();
                let out = command_stdin("review", &limit, "*");
                (format!("review {limit:?}"), out, t.elapsed())
            });
            let bestmove = std::thread::spawn(move || {
                let t = std::time::Instant::now();
                let mut args = vec!["bestmove", "orthodox"];
                args.extend(limit);
                (format!("bestmove {limit:?}"), run(&args), t.elapsed())
            });
            [review, bestmove]
        })
        .collect();
    for r in runs {
        let (what, out, took) = r.join().unwrap();
        eprintln!("{what}: {took:?}");
        assert!(out.status.success(), "{what}: {out:?}");
        assert!(
            took < std::time::Duration::from_secs(20),
            "{what}: {took:?}"
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("bestmove ") || text.contains("[Result \"*\"]"),
            "{what}: {text}"
        );
    }
}

#[test]
fn book_prints_a_header_and_distinct_positions() {
    let lines = ok(&[
        "book", "quarter", "--count", "3", "--plies", "4", "--margin", "150", "--nodes", "300",
        "--seed", "5",
    ]);
    assert!(lines[0].starts_with("# fairyboard opening book: quarter"));
    assert_eq!(
        lines[1],
        "# settings: --count 3 --plies 4 --margin 150 --nodes 300 --seed 5"
    );
    let positions: Vec<&String> = lines.iter().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(positions.len(), 3);
    for p in &positions {
        let moves = ok(&["moves", "quarter", "--fen", p]);
        assert!(!moves.is_empty(), "{p}");
    }
    let mut distinct = positions.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 3);
}

#[test]
fn book_refuses_bad_input() {
    fails(
        &["book", "orthodox", "--count", "0"],
        "--count must be a whole number from 1",
    );
    fails(
        &["book", "orthodox", "--margin", "-5"],
        "--margin must be a whole number",
    );
    fails(
        &["book", "orthodox", "--fen", "8/8/8/8/8/8/8/8 w"],
        "--fen is not taken",
    );
    fails(&["book", "chess960"], "chess960");
    fails(
        &["book", "orthodox", "--count", "3", "--plies", "0"],
        "only 1 of 3 positions",
    );
}

#[test]
fn selfplay_prints_the_table() {
    let lines = ok(&["selfplay", "bandit", "--games", "2", "--nodes", "200"]);
    let text = lines.join("\n");
    assert!(lines[0].starts_with("selfplay bandit: 2 games, 200 nodes a move, from the start"));
    for row in [
        "| White wins | ",
        "| draws | ",
        "| Black wins | ",
        "length: ",
        "| checkmate | ",
        "| stalemate | ",
        "| repetition | ",
        "| 100-ply rule | ",
        "| bare kings (insufficient material) | ",
        "| capturing the king with an outlaw | ",
        "| move limit (400 plies, a draw) | ",
    ] {
        assert!(text.contains(row), "no {row:?} in\n{text}");
    }
    let count = |name: &str| -> usize {
        let line = lines.iter().find(|l| l.starts_with(name)).unwrap();
        line.split('|').nth(2).unwrap().trim().parse().unwrap()
    };
    assert_eq!(
        count("| White wins") + count("| draws") + count("| Black wins"),
        2
    );
}

#[test]
fn selfplay_from_a_book() {
    let dir = std::env::temp_dir().join(format!("fairyboard-selfplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.txt");
    std::fs::write(
        &book,
        "# two openings\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
         rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n",
    )
    .unwrap();
    let path = book.to_str().unwrap();
    let lines = ok(&[
        "selfplay",
        "orthodox",
        "--games",
        "2",
        "--nodes",
        "200",
        "--book",
        path,
        "--max-plies",
        "30",
    ]);
    assert!(lines[0].contains(&format!(
        "from book {path}, 0 random plies, 30 plies at most"
    )));
    fails(&["selfplay", "bandit", "--book", path], "--book");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn selfplay_refuses_bad_input() {
    fails(
        &["selfplay", "orthodox", "--games", "0"],
        "--games must be a whole number from 1",
    );
    fails(
        &["selfplay", "orthodox", "--nodes", "10", "--movetime", "10"],
        "give --nodes or --movetime, not both",
    );
    fails(
        &["selfplay", "orthodox", "--book", "/nonexistent/book"],
        "cannot read",
    );
    fails(
        &["selfplay", "orthodox", "--threads", "x"],
        "--threads must be a whole number",
    );
    fails(
        &["selfplay", "orthodox", "extra"],
        "unexpected argument 'extra'",
    );
}

#[test]
fn command_line_plays_vagabond() {
    let bin = env!("CARGO_BIN_EXE_fairyboard");
    let out = std::process::Command::new(bin)
        .args(["perft", "vagabond", "2"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "4893");
    let out = std::process::Command::new(bin)
        .args(["play", "vagabond", "b1b3", "b8b6"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "r1ekaavr/pppppppp/1e6/8/8/1E6/PPPPPPPP/R1EKAAVR w KQkq - 2 2"
    );
}
