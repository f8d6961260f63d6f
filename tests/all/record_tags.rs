//! Records kept whole: a real game record (Kasparov–Topalov, Wijk aan Zee 1999, in
//! `tests/data/`) with all its tags, clocks, an evaluation, an arrow, a comment, a NAG and a
//! variation, imported, exported and sent through a share link without losing any of it; a
//! record's own Termination kept while its result stands; the page's Date only a default.

use fairyboard::{link, pgn, Color, Game, Outcome, Reason, Variant};

use crate::common::str_pairs;

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The game as published, in SAN: 44 moves, 87 plies.
const KASPAROV_TOPALOV: &str = "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 \
    Qxh6 Bb7 a3 e5 O-O-O Qe7 Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 \
    Qf4+ Ka7 Rhe1 d4 Nd5 Nbxd5 exd5 Qd6 Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 Bb7 \
    Rxb7 Qc4 Qxf6 Kxa3 Qxa6+ Kxb4 c3+ Kxc3 Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 Qxh8 \
    Rd3 Qa8 c3 Qa4+ Ke1 f4 f5 Kc1 Rd2 Qa7";

/// The last position, as python-chess 1.11.2 reads the file (Black to move, resigned).
const KASPAROV_TOPALOV_END: &str = "8/Q6p/6p1/5p2/5P2/2p3P1/3r3P/2K1k3 b - - 3 44";

/// The record's tags as the file has them, in its order.
const TAGS: [(&str, &str); 16] = [
    ("Event", "Hoogovens Group A"),
    ("Site", "Wijk aan Zee NED"),
    ("Date", "1999.01.20"),
    ("Round", "4"),
    ("White", "Kasparov, Garry"),
    ("Black", "Topalov, Veselin"),
    ("Result", "1-0"),
    ("ECO", "B06"),
    ("WhiteElo", "2812"),
    ("BlackElo", "2700"),
    ("PlyCount", "87"),
    ("EventDate", "1999.01.16"),
    ("Opening", "Robatsch (modern) defence"),
    ("TimeControl", "40/7200:20/3600"),
    ("Annotator", "fairyboard tests"),
    ("SourceVersion", "1"),
];

/// The tag section fairyboard writes for the record: the roster, Variant, the Termination
/// (the record has none; Black resigned: `Normal`), then the record's other tags in order.
const EXPORTED_TAGS: &str = "[Event \"Hoogovens Group A\"]\n[Site \"Wijk aan Zee NED\"]\n\
    [Date \"1999.01.20\"]\n[Round \"4\"]\n[White \"Kasparov, Garry\"]\n\
    [Black \"Topalov, Veselin\"]\n[Result \"1-0\"]\n[Variant \"Standard\"]\n\
    [Termination \"Normal\"]\n[ECO \"B06\"]\n[WhiteElo \"2812\"]\n[BlackElo \"2700\"]\n\
    [PlyCount \"87\"]\n[EventDate \"1999.01.16\"]\n[Opening \"Robatsch (modern) defence\"]\n\
    [TimeControl \"40/7200:20/3600\"]\n[Annotator \"fairyboard tests\"]\n\
    [SourceVersion \"1\"]\n\n";

/// The clocks of the first 25 plies (12 moves each, and 13. Nc1), as the file gives them.
const CLOCKS: [&str; 25] = [
    "1:59:55", "1:59:48", "1:59:41", "1:59:30", "1:59:22", "1:59:10", "1:58:57", "1:58:49",
    "1:58:31", "1:58:12", "1:57:50", "1:57:33", "1:56:58", "1:56:01", "1:55:40", "1:54:12",
    "1:55:31", "1:52:45", "1:51:02", "1:47:36", "1:49:20", "1:44:10", "1:45:05", "1:40:27",
    "1:38:40",
];

/// The commands of each move's comment along the main line, as (name, value).
fn main_commands(g: &Game) -> Vec<Vec<(String, String)>> {
    g.main_line()[1..]
        .iter()
        .map(|&n| pgn::commands(g.comment(n).unwrap()))
        .collect()
}

/// Everything the record says of `g` (whatever it went through): the moves, the result, the
/// tags, the comments with their commands, the NAG and the variation, exactly.
fn check_kasparov_topalov(g: &Game) {
    let san: Vec<&str> = KASPAROV_TOPALOV.split_whitespace().collect();
    assert_eq!(san.len(), 87);
    assert_eq!(g.line_names(), san);
    assert_eq!(g.line_nodes(), g.main_line(), "the main line is shown");
    assert_eq!(g.position().to_text(), KASPAROV_TOPALOV_END);
    // The last position is not over: Black resigned.
    assert_eq!(
        g.main_outcome(),
        Some(Outcome::win(Color::White, Reason::Resignation))
    );
    let tags = str_pairs(g.tags());
    let expected: Vec<(&str, &str)> = TAGS.into_iter().filter(|(k, _)| *k != "Result").collect();
    assert_eq!(tags, expected);

    let main = g.main_line();
    assert_eq!(g.comment(0), Ok("Kasparov's Immortal."));
    let commands = main_commands(g);
    let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
    for (ply, clock) in CLOCKS.iter().enumerate().take(24) {
        assert_eq!(commands[ply], [pair("clk", clock)], "ply {ply}");
        assert_eq!(g.comment(main[ply + 1]).unwrap(), format!("[%clk {clock}]"));
    }
    assert_eq!(
        commands[24],
        [pair("clk", "1:38:40"), pair("emt", "0:06:25")],
        "13. Nc1"
    );
    // 23... Qd6 with the arrow to the coming 24. Rxd4!!, its comment and evaluation.
    assert_eq!(g.comment(main[46]), Ok("[%cal Gd1d4]"));
    let rxd4 = main[47];
    assert_eq!(
        g.comment(rxd4),
        Ok("[%eval 3.05] One of the most famous combinations ever played.")
    );
    assert_eq!(g.nags(rxd4).unwrap(), [3]);
    for (ply, c) in commands.iter().enumerate() {
        if ply > 24 && ply != 45 && ply != 46 {
            assert!(c.is_empty(), "ply {ply}: {c:?}");
        }
    }
    // The variation 24. Qxf6 Qxd5 {is only equal.}, the only one.
    let qd6 = g.node(main[46]).unwrap();
    assert_eq!(qd6.children.len(), 2);
    let qxf6 = g.node(qd6.children[1]).unwrap();
    assert_eq!((qxf6.name.as_str(), qxf6.children.len()), ("Qxf6", 1));
    let qxd5 = g.node(qxf6.children[0]).unwrap();
    assert_eq!(
        (qxd5.name.as_str(), qxd5.comment.as_str()),
        ("Qxd5", "is only equal.")
    );
    assert_eq!(g.nodes().len(), 1 + 87 + 2);
}

#[test]
fn kasparov_topalov_survives_import_export_and_links() {
    let text = data("kasparov-topalov-1999.pgn");
    let r = pgn::read(&text).unwrap();
    assert_eq!(r.message(), None);
    assert_eq!((r.used, r.total), (87, 87));
    check_kasparov_topalov(&r.game);

    // Exported: the roster first in its order, every tag of the record with its value.
    let out = pgn::write(&r.game, &[("Date", "2026.11.23")]);
    assert!(out.starts_with(EXPORTED_TAGS), "{out}");
    let parsed = pgn::parse(&out).unwrap();
    let names: Vec<&str> = parsed.tags.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names[..7],
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    );
    for (k, v) in TAGS {
        assert_eq!(parsed.tag(k), Some(v), "{k}");
    }
    // Move by move, with the clocks, evaluation, arrow, comment, NAG and variation.
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    for written in [
        "{Kasparov's Immortal.} 1. e4 {[%clk 1:59:55]} 1... d6 {[%clk 1:59:48]} 2. d4",
        "13. Nc1 {[%clk 1:38:40] [%emt 0:06:25]} 13... O-O-O 14. Nb3 exd4",
        "23. exd5 Qd6 {[%cal Gd1d4]} 24. Rxd4 $3 {[%eval 3.05] One of the most famous \
         combinations ever played.} (24. Qxf6 Qxd5 {is only equal.}) 24... cxd4 25. Re7+",
        "43. Kc1 Rd2 44. Qa7 1-0",
    ] {
        assert!(words.contains(written), "{written}: {out}");
    }
    let back = pgn::read(&out).unwrap();
    assert_eq!(back.message(), None);
    check_kasparov_topalov(&back.game);
    assert_eq!(pgn::write(&back.game, &[]), out, "the export is stable");

    // Through a share link (plain and coded) and back to PGN: the same text.
    for fragment in [link::fragment(&r.game), link::coded_fragment(&r.game)] {
        assert!(
            fragment.contains(
                "&ev=Hoogovens+Group+A&si=Wijk+aan+Zee+NED&d=1999%2E01%2E20&r=4\
                 &w=Kasparov%2C+Garry&b=Topalov%2C+Veselin&t=ECO:B06."
            ),
            "{fragment}"
        );
        assert!(
            fragment.contains("&t=ECO:B06.WhiteElo:2812.BlackElo:2700.PlyCount:87."),
            "{fragment}"
        );
        assert!(fragment.ends_with("&e=rb"), "{fragment}");
        let back = link::read(&fragment).unwrap();
        assert_eq!(back.message(), None, "{fragment}");
        check_kasparov_topalov(&back.game);
        assert_eq!(pgn::write(&back.game, &[]), out);
    }
}

#[test]
fn a_records_own_termination_is_kept_while_its_result_stands() {
    let text = "[Event \"Live Chess\"]\n[Site \"Chess.com\"]\n[White \"Garry Kasparov\"]\n\
        [Black \"Ann\"]\n[Result \"1-0\"]\n[Termination \"Garry Kasparov won by resignation\"]\n\
        \n1. e4 e5 2. Qh5 Nc6 1-0\n";
    let r = pgn::read(text).unwrap();
    assert_eq!(r.message(), None);
    let mut g = r.game;
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Color::White, Reason::Resignation))
    );
    assert_eq!(
        g.tag("termination"),
        Some("Garry Kasparov won by resignation")
    );
    let out = pgn::write(&g, &[("Date", "2026.11.23")]);
    assert_eq!(
        out,
        "[Event \"Live Chess\"]\n[Site \"Chess.com\"]\n[Date \"2026.11.23\"]\n[Round \"-\"]\n\
         [White \"Garry Kasparov\"]\n[Black \"Ann\"]\n[Result \"1-0\"]\n[Variant \"Standard\"]\n\
         [Termination \"Garry Kasparov won by resignation\"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n"
    );
    // Through a link, with the end: the same record.
    let fragment = link::fragment(&g);
    assert_eq!(
        fragment,
        "g=orthodox&m=e2e4.e7e5.d1h5.b8c6&ev=Live+Chess&si=Chess%2Ecom&w=Garry+Kasparov&b=Ann\
         &t=Termination:Garry+Kasparov+won+by+resignation&e=rb"
    );
    let back = link::read(&fragment).unwrap();
    assert_eq!(back.message(), None);
    assert_eq!(pgn::write(&back.game, &[("Date", "2026.11.23")]), out);

    // The last move taken out: the game goes on, and the words no longer fit.
    let last = g.current_node();
    g.delete(last).unwrap();
    let out = pgn::write(&g, &[]);
    assert!(
        out.contains("[Result \"*\"]\n[Variant \"Standard\"]\n\n"),
        "{out}"
    );
    assert!(!out.contains("Termination"), "{out}");
    assert!(!link::fragment(&g).contains("Termination"));
    // Another end: lichess's words for it.
    g.play("g8f6").unwrap();
    g.resign(Color::White).unwrap();
    let out = pgn::write(&g, &[]);
    assert!(
        out.contains("[Result \"0-1\"]\n[Variant \"Standard\"]\n[Termination \"Normal\"]\n"),
        "{out}"
    );
    // Words set now go with the result now.
    g.set_tag("Termination", "Garry Kasparov resigned").unwrap();
    let out = pgn::write(&g, &[]);
    assert!(
        out.contains("[Termination \"Garry Kasparov resigned\"]\n"),
        "{out}"
    );
}

#[test]
fn a_termination_the_writer_gives_anyway_and_unknown_roster_values_are_no_tags() {
    let text = "[Event \"?\"]\n[Site \"fairyboard\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n\
        [White \"?\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n[Termination \"Normal\"]\n\
        [WhiteElo \"?\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let r = pgn::read(text).unwrap();
    assert_eq!(r.message(), None);
    let tags = str_pairs(r.game.tags());
    assert_eq!(tags, [("Black", "Bob"), ("WhiteElo", "?")]);
    // Written back the same.
    let out = pgn::write(&r.game, &[]);
    assert_eq!(
        out,
        text.replace(
            "[Termination \"Normal\"]",
            "[Variant \"Standard\"]\n[Termination \"Normal\"]"
        )
    );
    // A link says only what the record said.
    assert_eq!(
        link::fragment(&r.game),
        "g=orthodox&m=f2f3.e7e5.g2g4.d8h4&b=Bob&t=WhiteElo:%3F"
    );
}

#[test]
fn the_pages_date_and_other_tags_given_are_defaults_only() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    g.play("e2e4").unwrap();
    g.set_tag("Date", "1999.01.20").unwrap();
    g.set_tag("ECO", "B00").unwrap();
    let out = pgn::write(
        &g,
        &[
            ("Date", "2026.11.23"),
            ("Event", "Casual"),
            ("ECO", "C20"),
            ("Annotator", "me"),
            ("Result", "1-0"),
            ("Variant", "quarter"),
            ("FEN", "8/8/8/8/8/8/8/8 w - - 0 1"),
            ("SetUp", "1"),
            ("Termination", "Time forfeit"),
        ],
    );
    assert_eq!(
        out,
        "[Event \"Casual\"]\n[Site \"fairyboard\"]\n[Date \"1999.01.20\"]\n[Round \"-\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Standard\"]\n[ECO \"B00\"]\n\
         [Annotator \"me\"]\n\n1. e4 *\n"
    );
}

#[test]
fn bad_tags_in_a_record_are_noted_and_the_rest_is_kept() {
    let text = "[White \"Ann\"]\n[white \"Bob\"]\n[1st \"x\"]\n[_x \"y\"]\n[ECO \"\"]\n\
        [FEN \"\"]\n[Opening \"Line\tbreak\"]\n\n1. e4 *\n";
    let r = pgn::read(text).unwrap();
    assert_eq!(
        r.message().unwrap(),
        "The record has the tag 'white' twice; the first one was kept. The tag '1st' was left \
         out: '1st' is not a tag name: a tag name is letters, digits and '_', starting with a \
         letter. The tag '_x' was left out: '_x' is not a tag name: a tag name is letters, \
         digits and '_', starting with a letter."
    );
    let tags = str_pairs(r.game.tags());
    assert_eq!(tags, [("White", "Ann"), ("Opening", "Line break")]);
}

#[test]
fn games_lost_on_time_round_trip_through_links_with_their_termination() {
    // chess.com's words: kept, and carried by the link with the end.
    let text = "[White \"Bob\"]\n[Black \"Ann\"]\n[Result \"0-1\"]\n\
        [Termination \"Ann won on time\"]\n\n1. e4 e5 2. Nf3 0-1\n";
    let r = pgn::read(text).unwrap();
    assert_eq!(r.message(), None);
    assert_eq!(
        r.game.outcome(),
        Some(Outcome::win(Color::Black, Reason::Time))
    );
    let out = pgn::write(&r.game, &[]);
    assert_eq!(
        out,
        "[Event \"?\"]\n[Site \"fairyboard\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n\
         [White \"Bob\"]\n[Black \"Ann\"]\n[Result \"0-1\"]\n[Variant \"Standard\"]\n\
         [Termination \"Ann won on time\"]\n\n1. e4 e5 2. Nf3 0-1\n"
    );
    let fragment = link::fragment(&r.game);
    assert_eq!(
        fragment,
        "g=orthodox&m=e2e4.e7e5.g1f3&w=Bob&b=Ann&t=Termination:Ann+won+on+time&e=fw"
    );
    let back = link::read(&fragment).unwrap();
    assert_eq!(back.message(), None);
    assert_eq!(back.game.outcome(), r.game.outcome());
    assert_eq!(pgn::write(&back.game, &[]), out);

    // lichess's words are the writer's own: the link needs only the end.
    let text = "[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n\n1. e4 e5 2. Nf3 1-0\n";
    let r = pgn::read(text).unwrap();
    assert_eq!(
        r.game.outcome(),
        Some(Outcome::win(Color::White, Reason::Time))
    );
    assert_eq!(r.game.tags(), []);
    let fragment = link::fragment(&r.game);
    assert_eq!(fragment, "g=orthodox&m=e2e4.e7e5.g1f3&e=fb");
    let back = link::read(&fragment).unwrap();
    let out = pgn::write(&back.game, &[]);
    assert!(
        out.contains("[Result \"1-0\"]\n[Variant \"Standard\"]\n[Termination \"Time forfeit\"]\n"),
        "{out}"
    );
    assert_eq!(out, pgn::write(&r.game, &[]));
}
