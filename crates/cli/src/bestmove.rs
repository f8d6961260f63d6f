//! `fairyboard bestmove`: a search from a position, printing UCI-style `info` lines as it
//! deepens and `bestmove <move text>` at the end.

use std::io::Write;

use fairyboard::search::{Info, Level, Limits, Searcher};
use fairyboard::{Error, Game};
use fairyboard_lab::args::Args;

use super::{game_args, limit_options};
use crate::uci::info_line;

/// Milliseconds a search takes when no limit is given.
const DEFAULT_MOVETIME: f64 = 1000.0;

/// Parses a whole number option from 1 to `max`.
fn number(args: &Args, name: &str, max: u64) -> Result<Option<u64>, Error> {
    args.value(name)
        .map(|v| limit_options::number(name, v, max))
        .transpose()
}

/// Runs the command; the lines are printed as the search goes, so none are returned.
pub(crate) fn run(args: &[String]) -> Result<Vec<String>, Error> {
    let a = game_args(
        args,
        &[],
        &[
            "--moves",
            "--depth",
            "--nodes",
            "--movetime",
            "--level",
            "--multipv",
        ],
    )?;
    if let Some(extra) = a.positional().first() {
        return Err(Error::new(format!("unexpected argument '{extra}'")));
    }
    let mut game = Game::new(a.variant, a.fen())?;
    for (i, text) in a
        .value("--moves")
        .unwrap_or("")
        .split_whitespace()
        .enumerate()
    {
        game.play(text).map_err(|e| {
            let head = format!("move {}", i + 1);
            Error::new(fairyboard::record::why_not_played(&head, text, e.message()))
        })?;
    }
    let mut limits = Limits::default();
    for name in ["--depth", "--nodes", "--movetime"] {
        if let Some(v) = a.value(name) {
            limit_options::set(&mut limits, name, v)?;
        }
    }
    let level = number(&a, "--level", 8)?.and_then(|n| Level::get(n as u8));
    if let Some(level) = level {
        limits = level.limits(limits);
    }
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.movetime = Some(DEFAULT_MOVETIME);
    }
    // Depth or nodes alone: 10 s at most, as over UCI.
    let limits = limit_options::capped(limits);
    let pos = game.position().clone();
    let mut searcher = Searcher::new(16);
    searcher.exact_root(level.map_or(0, |l| l.noise));
    let lines = number(&a, "--multipv", fairyboard::search::MAX_LINES as u64)?;
    searcher.multipv(lines.unwrap_or(1) as usize);
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut out = std::io::stdout().lock();
    let mut print = |info: &Info| {
        let _ = writeln!(out, "{}", info_line(&pos, info));
    };
    let report = searcher.search(
        &pos,
        &game.keys_before(),
        &limits,
        &clock,
        &|| false,
        &mut print,
    );
    let best = match level {
        Some(l) => l.choose(&report, pos.key()),
        None => report.best,
    };
    let text = best.map_or("(none)".to_string(), |m| pos.move_text(&m));
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "bestmove {text}");
    Ok(Vec::new())
}
