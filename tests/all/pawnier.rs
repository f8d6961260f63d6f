//! Pawnier Chess (RULES.md section 4 and docs/rulings-pawnier.md), written from the rules:
//! each power and each ruling (P3, P4, P5, P9 of RULES.md; P10-P15 of the rulings file) in
//! a small position with the exact list of legal moves worked out by hand in the comments,
//! the exact position text after every special move, checks, mates and stalemate, and then
//! property tests along random games.

use std::collections::HashSet;

use fairyboard::{Choice, Color, Effect, Game, Kind, Outcome, Position, Reason, Variant};
use proptest::prelude::*;

use crate::common;
use common::{
    after, all_moves, assert_moves_from, check_halfmove, check_outcome, check_round_trip,
    move_text_once, moves_from,
};

const START: &str =
    "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1";

fn pos(text: &str) -> Position {
    crate::common::position_of(Variant::Pawnier, text)
}

fn err(text: &str) -> String {
    match Position::from_text(Variant::Pawnier, text) {
        Ok(_) => panic!("{text} was accepted"),
        Err(e) => e.message().to_string(),
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn strings(v: &[&str]) -> Vec<String> {
    sorted(v.iter().map(|s| s.to_string()).collect())
}

/// The sorted legal drops.
fn drops(p: &Position) -> Vec<String> {
    sorted(
        p.legal_moves()
            .iter()
            .filter(|m| m.from.is_none())
            .map(|m| p.move_text(m))
            .collect(),
    )
}

// ---------------------------------------------------------------- start position and text

#[test]
fn start_position_text_and_moves() {
    let p = Position::start(Variant::Pawnier).unwrap();
    assert_eq!(p.to_text(), START);
    assert_eq!((p.hand(Color::White), p.hand(Color::Black)), (6, 6));
    // Worked out square by square from RULES.md 4:
    let expected = strings(&[
        // Drops: the 20 empty squares of ranks 1-4.
        "P@a1", "P@b1", "P@c1", "P@d1", "P@e1", "P@f1", "P@g1", "P@h1", "P@i1", "P@a2", "P@b2",
        "P@i2", "P@a3", "P@b3", "P@a4", "P@b4", "P@c4", "P@d4", "P@e4", "P@f4",
        // c2, d2, e2: rooks by their neighbours, hemmed in by the sergeants.
        "c2a2", "c2b2", "c2c1", "d2d1", "e2e1",
        // f2: rook (e2, g2) and knight (g4 is a knight's leap away).
        "f2f1", "f2d1", "f2e4", "f2h1", // g2: rook (f2) and knight (h4).
        "g2g1", "g2e1", "g2f4", "g2i1",
        // g4: rook (h4) up to the hole g7 and west to a4; knight (f2).
        "g4f4", "g4e4", "g4d4", "g4c4", "g4b4", "g4a4", "g4g5", "g4g6", "g4e5", "g4f6", "g4h6",
        "g4i5", // h4: rook (g4, i4) up the h-file; knight (g2).
        "h4h5", "h4h6", "h4h7", "h4h8", "h4h9", "h4h10", "h4h11", "h4f5", "h4g6", "h4i6", "h4i2",
        // i4: rook (h4) up the i-file.
        "i4i5", "i4i6", "i4i7", "i4i8", "i4i9", "i4i10", "i4i11",
        // Sergeants: c3 cannot double-step into the hole c5; g3, h3, i3 are blocked.
        "c3b4", "c3c4", "c3d4", "d3c4", "d3d4", "d3e4", "d3d5", "e3d4", "e3e4", "e3f4", "e3e5",
        "f3e4", "f3f4", "f3f5", "g3f4", // King h2.
        "h2g1", "h2h1", "h2i1", "h2i2",
    ]);
    assert_eq!(expected.len(), 82);
    assert_eq!(all_moves(&p), expected);
    assert_eq!(p.count_legal(), 82);
}

#[test]
fn missing_squares_in_position_text() {
    // c5, e6, g7 are written '*'; nothing may stand there, and '*' elsewhere is refused.
    assert!(
        err("9/1kppppp2/sssssss2/ppp6/6P2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[] w")
            .contains("g7 is a missing square")
    );
    assert!(
        err("9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/*5PPP/2SSSSSSS/2PPPPPK1/9[] w")
            .contains("'*' marks a missing square")
    );
    assert!(
        err("9/1kppppp2/sssssss2/ppp6/9/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[] w")
            .contains("g7 is a missing square")
    );
    // Hands: only pawns, White's and Black's in any order, printed White first.
    assert!(err("K8/9/9/9/6*2/4*4/2*6/9/9/9/8k[S] w").contains("only pawns"));
    let p = pos("K8/9/9/9/6*2/4*4/2*6/9/9/9/8k[pPp] w");
    assert_eq!((p.hand(Color::White), p.hand(Color::Black)), (1, 2));
    assert_eq!(p.to_text(), "K8/9/9/9/6*2/4*4/2*6/9/9/9/8k[Ppp] w - - 0 1");
    // Letters of other games are refused.
    assert!(err("K8/9/9/9/6*2/4*4/2*6/9/9/9/7qk[] w").contains("unknown piece letter 'q'"));
}

#[test]
fn no_castling_and_no_en_passant() {
    // RULES.md 4: no castling; no en passant anywhere, so both fields must be '-'.
    assert!(err("K8/9/9/9/6*2/4*4/2*6/9/9/9/8k[] w KQ").contains("no castling"));
    assert_eq!(
        err("9/9/9/9/6*2/4*4/2*Ss4/9/9/9/K7k[] b - d4"),
        "Pawnier Chess has no en passant: write - instead of d4"
    );
}

// ---------------------------------------------------------------- pawn powers

#[test]
fn pawn_orthogonally_next_to_a_pawn_moves_as_a_rook() {
    // e4 and f4 are neighbours: both slide as rooks, capture the knight on e2, stop before
    // the hole e6, and never pass their partner.
    let p = pos("8k/9/9/9/6*2/4*4/2*6/4PP3/9/4n4/K8[] w");
    assert_moves_from(&p, "e4", "e4a4 e4b4 e4c4 e4d4 e4e2 e4e3 e4e5");
    assert_moves_from(
        &p,
        "f4",
        "f4f1 f4f2 f4f3 f4f5 f4f6 f4f7 f4f8 f4f9 f4f10 f4f11 f4g4 f4h4 f4i4",
    );
    // The capture removes the knight and moves the pawn, in that order.
    let m = p.parse_move("e4e2").unwrap();
    assert!(matches!(
        m.effects(),
        [Effect::Remove { .. }, Effect::Move { .. }]
    ));
    assert_eq!(
        after(&p, "e4e2").to_text(),
        "8k/9/9/9/6*2/4*4/2*6/5P3/9/4P4/K8[] b - - 0 1"
    );
}

#[test]
fn pawn_diagonally_next_to_a_pawn_moves_as_a_bishop() {
    // d3 and e4 are diagonal neighbours: both slide as bishops (e4 reaches i8 beside the
    // hole g7, which is not on its line).
    let p = pos("8k/9/9/9/6*2/4*4/2*6/4P4/3P5/9/K8[] w");
    assert_moves_from(&p, "d3", "d3a6 d3b1 d3b5 d3c2 d3c4 d3e2 d3f1");
    assert_moves_from(
        &p,
        "e4",
        "e4a8 e4b7 e4c6 e4d5 e4f3 e4f5 e4g2 e4g6 e4h1 e4h7 e4i8",
    );
}

#[test]
fn lines_stop_at_missing_squares() {
    // b4 and c3 are diagonal neighbours: b4's north-east line meets the hole c5 at once;
    // c3's north-east line stops before g7.
    let p = pos("k8/9/9/9/6*2/4*4/2*6/1P7/2P6/9/8K[] w");
    assert_moves_from(&p, "b4", "b4a3 b4a5");
    assert_moves_from(&p, "c3", "c3a1 c3b2 c3d2 c3d4 c3e1 c3e5 c3f6");
    // c4 and d4 are neighbours: c4 cannot go north at all (c5 is missing).
    let p = pos("k8/9/9/9/6*2/4*4/2*6/2PP5/9/9/8K[] w");
    assert_moves_from(&p, "c4", "c4a4 c4b4 c4c1 c4c2 c4c3");
    assert_moves_from(
        &p,
        "d4",
        "d4d1 d4d2 d4d3 d4d5 d4d6 d4d7 d4d8 d4d9 d4d10 d4d11 d4e4 d4f4 d4g4 d4h4 d4i4",
    );
}

#[test]
fn pawn_a_knights_leap_from_a_pawn_moves_as_a_knight() {
    // d4 and f5 are a knight's leap apart: both leap as knights (d4 over the hole c5 to c6,
    // never onto e6 or g7); they are not neighbours, so no line power and no step.
    let p = pos("8k/9/9/9/6*2/4*4/2*2P3/3P5/9/9/K8[] w");
    assert_moves_from(&p, "d4", "d4b3 d4b5 d4c2 d4c6 d4e2 d4f3");
    assert_moves_from(&p, "f5", "f5d6 f5e3 f5e7 f5g3 f5h4 f5h6");
}

#[test]
fn two_sources_of_one_power_give_one_move_each() {
    // RULES.md 0, one move, one entry: d4 leaps as a knight both because of the pawn f5 and
    // because of the knight b3 (relay); each destination is listed once.
    let p = pos("8k/9/9/9/6*2/4*4/2*2P3/3P5/1N7/9/K8[] w");
    assert_moves_from(&p, "d4", "d4b5 d4c2 d4c6 d4e2 d4f3");
    // The knight itself: orthodox leaps, not onto the hole c5 nor its own pieces.
    assert_moves_from(&p, "b3", "b3a5 b3c1 b3d2");
}

#[test]
fn several_relations_give_several_powers() {
    // e4: rook (e3 below), bishop (d5 diagonal), knight (g5): 9 + 10 + 6 moves.
    let p = pos("8k/9/9/9/6*2/4*4/2*P2P2/4P4/4P4/9/K8[] w");
    // Rook: e5 (then the hole e6), west to a4, east to i4. Bishop: f5-i8, f3-h1, d3-b1.
    // Knight: c3, d2, d6, f2, f6, g3 (c5 is missing, g5 is a friendly pawn).
    assert_moves_from(
        &p,
        "e4",
        "e4e5 e4d4 e4c4 e4b4 e4a4 e4f4 e4g4 e4h4 e4i4
         e4f5 e4g6 e4h7 e4i8 e4f3 e4g2 e4h1 e4d3 e4c2 e4b1
         e4c3 e4d2 e4d6 e4f2 e4f6 e4g3",
    );
}

#[test]
fn lone_pawn_steps_orthogonally_without_capturing() {
    // e4 has no friendly pawn near: one step orthogonally, not onto the knight on e5.
    let p = pos("8k/9/9/9/6*2/4*4/2*1n4/4P4/9/9/K8[] w");
    assert_moves_from(&p, "e4", "e4d4 e4e3 e4f4");
    // It attacks nothing: a black king beside it is not in check, and may take it.
    let p = pos("9/9/9/9/6*2/4*4/2*6/3kP4/9/9/K8[] b");
    assert!(!p.in_check());
    assert_eq!(
        all_moves(&p),
        strings(&["d4c3", "d4c4", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"])
    );
}

#[test]
fn kings_sergeants_knights_and_enemies_give_no_line_power() {
    // e4 is beside its knight (e5), sergeant (d3), king (f3) and an enemy pawn (f4): none of
    // them is a relation, so e4 is a lone pawn and only steps to d4 and e3.
    let p = pos("8k/9/9/9/6*2/4*4/2*1N4/4Pp3/3S1K3/9/9[] w");
    assert_moves_from(&p, "e4", "e4d4 e4e3");
}

#[test]
fn p5_knight_relay_adds_to_the_lone_step() {
    // P5: e4's only relation is the knight d2 (a knight's leap away): it leaps as a knight
    // (capturing on g5) AND, having no pawn relation, steps one square orthogonally.
    let p = pos("8k/9/9/9/6*2/4*4/2*3n2/4P4/9/3N5/K8[] w");
    // The knight's leaps (c5 missing, d2 own), then the steps.
    assert_moves_from(
        &p,
        "e4",
        "e4c3 e4d6 e4f2 e4f6 e4g3 e4g5
         e4d4 e4e3 e4e5 e4f4",
    );
    assert_moves_from(&p, "d2", "d2b1 d2b3 d2c4 d2f1 d2f3");
    assert_eq!(
        after(&p, "e4g5").to_text(),
        "8k/9/9/9/6*2/4*4/2*3P2/9/9/3N5/K8[] b - - 0 1"
    );
}

#[test]
fn p15_pawns_stand_on_any_rank() {
    // P15: pawns never promote, so a White pawn on rank 11 or a Black one on rank 1 is a
    // legal position; the lone pawns a11 and i10 step, and i10 does not check the king i11.
    let p = pos("P7k/8P/9/9/6*2/4*4/2*6/9/9/9/K7p[] w");
    assert_moves_from(&p, "a11", "a11a10 a11b11");
    assert_moves_from(&p, "i10", "i10h10 i10i9");
}

// ---------------------------------------------------------------- sergeants

#[test]
fn sergeant_steps_forward_and_captures_straight_or_diagonally() {
    // c3: b4, c4, d4 (capture); its double step would end on the hole c5. e3: the three
    // steps and the double step to e5. h4 is past its start rank: single steps only, and it
    // captures straight ahead on h5.
    let p = pos("8k/9/9/9/6*2/4*4/2*4n1/3n3S1/2S1S4/9/K8[] w");
    assert_moves_from(&p, "c3", "c3b4 c3c4 c3d4");
    assert_moves_from(&p, "e3", "e3d4 e3e4 e3e5 e3f4");
    assert_moves_from(&p, "h4", "h4g5 h4h5 h4i5");
}

#[test]
fn p4_double_step_never_captures_and_needs_an_empty_square_between() {
    // P4: e3 cannot double-step onto the knight e5; g3 takes g4 straight ahead but cannot
    // double-step through it.
    let p = pos("8k/9/9/9/6*2/4*4/2*1n4/6n2/4S1S2/9/K8[] w");
    assert_moves_from(&p, "e3", "e3d4 e3e4 e3f4");
    assert_moves_from(&p, "g3", "g3f4 g3g4 g3h4");
    // Black's sergeants step toward rank 1; e9 double-steps to e7, g9 cannot (g7 missing),
    // b8 is past its start rank.
    let p = pos("8k/9/4s1s2/1s7/6*2/4*4/2*6/9/9/9/K8[] b");
    assert_eq!(
        all_moves(&p),
        strings(&[
            "b8a7", "b8b7", "b8c7", "e9d8", "e9e7", "e9e8", "e9f8", "g9f8", "g9g8", "g9h8",
            "i11h10", "i11h11", "i11i10"
        ])
    );
}

#[test]
fn p4_double_step_leaves_no_en_passant() {
    // d3d5 passes d4 beside the black sergeant e5: no en passant square is recorded, and
    // e5d4 is a plain step that leaves the white sergeant on d5.
    let p = pos("8k/9/9/9/6*2/4*4/2*1s4/9/3S5/9/K8[] w");
    let q = after(&p, "d3d5");
    assert_eq!(q.to_text(), "8k/9/9/9/6*2/4*4/2*Ss4/9/9/9/K8[] b - - 0 1");
    assert_moves_from(&q, "e5", "e5d4 e5e4 e5f4");
    assert_eq!(
        after(&q, "e5d4").to_text(),
        "8k/9/9/9/6*2/4*4/2*S5/3s5/9/9/K8[] w - - 0 2"
    );
}

#[test]
fn p3_sergeant_must_promote_to_pawn_or_knight_on_its_ninth_rank() {
    // P3: White's 9th rank is rank 9. b8 has three steps, each one promoting to a pawn or a
    // knight (no other choice, and no move without promotion).
    let p = pos("8k/9/2n6/1S7/6*2/4*4/2*6/1s7/9/9/8K[] w");
    assert_moves_from(&p, "b8", "b8a9n b8a9p b8b9n b8b9p b8c9n b8c9p");
    assert!(p.parse_move("b8b9").is_err());
    assert!(p.parse_move("b8b9q").is_err());
    let m = p.parse_move("b8c9n").unwrap();
    assert_eq!(m.choice, Choice::Promotion(Kind::Knight));
    assert!(matches!(
        m.effects(),
        [
            Effect::Remove { .. },
            Effect::Move { .. },
            Effect::Promote { .. }
        ]
    ));
    assert_eq!(
        after(&p, "b8c9n").to_text(),
        "8k/9/2N6/9/6*2/4*4/2*6/1s7/9/9/8K[] b - - 0 1"
    );
    assert_eq!(
        after(&p, "b8b9p").to_text(),
        "8k/9/1Pn6/9/6*2/4*4/2*6/1s7/9/9/8K[] b - - 0 1"
    );
    // Black's 9th rank is rank 3.
    let p = pos("8k/9/2n6/1S7/6*2/4*4/2*6/1s7/9/9/8K[] b");
    assert_moves_from(&p, "b4", "b4a3n b4a3p b4b3n b4b3p b4c3n b4c3p");
    assert_eq!(
        after(&p, "b4c3n").to_text(),
        "8k/9/2n6/1S7/6*2/4*4/2*6/9/2n6/9/8K[] w - - 0 2"
    );
}

#[test]
fn p10_no_sergeant_on_or_beyond_its_promotion_rank() {
    // P10: a White sergeant on ranks 9-11 or a Black one on ranks 1-3 would have promoted.
    for text in [
        "8k/9/3S5/9/6*2/4*4/2*6/9/9/9/K8[] w",
        "8k/3S5/9/9/6*2/4*4/2*6/9/9/9/K8[] w",
        "3S4k/9/9/9/6*2/4*4/2*6/9/9/9/K8[] w",
        "8k/9/9/9/6*2/4*4/2*6/9/3s5/9/K8[] w",
        "8k/9/9/9/6*2/4*4/2*6/9/9/3s5/K8[] w",
        "8k/9/9/9/6*2/4*4/2*6/9/9/9/K2s5[] w",
    ] {
        assert!(err(text).contains("cannot stand on"), "{text}");
    }
    // Behind the start rank a sergeant is accepted and steps forward; no double step off
    // the start rank.
    let p = pos("8k/9/9/9/6*2/4*4/2*6/9/9/5S3/K2S5[] w");
    assert_moves_from(&p, "d1", "d1c2 d1d2 d1e2");
    assert_moves_from(&p, "f2", "f2e3 f2f3 f2g3");
}

// ---------------------------------------------------------------- drops

#[test]
fn drops_on_empty_squares_of_the_first_four_ranks() {
    // White drops on ranks 1-4, Black on ranks 8-11; a drop takes one pawn from the hand.
    let p = pos("4k4/9/9/9/6*2/4*4/2*6/9/9/9/4K4[Pp] w");
    let white: Vec<String> = (1..=4)
        .flat_map(|r| ('a'..='i').map(move |f| format!("P@{f}{r}")))
        .filter(|t| t != "P@e1")
        .collect();
    assert_eq!(drops(&p), sorted(white));
    let q = after(&p, "P@e4");
    assert_eq!(
        q.to_text(),
        "4k4/9/9/9/6*2/4*4/2*6/4P4/9/9/4K4[p] b - - 0 1"
    );
    let m = p.parse_move("P@e4").unwrap();
    assert_eq!(m.from, None);
    assert!(matches!(m.effects(), [Effect::Place { .. }]));
    let black: Vec<String> = (8..=11)
        .flat_map(|r| ('a'..='i').map(move |f| format!("P@{f}{r}")))
        .filter(|t| t != "P@e11")
        .collect();
    assert_eq!(drops(&q), sorted(black));
    // With the hand empty, no drops; a drop outside the zone is not a legal move.
    let r = after(&q, "P@e8");
    assert_eq!(
        r.to_text(),
        "4k4/9/9/4p4/6*2/4*4/2*6/4P4/9/9/4K4[] w - - 0 2"
    );
    assert!(drops(&r).is_empty());
    assert!(p.parse_move("P@e5").is_err());
    assert!(p.parse_move("P@e1").is_err());
}

#[test]
fn in_check_only_blocking_drops_are_legal() {
    // The black pawns a2 and b2 are neighbours, so b2 slides as a rook along rank 2 into
    // the king on e2. White may block on c2 or d2, or move the king off rank 2 (d2 and f2
    // stay on the line); the a- and b-files and b1 are covered too.
    let p = pos("4k4/9/9/9/6*2/4*4/2*6/9/9/pp2K4/9[P] w");
    assert!(p.in_check());
    assert_eq!(
        all_moves(&p),
        strings(&["P@c2", "P@d2", "e2d1", "e2d3", "e2e1", "e2e3", "e2f1", "e2f3"])
    );
    assert_eq!(p.count_legal(), 8);
    // The only blocking square is a2: with a pawn in hand White survives, without it is
    // mated by the black pawn a3 (rook by b3).
    let p = pos("8k/9/9/9/6*2/4*4/2*6/9/pp7/9/K8[P] w");
    assert_eq!(all_moves(&p), strings(&["P@a2"]));
    let p = pos("8k/9/9/9/6*2/4*4/2*6/9/pp7/9/K8[] w");
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(Color::Black, Reason::Checkmate))
    );
}

#[test]
fn p12_a_drop_may_give_checkmate() {
    // P12: dropping on h4 makes i4 and h4 rooks: i4 checks along the i-file, h4 covers h10
    // and h11, and i10 is on i4's line. Black has nothing else and an empty hand: mate.
    let mut g = Game::new(
        Variant::Pawnier,
        Some("8k/9/9/9/6*2/4*4/2*6/8P/9/9/K8[P] w"),
    )
    .unwrap();
    g.play("P@h4").unwrap();
    assert_eq!(
        g.position().to_text(),
        "8k/9/9/9/6*2/4*4/2*6/7PP/9/9/K8[] b - - 0 1"
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Color::White, Reason::Checkmate))
    );
    // Dropping on i3 instead also checks (i4 gets the rook power from below) but the king
    // escapes to the h-file.
    let p = after(&pos("8k/9/9/9/6*2/4*4/2*6/8P/9/9/K8[P] w"), "P@i3");
    assert!(p.in_check());
    assert_eq!(all_moves(&p), strings(&["i11h10", "i11h11"]));
}

#[test]
fn p12_drops_never_expose_the_own_king() {
    // Out of check every empty square of the zone is a legal drop, even in front of a
    // pinned pawn's king: a drop only blocks. Here White's king f2 is shielded by the pinned
    // pawn g3 (see the pin test) and all 32 empty squares of ranks 1-4 are legal drops.
    let p = pos("k8/9/9/9/6*2/4*4/2*5p/6Pp1/6P2/5K3/9[PP] w");
    assert_eq!(drops(&p).len(), 36 - 4);
}

// ---------------------------------------------------------------- check, pins, mate, stalemate

#[test]
fn a_pawn_pinned_by_a_pawn_with_a_bishop_relation() {
    // The black pawns h4 and i5 are diagonal neighbours, so h4 is a bishop on the line
    // h4-g3-f2: the white pawn g3 (a rook by g4) may not leave it, and it cannot move along
    // it. g4 may go anywhere its rook power takes it, h4 included.
    let p = pos("k8/9/9/9/6*2/4*4/2*5p/6Pp1/6P2/5K3/9[PP] w");
    assert!(moves_from(&p, "g3").is_empty());
    assert_moves_from(&p, "g4", "g4a4 g4b4 g4c4 g4d4 g4e4 g4f4 g4g5 g4g6 g4h4");
    // The king: h4's diagonals cover g5, i3; i5's covers h6; none of its squares.
    assert_moves_from(&p, "f2", "f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2");
    assert_eq!(p.count_legal(), 9 + 7 + 32);
}

#[test]
fn check_by_a_sergeant_straight_ahead() {
    // A black sergeant on e4 attacks d3, e3 and f3 (forward for Black is down), not d4/f4.
    let p = pos("8k/9/9/9/6*2/4*4/2*6/4s4/4K4/9/9[] w");
    assert!(p.in_check());
    assert_eq!(
        all_moves(&p),
        strings(&["e3d2", "e3d4", "e3e2", "e3e4", "e3f2", "e3f4"])
    );
}

#[test]
fn check_by_a_pawn_with_a_knight_relation() {
    // d3 and f4 are a knight's leap apart: d3 attacks e1 (check), f2, c1, b2, b4, e5; f4
    // attacks e2, g2, h3, h5, d5, g6. The king may go to d1, d2 or f1.
    let p = pos("8k/9/9/9/6*2/4*4/2*6/5p3/3p5/9/4K4[] w");
    assert!(p.in_check());
    assert_eq!(all_moves(&p), strings(&["e1d1", "e1d2", "e1f1"]));
}

#[test]
fn p14_a_step_can_give_a_discovered_relation_check() {
    // P14: the lone pawn c4 steps to b4, a knight's leap from a6: a6 now leaps as a knight
    // and checks the king on c7 without moving. The king may not go to b8 (a6) nor c6 (b4).
    let p = pos("9/9/9/9/2k3*2/P3*4/2*6/2P6/9/9/8K[] w");
    assert!(!p.in_check());
    assert_moves_from(&p, "c4", "c4b4 c4c3 c4d4");
    let q = after(&p, "c4b4");
    assert_eq!(q.to_text(), "9/9/9/9/2k3*2/P3*4/2*6/1P7/9/9/8K[] b - - 0 1");
    assert!(q.in_check());
    assert_eq!(
        all_moves(&q),
        strings(&["c7b6", "c7b7", "c7c8", "c7d6", "c7d7", "c7d8"])
    );
}

#[test]
fn p14_capturing_the_relation_ends_the_check() {
    // P14: d5 checks the king d11 up the d-file as a rook, thanks to d4. Taking d4 (e5d4)
    // takes the power away and ends the check; the other sergeant steps do not.
    let p = pos("3k5/9/9/9/6*2/4*4/2*Ps4/3P5/9/9/8K[] b");
    assert!(p.in_check());
    assert_eq!(
        all_moves(&p),
        strings(&["d11c10", "d11c11", "d11e10", "d11e11", "e5d4"])
    );
}

#[test]
fn p9_stalemate_is_a_draw_and_a_pawn_in_hand_prevents_it() {
    // P9: the black king a11 is not attacked, but b4 (rook by c4) covers b10 and b11 and h10
    // (rook by i10) covers a10: no move, no check, empty hand - stalemate, a draw.
    let p = pos("k8/7PP/9/9/6*2/4*4/2*6/1PP6/9/9/4K4[] b");
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::draw(Reason::Stalemate)));
    // With a pawn in hand Black drops instead: the 33 empty squares of ranks 8-11.
    let p = pos("k8/7PP/9/9/6*2/4*4/2*6/1PP6/9/9/4K4[p] b");
    assert_eq!(p.outcome(), None);
    assert_eq!(all_moves(&p).len(), 33);
    assert_eq!(drops(&p).len(), 33);
}

#[test]
fn p13_kings_alone_draw_only_with_empty_hands() {
    // P13: kings alone with empty hands is a draw; a pawn in either hand plays on.
    let p = pos("4k4/9/9/9/6*2/4*4/2*6/9/9/9/4K4[] w");
    assert_eq!(
        p.outcome(),
        Some(Outcome::draw(Reason::InsufficientMaterial))
    );
    for hand in ["P", "p"] {
        let p = pos(&format!("4k4/9/9/9/6*2/4*4/2*6/9/9/9/4K4[{hand}] w"));
        assert_eq!(p.outcome(), None, "{hand}");
    }
}

// ---------------------------------------------------------------- validation

#[test]
fn one_king_each() {
    assert!(err("9/9/9/9/6*2/4*4/2*6/9/9/9/4K4[] w").contains("Black has no king"));
    assert!(err("K3k3K/9/9/9/6*2/4*4/2*6/9/9/9/9[] w").contains("White has 2 kings"));
    // The side not to move may not be in check (the lone pawn i10 does not count).
    assert!(err("8k/9/9/9/6*2/4*4/2*6/9/9/pp2K4/9[] b").contains("White is in check"));
}

#[test]
fn p11_hands_and_material_are_bounded() {
    // P11: at most 6 pawns in hand.
    let six = pos("4k4/9/9/9/6*2/4*4/2*6/9/9/9/4K4[PPPPPPpppppp] w");
    assert_eq!(six.hand(Color::White), 6);
    assert!(err("4k4/9/9/9/6*2/4*4/2*6/9/9/9/4K4[PPPPPPP] w").contains("7 pawns in hand"));
    assert!(err("4k4/9/9/9/6*2/4*4/2*6/9/9/9/4K4[ppppppp] w").contains("7 pawns in hand"));
    // At most 7 sergeants and knights together.
    assert!(err("4k4/9/9/9/6*2/4*4/2*6/9/SSSSSSSN1/9/4K4[] w").contains("8 sergeants and knights"));
    assert!(pos("4k4/9/9/9/6*2/4*4/2*6/9/SSSSSSN2/9/4K4[] w").hand(Color::White) == 0);
    // At most 21 agents besides the king on the board and in hand: 15 pawns + 6 in hand
    // is the limit, 16 + 6 is too many.
    let base = "4k4/9/9/9/6*2/4*4/2*6/9/PPPPPPPPP";
    assert!(pos(&format!("{base}/PPPPPP3/4K4[PPPPPP] w")).hand(Color::White) == 6);
    assert!(err(&format!("{base}/PPPPPPP2/4K4[PPPPPP] w")).contains("22 agents"));
}

// ---------------------------------------------------------------- game, counters, text

#[test]
fn a_short_game_by_text() {
    let mut g = Game::new(Variant::Pawnier, None).unwrap();
    g.play("d3d5").unwrap();
    assert_eq!(
        g.position().to_text(),
        "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*S5/6PPP/2S1SSSSS/2PPPPPK1/9[PPPPPPpppppp] b - - 0 1"
    );
    // Black drops with the same text form, P@ (the colour is the side to move's).
    g.play("P@h8").unwrap();
    assert_eq!(
        g.position().to_text(),
        "9/1kppppp2/sssssss2/ppp4p1/6*2/4*4/2*S5/6PPP/2S1SSSSS/2PPPPPK1/9[PPPPPPppppp] w - - 0 2"
    );
    g.undo();
    g.undo();
    assert_eq!(g.position().to_text(), START);
}

#[test]
fn the_hundred_ply_count_restarts_on_pawn_and_sergeant_moves_and_drops() {
    // RULES.md 0: a king or knight move counts up; a pawn move, a sergeant move, a drop,
    // a capture or a promotion restarts the count.
    let p = pos("4k4/9/9/9/6*2/4*4/2*6/9/4S4/1N2P4/4K4[Pp] w - - 40 30");
    assert_eq!(after(&p, "e1d1").halfmove(), 41);
    assert_eq!(after(&p, "b2c4").halfmove(), 41);
    assert_eq!(after(&p, "e2d2").halfmove(), 0);
    assert_eq!(after(&p, "e3e4").halfmove(), 0);
    assert_eq!(after(&p, "P@a1").halfmove(), 0);
    let p = pos("4k4/9/9/9/6*2/4*4/2*6/9/9/9/4K4[Pp] w - - 100 80");
    assert_eq!(p.outcome(), Some(Outcome::draw(Reason::HundredPly)));
}

#[test]
fn threefold_repetition_counts_hands() {
    // Knights shuffling: the start position a third time is a draw.
    let mut g = Game::new(
        Variant::Pawnier,
        Some("4k4/9/9/9/6*2/4*4/2*6/n8/9/N8/4K4[Pp] w"),
    )
    .unwrap();
    for m in ["a2b4", "a4b2", "b4a2", "b2a4", "a2b4", "a4b2", "b4a2"] {
        g.play(m).unwrap();
        assert_eq!(g.outcome(), None, "{m}");
    }
    g.play("b2a4").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Repetition)));
}

#[test]
fn illegal_drops_say_so() {
    let p = Position::start(Variant::Pawnier).unwrap();
    let message = |t: &str| p.parse_move(t).unwrap_err().message().to_string();
    // e9 is outside White's first four ranks, e2 is occupied, c5 is missing.
    assert_eq!(message("P@e9"), "P@e9 is not a legal drop in this position");
    assert_eq!(message("P@e2"), "P@e2 is not a legal drop in this position");
    assert_eq!(message("P@c5"), "c5 is not a square of this board");
    // An empty hand says so, whatever the square.
    let empty =
        Position::from_text(Variant::Pawnier, "4k4/9/9/9/6*2/4*4/2*6/9/9/9/4K4[p] w").unwrap();
    assert_eq!(
        empty.parse_move("P@e2").unwrap_err().message(),
        "White has no pawn in hand to drop"
    );
    let orthodox = Position::start(Variant::Orthodox).unwrap();
    assert_eq!(
        orthodox.parse_move("P@e4").unwrap_err().message(),
        "Orthodox chess has no drops"
    );
}

#[test]
fn bad_move_text_is_refused_without_panic() {
    let p = Position::start(Variant::Pawnier).unwrap();
    for text in [
        "", "P@", "P@c5", "P@z9", "p@a1", "N@a1", "c5c6", "e3e6", "a1a12", "h2h3", "i4i12",
    ] {
        assert!(p.parse_move(text).is_err(), "{text}");
    }
}

// ---------------------------------------------------------------- properties

/// The cells of the drawing, rank by rank from the top, with '*' for the holes.
fn drawing(text: &str) -> Vec<Vec<char>> {
    let board = text.split(['[', ' ']).next().unwrap();
    board
        .split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let chars: Vec<char> = row.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                if let Some(d) = chars[i].to_digit(10) {
                    let mut n = d;
                    if let Some(e) = chars.get(i + 1).and_then(|c| c.to_digit(10)) {
                        n = n * 10 + e;
                        i += 1;
                    }
                    cells.extend(std::iter::repeat_n('.', n as usize));
                } else {
                    cells.push(chars[i]);
                }
                i += 1;
            }
            cells
        })
        .collect()
}

/// Everything that must hold in one position. Parsing every move's text back costs a
/// full move list per move, so `parse_all` says whether to do it for every move or only
/// for the first one.
fn check_position(p: &Position, parse_all: bool) {
    let text = p.to_text();
    check_round_trip(p);
    // The missing squares are always empty: the drawing shows '*' exactly there.
    let rows = drawing(&text);
    for (file, rank) in [(2, 4), (4, 5), (6, 6)] {
        assert_eq!(rows[10 - rank][file], '*', "{text}");
    }
    assert_eq!(
        rows.iter().flatten().filter(|&&c| c == '*').count(),
        3,
        "{text}"
    );
    // One king each, hands within 0..=6.
    for c in Color::ALL {
        assert_eq!(p.kings_of(c).count_ones(), 1, "{text}");
        assert!(p.hand(c) <= 6, "{text}");
    }
    let moves = p.legal_moves();
    assert_eq!(p.count_legal(), moves.len(), "{text}");
    let mover = p.side();
    let g = Variant::Pawnier.geometry();
    let mut texts = HashSet::new();
    for (i, m) in moves.iter().enumerate() {
        let t = move_text_once(p, &text, m, &mut texts, parse_all || i == 0);
        let next = p.after(m);
        // Legal: the mover's king is not attacked afterwards.
        assert!(
            !next.king_attacked(mover),
            "{text}: {t} leaves the king attacked"
        );
        assert_eq!(next.side(), mover.opponent());
        let (before, after) = (p.occupied().count_ones(), next.occupied().count_ones());
        let irreversible = match m.from {
            None => {
                // A drop: one pawn from the hand onto an empty square of the first four ranks.
                assert!(p.hand(mover) > 0, "{text}: {t}");
                assert_eq!(next.hand(mover), p.hand(mover) - 1, "{text}: {t}");
                assert!(p.piece_at(m.to).is_none(), "{text}: {t}");
                let rank = g.rank(m.to);
                assert!(
                    if mover == Color::White {
                        rank < 4
                    } else {
                        rank >= 7
                    },
                    "{text}: {t}"
                );
                assert_eq!(
                    next.piece_at(m.to),
                    Some(fairyboard::Piece::new(mover, Kind::Pawn))
                );
                assert_eq!(after, before + 1, "{text}: {t}");
                true
            }
            Some(from) => {
                let piece = p.piece_at(from).expect("a piece on the from-square");
                assert_eq!(piece.color(), mover, "{text}: {t}");
                assert_eq!(next.hand(mover), p.hand(mover), "{text}: {t}");
                // A capture takes exactly one agent, never a king.
                assert_eq!(after + m.is_capture() as u32, before, "{text}: {t}");
                // Promotion exactly when a sergeant reaches its 9th rank.
                let last = if mover == Color::White { 8 } else { 2 };
                let promotes = piece.kind() == Kind::Sergeant && g.rank(m.to) == last;
                assert_eq!(
                    matches!(m.choice, Choice::Promotion(_)),
                    promotes,
                    "{text}: {t}"
                );
                matches!(piece.kind(), Kind::Pawn | Kind::Sergeant) || m.is_capture()
            }
        };
        assert_eq!(next.hand(mover.opponent()), p.hand(mover.opponent()));
        assert_eq!(next.ep(), None, "{text}: {t}");
        check_halfmove(&text, &t, p, &next, irreversible);
    }
    check_outcome(p, &moves);
}

/// Plays a random game from `start`, choosing board moves three times in four, so that the
/// game is not all drops.
fn playout(start: &str, choices: &[usize]) {
    common::playout_thorough_every(pos(start), choices, 8, check_position, |moves, choice| {
        let board: Vec<_> = moves.iter().filter(|m| m.from.is_some()).collect();
        if !board.is_empty() && choice % 4 != 0 {
            *board[(choice / 4) % board.len()]
        } else {
            moves[(choice / 4) % moves.len()]
        }
    });
}

const MIDDLE_GAMES: &[&str] = &[
    "9/1k1pp4/ss1sss3/p1p1P4/6*2/1P2*4/2*p5/3PN1PPP/2SS1SSSS/2PP1PK2/9[PPPpppp] w - - 0 12",
    "9/1k7/1p1n5/S1S3p2/6*2/4*1P2/2*6/s1s6/1P7/6K2/9[Pp] w - - 0 30",
    "k8/pp7/2p6/2p6/3p2*2/3p*P3/1p*2pP2/2P1Pp3/1PP1P4/P6KS/9[PPpp] b - - 0 60",
    "4k4/9/9/9/6*2/4*4/2*6/9/9/pp2K4/9[P] w - - 0 40",
];

common::random_games! {
    cases: 1000, playout: playout;
    random_games_from_the_start: [START], 100;
    random_games_from_middle_games: MIDDLE_GAMES, 60;
}

/// Feeds text to both parsers: no panic, and an accepted position round-trips.
fn parse_anything(text: &str) {
    common::parse_anything(Variant::Pawnier, text);
}

const PIECE_CHARS: &[char] = &[
    '1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '/', '*', '[', ']', ' ', 'w', 'b', '-', 'k',
    'K', 's', 'S', 'p', 'P', 'n', 'N', 'q',
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_position_texts_never_panic(which in 0..MIDDLE_GAMES.len(), edits in prop::collection::vec((any::<usize>(), prop::sample::select(PIECE_CHARS), 0..3u8), 1..6)) {
        let mut chars: Vec<char> = MIDDLE_GAMES[which].chars().collect();
        for (i, c, op) in edits {
            let n = chars.len();
            match op {
                0 => chars.insert(i % (n + 1), c),
                1 if n > 0 => { chars.remove(i % n); }
                _ if n > 0 => chars[i % n] = c,
                _ => {}
            }
        }
        parse_anything(&chars.into_iter().collect::<String>());
    }

    #[test]
    fn arbitrary_move_text_never_panics(which in 0..MIDDLE_GAMES.len(), text in "[a-jP@]{0,2}[0-9]{0,3}[a-j]?[0-9]{0,3}[pnqx]?") {
        let p = pos(MIDDLE_GAMES[which]);
        if let Ok(m) = p.parse_move(&text) {
            prop_assert!(p.legal_moves().contains(&m));
            prop_assert_eq!(p.move_text(&m), text.trim());
        }
    }
}
