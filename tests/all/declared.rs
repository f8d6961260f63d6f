//! Games ended by the players rather than the board: resignation, a draw by agreement and a
//! loss on time, declared at the end of the line (`Game::declare`), and their PGN records.

use fairyboard::{pgn, Color, Game, Outcome, Position, Reason, Variant};

fn game(variant: Variant, start: Option<&str>, moves: &[&str]) -> Game {
    let mut g = Game::new(variant, start).unwrap();
    for m in moves {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn opening() -> Game {
    game(Variant::Orthodox, None, &["e2e4", "e7e5", "g1f3"])
}

#[test]
fn the_three_new_reasons_have_ids_and_words() {
    let resigned = Outcome::win(Color::Black, Reason::Resignation);
    assert_eq!(resigned.text(), "Black wins by resignation");
    assert_eq!(resigned.result(), "0-1");
    assert_eq!(Reason::Resignation.id(), "resignation");
    let agreed = Outcome::draw(Reason::Agreement);
    assert_eq!(agreed.text(), "Draw by agreement");
    assert_eq!(agreed.result(), "1/2-1/2");
    assert_eq!(Reason::Agreement.id(), "agreement");
    let time = Outcome::win(Color::White, Reason::Time);
    assert_eq!(time.text(), "White wins on time");
    assert_eq!(time.result(), "1-0");
    assert_eq!(Reason::Time.id(), "time");
    let dead = Outcome::draw(Reason::TimeoutVsInsufficientMaterial(Color::White));
    assert_eq!(
        dead.text(),
        "Draw: White ran out of time but Black cannot win"
    );
    assert_eq!(dead.result(), "1/2-1/2");
    assert_eq!(
        Reason::TimeoutVsInsufficientMaterial(Color::Black).id(),
        "timeout-vs-insufficient-material"
    );
    // The board's own reasons read as before.
    assert_eq!(
        Outcome::win(Color::Black, Reason::Checkmate).text(),
        "Black wins by checkmate"
    );
    assert!(Reason::Resignation.is_declared() && !Reason::Checkmate.is_declared());
}

#[test]
fn resigning_ends_the_game_and_no_move_can_follow() {
    let mut g = opening();
    let o = g.resign(Color::Black).unwrap();
    assert_eq!(o, Outcome::win(Color::White, Reason::Resignation));
    assert_eq!(g.outcome(), Some(o));
    assert_eq!(g.declared(), Some(o));
    assert_eq!(
        g.play("b8c6").unwrap_err().message(),
        "the game is over: White wins by resignation"
    );
    assert_eq!(g.line_texts(), ["e2e4", "e7e5", "g1f3"]);
    // Either side may resign, whoever is to move.
    let mut g = opening();
    assert_eq!(
        g.resign(Color::White).unwrap().text(),
        "Black wins by resignation"
    );
}

#[test]
fn a_draw_by_agreement() {
    let mut g = opening();
    assert_eq!(g.agree_draw().unwrap(), Outcome::draw(Reason::Agreement));
    assert_eq!(g.outcome().unwrap().text(), "Draw by agreement");
    assert_eq!(
        g.play("b8c6").unwrap_err().message(),
        "the game is over: Draw by agreement"
    );
}

#[test]
fn a_declared_outcome_stays_at_the_end_through_undo_redo_and_go_to() {
    let mut g = opening();
    let o = g.resign(Color::White).unwrap();
    g.undo();
    assert_eq!(g.outcome(), None, "the position before the end is not over");
    assert_eq!(g.final_outcome(), Some(o));
    assert_eq!(g.declared(), Some(o));
    g.redo();
    assert_eq!(g.outcome(), Some(o));
    g.go_to(0).unwrap();
    assert_eq!(g.outcome(), None);
    g.go_to(3).unwrap();
    assert_eq!(g.outcome(), Some(o));
    assert_eq!(g.redo(), None);
}

#[test]
fn a_declared_outcome_stays_on_its_node_when_a_variation_is_played() {
    let mut g = opening();
    let o = g.agree_draw().unwrap();
    let end = g.current_node();
    g.undo();
    g.play("b1c3").unwrap();
    // The variation goes on; the main line still ends in the draw.
    assert_eq!(g.declared(), None);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.final_outcome(), None);
    assert_eq!(g.line_texts(), ["e2e4", "e7e5", "b1c3"]);
    g.go_to_node(end).unwrap();
    assert_eq!(g.outcome(), Some(o));
    assert_eq!(g.line_texts(), ["e2e4", "e7e5", "g1f3"]);
    // The same move again steps back into the node where the draw was agreed.
    let mut g = opening();
    g.agree_draw().unwrap();
    g.undo();
    g.play("g1f3").unwrap();
    assert_eq!(g.outcome(), Some(o));
    assert!(g.play("b8c6").is_err());
    // Deleting the node drops its outcome with it.
    let here = g.current_node();
    g.delete(here).unwrap();
    assert_eq!(g.final_outcome(), None);
    g.play("g1f3").unwrap();
    g.play("b8c6").unwrap();
}

#[test]
fn declaring_is_refused_away_from_the_end_or_when_over() {
    let mut g = opening();
    g.undo();
    assert_eq!(
        g.resign(Color::White).unwrap_err().message(),
        "the game can only end at its last move: the position shown is ply 2 of 3"
    );
    assert_eq!(g.declared(), None);
    g.redo();
    g.resign(Color::White).unwrap();
    for err in [
        g.resign(Color::Black).unwrap_err(),
        g.agree_draw().unwrap_err(),
        g.flag_fall(Color::White).unwrap_err(),
    ] {
        assert_eq!(
            err.message(),
            "the game is already over: Black wins by resignation"
        );
    }
    g.undo();
    assert_eq!(
        g.agree_draw().unwrap_err().message(),
        "the game is already over: Black wins by resignation"
    );
    // A game the board ended: checkmate, also seen from an earlier ply.
    let mut mated = game(Variant::Orthodox, None, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(
        mated.resign(Color::Black).unwrap_err().message(),
        "the game is already over: Black wins by checkmate"
    );
    mated.undo();
    assert_eq!(
        mated.agree_draw().unwrap_err().message(),
        "the game is already over: Black wins by checkmate"
    );
    // Only the players' reasons can be declared.
    let mut g = opening();
    assert_eq!(
        g.declare(Outcome::win(Color::White, Reason::Checkmate))
            .unwrap_err()
            .message(),
        "checkmate cannot be declared: the position decides it"
    );
    assert_eq!(g.outcome(), None);
    // A declared outcome from the start, before any move.
    let mut g = Game::new(Variant::Riftwalker, None).unwrap();
    assert_eq!(
        g.resign(Color::White).unwrap(),
        Outcome::win(Color::Black, Reason::Resignation)
    );
}

/// The outcome when `flagged`'s clock runs out in the orthodox position `fen`.
fn flag(variant: Variant, fen: &str, flagged: Color) -> Result<Outcome, String> {
    let mut g = game(variant, Some(fen), &[]);
    g.flag_fall(flagged).map_err(|e| e.message().to_string())
}

#[test]
fn a_loss_on_time_or_a_draw_when_the_opponent_cannot_win() {
    let o = Variant::Orthodox;
    let queen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    assert_eq!(
        flag(o, queen, Color::Black),
        Ok(Outcome::win(Color::White, Reason::Time))
    );
    let draw = flag(o, queen, Color::White).unwrap();
    assert_eq!(
        draw,
        Outcome::draw(Reason::TimeoutVsInsufficientMaterial(Color::White))
    );
    assert_eq!(
        draw.text(),
        "Draw: White ran out of time but Black cannot win"
    );
    // From the start, either side's flag loses.
    let mut g = opening();
    assert_eq!(
        g.flag_fall(Color::Black).unwrap().text(),
        "White wins on time"
    );
    assert_eq!(
        g.play("b8c6").unwrap_err().message(),
        "the game is over: White wins on time"
    );
}

#[test]
fn orthodox_mating_material_of_the_side_with_time() {
    let o = Variant::Orthodox;
    let drawn = Ok(Outcome::draw(Reason::TimeoutVsInsufficientMaterial(
        Color::Black,
    )));
    let won = Ok(Outcome::win(Color::White, Reason::Time));
    // White cannot mate: a knight against a king that has only queens to block with, a
    // bishop against a rook or queens.
    let cannot = [
        "3qk3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "3rk3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "3qk3/8/8/8/8/8/8/2B1K3 w - - 0 1",
    ];
    let can = [
        // A knight when a rook, bishop, knight or pawn may block.
        "3rk3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "4kb2/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "4k3/4p3/8/8/8/8/8/1N2K3 w - - 0 1",
        // Two knights (with help).
        "3qk3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
        // A bishop against a pawn, a knight or a bishop of the other shade.
        "4k3/4p3/8/8/8/8/8/2B1K3 w - - 0 1",
        "1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4kb2/8/8/8/8/8/8/3BK3 w - - 0 1",
        // Bishops on both shades.
        "3qk3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
    ];
    for (fens, expected) in [(&cannot[..], &drawn), (&can[..], &won)] {
        for fen in fens {
            assert_eq!(&flag(o, fen, Color::Black), expected, "{fen}");
        }
    }
    // Bishops of one shade against the same shade: the board already calls it dead.
    assert_eq!(
        flag(o, "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::Black),
        Err("the game is already over: Draw by insufficient material".to_string())
    );
}

#[test]
fn other_games_draw_a_flag_only_against_a_bare_king_without_pawns_in_hand() {
    // Pawnier Chess: kings alone, but Black holds a pawn to drop.
    let p = "4k4/9/9/9/6*2/4*4/2*6/9/9/9/4K4[p] w";
    assert!(Position::from_text(Variant::Pawnier, p)
        .unwrap()
        .outcome()
        .is_none());
    assert_eq!(
        flag(Variant::Pawnier, p, Color::White),
        Ok(Outcome::win(Color::Black, Reason::Time))
    );
    assert_eq!(
        flag(Variant::Pawnier, p, Color::Black),
        Ok(Outcome::draw(Reason::TimeoutVsInsufficientMaterial(
            Color::Black
        )))
    );
    // Every game from its start: a loss on time.
    for v in Variant::ALL {
        let mut g = Game::new(v, None).unwrap();
        assert_eq!(
            g.flag_fall(Color::White).unwrap(),
            Outcome::win(Color::Black, Reason::Time),
            "{}",
            v.id()
        );
    }
}

// ---- PGN ----

#[test]
fn pgn_of_a_resigned_game_round_trips() {
    let mut g = opening();
    g.resign(Color::Black).unwrap();
    let text = pgn::write(&g, &[("Date", "2026.11.23")]);
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"fairyboard\"]\n[Date \"2026.11.23\"]\n[Round \"-\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[Variant \"Standard\"]\n\
         [Termination \"Normal\"]\n\n1. e4 e5 2. Nf3 1-0\n"
    );
    let back = pgn::read(&text).unwrap();
    assert_eq!(back.message(), None);
    assert_eq!(back.game.line_texts(), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(
        back.game.outcome(),
        Some(Outcome::win(Color::White, Reason::Resignation))
    );
    assert_eq!(pgn::write(&back.game, &[("Date", "2026.11.23")]), text);
}

/// A way to end a game, giving its outcome.
type End = fn(&mut Game) -> Outcome;

#[test]
fn pgn_of_agreement_and_time_round_trips() {
    let ends: [(End, &str, &str); 3] = [
        (|g| g.agree_draw().unwrap(), "1/2-1/2", "Normal"),
        (
            |g| g.flag_fall(Color::White).unwrap(),
            "0-1",
            "Time forfeit",
        ),
        (
            |g| g.flag_fall(Color::Black).unwrap(),
            "1-0",
            "Time forfeit",
        ),
    ];
    for (end, result, termination) in ends {
        let mut g = opening();
        let o = end(&mut g);
        let text = pgn::write(&g, &[]);
        assert!(
            text.contains(&format!(
                "[Result \"{result}\"]\n[Variant \"Standard\"]\n[Termination \"{termination}\"]\n"
            )),
            "{text}"
        );
        assert!(text.ends_with(&format!("2. Nf3 {result}\n")), "{text}");
        let back = pgn::read(&text).unwrap();
        assert_eq!(back.game.outcome(), Some(o), "{text}");
    }
    // A flag against a bare king: drawn, and read back as such.
    let mut g = game(
        Variant::Orthodox,
        Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
        &["d1d2"],
    );
    // White's flag with Black to move: the draw is read back for the right side.
    let o = g.flag_fall(Color::White).unwrap();
    assert_eq!(o.text(), "Draw: White ran out of time but Black cannot win");
    let text = pgn::write(&g, &[]);
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
    assert!(text.contains("[Termination \"Time forfeit\"]"), "{text}");
    assert_eq!(pgn::read(&text).unwrap().game.outcome(), Some(o));
}

#[test]
fn pgn_of_board_results_gets_a_normal_termination_and_open_games_none() {
    let mated = game(Variant::Orthodox, None, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    let text = pgn::write(&mated, &[]);
    assert!(text.contains("[Result \"0-1\"]\n[Variant \"Standard\"]\n[Termination \"Normal\"]\n"));
    assert_eq!(
        pgn::read(&text).unwrap().game.outcome(),
        Some(Outcome::win(Color::Black, Reason::Checkmate))
    );
    let open = pgn::write(&opening(), &[("Termination", "Normal")]);
    assert!(!open.contains("Termination"), "{open}");
    assert!(open.contains("[Result \"*\"]"), "{open}");
}

#[test]
fn pgn_results_read_from_other_writers() {
    let read = |text: &str| pgn::read(text).unwrap().game.outcome();
    assert_eq!(
        read("[Result \"0-1\"]\n1. e2e4 e7e5 2. g1f3 0-1"),
        Some(Outcome::win(Color::Black, Reason::Resignation))
    );
    assert_eq!(
        read("[Result \"1-0\"]\n[Termination \"time forfeit\"]\n1. e2e4 e7e5 2. g1f3 1-0"),
        Some(Outcome::win(Color::White, Reason::Time))
    );
    assert_eq!(
        read("[Result \"1/2-1/2\"]\n1. e2e4 e7e5 1/2-1/2"),
        Some(Outcome::draw(Reason::Agreement))
    );
    // A timed-out draw where neither side is short of material: read as agreed.
    assert_eq!(
        read("[Result \"1/2-1/2\"]\n[Termination \"Time forfeit\"]\n1. e2e4 1/2-1/2"),
        Some(Outcome::draw(Reason::Agreement))
    );
    assert_eq!(read("[Result \"*\"]\n1. e2e4 e7e5 *"), None);
    assert_eq!(
        read("1. e2e4 e7e5 1-0"),
        None,
        "no Result tag: nothing declared"
    );
    // A record cut short by a bad move keeps its moves but not the result.
    let r = pgn::read("[Result \"1-0\"]\n1. e2e4 e7e5 2. e1e3 1-0").unwrap();
    assert_eq!(r.used, 2);
    assert_eq!(r.game.outcome(), None);
}
