//! Games with variations and comments in share links: exact texts, old links still read,
//! bad variations reported, and random trees of all six games surviving plain and coded
//! links exactly (structure, order of variations, comments, the line shown and the cursor,
//! random tags and a random end declared by the players).

use crate::common;

use common::{
    comment_texts, declare_end, edits, mutate, orthodox_game as game, random_tags, random_tree,
    set_tags, str_pairs, tree_shape as shape,
};
use fairyboard::{link, pgn, Color, Game, Outcome, Reason, Variant};
use proptest::prelude::*;

/// The game's link and coded link read back the same tree, line and cursor, tags and end,
/// cleanly.
fn check_round_trips(g: &Game) {
    for fragment in [link::fragment(g), link::coded_fragment(g)] {
        let back = link::read(&format!("#{fragment}")).unwrap();
        assert_eq!(back.message(), None, "{fragment}");
        assert_eq!(shape(&back.game), shape(g), "{fragment}");
        assert_eq!(back.game.line_texts(), g.line_texts(), "{fragment}");
        assert_eq!(back.game.ply(), g.ply(), "{fragment}");
        assert_eq!(back.game.position(), g.position(), "{fragment}");
        assert_eq!(back.game.tags(), g.tags(), "{fragment}");
        assert_eq!(back.game.main_outcome(), g.main_outcome(), "{fragment}");
        assert_eq!(back.game.final_outcome(), g.final_outcome(), "{fragment}");
        // The same record: the result, the Termination and every tag.
        assert_eq!(
            pgn::write(&back.game, &[]),
            pgn::write(g, &[]),
            "{fragment}"
        );
    }
}

#[test]
fn a_tree_in_a_link_by_example() {
    let mut g = common::example_tree();
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    #[test]
    fn random_trees_survive_links(
        which in 0..Variant::ALL.len(),
        steps in steps(),
        comments in comment_texts(),
        tags in random_tags(),
        end in any::<u8>(),
        shown in any::<usize>(),
    ) {
        let mut g = random_tree(Variant::ALL[which], &steps, &comments);
        declare_end(&mut g, end);
        set_tags(&mut g, &tags, true);
        let ids: Vec<usize> = g.nodes().into_iter().map(|n| n.id).collect();
        g.go_to_node(ids[shown % ids.len()]).unwrap();
        check_round_trips(&g);
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
            Just('1'), Just('A'), Just('0'), Just('e'), Just('t'), Just('w'), Just('+'),
            any::<char>()
        ]),
    ) {
        let mut g = random_tree(Variant::ALL[which], &steps, &["x y".to_string()]);
        declare_end(&mut g, steps.len() as u8);
        g.set_tag("White", "A. B: c").unwrap();
        g.set_tag("ECO", "x.y").unwrap();
        g.set_tag("Termination", "a:b").unwrap();
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

#[test]
fn tags_and_the_end_in_a_link_by_example() {
    let mut g = game(&["e2e4", "e7e5", "g1f3"]);
    g.set_tag("White", "Anna M\u{fc}ller").unwrap();
    g.set_tag("Black", "Bob \"the rook\" O'Neil").unwrap();
    g.set_tag("Event", "Club & caf\u{e9} #3").unwrap();
    g.set_tag("Site", "Z\u{fc}rich").unwrap();
    g.set_tag("Date", "2026.11.23").unwrap();
    g.set_tag("Round", "1.2").unwrap();
    g.set_tag("TimeControl", "300+3").unwrap();
    g.set_tag("Note", "a.b:c 100% \\ ok").unwrap();
    g.flag_fall(Color::Black).unwrap();
    g.undo();
    let f = link::fragment(&g);
    assert_eq!(
        f,
        "g=orthodox&m=e2e4.e7e5.g1f3&ev=Club+%26+caf%C3%A9+%233&si=Z%C3%BCrich\
         &d=2026%2E11%2E23&r=1%2E2&w=Anna+M%C3%BCller&b=Bob+%22the+rook%22+O%27Neil\
         &t=TimeControl:300%2B3.Note:a%2Eb%3Ac+100%25+%5C+ok&e=fb&ply=2"
    );
    let back = link::read(&f).unwrap();
    assert_eq!(back.message(), None);
    assert_eq!(back.game.tags(), g.tags());
    assert_eq!(back.game.tag("note"), Some("a.b:c 100% \\ ok"));
    assert_eq!(back.game.ply(), 2);
    assert_eq!(
        back.game.final_outcome(),
        Some(Outcome::win(Color::White, Reason::Time))
    );
    check_round_trips(&g);
    // The fields in any order, as a person might write them.
    let back = link::read("e=fb&w=Anna&g=orthodox&m=e2e4.e7e5.g1f3").unwrap();
    assert_eq!(back.message(), None);
    assert_eq!(back.game.tag("White"), Some("Anna"));
    assert_eq!(
        back.game.outcome(),
        Some(Outcome::win(Color::White, Reason::Time))
    );
}

#[test]
fn each_declared_end_has_its_code() {
    type End = fn(&mut Game) -> Outcome;
    let ends: [(End, &str, Outcome); 5] = [
        (
            |g| g.resign(Color::White).unwrap(),
            "rw",
            Outcome::win(Color::Black, Reason::Resignation),
        ),
        (
            |g| g.resign(Color::Black).unwrap(),
            "rb",
            Outcome::win(Color::White, Reason::Resignation),
        ),
        (
            |g| g.agree_draw().unwrap(),
            "a",
            Outcome::draw(Reason::Agreement),
        ),
        (
            |g| g.flag_fall(Color::White).unwrap(),
            "fw",
            Outcome::win(Color::Black, Reason::Time),
        ),
        (
            |g| g.flag_fall(Color::Black).unwrap(),
            "fb",
            Outcome::win(Color::White, Reason::Time),
        ),
    ];
    for (end, code, outcome) in ends {
        let mut g = game(&["e2e4"]);
        assert_eq!(end(&mut g), outcome);
        let f = link::fragment(&g);
        assert_eq!(f, format!("g=orthodox&m=e2e4&e={code}"));
        let back = link::read(&f).unwrap();
        assert_eq!(back.message(), None, "{f}");
        assert_eq!(back.game.outcome(), Some(outcome), "{f}");
    }
    // A flag against a side that cannot win is a draw, read back as one.
    let mut g = Game::new(Variant::Orthodox, Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")).unwrap();
    g.play("d1d2").unwrap();
    g.flag_fall(Color::White).unwrap();
    let f = link::fragment(&g);
    assert_eq!(
        f,
        "g=orthodox&p=4k3/8/8/8/8/8/8/3QK3%20w%20-%20-%200%201&m=d1d2&e=fw"
    );
    let back = link::read(&f).unwrap();
    assert_eq!(
        back.game.outcome(),
        Some(Outcome::draw(Reason::TimeoutVsInsufficientMaterial(
            Color::White
        )))
    );
    // The end is the main line's: a variation shown keeps it.
    let mut g = game(&["e2e4", "e7e5"]);
    g.resign(Color::White).unwrap();
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap();
    let f = link::fragment(&g);
    assert_eq!(f, "g=orthodox&m=e2e4.e7e5&v=1(c7c5)&e=rw&at=3");
    let back = link::read(&f).unwrap();
    assert_eq!(back.message(), None);
    assert_eq!(back.game.line_texts(), ["e2e4", "c7c5"]);
    assert_eq!(back.game.outcome(), None);
    assert_eq!(
        back.game.main_outcome(),
        Some(Outcome::win(Color::Black, Reason::Resignation))
    );
}

#[test]
fn bad_tags_and_ends_are_noted_and_the_rest_is_read() {
    let r = link::read(
        "g=orthodox&m=f2f3.e7e5.g2g4.d8h4&w=%FF&b=Bob&t=1x:a.ECO.Result:1-0.Opening:A%2Eb&e=rw",
    )
    .unwrap();
    assert_eq!(r.used, 4);
    assert_eq!(
        r.message().unwrap(),
        "The link's field 'w' is not valid percent-encoded UTF-8 and was ignored. The link's \
         end e=rw was left out: the game is already over: Black wins by checkmate. The link's \
         tag '1x' was left out: '1x' is not a tag name: a tag name is letters, digits and '_', \
         starting with a letter. The link's tag 'ECO' was left out: it is not <name>:<value>. \
         The link's tag 'Result' was left out: the Result tag follows from the game itself and \
         cannot be set."
    );
    let tags = str_pairs(r.game.tags());
    assert_eq!(tags, [("Black", "Bob"), ("Opening", "A.b")]);
    assert_eq!(
        r.game.outcome(),
        Some(Outcome::win(Color::Black, Reason::Checkmate))
    );
    // A '%' not followed by two hex digits is read as itself, as in comments; bytes that are
    // not UTF-8 are not a text; an empty field sets nothing.
    let r = link::read("g=orthodox&m=e2e4&e=zz&t=Note:%E2%82%AC%2.Bad:%FF&r=").unwrap();
    assert_eq!(
        r.message().unwrap(),
        "The link's end e=zz was left out: it is not one of rw, rb, a, fw, fb. The link's tag \
         'Bad' was left out: its value is not valid percent-encoded UTF-8."
    );
    assert_eq!(
        r.game.tags(),
        [("Note".to_string(), "\u{20ac}%2".to_string())]
    );
    assert_eq!(r.game.outcome(), None);
}

/// The example of `docs/links.md` reads cleanly, as it says, and is written back the same.
#[test]
fn the_docs_example_of_tags_and_an_end_reads_cleanly() {
    let f = "g=orthodox&m=e2e4.e7e5.g1f3&ev=Club+%26+caf%C3%A9&d=2026%2E11%2E23\
             &w=Anna+M%C3%BCller&b=Bob&t=TimeControl:300%2B3.ECO:C40&e=fb&ply=2";
    let r = link::read(&format!("#{f}")).unwrap();
    assert_eq!(r.message(), None);
    let tags = str_pairs(r.game.tags());
    assert_eq!(
        tags,
        [
            ("Event", "Club & caf\u{e9}"),
            ("Date", "2026.11.23"),
            ("White", "Anna M\u{fc}ller"),
            ("Black", "Bob"),
            ("TimeControl", "300+3"),
            ("ECO", "C40"),
        ]
    );
    assert_eq!(r.game.line_names(), ["e4", "e5", "Nf3"]);
    assert_eq!(r.game.ply(), 2);
    assert_eq!(
        r.game.final_outcome(),
        Some(Outcome::win(Color::White, Reason::Time))
    );
    assert_eq!(link::fragment(&r.game), f);
}
