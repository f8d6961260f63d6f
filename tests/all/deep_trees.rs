//! Variations nested as deep as the input (issue 41): a PGN's movetext nested 100,000 deep is
//! parsed, kept, played into the game, written again (PGN and link), reviewed and dropped
//! on a thread with a small stack (the page's wasm has about 1 MB), so nothing on the way
//! recurses once per level.

use crate::common;
use fairyboard::review::{annotate, review};
use fairyboard::search::{Limits, Searcher};
use fairyboard::{link, pgn, Game, Variant};

/// The stack the checks run on: far less than one frame per level of the input.
const SMALL_STACK: usize = 256 * 1024;

/// Runs `f` on a thread with [`SMALL_STACK`]; a stack overflow aborts the test binary.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("no panic");
}

/// `1. e4 (1. d4 (1. d4 ...` nested `depth` deep, each `(` closed when `closed`.
fn nested_same_move(depth: usize, closed: bool) -> String {
    let mut text = "1. e4 ".to_string() + &"(1. d4 ".repeat(depth);
    if closed {
        text += &")".repeat(depth);
    }
    text + " *"
}

#[test]
fn a_movetext_nested_100000_deep_is_parsed_played_and_dropped_without_recursion() {
    on_small_stack(|| {
        for closed in [true, false] {
            let text = nested_same_move(100_000, closed);
            let parsed = pgn::parse(&text).unwrap();
            assert_eq!(parsed.movetext.count(), 100_001);
            let cloned = parsed.clone();
            assert!(cloned == parsed);
            drop(cloned);
            let read = pgn::read(&text).unwrap();
            // Every `(1. d4` is the same move: one variation in the game.
            assert_eq!(read.game.nodes().len(), 3);
            assert_eq!(read.game.line_names(), ["e4"]);
            let out = pgn::write(&read.game, &[]);
            assert!(out.ends_with("1. e4 (1. d4) *\n"), "{out}");
        }
    });
}

/// A game tree nested `depth` deep: a Riftwalker line of `depth` random plies
/// ([`common::long_line`]), each move played as the alternative to another legal move, so
/// that its PGN opens a `(` one level deeper at every ply.
fn deep_tree(depth: usize) -> Game {
    let mut game = Game::new(Variant::Riftwalker, None).unwrap();
    for m in common::long_line(Variant::Riftwalker, depth, 41) {
        // A position with one legal move has no alternative to it.
        if let Some(&main) = game.position().legal_moves().iter().find(|&&o| o != m) {
            game.play_move(main);
            game.undo();
        }
        game.play_move(m);
    }
    game
}

#[test]
fn a_game_tree_nested_deep_goes_through_pgn_links_and_review() {
    on_small_stack(|| {
        let game = deep_tree(11_000);
        let text = pgn::write(&game, &[]);
        let deepest = text
            .bytes()
            .scan(0i64, |depth, b| {
                *depth += i64::from(b == b'(') - i64::from(b == b')');
                Some(*depth)
            })
            .max();
        assert!(deepest >= Some(10_000), "nested {deepest:?} deep");
        let back = pgn::read(&text).unwrap();
        assert_eq!(back.message(), None);
        assert_eq!(back.game.nodes().len(), game.nodes().len());
        assert_eq!(pgn::write(&back.game, &[]), text);
        let fragment = link::fragment(&back.game);
        let linked = link::read(&fragment).unwrap();
        assert_eq!(linked.game.nodes().len(), game.nodes().len());
        let mut reviewed = back.game.clone();
        let r = review(
            &reviewed,
            &Limits::nodes(1),
            &mut Searcher::new(1),
            &|| 0.0,
            &mut |_, _| {},
        );
        annotate(&mut reviewed, &r);
        drop((back, linked, reviewed));
    });
}
