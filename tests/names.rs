//! Move names (SAN and the variants' notation, `src/san.rs`): along random games of every
//! game, every legal move has one name, no two alike, and every name (with or without its
//! `+`/`#`) reads back as exactly that move; plus exact examples from the rules.

use std::collections::HashSet;

use fairyboard::{Position, Variant};
use proptest::prelude::*;

mod common;
use common::any_move;

/// Everything names must do in one position.
fn check_names(p: &Position) {
    let text = p.to_text();
    let named = p.move_names();
    assert_eq!(named.len(), p.count_legal(), "{text}");
    let mut seen = HashSet::new();
    for (m, name) in &named {
        let t = p.move_text(m);
        assert!(seen.insert(name.clone()), "{text}: two moves named {name}");
        assert!(
            !name.is_empty() && !name.contains(char::is_whitespace),
            "{text}: {t} named '{name}'"
        );
        assert_eq!(&p.move_name(m), name, "{text}: {t}");
        assert_eq!(p.parse_name(name).as_ref(), Ok(m), "{text}: {t} named {name}");
        let bare = name.trim_end_matches(['+', '#']);
        assert_eq!(p.parse_name(bare).as_ref(), Ok(m), "{text}: {t} named {name}");
        assert_eq!(p.parse_any(name).as_ref(), Ok(m), "{text}: {t} named {name}");
        assert_eq!(p.parse_any(&t).as_ref(), Ok(m), "{text}: {t}");
        // A check mark says what the move does.
        let next = p.after(m);
        let mark = &name[bare.len()..];
        let wins = next.decided().is_some_and(|o| o.winner == Some(p.side()));
        let checks = next.in_check();
        let mates = wins || (checks && next.legal_moves().is_empty());
        let expected = if mates {
            "#"
        } else if checks {
            "+"
        } else {
            ""
        };
        assert_eq!(mark, expected, "{text}: {t} named {name}");
    }
}

fn playout(variant: Variant, choices: &[usize]) {
    let mut p = Position::start(variant).unwrap();
    for &choice in choices {
        check_names(&p);
        let moves = p.legal_moves();
        if moves.is_empty() || p.outcome().is_some() {
            break;
        }
        p = p.after(&any_move(&moves, choice));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn names_are_unique_and_read_back_in_random_games(
        which in 0..Variant::ALL.len(),
        choices in prop::collection::vec(any::<usize>(), 1..90),
    ) {
        playout(Variant::ALL[which], &choices);
    }
}

#[test]
fn names_along_a_random_game_of_each_game() {
    // Deterministic coverage of all six, whatever proptest draws.
    for v in Variant::ALL {
        let choices: Vec<usize> = (0..80usize).map(|i| i.wrapping_mul(2_654_435_761) >> 7).collect();
        playout(v, &choices);
    }
}
