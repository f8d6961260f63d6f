//! Puzzles mined from games (issue 45, `fairyboard::puzzle`): the miner finds a planted
//! hanging piece and a mate in two after the opponent's mistake, keeps none where two moves
//! win equally, nor a position already won before the mistake, nor a position twice; the
//! themes read from the moves on small examples written from the rules; the PGN record
//! read back by the project's own reader.

use std::collections::HashSet;

use fairyboard::puzzle::{mine, rating, solve, themes, write, Puzzle, Settings};
use fairyboard::search::Searcher;
use fairyboard::{pgn, Game, Move, Position, Variant};

use crate::common;

/// Small searches: the games' positions at 2,000 nodes, solutions at 16,000.
fn settings() -> Settings {
    Settings::for_game_nodes(2_000)
}

fn pos(variant: Variant, text: &str) -> Position {
    Position::from_text(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The game from `start` with `moves` (any notation) played.
fn game(variant: Variant, start: &str, moves: &[&str]) -> Game {
    let mut g = Game::new(variant, Some(start)).unwrap();
    for m in moves {
        g.play_any(m)
            .unwrap_or_else(|e| panic!("{m}: {}", e.message()));
    }
    g
}

fn mined(g: &Game) -> Vec<Puzzle> {
    mine(g, &settings(), &mut Searcher::new(4), &mut HashSet::new())
}

/// The line's moves as move text.
fn texts(start: &Position, line: &[Move]) -> Vec<String> {
    let mut p = start.clone();
    line.iter()
        .map(|m| {
            let t = p.move_text(m);
            p = p.after(m);
            t
        })
        .collect()
}

/// The moves of `texts` from `start`, played.
fn line_of(start: &Position, moves: &[&str]) -> (Vec<Move>, Position) {
    let mut p = start.clone();
    let mut line = Vec::new();
    for t in moves {
        let m = p
            .parse_any(t)
            .unwrap_or_else(|e| panic!("{t}: {}", e.message()));
        p = p.after(&m);
        line.push(m);
    }
    (line, p)
}

fn themes_of(variant: Variant, start: &str, moves: &[&str]) -> Vec<&'static str> {
    let start = pos(variant, start);
    let (line, end) = line_of(&start, moves);
    themes(&start, &line, end.outcome())
}

#[test]
fn a_planted_hanging_queen_is_found_after_the_mistake() {
    // Black's queen, a rook up, goes a5-d5?? into the rook's file: Rxd5+ wins it.
    let g = game(
        Variant::Orthodox,
        "3k4/8/8/q7/8/8/3R2PP/6K1 b - - 0 1",
        &["a5d5"],
    );
    let found = mined(&g);
    assert_eq!(found.len(), 1, "{found:?}");
    let p = &found[0];
    assert_eq!(p.start, *g.position());
    assert_eq!(texts(&p.start, &p.line)[0], "d2d5");
    // The line ends with the solver's move, never with the opponent's reply.
    assert_eq!(p.line.len() % 2, 1, "{:?}", texts(&p.start, &p.line));
    assert!(p.themes.contains(&"material"), "{:?}", p.themes);
    assert!((400..=3000).contains(&p.rating));
}

#[test]
fn a_mate_in_two_is_found_and_forced_to_the_mate() {
    // Philidor's legacy: Black's queen leaves the diagonal a2-g8 (Qb3-a4??) and White mates
    // in two, Qg8+ Rxg8 Nf7#.
    let g = game(
        Variant::Orthodox,
        "5r1k/6pp/7N/3Q4/8/1q6/6PP/6K1 b - - 0 1",
        &["b3a4"],
    );
    let found = mined(&g);
    assert_eq!(found.len(), 1, "{found:?}");
    let p = &found[0];
    assert_eq!(texts(&p.start, &p.line), ["d5g8", "f8g8", "h6f7"]);
    assert_eq!(p.themes, ["mate", "mateIn2", "short"]);
}

#[test]
fn a_material_line_ends_with_the_solver_s_last_only_move() {
    // From a self-play game of Bandit Chess: 65... b2 is the one winning move, and
    // after the knight's reply no black move stands out: the line is 65... b2 alone.
    let start = pos(
        Variant::Bandit,
        "7/t6/1k5/3O3/2s1NK1/4T2/rp1S3/7/7 b - - 1 65",
    );
    let found = solve(&start, &settings()).expect("a puzzle");
    assert_eq!(start.move_name(&found.line[0]), "b2");
    assert_eq!(found.line.len() % 2, 1, "{:?}", texts(&start, &found.line));
}

#[test]
fn no_puzzle_where_two_moves_win_equally() {
    // The queen d5 can be taken by the rook and by the knight alike: no single answer.
    let start = pos(Variant::Orthodox, "3k4/8/8/3q4/1N6/8/6PP/3R2K1 w - - 0 1");
    assert_eq!(solve(&start, &settings()), None);
    // The same after Black's mistake: the miner keeps nothing.
    let g = game(
        Variant::Orthodox,
        "3k4/8/8/q7/1N6/8/6PP/3R2K1 b - - 0 1",
        &["a5d5"],
    );
    assert!(mined(&g).is_empty());
    // With the rook alone taking, it is a puzzle again.
    let start = pos(Variant::Orthodox, "3k4/8/8/3q4/8/8/6PP/3R2K1 w - - 0 1");
    assert!(solve(&start, &settings()).is_some());
}

#[test]
fn no_puzzle_when_already_won_before_and_none_twice() {
    // White is a queen up before Black's slip: the mistake only makes a won game more won.
    let g = game(
        Variant::Orthodox,
        "3k4/8/8/3r4/8/8/3Q2PP/6K1 b - - 0 1",
        &["d5d3"],
    );
    assert!(mined(&g).is_empty());
    // The same position in a second game is not kept again.
    let g = game(
        Variant::Orthodox,
        "3k4/8/8/q7/8/8/3R2PP/6K1 b - - 0 1",
        &["a5d5"],
    );
    let mut seen = HashSet::new();
    let mut searcher = Searcher::new(4);
    assert_eq!(mine(&g, &settings(), &mut searcher, &mut seen).len(), 1);
    assert!(mine(&g, &settings(), &mut searcher, &mut seen).is_empty());
}

#[test]
fn themes_of_orthodox_moves() {
    assert_eq!(
        themes_of(
            Variant::Orthodox,
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            &["Ra8#"]
        ),
        ["mate", "mateIn1", "oneMove"]
    );
    assert_eq!(
        themes_of(
            Variant::Orthodox,
            "8/P6k/8/8/8/8/8/2K5 w - - 0 1",
            &["a8=Q"]
        ),
        ["material", "promotion", "oneMove"]
    );
    assert_eq!(
        themes_of(
            Variant::Orthodox,
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            &["exd6"]
        ),
        ["material", "enPassant", "oneMove"]
    );
}

#[test]
fn themes_of_vagabond_moves() {
    // V3: free castling, the king two squares toward a1 and the rook beside it.
    let t = themes_of(
        Variant::Vagabond,
        "3k4/3p4/8/8/8/8/8/R2K3R w KQ - 0 1",
        &["d1b1/c1"],
    );
    assert!(
        t.contains(&"freeCastling") && !t.contains(&"castling"),
        "{t:?}"
    );
    // A rook's quadrant shift a1 ~ e1 (its slide is blocked by the king).
    let t = themes_of(
        Variant::Vagabond,
        "3k4/8/8/8/8/8/8/R2K4 w - - 0 1",
        &["a1e1"],
    );
    assert!(t.contains(&"quadrantShift"), "{t:?}");
    // The berserker's jump over the pawn b2, and a plain berserker leap.
    let t = themes_of(
        Variant::Vagabond,
        "3k4/8/8/8/8/8/1P6/1E1K4 w - - 0 1",
        &["b1b3"],
    );
    assert!(t.contains(&"berserker"), "{t:?}");
    let t = themes_of(
        Variant::Vagabond,
        "3k4/8/8/8/8/8/1P6/1E1K4 w - - 0 1",
        &["b1c3"],
    );
    assert!(
        t.contains(&"berserker") && !t.contains(&"quadrantShift"),
        "{t:?}"
    );
}

#[test]
fn themes_of_bandit_quarter_pawnier_and_riftwalker_moves() {
    // B8: the outlaw d5 takes the pawn d6 and the rook d7 at once.
    let t = themes_of(
        Variant::Bandit,
        "6k/7/3r3/3P3/1PtOnS1/3K3/3b3/7/7 w - - 0 1",
        &["d5d7"],
    );
    assert_eq!(t, ["material", "outlaw", "oneMove"]);
    // Q5: the merchant step e3-e4 takes f4 and d4 by custody; a shift a4 ~ e4 takes e5.
    let t = themes_of(Variant::Quarter, "k7/8/8/4r3/2Mn1mM1/4M3/8/K7 w", &["e3e4"]);
    assert_eq!(t, ["material", "custodian", "oneMove"]);
    let t = themes_of(Variant::Quarter, "k7/8/4M3/4a3/M7/8/8/7K w", &["a4e4"]);
    assert_eq!(t, ["material", "quadrantShift", "custodian", "oneMove"]);
    // The backstab: the game's own win, named as such and not as a mate.
    let t = themes_of(
        Variant::Quarter,
        "2Mk1r2/1p2M1p1/3m1n2/1Pp1Ra2/3m4/2D1N3/P2M1PPP/4K2D w - c6 0 1",
        &["e7e8"],
    );
    assert_eq!(t, ["backstab", "custodian", "oneMove"]);
    // P: a drop; a pawn sliding as a bishop beside its friend; a lone pawn's plain step.
    let t = themes_of(
        Variant::Pawnier,
        "8k/9/9/9/6*2/4*4/2*6/9/9/9/K8[P] w",
        &["P@e2"],
    );
    assert!(t.contains(&"drop") && !t.contains(&"pawnPower"), "{t:?}");
    let t = themes_of(
        Variant::Pawnier,
        "8k/9/9/9/6*2/4*4/2*6/4P4/3P5/9/K8[] w",
        &["d3a6"],
    );
    assert!(t.contains(&"pawnPower"), "{t:?}");
    let t = themes_of(
        Variant::Pawnier,
        "8k/9/9/9/6*2/4*4/2*6/9/9/4P4/K8[] w",
        &["e2e3"],
    );
    assert!(!t.contains(&"pawnPower"), "{t:?}");
    // R: d5 -> a5 goes to the same cell of the next small board (X changes); d5 -> e5
    // stays on its board.
    let start = format!("{} w", common::board_text(Variant::Riftwalker, "Kd5 ki9"));
    let t = themes_of(Variant::Riftwalker, &start, &["d5a5"]);
    assert!(t.contains(&"fourthDimension"), "{t:?}");
    let t = themes_of(Variant::Riftwalker, &start, &["d5e5"]);
    assert!(!t.contains(&"fourthDimension"), "{t:?}");
}

#[test]
fn the_rating_grows_with_the_search_and_the_length() {
    assert_eq!(rating(0, 1), 400);
    assert!(rating(50, 1) < rating(20_000, 1));
    assert_eq!(rating(50, 2), rating(50, 1) + 100);
    assert_eq!(rating(u64::MAX, 5), 3000);
}

#[test]
fn a_puzzle_record_reads_back() {
    let g = game(
        Variant::Orthodox,
        "5r1k/6pp/7N/3Q4/8/1q6/6PP/6K1 b - - 0 1",
        &["b3a4"],
    );
    let p = mined(&g).remove(0);
    let text = write(&p, &[("Event", "Orthodox chess puzzle"), ("Round", "1")]);
    for tag in [
        "[Event \"Orthodox chess puzzle\"]",
        "[Round \"1\"]",
        "[SetUp \"1\"]",
        "[Variant \"Standard\"]",
        "[PuzzleThemes \"mate mateIn2 short\"]",
    ] {
        assert!(text.contains(tag), "{tag} in {text}");
    }
    assert!(
        text.contains(&format!("[FEN \"{}\"]", p.start.to_text())),
        "{text}"
    );
    assert!(
        text.contains(&format!("[PuzzleRating \"{}\"]", p.rating)),
        "{text}"
    );
    // The move numbers go on from the position's own.
    assert!(text.contains("\n2. Qg8+ Rxg8 3. Nf7# 1-0\n"), "{text}");
    let back = pgn::read(&text).unwrap();
    assert!(back.problem.is_none());
    assert_eq!(back.game.start(), &p.start);
    assert_eq!(back.game.moves(), p.line.as_slice());
    assert_eq!(
        back.game.tag("PuzzleRating"),
        Some(p.rating.to_string().as_str())
    );
    // A puzzle Black solves starts its movetext with "1...".
    let g = game(
        Variant::Orthodox,
        "6k1/3r2pp/8/8/Q7/8/5PPP/6K1 w - - 0 1",
        &["a4d4"],
    );
    let p = mined(&g).remove(0);
    let text = write(&p, &[]);
    assert!(text.contains("\n1... Rxd4"), "{text}");
    assert_eq!(pgn::read(&text).unwrap().game.moves(), p.line.as_slice());
}
