//! `fairyboard uci`, run as a program: scripted conversations on its stdin and stdout, the
//! way a GUI or python-chess holds them. Searches are kept small so the file runs in a few
//! seconds; timings are printed (`cargo test --test all uci:: -- --nocapture`) and asserted
//! generously so a busy machine still passes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use fairyboard::{Game, Variant};

/// Long enough for any answer here on a loaded machine; a hung engine fails the test.
const PATIENCE: Duration = Duration::from_secs(10);

const MATE_IN_ONE: &str = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

/// The engine as a child process, its output lines arriving on a channel.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary runs");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    /// Writes raw bytes (a line may be invalid UTF-8).
    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// The next line, or `None` if none comes within `wait`.
    fn line_within(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => panic!("the engine closed its output"),
        }
    }

    /// Lines up to and including the first that starts with `head`.
    fn until(&mut self, head: &str) -> Vec<String> {
        self.until_within(head, PATIENCE).unwrap_or_else(|seen| {
            panic!("no line starting {head:?} within {PATIENCE:?}; got {seen:#?}")
        })
    }

    /// Lines up to and including the first that starts with `head`, if it comes within
    /// `wait`; else the lines seen meanwhile.
    fn until_within(&mut self, head: &str, wait: Duration) -> Result<Vec<String>, Vec<String>> {
        let mut seen = Vec::new();
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.line_within(left) else {
                return Err(seen);
            };
            let done = line.starts_with(head);
            seen.push(line);
            if done {
                return Ok(seen);
            }
        }
    }

    /// The move of the next `bestmove` line.
    fn bestmove(&mut self) -> String {
        let lines = self.until("bestmove");
        let last = lines.last().unwrap();
        last.strip_prefix("bestmove ").unwrap().to_string()
    }

    /// `isready` answered by `readyok`: returns the lines before it.
    fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// Sends `quit` and checks that the engine exits with status 0.
    fn quit(mut self) {
        self.send("quit");
        self.stdin = None;
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status:?}");
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // A failed test must not leave an engine searching.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether `text` is a legal move after `moves` from `fen` (the start when `None`).
fn legal(variant: Variant, fen: Option<&str>, moves: &[&str], text: &str) -> bool {
    let mut game = Game::new(variant, fen).unwrap();
    for m in moves {
        game.play(m).unwrap();
    }
    game.play(text).is_ok()
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

/// `MultiPV 3`: every iteration gives lines 1, 2 and 3, with different first moves, best
/// first; and the move played is the one of a single-line search.
#[test]
fn several_lines() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 4");
    let single = e.bestmove();
    e.send("setoption name MultiPV value 3");
    e.send("ucinewgame");
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), &format!("bestmove {single}"));
    let word = |l: &str, key: &str| -> String {
        let mut it = l.split_whitespace().skip_while(|w| *w != key);
        it.next();
        it.next().unwrap_or_default().to_string()
    };
    for depth in 1..=4 {
        let at: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with(&format!("info depth {depth} ")))
            .collect();
        let numbers: Vec<String> = at.iter().map(|l| word(l, "multipv")).collect();
        assert_eq!(numbers, ["1", "2", "3"], "{at:?}");
        let firsts: std::collections::BTreeSet<String> = at.iter().map(|l| word(l, "pv")).collect();
        assert_eq!(firsts.len(), 3, "{at:?}");
        let cps: Vec<i32> = at.iter().map(|l| word(l, "cp").parse().unwrap()).collect();
        assert!(cps.windows(2).all(|w| w[0] >= w[1]), "{at:?}");
    }
    let last_first = lines
        .iter()
        .rev()
        .find(|l| l.contains(" multipv 1 "))
        .unwrap();
    assert_eq!(word(last_first, "pv"), single);
    e.quit();
}

#[test]
fn handshake_options_and_quit() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines[0].starts_with("id name fairyboard "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    assert_eq!(
        lines[2..],
        [
            "option name UCI_Variant type combo default orthodox var orthodox var chess \
             var vagabond var bandit var quarter var pawnier var riftwalker",
            "option name Hash type spin default 16 min 1 max 1024",
            "option name Level type spin default 8 min 1 max 8",
            "option name MultiPV type spin default 1 min 1 max 5",
            "uciok",
        ]
    );
    assert!(e.ready().is_empty());
    e.send("setoption name Hash value 32");
    e.send("setoption name level value 7");
    e.send("setoption name UCI_Variant value chess");
    e.send("ucinewgame");
    assert!(e.ready().is_empty());
    e.quit();
}

#[test]
fn moves_and_a_mate_in_one() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 1 "))
        .unwrap();
    for word in [
        " seldepth ",
        " score ",
        " nodes ",
        " nps ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(word), "{info}");
    }
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(
        legal(Variant::Orthodox, None, &["e2e4", "e7e5"], best),
        "{best}"
    );

    e.send(&format!("position fen {MATE_IN_ONE}"));
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove h5f7");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );

    // The same, reached by moves; and no legal move at all.
    e.send("position startpos moves e2e4 e7e5 f1c4 b8c6 d1h5 g8f6");
    e.send("go nodes 5000");
    assert_eq!(e.bestmove(), "h5f7");
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    let hashfull = lines[0]
        .rsplit_once(" hashfull ")
        .map_or("", |(head, _)| head);
    assert_eq!(
        hashfull,
        "info depth 0 seldepth 0 multipv 1 score mate 0 nodes 0 nps 0 time 0"
    );
    assert_eq!(lines[1..], ["bestmove (none)"]);
    e.quit();
}

#[test]
fn every_game_by_uci_variant() {
    let mut e = Engine::start();
    for v in Variant::ALL {
        // A first move from the engine's own list, so the moves of each game are read too.
        let start = Game::new(v, None).unwrap();
        let first = start
            .position()
            .move_text(&start.position().legal_moves()[0]);
        e.send(&format!("setoption name UCI_Variant value {}", v.id()));
        e.send(&format!("position startpos moves {first}"));
        e.send("go nodes 2000");
        let lines = e.until("bestmove");
        assert!(errors(&lines).is_empty(), "{}: {lines:?}", v.id());
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        assert!(legal(v, None, &[&first], best), "{}: {best}", v.id());
        // Position text with spaces, hands and a 9x9 drawing, as `fen`.
        e.send(&format!("position fen {} moves {first}", v.start_text()));
        e.send("go nodes 2000");
        let best = e.bestmove();
        assert!(legal(v, None, &[&first], &best), "{}: {best}", v.id());
    }
    e.quit();
}

#[test]
fn movetime_and_clock_are_kept() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4");
    let t = Instant::now();
    e.send("go movetime 200");
    let best = e.bestmove();
    let took = t.elapsed();
    eprintln!("go movetime 200 answered in {took:?}");
    assert!(legal(Variant::Orthodox, None, &["d2d4"], &best), "{best}");
    assert!(took >= Duration::from_millis(150), "{took:?}");
    assert!(took < Duration::from_millis(600), "{took:?}");

    // Black to move with 2 s on its clock: a share of it, not all.
    let t = Instant::now();
    e.send("go wtime 60000 btime 2000 winc 0 binc 0");
    let best = e.bestmove();
    let took = t.elapsed();
    eprintln!("go with 2 s on the clock answered in {took:?}");
    assert!(legal(Variant::Orthodox, None, &["d2d4"], &best), "{best}");
    assert!(took < Duration::from_millis(1000), "{took:?}");
    e.quit();
}

/// Sends `go` lines to a new engine playing `variant` from its start (White to move), each
/// after the last's `bestmove`, which must come by itself (no `stop`) within `wait` and be
/// legal. Returns what went wrong, a line per `go` (a search that did not end is stopped,
/// and the next `go` tried).
fn ends_by_itself(variant: Variant, gos: &[&str], wait: Duration) -> Vec<String> {
    let mut e = Engine::start();
    e.send(&format!(
        "setoption name UCI_Variant value {}",
        variant.id()
    ));
    e.send("position startpos");
    let mut wrong = Vec::new();
    for go in gos {
        let t = Instant::now();
        e.send(go);
        let Ok(lines) = e.until_within("bestmove", wait) else {
            wrong.push(format!(
                "{}: {go}: no bestmove within {wait:?}",
                variant.id()
            ));
            e.send("stop");
            e.until("bestmove");
            continue;
        };
        eprintln!("{}: {go} answered in {:?}", variant.id(), t.elapsed());
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        if !errors(&lines).is_empty() || !legal(variant, None, &[], best) {
            wrong.push(format!("{}: {go}: {lines:?}", variant.id()));
        }
    }
    e.quit();
    wrong
}

/// Runs [`ends_by_itself`] for every game at once, one engine each.
fn ends_by_itself_in_every_game(gos: &[&str], wait: Duration) -> Vec<String> {
    std::thread::scope(|s| {
        let games: Vec<_> = Variant::ALL
            .into_iter()
            .map(|v| s.spawn(move || ends_by_itself(v, gos, wait)))
            .collect();
        games.into_iter().flat_map(|g| g.join().unwrap()).collect()
    })
}

#[test]
fn a_clock_given_only_for_the_side_not_to_move_gets_the_default_time() {
    // White to move: clock fields, but none for White (issue 26). Each searches as a bare
    // `go` does (one second), so a few seconds is plenty.
    let wrong = ends_by_itself_in_every_game(
        &["go btime 1", "go winc 5000", "go movestogo 5", "go binc 10"],
        PATIENCE,
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_depth_nodes_or_mate_search_too_deep_to_finish_ends_by_itself() {
    // Depth 64 (the deepest), billions of nodes and a mate in 99999 are all out of reach
    // from the start (issue 26): each search ends at the cap for a `go` with no time for
    // the side to move, ten seconds; thirty is the generous bound.
    let wait = Duration::from_secs(30);
    std::thread::scope(|s| {
        let nodes = s.spawn(move || {
            ends_by_itself(Variant::Orthodox, &["go nodes 9223372036854775807"], wait)
        });
        let mate = s.spawn(move || ends_by_itself(Variant::Quarter, &["go mate 99999"], wait));
        let mut wrong = ends_by_itself_in_every_game(&["go depth 99999"], wait);
        wrong.extend(nodes.join().unwrap());
        wrong.extend(mate.join().unwrap());
        assert!(wrong.is_empty(), "{wrong:#?}");
    });
}

#[test]
fn infinite_waits_for_stop_and_isready_is_answered_meanwhile() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    let t = Instant::now();
    let before = e.ready();
    let ready = t.elapsed();
    eprintln!("isready during a search answered in {ready:?}");
    assert!(ready < Duration::from_millis(300), "{ready:?}");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.send("stop");
    let mut lines = before;
    lines.extend(e.until("bestmove"));
    let latency = t.elapsed();
    eprintln!("stop answered in {latency:?}");
    assert!(latency < Duration::from_millis(500), "{latency:?}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );

    // A search that ends by itself (a mate found) still waits for `stop`.
    e.send(&format!("position fen {MATE_IN_ONE}"));
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let early: Vec<String> = std::iter::from_fn(|| e.line_within(Duration::ZERO)).collect();
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:?}"
    );
    e.send("stop");
    assert_eq!(e.bestmove(), "h5f7");
    // `stop` with no search is harmless.
    e.send("stop");
    assert!(e.ready().is_empty());
    e.quit();
}

#[test]
fn quit_and_end_of_input_end_a_search() {
    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let t = Instant::now();
    e.quit();
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );

    // Piped commands: the search runs to its limit, then the engine ends.
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 2");
    e.stdin = None;
    assert!(legal(Variant::Orthodox, None, &[], &e.bestmove()));
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn a_go_during_a_search_waits_its_turn_and_the_reader_never_waits() {
    // The conversation: `quit` ends it at once, not after the first search's 6 s.
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go movetime 6000");
    e.send("go depth 1");
    std::thread::sleep(Duration::from_millis(100));
    let t = Instant::now();
    e.quit();
    let quit = t.elapsed();
    eprintln!("quit with a go waiting answered in {quit:?}");
    assert!(quit < Duration::from_millis(1000), "{quit:?}");

    // `isready` is answered at once and `stop` is read meanwhile: it ends the running search
    // and the one waiting, each with its `bestmove`, in order.
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go movetime 6000");
    e.send("position startpos moves e2e4");
    e.send("go depth 1");
    let t = Instant::now();
    let mut lines = e.ready();
    let ready = t.elapsed();
    eprintln!("isready with a go waiting answered in {ready:?}");
    assert!(ready < Duration::from_millis(300), "{ready:?}");
    let t = Instant::now();
    e.send("stop");
    lines.extend(e.until("bestmove"));
    let first = lines.last().unwrap().clone();
    lines.extend(e.until("bestmove"));
    let second = lines.last().unwrap().clone();
    let stopped = t.elapsed();
    eprintln!("stop with a go waiting answered in {stopped:?}");
    assert!(stopped < Duration::from_millis(1000), "{stopped:?}");
    let best = |l: &str| l.strip_prefix("bestmove ").unwrap().to_string();
    assert!(
        legal(Variant::Orthodox, None, &[], &best(&first)),
        "{lines:#?}"
    );
    assert!(
        legal(Variant::Orthodox, None, &["e2e4"], &best(&second)),
        "{lines:#?}"
    );
    assert!(e.ready().is_empty(), "nothing more");

    // Each `go` waiting its turn searches to its own limits, its time counted from when it
    // starts: two searches of 300 ms give their answers 300 ms apart, or more.
    e.send("position startpos");
    e.send("go movetime 300");
    e.send("go movetime 300");
    let t = Instant::now();
    e.bestmove();
    let one = t.elapsed();
    e.bestmove();
    let two = t.elapsed();
    eprintln!("two searches of 300 ms answered at {one:?} and {two:?}");
    assert!(two - one >= Duration::from_millis(250), "{one:?} {two:?}");
    e.quit();
}

#[test]
fn levels_play_legal_moves() {
    let mut e = Engine::start();
    for level in [1, 4, 8] {
        e.send(&format!("setoption name Level value {level}"));
        e.send("position startpos moves g1f3");
        e.send("go movetime 300");
        let best = e.bestmove();
        assert!(
            legal(Variant::Orthodox, None, &["g1f3"], &best),
            "{level}: {best}"
        );
    }
    e.quit();
}

#[test]
fn bad_input_is_named_and_changes_nothing() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    let bad: [(&str, &str); 14] = [
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w",
            "position",
        ),
        ("position fen 8/8/8/8/8/8/8/8 w - - 0 1", "king"),
        ("position startpos moves e2e4 e2e4", "move 2"),
        ("position startpos moves e2e5", "e2e5"),
        ("position", "startpos"),
        ("setoption name UCI_Variant value checkers", "checkers"),
        ("setoption name Hash value lots", "lots"),
        ("setoption name Level value 0", "from 1 to 8"),
        ("setoption name MultiPV value 6", "from 1 to 5"),
        ("setoption name Contempt value 10", "unknown option"),
        ("go depth deep", "deep"),
        ("go sideways", "sideways"),
        ("hello there", "unknown command"),
        ("}{ \u{7} %%%", "unknown command"),
    ];
    for (line, needle) in bad {
        e.send(line);
        let lines = e.ready();
        let errs = errors(&lines);
        assert_eq!(errs.len(), 1, "{line:?}: {lines:?}");
        assert!(errs[0].contains(needle), "{line:?}: {errs:?}");
    }
    // Blank lines and bytes that are not UTF-8.
    e.send("");
    e.send("   \t ");
    e.send_bytes(b"\xff\xfe go\x00\n");
    e.send_bytes(b"\r\n");
    let lines = e.ready();
    assert!(
        lines.iter().all(|l| l.starts_with("info string error: ")),
        "{lines:?}"
    );
    // The position is still the one before the bad lines: a reply to e2e4.
    e.send("ucinewgame");
    e.send("go depth 2");
    let best = e.bestmove();
    assert!(legal(Variant::Orthodox, None, &["e2e4"], &best), "{best}");
    e.quit();
}

#[test]
fn extra_arguments_are_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(["uci", "orthodox"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("error: unexpected argument 'orthodox'"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
}
