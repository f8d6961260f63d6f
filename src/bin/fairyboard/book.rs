//! `fairyboard book <game> [--count N] [--plies K] [--margin CP] [--nodes N] [--seed S]`:
//! an opening book ([`fairyboard::book`]) printed as its file: a `#` header stating the
//! settings, then one position text a line. A progress line goes to standard error when it
//! is a terminal.

use std::io::IsTerminal;

use fairyboard::book::{generate, write, Settings};
use fairyboard::Error;

use super::parse_args_with;

/// The most positions, plies and nodes the command accepts.
const MAX_COUNT: u64 = 100_000;
const MAX_PLIES: u64 = 200;
const MAX_NODES: u64 = 100_000_000;
/// The widest margin accepted, in centipawns.
const MAX_MARGIN: u64 = 10_000;

/// Parses a whole number option within `min..=max`, or gives its default.
pub(crate) fn number(
    args: &super::Args,
    name: &str,
    min: u64,
    max: u64,
    default: u64,
) -> Result<u64, Error> {
    match args.value(name) {
        None => Ok(default),
        Some(v) => v
            .parse::<u64>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| {
                Error::new(format!(
                    "{name} must be a whole number from {min} to {max}, not '{v}'"
                ))
            }),
    }
}

/// Runs the command; gives the book's lines.
pub(crate) fn run(args: &[String]) -> Result<Vec<String>, Error> {
    let a = parse_args_with(
        args,
        &[],
        &["--count", "--plies", "--margin", "--nodes", "--seed"],
    )?;
    if let Some(extra) = a.rest.first() {
        return Err(Error::new(format!("unexpected argument '{extra}'")));
    }
    if a.fen.is_some() {
        return Err(Error::new(
            "book starts from the game's start: --fen is not taken",
        ));
    }
    let d = Settings::default();
    let settings = Settings {
        count: number(&a, "--count", 1, MAX_COUNT, d.count as u64)? as usize,
        plies: number(&a, "--plies", 0, MAX_PLIES, d.plies as u64)? as usize,
        margin: number(&a, "--margin", 0, MAX_MARGIN, d.margin as u64)? as i32,
        nodes: number(&a, "--nodes", 1, MAX_NODES, d.nodes)?,
        seed: number(&a, "--seed", 0, u64::MAX, d.seed)?,
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
