//! Runs every perft suite in `tests/perft/*.perft` (one file per game): each `id`, its
//! `epd` position and `perft DEPTH NODES` lines. Counts above the node limit are skipped so
//! CI stays fast; set FAIRYBOARD_PERFT_NODES (e.g. 200000000) to run them all.

use std::path::Path;

use fairyboard::{perft, Position, Variant};

fn node_limit() -> u64 {
    std::env::var("FAIRYBOARD_PERFT_NODES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5_000_000)
}

/// One position of a suite with its expected counts as (depth, nodes).
#[derive(Default)]
struct Case {
    id: String,
    epd: String,
    counts: Vec<(u32, u64)>,
}

/// The cases of one suite file, in file order.
fn read_suite(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).expect("readable suite");
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}:{}: no value", path.display(), n + 1));
        match key {
            "id" => cases.push(Case {
                id: value.to_string(),
                ..Case::default()
            }),
            "epd" => cases.last_mut().expect("epd after id").epd = value.to_string(),
            "perft" => {
                let (d, nodes) = value.split_once(' ').expect("perft DEPTH NODES");
                cases
                    .last_mut()
                    .expect("perft after id")
                    .counts
                    .push((d.parse().expect("depth"), nodes.parse().expect("nodes")));
            }
            other => panic!("{}:{}: unknown key {other}", path.display(), n + 1),
        }
    }
    cases
}

fn run_suite(variant: Variant) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/perft")
        .join(format!("{}.perft", variant.id()));
    let limit = node_limit();
    let mut checked = 0;
    for Case { id, epd, counts } in read_suite(&path) {
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
        "no perft count within the node limit in {}",
        path.display()
    );
}

#[test]
fn orthodox_perft_suite() {
    run_suite(Variant::Orthodox);
}

#[test]
fn riftwalker_perft_suite() {
    run_suite(Variant::Riftwalker);
}

#[test]
fn pawnier_perft_suite() {
    run_suite(Variant::Pawnier);
}

#[test]
fn bandit_perft_suite() {
    run_suite(Variant::Bandit);
}

#[test]
fn vagabond_perft_suite() {
    run_suite(Variant::Vagabond);
}

#[test]
fn quarter_perft_suite() {
    run_suite(Variant::Quarter);
}
