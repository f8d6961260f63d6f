//! Perft speed, side by side in one run: our engine against cozy-chess on orthodox chess,
//! and our engine from each implemented game's start position.
//! Run with `cargo bench --bench perft` (depth: `FAIRYBOARD_BENCH_DEPTH`, default 6).

use std::time::Instant;

use fairyboard::{perft, Position, Variant};

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut next = board.clone();
                next.play_unchecked(mv);
                nodes += cozy_perft(&next, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Times `f` (best of `runs`) and returns (nodes, seconds).
fn time(runs: usize, f: impl Fn() -> u64) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (nodes, best)
}

fn main() {
    let depth: u32 = std::env::var("FAIRYBOARD_BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);
    let runs = 3;
    let ours_start = Position::start(Variant::Orthodox).expect("start position");
    let cozy_start = cozy_chess::Board::default();
    let (n_ours, t_ours) = time(runs, || perft(&ours_start, depth));
    let (n_cozy, t_cozy) = time(runs, || cozy_perft(&cozy_start, depth));
    assert_eq!(n_ours, n_cozy, "the two engines disagree");
    let mnps = |n: u64, t: f64| n as f64 / t / 1e6;
    println!("orthodox perft({depth}) = {n_ours}, best of {runs}");
    println!(
        "  fairyboard  {:>8.3} s  {:>7.1} Mnps",
        t_ours,
        mnps(n_ours, t_ours)
    );
    println!(
        "  cozy-chess  {:>8.3} s  {:>7.1} Mnps",
        t_cozy,
        mnps(n_cozy, t_cozy)
    );
    println!(
        "  ratio fairyboard/cozy-chess: {:.3} (target at least 0.2)",
        t_cozy / t_ours
    );
    for v in Variant::ALL.into_iter().filter(|v| *v != Variant::Orthodox) {
        let start = Position::start(v).expect("start position");
        let d = 4;
        let (n, t) = time(1, || perft(&start, d));
        println!(
            "{} perft({d}) = {n}: {:.3} s, {:.1} Mnps",
            v.id(),
            t,
            mnps(n, t)
        );
    }
}
