//! Texel's tuning of a game's evaluation weights from self-play (docs/engine.md, "Tuning").
//! Not part of the test run (only compiled by it).
//!
//! ```text
//! cargo run --release -p fairyboard-lab --bin tune -- data <game> [--games N]
//!     [--nodes N] [--random-plies K] [--seed S] [--threads T] > positions.txt
//! cargo run --release -p fairyboard-lab --bin tune -- fit <game> positions.txt
//!     [--steps N] [--rate R] [--hold values.Vagabond,centre.King] [--cells]
//!     [--ridge R] [--validate F]
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
use fairyboard::{Position, Variant};
use fairyboard_lab::args::Args;
use fairyboard_lab::curve::fit_scale;
use fairyboard_lab::tuning::{error, self_play, tune, Sample};

const MAX_PLIES: usize = 300;

/// Ends the run with a message on bad input (exit status 2), rather than a panic.
fn fail(message: &str) -> ! {
    eprintln!("tune: {message}");
    std::process::exit(2)
}

/// Ends the run on an error of the options.
fn or_fail<T>(r: Result<T, fairyboard::Error>) -> T {
    r.unwrap_or_else(|e| fail(e.message()))
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

fn data(variant: Variant, args: &Args) {
    let games = or_fail(args.number("--games", 1..=u64::MAX, 300)) as usize;
    let nodes = or_fail(args.number("--nodes", 1..=u64::MAX, 2000));
    let plies = or_fail(args.number("--random-plies", 0..=u64::MAX, 8)) as usize;
    let seed = or_fail(args.number("--seed", 0..=u64::MAX, 1));
    let threads = or_fail(args.number("--threads", 1..=64, 1)) as usize;
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

fn fit(variant: Variant, file: &str, args: &Args) {
    let steps = or_fail(args.number("--steps", 1..=u64::MAX, 400)) as usize;
    let rate: f64 = or_fail(args.parsed("--rate", 2.0));
    let mut named = weights(variant);
    if args.flag("--cells") {
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
        .map(|s| (fairyboard_lab::tuning::evaluation(&w, s), s.result))
        .collect();
    let k = fit_scale(&evals);
    // The pawn's value sets the scale; `--hold a,b` keeps more weights as they are.
    let held: Vec<&str> = args
        .value("--hold")
        .map_or_else(Vec::new, |list| list.split(',').collect());
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
    let ridge_of_cells: f64 = or_fail(args.parsed("--ridge", 0.0));
    let ridge: Vec<f64> = named
        .iter()
        .map(|(weight, _)| match weight {
            Weight::Cell(..) => ridge_of_cells,
            _ => 0.0,
        })
        .collect();
    // `--validate F`: the last F of the positions (whole games, near enough: the file keeps
    // each game's positions together) are held out and their error printed.
    let held_out: f64 = or_fail(args.parsed("--validate", 0.0));
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
    let given: Vec<String> = std::env::args().skip(1).collect();
    let args = or_fail(Args::parse(
        &given,
        &["--cells"],
        &[
            "--games",
            "--nodes",
            "--random-plies",
            "--seed",
            "--threads",
            "--steps",
            "--rate",
            "--hold",
            "--ridge",
            "--validate",
        ],
    ));
    let usage = "usage: tune data <game> [options] | tune fit <game> <file> [options]";
    let variant = |game: &str| Variant::from_id(game).unwrap_or_else(|e| fail(e.message()));
    match args.positional() {
        [command, game] if command == "data" => data(variant(game), &args),
        [command, game, file] if command == "fit" => fit(variant(game), file, &args),
        _ => fail(usage),
    }
}
