//! Perft speed, natively and in-process, measured exactly as `benches/wasm_perft.mjs`
//! measures our wasm under node, so the two sides compare fairly:
//!
//! - one untimed warm-up perft at the same depth, then `RUNS` timed runs, keeping the best
//!   (the warm-up lets V8 finish tiering the wasm up to optimised code; natively it warms
//!   the caches and the tables built on first use);
//! - time is this thread's CPU time (`/proc/thread-self/schedstat`, the same file node
//!   reads), so other work on a busy machine counts less; wall time is printed beside it.
//!
//! `cargo bench --bench perft` runs orthodox chess against cozy-chess, then every game at
//! its default depth; `cargo bench --bench perft -- <game> <depth>` runs one game. Each game
//! prints one line: `<game> perft(<depth>) = <nodes> in <cpu ms> ms cpu, <wall ms> ms wall =
//! <M> Mnps` (Mnps from CPU time).

use std::time::Instant;

use fairyboard::{perft, Position, Variant};

/// Timed runs per measurement; the best counts.
const RUNS: usize = 5;

/// The depth per game that takes roughly 0.5-3 s natively on the development machine, as
/// the game declares it (`scripts/bench.sh` uses the same depths for the wasm side).
fn default_depth(v: Variant) -> u32 {
    fairyboard::search::bench::depths(v).perft
}

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

/// This thread's CPU time in seconds (the first field of `/proc/thread-self/schedstat`,
/// nanoseconds on the CPU), or `None` where the file does not exist.
fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// One measurement: the node count and the best CPU and wall seconds of `RUNS` runs (CPU
/// time falls back to wall time without `/proc`).
struct Timing {
    nodes: u64,
    cpu: f64,
    wall: f64,
}

fn time(f: impl Fn(u32) -> u64, depth: u32) -> Timing {
    f(depth); // warm up: caches and the tables built on first use
    let mut best = Timing {
        nodes: 0,
        cpu: f64::MAX,
        wall: f64::MAX,
    };
    for _ in 0..RUNS {
        let (c0, t0) = (thread_cpu(), Instant::now());
        best.nodes = f(depth);
        let wall = t0.elapsed().as_secs_f64();
        let cpu = match (c0, thread_cpu()) {
            (Some(a), Some(b)) => b - a,
            _ => wall,
        };
        best.cpu = best.cpu.min(cpu);
        best.wall = best.wall.min(wall);
    }
    best
}

fn mnps(t: &Timing) -> f64 {
    t.nodes as f64 / t.cpu / 1e6
}

fn report(label: &str, depth: u32, t: &Timing) {
    println!(
        "{label} perft({depth}) = {} in {:.0} ms cpu, {:.0} ms wall = {:.2} Mnps",
        t.nodes,
        t.cpu * 1e3,
        t.wall * 1e3,
        mnps(t)
    );
}

fn game(v: Variant, depth: u32) {
    let t = time(
        |d| perft(&Position::start(v).expect("start position"), d),
        depth,
    );
    report(v.id(), depth, &t);
}

fn against_cozy(depth: u32) {
    let ours = time(
        |d| perft(&Position::start(Variant::Orthodox).expect("start"), d),
        depth,
    );
    let cozy = time(|d| cozy_perft(&cozy_chess::Board::default(), d), depth);
    assert_eq!(ours.nodes, cozy.nodes, "the two engines disagree");
    report("fairyboard orthodox", depth, &ours);
    report("cozy-chess orthodox", depth, &cozy);
    println!(
        "ratio fairyboard/cozy-chess: {:.3} (target at least 0.2)",
        cozy.cpu / ours.cpu
    );
}

fn main() {
    // `cargo bench` adds `--bench`; everything else is <game> <depth>.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    match args.as_slice() {
        [] => {
            against_cozy(default_depth(Variant::Orthodox));
            for v in Variant::ALL {
                game(v, default_depth(v));
            }
        }
        [id] if id == "cozy" => against_cozy(default_depth(Variant::Orthodox)),
        [id, rest @ ..] => {
            let Ok(v) = Variant::from_id(id) else {
                eprintln!("usage: cargo bench --bench perft -- [<game> [<depth>] | cozy]");
                std::process::exit(2);
            };
            let depth = rest
                .first()
                .and_then(|d| d.parse().ok())
                .unwrap_or(default_depth(v));
            game(v, depth);
        }
    }
}
