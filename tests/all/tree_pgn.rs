//! Games with variations and comments in PGN: written as `( ... )` and `{ ... }` by move
//! names, read back into the same tree, other writers' variations and comments read, bad
//! variations noted, and random trees of all six games with random tags surviving a PGN round
//! trip.

use crate::common;

use common::{
    comment_texts, orthodox_game as game, random_tags, random_tree, set_tags, tree_shape as shape,
};
use fairyboard::{pgn, Game, Variant};
use proptest::prelude::*;

/// The movetext of a PGN text (what follows the tags).
fn movetext(text: &str) -> &str {
    text.split("\n\n").nth(1).unwrap()
}

#[test]
fn a_tree_as_pgn_by_example() {
    let mut g = common::example_tree();
    g.set_comment(0, "A casual game.").unwrap();
    g.set_comment(2, "The {classical} reply.").unwrap();
    g.set_comment(8, "Closed.").unwrap();
    g.set_comment(3, "Develops.").unwrap();
    let text = pgn::write(&g, &[]);
    assert_eq!(
        movetext(&text),
        "{A casual game.} 1. e4 e5 {The {classical｝ reply.} (1... c5 2. Nf3 (2. Nc3\n\
         {Closed.}) 2... d6) (1... e6) 2. Nf3 {Develops.} 2... Nc6 *\n"
    );
    let back = pgn::read(&text).unwrap();
    assert_eq!(back.message(), None);
    let mut expected = shape(&g);
    expected[2].2 = "The {classical｝ reply.".into();
    assert_eq!(shape(&back.game), expected);
    // The game read shows the end of its main line.
    assert_eq!(back.game.line_names(), ["e4", "e5", "Nf3", "Nc6"]);
    assert!(back.game.at_end());
    assert_eq!(
        pgn::write(&back.game, &[]),
        text.replace("{classical}", "{classical｝")
    );
}

#[test]
fn the_result_is_the_main_lines_wherever_the_cursor_is() {
    let mut g = game(&["f2f3", "e7e5", "g2g4", "d8h4"]);
    g.go_to(2).unwrap();
    g.play("g2g3").unwrap();
    let text = pgn::write(&g, &[]);
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(
        movetext(&text).ends_with("2. g4 (2. g3) 2... Qh4# 0-1\n"),
        "{text}"
    );
}

#[test]
fn other_writers_variations_and_comments_are_read() {
    let text = "[Event \"x\"]\n\n\
        {Before anything.} 1. e4 { [%clk 0:03:00] } 1... e5 {[%eval 0.2] Solid.} \
        (1... c5 {Sicilian} 2. Nf3 (2. c3 ; Alapin\n) d6 $1) (1... e6!? (1... d5)) \
        2. Nf3 Nc6 *";
    let r = pgn::read(text).unwrap();
    assert_eq!(r.message(), None);
    let g = &r.game;
    assert_eq!(g.line_names(), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(g.comment(0), Ok("Before anything."));
    assert_eq!(g.comment(1), Ok("[%clk 0:03:00]"), "commands are kept");
    assert_eq!(g.comment(2), Ok("[%eval 0.2] Solid."));
    let names: Vec<(usize, String, String)> = g
        .nodes()
        .into_iter()
        .map(|n| (n.ply, n.name, n.comment))
        .collect();
    let expected = [
        (0, "", "Before anything."),
        (1, "e4", "[%clk 0:03:00]"),
        (2, "e5", "[%eval 0.2] Solid."),
        (3, "Nf3", ""),
        (4, "Nc6", ""),
        (2, "c5", "Sicilian"),
        (3, "Nf3", ""),
        (4, "d6", ""),
        (3, "c3", "Alapin"),
        (2, "e6", ""),
        (2, "d5", ""),
    ];
    let expected: Vec<(usize, String, String)> = expected
        .iter()
        .map(|&(p, n, c)| (p, n.to_string(), c.to_string()))
        .collect();
    assert_eq!(names, expected);
}

#[test]
fn a_bad_move_in_a_variation_is_noted_and_the_rest_is_read() {
    let text = "1. e4 e5 (1... c5 2. Ke3 Nc6 (2... d6)) (1... e6) 2. Nf3 *";
    let r = pgn::read(text).unwrap();
    assert_eq!((r.used, r.total, r.problem.is_none()), (3, 3, true));
    assert_eq!(
        r.message().unwrap(),
        "Could not play move 2 for White in a variation: Ke3 is not a legal move in this \
         position; the rest of that variation was left out."
    );
    let names: Vec<String> = r.game.nodes().into_iter().map(|n| n.name).collect();
    assert_eq!(names, ["", "e4", "e5", "Nf3", "c5", "e6"]);
    // A main line cut short keeps the variations of the moves played only: its main line
    // stays what was played.
    let r = pgn::read("1. e4 (1. d4) 1... e5 2. Ke3 (2. Nf3 Nc6) 2... Nc6 *").unwrap();
    assert_eq!(r.used, 2);
    let names: Vec<String> = r.game.nodes().into_iter().map(|n| n.name).collect();
    assert_eq!(names, ["", "e4", "e5", "d4"]);
    assert_eq!(r.game.line_names(), ["e4", "e5"]);
}

/// The tag pairs of a PGN text as the standard allows them (section 8.1): each on its own
/// line, `[Name "value"]`, the name letters, digits and `_` starting with a letter, the value
/// without line breaks or other control characters, its `"` and `\` escaped by a `\`.
fn check_tag_lines(text: &str) -> Result<(), String> {
    let head = text.split("\n\n").next().unwrap_or("");
    for line in head.lines() {
        let bad = || Err(format!("the tag line {line:?} is not as PGN allows"));
        let Some(rest) = line.strip_prefix('[') else {
            return bad();
        };
        let Some((name, rest)) = rest.split_once(' ') else {
            return bad();
        };
        let name_ok = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let Some(value) = rest.strip_prefix('"').and_then(|r| r.strip_suffix("\"]")) else {
            return bad();
        };
        let mut chars = value.chars();
        let mut value_ok = true;
        while let Some(c) = chars.next() {
            value_ok &= match c {
                '\\' => matches!(chars.next(), Some('\\' | '"')),
                '"' => false,
                c => !c.is_control() && c != '\u{2028}' && c != '\u{2029}',
            };
        }
        if !name_ok || !value_ok {
            return bad();
        }
    }
    Ok(())
}

/// A tag value as the game keeps it and PGN writes it: each line break (CR LF, CR, LF, NEL,
/// U+2028, U+2029) and every other control character (tab, ...) one space.
fn one_line(value: &str) -> String {
    value
        .replace("\r\n", " ")
        .chars()
        .map(|c| {
            if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// What the Seven Tag Roster's tags read back as when the record does not say.
const DEFAULTS: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "fairyboard"),
    ("Date", "????.??.??"),
    ("Round", "-"),
    ("White", "?"),
    ("Black", "?"),
];

/// The tags a game with `g`'s tags reads back with after PGN written with the tags `extra`
/// (as `pgn::write` documents them): the roster's first, each the game's own or else the last
/// `extra` value for it, but those with the value written for an unknown one; then the game's
/// other tags; then `extra`'s others the game does not have, each where it is first named
/// with its last value. Names that are not tag names, the tags that follow from the game and
/// `Termination` are not taken from `extra`, nor empty values.
fn tags_read_back(g: &Game, extra: &[(String, String)]) -> Vec<(String, String)> {
    let mut roster: Vec<(String, String)> = DEFAULTS
        .iter()
        .map(|&(k, v)| (k.to_string(), g.tag(k).unwrap_or(v).to_string()))
        .collect();
    let mut others: Vec<(String, String)> = g
        .tags()
        .iter()
        .filter(|(k, _)| !DEFAULTS.iter().any(|(r, _)| r.eq_ignore_ascii_case(k)))
        .cloned()
        .collect();
    let is_name = |n: &str| {
        n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    for (name, value) in extra {
        let value = one_line(value);
        let refused = ["Result", "Variant", "SetUp", "FEN", "Termination"]
            .iter()
            .any(|r| r.eq_ignore_ascii_case(name));
        if !is_name(name) || refused || value.is_empty() || g.tag(name).is_some() {
            continue;
        }
        let slot = roster
            .iter_mut()
            .chain(others.iter_mut())
            .find(|(k, _)| k.eq_ignore_ascii_case(name));
        match slot {
            Some(slot) => slot.1 = value,
            None => others.push((name.clone(), value)),
        }
    }
    roster
        .into_iter()
        .filter(|(k, v)| !DEFAULTS.contains(&(k.as_str(), v.as_str())))
        .chain(others)
        .collect()
}

#[test]
fn tag_values_pgn_cannot_hold_are_written_on_one_line() {
    let mut g = game(&["e2e4"]);
    // The record: a line break in a value, given to the writer.
    let extra = [
        ("White", "x\ny"),
        ("Annotator", "r\"s\\ \"t\""),
        ("Bad Name", "left out"),
        ("Site", ""),
        ("Result", "1-0"),
    ];
    let text = pgn::write(&g, &extra);
    check_tag_lines(&text).unwrap();
    assert!(text.contains("[White \"x y\"]\n"), "{text}");
    assert!(
        text.contains("[Annotator \"r\\\"s\\\\ \\\"t\\\"\"]\n"),
        "{text}"
    );
    assert!(text.contains("[Site \"fairyboard\"]\n[Date"), "{text}");
    assert!(text.contains("[Result \"*\"]"), "{text}");
    assert!(!text.contains("Bad Name"), "{text}");
    let back = pgn::read(&text).unwrap();
    assert_eq!(back.message(), None, "{text}");
    assert_eq!(back.game.tag("White"), Some("x y"));
    assert_eq!(back.game.tag("Annotator"), Some("r\"s\\ \"t\""));
    // A game keeps a value as PGN can hold it: every line break one space, every other
    // control character one space, the rest as given.
    g.set_tag(
        "Black",
        "a\r\nb\rc\u{85}d\u{2028}e\u{2029}f\tg\u{0}h\u{7f}i  j ",
    )
    .unwrap();
    assert_eq!(g.tag("Black"), Some("a b c d e f g h i  j "));
    let text = pgn::write(&g, &[]);
    check_tag_lines(&text).unwrap();
    assert_eq!(pgn::read(&text).unwrap().game.tags(), g.tags());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    /// Every record the writer writes reads back as the same record: the same tags (the
    /// game's and those given to the writer, on one line each as PGN allows), the same tree
    /// with the same NAGs and the same comments, every character of them as it was but a
    /// `}` (written as `｝`: PGN has no way to write a `}` inside a comment).
    #[test]
    fn random_trees_survive_pgn(
        which in 0..Variant::ALL.len(),
        steps in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 0..90),
        comments in comment_texts(),
        tags in random_tags(),
        extra in random_tags(),
    ) {
        let mut g = random_tree(Variant::ALL[which], &steps, &comments);
        // (A Termination of any words could read as a loss on time: left out here.)
        set_tags(&mut g, &tags, false);
        let given: Vec<(&str, &str)> =
            extra.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let text = pgn::write(&g, &given);
        prop_assert_eq!(check_tag_lines(&text), Ok(()), "{}", text);
        let back = pgn::read(&text).unwrap();
        prop_assert_eq!(back.message(), None, "{}", text);
        let expected: Vec<_> = shape(&g)
            .into_iter()
            .map(|(p, t, c, a, k)| (p, t, c.replace('}', "｝"), a, k))
            .collect();
        prop_assert_eq!(shape(&back.game), expected, "{}", text);
        prop_assert_eq!(back.game.tags(), &tags_read_back(&g, &extra)[..], "{}", text);
        prop_assert_eq!(pgn::write(&back.game, &[]), text);
    }
}

#[test]
fn comments_keep_every_command_as_written() {
    // As lichess exports a study: shapes and a clock in the same comment; chess.com's move
    // times; a command no one here knows; two comments after one move.
    let text = "1. e4 { [%clk 0:03:00] [%cal Ge2e4,Rd1h5] Central. [%csl Yd4] } \
        e5 { [%eval 0.2] } {[%emt 0:00:05]} 2. Nf3 {[%foo a b]  two  spaces} *";
    let back = pgn::read(text).unwrap();
    assert_eq!(back.message(), None);
    let comments: Vec<String> = back.game.nodes().into_iter().map(|n| n.comment).collect();
    assert_eq!(
        comments,
        [
            "",
            "[%clk 0:03:00] [%cal Ge2e4,Rd1h5] Central. [%csl Yd4]",
            "[%eval 0.2] [%emt 0:00:05]",
            "[%foo a b]  two  spaces",
        ]
    );
    assert_eq!(
        pgn::commands(&comments[2]),
        [
            ("eval".to_string(), "0.2".to_string()),
            ("emt".to_string(), "0:00:05".to_string())
        ]
    );
    // Written back as they are, they read the same again.
    let out = pgn::write(&back.game, &[]);
    assert_eq!(
        movetext(&out),
        "1. e4 {[%clk 0:03:00] [%cal Ge2e4,Rd1h5] Central. [%csl Yd4]} 1... e5\n\
         {[%eval 0.2] [%emt 0:00:05]} 2. Nf3 {[%foo a b]  two  spaces} *\n"
    );
    let again = pgn::read(&out).unwrap();
    assert_eq!(shape(&again.game), shape(&back.game));
}

#[test]
fn comments_keep_their_line_breaks_spaces_and_tabs() {
    // The record: two comments after one move, the second on two lines.
    let back = pgn::read("1. e4 {[%csl Gd4]} {a\nb} *").unwrap();
    assert_eq!(back.message(), None);
    assert_eq!(back.game.comment(1), Ok("[%csl Gd4] a\nb"));
    let text = pgn::write(&back.game, &[]);
    assert_eq!(movetext(&text), "1. e4 {[%csl Gd4] a\nb} *\n");
    assert_eq!(
        pgn::read(&text).unwrap().game.comment(1),
        Ok("[%csl Gd4] a\nb")
    );
    // As the page writes one: shapes first, then the words as typed; through PGN and a link.
    let mut g = game(&["e2e4", "e7e5"]);
    let words =
        "[%cal Ge2e4] line one\nline  two\twith a tab\r\n\n%not an escape\n;nor a comment {}";
    g.set_comment(1, words).unwrap();
    g.set_comment(0, "  before\n\nthe moves  ").unwrap();
    assert_eq!(
        g.comment(0),
        Ok("before\n\nthe moves"),
        "only the ends are trimmed"
    );
    let text = pgn::write(&g, &[]);
    let back = pgn::read(&text).unwrap();
    assert_eq!(back.message(), None, "{text}");
    assert_eq!(back.game.comment(0), Ok("before\n\nthe moves"));
    assert_eq!(
        back.game.comment(1),
        Ok(words.replace('}', "\u{ff5d}").as_str()),
        "{text}"
    );
    let linked = fairyboard::link::read(&fairyboard::link::fragment(&g)).unwrap();
    assert_eq!(
        linked.game.comment(1),
        Ok(words),
        "a link keeps even the '}}'"
    );
    // Several comments after one move: in order, each trimmed, empty ones left out, a space
    // between two; the line breaks inside each stay.
    let back = pgn::read("1. e4 { one\n two } {} {  } ; three  \n e5 *").unwrap();
    assert_eq!(back.game.comment(1), Ok("one\n two three"));
}

#[test]
fn nags_and_glyphs_are_kept_and_written_as_nags() {
    // lichess writes NAGs; other writers glyphs on the move; both are read.
    let text = "1. e4! $14 e5?! (1... c5 $1) 2. Nf3 $999 *";
    let back = pgn::read(text).unwrap();
    let nags: Vec<Vec<u8>> = back.game.nodes().into_iter().map(|n| n.nags).collect();
    // Walk order: the start, e4, e5, Nf3, then the variation c5. $999 is no NAG: noted.
    assert_eq!(nags, [vec![], vec![1, 14], vec![6], vec![], vec![1]]);
    assert!(
        back.message().unwrap().contains("'$999'"),
        "{:?}",
        back.message()
    );
    assert_eq!(
        movetext(&pgn::write(&back.game, &[])),
        "1. e4 $1 $14 e5 $6 (1... c5 $1) 2. Nf3 *\n"
    );
    // Set by hand: in order, each once, 0 left out; none on the start.
    let mut g = game(&["e2e4"]);
    g.set_nags(1, &[3, 0, 3, 18]).unwrap();
    assert_eq!(g.nags(1).unwrap(), [3, 18]);
    assert!(g.set_nags(0, &[1]).is_err());
    assert!(g.set_nags(0, &[]).is_ok());
    assert!(g.set_nags(7, &[1]).is_err());
}
