//! Games with variations and comments in share links: exact texts, old links still read,
//! bad variations reported, and random trees of all six games surviving plain and coded
//! links exactly (structure, order of variations, comments, the line shown and the cursor).

mod common;

use common::{edits, mutate, orthodox_game as game, random_tree, tree_shape as shape};
use fairyboard::{link, Game, Variant};
use proptest::prelude::*;

/// The game's link and coded link read back the same tree, line and cursor, cleanly.
fn check_round_trips(g: &Game) {
    for fragment in [link::fragment(g), link::coded_fragment(g)] {
        let back = link::read(&format!("#{fragment}")).unwrap();
        assert_eq!(back.message(), None, "{fragment}");
        assert_eq!(shape(&back.game), shape(g), "{fragment}");
        assert_eq!(back.game.line_texts(), g.line_texts(), "{fragment}");
        assert_eq!(back.game.ply(), g.ply(), "{fragment}");
        assert_eq!(back.game.position(), g.position(), "{fragment}");
    }
}

#[test]
fn a_tree_in_a_link_by_example() {
    let mut g = game(&["e2e4", "e7e5", "g1f3", "b8c6"]);
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap(); // 5
    g.play("g1f3").unwrap(); // 6
    g.play("d7d6").unwrap(); // 7
    g.go_to(2).unwrap();
    g.play("b1c3").unwrap(); // 8
    g.go_to(1).unwrap();
    g.play("e7e6").unwrap(); // 9
    g.set_comment(0, "A casual game.").unwrap();
    g.set_comment(8, "Closed: 100% fine?").unwrap();
    g.go_to_node(6).unwrap();
    let f = link::fragment(&g);
    assert_eq!(
        f,
        "g=orthodox&m=e2e4.e7e5.g1f3.b8c6&v=1(c7c5.g1f3(b1c3).d7d6)(e7e6)\
         &n=0:A+casual+game%2E.7:Closed%3A+100%25+fine%3F&at=8&ply=3"
    );
    let back = link::read(&f).unwrap();
    assert_eq!(back.message(), None);
    assert_eq!(back.game.line_texts(), ["e2e4", "c7c5", "g1f3", "d7d6"]);
    assert_eq!(back.game.ply(), 3);
    assert_eq!(back.game.comment(0), Ok("A casual game."));
    check_round_trips(&g);
    // The coded form codes the variations' moves too.
    let coded = link::coded_fragment(&g);
    assert!(coded.contains("&c=") && coded.contains("&v=1("), "{coded}");
    assert!(!coded.contains('.') || coded.contains("&n="), "{coded}");
}

#[test]
fn the_readme_example_reads_cleanly() {
    let r = link::read("#g=orthodox&m=e2e4.e7e5&v=1(c7c5.g1f3)&n=3:Sicilian&at=4").unwrap();
    assert_eq!(r.message(), None);
    assert_eq!(r.game.line_texts(), ["e2e4", "c7c5", "g1f3"]);
    assert_eq!(r.game.comment(3), Ok("Sicilian"));
    assert!(r.game.at_end());
}

#[test]
fn a_game_without_variations_has_the_old_link() {
    let mut g = game(&["e2e4", "e7e5", "g1f3"]);
    g.undo();
    assert_eq!(link::fragment(&g), "g=orthodox&m=e2e4.e7e5.g1f3&ply=2");
    // And an old link opens as before, on the main line.
    let r = link::read("g=orthodox&m=e2e4.e7e5.g1f3&ply=2").unwrap();
    assert_eq!(r.game.nodes().len(), 4);
    assert_eq!(r.game.ply(), 2);
}

#[test]
fn bad_variations_and_comments_are_noted_and_the_rest_is_read() {
    let r =
        link::read("g=orthodox&m=e2e4.e7e5&v=1(c7c5.e1e3.d2d4(x))(e7e6)&n=4:Later.9:Gone").unwrap();
    assert_eq!(r.used, 2, "the main line is whole");
    assert_eq!(r.problem, None);
    assert_eq!(
        r.message().unwrap(),
        "Could not play move 2 for White in a variation: e1e3 is not a legal move in this \
         position; the rest of that variation was left out. The link's comment on move 9 was \
         left out: there is no such move."
    );
    let texts: Vec<String> = r.game.nodes().into_iter().map(|n| n.text).collect();
    assert_eq!(texts, ["", "e2e4", "e7e5", "c7c5", "e7e6"]);
    assert_eq!(r.game.comment(4), Ok("Later"));
    // An index past the main line, a variation with no move before it, a malformed field.
    let r = link::read("g=orthodox&m=e2e4&v=5(e7e5)0((d2d4))&at=x").unwrap();
    let message = r.message().unwrap();
    assert!(
        message.contains("variations at move index 5 were left out"),
        "{message}"
    );
    assert!(
        message.contains("a variation before any move of its line"),
        "{message}"
    );
    assert!(
        message.contains("at 'x' is not a whole number"),
        "{message}"
    );
    let r = link::read("g=orthodox&v=0(e2e4)&at=7").unwrap();
    let message = r.message().unwrap();
    assert!(message.contains("have no main line"), "{message}");
    assert!(message.contains("at=7 names no move"), "{message}");
    // A coded variation with a digit too many for its position.
    let r = link::read("g=orthodox&c=A&v=0(z)").unwrap();
    assert!(r
        .message()
        .unwrap()
        .contains("(coded 'z'): it names move 52"));
}

fn steps() -> impl Strategy<Value = Vec<(u8, usize, usize)>> {
    prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 0..90)
}

fn comment_texts() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec("[ a-z.:%&+=#(){}\\-_é€\\n]{0,14}", 0..4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    #[test]
    fn random_trees_survive_links(
        which in 0..Variant::ALL.len(),
        steps in steps(),
        comments in comment_texts(),
    ) {
        check_round_trips(&random_tree(Variant::ALL[which], &steps, &comments));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]
    /// Tree links with random edits never panic the reader.
    #[test]
    fn edited_tree_links_are_read_without_panic(
        which in 0..Variant::ALL.len(),
        steps in steps(),
        changes in edits(prop_oneof![
            Just('.'), Just('&'), Just('='), Just('%'), Just('('), Just(')'), Just(':'),
            Just('1'), Just('A'), Just('0'), any::<char>()
        ]),
    ) {
        let g = random_tree(Variant::ALL[which], &steps, &["x y".to_string()]);
        for t in [link::fragment(&g), link::coded_fragment(&g)] {
            if let Ok(r) = link::read(&mutate(&t, &changes)) {
                prop_assert!(r.used <= r.total);
                prop_assert_eq!(r.problem.is_some(), r.used < r.total);
                let _ = link::fragment(&r.game);
            }
        }
    }
}

/// The most variations inside variations any node of `g` lies in.
fn variation_depth(g: &Game) -> usize {
    let nodes = g.nodes();
    let by_id = |id: usize| nodes.iter().find(|n| n.id == id).unwrap();
    nodes
        .iter()
        .map(|n| {
            let (mut depth, mut at) = (0, n);
            while let Some(p) = at.parent {
                let parent = by_id(p);
                depth += usize::from(parent.children[0] != at.id);
                at = parent;
            }
            depth
        })
        .max()
        .unwrap_or(0)
}

/// The random trees above are not mostly single lines: most have variations, many have
/// nested ones, comments and a line shown off the main line.
#[test]
fn the_random_trees_branch() {
    let mut rng = common::seeded_rng();
    let (mut branched, mut nested, mut off_main, mut commented) = (0, 0, 0, 0);
    for round in 0..60 {
        let steps: Vec<(u8, usize, usize)> = (0..90)
            .map(|_| {
                (
                    rng.next_u32() as u8,
                    rng.next_u32() as usize,
                    rng.next_u32() as usize,
                )
            })
            .collect();
        let g = random_tree(Variant::ALL[round % 6], &steps, &["a b".to_string()]);
        let f = link::fragment(&g);
        branched += usize::from(f.contains("&v="));
        nested += usize::from(variation_depth(&g) >= 2);
        off_main += usize::from(f.contains("&at="));
        commented += usize::from(f.contains("&n="));
        check_round_trips(&g);
    }
    println!("of 60: {branched} with variations, {nested} nested, {off_main} off the main line, {commented} with comments");
    assert!(branched >= 40 && nested >= 10 && off_main >= 15 && commented >= 40);
}

#[test]
fn nags_in_a_link_by_example() {
    let mut g = game(&["e2e4", "e7e5", "g1f3"]);
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap(); // node 4, link number 4 (after the main line's 3 moves)
    g.go_to_node(3).unwrap();
    g.set_nags(1, &[1]).unwrap();
    g.set_nags(4, &[2, 14]).unwrap();
    let fragment = link::fragment(&g);
    assert_eq!(
        fragment,
        "g=orthodox&m=e2e4.e7e5.g1f3&v=1(c7c5)&a=1:1.4:2,14"
    );
    check_round_trips(&g);
    // Bad annotations are named and left out; the rest is read.
    let back = link::read("#g=orthodox&m=e2e4.e7e5&a=1:1.x.2:300.0:1.9:4.2:5").unwrap();
    assert_eq!(back.game.nags(1).unwrap(), [1]);
    assert_eq!(back.game.nags(2).unwrap(), [5]);
    let note = back.message().unwrap();
    for bad in ["'x'", "'2:300'", "move 0", "move 9"] {
        assert!(note.contains(bad), "{note} names {bad}");
    }
}
