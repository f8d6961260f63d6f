//! Share links and PGN records by example: exact texts for small games, errors with move
//! numbers, malformed and illegal links keeping the legal prefix, non-standard starts.

use fairyboard::record::Record;
use fairyboard::{link, pgn, Color, Game, Variant};

fn game(variant: Variant, start: Option<&str>, moves: &[&str]) -> Game {
    let mut g = Game::new(variant, start).unwrap();
    for m in moves {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

#[test]
fn link_of_a_small_game_is_readable() {
    let mut g = game(Variant::Orthodox, None, &["e2e4", "e7e5", "g1f3"]);
    assert_eq!(link::fragment(&g), "g=orthodox&m=e2e4.e7e5.g1f3");
    g.undo();
    g.undo();
    assert_eq!(link::fragment(&g), "g=orthodox&m=e2e4.e7e5.g1f3&ply=1");
    let fresh = Game::new(Variant::Quarter, None).unwrap();
    assert_eq!(link::fragment(&fresh), "g=quarter");
}

#[test]
fn link_opens_the_game_at_its_ply() {
    let r = link::read("#g=orthodox&m=e2e4.e7e5.g1f3&ply=1").unwrap();
    assert_eq!(r.message(), None);
    assert_eq!((r.used, r.total), (3, 3));
    assert_eq!(r.game.ply(), 1);
    assert_eq!(r.game.line_texts(), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(
        r.game.position().to_text(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // ply=0 is the start, ply equal to the moves is the end.
    assert_eq!(link::read("g=orthodox&m=e2e4&ply=0").unwrap().game.ply(), 0);
    assert_eq!(link::read("g=orthodox&m=e2e4&ply=1").unwrap().game.ply(), 1);
}

#[test]
fn non_standard_start_is_in_the_link_percent_encoded() {
    let start = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let g = game(Variant::Orthodox, Some(start), &["e1g1"]);
    let f = link::fragment(&g);
    assert_eq!(
        f,
        "g=orthodox&p=4k3/8/8/8/8/8/8/4K2R%20w%20K%20-%200%201&m=e1g1"
    );
    let r = link::read(&f).unwrap();
    assert_eq!(r.game.start().to_text(), start);
    assert_eq!(r.game.line_texts(), ["e1g1"]);
    // The position editor's form: encodeURIComponent of the whole text ('/' as %2F), and a
    // short text with defaults.
    let r = link::read("#g=orthodox&p=4k3%2F8%2F8%2F8%2F8%2F8%2F8%2F4K2R%20w").unwrap();
    assert_eq!(r.game.position().to_text(), start);
    assert_eq!(r.message(), None);
    // Pawnier's hands and holes.
    let g = Game::new(Variant::Pawnier, None).unwrap();
    let text = g.start().to_text();
    let f = format!("g=pawnier&p={}", text.replace(' ', "%20"));
    assert_eq!(
        link::read(&f).unwrap().game.start().to_text(),
        text,
        "holes '*' may stay as they are"
    );
}

#[test]
fn standard_start_given_as_text_is_not_repeated_in_the_link() {
    let text = Variant::Bandit.start_text();
    let g = game(Variant::Bandit, Some(text), &[]);
    assert_eq!(link::fragment(&g), "g=bandit");
}

#[test]
fn illegal_move_in_a_link_keeps_the_prefix() {
    let r = link::read("#g=orthodox&m=e2e4.e7e5.e1e3.g8f6").unwrap();
    assert_eq!((r.used, r.total), (2, 4));
    assert_eq!(r.game.line_texts(), ["e2e4", "e7e5"]);
    let p = r.problem.as_ref().unwrap();
    assert_eq!((p.index, p.number, p.side), (2, 2, Color::White));
    assert_eq!(p.text, "e1e3");
    assert_eq!(
        r.message().unwrap(),
        "Could not play move 2 for White: e1e3 is not a legal move in this position. \
         Kept the first 2 of 4 plies."
    );
    // A reason that starts with the move's text does not repeat it.
    let r = link::read("g=orthodox&m=e3e4").unwrap();
    assert_eq!(
        r.message().unwrap(),
        "Could not play move 1 for White (e3e4): there is no White piece on e3. \
         Kept the first 0 of 1 ply."
    );
    // Black's move: the number is the move's, not the ply's.
    let r = link::read("g=orthodox&m=e2e4.e7e9").unwrap();
    assert_eq!(
        r.message().unwrap(),
        "Could not play move 1 for Black (e7e9): e9 is not a square of this board. \
         Kept the first 1 of 2 plies."
    );
}

#[test]
fn malformed_links_say_what_is_wrong() {
    let err = |f: &str| link::read(f).unwrap_err().message().to_string();
    assert_eq!(err(""), "the link is empty: it names no game");
    assert_eq!(err("#"), "the link is empty: it names no game");
    assert!(err("#m=e2e4").starts_with("the link names no game: it needs g=<game>"));
    assert_eq!(
        err("#g=checkers"),
        "the link's game: unknown game 'checkers' (expected one of: orthodox, vagabond, \
         bandit, quarter, pawnier, riftwalker)"
    );
    assert!(err("#g=orthodox&p=8/8%20w")
        .starts_with("the start position for Orthodox chess is not valid: the board has 8 ranks"));

    // Usable game, odd parts: noted, the rest read.
    let r = link::read("#g=orthodox&zz=1&m=e2e4&ply=x&oops").unwrap();
    assert_eq!(r.used, 1);
    let m = r.message().unwrap();
    assert!(m.contains("'oops' in the link is not a field"), "{m}");
    assert!(m.contains("field 'zz' is unknown"), "{m}");
    assert!(m.contains("ply 'x' is not a whole number"), "{m}");
    let r = link::read("#g=orthodox&m=e2e4&ply=5").unwrap();
    assert_eq!(r.game.ply(), 1);
    assert_eq!(
        r.message().unwrap(),
        "Ply 5 was asked for but only 1 ply could be played, so the last position is shown."
    );
    let r = link::read("#g=orthodox&p=%FF").unwrap();
    assert_eq!(
        r.message().unwrap(),
        "The link's field 'p' is not valid percent-encoded UTF-8 and was ignored."
    );
}

#[test]
fn coded_moves_round_trip_and_report_bad_digits() {
    let mut g = game(Variant::Orthodox, None, &["e2e4", "e7e5", "g1f3", "b8c6"]);
    g.undo();
    let f = link::coded_fragment(&g);
    assert!(f.starts_with("g=orthodox&c="), "{f}");
    assert!(f.ends_with("&ply=3"), "{f}");
    let r = link::read(&f).unwrap();
    assert_eq!(r.message(), None);
    assert_eq!(Record::of_game(&r.game), Record::of_game(&g));
    // 20 moves at the start: one digit each. 'z' = 51 names no move.
    let r = link::read("g=orthodox&c=z").unwrap();
    assert_eq!(r.used, 0);
    assert_eq!(
        r.message().unwrap(),
        "Could not play move 1 for White (coded 'z'): it names move 52 but the position \
         has only 20 legal moves. Kept the first 0 of 1 ply."
    );
    let r = link::read("g=orthodox&c=A!").unwrap();
    assert_eq!(r.used, 1);
    assert!(r.message().unwrap().contains("(coded '!')"));
}

#[test]
fn special_move_texts_survive_a_link() {
    // A drop (Pawnier), a Quarter driver action and a Vagabond free castling.
    for (variant, moves) in [
        (Variant::Pawnier, vec![]),
        (Variant::Quarter, vec![]),
        (Variant::Vagabond, vec![]),
    ] {
        let mut g = game(variant, None, &moves);
        // Play until a move with a special character appears, up to 60 plies.
        for _ in 0..60 {
            let p = g.position().clone();
            let legal = p.legal_moves();
            if legal.is_empty() || g.outcome().is_some() {
                break;
            }
            let texts: Vec<String> = legal.iter().map(|m| p.move_text(m)).collect();
            let pick = texts
                .iter()
                .find(|t| t.contains(['@', ':', '/', '~']))
                .unwrap_or(&texts[g.ply() * 7 % texts.len()])
                .clone();
            g.play(&pick).unwrap();
        }
        let f = link::fragment(&g);
        let r = link::read(&f).unwrap();
        assert_eq!(r.message(), None, "{f}");
        assert_eq!(Record::of_game(&r.game), Record::of_game(&g), "{f}");
    }
}

#[test]
fn pgn_of_a_small_game() {
    let mut g = game(Variant::Orthodox, None, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    g.undo();
    let text = pgn::write(&g, &[("Date", "2026.11.23"), ("White", "Ann \"A\"")]);
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"fairyboard\"]\n[Date \"2026.11.23\"]\n[Round \"-\"]\n\
         [White \"Ann \\\"A\\\"\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[Variant \"Standard\"]\n\
         [Termination \"Normal\"]\n\n\
         1. f3 e5 2. g4 Qh4# 0-1\n"
    );
    let parsed = pgn::parse(&text).unwrap();
    assert_eq!(parsed.notes, Vec::<String>::new());
    assert!(parsed
        .tags
        .contains(&("White".to_string(), "Ann \"A\"".to_string())));
    let r = pgn::read(&text).unwrap();
    assert_eq!(r.message(), None);
    assert_eq!(r.game.line_texts(), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(r.game.ply(), 4, "an imported game shows its end");
}

#[test]
fn pgn_with_a_start_position_and_black_to_move() {
    let start = "4k3/8/8/8/8/8/4p3/4K3 b - - 0 30";
    let g = game(Variant::Orthodox, Some(start), &["e8d7", "e1e2"]);
    let text = pgn::write(&g, &[]);
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4p3/4K3 b - - 0 30\"]\n"),
        "{text}"
    );
    // The king takes the last pawn: a draw by insufficient material.
    assert!(text.ends_with("\n30... Kd7 31. Kxe2 1/2-1/2\n"), "{text}");
    let r = pgn::read(&text).unwrap();
    assert_eq!(Record::of_game(&r.game), Record::of_game(&g));
}

#[test]
fn pgn_import_tolerates_comments_variations_and_nags() {
    let text = "[Event \"club\"]\n[Variant \"Vagabond Chess\"]\n% an escape line\n\
        1. e2e4 {a comment (with brackets)} 1... e7e5 $1 (1... d7d5 2. e4d5) ; rest of line\n\
        2.g1f3! b8c6?! *\n\n[Event \"second\"]\n1. a2a3 *\n";
    let parsed = pgn::parse(text).unwrap();
    assert_eq!(parsed.record.variant, Variant::Vagabond);
    assert_eq!(parsed.record.moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(
        parsed.notes,
        ["the PGN text holds 2 games; only the first was read".to_string()]
    );
    // The comments, NAGs, glyphs and the variation are kept on their moves.
    let line = &parsed.movetext.line;
    assert_eq!(line.nodes[0].comments, ["a comment (with brackets)"]);
    assert_eq!(line.nodes[1].nags, [1]);
    assert_eq!(line.nodes[1].comments, ["rest of line"]);
    let alt = parsed.movetext.variation(line.nodes[1].variations[0]);
    assert_eq!(alt.nodes.len(), 2);
    assert_eq!(
        (alt.nodes[0].text.as_str(), alt.nodes[1].text.as_str()),
        ("d7d5", "e4d5")
    );
    assert_eq!(line.nodes[2].nags, [1]);
    assert_eq!(line.nodes[3].nags, [6]);
    // No Variant tag: orthodox chess.
    let parsed = pgn::parse("1. e2e4 e7e5").unwrap();
    assert_eq!(parsed.record.variant, Variant::Orthodox);
    assert_eq!(parsed.record.moves, ["e2e4", "e7e5"]);
}

#[test]
fn pgn_import_reports_the_first_bad_move_by_number() {
    // Move text and names mixed; the bishop on f1 cannot reach c5.
    let r = pgn::read("[Variant \"orthodox\"]\n1. e2e4 e5 2. Ng1-f3 b8c6 3. Bc5 a7a6 *").unwrap();
    assert_eq!((r.used, r.total), (4, 6));
    assert_eq!(r.game.line_texts(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(
        r.message().unwrap(),
        "Could not play move 3 for White: Bc5 is not a legal move in this position. \
         Kept the first 4 of 6 plies."
    );
    let p = r.problem.unwrap();
    assert_eq!((p.number, p.side, p.index), (3, Color::White, 4));
    // A token that is no move at all, for Black.
    let r = pgn::read("1. e4 e5 2. Nf3 zz9 *").unwrap();
    assert_eq!(
        r.message().unwrap(),
        "Could not play move 2 for Black (zz9): 'zz9' is not move text or a move name \
         (expected e.g. e2e4, e4, Nf3 or O-O). Kept the first 3 of 4 plies."
    );
    // A move after the end of the game.
    let r = pgn::read("1. f2f3 e7e5 2. g2g4 d8h4 3. a2a3 0-1").unwrap();
    assert_eq!(r.used, 4);
    assert!(r
        .message()
        .unwrap()
        .starts_with("Could not play move 3 for White (a2a3): the game is over"));
}

#[test]
fn bad_pgn_headers_are_errors_or_notes() {
    let err = |t: &str| pgn::read(t).unwrap_err().message().to_string();
    assert_eq!(err("  \n"), "the PGN text is empty");
    assert!(err("[Variant \"checkers\"]\n*").starts_with("the Variant tag names an unknown game"));
    assert!(
        err("[FEN \"8/8 w\"]\n*").starts_with("the start position for Orthodox chess is not valid")
    );
    let r = pgn::read("[Event club]\n[White \"x\n1. e2e4 *").unwrap();
    assert_eq!(r.used, 1);
    let m = r.message().unwrap();
    assert!(
        m.contains("tag 'Event' is not written [Name \"value\"]"),
        "{m}"
    );
    assert!(m.contains("tag 'White' has no closing"), "{m}");
    let r = pgn::read("1. e2e4 (1. d2d4 *").unwrap();
    assert!(r.message().unwrap().contains("not closed by ')'"));
}

#[test]
fn readme_examples_read_cleanly() {
    for f in [
        "#g=orthodox&m=e2e4.e7e5.g1f3.b8c6&ply=3",
        "#g=orthodox&p=4k3/8/8/8/8/8/8/4K2R%20w%20K%20-%200%201&m=e1g1",
        "#g=quarter&m=c2c4.f7f5.c1:pull",
    ] {
        let r = link::read(f).unwrap();
        assert_eq!(r.message(), None, "{f}");
        assert_eq!(format!("#{}", link::fragment(&r.game)), f);
    }
}

#[test]
fn stray_brackets_in_movetext_are_skipped() {
    // Found by the fuzz test: a ']' outside a tag once stopped the reader from advancing.
    let r = pgn::read("1. e2e4 ] e7e5 ]] *").unwrap();
    assert_eq!(r.game.line_texts(), ["e2e4", "e7e5"]);
    assert_eq!(r.message(), None);
}

/// The longest message a record gives, in characters: a paragraph a person reads.
const LONGEST: usize = 1000;

#[test]
fn a_note_said_many_times_is_said_once_with_its_count() {
    // The PGN: 10,000 stray ')' (430,000 characters of the same note before).
    let text = format!("[Event \"x\"]\n\n1. e4 {} e5 *", ")".repeat(10_000));
    let r = pgn::read(&text).unwrap();
    assert_eq!(r.game.line_names(), ["e4", "e5"]);
    assert_eq!(
        r.message().unwrap(),
        "A ')' closes no variation and was ignored (10,000 times)."
    );
    // Twice is counted too; once is not.
    let r = pgn::read("1. e4 ) e5 ) ) ( *").unwrap();
    assert_eq!(
        r.message().unwrap(),
        "A ')' closes no variation and was ignored (3 times). A variation '(' is not closed by \
         ')'."
    );
    // Nothing but ')': no game, and a short error.
    let e = pgn::read(&")".repeat(10_000)).unwrap_err();
    assert_eq!(e.message(), "the PGN text is empty");
}

#[test]
fn a_message_says_five_notes_or_the_first_four_and_counts_the_rest() {
    let note =
        |k: usize| format!("The link's comment on move {k} was left out: there is no such move.");
    let link = |n: usize| {
        let items: Vec<String> = (2..2 + n).map(|k| format!("{k}:a")).collect();
        format!("#g=orthodox&m=e2e4&n={}", items.join("."))
    };
    let five: Vec<String> = (2..7).map(note).collect();
    assert_eq!(
        link::read(&link(5)).unwrap().message().unwrap(),
        five.join(" ")
    );
    let six = format!(
        "{} 2 more notes were left out of this message.",
        five[..4].join(" ")
    );
    assert_eq!(link::read(&link(6)).unwrap().message().unwrap(), six);
    // 20,000 comments on moves the link does not have, each its own note, after a bad move.
    let comments: Vec<String> = (2..20_002).map(|k| format!("{k}:a")).collect();
    let link = format!("#g=orthodox&m=e2e4.e1e2&n={}", comments.join("."));
    let r = link::read(&link).unwrap();
    assert_eq!(r.notes.len(), 20_000);
    assert_eq!(
        r.message().unwrap(),
        "Could not play move 1 for Black (e1e2): there is no Black piece on e1. Kept the first 1 \
         of 2 plies. The link's comment on move 2 was left out: there is no such move. The \
         link's comment on move 3 was left out: there is no such move. The link's comment on \
         move 4 was left out: there is no such move. The link's comment on move 5 was left \
         out: there is no such move. 19,996 more notes were left out of this message."
    );
}

#[test]
fn a_long_mutated_link_gives_a_short_message() {
    // A long game with a comment on every move, its link mutated all along but its start and
    // its fields' names (a bracket, a dot or a colon every few characters): every field goes
    // wrong somewhere, the comments in many places.
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    let mut seed = 7u64;
    for i in 0..300usize {
        let moves = g.position().legal_moves();
        if moves.is_empty() || g.outcome().is_some() {
            break;
        }
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        g.play_move(moves[(seed >> 33) as usize % moves.len()]);
        let node = g.current_node();
        g.set_comment(node, &format!("note {i}: a.b:c (d) {}", "x".repeat(i % 90)))
            .unwrap();
    }
    let fragment = link::fragment(&g);
    assert!(fragment.len() > 8_000, "{}", fragment.len());
    let mutated: String = fragment
        .chars()
        .enumerate()
        .map(|(i, c)| match i % 11 {
            _ if i < 40 || c == '&' || c == '=' => c, // the game, the first moves, the fields
            3 => '(',
            7 => '.',
            9 => ':',
            _ => c,
        })
        .collect();
    let r = link::read(&mutated).unwrap();
    assert!(r.notes.len() > 100, "{}", r.notes.len());
    let message = r.message().unwrap();
    assert!(
        message.chars().count() <= LONGEST,
        "{} characters: {message}",
        message.len()
    );
    assert!(
        message.ends_with("more notes were left out of this message."),
        "{message}"
    );
}

#[test]
fn a_message_is_cut_at_its_limit() {
    let mut r = fairyboard::record::Replay::start(Variant::Orthodox, None).unwrap();
    r.notes
        .push(format!("a note of {}", "many words ".repeat(500)));
    let message = r.message().unwrap();
    assert_eq!(message.chars().count(), LONGEST);
    assert!(
        message.starts_with("A note of many words many"),
        "{message}"
    );
    assert!(message.ends_with('…'), "{message}");
}
