//! The review of a whole game (issue 29, `fairyboard::review`): planted blunders named with
//! the right better move, a missed mate and an allowed mate named as such, a game of the
//! engine's own moves without a blunder and with an accuracy of at least 95, a person's own
//! marks kept, and the review written as lichess writes it (`[%eval]`, `$4`, the better line,
//! the accuracy tags) that reads back through PGN and links.

use fairyboard::pgn;
use fairyboard::review::{annotate, review, with_eval, Eval, Judgement, Review};
use fairyboard::search::{Limits, Searcher};
use fairyboard::{Color, Game, Variant};

const NODES: u64 = 10_000;

fn reviewed(game: &Game) -> Review {
    review(
        game,
        &Limits::nodes(NODES),
        &mut Searcher::new(4),
        &|| 0.0,
        &mut |_, _| {},
    )
}

fn game_of(variant: Variant, moves: &[&str]) -> Game {
    let mut game = Game::new(variant, None).unwrap();
    for m in moves {
        game.play_any(m)
            .unwrap_or_else(|e| panic!("{m}: {}", e.message()));
    }
    game
}

/// The name of `m`'s best move, in the position before it.
fn best_name(game: &Game, ply: usize, r: &Review) -> String {
    let pos = game.position_at(ply).unwrap();
    pos.move_name(r.moves[ply].best.as_ref().unwrap())
}

#[test]
fn a_missed_mate_in_one_and_an_allowed_mate_are_named() {
    let game = game_of(
        Variant::Orthodox,
        &[
            "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Nc3", "Nd4", "Qxf7#",
        ],
    );
    let r = reviewed(&game);
    // 3... Nf6?? lets 4. Qxf7# in; 4. Nc3?? lets it go; 4... Nd4?? allows it again.
    assert!(r.moves[5].allowed_mate);
    assert_eq!(r.moves[5].judgement, Some(Judgement::Blunder));
    assert!(r.moves[6].missed_mate);
    assert!(r.moves[6].judgement >= Some(Judgement::Mistake));
    assert_eq!(best_name(&game, 6, &r), "Qxf7#");
    assert!(r.moves[7].allowed_mate);
    // The mate itself is the best move, and ends the game.
    assert_eq!(r.moves[8].judgement, None);
    assert_eq!(r.evals[9], Eval::Over(Some(Color::White)));
    assert_eq!(
        r.evals[6],
        Eval::Mate(1),
        "after 3... Nf6, White mates in one"
    );
}

#[test]
fn a_queen_left_hanging_is_a_blunder_with_the_better_move() {
    // 3. Qxe5+?? Nxe5: the queen for a pawn.
    let game = game_of(
        Variant::Orthodox,
        &["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"],
    );
    let r = reviewed(&game);
    assert_eq!(r.moves[4].judgement, Some(Judgement::Blunder));
    assert_ne!(best_name(&game, 4, &r), "Qxe5+");
    assert!(r.moves[4].lost >= 30.0);
    // Black's answer, taking the queen, is the best move: no judgement.
    assert_eq!(r.moves[5].judgement, None);
    assert_eq!(r.count(Color::White, Judgement::Blunder), 1);
    assert_eq!(r.count(Color::Black, Judgement::Blunder), 0);
}

/// The engine's own game: at each ply the move the review's search would choose there.
fn engine_game(variant: Variant, plies: usize) -> Game {
    let mut game = Game::new(variant, None).unwrap();
    let mut searcher = Searcher::new(4);
    let mut keys = Vec::new();
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let pos = game.position().clone();
        let report = searcher.search(
            &pos,
            &keys,
            &Limits::nodes(NODES),
            &|| 0.0,
            &|| false,
            &mut |_| {},
        );
        keys.push(pos.key());
        game.play_move(report.best.unwrap());
    }
    game
}

/// Each of the review's whole-game checks as one test per game, so that the test threads share
/// the six games' searches instead of one test running them all in turn.
macro_rules! in_every_game {
    ($check:ident: $($name:ident => $variant:ident),+ $(,)?) => {
        mod $check {
            $(#[test]
            fn $name() {
                super::$check(fairyboard::Variant::$variant);
            })+
        }
    };
}

// A seventh game gets its line in both lists below.
const _: () = assert!(Variant::ALL.len() == 6);

in_every_game!(engines_own_moves_have_no_blunder_and_an_accuracy_of_95_or_more:
    orthodox => Orthodox, vagabond => Vagabond, bandit => Bandit,
    quarter => Quarter, pawnier => Pawnier, riftwalker => Riftwalker);

fn engines_own_moves_have_no_blunder_and_an_accuracy_of_95_or_more(variant: Variant) {
    let game = engine_game(variant, 10);
    let r = reviewed(&game);
    assert_eq!(r.moves.len(), game.moves().len(), "{variant:?}");
    for m in &r.moves {
        assert!(
            m.judgement.is_none(),
            "{variant:?}: {:?} judged {:?}",
            m.played,
            m.judgement
        );
    }
    for side in [Color::White, Color::Black] {
        let a = r.accuracy(side).unwrap();
        assert!(a >= 95.0, "{variant:?} {side:?}: accuracy {a}");
    }
}

/// The move of `game`'s current position that loses most for its side, with the side's
/// winning chances after it and after the best move.
fn worst_move(game: &Game, nodes: u64) -> (fairyboard::Move, f64, f64) {
    let pos = game.position().clone();
    let mut keys: Vec<u64> = (0..game.ply())
        .map(|p| game.position_at(p).unwrap().key())
        .collect();
    keys.push(pos.key());
    let mut searcher = Searcher::new(4);
    let mut scored: Vec<(f64, fairyboard::Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = game.clone();
            after.play_move(m);
            let limits = Limits::nodes(nodes);
            let report = searcher.search(
                after.position(),
                &keys,
                &limits,
                &|| 0.0,
                &|| false,
                &mut |_| {},
            );
            let side = after.position().side();
            (
                Eval::from_score(report.score, side).win_for(pos.variant(), pos.side()),
                m,
            )
        })
        .collect();
    scored.sort_by(|a, b| a.0.total_cmp(&b.0));
    (scored[0].1, scored[0].0, scored[scored.len() - 1].0)
}

/// Nodes for each move searched while planting a blunder (a quick look: the review judges
/// it with its own, longer searches).
const PLANT_NODES: u64 = 2_000;

/// Nodes for each move of the first, quick look for a move that throws the game away (a game
/// with drops has a hundred moves or more to look at, at each ply until one is found).
const QUICK_LOOK_NODES: u64 = 400;

in_every_game!(a_planted_blunder_gets_two_question_marks_and_a_better_move:
    orthodox => Orthodox, vagabond => Vagabond, bandit => Bandit,
    quarter => Quarter, pawnier => Pawnier, riftwalker => Riftwalker);

fn a_planted_blunder_gets_two_question_marks_and_a_better_move(variant: Variant) {
    // The engine's own moves, then at the first position where one move throws away at
    // least 35 points of winning chances (a blunder is 30), that move.
    let mut game = engine_game(variant, 4);
    let (worst, lost_to, best_kept) = loop {
        // A quick look first, then the review's own nodes to be sure.
        let (_, worst, best) = worst_move(&game, QUICK_LOOK_NODES);
        if best - worst >= 35.0 {
            let (m, worst, best) = worst_move(&game, NODES);
            if best - worst >= 35.0 {
                break (m, worst, best);
            }
        }
        assert!(game.ply() < 40, "{variant:?}: no move loses 35 points");
        game = engine_game_from(&game);
    };
    let ply = game.ply();
    game.play_move(worst);
    let r = reviewed(&game);
    let planted = &r.moves[ply];
    assert_eq!(
        planted.judgement,
        Some(Judgement::Blunder),
        "{variant:?}: lost {} ({best_kept} -> {lost_to})",
        planted.lost
    );
    assert_ne!(planted.best.unwrap(), worst, "{variant:?}");
    assert!(planted.verdict("X").unwrap().starts_with("Blunder") || planted.allowed_mate);
}

/// `game` with one more move: the search's choice.
fn engine_game_from(game: &Game) -> Game {
    let mut next = game.clone();
    let pos = next.position().clone();
    let limits = Limits::nodes(PLANT_NODES);
    let report = Searcher::new(4).search(&pos, &[], &limits, &|| 0.0, &|| false, &mut |_| {});
    next.play_move(report.best.unwrap());
    next
}

#[test]
fn the_review_is_written_as_lichess_writes_it_and_reads_back() {
    let mut game = game_of(
        Variant::Orthodox,
        &["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"],
    );
    // A person's own mark and comment on 3. Qxe5+ stay.
    let node = game.main_line()[5];
    game.set_nags(node, &[5]).unwrap();
    game.set_comment(node, "bold\nsacrifice").unwrap();
    let r = reviewed(&game);
    annotate(&mut game, &r);
    let text = pgn::write(&game, &[]);
    assert!(text.contains("[WhiteAccuracy \""), "{text}");
    assert!(text.contains("[BlackAccuracy \""), "{text}");
    assert_eq!(
        game.nags(node).unwrap(),
        &[5],
        "the person's !? kept, no ??"
    );
    let comment = game.comment(node).unwrap();
    assert!(comment.starts_with("[%eval -"), "{comment}");
    assert!(
        comment.contains("bold\nsacrifice Blunder. Best was "),
        "{comment}"
    );
    // The better line is a variation at 3. Qxe5+.
    let parent = game.node(node).unwrap().parent.unwrap();
    assert_eq!(game.node(parent).unwrap().children.len(), 2);
    assert!(text.contains("1. e4 {[%eval "), "{text}");
    // Through PGN and a link, the evaluations, marks and better line stay.
    let back = pgn::read(&text).unwrap().game;
    assert_eq!(pgn::write(&back, &[]), text);
    let link = fairyboard::link::fragment(&back);
    let again = fairyboard::link::read(&link).unwrap().game;
    assert_eq!(pgn::write(&again, &[]), text);
}

#[test]
fn an_evaluation_replaces_the_one_before_it() {
    assert_eq!(with_eval("", "0.25"), "[%eval 0.25]");
    assert_eq!(
        with_eval("[%eval 1.00] [%clk 0:01:00] hi", "#-2"),
        "[%eval #-2] [%clk 0:01:00] hi"
    );
    assert_eq!(Eval::Cp(-150).pgn().unwrap(), "-1.50");
    assert_eq!(Eval::Mate(-3).pgn().unwrap(), "#-3");
    assert_eq!(Eval::Over(None).pgn(), None);
}

#[test]
fn an_evaluation_wrapped_across_lines_or_spaced_out_is_replaced_not_added_to() {
    // As a PGN wrapped at 80 columns writes them, and with spaces and tabs inside.
    for (comment, rest) in [
        ("[%eval\n0.39]", ""),
        ("[%eval\r\n0.39] [%clk 0:01:00]", " [%clk 0:01:00]"),
        ("[%eval  \t0.39 ] good", " good"),
        ("[%clk 0:01:00] [%eval\t#-3\n]", " [%clk 0:01:00]"),
    ] {
        let out = with_eval(comment, "0.25");
        assert_eq!(out, format!("[%eval 0.25]{rest}"), "{comment:?}");
    }
}

#[test]
fn a_review_of_a_pgn_wrapped_at_80_columns_keeps_one_evaluation_a_move() {
    // lichess's evaluations with the lines broken inside the commands: `{ [%eval` on one line,
    // `0.39] }` on the next.
    let text = "[Event \"wrapped\"]\n\n1. e4 { [%eval\n0.39] [%clk\n0:03:00] } 1... e5 { [%eval\n0.41] }\n\
                2. Nf3 { [%eval\t0.35] } 2... Nc6 { [%eval   0.40 ] } 3. Bb5 { [%eval\n0.30] } *\n";
    let mut game = pgn::read(text).unwrap().game;
    let r = reviewed(&game);
    annotate(&mut game, &r);
    let out = pgn::write(&game, &[]);
    for node in &game.main_line()[1..] {
        let comment = game.comment(*node).unwrap();
        let evals: Vec<_> = pgn::commands(comment)
            .into_iter()
            .filter(|(name, _)| name == "eval")
            .collect();
        assert_eq!(evals.len(), 1, "{comment:?} in\n{out}");
    }
    assert_eq!(out.matches("%eval").count(), 5, "{out}");
    // The clock is read whatever the white space, and kept.
    let first = game.comment(game.main_line()[1]).unwrap();
    assert!(
        pgn::commands(first).contains(&("clk".to_string(), "0:03:00".to_string())),
        "{first:?}"
    );
}

#[test]
fn the_last_move_of_a_game_resigned_lost_on_time_or_agreed_drawn_is_judged() {
    // The players ended it: the final position is still searched, its move gets its
    // evaluation, and no mark for the game's end.
    let moves = ["e4", "e5", "Nf3", "Nc6"];
    for end in ["resigned", "time", "agreed"] {
        let mut game = game_of(Variant::Orthodox, &moves);
        match end {
            "resigned" => game.resign(Color::Black).map(|_| ()),
            "time" => game.flag_fall(Color::White).map(|_| ()),
            _ => game.agree_draw().map(|_| ()),
        }
        .unwrap();
        let r = reviewed(&game);
        assert_eq!(r.evals.len(), 5, "{end}");
        let last = r.moves.last().unwrap();
        assert!(matches!(last.after, Eval::Cp(_)), "{end}: {:?}", last.after);
        assert_eq!(last.judgement, None, "{end}: 2... Nc6 is a good move");
        annotate(&mut game, &r);
        let comment = game.comment(*game.main_line().last().unwrap()).unwrap();
        assert!(comment.starts_with("[%eval "), "{end}: {comment:?}");
        assert_eq!(game.main_outcome(), game.outcome(), "{end}: the end stays");
        assert!(game.main_outcome().is_some(), "{end}");
    }
    // Imported with a stale evaluation on its last move: the review's replaces it.
    let text =
        "[Result \"1-0\"]\n\n1. e4 {[%eval 0.2]} 1... e5 {[%eval 0.3]} 2. Nf3 {[%eval 9.99]} 1-0\n";
    let mut game = pgn::read(text).unwrap().game;
    assert!(game.main_outcome().is_some(), "read as a resignation");
    let r = reviewed(&game);
    annotate(&mut game, &r);
    let comment = game.comment(*game.main_line().last().unwrap()).unwrap();
    assert!(!comment.contains("9.99"), "{comment:?}");
    assert_eq!(pgn::commands(comment).len(), 1, "{comment:?}");
}
