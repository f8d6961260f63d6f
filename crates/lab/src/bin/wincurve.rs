//! The winning-chance curve of each game, from self-play: the engine plays itself from
//! varied openings (K random plies, then a fixed node count a move), every searched
//! position's score (White's view, centipawns; mates and scores past ±1000 left out, as
//! lichess clamps there) is kept with the game's result, and the logistic curve's scale is
//! fitted to them ([`fairyboard_lab::curve::fit_scale`]). Prints, per game, the scale, its
//! error beside lichess's, and the chances the two curves give at +1 and +3 pawns.
//! Not part of the test run (only compiled by it).
//!
//! ```text
//! cargo run --release -p fairyboard-lab --bin wincurve -- [--games N] [--nodes N]
//!     [--random-plies K] [--seed S] [--threads T] [game ...]
//! ```
//!
//! Defaults: 100 games a game at 3,000 nodes a move, 6 random plies, seed 1, 1 thread, all
//! six games. Games past 300 plies are left out (no result to fit to).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use fairyboard::search::{Score, Searcher};
use fairyboard::winning::{chances, LICHESS_SCALE};
use fairyboard::{Color, Variant};
use fairyboard_lab::args::Args;
use fairyboard_lab::curve::{error, fit_scale};
use fairyboard_lab::tuning::self_play;

const MAX_PLIES: usize = 300;

struct Setting {
    games: usize,
    nodes: u64,
    random_plies: usize,
    seed: u64,
    threads: usize,
}

/// One self-play game: its White's scores and White's result, or `None` past [`MAX_PLIES`].
fn play(
    variant: Variant,
    s: &Setting,
    index: usize,
    searcher: &mut Searcher,
) -> Option<(Vec<f64>, f64)> {
    let seed = s
        .seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index as u64);
    let mut scores = Vec::new();
    let result = self_play(
        variant,
        (s.random_plies, s.nodes, MAX_PLIES, seed),
        searcher,
        &mut |pos, report| {
            if let Score::Cp(cp) = report.score {
                let white = if pos.side() == Color::White { cp } else { -cp };
                if white.abs() <= 1000 {
                    scores.push(f64::from(white));
                }
            }
        },
    )?;
    Some((scores, result))
}

fn measure(variant: Variant, s: &Setting) {
    let next = AtomicUsize::new(0);
    let samples = Mutex::new(Vec::new());
    let (played, white, draws) = (
        AtomicUsize::new(0),
        AtomicUsize::new(0),
        AtomicUsize::new(0),
    );
    std::thread::scope(|scope| {
        for _ in 0..s.threads {
            scope.spawn(|| {
                let mut searcher = Searcher::new(16);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= s.games {
                        break;
                    }
                    if let Some((scores, result)) = play(variant, s, i, &mut searcher) {
                        played.fetch_add(1, Ordering::Relaxed);
                        if result == 1.0 {
                            white.fetch_add(1, Ordering::Relaxed);
                        } else if result == 0.5 {
                            draws.fetch_add(1, Ordering::Relaxed);
                        }
                        samples
                            .lock()
                            .unwrap()
                            .extend(scores.into_iter().map(|cp| (cp, result)));
                    }
                }
            });
        }
    });
    let samples = samples.into_inner().unwrap();
    let k = fit_scale(&samples);
    let pct = |k: f64, cp: f64| 100.0 * chances(k, cp);
    println!(
        "| {} | {} | {} | {} | {:.6} | {:.4} | {:.4} | {:.1}% / {:.1}% | {:.1}% / {:.1}% |",
        variant.id(),
        played.load(Ordering::Relaxed),
        white.load(Ordering::Relaxed),
        draws.load(Ordering::Relaxed),
        k,
        error(k, &samples),
        error(LICHESS_SCALE, &samples),
        pct(k, 100.0),
        pct(LICHESS_SCALE, 100.0),
        pct(k, 300.0),
        pct(LICHESS_SCALE, 300.0),
    );
    eprintln!("{}: {} positions", variant.id(), samples.len());
}

fn main() {
    let mut s = Setting {
        games: 100,
        nodes: 3000,
        random_plies: 6,
        seed: 1,
        threads: 1,
    };
    let given: Vec<String> = std::env::args().skip(1).collect();
    let mut read = || -> Result<Vec<Variant>, fairyboard::Error> {
        let a = Args::parse(
            &given,
            &[],
            &[
                "--games",
                "--nodes",
                "--random-plies",
                "--seed",
                "--threads",
            ],
        )?;
        s.games = a.number("--games", 1..=u64::MAX, s.games as u64)? as usize;
        s.nodes = a.number("--nodes", 1..=u64::MAX, s.nodes)?;
        s.random_plies = a.number("--random-plies", 0..=u64::MAX, s.random_plies as u64)? as usize;
        s.seed = a.number("--seed", 0..=u64::MAX, s.seed)?;
        s.threads = a.number("--threads", 1..=64, s.threads as u64)? as usize;
        a.positional()
            .iter()
            .map(|id| Variant::from_id(id))
            .collect()
    };
    let mut games = read().unwrap_or_else(|e| {
        eprintln!("wincurve: {}", e.message());
        std::process::exit(2)
    });
    if games.is_empty() {
        games = Variant::ALL.to_vec();
    }
    println!("| game | games | White won | drawn | fitted k | error (fitted) | error (lichess) | +1.00: fitted / lichess | +3.00: fitted / lichess |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for v in games {
        measure(v, &s);
    }
}
