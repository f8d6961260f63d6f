//! Playing strength: a match runner with our own [`Game`] as referee, printing wins, draws
//! and losses with an Elo difference and its 95% error bars. Not part of the test run (only
//! compiled by it); `scripts/strength.sh` runs the whole set.
//!
//! ```text
//! cargo run --release --example strength -- match --game orthodox \
//!     --white level:8@200ms --black greedy --games 20 [--verbose]
//! cargo run --release --example strength -- ladder --game orthodox --games 60 \
//!     [--level8 level:8@1000ms] [--from 2] [--to 8]
//! cargo run --release --example strength -- sanity --game vagabond --games 20 \
//!     --level8 level:8@200ms
//! cargo run --release --example strength -- sprt --game orthodox --first nodes:20000 \
//!     --second uci:/tmp/old/fairyboard@20000n --elo0 0 --elo1 5 --book books/orthodox.txt
//! ```
//!
//! Options of every command: `--game <id>` (orthodox vagabond bandit quarter pawnier
//! riftwalker), `--games N` (default 20), `--start "<position text>"` (default the game's
//! start), `--book FILE` (an opening book, `fairyboard book`: pair k starts from its
//! k-th position, the book shuffled by the seed, and round again when it runs out),
//! `--random-plies K` (default 4, or 0 with a book), `--seed S` (default 1), `--threads
//! T` (default 2), `--max-plies P` (default 400; the random plies count), `--verbose` (one
//! line per finished game, as it finishes), `--show-moves` (that line and the game's moves
//! under it, from the start position: replay with `fairyboard bestmove <game> --moves
//! "..."`).
//!
//! Games go in pairs from the same opening: the start position (or the book's), then K
//! uniformly random legal plies drawn from the seed and the pair's number (redrawn if they
//! end the game); in game 2k the first player (`--white`) has White, in game 2k+1 the
//! second. `sprt` runs the sequential probability ratio test on such pairs (see
//! `sprt.rs`). The referee
//! ends a game by checkmate, stalemate, the special wins, threefold repetition, the 100-ply
//! rule or bare kings; past P plies it is adjudicated a draw. A move that is not legal
//! loses the game for the player that made it and is reported loudly (there must be none);
//! a player that fails (a crashed Stockfish, no answer within its time and 10 s) is
//! reported and the game left out of the score. The exit status is 1 after either.
//!
//! Players:
//! - `random`: a uniformly random legal move.
//! - `greedy`: a move that wins at once if there is one (checkmate, a special win), else
//!   the largest material gain at once (`material_change` with the game's values), ties
//!   broken at random.
//! - `level:N` (1-7): our level N, its node limit and noise, as `fairyboard bestmove
//!   --level N` plays; `level:N@MSms` or `level:N@NODESn` adds a time or node limit, which
//!   level 8 needs (`level:8@1000ms`, `level:8@200000n`).
//! - `nodes:N`, `movetime:MS`, `depth:D`: full strength at a fixed node count, time per
//!   move (milliseconds) or depth.
//! - `stockfish:ELO@MS` (orthodox only): `/usr/games/stockfish` (or `$STOCKFISH`) over UCI
//!   with `UCI_LimitStrength` and `UCI_Elo` ELO (1350-2850), one thread, 16 MB hash, `go
//!   movetime MS`; `stockfish@MS` plays at full strength. MS defaults to 1000.
//! - `uci:PATH@NODESn` or `uci:PATH@MSms`: another build of fairyboard (`PATH uci`, with
//!   `UCI_Variant` set to the game), for an older engine against the current one, e.g.
//!   `--white nodes:20000 --black uci:/tmp/old/fairyboard@20000n`.
//!
//! Searching players keep one 16 MB [`Searcher`] per worker thread, cleared at each game's
//! start, and pass the game's earlier positions as history. Time is that of the wall clock
//! (`std::time::Instant`): with as many threads as cores and nothing else running, a
//! time-limited player has its core to itself.
//!
//! The summary, from the first player's view: `A vs B: +W =D -L (score x%) Elo diff E ± M
//! (95%) [lo, hi]`, with `Elo = -400 log10(1/p - 1)` and bounds at `p ± 1.96 sd/√n` from
//! the per-game score variance (clamped to 0.1%-99.9%, so ±1200 at most). With every game
//! won (or lost) E is infinite and the bound is the score at which all n wins would have 5%
//! chance (`0.05^(1/n)`). Then the mean game length, the ends by reason, each colour's
//! results, and each player's time per move (mean, most, moves more than 100 ms over a
//! time limit).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

mod sprt;

use fairyboard::eval::value_of;
use fairyboard::search::{Level, Limits, Searcher};
use fairyboard::{Color, Game, Move, Position, Variant};

/// The command line's usage text.
const USAGE: &str = "usage:
  strength match  --game <id> --white <player> --black <player> [options]
  strength ladder --game <id> [--level8 <player>] [--from N] [--to N] [options]
  strength sanity --game <id> [--level8 <player>] [options]
  strength sprt   --game <id> --first <player> --second <player> [--elo0 E (0)]
                  [--elo1 E (5)] [--alpha A (0.05)] [--beta B (0.05)]
                  [--model normalized|logistic] [--max-games N (20000)] [--every PAIRS (10)]
                  [options]
options: --games N (20) --start \"<position text>\" --book FILE --random-plies K (4; 0
         with a book) --seed S (1) --threads T (2) --max-plies P (400) --verbose --show-moves
players: random greedy level:N level:N@MSms level:N@NODESn nodes:N movetime:MS depth:D
         stockfish:ELO@MS stockfish@MS (orthodox; ELO 1350-2850) uci:PATH@NODESn uci:PATH@MSms";

/// Milliseconds past a time limit that count a move as over time.
const OVERRUN_MS: f64 = 100.0;
/// Megabytes of each searcher's transposition table.
const HASH_MB: usize = 16;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Runs a command; `Ok(false)` when a game had an illegal move or a failing player.
fn run(args: &[String]) -> Result<bool, String> {
    let (command, rest) = args.split_first().ok_or("missing command")?;
    let opts = Opts::parse(rest)?;
    let level8 = || Spec::parse(opts.get("--level8").unwrap_or("level:8@1000ms"));
    match command.as_str() {
        "match" => {
            let a = Spec::parse(opts.get("--white").ok_or("match needs --white <player>")?)?;
            let b = Spec::parse(opts.get("--black").ok_or("match needs --black <player>")?)?;
            Ok(play_match(&opts.setting()?, &a, &b)?.clean())
        }
        "ladder" => {
            let s = opts.setting()?;
            let from = opts.number("--from", 2)?.clamp(2, 8) as u8;
            let to = opts.number("--to", 8)?.clamp(2, 8) as u8;
            let mut clean = true;
            for n in from..=to {
                let upper = if n == 8 {
                    level8()?
                } else {
                    Spec::parse(&format!("level:{n}"))?
                };
                let lower = Spec::parse(&format!("level:{}", n - 1))?;
                clean &= play_match(&s, &upper, &lower)?.clean();
            }
            Ok(clean)
        }
        "sanity" => {
            let s = opts.setting()?;
            let top = level8()?;
            let mut clean = play_match(&s, &top, &Spec::parse("random")?)?.clean();
            clean &= play_match(&s, &top, &Spec::parse("greedy")?)?.clean();
            Ok(clean)
        }
        "sprt" => sprt::run(&opts),
        other => Err(format!("unknown command '{other}'")),
    }
}

/// The options as given: `--name value`, `--name=value` or a flag.
struct Opts {
    values: Vec<(String, String)>,
    verbose: bool,
    show_moves: bool,
}

/// Options that take a value.
const VALUE_OPTIONS: [&str; 22] = [
    "--game",
    "--book",
    "--first",
    "--second",
    "--elo0",
    "--elo1",
    "--alpha",
    "--beta",
    "--model",
    "--max-games",
    "--every",
    "--white",
    "--black",
    "--games",
    "--start",
    "--random-plies",
    "--seed",
    "--threads",
    "--max-plies",
    "--level8",
    "--from",
    "--to",
];

impl Opts {
    /// Parses the options after the command.
    fn parse(args: &[String]) -> Result<Opts, String> {
        let mut opts = Opts {
            values: Vec::new(),
            verbose: false,
            show_moves: false,
        };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if a == "--verbose" || a == "-v" {
                opts.verbose = true;
                continue;
            }
            if a == "--show-moves" {
                opts.verbose = true;
                opts.show_moves = true;
                continue;
            }
            let (name, inline) = match a.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (a.as_str(), None),
            };
            if !VALUE_OPTIONS.contains(&name) {
                return Err(format!("unknown argument '{a}'"));
            }
            let value = match inline {
                Some(v) => v,
                None => it.next().ok_or(format!("{name} needs a value"))?.clone(),
            };
            opts.values.push((name.to_string(), value));
        }
        Ok(opts)
    }

    /// The last value given for an option.
    fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// A whole-number option, or its default.
    fn number(&self, name: &str, default: u64) -> Result<u64, String> {
        self.get(name).map_or(Ok(default), |v| {
            v.parse()
                .map_err(|_| format!("{name} must be a whole number, not '{v}'"))
        })
    }

    /// The match setting these options describe.
    fn setting(&self) -> Result<Setting, String> {
        let variant = Variant::from_id(self.get("--game").ok_or("missing --game <id>")?)
            .map_err(|e| e.message().to_string())?;
        let start = match self.get("--start") {
            Some(t) => Position::from_text(variant, t),
            None => Position::start(variant),
        }
        .map_err(|e| format!("--start: {}", e.message()))?;
        let games = self.number("--games", 20)?;
        if games == 0 {
            return Err("--games must be at least 1".into());
        }
        let book = match self.get("--book") {
            None => None,
            Some(path) => {
                if self.get("--start").is_some() {
                    return Err("give --start or --book, not both".into());
                }
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("--book: cannot read {path}: {e}"))?;
                let mut book = fairyboard::book::read(variant, &text)
                    .map_err(|e| format!("--book {path}: {}", e.message()))?;
                fastrand::Rng::with_seed(self.number("--seed", 1)?).shuffle(&mut book);
                Some(book)
            }
        };
        let default_plies = if book.is_some() { 0 } else { 4 };
        Ok(Setting {
            variant,
            start_text: self.get("--start").map(str::to_string),
            start,
            book,
            book_path: self.get("--book").map(str::to_string),
            games: games as usize,
            random_plies: self.number("--random-plies", default_plies)? as usize,
            seed: self.number("--seed", 1)?,
            threads: self.number("--threads", 2)?.clamp(1, 64) as usize,
            max_plies: self.number("--max-plies", 400)?.max(1) as usize,
            verbose: self.verbose,
            show_moves: self.show_moves,
        })
    }
}

/// Everything about a match but its players.
struct Setting {
    variant: Variant,
    /// The position text given with `--start`, if any.
    start_text: Option<String>,
    start: Position,
    /// The opening book's positions, shuffled by the seed, if one was given.
    book: Option<Vec<Position>>,
    /// The book's file name.
    book_path: Option<String>,
    games: usize,
    random_plies: usize,
    seed: u64,
    threads: usize,
    max_plies: usize,
    verbose: bool,
    show_moves: bool,
}

/// A player as named on the command line.
#[derive(Clone, Debug)]
struct Spec {
    name: String,
    kind: SpecKind,
}

/// What a player is.
#[derive(Clone, Debug)]
enum SpecKind {
    Random,
    Greedy,
    /// Our search: a level's node limit and noise, or full strength (`level` is `None`).
    Search {
        level: Option<Level>,
        limits: Limits,
    },
    Stockfish {
        elo: Option<u32>,
        movetime: u64,
    },
    /// Another build of fairyboard over UCI (`uci:<path>@<limit>`), to play an older engine
    /// against the current one: `go` is the UCI `go` line's limit (`nodes N`, `movetime MS`).
    Uci {
        path: String,
        go: String,
        movetime: Option<u64>,
    },
}

impl Spec {
    /// Parses a player name (see the module's documentation).
    fn parse(text: &str) -> Result<Spec, String> {
        let bad = |why: &str| format!("player '{text}': {why}");
        let num = |s: &str, what: &str| -> Result<u64, String> {
            s.parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| bad(&format!("{what} must be a positive whole number")))
        };
        let (head, arg) = text.split_once(':').unwrap_or((text, ""));
        let search = |level, limits| SpecKind::Search { level, limits };
        let kind = match head {
            "random" if arg.is_empty() => SpecKind::Random,
            "greedy" if arg.is_empty() => SpecKind::Greedy,
            "nodes" => search(None, Limits::nodes(num(arg, "nodes")?)),
            "movetime" => search(None, Limits::movetime(num(arg, "the time")? as f64)),
            "depth" => {
                let d = num(arg, "the depth")?.min(u64::from(fairyboard::search::MAX_DEPTH));
                search(None, Limits::depth(d as u32))
            }
            "level" => {
                let (n, extra) = arg.split_once('@').unwrap_or((arg, ""));
                let level = n
                    .parse::<u8>()
                    .ok()
                    .and_then(Level::get)
                    .ok_or_else(|| bad("the level must be 1 to 8"))?;
                let extra = if let Some(ms) = extra.strip_suffix("ms") {
                    Limits::movetime(num(ms, "the time")? as f64)
                } else if let Some(n) = extra.strip_suffix('n') {
                    Limits::nodes(num(n, "the nodes")?)
                } else if extra.is_empty() {
                    Limits::default()
                } else {
                    return Err(bad("write the limit as @<ms>ms or @<nodes>n"));
                };
                let limits = level.limits(extra);
                if limits.nodes.is_none() && limits.movetime.is_none() {
                    return Err(bad(
                        "level 8 needs a limit: level:8@1000ms or level:8@200000n",
                    ));
                }
                search(Some(level), limits)
            }
            "uci" => {
                let (path, limit) = arg
                    .rsplit_once('@')
                    .ok_or_else(|| bad("write uci:<path>@<nodes>n or uci:<path>@<ms>ms"))?;
                let (go, movetime) = if let Some(ms) = limit.strip_suffix("ms") {
                    let ms = num(ms, "the time")?;
                    (format!("movetime {ms}"), Some(ms))
                } else if let Some(n) = limit.strip_suffix('n') {
                    (format!("nodes {}", num(n, "the nodes")?), None)
                } else {
                    return Err(bad("write the limit as @<ms>ms or @<nodes>n"));
                };
                SpecKind::Uci {
                    path: path.to_string(),
                    go,
                    movetime,
                }
            }
            _ if text.starts_with("stockfish") => {
                let rest = &text["stockfish".len()..];
                let (elo, ms) = rest.split_once('@').unwrap_or((rest, ""));
                let elo = elo.strip_prefix(':').unwrap_or(elo);
                let elo = match elo {
                    "" | "full" => None,
                    e => Some(
                        e.parse::<u32>()
                            .ok()
                            .filter(|e| (1350..=2850).contains(e))
                            .ok_or_else(|| bad("the Elo must be 1350 to 2850"))?,
                    ),
                };
                let ms = ms.strip_suffix("ms").unwrap_or(ms);
                let movetime = if ms.is_empty() {
                    1000
                } else {
                    num(ms, "the time")?
                };
                SpecKind::Stockfish { elo, movetime }
            }
            _ => return Err(bad("unknown player")),
        };
        Ok(Spec {
            name: text.to_string(),
            kind,
        })
    }

    /// The time limit per move in milliseconds, if the player has one.
    fn movetime(&self) -> Option<f64> {
        match &self.kind {
            SpecKind::Search { limits, .. } => limits.movetime,
            SpecKind::Stockfish { movetime, .. } => Some(*movetime as f64),
            SpecKind::Uci { movetime, .. } => movetime.map(|ms| ms as f64),
            _ => None,
        }
    }
}

/// A player during a match, in one worker thread.
enum Agent {
    Random,
    Greedy,
    Search {
        searcher: Box<Searcher>,
        level: Option<Level>,
        limits: Limits,
    },
    Stockfish {
        engine: Option<Stockfish>,
        elo: Option<u32>,
        movetime: u64,
    },
    Uci {
        engine: Option<Stockfish>,
        path: String,
        go: String,
    },
}

/// A player's answer: a move of ours, or move text from an outside engine.
enum Answer {
    Move(Option<Move>),
    Text(String),
}

impl Agent {
    /// The player a spec names (Stockfish starts with the first game).
    fn new(spec: &Spec) -> Agent {
        match &spec.kind {
            SpecKind::Random => Agent::Random,
            SpecKind::Greedy => Agent::Greedy,
            SpecKind::Search { level, limits } => {
                let mut searcher = Box::new(Searcher::new(HASH_MB));
                searcher.exact_root(level.map_or(0, |l| l.noise));
                Agent::Search {
                    searcher,
                    level: *level,
                    limits: limits.clone(),
                }
            }
            SpecKind::Stockfish { elo, movetime } => Agent::Stockfish {
                engine: None,
                elo: *elo,
                movetime: *movetime,
            },
            SpecKind::Uci { path, go, .. } => Agent::Uci {
                engine: None,
                path: path.clone(),
                go: go.clone(),
            },
        }
    }

    /// Gets ready for a new game of `variant`.
    fn new_game(&mut self, variant: Variant) -> Result<(), String> {
        match self {
            Agent::Search { searcher, .. } => searcher.clear(),
            Agent::Stockfish { engine, elo, .. } => {
                if engine.is_none() {
                    *engine = Some(Stockfish::start(*elo)?);
                }
                let ready = engine.as_mut().map(|e| e.new_game());
                if let Some(Err(e)) = ready {
                    *engine = None;
                    return Err(e);
                }
            }
            Agent::Uci { engine, path, .. } => {
                if engine.is_none() {
                    *engine = Some(Stockfish::spawn(
                        path,
                        &["uci"],
                        &[format!("setoption name UCI_Variant value {}", variant.id())],
                    )?);
                }
                let ready = engine.as_mut().map(|e| e.new_game());
                if let Some(Err(e)) = ready {
                    *engine = None;
                    return Err(e);
                }
            }
            Agent::Random | Agent::Greedy => {}
        }
        Ok(())
    }

    /// The player's move in the game's current position.
    fn play(
        &mut self,
        game: &Game,
        setting: &Setting,
        rng: &mut fastrand::Rng,
    ) -> Result<Answer, String> {
        let pos = game.position();
        match self {
            Agent::Random => {
                let moves = pos.legal_moves();
                Ok(Answer::Move(
                    (!moves.is_empty()).then(|| moves[rng.usize(..moves.len())]),
                ))
            }
            Agent::Greedy => Ok(Answer::Move(greedy(pos, rng))),
            Agent::Search {
                searcher,
                level,
                limits,
            } => {
                let start = Instant::now();
                let clock = move || start.elapsed().as_secs_f64() * 1000.0;
                let report = searcher.search(
                    pos,
                    &game.keys_before(),
                    limits,
                    &clock,
                    &|| false,
                    &mut |_| {},
                );
                // As `fairyboard bestmove --level` chooses.
                let best = match level {
                    Some(l) => l.choose(&report, pos.key()),
                    None => report.best,
                };
                Ok(Answer::Move(best))
            }
            Agent::Stockfish {
                engine, movetime, ..
            } => {
                let e = engine.as_mut().ok_or("Stockfish is not running")?;
                let position = if setting.fen_start() {
                    format!("fen {}", game.start().to_text())
                } else {
                    "startpos".to_string()
                };
                let answer = e.best_move(
                    &position,
                    &game.move_texts(),
                    &format!("movetime {movetime}"),
                    *movetime,
                );
                if answer.is_err() {
                    // Start a fresh one for the next game.
                    *engine = None;
                }
                answer.map(Answer::Text)
            }
            Agent::Uci { engine, go, .. } => {
                let e = engine.as_mut().ok_or("the UCI engine is not running")?;
                let position = if setting.fen_start() {
                    format!("fen {}", game.start().to_text())
                } else {
                    "startpos".to_string()
                };
                let answer = e.best_move(&position, &game.move_texts(), go, 60_000);
                if answer.is_err() {
                    *engine = None;
                }
                answer.map(Answer::Text)
            }
        }
    }
}

/// The greedy player's move: one that wins at once, else the largest material gain at
/// once, ties broken at random.
fn greedy(pos: &Position, rng: &mut fastrand::Rng) -> Option<Move> {
    let variant = pos.variant();
    let us = pos.side();
    let scored: Vec<(Move, i32)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let wins = m.wins.is_some()
                || pos
                    .after(&m)
                    .outcome()
                    .is_some_and(|o| o.winner == Some(us));
            let score = if wins {
                i32::MAX
            } else {
                let change = pos.material_change(&m, |p| value_of(variant, p));
                change[us.index()] - change[us.opponent().index()]
            };
            (m, score)
        })
        .collect();
    let best = scored.iter().map(|&(_, s)| s).max()?;
    let top: Vec<Move> = scored
        .into_iter()
        .filter(|&(_, s)| s == best)
        .map(|(m, _)| m)
        .collect();
    Some(top[rng.usize(..top.len())])
}

/// A Stockfish process spoken to over UCI.
struct Stockfish {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

/// How long Stockfish may take to answer anything but a search.
const STOCKFISH_WAIT: Duration = Duration::from_secs(10);

impl Stockfish {
    /// Starts Stockfish, limited to `elo` if given, with one thread and 16 MB of hash.
    fn start(elo: Option<u32>) -> Result<Stockfish, String> {
        let path = std::env::var("STOCKFISH").unwrap_or_else(|_| "/usr/games/stockfish".into());
        let mut options = vec![
            "setoption name Threads value 1".to_string(),
            "setoption name Hash value 16".to_string(),
        ];
        if let Some(elo) = elo {
            options.push("setoption name UCI_LimitStrength value true".into());
            options.push(format!("setoption name UCI_Elo value {elo}"));
        }
        Self::spawn(&path, &[], &options)
    }

    /// Starts a UCI engine `path` with `args`, says `uci`, sends `options`, and waits until
    /// it is ready.
    fn spawn(path: &str, args: &[&str], options: &[String]) -> Result<Stockfish, String> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {path}: {e} (apt-get install -y stockfish)"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("Stockfish's pipes could not be opened".into());
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut sf = Stockfish {
            child,
            stdin,
            lines,
        };
        sf.send("uci")?;
        sf.wait_for("uciok", STOCKFISH_WAIT)?;
        for option in options {
            sf.send(option)?;
        }
        sf.send("isready")?;
        sf.wait_for("readyok", STOCKFISH_WAIT)?;
        Ok(sf)
    }

    /// Sends one line.
    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("Stockfish does not listen ({e}): it may have crashed"))
    }

    /// Reads lines until one starts with `head`; returns it.
    fn wait_for(&mut self, head: &str, within: Duration) -> Result<String, String> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(head) => return Ok(line),
                Ok(_) => {}
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    return Err(format!("Stockfish gave no '{head}' within {within:?}"))
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let status = self.child.try_wait().ok().flatten();
                    return Err(format!(
                        "Stockfish ended before '{head}' (exit status {status:?})"
                    ));
                }
            }
        }
    }

    /// Starts a new game.
    fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", STOCKFISH_WAIT).map(|_| ())
    }

    /// The engine's move after `moves` from `position` (`startpos` or `fen ...`), searched
    /// with `go <go>`, waiting at most `ms` milliseconds and a margin.
    fn best_move(
        &mut self,
        position: &str,
        moves: &[String],
        go: &str,
        ms: u64,
    ) -> Result<String, String> {
        let mut line = format!("position {position}");
        if !moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        self.send(&line)?;
        self.send(&format!("go {go}"))?;
        let answer = self.wait_for("bestmove", Duration::from_millis(ms) + STOCKFISH_WAIT)?;
        answer
            .split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| format!("Stockfish answered '{answer}'"))
    }
}

impl Drop for Stockfish {
    fn drop(&mut self) {
        let _ = self.send("quit");
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How a game ended.
#[derive(Clone, Debug)]
enum End {
    /// The referee's verdict.
    Rules(fairyboard::Outcome),
    /// Longer than the most plies: a draw.
    MaxPlies,
    /// `by` played a move that is not legal: a loss.
    Illegal { by: Color, text: String },
    /// `by` failed (crashed, no answer): the game does not count.
    Failed { by: Color, why: String },
}

/// One finished game.
struct GameResult {
    index: usize,
    /// Whether the first player had White.
    a_white: bool,
    end: End,
    plies: usize,
    moves: Vec<String>,
    /// Per player (first, second): milliseconds of thinking, moves, the longest move, moves over
    /// the time limit.
    time: [Timing; 2],
}

/// A player's time per move in one game or a match.
#[derive(Clone, Copy, Default)]
struct Timing {
    total_ms: f64,
    moves: u64,
    max_ms: f64,
    over: u64,
}

impl Timing {
    fn add(&mut self, other: &Timing) {
        self.total_ms += other.total_ms;
        self.moves += other.moves;
        self.max_ms = self.max_ms.max(other.max_ms);
        self.over += other.over;
    }
}

impl GameResult {
    /// The first player's score: 1, 0.5 or 0; `None` for a game that does not count.
    fn score(&self) -> Option<f64> {
        let a = if self.a_white {
            Color::White
        } else {
            Color::Black
        };
        match &self.end {
            End::Rules(o) => Some(match o.winner {
                None => 0.5,
                Some(c) if c == a => 1.0,
                Some(_) => 0.0,
            }),
            End::MaxPlies => Some(0.5),
            End::Illegal { by, .. } => Some(if *by == a { 0.0 } else { 1.0 }),
            End::Failed { .. } => None,
        }
    }

    /// The end in words: result and reason.
    fn end_text(&self) -> String {
        match &self.end {
            End::Rules(o) => format!("{} {}", o.result(), o.reason.id()),
            End::MaxPlies => format!("1/2-1/2 adjudicated (over {} plies)", self.plies),
            End::Illegal { by, text } => format!(
                "{} ILLEGAL MOVE '{text}' by {}",
                if *by == Color::White { "0-1" } else { "1-0" },
                by.name()
            ),
            End::Failed { by, why } => format!("* {} failed: {why}", by.name()),
        }
    }

    /// The reason for the tally of ends.
    fn reason(&self) -> String {
        match &self.end {
            End::Rules(o) => o.reason.id().to_string(),
            End::MaxPlies => "adjudicated".into(),
            End::Illegal { .. } => "ILLEGAL".into(),
            End::Failed { .. } => "failed".into(),
        }
    }
}

/// A match's results.
struct Summary {
    illegal: usize,
    failed: usize,
}

impl Summary {
    /// Whether nothing went wrong.
    fn clean(&self) -> bool {
        self.illegal == 0 && self.failed == 0
    }
}

impl Setting {
    /// Whether outside engines must be told the start as a position text (`fen ...`)
    /// rather than `startpos`.
    fn fen_start(&self) -> bool {
        self.start_text.is_some() || self.book.is_some()
    }

    /// The position pair `pair` starts from before its random plies: the book's, in turn,
    /// or the start.
    fn pair_start(&self, pair: usize) -> &Position {
        match &self.book {
            Some(book) if !book.is_empty() => &book[pair % book.len()],
            _ => &self.start,
        }
    }

    /// Where the openings come from, in words.
    fn openings(&self) -> String {
        let from = match (&self.book_path, &self.start_text) {
            (Some(path), _) => format!("book {path}"),
            (None, Some(text)) => text.clone(),
            (None, None) => "start".to_string(),
        };
        format!(
            "{} {from}, {} random plies, seed {}",
            self.variant.id(),
            self.random_plies,
            self.seed
        )
    }
}

/// The opening of pair `pair`: K random legal plies from its start, redrawn (a few times)
/// if they end the game.
fn opening(setting: &Setting, pair: usize) -> Game {
    let mut rng = fastrand::Rng::with_seed(
        setting
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(pair as u64),
    );
    let start = setting.pair_start(pair);
    let mut game = Game::from_position(start.clone());
    for _ in 0..100 {
        game = Game::from_position(start.clone());
        for _ in 0..setting.random_plies {
            let moves = game.position().legal_moves();
            if game.outcome().is_some() || moves.is_empty() {
                break;
            }
            game.play_move(moves[rng.usize(..moves.len())]);
        }
        if game.outcome().is_none() {
            break;
        }
    }
    game
}

/// Plays game `index` between the agents (`agents[0]` the first player).
fn play_game(
    setting: &Setting,
    specs: [&Spec; 2],
    agents: &mut [Agent; 2],
    index: usize,
) -> GameResult {
    let a_white = index.is_multiple_of(2);
    let mut game = opening(setting, index / 2);
    let mut rng = fastrand::Rng::with_seed(
        setting
            .seed
            .wrapping_mul(0xD1B5_4A32_D192_ED03)
            .wrapping_add(index as u64),
    );
    let mut time = [Timing::default(); 2];
    let result = |game: &Game, end: End, time: [Timing; 2]| GameResult {
        index,
        a_white,
        end,
        plies: game.ply(),
        moves: game.move_texts(),
        time,
    };
    for (i, agent) in agents.iter_mut().enumerate() {
        if let Err(why) = agent.new_game(setting.variant) {
            let by = if (i == 0) == a_white {
                Color::White
            } else {
                Color::Black
            };
            return result(&game, End::Failed { by, why }, time);
        }
    }
    let end = loop {
        if let Some(o) = game.outcome() {
            break End::Rules(o);
        }
        if game.ply() >= setting.max_plies {
            break End::MaxPlies;
        }
        let side = game.position().side();
        let who = usize::from((side == Color::White) != a_white);
        let started = Instant::now();
        let answer = agents[who].play(&game, setting, &mut rng);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let t = &mut time[who];
        t.total_ms += ms;
        t.moves += 1;
        t.max_ms = t.max_ms.max(ms);
        if specs[who]
            .movetime()
            .is_some_and(|limit| ms > limit + OVERRUN_MS)
        {
            t.over += 1;
        }
        let pos = game.position();
        let legal = pos.legal_moves();
        let chosen = match answer {
            Err(why) => break End::Failed { by: side, why },
            Ok(Answer::Move(Some(m))) => legal.contains(&m).then_some(m).ok_or_else(|| {
                format!(
                    "{} (not among the {} legal moves)",
                    pos.move_text(&m),
                    legal.len()
                )
            }),
            Ok(Answer::Move(None)) => Err(format!("no move (with {} legal moves)", legal.len())),
            Ok(Answer::Text(text)) => legal
                .iter()
                .find(|m| pos.move_text(m) == text)
                .copied()
                .ok_or(text),
        };
        match chosen {
            Ok(m) => game.play_move(m),
            Err(text) => break End::Illegal { by: side, text },
        }
    };
    result(&game, end, time)
}

/// Plays a match of `a` against `b` and prints its summary.
fn play_match(setting: &Setting, a: &Spec, b: &Spec) -> Result<Summary, String> {
    for s in [a, b] {
        if matches!(s.kind, SpecKind::Stockfish { .. }) && setting.variant != Variant::Orthodox {
            return Err(format!("{} plays orthodox chess only", s.name));
        }
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<GameResult>();
    let started = Instant::now();
    let mut results: Vec<GameResult> = Vec::with_capacity(setting.games);
    std::thread::scope(|scope| {
        for _ in 0..setting.threads.min(setting.games) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut agents = [Agent::new(a), Agent::new(b)];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= setting.games {
                        break;
                    }
                    if tx.send(play_game(setting, [a, b], &mut agents, i)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for r in rx {
            report_game(setting, a, b, &r);
            results.push(r);
        }
    });
    results.sort_by_key(|r| r.index);
    Ok(summarize(setting, a, b, &results, started.elapsed()))
}

/// The line of one finished game (with `--verbose`), and a loud one for anything wrong.
fn report_game(setting: &Setting, a: &Spec, b: &Spec, r: &GameResult) {
    let (white, black) = if r.a_white { (a, b) } else { (b, a) };
    let line = format!(
        "game {}/{}: {} - {}: {}, {} plies",
        r.index + 1,
        setting.games,
        white.name,
        black.name,
        r.end_text(),
        r.plies
    );
    if setting.verbose {
        println!("{line}");
    }
    if setting.show_moves {
        println!("  moves: {}", r.moves.join(" "));
    }
    if matches!(r.end, End::Illegal { .. } | End::Failed { .. }) {
        eprintln!("!!! {line}\n!!! moves: {}", r.moves.join(" "));
    }
    let _ = std::io::stdout().flush();
}

/// The Elo difference for a score `p` (0 to 1).
fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// Formats an Elo difference with its sign.
fn signed(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // `+ 0.0` turns -0 into 0.
        format!("{:+.0}", e.round() + 0.0)
    }
}

/// The Elo difference, its margin and its 95% interval for scores of 1, 0.5 and 0.
fn elo_interval(w: usize, d: usize, l: usize) -> (f64, f64, f64, f64) {
    let n = (w + d + l) as f64;
    let p = (w as f64 + d as f64 / 2.0) / n;
    if w as f64 == n {
        let lo = elo(0.05f64.powf(1.0 / n));
        return (f64::INFINITY, f64::INFINITY, lo, f64::INFINITY);
    }
    if l as f64 == n {
        let hi = elo(1.0 - 0.05f64.powf(1.0 / n));
        return (f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY, hi);
    }
    let var = (w as f64 * (1.0 - p).powi(2) + d as f64 * (0.5 - p).powi(2) + l as f64 * p * p) / n;
    let se = (var / n).sqrt();
    let clamp = |x: f64| x.clamp(0.001, 0.999);
    let (lo, hi) = (elo(clamp(p - 1.96 * se)), elo(clamp(p + 1.96 * se)));
    (elo(p), (hi - lo) / 2.0, lo, hi)
}

/// Prints the summary of a match and returns its counts of problems.
fn summarize(
    setting: &Setting,
    a: &Spec,
    b: &Spec,
    results: &[GameResult],
    took: Duration,
) -> Summary {
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut as_white = [0usize; 3];
    let mut as_black = [0usize; 3];
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut time = [Timing::default(); 2];
    let (mut plies, mut counted) = (0, 0);
    let (mut illegal, mut failed) = (0, 0);
    for r in results {
        *reasons.entry(r.reason()).or_default() += 1;
        time[0].add(&r.time[0]);
        time[1].add(&r.time[1]);
        match r.end {
            End::Illegal { .. } => illegal += 1,
            End::Failed { .. } => failed += 1,
            _ => {}
        }
        let Some(s) = r.score() else { continue };
        plies += r.plies;
        counted += 1;
        let k = if s == 1.0 {
            w += 1;
            0
        } else if s == 0.5 {
            d += 1;
            1
        } else {
            l += 1;
            2
        };
        if r.a_white {
            as_white[k] += 1;
        } else {
            as_black[k] += 1;
        }
    }
    let head = format!("{} vs {}", a.name, b.name);
    if counted == 0 {
        println!("{head}: no game counted ({failed} failed)");
    } else {
        let p = (w as f64 + d as f64 / 2.0) / counted as f64;
        let (e, m, lo, hi) = elo_interval(w, d, l);
        println!(
            "{head}: +{w} ={d} -{l} (score {:.1}%) Elo diff {} ± {} (95%) [{}, {}]",
            100.0 * p,
            signed(e),
            if m.is_finite() {
                format!("{m:.0}")
            } else {
                "inf".into()
            },
            signed(lo),
            signed(hi),
        );
    }
    let ends: Vec<String> = reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    println!(
        "  {}, {} threads, {:.0} s: mean length {:.1} plies; ends: {}",
        setting.openings(),
        setting.threads,
        took.as_secs_f64(),
        plies as f64 / counted.max(1) as f64,
        ends.join(", ")
    );
    println!(
        "  {} as White +{} ={} -{}, as Black +{} ={} -{}",
        a.name, as_white[0], as_white[1], as_white[2], as_black[0], as_black[1], as_black[2]
    );
    for (spec, t) in [a, b].iter().zip(time) {
        if t.moves > 0 && t.max_ms >= 1.0 {
            let over = match spec.movetime() {
                Some(limit) => format!(", {} moves over {limit:.0}+{OVERRUN_MS:.0} ms", t.over),
                None => String::new(),
            };
            println!(
                "  {} time per move: mean {:.0} ms, most {:.0} ms{over}",
                spec.name,
                t.total_ms / t.moves as f64,
                t.max_ms
            );
        }
    }
    if illegal > 0 || failed > 0 {
        println!(
            "  !!! {illegal} ILLEGAL MOVES, {failed} FAILED GAMES (see the lines marked !!! above)"
        );
    }
    let _ = std::io::stdout().flush();
    Summary { illegal, failed }
}
