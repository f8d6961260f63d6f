//! Texel's tuning of a game's evaluation weights from self-play (docs/engine.md, "Tuning").
//! Not part of the test run (only compiled by it).
//!
//! ```text
//! cargo run --release --example tune -- data <game> [--games N] [--nodes N]
//!     [--random-plies K] [--seed S] [--threads T] > positions.txt
//! cargo run --release --example tune -- fit <game> positions.txt [--steps N] [--rate R]
//!     [--hold values.Vagabond,centre.King] [--cells]
//! ```
//!
//! `data` plays the engine against itself (full strength at N nodes a move, default 2,000;
//! 300 games; K = 8 random plies first, so the games differ) and writes, for each quiet
//! position of each finished game (not in check, and the move the search chose changes no
//! material), a line `result<TAB>position text` (White's result: 1, 0.5 or 0). Games past
//! 300 plies are left out. `fit` fits the curve's scale to the weights in use, then the
//! weights ([`fairyboard::eval::features::weights`]) to the results (the pawn's value and
//! the weights named by `--hold` kept as they are), and prints each
//! weight before and after, the error before and after, and the tuned values rounded as
//! the game's `PARAMS` would hold them. `--cells` fits the per-cell tables too
//! ([`fairyboard::eval::features::cell_weights`]) and prints them as the `cells:` field of
//! the game's `PARAMS`.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use fairyboard::eval::features::{cell_weights, features, weights, Weight};
use fairyboard::eval::material;
use fairyboard::search::Searcher;
use fairyboard::tuning::{error, self_play, tune, Sample};
use fairyboard::winning::fit_scale;
use fairyboard::{Position, Variant};

const MAX_PLIES: usize = 300;

/// Ends the run with a message on bad input (exit status 2), rather than a panic.
fn fail(message: &str) -> ! {
    eprintln!("tune: {message}");
    std::process::exit(2)
}

/// The text after option `name`, if given.
fn option<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    let i = args.iter().position(|a| a == name)?;
    Some(
        args.get(i + 1)
            .map_or_else(|| fail(&format!("{name} needs a value")), String::as_str),
    )
}

/// Option `name` as a number (`default` when not given).
fn number<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    option(args, name).map_or(default, |v| {
        v.parse()
            .unwrap_or_else(|_| fail(&format!("{name} needs a number, not {v}")))
    })
}

/// One game's quiet positions (as text) and White's result; `None` past [`MAX_PLIES`].
fn play(
    variant: Variant,
    nodes: u64,
    plies: usize,
    seed: u64,
    searcher: &mut Searcher,
) -> Option<(Vec<String>, f64)> {
    let mut quiet = Vec::new();
    let result = self_play(
        variant,
        (plies, nodes, MAX_PLIES, seed),
        searcher,
        &mut |pos, report| {
            if let Some(best) = report.best {
                if !pos.in_check() && material(&pos.after(&best)) == material(pos) {
                    quiet.push(pos.to_text());
                }
            }
        },
    )?;
    Some((quiet, result))
}

fn data(variant: Variant, args: &[String]) {
    let games: usize = number(args, "--games", 300);
    let nodes: u64 = number(args, "--nodes", 2000);
    let plies: usize = number(args, "--random-plies", 8);
    let seed: u64 = number(args, "--seed", 1);
    let threads = number::<usize>(args, "--threads", 1).max(1);
    let next = AtomicUsize::new(0);
    let out = Mutex::new(std::io::stdout());
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut searcher = Searcher::new(16);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let game_seed = seed
                        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                        .wrapping_add(i as u64);
                    if let Some((positions, result)) =
                        play(variant, nodes, plies, game_seed, &mut searcher)
                    {
                        let mut out = out.lock().unwrap();
                        for p in positions {
                            let _ = writeln!(out, "{result}\t{p}");
                        }
                    }
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if n.is_multiple_of(20) {
                        eprintln!("{}: {n} of {games} games", variant.id());
                    }
                }
            });
        }
    });
}

fn fit(variant: Variant, file: &str, args: &[String]) {
    let steps: usize = number(args, "--steps", 400);
    let rate: f64 = number(args, "--rate", 2.0);
    let mut named = weights(variant);
    if args.iter().any(|a| a == "--cells") {
        named.extend(cell_weights(variant));
    }
    let text = std::fs::File::open(file).unwrap_or_else(|e| fail(&format!("{file}: {e}")));
    let samples: Vec<Sample> = std::io::BufReader::new(text)
        .lines()
        .map_while(Result::ok)
        .filter_map(|line| {
            let (result, position) = line.split_once('\t')?;
            let pos = Position::from_text(variant, position).ok()?;
            let (features, fixed) = features(&pos, &named);
            Some(Sample {
                features,
                fixed,
                result: result.parse().ok()?,
            })
        })
        .collect();
    let mut w: Vec<f64> = named.iter().map(|&(_, v)| v).collect();
    let evals: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (fairyboard::tuning::evaluation(&w, s), s.result))
        .collect();
    let k = fit_scale(&evals);
    // The pawn's value sets the scale; `--hold a,b` keeps more weights as they are.
    let held: Vec<&str> =
        option(args, "--hold").map_or_else(Vec::new, |list| list.split(',').collect());
    let fixed: Vec<bool> = named
        .iter()
        .map(|&(weight, _)| {
            matches!(
                weight,
                fairyboard::eval::features::Weight::Value(fairyboard::piece::Kind::Pawn)
            ) || held.contains(&weight.name().as_str())
        })
        .collect();
    // Per-cell weights are many and each sees few positions: `--ridge` holds them near 0.
    let ridge_of_cells: f64 = number(args, "--ridge", 0.0);
    let ridge: Vec<f64> = named
        .iter()
        .map(|(weight, _)| match weight {
            Weight::Cell(..) => ridge_of_cells,
            _ => 0.0,
        })
        .collect();
    // `--validate F`: the last F of the positions (whole games, near enough: the file keeps
    // each game's positions together) are held out and their error printed.
    let held_out: f64 = number(args, "--validate", 0.0);
    if !(0.0..1.0).contains(&held_out) {
        fail("--validate needs a fraction from 0 to below 1");
    }
    let split = samples.len() - (samples.len() as f64 * held_out) as usize;
    let (samples, validation) = samples.split_at(split);
    let before = error(&w, samples, k);
    let validation_before = error(&w, validation, k);
    let trace = tune(&mut w, (&fixed, &ridge), samples, k, steps, rate);
    if !validation.is_empty() {
        println!(
            "held out: {} positions, error before {validation_before:.5}, after {:.5}",
            validation.len(),
            error(&w, validation, k)
        );
    }
    println!(
        "{}: {} positions fitted, k = {k:.6}",
        variant.id(),
        samples.len()
    );
    println!(
        "error before {before:.5}, after {:.5} (by tenths: {})",
        trace.last().unwrap_or(&before),
        trace
            .iter()
            .map(|e| format!("{e:.5}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!("| weight | now | tuned |\n| --- | --- | --- |");
    for ((weight, now), tuned) in named.iter().zip(&w) {
        println!("| {} | {now} | {} |", weight.name(), tuned.round());
    }
    print_cells(&named, &w);
}

/// The tuned per-cell tables, if any, as the `cells:` field of a game's `PARAMS`.
fn print_cells(named: &[(Weight, f64)], tuned: &[f64]) {
    let mut tables: Vec<(fairyboard::piece::Kind, Vec<i64>)> = Vec::new();
    for (&(weight, _), &v) in named.iter().zip(tuned) {
        if let Weight::Cell(kind, _) = weight {
            match tables.last_mut() {
                Some((k, table)) if *k == kind => table.push(v.round() as i64),
                _ => tables.push((kind, vec![v.round() as i64])),
            }
        }
    }
    if tables.is_empty() {
        return;
    }
    println!("    cells: &[");
    for (kind, table) in tables {
        let list: Vec<String> = table.iter().map(i64::to_string).collect();
        println!("        (Kind::{kind:?}, &[{}]),", list.join(", "));
    }
    println!("    ],");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: tune data <game> [options] | tune fit <game> <file> [options]";
    let (Some(command), Some(game)) = (args.first(), args.get(1)) else {
        fail(usage)
    };
    let variant = Variant::from_id(game).unwrap_or_else(|_| fail(&format!("unknown game {game}")));
    match command.as_str() {
        "data" => data(variant, &args[2..]),
        "fit" => fit(
            variant,
            args.get(2).unwrap_or_else(|| fail(usage)),
            &args[3..],
        ),
        _ => fail(usage),
    }
}
