//! PGN as other programs write it: three public-domain games (Morphy's Opera game 1858,
//! Anderssen's Immortal game 1851 and Evergreen game 1852) in `tests/data/`, written as
//! lichess exports them (clocks, evaluations, glyphs, analysis variations), as chess.com
//! exports them (its tags, clocks with tenths) and three in one file (NAGs, nested
//! variations, `;` comments, long algebraic, move text mixed with SAN). Each is imported,
//! exported, imported again and compared move for move; the exported movetext is the SAN of
//! the source; the last positions are the games' known ones. Bad input never panics.

use fairyboard::{pgn, Color, Game, Outcome, Position, Reason, Variant};

use crate::common::str_pairs;

/// The games as published, in SAN (each move checked legal by running them).
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
    Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
const IMMORTAL: &str = "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 \
    g4 Nf6 Rg1 cxb5 h4 Qg6 h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 \
    Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#";
const EVERGREEN: &str = "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 \
    Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4 Bb6 Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 \
    Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#";

/// The last positions, as FEN gives them.
const OPERA_END: &str = "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17";
const IMMORTAL_END: &str = "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23";
const EVERGREEN_END: &str = "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24";

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The SAN of a movetext's main line (move numbers, NAGs, comments, variations and the
/// result left out).
fn movetext_san(text: &str) -> Vec<String> {
    let body = text
        .split("\n\n")
        .nth(1)
        .expect("tags, a blank line, the movetext");
    let (mut main, mut depth, mut in_comment) = (String::new(), 0usize, false);
    for c in body.chars() {
        match c {
            '{' if !in_comment => in_comment = true,
            '}' if in_comment => in_comment = false,
            _ if in_comment => {}
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => main.push(c),
            _ => {}
        }
        if matches!(c, '}' | '(' | ')') {
            main.push(' ');
        }
    }
    main.split_whitespace()
        .filter(|t| {
            !t.ends_with('.') && !t.starts_with('$') && !["1-0", "0-1", "1/2-1/2", "*"].contains(t)
        })
        .map(str::to_string)
        .collect()
}

/// Imports game `index` of `text`, checks it against the published moves and last
/// position, exports it, checks the export's movetext is that SAN, and imports the export.
fn check_game(text: &str, index: usize, san: &str, end: &str) {
    let san: Vec<&str> = san.split_whitespace().collect();
    let r = pgn::read_game(text, index).unwrap();
    assert_eq!(r.problem, None, "game {index}");
    assert_eq!((r.used, r.total), (san.len(), san.len()));
    assert_eq!(r.game.line_names(), san, "game {index}");
    assert_eq!(r.game.position().to_text(), end, "game {index}");
    assert_eq!(r.game.ply(), san.len(), "an imported game shows its end");
    // Every one of these games ends in mate for White.
    assert_eq!(
        r.game.outcome(),
        Some(Outcome::win(Color::White, Reason::Checkmate))
    );

    let parsed = pgn::parse_game(text, index).unwrap();
    let tags = str_pairs(&parsed.tags);
    // The game carries the record's tags: no need to pass them.
    let out = pgn::write(&r.game, &[]);
    assert_eq!(
        out,
        pgn::write(&r.game, &tags),
        "the record's tags are the game's"
    );
    assert_eq!(movetext_san(&out), san, "{out}");
    assert!(out.contains("[Variant \"Standard\"]\n"), "{out}");
    assert!(out.contains("[Result \"1-0\"]\n"), "{out}");
    assert!(out.ends_with(" 1-0\n"), "{out}");
    assert!(!out.contains("[FEN"), "{out}");
    // The source's own tags are kept, Termination included (the result is the record's).
    for (k, v) in &parsed.tags {
        if k != "Variant" {
            assert!(out.contains(&format!("[{k} \"{v}\"]\n")), "{k} {v}: {out}");
        }
    }

    let back = pgn::read(&out).unwrap();
    assert_eq!(back.message(), None, "{out}");
    assert_eq!(back.game.line_texts(), r.game.line_texts());
    assert_eq!(back.game.position(), r.game.position());
    assert_eq!(back.game.tags(), r.game.tags());
    assert_eq!(pgn::write(&back.game, &[]), out, "the export is stable");
}

/// The game in data file `name`, checked with `check_game` against `san` and `end`, and
/// parsed with nothing to note.
fn the_game_in(name: &str, san: &str, end: &str) -> pgn::Parsed {
    let text = data(name);
    check_game(&text, 0, san, end);
    let parsed = pgn::parse(&text).unwrap();
    assert_eq!(parsed.notes, Vec::<String>::new(), "{name}");
    parsed
}

#[test]
fn the_opera_game_as_lichess_exports_it() {
    let parsed = the_game_in("opera-lichess.pgn", OPERA, OPERA_END);
    let line = &parsed.movetext.line;
    assert_eq!(line.nodes.len(), 33);
    assert_eq!(
        parsed.movetext.count(),
        33 + 5 + 5,
        "two analysis variations of five moves"
    );
    // Clocks and evaluations, as lichess writes them.
    let first = pgn::commands(&line.nodes[0].comments[0]);
    assert_eq!(
        first,
        [
            ("eval".to_string(), "0.18".to_string()),
            ("clk".to_string(), "0:03:00".to_string())
        ]
    );
    assert_eq!(
        pgn::commands(&line.nodes[27].comments[0])[0],
        ("eval".to_string(), "#4".to_string())
    );
    // 3... Bg4?!: the glyph as a NAG, the analysis comment, the better line.
    let bg4 = &line.nodes[5];
    assert_eq!(bg4.text, "Bg4");
    assert_eq!(bg4.nags, [6]);
    assert_eq!(
        bg4.comments[1],
        "(0.45 \u{2192} 1.21) Inaccuracy. exd4 was best."
    );
    assert_eq!(
        parsed.movetext.variation(bg4.variations[0]).texts(),
        ["exd4", "Nxd4", "Nf6", "Nc3", "Be7"]
    );
    assert_eq!(line.nodes[32].text, "Rd8#");
    assert_eq!(parsed.movetext.result.as_deref(), Some("1-0"));
}

#[test]
fn the_immortal_and_evergreen_games_as_chess_com_exports_them() {
    let parsed = the_game_in("immortal-chesscom.pgn", IMMORTAL, IMMORTAL_END);
    // chess.com's own tags and clocks with tenths.
    assert_eq!(parsed.tag("CurrentPosition"), Some(IMMORTAL_END));
    assert_eq!(parsed.tag("ECO"), Some("C33"));
    assert_eq!(parsed.tag("TimeControl"), Some("600"));
    let clk = pgn::commands(&parsed.movetext.line.nodes[0].comments[0]);
    assert_eq!(clk, [("clk".to_string(), "0:09:59.5".to_string())]);

    let text = data("evergreen-chesscom.pgn");
    check_game(&text, 0, EVERGREEN, EVERGREEN_END);
    assert_eq!(
        pgn::parse(&text).unwrap().tag("CurrentPosition"),
        Some(EVERGREEN_END)
    );
}

/// A row of the list of games: index, White, Black, result, date, moves, game.
type Row<'a> = (
    usize,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    usize,
    Option<Variant>,
);

#[test]
fn a_file_of_three_games() {
    let text = data("three-games.pgn");
    let list = pgn::games(&text);
    let rows: Vec<Row> = list
        .iter()
        .map(|g| {
            (
                g.index,
                g.white.as_str(),
                g.black.as_str(),
                g.result.as_str(),
                g.date.as_str(),
                g.moves,
                g.variant,
            )
        })
        .collect();
    let o = Some(Variant::Orthodox);
    assert_eq!(
        rows,
        [
            (
                0,
                "Anderssen, Adolf",
                "Dufresne, Jean",
                "1-0",
                "1852.??.??",
                47,
                o
            ),
            (
                1,
                "Morphy, Paul",
                "Duke Karl / Count Isouard",
                "1-0",
                "1858.??.??",
                33,
                o
            ),
            (
                2,
                "Anderssen, Adolf",
                "Kieseritzky, Lionel",
                "1-0",
                "1851.06.21",
                45,
                o
            ),
        ]
    );
    assert_eq!(list[2].event, "London");
    let all = pgn::parse_all(&text);
    assert_eq!(all.len(), 3);
    assert_eq!(
        all[1].as_ref().unwrap(),
        &pgn::parse_game(&text, 1).unwrap()
    );
    check_game(&text, 0, EVERGREEN, EVERGREEN_END);
    check_game(&text, 1, OPERA, OPERA_END);
    check_game(&text, 2, IMMORTAL, IMMORTAL_END);

    // `read` takes the first game and says there are more.
    let first = pgn::read(&text).unwrap();
    assert_eq!(first.game.line_names().len(), 47);
    assert_eq!(
        first.notes,
        ["the PGN text holds 3 games; only the first was read"]
    );
    assert_eq!(
        pgn::read_game(&text, 3).unwrap_err().message(),
        "the PGN text holds 3 games; there is no game 4"
    );

    // The Evergreen game's comments, NAGs and nested variations.
    let parsed = pgn::parse_game(&text, 0).unwrap();
    assert_eq!(parsed.notes, Vec::<String>::new());
    let line = &parsed.movetext.line;
    assert_eq!(line.comments, ["The Evergreen game."]);
    assert_eq!(parsed.movetext.count(), 47 + 9);
    let variation = |id| parsed.movetext.variation(id);
    assert_eq!(
        (line.nodes[6].text.as_str(), &line.nodes[6].nags[..]),
        ("b4", &[5][..])
    );
    assert_eq!(line.nodes[6].comments, ["The Evans Gambit."]);
    assert_eq!(line.nodes[12].text, "0-0");
    let b5 = &line.nodes[21];
    assert_eq!((b5.text.as_str(), &b5.nags[..]), ("b5", &[6][..]));
    let castles = variation(b5.variations[0]);
    assert_eq!(castles.nodes.len(), 3);
    assert_eq!(castles.nodes[1].text, "Nbd2");
    assert_eq!(
        variation(castles.nodes[1].variations[0]).texts(),
        ["Bxd3", "Qh5"]
    );
    let qxf3 = &line.nodes[37];
    assert_eq!(qxf3.text, "Qxf3");
    assert_eq!(qxf3.comments, ["Lasker: 19... Qh3 holds."]);
    assert_eq!(variation(qxf3.variations[0]).nodes[0].text, "Qh3");
    // 22... Ke8 (22... Kc6 23. Bd7#)
    assert_eq!(line.nodes[43].text, "Ke8");
    assert_eq!(
        variation(line.nodes[43].variations[0]).nodes[1].text,
        "Bd7#"
    );
}

#[test]
fn en_passant_marks_clocks_and_chess_com_time_forfeits() {
    // `e.p.` joined to the capture or apart, `1...` numbers, glyphs apart from the move.
    for text in [
        "1. e4 d5 2. e5 f5 3. exf6 e.p. *",
        "1. e4 [%clk 0:03:00] 1. ... d5 2. e5 + f5 3. exf6 *",
        "1. e4 1... d5 2. e5 2...f5 3.exf6e.p. *",
        "1.e2-e4 d7d5 2. e5 !? f5 $10 3. e5xf6 *",
    ] {
        let r = pgn::read(text).unwrap();
        assert_eq!(r.message(), None, "{text}");
        assert_eq!(
            r.game.line_names(),
            ["e4", "d5", "e5", "f5", "exf6"],
            "{text}"
        );
    }
    let read = |text: &str| pgn::read(text).unwrap().game.outcome();
    assert_eq!(
        read("[Result \"0-1\"]\n[Termination \"Ann won on time\"]\n1. e4 e5 0-1"),
        Some(Outcome::win(Color::Black, Reason::Time))
    );
    assert_eq!(
        read("[Result \"1-0\"]\n[Termination \"Ann won by resignation\"]\n1. e4 e5 1-0"),
        Some(Outcome::win(Color::White, Reason::Resignation))
    );
}

#[test]
fn commands_are_read_whatever_the_white_space_inside_them() {
    // In braces and without, broken across lines as a PGN wrapped at 80 columns breaks them,
    // with several spaces and tabs.
    for (text, comment) in [
        ("1. e4 { [%eval\n0.39] } 1... e5 *", "[%eval\n0.39]"),
        ("1. e4 [%eval\n0.39] 1... e5 *", "[%eval\n0.39]"),
        ("1. e4 [%clk\r\n0:03:00 ] e5 *", "[%clk\r\n0:03:00 ]"),
        (
            "1. e4 {[%csl\tYd4,\n  Gd5] [%cal  Ge2e4]} e5 *",
            "[%csl\tYd4,\n  Gd5] [%cal  Ge2e4]",
        ),
    ] {
        let r = pgn::read(text).unwrap();
        assert_eq!(r.message(), None, "{text:?}");
        assert_eq!(r.game.line_names(), ["e4", "e5"], "{text:?}");
        let first = r.game.comment(r.game.main_line()[1]).unwrap();
        assert_eq!(first, comment, "{text:?}");
    }
    let read = |comment: &str| pgn::commands(comment);
    assert_eq!(read("[%eval\n0.39]"), [("eval".into(), "0.39".into())]);
    assert_eq!(
        read("[%csl\tYd4,\n  Gd5] [%cal  Ge2e4]"),
        [
            ("csl".to_string(), "Yd4, Gd5".to_string()),
            ("cal".to_string(), "Ge2e4".to_string())
        ]
    );
}

#[test]
fn variant_tags_as_lichess_and_people_write_them() {
    let variant = |tag: &str| {
        pgn::parse(&format!("[Variant \"{tag}\"]\n*"))
            .map(|p| p.record.variant)
            .map_err(|e| e.message().to_string())
    };
    for tag in [
        "Standard",
        "standard",
        "Chess",
        "From Position",
        "orthodox",
        "Orthodox chess",
    ] {
        assert_eq!(variant(tag), Ok(Variant::Orthodox), "{tag}");
    }
    for v in Variant::ALL {
        assert_eq!(variant(v.id()), Ok(v));
        assert_eq!(variant(v.name()), Ok(v));
    }
    assert!(variant("Chess960")
        .unwrap_err()
        .starts_with("the Variant tag names an unknown game 'Chess960'"));
    // lichess's export of a game from a position.
    let r = pgn::read(
        "[Variant \"From Position\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
         1. e4 Kd7 *",
    )
    .unwrap();
    assert_eq!(r.message(), None);
    let out = pgn::write(&r.game, &[]);
    assert!(
        out.contains(
            "[Variant \"Standard\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"
        ),
        "{out}"
    );
    assert!(out.ends_with("\n1. e4 Kd7 *\n"), "{out}");
}

#[test]
fn a_bad_move_is_named_by_number_and_side() {
    // The lichess record with Black's 9th move changed to one that cannot be played.
    let text = data("opera-lichess.pgn").replace("9... b5?", "9... b4?");
    let r = pgn::read(&text).unwrap();
    let p = r.problem.clone().unwrap();
    assert_eq!((p.number, p.side, p.text.as_str()), (9, Color::Black, "b4"));
    assert_eq!(r.used, 17);
    assert_eq!(r.game.outcome(), None, "a record cut short keeps no result");
    assert!(
        r.message()
            .unwrap()
            .starts_with("Could not play move 9 for Black: b4 is not a legal move"),
        "{:?}",
        r.message()
    );
}

/// Every prefix of every data file, and some garbage, is read without a panic; what is read
/// is a legal prefix of what was counted.
#[test]
fn truncated_and_garbage_pgn_never_panics() {
    let mut texts: Vec<String> = Vec::new();
    for name in [
        "opera-lichess.pgn",
        "immortal-chesscom.pgn",
        "evergreen-chesscom.pgn",
        "three-games.pgn",
        "kasparov-topalov-1999.pgn",
    ] {
        let text = data(name);
        let cuts: Vec<usize> = (0..=text.len())
            .step_by(5)
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for i in cuts {
            texts.push(text[..i].to_string());
            texts.push(text[i..].to_string());
        }
    }
    for junk in [
        "",
        "[",
        "]",
        "{",
        "}",
        "(",
        ")",
        ";",
        "%",
        "$",
        "$99999999",
        "1.",
        "1...",
        "...",
        "[[[[",
        "((((((e4",
        ")))) e4",
        "{{{",
        "\"",
        "[Variant",
        "[Variant \"",
        "[FEN \"\"]",
        "1. e4 (",
        "1. e4 ( ) )",
        "( 1. e4 )",
        "$1 e4",
        "!? e4",
        "e.p.",
        "1-0 1-0 [x \"y\"]",
        "\u{feff}",
        "\u{feff}[White \"\u{e9}\"] 1. e4",
        "1. \u{2026} e4",
        "1\u{2026}e4",
        "1. e4 e5 2. Nf3 {unclosed",
        "[Event \"a\"] [Event \"b\"] [Event \"c\"]",
        "\0\0\0",
        "1. O-O-O-O",
        "1. e9 *",
        "1. Z0 *",
        "1. -- *",
        "1. P@e4 *",
    ] {
        texts.push(junk.to_string());
    }
    for text in &texts {
        for (i, _) in pgn::games(text).iter().enumerate() {
            if let Ok(r) = pgn::read_game(text, i) {
                assert!(r.used <= r.total, "{text:?}");
                assert_eq!(r.problem.is_some(), r.used < r.total, "{text:?}");
            }
        }
        let _ = pgn::read(text);
        let _ = pgn::read_game(text, usize::MAX);
    }
}

/// The movetext `write` gives for a game from a set-up start in a variant, read back.
#[test]
fn a_variant_game_round_trips_by_names() {
    let mut g = Game::new(Variant::Quarter, None).unwrap();
    for _ in 0..12 {
        let p: &Position = g.position();
        let moves = p.legal_moves();
        let m = moves[moves.len() / 3];
        g.play_move(m);
    }
    let out = pgn::write(&g, &[]);
    assert!(out.contains("[Variant \"quarter\"]"), "{out}");
    assert_eq!(movetext_san(&out), g.line_names());
    let back = pgn::read(&out).unwrap();
    assert_eq!(back.message(), None);
    assert_eq!(back.game.line_texts(), g.line_texts());
}
