//! Runs every perft suite in `tests/perft/*.perft` (one file per game): each `id`, its
//! `epd` position and `perft DEPTH NODES` lines. Counts above the node limit are skipped so
//! CI stays fast; set FAIRYBOARD_PERFT_NODES (e.g. 200000000) to run them all.

use fairyboard::{perft, Position, Variant};

use crate::common::{perft_suite, PerftCase};

fn node_limit() -> u64 {
    std::env::var("FAIRYBOARD_PERFT_NODES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5_000_000)
}

fn run_suite(variant: Variant) {
    let limit = node_limit();
    let mut checked = 0;
    for PerftCase { id, epd, counts } in perft_suite(variant) {
        let pos = Position::from_text(variant, &epd).unwrap_or_else(|e| panic!("{id}: {e}"));
        for (depth, nodes) in counts.into_iter().filter(|&(_, n)| n <= limit) {
            assert_eq!(
                perft(&pos, depth),
                nodes,
                "{} {id} perft {depth}",
                variant.id()
            );
            checked += 1;
        }
    }
    assert!(
        checked > 0,
        "no perft count within the node limit in tests/perft/{}.perft",
        variant.id()
    );
}

/// A test per game, `NAME: Variant`, running that game's suite.
macro_rules! suite_tests {
    ($($name:ident: $variant:ident,)+) => {
        $(
            #[test]
            fn $name() {
                run_suite(Variant::$variant);
            }
        )+
    };
}

suite_tests! {
    orthodox_perft_suite: Orthodox,
    riftwalker_perft_suite: Riftwalker,
    pawnier_perft_suite: Pawnier,
    bandit_perft_suite: Bandit,
    vagabond_perft_suite: Vagabond,
    quarter_perft_suite: Quarter,
}
