//! Opening books (`fairyboard_lab::book`): what the generator makes is distinct by key, legal in
//! its game (it reads back as the same position), not over and balanced by the stated margin
//! under the stated search; and the books kept under `books/` are what their headers say.

use std::collections::HashSet;

use fairyboard::search::Searcher;
use fairyboard::{Position, Variant};
use fairyboard_lab::book::{generate, read, score, write, Settings, HASH_MB};

/// Checks a book's text against its settings: `count` positions, distinct keys, each read
/// back exactly, not over, with legal moves; every `sample`-th one scored again within the
/// margin and `slack` more.
fn check_book(variant: Variant, text: &str, sample: usize, slack: i32) {
    let settings = Settings::from_header(text)
        .unwrap_or_else(|| panic!("{}: the header states no settings", variant.id()));
    let positions = read(variant, text).unwrap();
    assert_eq!(positions.len(), settings.count, "{}", variant.id());
    let mut keys = HashSet::new();
    let lines = text.lines().filter(|l| !l.starts_with('#'));
    for (pos, line) in positions.iter().zip(lines) {
        assert_eq!(pos.to_text(), line, "{}: not read back", variant.id());
        assert!(keys.insert(pos.key()), "{}: {line} twice", variant.id());
        assert!(pos.outcome().is_none(), "{}: {line} is over", variant.id());
        assert!(!pos.legal_moves().is_empty(), "{}: {line}", variant.id());
    }
    let mut searcher = Searcher::new(HASH_MB);
    for pos in positions.iter().step_by(sample.max(1)) {
        let cp = score(&mut searcher, pos, settings.nodes);
        assert!(
            cp.is_some_and(|cp| cp.abs() <= settings.margin + slack),
            "{}: {} scores {cp:?}, beyond ±{} and {slack} more",
            variant.id(),
            pos.to_text(),
            settings.margin
        );
    }
}

#[test]
fn generated_books_are_distinct_legal_and_balanced() {
    let settings = Settings {
        count: 6,
        plies: 6,
        margin: 80,
        nodes: 1_500,
        seed: 7,
    };
    for variant in Variant::ALL {
        let entries = generate(variant, &settings, &mut |_, _| {}).unwrap();
        assert_eq!(entries.len(), 6, "{}", variant.id());
        for e in &entries {
            assert!(e.score.abs() <= settings.margin);
        }
        check_book(variant, &write(variant, &settings, &entries), 1, 0);
    }
}

#[test]
fn the_same_seed_makes_the_same_book() {
    let settings = Settings {
        count: 4,
        plies: 4,
        margin: 100,
        nodes: 800,
        seed: 3,
    };
    let text = |seed| {
        let s = Settings { seed, ..settings };
        let entries = generate(Variant::Bandit, &s, &mut |_, _| {}).unwrap();
        write(Variant::Bandit, &s, &entries)
    };
    assert_eq!(text(3), text(3));
    assert_ne!(text(3), text(4));
}

/// A kept book was scored by the search of its day; a later search change moves a score by
/// a little (a book is made again when a change moves many), a wrong book by far more.
const KEPT_BOOK_SLACK: i32 = 30;

#[test]
fn kept_books_hold_what_their_headers_say() {
    for variant in Variant::ALL {
        let path = format!(
            "{}/../../books/{}.txt",
            env!("CARGO_MANIFEST_DIR"),
            variant.id()
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        check_book(variant, &text, 50, KEPT_BOOK_SLACK);
    }
}

#[test]
fn a_book_of_another_game_is_refused() {
    let bandit = Position::start(Variant::Bandit).unwrap().to_text();
    let e = read(Variant::Orthodox, &bandit).unwrap_err();
    assert!(e.message().starts_with("line 1: "), "{}", e.message());
}
