//! The shipped puzzles (`puzzles/<game>.pgn`, issue 45): every record read back by the PGN
//! reader and its puzzle solved again from its position alone, at the node counts its
//! file's `%` header names, giving the same unique line, themes and rating.

use std::path::Path;

use fairyboard::puzzle::{rating, solve, themes, Settings};
use fairyboard::{pgn, Variant};

/// The `--nodes` of the command in the file's first line.
fn nodes_of(header: &str) -> u64 {
    let words: Vec<&str> = header.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| *w == "--nodes")
        .expect("--nodes in the header");
    words[at + 1].parse().unwrap()
}

#[test]
fn every_shipped_puzzle_is_solved_again_the_same() {
    for variant in Variant::ALL {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("puzzles")
            .join(format!("{}.pgn", variant.id()));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let header = text.lines().next().unwrap();
        assert!(
            header.starts_with(&format!("% fairyboard puzzles {} ", variant.id()))
                && header.contains("--seed"),
            "{header}"
        );
        let settings = Settings::for_game_nodes(nodes_of(header));
        let records = pgn::parse_all(&text);
        assert!(!records.is_empty(), "{path:?}");
        for (i, record) in records.into_iter().enumerate() {
            let at = format!("{} puzzle {}", variant.id(), i + 1);
            let record = record.unwrap_or_else(|e| panic!("{at}: {}", e.message()));
            assert_eq!(record.tag("SetUp"), Some("1"), "{at}");
            let replay = record.replay().unwrap();
            assert!(replay.problem.is_none(), "{at}");
            let game = replay.game;
            assert_eq!(game.variant(), variant, "{at}");
            let start = game.start();
            let solution =
                solve(start, &settings).unwrap_or_else(|| panic!("{at}: no longer a puzzle"));
            assert_eq!(solution.line.as_slice(), game.moves(), "{at}");
            assert_eq!(
                game.moves().len() % 2,
                1,
                "{at}: the line ends with the solver's move"
            );
            let solver_moves = solution.line.len().div_ceil(2);
            assert_eq!(
                record.tag("PuzzleThemes"),
                Some(
                    themes(start, &solution.line, solution.ending)
                        .join(" ")
                        .as_str()
                ),
                "{at}"
            );
            assert_eq!(
                record.tag("PuzzleRating"),
                Some(
                    rating(solution.nodes_to_find, solver_moves)
                        .to_string()
                        .as_str()
                ),
                "{at}"
            );
        }
    }
}
