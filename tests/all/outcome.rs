//! How games end, en passant, castling, and the Game's history, written from the FIDE
//! rules and RULES.md section 0 (the defaults every game shares).

use crate::common::{after, castling_effects};
use fairyboard::{Color, Effect, Game, How, Outcome, Position, Reason, Square, Variant, Why};

fn pos(text: &str) -> Position {
    crate::common::position_of(Variant::Orthodox, text)
}

fn game(text: &str) -> Game {
    Game::new(Variant::Orthodox, Some(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn sq(name: &str) -> Square {
    Variant::Orthodox.geometry().parse_square(name).unwrap()
}

fn legal(p: &Position, text: &str) -> bool {
    p.parse_move(text).is_ok()
}

/// The position after one move given as text.
fn sorted_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

const DRAW: Option<Color> = None;

// ---------------------------------------------------------------- checkmate and stalemate

#[test]
fn fools_mate() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    play(&mut g, "f2f3 e7e5 g2g4");
    assert_eq!(g.outcome(), None);
    play(&mut g, "d8h4");
    let o = g.outcome().unwrap();
    assert_eq!(
        o,
        Outcome {
            winner: Some(Color::Black),
            reason: Reason::Checkmate
        }
    );
    assert_eq!(o.result(), "0-1");
    assert_eq!(o.text(), "Black wins by checkmate");
    assert_eq!(
        g.position().to_text(),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    assert!(g.position().in_check());
    assert_eq!(g.position().legal_moves().len(), 0);
    assert_eq!(g.position().count_legal(), 0);
}

#[test]
fn scholars_mate_is_a_white_win() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    play(&mut g, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6");
    assert_eq!(g.outcome(), None);
    play(&mut g, "h5f7");
    let o = g.outcome().unwrap();
    assert_eq!(
        o,
        Outcome {
            winner: Some(Color::White),
            reason: Reason::Checkmate
        }
    );
    assert_eq!(o.result(), "1-0");
    assert_eq!(o.text(), "White wins by checkmate");
}

#[test]
fn a_check_that_can_be_answered_is_not_mate() {
    // Qh5xf7+ with the bishop not covering f7: the king takes the queen.
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    play(&mut g, "e2e4 e7e5 d1h5 b8c6 h5f7");
    assert!(g.position().in_check());
    assert_eq!(g.outcome(), None);
    assert_eq!(sorted_moves(g.position()), ["e8f7"]);
}

#[test]
fn stalemate() {
    // Black king h8: g8, g7 and h7 are covered by Qf7 and Kg6, and h8 is not attacked.
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b");
    assert!(!p.in_check());
    assert_eq!(p.legal_moves().len(), 0);
    let o = p.outcome().unwrap();
    assert_eq!(
        o,
        Outcome {
            winner: DRAW,
            reason: Reason::Stalemate
        }
    );
    assert_eq!(o.result(), "1/2-1/2");
    assert_eq!(o.text(), "Draw by stalemate");
    assert_eq!(game("7k/5Q2/6K1/8/8/8/8/8 b").outcome(), Some(o));
}

#[test]
fn stalemate_by_a_move() {
    let mut g = game("7k/8/6K1/8/8/8/8/5Q2 w");
    assert_eq!(g.outcome(), None);
    play(&mut g, "f1f7");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: DRAW,
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn back_rank_mate() {
    let p = after(&pos("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1"), "a1a8");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: Reason::Checkmate
        })
    );
    // With an escape square (h7 empty) it is only check.
    let q = after(&pos("6k1/5pp1/8/8/8/8/8/R3K3 w - - 0 1"), "a1a8");
    assert!(q.in_check());
    assert_eq!(q.outcome(), None);
}

// ---------------------------------------------------------------- the 100-ply rule

#[test]
fn hundred_quiet_plies_draw() {
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(p.outcome(), None);
    let q = after(&p, "a1a2");
    assert_eq!(q.halfmove(), 100);
    assert_eq!(
        q.outcome(),
        Some(Outcome {
            winner: DRAW,
            reason: Reason::HundredPly
        })
    );
    assert_eq!(q.outcome().unwrap().text(), "Draw by the 100-ply rule");
    // One ply fewer is not enough.
    let r = after(&pos("4k3/8/8/8/8/8/8/R3K3 w - - 98 80"), "a1a2");
    assert_eq!((r.halfmove(), r.outcome()), (99, None));
}

#[test]
fn captures_and_pawn_moves_reset_the_count() {
    let capture = after(&pos("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80"), "a1a2");
    assert_eq!((capture.halfmove(), capture.outcome()), (0, None));
    let pawn = after(&pos("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80"), "a2a3");
    assert_eq!((pawn.halfmove(), pawn.outcome()), (0, None));
    // A king move and castling do not reset it.
    let king = after(&pos("4k3/8/8/8/8/8/8/R3K3 w - - 10 80"), "e1d1");
    assert_eq!(king.halfmove(), 11);
    let castle = after(&pos("4k3/8/8/8/8/8/8/R3K3 w Q - 10 80"), "e1c1");
    assert_eq!(castle.halfmove(), 11);
}

#[test]
fn checkmate_on_the_hundredth_ply_wins() {
    let p = after(&pos("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80"), "a1a8");
    assert_eq!(p.halfmove(), 100);
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn hundred_ply_game_is_over() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: DRAW,
            reason: Reason::HundredPly
        })
    );
    let e = g.play("a1a2").unwrap_err();
    assert!(e.message().contains("the game is over"), "{e}");
    assert_eq!(g.ply(), 0);
}

// ---------------------------------------------------------------- repetition

#[test]
fn threefold_repetition_by_knight_shuffles() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    // The start position: first occurrence at ply 0, second at ply 4.
    for m in shuffle {
        play(&mut g, m);
        assert_eq!(g.outcome(), None, "after {m}");
    }
    // Positions after g1f3 etc. occur for the second time here, never the third.
    for m in &shuffle[..3] {
        play(&mut g, m);
        assert_eq!(g.outcome(), None, "after {m}");
    }
    play(&mut g, "f6g8");
    assert_eq!(g.ply(), 8);
    let o = g.outcome().unwrap();
    assert_eq!(
        o,
        Outcome {
            winner: DRAW,
            reason: Reason::Repetition
        }
    );
    assert_eq!(o.text(), "Draw by threefold repetition");
    assert!(g.play("e2e4").is_err());
    // Undo: the third occurrence is gone.
    g.undo();
    assert_eq!(g.outcome(), None);
    assert!(g.play("f6g8").is_ok());
    assert_eq!(g.outcome().unwrap().reason, Reason::Repetition);
}

#[test]
fn repetition_counts_from_the_start_position_of_the_game() {
    // The same shuffle from a set-up position: the start counts as the first occurrence.
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut g, "a1a2 e8d8 a2a1 d8e8 a1a2 e8d8 a2a1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "d8e8");
    assert_eq!(g.outcome().unwrap().reason, Reason::Repetition);
}

#[test]
fn repetition_needs_the_same_castling_rights() {
    // King steps and back: the board is the start board again, but the rights are gone.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let cycle = "e1f1 e8f8 f1e1 f8e8";
    play(&mut g, cycle);
    play(&mut g, cycle);
    // The board has now stood three times with White to move, but only twice without rights.
    assert_eq!(g.position().to_text(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 8 5");
    assert_eq!(g.outcome(), None);
    // Kf1 v Ke8 without rights: 2nd time (the 1st Kf1 position still had Black's rights).
    play(&mut g, "e1f1");
    assert_eq!(g.outcome(), None);
    // Kf1 v Kf8, no rights on either side since ply 2: 3rd time.
    play(&mut g, "e8f8");
    assert_eq!(g.outcome().unwrap().reason, Reason::Repetition);
}

#[test]
fn repetition_needs_the_same_en_passant_right() {
    // After d7d5 White could take en passant; the same board later cannot: not the same
    // position (FIDE 9.2.3).
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d7d5");
    assert_eq!(g.position().to_text(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let cycle = "e1e2 e8e7 e2e1 e7e8";
    play(&mut g, cycle);
    play(&mut g, cycle);
    // The board stands the third time, but only the second time without en passant.
    assert_eq!(g.position().to_text(), "4k3/8/8/3pP3/8/8/8/4K3 w - - 8 6");
    assert_eq!(g.outcome(), None);
    // Ke2 v Ke8, Black to move, has now stood after e1e2 of each cycle: 3rd time.
    play(&mut g, "e1e2");
    assert_eq!(g.outcome().unwrap().reason, Reason::Repetition);
}

#[test]
fn an_en_passant_capture_that_is_illegal_gives_no_right() {
    // The Black pawn b4 is pinned on the b-file by the rook b1 against the king b8, so after
    // c2c4 it cannot take en passant: FIDE 9.2.3 counts the position after c2c4 as the same
    // as the later ones with this board and Black to move.
    let mut g = game("1k6/8/8/8/1p6/8/2P5/1R5K w - - 0 1");
    play(&mut g, "c2c4"); // 1st
    assert!(g.position().parse_move("b4c3").is_err());
    let cycle = "b8a8 h1g1 a8b8 g1h1";
    play(&mut g, cycle); // 2nd
    assert_eq!(g.outcome(), None);
    play(&mut g, cycle); // 3rd
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Repetition));
}

#[test]
fn an_en_passant_square_no_pawn_can_use_gives_no_right() {
    // Standard text after 1.e4 often names e3; no Black pawn stands beside e4, so the
    // position is the same as the later ones with this board (FIDE 9.2.3).
    let mut g = game("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"); // 1st
    play(&mut g, "g8f6 g1f3 f6g8 f3g1"); // 2nd
    assert_eq!(g.outcome(), None);
    play(&mut g, "g8f6 g1f3 f6g8 f3g1"); // 3rd
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Repetition));
}

#[test]
fn positions_with_the_other_side_to_move_are_not_repetitions() {
    // Board B: Ke1, Rh1, Ke8, Ra8. White's king walks a triangle (e1-d1-d2-e1) while Black's
    // goes e8-d8-e8, so B comes back with the other side to move.
    let mut t = game("r3k3/8/8/8/8/8/8/4K2R w - - 0 1"); // B, White to move: 1st
    play(&mut t, "e1d1 e8d8 d1d2 d8e8 d2e1"); // B, Black to move: 1st
    play(&mut t, "e8d8 e1d1 d8e8 d1d2 e8d8 d2e1 d8e8"); // B, White to move: 2nd
                                                        // B has stood three times, but only twice with White to move.
    assert_eq!(t.position().to_text(), "r3k3/8/8/8/8/8/8/4K2R w - - 12 7");
    assert_eq!(t.outcome(), None);
    play(&mut t, "e1d1 e8d8 d1e1"); // B with the Black king on d8: not B
    assert_eq!(t.outcome(), None);
    play(&mut t, "d8e8"); // B, White to move: 3rd
    assert_eq!(t.outcome().unwrap().reason, Reason::Repetition);
}

// ---------------------------------------------------------------- insufficient material

fn dead(text: &str) -> bool {
    match pos(text).outcome() {
        Some(o)
            if o == (Outcome {
                winner: DRAW,
                reason: Reason::InsufficientMaterial,
            }) =>
        {
            true
        }
        None => false,
        Some(o) => panic!("{text}: {o:?}"),
    }
}

#[test]
fn insufficient_material_draws() {
    assert!(dead("4k3/8/8/8/8/8/8/4K3 w"), "kings alone");
    assert!(dead("4k3/8/8/8/8/8/8/4KN2 w"), "K+N v K");
    assert!(dead("4k1n1/8/8/8/8/8/8/4K3 b"), "K v K+N");
    assert!(dead("4k3/8/8/8/8/8/8/4KB2 w"), "K+B v K");
    assert!(dead("4kb2/8/8/8/8/8/8/4K3 w"), "K v K+B");
    // f1 and c8 are both light squares.
    assert!(dead("2b1k3/8/8/8/8/8/8/4KB2 w"), "K+B v K+B, same colour");
    // Two bishops of one side on one colour (f1, h3 light) cannot mate either.
    assert!(dead("4k3/8/8/8/8/7B/8/4KB2 w"), "K+B+B same colour v K");
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4KB2 w").outcome().unwrap().text(),
        "Draw by insufficient material"
    );
}

#[test]
fn sufficient_material_goes_on() {
    // f8 is dark, f1 light: a mate is possible (e.g. with the kings in a corner).
    assert!(
        !dead("4kb2/8/8/8/8/8/8/4KB2 w"),
        "K+B v K+B, opposite colours"
    );
    assert!(!dead("4k3/8/8/8/8/8/8/4K2R w"), "K+R v K");
    assert!(!dead("4k3/8/8/8/8/8/4P3/4K3 w"), "K+P v K");
    assert!(!dead("4k3/8/8/8/8/8/8/3QK3 w"), "K+Q v K");
    assert!(!dead("4k3/8/8/8/8/8/8/1N2KN2 w"), "K+N+N v K");
    assert!(!dead("4kn2/8/8/8/8/8/8/4KN2 w"), "K+N v K+N");
    assert!(
        !dead("4k3/8/8/8/8/8/8/2B1KB2 w"),
        "K+B+B opposite colours v K"
    );
    assert!(!dead("4k3/8/8/8/8/8/8/1N2KB2 w"), "K+B+N v K");
    assert!(!dead("4kn2/8/8/8/8/8/8/4KB2 w"), "K+B v K+N");
}

#[test]
fn capture_into_insufficient_material() {
    let mut g = game("4k3/8/8/8/8/8/8/3rKB2 w - - 0 1");
    assert!(g.position().in_check());
    play(&mut g, "e1d1");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: DRAW,
            reason: Reason::InsufficientMaterial
        })
    );
}

// ---------------------------------------------------------------- en passant

#[test]
fn en_passant_right_after_the_double_step() {
    let p = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    let q = after(&p, "e2e4");
    assert_eq!(q.to_text(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    let m = q.parse_move("d4e3").unwrap();
    assert_eq!(
        m.effects(),
        [
            Effect::Remove {
                at: sq("e4"),
                why: Why::EnPassant
            },
            Effect::Move {
                from: sq("d4"),
                to: sq("e3"),
                how: How::Step
            }
        ]
    );
    assert!(m.is_capture());
    // The pawn on e4 is gone, not the (empty) e3.
    assert_eq!(q.after(&m).to_text(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
}

#[test]
fn en_passant_only_immediately() {
    let mut g = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut g, "e2e4 e8d8 e1d1");
    assert_eq!(g.position().ep(), None);
    let text = g.position().to_text();
    let e = g.play("d4e3").unwrap_err();
    assert!(e.message().contains("not a legal move"), "{e}");
    assert_eq!(g.position().to_text(), text);
}

#[test]
fn en_passant_only_after_a_double_step() {
    // e3e4 is a single step: the pawn on e4 cannot be taken en passant.
    let p = after(&pos("4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1"), "e3e4");
    assert_eq!(p.ep(), None);
    assert!(!legal(&p, "d4e3"));
    // Black's double step next to a White pawn.
    let q = after(&pos("4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1"), "c7c5");
    assert_eq!(q.to_text(), "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2");
    assert_eq!(
        after(&q, "d5c6").to_text(),
        "4k3/8/2P5/8/8/8/8/4K3 b - - 0 2"
    );
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_illegal() {
    // White Ka5, pawns b5 (White) and c5 (Black), Black rook h5: b5xc6 e.p. takes both pawns
    // off rank 5 and the rook attacks a5. b4 is covered by the c5 pawn.
    let p = pos("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
    assert!(!p.in_check());
    assert!(!legal(&p, "b5c6"));
    assert_eq!(sorted_moves(&p), ["a5a4", "a5a6", "a5b6", "b5b6"]);
    // Without the rook the same capture is legal.
    let q = pos("8/8/8/KPp5/8/8/8/4k3 w - c6 0 1");
    assert!(legal(&q, "b5c6"));
    assert_eq!(
        after(&q, "b5c6").to_text(),
        "8/8/2P5/K7/8/8/8/4k3 b - - 0 1"
    );
}

#[test]
fn en_passant_pinned_on_a_diagonal() {
    // The White pawn e5 stands between the White king b2 and the Black bishop h8 on the
    // diagonal b2-c3-d4-e5-f6-g7-h8: exd6 e.p. leaves the diagonal, so it is illegal.
    let p = pos("4k2b/8/8/3pP3/8/8/1K6/8 w - d6 0 1");
    assert!(!legal(&p, "e5d6"));
    // The pinned pawn cannot push either; it could only take along the pin (nothing there).
    assert!(!legal(&p, "e5e6"));
}

#[test]
fn en_passant_answers_a_check_by_the_double_stepped_pawn() {
    // d2d4 checks the Black king on c5 (a White pawn on d4 attacks c5 and e5); e4xd3 e.p.
    // removes the checking pawn.
    let p = after(&pos("8/8/8/2k5/4p3/8/3P4/4K3 w - - 0 1"), "d2d4");
    assert!(p.in_check());
    assert_eq!(p.ep(), Some(sq("d3")));
    assert!(legal(&p, "e4d3"));
    assert_eq!(
        after(&p, "e4d3").to_text(),
        "8/8/8/2k5/8/3p4/8/4K3 w - - 0 2"
    );
}

// ---------------------------------------------------------------- castling

const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn castling_both_sides() {
    let p = pos(CASTLE);
    let short = p.parse_move("e1g1").unwrap();
    let moves: Vec<&Effect> = short
        .effects()
        .iter()
        .filter(|e| matches!(e, Effect::Move { .. }))
        .collect();
    assert_eq!(moves.len(), 2);
    assert_eq!(short.effects().len(), 2);
    assert!(!short.is_capture());
    assert_eq!(
        p.after(&short).to_text(),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    );
    let long = p.parse_move("e1c1").unwrap();
    assert_eq!(
        long.effects(),
        castling_effects(Variant::Orthodox, ("e1", "c1"), ("a1", "d1"))
    );
    assert_eq!(
        p.after(&long).to_text(),
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    );
}

#[test]
fn no_castling_out_of_check() {
    let p = pos("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(p.in_check());
    assert!(!legal(&p, "e1g1"));
    assert!(!legal(&p, "e1c1"));
}

#[test]
fn no_castling_through_an_attacked_square() {
    // f1 attacked: no short castling; long is fine.
    let p = pos("4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&p, "e1g1"));
    assert!(legal(&p, "e1c1"));
    // d1 attacked: no long castling; short is fine.
    let q = pos("4k3/3r4/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&q, "e1c1"));
    assert!(legal(&q, "e1g1"));
    // Black: f8 attacked by a bishop on a3.
    let b = pos("r3k2r/8/8/8/8/B7/8/4K3 b kq - 0 1");
    assert!(!legal(&b, "e8g8"));
    assert!(legal(&b, "e8c8"));
}

#[test]
fn no_castling_into_check() {
    let p = pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&p, "e1g1"));
    assert!(legal(&p, "e1c1"));
    let q = pos("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&q, "e1c1"));
    assert!(legal(&q, "e1g1"));
}

#[test]
fn castling_with_attacked_rook_or_b_file_square() {
    // The king passes d1 and lands on c1; b1 (crossed by the rook only) may be attacked.
    let p = pos("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(legal(&p, "e1c1"));
    // The rook on h1 attacked by the rook on h8: still legal.
    let q = pos("4k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(legal(&q, "e1g1"));
}

#[test]
fn no_castling_through_pieces() {
    assert!(!legal(&pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "e1c1"));
    assert!(!legal(&pos("4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1"), "e1g1"));
    assert!(!legal(&pos("4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1"), "e1g1"));
    // An enemy piece in the way too.
    assert!(!legal(&pos("4k3/8/8/8/8/8/8/R2nK2R w KQ - 0 1"), "e1c1"));
    assert!(legal(&pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "e1g1"));
}

#[test]
fn rights_lost_after_the_king_moves() {
    let mut g = game(CASTLE);
    play(&mut g, "e1f1");
    assert_eq!(g.position().to_text(), "r3k2r/8/8/8/8/8/8/R4K1R b kq - 1 1");
    play(&mut g, "e8e7 f1e1 e7e8");
    assert_eq!(g.position().to_text(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
    assert!(g.play("e1g1").is_err());
    assert!(g.play("e1c1").is_err());
}

#[test]
fn rights_lost_after_the_rook_moves() {
    let mut g = game(CASTLE);
    play(&mut g, "h1h2 a8a7 h2h1 a7a8");
    assert_eq!(g.position().to_text(), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
    assert!(g.play("e1g1").is_err());
    play(&mut g, "e1c1");
    assert!(g.play("e8c8").is_err());
    play(&mut g, "e8g8");
    assert_eq!(g.position().to_text(), "r4rk1/8/8/8/8/8/8/2KR3R w - - 6 4");
}

#[test]
fn rights_lost_when_the_rook_is_captured() {
    let p = after(&pos(CASTLE), "a1a8");
    // White's a1 rook moved (Q gone) and Black's a8 rook was taken (q gone).
    assert_eq!(p.to_text(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    // A capture on h8 by a bishop: Black loses k, White keeps both.
    let q = after(&pos("r3k2r/8/8/8/8/8/1B6/R3K2R w KQkq - 0 1"), "b2h8");
    assert_eq!(q.to_text(), "r3k2B/8/8/8/8/8/8/R3K2R b KQq - 0 1");
    assert!(!legal(&q, "e8g8"));
    assert!(legal(&q, "e8c8"));
}

// ---------------------------------------------------------------- the Game

#[test]
fn undo_and_redo_restore_exact_positions() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    assert!(!g.can_undo() && !g.can_redo());
    assert_eq!(g.undo(), None);
    let moves = ["e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4"];
    let mut texts = vec![g.position().to_text()];
    let mut positions = vec![g.position().clone()];
    for m in moves {
        play(&mut g, m);
        texts.push(g.position().to_text());
        positions.push(g.position().clone());
    }
    assert_eq!(g.move_texts(), moves);
    // c5d4 is a capture after a double step: no en passant square, halfmove clock 0.
    assert_eq!(
        texts[6],
        "rnbqkbnr/pp2pppp/3p4/8/3pP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4"
    );
    for i in (0..6).rev() {
        let m = g.undo().unwrap();
        assert_eq!(g.ply(), i);
        assert_eq!(positions[i].move_text(&m), moves[i]);
        assert_eq!(g.position(), &positions[i]);
        assert_eq!(g.position().to_text(), texts[i]);
        assert!(g.can_redo());
    }
    assert_eq!(g.undo(), None);
    assert_eq!(g.position(), &Position::start(Variant::Orthodox).unwrap());
    for i in 1..=6 {
        let m = g.redo().unwrap();
        assert_eq!(positions[i - 1].move_text(&m), moves[i - 1]);
        assert_eq!(g.position(), &positions[i]);
    }
    assert_eq!(g.redo(), None);
    assert!(!g.can_redo());
    // go_to anywhere in between.
    g.go_to(2).unwrap();
    assert_eq!(g.position(), &positions[2]);
    // The line keeps the moves after the cursor; the played moves stop at it.
    assert_eq!(g.move_texts(), moves[..2]);
    assert_eq!(g.line_texts(), moves);
    assert_eq!(g.start().to_text(), texts[0]);
    assert!(g.go_to(7).is_err());
    assert_eq!(g.ply(), 2);
}

#[test]
fn playing_after_undo_drops_the_redo_moves() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    play(&mut g, "e2e4 e7e5 g1f3");
    g.undo();
    g.undo();
    assert!(g.can_redo());
    play(&mut g, "c7c5");
    assert!(!g.can_redo());
    assert_eq!(g.redo(), None);
    assert_eq!(g.move_texts(), ["e2e4", "c7c5"]);
    // No White pawn beside c5, so no en passant square is recorded.
    assert_eq!(
        g.position().to_text(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert!(g.go_to(3).is_err());
}

#[test]
fn an_illegal_move_leaves_the_game_unchanged() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    play(&mut g, "e2e4 e7e5 g1f3");
    g.undo();
    let (ply, text, moves) = (g.ply(), g.position().to_text(), g.move_texts());
    for bad in ["e2e4", "e1e3", "zz", "", "e7e5", "g1f3q", "a1a9"] {
        assert!(g.play(bad).is_err(), "{bad}");
        assert_eq!(g.ply(), ply);
        assert_eq!(g.position().to_text(), text);
        assert_eq!(g.move_texts(), moves);
        // The undone move can still be redone.
        assert!(g.can_redo(), "{bad}");
    }
    assert!(g.redo().is_some());
    assert_eq!(g.move_texts(), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn play_after_the_game_is_over() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    play(&mut g, "f2f3 e7e5 g2g4 d8h4");
    let text = g.position().to_text();
    let e = g.play("a2a3").unwrap_err();
    assert!(e.message().contains("the game is over"), "{e}");
    assert!(e.message().contains("Black wins by checkmate"), "{e}");
    assert_eq!(g.position().to_text(), text);
    assert_eq!(g.ply(), 4);
    // After an undo the game is open again.
    g.undo();
    assert_eq!(g.outcome(), None);
    play(&mut g, "d8e7");
    assert_eq!(g.ply(), 4);
}

#[test]
fn game_from_text_or_start() {
    // No text is the start; blank text is refused like any malformed position.
    assert_eq!(
        Game::new(Variant::Orthodox, None).unwrap().position(),
        &Position::start(Variant::Orthodox).unwrap()
    );
    assert!(Game::new(Variant::Orthodox, Some("  ")).is_err());
    let g = game("4k3/8/8/8/8/8/8/4K2R w");
    assert_eq!(g.start().to_text(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(g.variant(), Variant::Orthodox);
    assert!(Game::new(Variant::Orthodox, Some("4k3/8 w")).is_err());
}

/// A lesson's practice board (issue 44): a lone king standing by is no draw by material, nor
/// is a repetition; checkmate still ends it, and a game again draws as before.
#[test]
fn a_practice_board_ends_only_by_mate_stalemate_or_a_special_win() {
    let mut g = game("7k/8/8/8/8/8/4K3/8 w - - 0 1");
    assert_eq!(
        g.outcome().map(|o| o.reason),
        Some(Reason::InsufficientMaterial)
    );
    assert!(g.play("e2e3").is_err());
    g.set_practice(true);
    assert_eq!(g.outcome(), None);
    play(&mut g, "e2e3 h8g8 e3e2 g8h8 e2e3 h8g8 e3e2 g8h8");
    assert_eq!(
        g.outcome(),
        None,
        "no draw by repetition on a practice board"
    );
    g.set_practice(false);
    assert!(g.outcome().is_some());

    let mut mate = game("7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    mate.set_practice(true);
    play(&mut mate, "a1a8");
    assert_eq!(
        mate.outcome(),
        Some(Outcome::win(Color::White, Reason::Checkmate))
    );
}
