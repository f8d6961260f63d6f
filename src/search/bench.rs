//! The positions the search benchmark measures, the same natively and in wasm: each game's
//! start, and a middlegame reached from it by a fixed, deterministic line of play; and the
//! depths the benchmarks search and count them to, each game's declared in its folder.

use super::{Limits, Searcher};
use crate::games::{with_game, Variant};
use crate::position::Position;

/// The depths a game is measured at, about 0.3-3 s natively on the development machine:
/// perft from the start (`benches/perft.rs`, `scripts/bench.sh`) and the fixed-depth
/// searches of its start and middlegame (`benches/search.rs`, `scripts/bench_search.sh`).
#[derive(Debug)]
pub struct Depths {
    /// Perft from the start.
    pub perft: u32,
    /// The search of the start.
    pub search_start: u32,
    /// The search of the middlegame ([`position`]).
    pub search_middlegame: u32,
}

/// A game's benchmark depths.
pub fn depths(variant: Variant) -> &'static Depths {
    with_game!(variant, game => &game::BENCH)
}

/// Plies of shallow self-play from the start that make the benchmark's middlegame.
const MIDDLEGAME_PLIES: usize = 16;

/// A benchmark position of a game: `"start"` or `"middlegame"` (16 plies of depth-2
/// self-play from the start, so the same position on every machine and in wasm).
pub fn position(variant: Variant, which: &str) -> Option<Position> {
    let mut pos = Position::start(variant).ok()?;
    match which {
        "start" => Some(pos),
        "middlegame" => {
            let mut searcher = Searcher::new(1);
            let mut keys = Vec::new();
            for _ in 0..MIDDLEGAME_PLIES {
                let report = searcher.search(
                    &pos,
                    &keys,
                    &Limits::depth(2),
                    &|| 0.0,
                    &|| false,
                    &mut |_| {},
                );
                let m = report.best?;
                keys.push(pos.key());
                pos.apply(&m);
            }
            Some(pos)
        }
        _ => None,
    }
}

/// Searches a position to a fixed depth with a fresh 16 MB table and returns the nodes
/// searched (the same count natively and in wasm: the search is deterministic).
pub fn fixed_depth(pos: &Position, depth: u32) -> u64 {
    let mut searcher = Searcher::new(16);
    searcher
        .search(
            pos,
            &[],
            &Limits::depth(depth),
            &|| 0.0,
            &|| false,
            &mut |_| {},
        )
        .nodes
}
