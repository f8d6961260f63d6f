//! Playing strength: a match runner with our own [`Game`] as referee, printing wins, draws
//! and losses with an Elo difference and its 95% error bars. Not part of the test run (only
//! compiled by it); `scripts/strength.sh` runs the whole set.
//!
//! ```text
//! cargo run --release -p fairyboard-lab --bin strength -- match --game orthodox \
//!     --white level:8@200ms --black greedy --games 20 [--verbose]
//! cargo run --release -p fairyboard-lab --bin strength -- ladder --game orthodox --games 60 \
//!     [--level8 level:8@1000ms] [--from 2] [--to 8]
//! cargo run --release -p fairyboard-lab --bin strength -- sanity --game vagabond --games 20 \
//!     --level8 level:8@200ms
//! cargo run --release -p fairyboard-lab --bin strength -- sprt --game orthodox --first nodes:20000 \
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

use std::process::ExitCode;

mod agent;
mod matches;
mod players;
mod referee;
mod report;
mod setting;
mod sprt;
mod uci_engine;

use matches::play_match;
use players::Spec;
use setting::Options;

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
    let opts = Options::parse(rest)?;
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
