//! Bandit Chess, written from RULES.md section 2 (rulings B1, B3-B12; there is no B2) and
//! docs/rulings-bandit.md (B13-B18). Every expected list below was worked out by hand from
//! the rules, with the reasoning in the comments.
//!
//! Board 7 files (a-g) x 9 ranks; letters K C R B N S T O P.

use fairyboard::{
    Choice, Color, Effect, Game, How, Kind, Outcome, Piece, Position, Reason, Square, Variant, Why,
};

use crate::common;
use common::{all_moves, assert_moves_from, moves_from, moves_to};

const START: &str = "ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1";

fn pos(text: &str) -> Position {
    crate::common::position_of(Variant::Bandit, text)
}

fn sq(name: &str) -> Square {
    Variant::Bandit
        .geometry()
        .parse_square(name)
        .unwrap_or_else(|| panic!("{name}"))
}

fn mv(p: &Position, text: &str) -> fairyboard::Move {
    p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position text after one move.
fn after(p: &Position, text: &str) -> String {
    p.after(&mv(p, text)).to_text()
}

fn list(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn white(kind: Kind) -> Piece {
    Piece::new(Color::White, kind)
}

fn black(kind: Kind) -> Piece {
    Piece::new(Color::Black, kind)
}

// ---------------------------------------------------------------- set-up and orthodox pieces

#[test]
fn start_position_is_diametric_with_nineteen_moves() {
    let p = Position::start(Variant::Bandit).unwrap();
    assert_eq!(p.to_text(), START);
    // Diametric: turning the board 180 degrees and swapping colours gives the same army.
    let g = Variant::Bandit.geometry();
    for s in g.all() {
        let turned = g
            .at(6 - g.file(s) as i32, 8 - g.rank(s) as i32)
            .expect("on the board");
        let swap = |x: Option<Piece>| x.map(|q| Piece::new(q.color().opponent(), q.kind()));
        assert_eq!(p.piece_at(s), swap(p.piece_at(turned)), "{}", g.name(s));
    }
    // By hand: 7 pawns x (one step + double step) = 14; knights a2-b4 and g2-f4 (c3, e3,
    // c1, e1 are own agents); rook b1-b2; outlaw c1-b2 (a3 is a pawn, so no bounce; d2 is a
    // sergeant; no pair to take); bishop e1-f2 (g3 is a pawn). Sergeants are blocked by the
    // pawns, the king by its own army, the trickster (f1: e2, g2, e3, g3, d2 all taken),
    // the chancellors too.
    assert_eq!(
        all_moves(&p),
        list(&[
            "a2b4", "a3a4", "a3a5", "b1b2", "b3b4", "b3b5", "c1b2", "c3c4", "c3c5", "d3d4", "d3d5",
            "e1f2", "e3e4", "e3e5", "f3f4", "f3f5", "g2f4", "g3g4", "g3g5"
        ])
    );
    assert_eq!(p.count_legal(), 19);
}

/// B1: no castling, even with king and rooks on their start squares; the castling field
/// must be '-'.
#[test]
fn b1_no_castling() {
    // King d1, rooks a1 and g1: the king only steps (c1, e1, c2, d2, e2).
    let p = pos("3k3/7/7/7/7/7/7/7/R2K2R w - - 0 1");
    assert_moves_from(&p, "d1", "d1c1 d1c2 d1d2 d1e1 d1e2");
    let e = Position::from_text(Variant::Bandit, "3k3/7/7/7/7/7/7/7/R2K2R w KQ - 0 1").unwrap_err();
    assert!(e.message().contains("no castling"), "{}", e.message());
}

/// Chancellor = rook + knight; knight, bishop, rook, king orthodox.
#[test]
fn chancellor_knight_bishop_rook_king() {
    // Chancellor d5 on an open board: d1-d4, d6-d9 (8), a5 b5 c5 e5 f5 g5 (6), and the
    // knight leaps b4 b6 c3 c7 e3 e7 f4 f6 (8): 22.
    let p = pos("6k/7/7/7/3C3/7/7/7/K6 w - - 0 1");
    assert_moves_from(&p, "d5", "d5a5 d5b4 d5b5 d5b6 d5c3 d5c5 d5c7 d5d1 d5d2 d5d3 d5d4 d5d6 d5d7 d5d8 d5d9 d5e3 d5e5 d5e7 d5f4 d5f5 d5f6 d5g5");
    // Knight a1: b3, c2. Bishop g2: f1, and f3 e4 up to the black pawn d5 (taken). Rook
    // b5: b1-b4, b6 and the black sergeant b7; a5; c5 and the pawn d5.
    let p = pos("6k/7/1s5/7/1R1p3/7/7/6B/N2K3 w - - 0 1");
    assert_moves_from(&p, "a1", "a1b3 a1c2");
    assert_moves_from(&p, "g2", "g2d5 g2e4 g2f1 g2f3");
    assert_moves_from(&p, "b5", "b5a5 b5b1 b5b2 b5b3 b5b4 b5b6 b5b7 b5c5 b5d5");
    // King d1: c1 c2 d2 e1 e2.
    assert_moves_from(&p, "d1", "d1c1 d1c2 d1d2 d1e1 d1e2");
}

// ---------------------------------------------------------------- pawns (B1)

/// B1: one step, two from the 3rd rank through an empty square, diagonal captures.
#[test]
fn b1_pawn_steps_and_captures() {
    // a3 (start rank): a4, a5, and takes the knight on b4. b3: b4 is taken, no capture
    // square holds an enemy: nothing. c3: c4; c5 holds a pawn so no double step; takes b4.
    let p = pos("3k3/7/7/7/2p4/1n5/PPP4/7/3K3 w - - 0 1");
    assert_moves_from(&p, "a3", "a3a4 a3a5 a3b4");
    assert!(moves_from(&p, "b3").is_empty());
    assert_moves_from(&p, "c3", "c3b4 c3c4");
    // Black pawns step toward rank 1; c5 takes nothing (b4 is its own knight); c5-c4 only
    // (not its start rank).
    let p = pos("3k3/7/7/7/2p4/1n5/PPP4/7/3K3 b - - 0 1");
    assert_moves_from(&p, "c5", "c5c4");
    // A pawn off its start rank has no double step.
    let p = pos("3k3/7/7/7/7/P6/7/7/3K3 w - - 0 1");
    assert_moves_from(&p, "a4", "a4a5");
}

/// B1: en passant against a pawn that has just double-stepped.
#[test]
fn b1_en_passant_against_a_pawn() {
    let p = pos("3k3/7/3p3/7/4P2/7/7/7/3K3 b - - 0 1");
    // d7-d5 lands beside the white pawn on e5: d6 is recorded.
    let text = after(&p, "d7d5");
    assert_eq!(text, "3k3/7/7/7/3pP2/7/7/7/3K3 w - d6 0 2");
    let q = pos(&text);
    assert_moves_from(&q, "e5", "e5d6 e5e6");
    let m = mv(&q, "e5d6");
    assert_eq!(
        m.effects(),
        [
            Effect::Remove {
                at: sq("d5"),
                why: Why::EnPassant
            },
            Effect::Move {
                from: sq("e5"),
                to: sq("d6"),
                how: How::Step
            }
        ]
    );
    assert_eq!(after(&q, "e5d6"), "3k3/7/7/3P3/7/7/7/7/3K3 b - - 0 2");
}

/// B1: en passant against a SERGEANT that has just double-stepped (d8-d6), and the
/// sergeant's own moves: c7, d7, e7 and the double step d6.
#[test]
fn b1_en_passant_against_a_sergeant() {
    let p = pos("3k3/3s3/7/4P2/7/7/7/7/3K3 b - - 0 1");
    assert_moves_from(&p, "d8", "d8c7 d8d6 d8d7 d8e7");
    let text = after(&p, "d8d6");
    assert_eq!(text, "3k3/7/7/3sP2/7/7/7/7/3K3 w - d7 0 2");
    // The en passant square of a sergeant loads from position text.
    let q = pos(&text);
    assert_eq!(q.to_text(), text);
    assert_moves_from(&q, "e6", "e6d7 e6e7");
    assert_eq!(after(&q, "e6d7"), "3k3/7/3P3/7/7/7/7/7/3K3 b - - 0 2");
    // An en passant square no sergeant or pawn can have passed is refused.
    assert!(Position::from_text(Variant::Bandit, "3k3/7/7/3sP2/7/7/7/7/3K3 w - d8 0 2").is_err());
}

/// B1: a sergeant never captures en passant. After d7-d5 between a white pawn (c5) and
/// a white sergeant (e5), the pawn may take en passant; the sergeant's d6 is a plain step
/// that leaves the black pawn where it is.
#[test]
fn b1_sergeant_never_takes_en_passant() {
    let p = pos("3k3/7/3p3/7/2P1S2/7/7/7/3K3 b - - 0 1");
    let text = after(&p, "d7d5");
    assert_eq!(text, "3k3/7/7/7/2PpS2/7/7/7/3K3 w - d6 0 2");
    let q = pos(&text);
    assert_moves_from(&q, "c5", "c5c6 c5d6");
    assert_moves_from(&q, "e5", "e5d6 e5e6 e5f6");
    assert!(!q.parse_move("e5d6").unwrap().is_capture());
    assert_eq!(after(&q, "e5d6"), "3k3/7/7/3S3/2Pp3/7/7/7/3K3 b - - 0 2");
    // No en passant square is recorded when only a sergeant stands beside.
    let p = pos("3k3/7/3p3/7/4S2/7/7/7/3K3 b - - 0 1");
    assert_eq!(after(&p, "d7d5"), "3k3/7/7/7/3pS2/7/7/7/3K3 w - - 0 2");
}

/// B1: promotion on the last rank to C, R, B, N, T or O.
#[test]
fn b1_pawn_promotes_to_six_kinds() {
    let p = pos("6k/1P5/7/7/7/7/7/7/K6 w - - 0 1");
    assert_moves_from(&p, "b8", "b8b9b b8b9c b8b9n b8b9o b8b9r b8b9t");
    assert_eq!(after(&p, "b8b9t"), "1T4k/7/7/7/7/7/7/7/K6 b - - 0 1");
    let m = mv(&p, "b8b9o");
    assert_eq!(m.choice, Choice::Promotion(Kind::Outlaw));
    assert_eq!(
        m.effects()[1],
        Effect::Promote {
            at: sq("b9"),
            into: white(Kind::Outlaw)
        }
    );
}

// ---------------------------------------------------------------- sergeants

/// Sergeant (Wolf Chess): one step straight or diagonally forward, moving or capturing; a
/// non-capturing double step from the 2nd rank through an empty square.
#[test]
fn sergeant_steps_captures_and_double_steps() {
    // a2: a3, a4 (double), takes b3. c2: takes b3 and d3, c3, c4. e2: takes d3, e3, f3, e4.
    // g2: f3, takes the knight straight ahead on g3; no double step (g3 is taken).
    let p = pos("3k3/7/7/7/7/7/1p1r2n/S1S1S1S/6K w - - 0 1");
    assert_moves_from(&p, "a2", "a2a3 a2a4 a2b3");
    assert_moves_from(&p, "c2", "c2b3 c2c3 c2c4 c2d3");
    assert_moves_from(&p, "e2", "e2d3 e2e3 e2e4 e2f3");
    assert_moves_from(&p, "g2", "g2f3 g2g3");
    // Off its start rank: single steps only.
    let p = pos("3k3/7/7/7/7/3S3/7/7/6K w - - 0 1");
    assert_moves_from(&p, "d4", "d4c5 d4d5 d4e5");
}

/// A sergeant promotes like a pawn, but never takes a trickster (B3): c8 may go to c9 or
/// take the rook on b9, six ways each; the trickster on d9 is safe from it.
#[test]
fn sergeant_promotes_and_cannot_take_a_trickster() {
    let p = pos("1r1t2k/2S4/7/7/7/7/7/7/K6 w - - 0 1");
    assert_moves_from(
        &p,
        "c8",
        "c8b9b c8b9c c8b9n c8b9o c8b9r c8b9t c8c9b c8c9c c8c9n c8c9o c8c9r c8c9t",
    );
    assert_eq!(after(&p, "c8b9c"), "1C1t2k/7/7/7/7/7/7/7/K6 b - - 0 1");
}

// ---------------------------------------------------------------- tricksters (B3-B6)

/// B3: only pawns, knights and chancellors may capture a trickster (the chancellor also
/// by its rook move). The rook a5, bishop f7, sergeant d4 and king e4 reach d5 but may not
/// take it. The trickster attacks nothing: the king beside it is not in check.
#[test]
fn b3_who_may_take_a_trickster() {
    let p = pos("6k/3C3/5B1/7/R2t3/2PSK2/2N4/7/7 w - - 0 1");
    assert!(!p.in_check());
    assert_eq!(moves_to(&p, "d5"), list(&["c3d5", "c4d5", "d8d5"]));
    // A trickster never captures: the black trickster's moves are to empty squares only
    // (bishop: c6 b7 a8, e6, f7 is a bishop... it stops before c4, e4 and f7).
    let q = pos("6k/3C3/5B1/7/R2t3/2PSK2/2N4/7/7 b - - 0 1");
    // d5: bishop lines c6 b7 a8 / e6 (f7 taken) / c4 taken / e4 taken; knight leaps b6 b4
    // c7 e7 f6 f4 e3 (c3 taken).
    assert_moves_from(
        &q,
        "d5",
        "d5a8 d5b4 d5b6 d5b7 d5c6 d5c7 d5e3 d5e6 d5e7 d5f4 d5f6",
    );
}

/// B4, B5: the trick is optional; a king is copied but never replaced. The trickster f4
/// reaches d6 (via e5) between a black rook (d7) and knight (d5) on its file and a black
/// bishop (c6) and king (e6) on its rank: 3 x 2 = 6 moves to d6. Elsewhere no trick.
/// Its other moves: bishop g5; g3; e3 d2 c1; e5 c7 b8 a9; knight g6 g2 e2 d3 (d5 and e6
/// are taken). The trick on the file is written first (B16).
#[test]
fn b4_b5_b16_tricks_on_both_lines() {
    let p = pos("7/7/3r3/2b1k2/3n3/5T1/7/7/K6 w - - 0 1");
    assert_moves_from(&p, "f4", "f4a9 f4b8 f4c1 f4c7 f4d2 f4d3 f4d6 f4d6~c6K f4d6~d5R f4d6~d5R~c6K f4d6~d7N f4d6~d7N~c6K f4e2 f4e3 f4e5 f4g2 f4g3 f4g5 f4g6");
    // The king is never the one replaced.
    assert!(!all_moves(&p).iter().any(|m| m.contains("~e6")));
    // A double trick: the rook becomes a knight, the bishop a king (Black now has two).
    let m = mv(&p, "f4d6~d7N~c6K");
    assert_eq!(
        m.choice,
        Choice::Trick([Some((sq("d7"), Kind::Knight)), Some((sq("c6"), Kind::King))])
    );
    assert_eq!(
        m.effects(),
        [
            Effect::Move {
                from: sq("f4"),
                to: sq("d6"),
                how: How::Slide
            },
            Effect::Transform {
                at: sq("d7"),
                into: black(Kind::Knight)
            },
            Effect::Transform {
                at: sq("c6"),
                into: black(Kind::King)
            }
        ]
    );
    let q = p.after(&m);
    assert_eq!(q.to_text(), "7/7/3n3/2kTk2/3n3/7/7/7/K6 b - - 0 1");
    assert_eq!(q.kings_of(Color::Black).count_ones(), 2);
    // Without a trick the pieces stay what they are (B4).
    assert_eq!(after(&p, "f4d6"), "7/7/3r3/2bTk2/3n3/7/7/7/K6 b - - 1 1");
    assert_eq!(
        after(&p, "f4d6~d5R"),
        "7/7/3r3/2bTk2/3r3/7/7/7/K6 b - - 0 1"
    );
}

/// B6: pawns are excluded, sergeants count as pieces. The trickster a2 reaches d5 (b3,
/// c4 empty) between a black sergeant (d6) and bishop (d4) on its file: either may become
/// the other. On its rank a black pawn (c5) and rook (e5): nothing.
/// Its moves: b3 c4 d5 e6 f7 g8 (the long diagonal), knight b4 c3 c1.
#[test]
fn b6_pawns_excluded_sergeants_count() {
    let p = pos("4k2/7/7/3s3/2p1r2/3b3/7/T6/1K5 w - - 0 1");
    assert_moves_from(
        &p,
        "a2",
        "a2b3 a2b4 a2c1 a2c3 a2c4 a2d5 a2d5~d4S a2d5~d6B a2e6 a2f7 a2g8",
    );
    assert_eq!(
        after(&p, "a2d5~d4S"),
        "4k2/7/7/3s3/2pTr2/3s3/7/7/1K5 b - - 0 1"
    );
}

/// Pairs of the same type offer nothing, and diagonal pairs never: black rooks on c6, e6,
/// c4, e4 around d5 (diagonal) and on both sides of d6, c5, e5 and d4 (same type).
#[test]
fn same_type_and_diagonal_pairs_offer_nothing() {
    let p = pos("k6/7/7/2r1r2/7/2r1rT1/7/7/6K w - - 0 1");
    // f4: bishop g5; g3; e3 d2 c1; e5 d6 c7 b8 (a9 is the king); knight g6 g2 e2 d3 d5.
    assert_moves_from(
        &p,
        "f4",
        "f4b8 f4c1 f4c7 f4d2 f4d3 f4d5 f4d6 f4e2 f4e3 f4e5 f4g2 f4g3 f4g5 f4g6",
    );
}

/// A black trickster gives White a king: d5-b3 between the white king b4 and bishop b2
/// (B5: the bishop becomes a king, the king stays). Rank a3-c3 is empty.
#[test]
fn b5_trick_copies_a_king_for_the_enemy() {
    let p = pos("2k4/7/7/7/3t3/1K5/7/1B5/5K1 b - - 0 1");
    assert!(moves_from(&p, "d5").contains(&"d5b3~b2K".to_string()));
    assert!(!moves_from(&p, "d5").iter().any(|m| m.contains("~b4")));
    let q = p.after(&mv(&p, "d5b3~b2K"));
    assert_eq!(q.to_text(), "2k4/7/7/7/7/1K5/1t5/1K5/5K1 w - - 0 2");
    assert_eq!(q.kings_of(Color::White).count_ones(), 3);
}

/// A trick may answer check: the black rook a7 checks a1; the trickster d5 can block on a2,
/// or land on b7 and turn the rook into a knight (c7's kind). Turning the knight into a
/// rook leaves the check, so it is illegal. King: b1, b2.
#[test]
fn a_trick_may_answer_check() {
    let p = pos("6k/7/r1n4/7/3T3/7/7/7/K6 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(all_moves(&p), list(&["a1b1", "a1b2", "d5a2", "d5b7~a7N"]));
    assert_eq!(after(&p, "d5b7~a7N"), "6k/7/nTn4/7/7/7/7/7/K6 b - - 0 1");
}

// ---------------------------------------------------------------- several kings (B7)

/// B7: every king is royal: the rook d4 is pinned to the king d1 (the other king, g1, is
/// safe) and keeps to the file. All 13 moves.
#[test]
fn b7_a_move_may_leave_no_king_attacked() {
    let p = pos("k6/7/3r3/7/7/3R3/7/7/3K2K w - - 0 1");
    assert_eq!(
        all_moves(&p),
        list(&[
            "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d4d2", "d4d3", "d4d5", "d4d6", "d4d7", "g1f1",
            "g1f2", "g1g2"
        ])
    );
}

/// B7: checkmate when there is no legal move and any king is attacked. Black's king a9 is
/// mated on the back rank by the rook d9; the other king (e1) could move, but every move
/// leaves a9 attacked.
#[test]
fn b7_checkmate_of_one_of_two_kings() {
    let p = pos("k2R3/pp5/7/7/6K/7/7/7/4k2 b - - 0 1");
    assert!(p.in_check());
    assert!(all_moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(Color::White, Reason::Checkmate))
    );
}

/// Stalemate: the lone black king a9 cannot move (knight c7 covers a8 and b9, the rook b1
/// covers b8) and is not attacked: a draw.
#[test]
fn stalemate() {
    let p = pos("k6/7/2N4/7/7/7/7/7/1R4K b - - 0 1");
    assert!(!p.in_check());
    assert!(all_moves(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::draw(Reason::Stalemate)));
}

/// B7: position text takes several kings per side, at least one each; pawns not on the
/// first or last rank; sergeants anywhere (B17).
#[test]
fn b7_b17_validation() {
    assert!(Position::from_text(Variant::Bandit, "k5k/7/7/7/7/7/7/7/K1K3K w").is_ok());
    let e = Position::from_text(Variant::Bandit, "7/7/7/7/7/7/7/7/K6 w").unwrap_err();
    assert!(e.message().contains("Black has no king"), "{}", e.message());
    let e = Position::from_text(Variant::Bandit, "k5P/7/7/7/7/7/7/7/K6 w").unwrap_err();
    assert!(e.message().contains("pawn"), "{}", e.message());
    assert!(Position::from_text(Variant::Bandit, "k6/7/7/7/7/7/7/7/K5p w").is_err());
    assert!(Position::from_text(Variant::Bandit, "k5S/7/7/7/7/7/7/7/K5s w").is_ok());
    assert!(Position::from_text(Variant::Bandit, "k6/7/7/7/7/7/7/7/K5q w").is_err());
}

/// B17: a sergeant made by a trick on its last rank stays a sergeant and cannot move. The
/// black trickster d7 leaps to b8 between the white rook b9 and sergeant b7 (its file); the
/// rook becomes a sergeant on rank 9. The sergeant b7 may step to a8 or c8 but not take the
/// trickster on b8 (B3).
#[test]
fn b17_a_sergeant_made_on_its_last_rank_is_stuck() {
    let p = pos("1R5/6k/1S1t3/7/7/7/7/7/K6 b - - 0 1");
    let text = after(&p, "d7b8~b9S");
    assert_eq!(text, "1S5/1t4k/1S5/7/7/7/7/7/K6 w - - 0 2");
    let q = pos(&text);
    assert!(moves_from(&q, "b9").is_empty());
    assert_moves_from(&q, "b7", "b7a8 b7c8");
}

// ---------------------------------------------------------------- outlaws (B8-B14, B18)

/// B8: the outlaw d5 takes two agents on an orthogonal line, one white and one black:
/// north its own pawn d6 and the rook d7; east the knight e5 and its own sergeant f5. Not
/// south (its own king d4 with the bishop d3) and not west (a trickster on c5).
/// Its diagonal moves bounce once off an edge: e6 f7 g8 then f9; e4 f3 g2 then f1; c4 b3
/// a2 then b1; c6 b7 a8 then b9.
#[test]
fn b8_outlaw_double_capture_and_bounces() {
    let p = pos("6k/7/3r3/3P3/1PtOnS1/3K3/3b3/7/7 w - - 0 1");
    assert_moves_from(
        &p,
        "d5",
        "d5a2 d5a8 d5b1 d5b3 d5b7 d5b9 d5c4 d5c6 d5d7 d5e4 d5e6 d5f1 d5f3 d5f5 d5f7 d5f9 d5g2 d5g8",
    );
    let m = mv(&p, "d5d7");
    assert_eq!(
        m.effects(),
        [
            Effect::Remove {
                at: sq("d6"),
                why: Why::Outlaw
            },
            Effect::Remove {
                at: sq("d7"),
                why: Why::Outlaw
            },
            Effect::Move {
                from: sq("d5"),
                to: sq("d7"),
                how: How::Slide
            }
        ]
    );
    assert_eq!(m.wins, None);
    assert_eq!(
        after(&p, "d5d7"),
        "6k/7/3O3/7/1Pt1nS1/3K3/3b3/7/7 b - - 0 1"
    );
    assert_eq!(
        after(&p, "d5f5"),
        "6k/7/3r3/3P3/1Pt2O1/3K3/3b3/7/7 b - - 0 1"
    );
    // A bounce names the square where the line turns.
    let m = mv(&p, "d5f9");
    assert_eq!(
        m.effects(),
        [Effect::Move {
            from: sq("d5"),
            to: sq("f9"),
            how: How::Bounce(sq("g8"))
        }]
    );
    assert_eq!(
        after(&p, "d5f9"),
        "5Ok/7/3r3/3P3/1Pt1nS1/3K3/3b3/7/7 b - - 1 1"
    );
    assert_eq!(
        mv(&p, "d5e6").effects(),
        [Effect::Move {
            from: sq("d5"),
            to: sq("e6"),
            how: How::Slide
        }]
    );
}

/// B8: two agents of one colour are no pair; nor is an agent with an empty square. The
/// outlaw d5 has two black pawns north, two white knights east, a black rook then nothing
/// south, nothing west: no capture, only its lines (each bouncing once: f9, f1, b1, b9).
#[test]
fn b8_outlaw_needs_one_white_and_one_black() {
    let p = pos("6k/7/3p3/3p3/3ONN1/3r3/7/7/K6 w - - 0 1");
    assert_moves_from(
        &p,
        "d5",
        "d5a2 d5a8 d5b1 d5b3 d5b7 d5b9 d5c4 d5c6 d5e4 d5e6 d5f1 d5f3 d5f7 d5f9 d5g2 d5g8",
    );
}

/// B8: an outlaw takes the enemy king with its own pawn: a win at once.
#[test]
fn b8_outlaw_takes_the_king_and_wins() {
    let mut g = Game::new(Variant::Bandit, Some("7/7/3k3/3P3/3O3/7/7/7/K6 w - - 0 1")).unwrap();
    let p = g.position().clone();
    let m = mv(&p, "d5d7");
    assert_eq!(m.wins, Some(Reason::KingCaptured));
    g.play("d5d7").unwrap();
    assert_eq!(g.position().to_text(), "7/7/3O3/7/7/7/7/7/K6 b - - 0 1");
    let o = g.outcome().unwrap();
    assert_eq!(o, Outcome::win(Color::White, Reason::KingCaptured));
    assert_eq!(o.text(), "White wins by capturing the king with an outlaw");
    assert!(g.position().legal_moves().is_empty());
    assert_eq!(g.position().count_legal(), 0);
    assert!(g.play("a1a2").is_err());
}

/// B8: a king-capture wins even if the enemy has another king.
#[test]
fn b8_taking_one_of_two_kings_wins() {
    let p = pos("k6/7/3k3/3P3/3O3/7/7/7/K6 w - - 0 1");
    let q = p.after(&mv(&p, "d5d7"));
    assert_eq!(q.kings_of(Color::Black).count_ones(), 1);
    assert_eq!(
        q.outcome(),
        Some(Outcome::win(Color::White, Reason::KingCaptured))
    );
    assert!(q.legal_moves().is_empty());
}

/// B13: the outlaw d5 is pinned to its king a5 by the rook g5, yet it may take the black
/// king (with its pawn d6): the game ends with that move. Its diagonal moves would expose
/// the king: illegal. King: a4 a6 b4 b5 b6 (b5 is shielded by the outlaw). All 6 moves.
#[test]
fn b13_taking_the_king_ignores_own_king_safety() {
    let p = pos("7/7/3k3/3P3/K2O2r/7/7/7/7 w - - 0 1");
    assert_eq!(
        all_moves(&p),
        list(&["a5a4", "a5a6", "a5b4", "a5b5", "a5b6", "d5d7"])
    );
    let q = p.after(&mv(&p, "d5d7"));
    assert!(q.king_attacked(Color::White));
    assert_eq!(
        q.outcome(),
        Some(Outcome::win(Color::White, Reason::KingCaptured))
    );
}

/// B9: whatever takes an outlaw is destroyed at the end of the move: the knight c3, the
/// pawn c4, the rook d1 and another outlaw (f5, taking its own pawn e5 with it). The king
/// e4 may never take it. King: d3 d4 e3 f3 f4 (e5, f5 are its own).
#[test]
fn b9_capturers_of_an_outlaw_are_destroyed() {
    let p = pos("6k/7/7/7/3oPO1/2P1K2/2N4/7/3R3 w - - 0 1");
    assert_eq!(moves_to(&p, "d5"), list(&["c3d5", "c4d5", "d1d5", "f5d5"]));
    assert_moves_from(&p, "e4", "e4d3 e4d4 e4e3 e4f3 e4f4");
    let m = mv(&p, "d1d5");
    assert_eq!(
        m.effects(),
        [
            Effect::Remove {
                at: sq("d5"),
                why: Why::Capture
            },
            Effect::Move {
                from: sq("d1"),
                to: sq("d5"),
                how: How::Slide
            },
            Effect::Remove {
                at: sq("d5"),
                why: Why::Destroyed
            }
        ]
    );
    assert_eq!(after(&p, "d1d5"), "6k/7/7/7/4PO1/2P1K2/2N4/7/7 b - - 0 1");
    assert_eq!(after(&p, "c4d5"), "6k/7/7/7/4PO1/4K2/2N4/7/3R3 b - - 0 1");
    assert_eq!(after(&p, "c3d5"), "6k/7/7/7/4PO1/2P1K2/7/7/3R3 b - - 0 1");
    let m = mv(&p, "f5d5");
    assert_eq!(
        m.effects(),
        [
            Effect::Remove {
                at: sq("e5"),
                why: Why::Outlaw
            },
            Effect::Remove {
                at: sq("d5"),
                why: Why::Outlaw
            },
            Effect::Move {
                from: sq("f5"),
                to: sq("d5"),
                how: How::Slide
            },
            Effect::Remove {
                at: sq("d5"),
                why: Why::Destroyed
            }
        ]
    );
    assert_eq!(after(&p, "f5d5"), "6k/7/7/7/7/2P1K2/2N4/7/3R3 b - - 0 1");
}

/// B18: an outlaw that takes its own outlaw (with an enemy pawn) is destroyed too.
#[test]
fn b18_taking_an_own_outlaw_destroys_the_outlaw() {
    let p = pos("3k3/7/7/7/3o3/3P3/3o3/7/K6 b - - 0 1");
    let m = mv(&p, "d5d3");
    assert_eq!(
        m.effects().last(),
        Some(&Effect::Remove {
            at: sq("d3"),
            why: Why::Destroyed
        })
    );
    assert_eq!(after(&p, "d5d3"), "3k3/7/7/7/7/7/7/7/K6 w - - 0 2");
}

/// B10: no bounce at an exact corner, never back to the start square. The outlaw b2 on an
/// empty board: NE c3 d4 e5 f6 g7, bouncing at g7 to f8 e9; SE c1, bouncing to d2 e3 f4 g5;
/// NW a3, bouncing to b4 c5 d6 e7 f8 g9 (f8 once only, B14); SW a1 is a corner: no bounce
/// (it would come straight back to b2).
#[test]
fn b10_corner_and_start_square() {
    let p = pos("k6/7/7/7/7/7/7/1O5/3K3 w - - 0 1");
    let moves = moves_from(&p, "b2");
    assert_eq!(
        moves,
        list(&[
            "b2a1", "b2a3", "b2b4", "b2c1", "b2c3", "b2c5", "b2d2", "b2d4", "b2d6", "b2e3", "b2e5",
            "b2e7", "b2e9", "b2f4", "b2f6", "b2f8", "b2g5", "b2g7", "b2g9"
        ])
    );
    assert!(!moves.contains(&"b2b2".to_string()));
    // From a corner: only the one diagonal, bouncing at g7 to f8, e9.
    let p = pos("k6/7/7/7/7/7/7/7/O2K3 w - - 0 1");
    assert_moves_from(&p, "a1", "a1b2 a1c3 a1d4 a1e5 a1e9 a1f6 a1f8 a1g7");
}

/// B14: one move per square. From d1, d7 is reached by bouncing at g4 (north-east first)
/// and at a4; it is one move and turns at g4. c3: e9 via g7 (north-east) and via a5.
#[test]
fn b14_one_move_per_square_first_bounce() {
    let p = pos("k6/7/7/7/7/7/7/7/3O2K w - - 0 1");
    // NE e2 f3 g4 | f5 e6 d7 c8 b9; NW c2 b3 a4 | b5 c6 (d7) e8 f9.
    assert_moves_from(
        &p,
        "d1",
        "d1a4 d1b3 d1b5 d1b9 d1c2 d1c6 d1c8 d1d7 d1e2 d1e6 d1e8 d1f3 d1f5 d1f9 d1g4",
    );
    assert_eq!(
        mv(&p, "d1d7").effects(),
        [Effect::Move {
            from: sq("d1"),
            to: sq("d7"),
            how: How::Bounce(sq("g4"))
        }]
    );
    assert_eq!(
        mv(&p, "d1e8").effects(),
        [Effect::Move {
            from: sq("d1"),
            to: sq("e8"),
            how: How::Bounce(sq("a4"))
        }]
    );
    // c3: NE d4 e5 f6 g7 | f8 e9; SE d2 e1 | f2 g3; NW b4 a5 | b6 c7 d8 (e9); SW b2 a1.
    let p = pos("k6/7/7/7/7/7/2O4/7/6K w - - 0 1");
    assert_moves_from(
        &p,
        "c3",
        "c3a1 c3a5 c3b2 c3b4 c3b6 c3c7 c3d2 c3d4 c3d8 c3e1 c3e5 c3e9 c3f2 c3f6 c3f8 c3g3 c3g7",
    );
    assert_eq!(
        mv(&p, "c3e9").effects(),
        [Effect::Move {
            from: sq("c3"),
            to: sq("e9"),
            how: How::Bounce(sq("g7"))
        }]
    );
    // A blocked line does not bounce: with a piece on g4, d1's NE line stops at f3.
    let p = pos("k6/7/7/7/7/6n/7/7/3O2K w - - 0 1");
    let moves = moves_from(&p, "d1");
    assert!(moves.contains(&"d1f3".to_string()) && !moves.contains(&"d1f5".to_string()));
    assert!(moves.contains(&"d1d7".to_string()));
    assert_eq!(
        mv(&p, "d1d7").effects(),
        [Effect::Move {
            from: sq("d1"),
            to: sq("d7"),
            how: How::Bounce(sq("a4"))
        }]
    );
}

/// B11: outlaw threats are not check, and a king may stand where an outlaw could take it.
/// The white king d4 may step to d5, where the black outlaw d7 could take it with its own
/// pawn d6 (c5 and e5 are attacked by that pawn). Then Black takes the king and wins.
#[test]
fn b11_outlaw_threat_is_not_check() {
    let mut g = Game::new(Variant::Bandit, Some("k6/7/3o3/3p3/7/3K3/7/7/7 w - - 0 1")).unwrap();
    let p = g.position().clone();
    assert_moves_from(&p, "d4", "d4c3 d4c4 d4d3 d4d5 d4e3 d4e4");
    g.play("d4d5").unwrap();
    assert_eq!(g.position().to_text(), "k6/7/3o3/3p3/3K3/7/7/7/7 b - - 1 1");
    assert!(!g.position().king_attacked(Color::White));
    // Such a position loads: White is not in check though it is Black's move.
    assert!(Position::from_text(Variant::Bandit, "k6/7/3o3/3p3/3K3/7/7/7/7 b").is_ok());
    g.play("d7d5").unwrap();
    assert_eq!(g.position().to_text(), "k6/7/7/7/3o3/7/7/7/7 w - - 0 2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Color::Black, Reason::KingCaptured))
    );
}

/// B12, B15: a pawn or sergeant taking an outlaw on its last rank is destroyed: one move,
/// no promotion letter. Pawn b8: b9 (six promotions), a9 (outlaw). Sergeant d8: c9 and d9
/// (six promotions each), e9 (outlaw).
#[test]
fn b12_b15_promotion_onto_an_outlaw() {
    let p = pos("o3o2/1P1S2r/7/7/7/7/7/7/K5k w - - 0 1");
    assert_moves_from(&p, "b8", "b8a9 b8b9b b8b9c b8b9n b8b9o b8b9r b8b9t");
    assert_moves_from(
        &p,
        "d8",
        "d8c9b d8c9c d8c9n d8c9o d8c9r d8c9t d8d9b d8d9c d8d9n d8d9o d8d9r d8d9t d8e9",
    );
    let m = mv(&p, "b8a9");
    assert_eq!(m.choice, Choice::None);
    assert_eq!(
        m.effects(),
        [
            Effect::Remove {
                at: sq("a9"),
                why: Why::Capture
            },
            Effect::Move {
                from: sq("b8"),
                to: sq("a9"),
                how: How::Step
            },
            Effect::Remove {
                at: sq("a9"),
                why: Why::Destroyed
            }
        ]
    );
    assert_eq!(after(&p, "b8a9"), "4o2/3S2r/7/7/7/7/7/7/K5k b - - 0 1");
    assert_eq!(after(&p, "d8e9"), "o6/1P4r/7/7/7/7/7/7/K5k b - - 0 1");
    assert!(p.parse_move("b8a9c").is_err());
}

// ---------------------------------------------------------------- the command line's view

/// The views name the bounce point and the trick for the page.
#[test]
fn views_of_special_moves() {
    use fairyboard::view::{move_view, Squares};
    let p = pos("7/7/3r3/2b1k2/3n3/5T1/7/7/K6 w - - 0 1");
    let v = move_view(&p, &mv(&p, "f4d6~d7N~c6K"), Squares::Name);
    let choice = v.choice.expect("a trick");
    assert_eq!(choice.kind, "trick");
    assert_eq!(
        choice.label,
        "Turn d7 into a knight and turn c6 into a king"
    );
    let p = pos("k6/7/7/7/7/7/7/7/3O2K w - - 0 1");
    let json = serde_json::to_value(move_view(&p, &mv(&p, "d1d7"), Squares::Name)).unwrap();
    assert_eq!(json["effects"][0]["how"], "bounce");
    assert_eq!(json["effects"][0]["via"], "g4");
}

// ---------------------------------------------------------------- properties

mod properties {
    use std::collections::HashSet;

    use fairyboard::moves::MAX_EFFECTS;
    use fairyboard::{Color, Effect, Kind, Position, Reason, Variant, Why};
    use proptest::prelude::*;

    use super::common::{
        self, any_move, check_ep, check_halfmove, check_outcome, check_round_trip, move_text_once,
        moving_piece,
    };
    use super::{pos, START};

    /// Positions with every power close at hand (see also tests/all/bandit_reference.rs).
    const MIDDLE_GAMES: [&str; 6] = [
        "7/7/3r3/2b1k2/3n3/5T1/7/7/K6 w - - 0 1",
        "3k3/7/7/3P3/3p3/1PoONr1/3K3/3b3/7 w - - 0 1",
        "c1bk1rc/n1s1s1n/p1pp1pp/1p2p2/2P1O2/1o3P1/PP1P2P/N1SSS1N/CR1KBTC b - - 0 1",
        "k6/7/7/7/3S3/2N1R2/3K3/1t5/7 b - - 0 1",
        "o3o2/1P1S2r/7/7/7/7/7/7/K5k w - - 0 1",
        "1tbk1oc/1ns1s1n/p1Tp1p1/2p1p1p/1P1O3/P1S2P1/2P1PSP/NR1K1Bo/C5C w - - 0 1",
    ];

    fn king_captured(p: &Position) -> bool {
        p.outcome()
            .is_some_and(|o| o.reason == Reason::KingCaptured)
    }

    /// Everything that must hold in one position. `parse_all`: also parse every move's text
    /// back (the costly part; playouts do it at every third ply and parse the move they play
    /// at every ply).
    fn check_position(p: &Position, parse_all: bool) {
        let text = p.to_text();
        let over = king_captured(p);
        if !over {
            // Kings are never missing unless an outlaw has ended the game by taking one.
            for c in Color::ALL {
                assert!(p.kings_of(c) != 0, "{text}: {c:?} has no king");
            }
            check_round_trip(p);
        }
        let moves = p.legal_moves();
        assert_eq!(p.count_legal(), moves.len(), "{text}");
        let mover = p.side();
        let them = mover.opponent();
        let g = Variant::Bandit.geometry();
        let mut texts = HashSet::new();
        for m in &moves {
            let t = move_text_once(p, &text, m, &mut texts, parse_all);
            assert!(m.effects().len() <= MAX_EFFECTS, "{text}: {t}");
            let (_, piece) = moving_piece(p, &text, &t, m);
            let next = p.after(m);
            assert_eq!(next.side(), them);
            // Legal: no own king attacked afterwards, unless the move takes a king (B13).
            match m.wins {
                None => {
                    assert!(
                        !next.king_attacked(mover),
                        "{text}: {t} leaves a king attacked"
                    );
                    for c in Color::ALL {
                        assert!(next.kings_of(c) != 0, "{text}: {t} loses a king");
                    }
                    assert!(next
                        .outcome()
                        .is_none_or(|o| o.reason != Reason::KingCaptured));
                }
                Some(r) => {
                    assert_eq!(r, Reason::KingCaptured, "{text}: {t}");
                    assert_eq!(piece.kind(), Kind::Outlaw, "{text}: {t}");
                    assert!(
                        next.kings_of(them).count_ones() < p.kings_of(them).count_ones(),
                        "{text}: {t}"
                    );
                    assert_eq!(next.outcome().map(|o| o.winner), Some(Some(mover)));
                    assert_eq!(next.count_legal(), 0);
                }
            }
            // A capturer of an outlaw is gone at the end; no king is ever removed by one's
            // own side; the mover's own pieces are removed only by its outlaw.
            let mut removed_own = 0;
            for e in m.effects() {
                match *e {
                    Effect::Remove { at, why } => {
                        let victim = p.piece_at(at);
                        if why == Why::Destroyed {
                            assert_eq!(at, m.to, "{text}: {t}");
                            assert!(next.piece_at(m.to).is_none(), "{text}: {t}");
                        } else {
                            let v = victim.unwrap_or_else(|| panic!("{text}: {t} removes nothing"));
                            // B3: only pawns, knights and chancellors take a trickster;
                            // an outlaw never does (B8).
                            if v.kind() == Kind::Trickster {
                                assert_eq!(why, Why::Capture, "{text}: {t}");
                                assert!(
                                    matches!(
                                        piece.kind(),
                                        Kind::Pawn | Kind::Knight | Kind::Chancellor
                                    ),
                                    "{text}: {t}"
                                );
                            }
                            if v.color() == mover {
                                assert_eq!(why, Why::Outlaw, "{text}: {t}");
                                assert_ne!(v.kind(), Kind::King, "{text}: {t}");
                                removed_own += 1;
                            }
                            if v.kind() == Kind::Outlaw {
                                assert!(
                                    next.piece_at(m.to).is_none(),
                                    "{text}: {t} survives taking an outlaw"
                                );
                            }
                        }
                    }
                    Effect::Transform { at, into } => {
                        let before = p.piece_at(at).expect("a piece is transformed");
                        assert_eq!(before.color(), them, "{text}: {t}");
                        assert_eq!(into.color(), them, "{text}: {t}");
                        assert!(before.kind() != Kind::King && before.kind() != Kind::Pawn);
                        assert!(into.kind() != Kind::Pawn && into.kind() != before.kind());
                        assert_eq!(piece.kind(), Kind::Trickster, "{text}: {t}");
                        let (df, dr) = (
                            g.file(at) as i32 - g.file(m.to) as i32,
                            g.rank(at) as i32 - g.rank(m.to) as i32,
                        );
                        assert_eq!(df.abs() + dr.abs(), 1, "{text}: {t}: not orthogonally next");
                    }
                    _ => {}
                }
            }
            assert!(removed_own <= 1, "{text}: {t}");
            if piece.kind() == Kind::King {
                assert!(
                    !m.effects().iter().any(|e| matches!(e, Effect::Remove { at, .. }
                        if p.piece_at(*at).is_some_and(|v| v.kind() == Kind::Outlaw || v.kind() == Kind::Trickster))),
                    "{text}: {t}: a king takes an outlaw or trickster"
                );
            }
            // The halfmove clock restarts exactly on pawn and sergeant moves, removals,
            // promotions and transformations.
            let irreversible = matches!(piece.kind(), Kind::Pawn | Kind::Sergeant)
                || m.effects().iter().any(|e| {
                    matches!(
                        e,
                        Effect::Remove { .. } | Effect::Promote { .. } | Effect::Transform { .. }
                    )
                });
            check_halfmove(&text, &t, p, &next, irreversible);
            // An en passant square only after a pawn's or sergeant's double step.
            check_ep(&text, &t, p, m, &next, &[Kind::Pawn, Kind::Sergeant]);
            assert!(!next.castling().iter().any(|&c| c != 0));
        }
        check_outcome(p, &moves);
    }

    fn playout(start: &str, choices: &[usize]) {
        common::playout_thorough_every(pos(start), choices, 3, check_position, any_move);
    }

    common::random_games! {
        cases: 400, playout: playout;
        random_games_from_the_start: [START], 160;
        random_games_from_middle_games: MIDDLE_GAMES, 100;
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

        /// Random boards: whatever the engine accepts satisfies every property.
        #[test]
        fn random_positions(cells in prop::collection::vec((0usize..63, 0usize..18), 2..24), black in any::<bool>()) {
            let letters = ['K', 'C', 'R', 'B', 'N', 'S', 'T', 'O', 'P', 'k', 'c', 'r', 'b', 'n', 's', 't', 'o', 'p'];
            let mut board = [None; 63];
            // Kings first, then anything.
            board[cells[0].0] = Some('K');
            board[cells[1].0] = Some('k');
            for &(at, l) in &cells[2..] {
                board[at] = Some(letters[l]);
            }
            let mut rows = Vec::new();
            for r in (0..9).rev() {
                let mut row = String::new();
                let mut empty = 0;
                for f in 0..7 {
                    match board[r * 7 + f] {
                        None => empty += 1,
                        Some(l) => {
                            if empty > 0 { row.push_str(&empty.to_string()); empty = 0; }
                            row.push(l);
                        }
                    }
                }
                if empty > 0 { row.push_str(&empty.to_string()); }
                rows.push(row);
            }
            let text = format!("{} {}", rows.join("/"), if black { 'b' } else { 'w' });
            if let Ok(p) = Position::from_text(Variant::Bandit, &text) {
                check_position(&p, true);
                for m in p.legal_moves().iter().take(8) {
                    check_position(&p.after(m), true);
                }
            }
        }

        /// Any text: the parsers never panic.
        #[test]
        fn arbitrary_text_never_panics(text in "[KCRBNSTOPkcrbnstop1-9/ wb~a-g-]{0,60}") {
            if let Ok(p) = Position::from_text(Variant::Bandit, &text) {
                let _ = p.legal_moves();
            }
            let p = pos(START);
            let _ = p.parse_move(&text);
        }
    }
}
