//! Search speed natively, measured as `benches/wasm_search.mjs` measures our wasm under node:
//! per game, its start and a middlegame (`fairyboard::search::bench`), searched to a fixed
//! depth with a fresh table (the same nodes on both sides: the search is deterministic), one
//! untimed warm-up, then the best of `RUNS` runs by this thread's CPU time; and the depth
//! a 1 s search reaches.
//!
//! `cargo bench --bench search` runs every game; `cargo bench --bench search -- <game>`
//! one. Lines: `<game> <position> depth <d> = <nodes> in <cpu ms> ms cpu = <k> knps` and
//! `<game> <position> 1000 ms: depth <d>`.

use std::time::Instant;

use fairyboard::search::{bench, Limits, Searcher};
use fairyboard::Variant;

/// Timed runs per measurement; the best counts.
const RUNS: usize = 3;

/// The fixed depth per game and position, about 0.3-1 s natively on the development
/// machine, as the game declares it (`scripts/bench_search.sh` uses the same for wasm).
pub fn depth(v: Variant, which: &str) -> u32 {
    let d = bench::depths(v);
    if which == "start" {
        d.search_start
    } else {
        d.search_middlegame
    }
}

/// This thread's CPU time in seconds, or `None` without `/proc`.
fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn measure(v: Variant, which: &str) {
    let Some(pos) = bench::position(v, which) else {
        return;
    };
    let d = depth(v, which);
    bench::fixed_depth(&pos, d); // warm up
    let (mut nodes, mut cpu) = (0, f64::MAX);
    for _ in 0..RUNS {
        let (c0, t0) = (thread_cpu(), Instant::now());
        nodes = bench::fixed_depth(&pos, d);
        let wall = t0.elapsed().as_secs_f64();
        let spent = match (c0, thread_cpu()) {
            (Some(a), Some(b)) => b - a,
            _ => wall,
        };
        cpu = cpu.min(spent);
    }
    println!(
        "{} {which} depth {d} = {nodes} in {:.0} ms cpu = {:.0} knps",
        v.id(),
        cpu * 1e3,
        nodes as f64 / cpu / 1e3
    );
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let report = Searcher::new(16).search(
        &pos,
        &[],
        &Limits::movetime(1000.0),
        &clock,
        &|| false,
        &mut |_| {},
    );
    println!("{} {which} 1000 ms: depth {}", v.id(), report.depth);
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let games: Vec<Variant> = match args.first() {
        None => Variant::ALL.to_vec(),
        Some(id) => match Variant::from_id(id) {
            Ok(v) => vec![v],
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        },
    };
    for v in games {
        for which in ["start", "middlegame"] {
            measure(v, which);
        }
    }
}
