//! A game's record tags (`Game::tags`, `tag`, `set_tag`): kept in order, found by name in
//! any case, replaced in place, removed by an empty value; bad names and the tags that follow
//! from the game refused with a message; kept by a clone, and no part of a position.

use fairyboard::{Game, Variant};

/// The tags as one line, `Name=value` in order joined by ` | `, to compare with a literal.
fn tags(g: &Game) -> String {
    let pairs: Vec<String> = g.tags().iter().map(|(n, v)| format!("{n}={v}")).collect();
    pairs.join(" | ")
}

/// Sets tags written as `tags` writes them, in order.
fn set_tags(g: &mut Game, line: &str) {
    for pair in line.split(" | ") {
        let (name, value) = pair.split_once('=').unwrap();
        g.set_tag(name, value).unwrap();
    }
}

#[test]
fn tags_are_kept_in_order_and_found_in_any_case() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    assert_eq!(g.tags(), []);
    assert_eq!(g.tag("White"), None);
    set_tags(&mut g, "ECO=B06 | White=Kasparov, Garry | Source_2=by hand");
    // The roster's tags come first, as PGN writes them; the others in the order set.
    assert_eq!(
        tags(&g),
        "White=Kasparov, Garry | ECO=B06 | Source_2=by hand"
    );
    assert_eq!(g.tag("white"), Some("Kasparov, Garry"));
    assert_eq!(g.tag("eco"), Some("B06"));
    assert_eq!(g.tag("Black"), None);
    // A tag set again keeps its place and takes the name as written now; the roster's names
    // as the standard spells them.
    set_tags(&mut g, "eco=B07 | WHITE=Garry Kasparov");
    assert_eq!(
        tags(&g),
        "White=Garry Kasparov | eco=B07 | Source_2=by hand"
    );
    // Termination after the roster, the roster in its order: Event, Site, Date, Round,
    // White, Black.
    set_tags(
        &mut g,
        "Termination=Garry Kasparov won by resignation | black=Topalov | Date=1999.01.20 | \
         Event=Hoogovens",
    );
    assert_eq!(
        tags(&g),
        "Event=Hoogovens | Date=1999.01.20 | White=Garry Kasparov | Black=Topalov | \
         Termination=Garry Kasparov won by resignation | eco=B07 | Source_2=by hand"
    );
    // An empty value removes the tag; removing one that is not there changes nothing.
    set_tags(&mut g, "Eco= | Round= | Event= | termination=");
    assert_eq!(
        tags(&g),
        "Date=1999.01.20 | White=Garry Kasparov | Black=Topalov | Source_2=by hand"
    );
}

#[test]
fn values_are_kept_as_given_but_for_line_breaks_and_control_characters() {
    let mut g = Game::new(Variant::Quarter, None).unwrap();
    g.set_tag("Annotator", " \"Ann\" \\ Lee & co: 100% #1. ")
        .unwrap();
    assert_eq!(g.tag("Annotator"), Some(" \"Ann\" \\ Lee & co: 100% #1. "));
    g.set_tag("Event", "Cup\nround\tone\u{7}\r\u{7f}").unwrap();
    assert_eq!(g.tag("Event"), Some("Cup round one   "));
    // Unicode's line breaks and C1 controls too (PGN's Latin-1 leaves 128 to 159 out); a
    // CR LF is one line break.
    g.set_tag("Event", "a\u{85}b\u{2028}c\u{2029}d\u{9b}e\r\nf")
        .unwrap();
    assert_eq!(g.tag("Event"), Some("a b c d e f"));
    g.set_tag("Site", "Zürich € ♞ 東京").unwrap();
    assert_eq!(g.tag("Site"), Some("Zürich € ♞ 東京"));
}

#[test]
fn bad_names_and_the_tags_that_follow_from_the_game_are_refused() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    g.set_tag("White", "Ann").unwrap();
    for name in [
        "",
        "1st",
        "_x",
        "White Elo",
        "Elo-2",
        "Ré",
        "[Event]",
        "A\"b",
    ] {
        let e = g.set_tag(name, "x").unwrap_err();
        assert_eq!(
            e.message(),
            format!(
                "'{name}' is not a tag name: a tag name is letters, digits and '_', \
                 starting with a letter"
            ),
            "{name}"
        );
    }
    for (name, canonical) in [
        ("Result", "Result"),
        ("result", "Result"),
        ("Variant", "Variant"),
        ("SetUp", "SetUp"),
        ("setup", "SetUp"),
        ("FEN", "FEN"),
        ("fen", "FEN"),
    ] {
        let e = g.set_tag(name, "1-0").unwrap_err();
        assert_eq!(
            e.message(),
            format!("the {canonical} tag follows from the game itself and cannot be set")
        );
    }
    // Nothing changed.
    assert_eq!(tags(&g), "White=Ann");
    // A long bad name is clipped in the message.
    let long = "9".repeat(60);
    let e = g.set_tag(&long, "x").unwrap_err();
    assert!(e.message().starts_with(&format!("'{}...'", "9".repeat(40))));
}

#[test]
fn a_clone_keeps_the_tags_and_positions_do_not_see_them() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    g.play("e2e4").unwrap();
    let plain = g.clone();
    g.set_tag("White", "Ann").unwrap();
    g.set_tag("TimeControl", "180+2").unwrap();
    let copy = g.clone();
    assert_eq!(copy.tags(), g.tags());
    assert_eq!(copy.tag("timecontrol"), Some("180+2"));
    assert_eq!(g.position(), plain.position());
    assert_eq!(g.start(), plain.start());
    assert_eq!(g.nodes(), plain.nodes());
    assert_eq!(plain.tags(), []);
}
