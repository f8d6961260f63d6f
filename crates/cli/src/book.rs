//! `fairyboard book <game> [--count N] [--plies K] [--margin CP] [--nodes N] [--seed S]`:
//! an opening book ([`fairyboard::book`]) printed as its file: a `#` header stating the
//! settings, then one position text a line. A progress line goes to standard error when it
//! is a terminal.

use std::io::IsTerminal;

use fairyboard::Error;
use fairyboard_lab::book::{generate, write, Settings};

use super::game_args;

/// The most positions, plies and nodes the command accepts.
const MAX_COUNT: u64 = 100_000;
const MAX_PLIES: u64 = 200;
const MAX_NODES: u64 = 100_000_000;
/// The widest margin accepted, in centipawns.
const MAX_MARGIN: u64 = 10_000;

/// Runs the command; gives the book's lines.
pub(crate) fn run(args: &[String]) -> Result<Vec<String>, Error> {
    let a = game_args(
        args,
        &[],
        &["--count", "--plies", "--margin", "--nodes", "--seed"],
    )?;
    if let Some(extra) = a.positional().first() {
        return Err(Error::new(format!("unexpected argument '{extra}'")));
    }
    if a.fen().is_some() {
        return Err(Error::new(
            "book starts from the game's start: --fen is not taken",
        ));
    }
    let d = Settings::default();
    let settings = Settings {
        count: a.number("--count", 1..=MAX_COUNT, d.count as u64)? as usize,
        plies: a.number("--plies", 0..=MAX_PLIES, d.plies as u64)? as usize,
        margin: a.number("--margin", 0..=MAX_MARGIN, d.margin as u64)? as i32,
        nodes: a.number("--nodes", 1..=MAX_NODES, d.nodes)?,
        seed: a.number("--seed", 0..=u64::MAX, d.seed)?,
    };
    let show = std::io::stderr().is_terminal();
    let mut progress = |kept: usize, tried: usize| {
        if show {
            eprint!("\rbook: {kept} of {} kept, {tried} tried", settings.count);
        }
    };
    let entries = generate(a.variant, &settings, &mut progress)?;
    if show {
        eprintln!();
    }
    if entries.len() < settings.count {
        return Err(Error::new(format!(
            "only {} of {} positions found within ±{} cp: widen --margin or change --plies",
            entries.len(),
            settings.count,
            settings.margin
        )));
    }
    Ok(write(a.variant, &settings, &entries)
        .lines()
        .map(str::to_string)
        .collect())
}
