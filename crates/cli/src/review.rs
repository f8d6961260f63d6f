//! `fairyboard review [<file>] [--game N] [--nodes N | --movetime MS] [--depth N]`: reads a
//! PGN record as `pgn` does and prints it reviewed ([`fairyboard::review`]): `[%eval ...]`
//! in every main-line move's comment, `$6`/`$2`/`$4` on inaccuracies, mistakes and blunders
//! with the better line as a variation, and the tags `WhiteAccuracy` and `BlackAccuracy`.
//! Each position gets 50,000 nodes unless told otherwise (the same review on every
//! machine); `--depth` (1 to 64) and `--nodes` (1 to 1,000,000,000) search 10 s a position
//! at most, as a UCI `go` does, and `--movetime` (1 to 86,400,000 ms) is the time a
//! position. A progress line goes to standard error when it is a terminal.

use std::io::{IsTerminal, Write};

use fairyboard::review::{annotate, review};
use fairyboard::search::{Limits, Searcher};
use fairyboard::{pgn, Error};
use fairyboard_lab::args::Args;

use super::limit_options;

/// Nodes per position when no limit is given.
const DEFAULT_NODES: u64 = 50_000;

/// Runs the command; gives the lines to print.
pub(crate) fn run(args: &[String]) -> Result<Vec<String>, Error> {
    const LIMITS: [&str; 3] = ["--nodes", "--movetime", "--depth"];
    let a = Args::parse(args, &[], &["--game", "--nodes", "--movetime", "--depth"])?;
    let game = a.value("--game").map(super::pgn::game_number).transpose()?;
    let file = match a.positional() {
        [] => None,
        [file] => Some(file.as_str()),
        [_, extra, ..] => {
            return Err(Error::new(format!(
                "unexpected argument '{extra}' (review reads one file)"
            )))
        }
    };
    let mut limits = Limits::nodes(DEFAULT_NODES);
    for (i, (name, value)) in a.given(&LIMITS).into_iter().enumerate() {
        if i > 0 {
            return Err(Error::new("give one of --nodes, --movetime and --depth"));
        }
        limits = Limits::default();
        limit_options::set(&mut limits, name, value)?;
    }
    // Depth or nodes alone: 10 s a position at most, as over UCI.
    let limits = limit_options::capped(limits);
    // Every game read and checked first: a bad record fails at once, before any search.
    let mut games = super::pgn::read_games(file, game)?;
    let mut searcher = Searcher::new(16);
    let started = std::time::Instant::now();
    let clock = move || started.elapsed().as_secs_f64() * 1000.0;
    let show = std::io::stderr().is_terminal();
    for (i, g) in games.iter_mut().enumerate() {
        searcher.clear();
        let mut progress = |done: usize, total: usize| {
            if show {
                eprint!("\rreviewing: position {done} of {total}");
                if done == total {
                    eprintln!();
                }
            }
        };
        let r = review(g, &limits, &mut searcher, &clock, &mut progress);
        annotate(g, &r);
        // Each game as soon as it is reviewed, a blank line between two.
        let mut text = pgn::write(g, &[]);
        if i > 0 {
            text.insert(0, '\n');
        }
        let mut out = std::io::stdout().lock();
        // A closed pipe (`... | head`) is not an error of ours: stop quietly.
        if out
            .write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
    Ok(Vec::new())
}
