//! Vagabond Chess, written from RULES.md section 1 (rulings V3-V14) and the engine's own
//! rulings in docs/rulings-vagabond.md (VR1-VR8). Every expected list below was worked out
//! by hand from the rules; the comment beside it gives the reasoning.

use fairyboard::{
    perft, Choice, Color, Effect, Game, How, Kind, Outcome, Piece, Position, Reason, Square,
    Variant, Why,
};

use crate::common::{all_moves, assert_moves_from, moves_from};

const START: &str = "reekaavr/pppppppp/8/8/8/8/PPPPPPPP/REEKAAVR w KQkq - 0 1";

fn pos(text: &str) -> Position {
    crate::common::position_of(Variant::Vagabond, text)
}

fn sq(name: &str) -> Square {
    Variant::Vagabond.geometry().parse_square(name).unwrap()
}

fn list(moves: &str) -> Vec<String> {
    let mut v: Vec<String> = moves.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

/// The position text after one move.
fn after(p: &Position, text: &str) -> String {
    crate::common::after(p, text).to_text()
}

fn effects(p: &Position, text: &str) -> Vec<Effect> {
    p.parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .effects()
        .to_vec()
}

fn mv(from: &str, to: &str, how: How) -> Effect {
    Effect::Move {
        from: sq(from),
        to: sq(to),
        how,
    }
}

fn remove(at: &str, why: Why) -> Effect {
    Effect::Remove { at: sq(at), why }
}

// ---------------------------------------------------------------- board, army, start

#[test]
fn board_letters_and_start_position() {
    let g = Variant::Vagabond.geometry();
    assert_eq!(g.len(), 64);
    assert_eq!(g.layout().separators.len(), 2);
    let p = Position::start(Variant::Vagabond).unwrap();
    assert_eq!(p.to_text(), START);
    // RULES.md 1 set-up: a1 R, b1 E, c1 E, d1 K, e1 A, f1 A, g1 V, h1 R, mirrored for Black.
    for (name, kind) in [
        ("a1", Kind::Rook),
        ("b1", Kind::Berserker),
        ("c1", Kind::Berserker),
        ("d1", Kind::King),
        ("e1", Kind::Archbishop),
        ("f1", Kind::Archbishop),
        ("g1", Kind::Vagabond),
        ("h1", Kind::Rook),
    ] {
        let black = format!("{}8", &name[..1]);
        assert_eq!(p.piece_at(sq(name)), Some(Piece::new(Color::White, kind)));
        assert_eq!(p.piece_at(sq(&black)), Some(Piece::new(Color::Black, kind)));
    }
    // KQkq: the rooks h1, a1, h8, a8 with the kings on d1 and d8.
    assert_eq!(
        p.castling(),
        [
            fairyboard::geometry::bit(sq("a1")) | fairyboard::geometry::bit(sq("h1")),
            fairyboard::geometry::bit(sq("a8")) | fairyboard::geometry::bit(sq("h8")),
        ]
    );
    // A board and a side default the rights from the kings and rooks at home.
    assert_eq!(
        pos("reekaavr/pppppppp/8/8/8/8/PPPPPPPP/REEKAAVR w").to_text(),
        START
    );
    // No queen, bishop or knight in this game.
    assert!(
        Position::from_text(Variant::Vagabond, "3k4/8/8/8/8/8/8/3KQ3 w")
            .unwrap_err()
            .message()
            .contains("unknown piece letter 'Q'")
    );
}

/// All 71 first moves, piece by piece (RULES.md 1):
/// - a1 R: file and rank blocked; shifts a5, e5 (e1 is occupied). h1 R: shifts d5, h5.
/// - b1 E: leaps a3, c3 and onto its own pawn d2; jump over b2 to b3 (rage a4, c4 empty);
///   shifts b5, f5. c1 E: leaps b3, d3, onto a2 and e2; jump c3; shifts c5, g5.
/// - pawns: one step diagonally forward, two along the diagonal from rank 2, shifts to
///   ranks 6 (the rank-2 corresponding squares are occupied): a2 b3 c4 a6 e6 ...
/// - e1 A: leaps d3, f3; shifts a5 (its diagonal is blocked by d2), e5. f1 A: e3, g3, b5, f5.
/// - g1 V (quadrant and board rim): leaps f3, h3 (e2 is its own); its wraps f8 and h8 are
///   occupied; shifts c5, g5.
/// - d1 K: boxed in; no castling through occupied squares.
///
/// No shift gives check: the black king on d8 is shielded by its pawns.
#[test]
fn start_position_moves() {
    let p = pos(START);
    assert_eq!(
        all_moves(&p),
        list(
            "a1a5 a1e5 h1d5 h1h5
             b1a3 b1c3 b1d2 b1b3 b1b5 b1f5
             c1b3 c1d3 c1a2 c1e2 c1c3 c1c5 c1g5
             a2b3 a2c4 a2a6 a2e6
             b2a3 b2c3 b2d4 b2b6 b2f6
             c2b3 c2d3 c2a4 c2e4 c2c6 c2g6
             d2c3 d2e3 d2b4 d2f4 d2d6 d2h6
             e2d3 e2f3 e2c4 e2g4 e2a6 e2e6
             f2e3 f2g3 f2d4 f2h4 f2b6 f2f6
             g2f3 g2h3 g2e4 g2c6 g2g6
             h2g3 h2f4 h2d6 h2h6
             e1d3 e1f3 e1a5 e1e5
             f1e3 f1g3 f1b5 f1f5
             g1f3 g1h3 g1c5 g1g5"
        )
    );
    assert_eq!(perft(&p, 1), 71);
}

// ---------------------------------------------------------------- V3: free castling

/// An empty back rank, the black king shielded from the d-file by its pawn d7.
const CASTLE: &str = "3k4/3p4/8/8/8/8/8/R2K3R w KQ - 0 1";

#[test]
fn v3_free_castling_six_ways_to_a1_and_ten_to_h1() {
    let p = pos(CASTLE);
    // Toward a1 the king goes to c1, b1 or a1, the rook from the king's old square up to
    // (not including) the king's new one: 1 + 2 + 3 = 6. Toward h1: 1 + 2 + 3 + 4 = 10.
    // Plus the king's five ordinary steps.
    assert_moves_from(
        &p,
        "d1",
        "d1c1 d1c2 d1d2 d1e1 d1e2
         d1c1/d1 d1b1/d1 d1b1/c1 d1a1/d1 d1a1/c1 d1a1/b1
         d1e1/d1 d1f1/d1 d1f1/e1 d1g1/d1 d1g1/e1 d1g1/f1
         d1h1/d1 d1h1/e1 d1h1/f1 d1h1/g1",
    );
    let castlings = |side: &str| {
        all_moves(&p)
            .into_iter()
            .filter(|t| t.contains('/') && ((t[2..3] < *"d") == (side == "a")))
            .count()
    };
    assert_eq!((castlings("a"), castlings("h")), (6, 10));
    // Black the same way, from d8 (the white pawn d2 shields d1 from a rook on d8).
    let black = pos("r2k3r/8/8/8/8/8/3P4/3K4 b kq - 0 1");
    assert_eq!(
        all_moves(&black).iter().filter(|t| t.contains('/')).count(),
        16
    );
    assert_eq!(
        after(&black, "d8f8/e8"),
        "r3rk2/8/8/8/8/8/3P4/3K4 w - - 1 2"
    );
    assert_eq!(
        after(&black, "d8b8/c8"),
        "1kr4r/8/8/8/8/8/3P4/3K4 w - - 1 2"
    );
}

#[test]
fn v3_castling_text_effects_and_positions() {
    let p = pos(CASTLE);
    // The king's move first when it stops short of the rook's square.
    let m = p.parse_move("d1b1/c1").unwrap();
    assert_eq!(m.choice, Choice::CastleRook(sq("c1")));
    assert_eq!((m.from, m.to), (Some(sq("d1")), sq("b1")));
    assert_eq!(
        m.effects(),
        [
            mv("d1", "b1", How::CastleKing),
            mv("a1", "c1", How::CastleRook)
        ]
    );
    // The king moved: both rights are gone.
    assert_eq!(after(&p, "d1b1/c1"), "3k4/3p4/8/8/8/8/8/1KR4R b - - 1 1");
    // Onto the rook's square: the rook goes first.
    assert_eq!(
        effects(&p, "d1a1/b1"),
        [
            mv("a1", "b1", How::CastleRook),
            mv("d1", "a1", How::CastleKing)
        ]
    );
    assert_eq!(after(&p, "d1a1/b1"), "3k4/3p4/8/8/8/8/8/KR5R b - - 1 1");
    assert_eq!(
        effects(&p, "d1h1/g1"),
        [
            mv("h1", "g1", How::CastleRook),
            mv("d1", "h1", How::CastleKing)
        ]
    );
    assert_eq!(after(&p, "d1h1/g1"), "3k4/3p4/8/8/8/8/8/R5RK b - - 1 1");
    // VR5: king and rook exchange squares in one swap.
    assert_eq!(
        effects(&p, "d1a1/d1"),
        [Effect::Swap {
            a: sq("d1"),
            b: sq("a1")
        }]
    );
    assert_eq!(after(&p, "d1a1/d1"), "3k4/3p4/8/8/8/8/8/K2R3R b - - 1 1");
    assert_eq!(after(&p, "d1h1/d1"), "3k4/3p4/8/8/8/8/8/R2R3K b - - 1 1");
    // The shortest castling is not the king's step (VR5).
    assert_eq!(after(&p, "d1c1/d1"), "3k4/3p4/8/8/8/8/8/2KR3R b - - 1 1");
    assert_eq!(after(&p, "d1c1"), "3k4/3p4/8/8/8/8/8/R1K4R b - - 1 1");
    // Toward h1 the h1 rook castles: it goes to d1, the a1 rook stays.
    assert_eq!(after(&p, "d1e1/d1"), "3k4/3p4/8/8/8/8/8/R2RK3 b - - 1 1");
    // Without the rook's square the text names no move, and says what is missing.
    let message = p.parse_move("d1a1").unwrap_err().message().to_string();
    assert!(message.contains("where the rook goes"), "{message}");
    assert!(p.parse_move("d1b1/a1").is_err());
    assert!(p.parse_move("d1b1/b1").is_err());
    assert!(p.parse_move("d1c1/c1").is_err());
}

#[test]
fn v3_castling_may_not_give_check() {
    // Without the pawn d7, a rook landing on d1 checks the king on d8 down the open
    // d-file: the 7 castlings that put the rook on d1 are illegal, 9 remain.
    let p = pos("3k4/8/8/8/8/8/8/R2K3R w KQ - 0 1");
    assert_eq!(
        all_moves(&p)
            .into_iter()
            .filter(|t| t.contains('/'))
            .collect::<Vec<_>>(),
        list("d1b1/c1 d1a1/c1 d1a1/b1 d1f1/e1 d1g1/e1 d1g1/f1 d1h1/e1 d1h1/f1 d1h1/g1")
    );
    // An ordinary rook move may give check: h1-h8 (rank 8 is open to d8).
    assert!(all_moves(&p).contains(&"h1h8".to_string()));
}

#[test]
fn v3_castling_needs_a_safe_king_path_and_empty_squares() {
    // A black rook on b8 attacks b1: toward a1 the king may only go to c1 (the rook to d1).
    let p = pos("1r1k4/3p4/8/8/8/8/8/R2K3R w KQ - 0 1");
    let castlings: Vec<String> = all_moves(&p)
        .into_iter()
        .filter(|t| t.contains('/'))
        .collect();
    assert_eq!(castlings.iter().filter(|t| t[2..3] < *"d").count(), 1);
    assert!(castlings.contains(&"d1c1/d1".to_string()));
    assert_eq!(castlings.len(), 11);
    // A black rook on a8 attacks a1, the square the king would land on: c1 and b1 remain.
    let p = pos("r2k4/3p4/8/8/8/8/8/R2K3R w KQ - 0 1");
    assert_eq!(
        all_moves(&p)
            .into_iter()
            .filter(|t| t.contains('/') && t[2..3] < *"d")
            .collect::<Vec<_>>(),
        list("d1c1/d1 d1b1/d1 d1b1/c1")
    );
    // In check: no castling; only king steps off the d-file answer the rook on d5.
    let p = pos("3k4/3p4/8/3r4/8/8/8/R2K3R w KQ - 0 1");
    assert_eq!(all_moves(&p), list("d1c1 d1c2 d1e1 d1e2"));
    // Anything between king and rook blocks that side entirely.
    let p = pos("3k4/3p4/8/8/8/8/8/RA1K3R w KQ - 0 1");
    assert!(all_moves(&p)
        .iter()
        .filter(|t| t.contains('/'))
        .all(|t| t[2..3] > *"d"));
}

#[test]
fn v3_a_shift_or_capture_ends_the_right() {
    // The rook h1 shifts to h5 (its file is blocked at h3) and back: it has moved.
    let mut g = Game::new(
        Variant::Vagabond,
        Some("3k4/3p4/8/8/8/7P/8/R2K3R w KQ - 0 1"),
    )
    .unwrap();
    for m in ["h1h5", "d8e8", "h5h1", "e8d8"] {
        g.play(m).unwrap();
    }
    assert_eq!(g.position().to_text(), "3k4/3p4/8/8/8/7P/8/R2K3R w Q - 4 3");
    assert_eq!(
        g.position()
            .legal_moves()
            .iter()
            .filter(|m| matches!(m.choice, Choice::CastleRook(_)))
            .count(),
        6
    );
    // A berserker taking its own rook (V6) ends that rook's right.
    let p = pos("3k4/3p4/8/8/8/1E6/8/R2K3R w KQ - 0 1");
    assert_eq!(after(&p, "b3a1"), "3k4/3p4/8/8/8/8/8/E2K3R b K - 0 1");
    // Rights need the king on d1 and a rook on the named square.
    for bad in [
        "3k4/8/8/8/8/8/8/R2K3A w K - 0 1",
        "3k4/8/8/8/8/8/8/R3K2R w K - 0 1",
    ] {
        assert!(
            Position::from_text(Variant::Vagabond, bad).is_err(),
            "{bad}"
        );
    }
}

// ---------------------------------------------------------------- V4: quadrant shifts

#[test]
fn v4_a_shift_may_not_give_check_but_the_same_slide_may() {
    // Rook b3, white pawn d3 blocking rank 3, black king f8. Shifts of b3: f3 (rank blocked,
    // so a shift) and f7 (not on a rook line) both check f8: illegal. b7 is reached by the
    // b-file slide too: one move, a slide. b8 checks along rank 8 as a slide: legal.
    let p = pos("5k2/8/8/8/8/1R1P4/8/7K w - - 0 1");
    assert_moves_from(&p, "b3", "b3a3 b3c3 b3b1 b3b2 b3b4 b3b5 b3b6 b3b7 b3b8");
    assert_eq!(effects(&p, "b3b7"), [mv("b3", "b7", How::Slide)]);
    // VR4: with rank 3 open, b3-f3 is a slide: legal although it gives check.
    let p = pos("5k2/8/8/8/8/1R6/8/7K w - - 0 1");
    assert_moves_from(
        &p,
        "b3",
        "b3a3 b3c3 b3d3 b3e3 b3f3 b3g3 b3h3 b3b1 b3b2 b3b4 b3b5 b3b6 b3b7 b3b8",
    );
    assert_eq!(effects(&p, "b3f3"), [mv("b3", "f3", How::Slide)]);
    assert!(pos(&after(&p, "b3f3")).in_check());
}

#[test]
fn v4_a_shift_may_not_discover_check() {
    // Berserker a4 between the rook a1 and the king a8. Its leaps uncover the check and
    // are legal; its shifts e4 and e8 would uncover it too and are not (a8 is occupied).
    let p = pos("k7/8/8/8/E7/8/8/R6K w - - 0 1");
    assert_moves_from(&p, "a4", "a4b2 a4b6 a4c3 a4c5");
    // Without the rook the shifts are fine, written from-to, effect "shift".
    let p = pos("k7/8/8/8/E7/8/8/7K w - - 0 1");
    assert_moves_from(&p, "a4", "a4b2 a4b6 a4c3 a4c5 a4e4 a4e8");
    assert_eq!(effects(&p, "a4e8"), [mv("a4", "e8", How::Shift)]);
    assert_eq!(after(&p, "a4e8"), "k3E3/8/8/8/8/8/8/7K b - - 1 1");
}

#[test]
fn the_king_never_shifts_and_shifts_never_capture() {
    // d1 ~ h1, d5, h5: no king shift. The rook a2 ~ e2, a6, e6: a6 holds a black pawn
    // (no capture by shift) and e2 is reached by the rank-2 slide.
    let p = pos("7k/8/p7/8/8/8/R7/3K4 w - - 0 1");
    assert_moves_from(&p, "d1", "d1c1 d1c2 d1d2 d1e1 d1e2");
    assert_moves_from(
        &p,
        "a2",
        "a2a1 a2a3 a2a4 a2a5 a2a6 a2b2 a2c2 a2d2 a2e2 a2f2 a2g2 a2h2 a2e6",
    );
    // a2a6 is the file slide capturing the pawn, not a shift.
    assert_eq!(
        effects(&p, "a2a6"),
        [remove("a6", Why::Capture), mv("a2", "a6", How::Slide)]
    );
}

// ---------------------------------------------------------------- the berserker

/// White berserker d4 with a white pawn d5 above it (a black rook c7 and a white pawn e7
/// diagonally in front of d6), a black pawn e4 to its right (a black archbishop g5 in
/// front of f4), a white rook c4 to its left with a black pawn b4 behind it.
const RAGE: &str = "7k/2r1P3/8/3P2a1/1pREp3/8/8/K7 w - - 0 1";

#[test]
fn v6_v7_berserker_leaps_and_jumps_with_rage() {
    let p = pos(RAGE);
    // Eight empty knight squares; jumps north (over d5 to d6) and east (over e4 to f4);
    // west is blocked because b4 is occupied (V7); south has nothing to jump. Shifts h4, d8
    // (h8 is occupied).
    assert_moves_from(
        &p,
        "d4",
        "d4b3 d4b5 d4c2 d4c6 d4e2 d4e6 d4f3 d4f5 d4d6 d4f4 d4d8 d4h4",
    );
    // V6: the rage takes both squares diagonally in front of d6, friend and foe.
    assert_eq!(
        effects(&p, "d4d6"),
        [
            mv("d4", "d6", How::Jump),
            remove("c7", Why::Rage),
            remove("e7", Why::Rage)
        ]
    );
    assert_eq!(after(&p, "d4d6"), "7k/8/3E4/3P2a1/1pR1p3/8/8/K7 b - - 0 1");
    // Only the occupied rage square loses its agent; the jumped pawn e4 stays.
    assert_eq!(
        effects(&p, "d4f4"),
        [mv("d4", "f4", How::Jump), remove("g5", Why::Rage)]
    );
    assert_eq!(after(&p, "d4f4"), "7k/2r1P3/8/3P4/1pR1pE2/8/8/K7 b - - 0 1");
    // A jump with nothing to rage on is a plain jump.
    let p = pos("3k4/8/8/8/8/8/1P6/1E1K4 w - - 0 1");
    assert_eq!(effects(&p, "b1b3"), [mv("b1", "b3", How::Jump)]);
}

#[test]
fn v6_berserker_takes_friends_but_never_its_own_king() {
    // Berserker a1: its knight squares are b3 (own pawn: taken) and c2 (own king: never).
    let p = pos("3k4/8/8/8/8/1P6/2K5/E7 w - - 0 1");
    assert_moves_from(&p, "a1", "a1b3 a1a5 a1e1 a1e5");
    assert_eq!(
        effects(&p, "a1b3"),
        [remove("b3", Why::Capture), mv("a1", "b3", How::Leap)]
    );
    assert_eq!(after(&p, "a1b3"), "3k4/8/8/8/8/1E6/2K5/8 b - - 0 1");
}

#[test]
fn v6_a_jump_whose_rage_would_hit_the_own_king_is_not_allowed() {
    // V13: the white king e7 stands on a rage square of the jump d4-d6, so that jump does
    // not exist; the berserker does not attack its own king, so White is not in check.
    let p = pos("k7/2p1K3/8/3P4/3E4/8/8/8 w - - 0 1");
    assert!(!p.in_check());
    assert_moves_from(
        &p,
        "d4",
        "d4b3 d4b5 d4c2 d4c6 d4e2 d4e6 d4f3 d4f5 d4d8 d4h4 d4h8",
    );
}

#[test]
fn v8_rage_gives_check() {
    // V8: the black king e7 stands on a rage square of the jump d4-d6: check. Answers: king
    // steps to squares neither raged, leapt nor pawn-guarded (e6 is a knight square of d4,
    // d6 is guarded by the pawn d5), or filling the landing square d6 (the rook's slide).
    let p = pos("8/4k3/7r/3P4/3E4/8/8/K7 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(all_moves(&p), list("e7d7 e7d8 e7e8 e7f6 e7f7 e7f8 h6d6"));
    // A king cannot be left on a rage square: text with the side not to move raged is
    // refused (VR2).
    // (Berserker d5 can jump over d6 to d7, raging on c8 and e8.)
    assert!(Position::from_text(Variant::Vagabond, "6k1/8/3p4/2pEp3/3P4/8/8/4K3 w").is_ok());
    let message = Position::from_text(Variant::Vagabond, "4k3/8/3p4/2pEp3/3P4/8/8/4K3 w")
        .unwrap_err()
        .message()
        .to_string();
    assert!(
        message.contains("Black is in check but it is White to move"),
        "{message}"
    );
}

#[test]
fn v8_knight_leaps_of_the_berserker_give_check() {
    // V8: berserker c4 attacks its knight squares; d6 is one.
    let p = pos("8/8/3k4/8/2E5/8/8/3K4 b - - 0 1");
    assert!(p.in_check());
}

#[test]
fn v13_vr3_a_forbidden_jump_gives_no_check() {
    // The jump d4-d6 would rage on c7 and e7; the white king on c7 forbids it, so the
    // black king on e7 is not attacked (VR3).
    let p = pos("8/2K1k3/8/3P4/3E4/8/8/8 b - - 0 1");
    assert!(!p.in_check());
    // When the white king steps off c7 the jump exists again: a discovered check.
    let p = pos("8/2K1k3/8/3P4/3E4/8/8/8 w - - 0 1");
    assert!(!moves_from(&p, "d4").contains(&"d4d6".to_string()));
    let next = pos(&after(&p, "c7b7"));
    assert!(next.in_check());
}

#[test]
fn vr2_rage_checkmate_and_no_king_is_ever_removed() {
    // Pawn c5-b6 makes b6 the jumped square of the berserker b5 with b7 empty: the rage
    // squares a8 and c8 hold the black king. b7 is guarded by the pawn b6 (straight
    // forward), a7 and b8 are Black's own, and nothing can fill b7, take b6 or take b5:
    // checkmate, and the king stays on the board.
    let mut g = Game::new(Variant::Vagabond, Some("ka6/p7/8/1EP5/8/8/8/7K w - - 0 1")).unwrap();
    g.play("c5b6").unwrap();
    let p = g.position();
    assert!(p.in_check());
    assert_eq!(p.kings_of(Color::Black).count_ones(), 1);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: Reason::Checkmate
        })
    );
}

// ---------------------------------------------------------------- the vagabond

#[test]
fn v10_vr1_vagabond_wraps_diagonally_off_the_board() {
    // b1: leaps a3 c3 d2; wraps a8 c8 (V10); shifts b5 f1 f5.
    let p = pos("8/8/7k/8/7K/8/8/1V6 w - - 0 1");
    assert_moves_from(&p, "b1", "b1a3 b1c3 b1d2 b1a8 b1c8 b1b5 b1f1 b1f5");
    assert_eq!(effects(&p, "b1a8"), [mv("b1", "a8", How::Wrap)]);
    assert_eq!(after(&p, "b1c8"), "2V5/8/7k/8/7K/8/8/8 b - - 1 1");
    // a1: leaps b3 c2; wraps h2 b8 h8 (both coordinates wrap at the corner); shifts.
    let p = pos("8/8/7k/8/7K/8/8/V7 w - - 0 1");
    assert_moves_from(&p, "a1", "a1b3 a1c2 a1h2 a1b8 a1h8 a1a5 a1e1 a1e5");
    // Only to empty squares: not onto an enemy rook (h8) nor its own pawn (b8).
    let p = pos("1P5r/8/7k/8/7K/8/8/V7 w - - 0 1");
    assert_moves_from(&p, "a1", "a1b3 a1c2 a1h2 a1a5 a1e1 a1e5");
    // VR1: "backwards" means outward, for either colour: a black vagabond on b1 wraps the
    // same way, and a white one on b8 wraps to a1 and c1.
    let p = pos("8/8/7k/8/7K/8/8/1v6 b - - 0 1");
    assert_moves_from(&p, "b1", "b1a3 b1c3 b1d2 b1a8 b1c8 b1b5 b1f1 b1f5");
    let p = pos("1V6/8/7k/8/7K/8/8/8 w - - 0 1");
    assert_moves_from(&p, "b8", "b8a6 b8c6 b8d7 b8a1 b8c1 b8b4 b8f4 b8f8");
}

#[test]
fn v11_vr7_vagabond_on_a_quadrant_centre_slides_as_a_queen_without_capturing() {
    // V11, VR7: c3 is a quadrant centre: queen lines over the whole board, stopping before the black
    // rook c6 and the own pawn e5 (no capture), no knight leaps, no wraps. Shifts: g3 is the
    // rank slide (one entry); c7 (file blocked by c6) and g7 (diagonal blocked by e5) shift.
    let p = pos("3k4/8/2r5/4P3/8/2V5/8/3K4 w - - 0 1");
    assert_moves_from(
        &p,
        "c3",
        "c3c4 c3c5 c3d3 c3e3 c3f3 c3g3 c3h3 c3c2 c3c1 c3b3 c3a3
         c3d4 c3d2 c3e1 c3b2 c3a1 c3b4 c3a5 c3c7 c3g7",
    );
    assert_eq!(effects(&p, "c3g3"), [mv("c3", "g3", How::Slide)]);
    assert_eq!(effects(&p, "c3c7"), [mv("c3", "c7", How::Shift)]);
}

#[test]
fn v11_vagabond_on_a_quadrant_rim_leaps_and_never_checks() {
    // V11: d4 is on a quadrant rim but not the board's: knight leaps only, taking the enemy pawn
    // e6 but neither its own pawn c6 nor the enemy king f5; no wraps; shifts d8 h4 h8.
    let p = pos("8/8/2P1p3/5k2/3V4/8/8/K7 w - - 0 1");
    assert_moves_from(&p, "d4", "d4b3 d4b5 d4c2 d4e2 d4e6 d4f3 d4d8 d4h4 d4h8");
    assert_eq!(
        effects(&p, "d4e6"),
        [remove("e6", Why::Capture), mv("d4", "e6", How::Leap)]
    );
    assert_eq!(after(&p, "d4e6"), "8/8/2P1V3/5k2/8/8/8/K7 b - - 0 1");
    // It never gives check: the king a knight's move away is not attacked.
    let p = pos("8/8/2P1p3/5k2/3V4/8/8/K7 b - - 0 1");
    assert!(!p.in_check());
}

// ---------------------------------------------------------------- pawns

#[test]
fn berolina_plus_pawn_moves_and_captures() {
    // d2: steps e3 (c3 is occupied: no diagonal capture), two along the diagonal to f4 (not
    // b4: c3 blocks), captures straight forward d3 and sideways e2; shifts d6 h2 h6.
    let p = pos("3k4/8/8/8/8/2pp4/3Pr3/3K4 w - - 0 1");
    assert_moves_from(&p, "d2", "d2e3 d2f4 d2d3 d2e2 d2d6 d2h2 d2h6");
    assert_eq!(after(&p, "d2f4"), "3k4/8/8/8/5P2/2pp4/4r3/3K4 b - - 0 1");
    // Black's pawns go down the board: c3 steps to b2 (d2 is occupied), has nothing to take
    // straight down (c2) or sideways (b3 empty, d3 its own), and shifts c7 g3 g7.
    let p = pos("3k4/8/8/8/8/2pp4/3Pr3/3K4 b - - 0 1");
    assert_moves_from(&p, "c3", "c3b2 c3c7 c3g3 c3g7");
}

#[test]
fn vr6_double_step_from_the_second_rank_after_a_shift() {
    // VR6: a pawn that shifts back to its second rank may double-step again ("always").
    let mut g = Game::new(Variant::Vagabond, Some("3k4/8/1P6/8/8/8/8/3K4 w - - 0 1")).unwrap();
    for m in ["b6b2", "d8e8"] {
        g.play(m).unwrap();
    }
    assert_moves_from(g.position(), "b2", "b2a3 b2c3 b2d4 b2b6 b2f2 b2f6");
    // The shift reset the 100-ply count: it is a pawn move.
    assert_eq!(g.position().halfmove(), 1);
}

#[test]
fn v12_pawns_shift_to_first_and_last_ranks() {
    // c4 ~ g4, c8, g8. On c8 the pawn would attack d8 sideways: that shift is illegal (V4).
    let p = pos("3k4/8/8/8/2P5/8/8/3K4 w - - 0 1");
    assert_moves_from(&p, "c4", "c4b5 c4d5 c4g4 c4g8");
    assert_eq!(after(&p, "c4g8"), "3k2P1/8/8/8/8/8/8/3K4 b - - 0 1");
    // A pawn on its last rank stays a pawn: no step, sideways captures, shifts.
    let p = pos("P6k/8/8/8/8/8/8/p2K4 w - - 0 1");
    assert_moves_from(&p, "a8", "a8a4 a8e4 a8e8");
    let p = pos("Pr5k/8/8/8/8/8/8/p2K4 w - - 0 1");
    assert_moves_from(&p, "a8", "a8b8 a8a4 a8e4 a8e8");
    // Black's pawn on a1 (its last rank): its shift to e1 would check d1 sideways.
    let p = pos("P6k/8/8/8/8/8/8/p2K4 b - - 0 1");
    assert_moves_from(&p, "a1", "a1a5 a1e5");
    // A white pawn on its first rank: one step diagonally forward, no double step, captures
    // forward (b2) and sideways (a1).
    let p = pos("3k4/8/8/8/8/8/1p6/aP1K4 w - - 0 1");
    assert_moves_from(&p, "b1", "b1a2 b1c2 b1b2 b1a1 b1b5 b1f1 b1f5");
}

#[test]
fn v14_no_en_passant_and_no_promotion() {
    // Black d7-b5 passes c6 beside the white pawn c5: it may take b5 sideways as always,
    // but nothing takes en passant on c6.
    let p = pos("3k4/3p4/8/2P5/8/8/8/3K4 b - - 0 1");
    let text = after(&p, "d7b5");
    assert_eq!(text, "3k4/8/8/1pP5/8/8/8/3K4 w - - 0 2");
    let next = pos(&text);
    assert_moves_from(&next, "c5", "c5b6 c5d6 c5b5 c5c1 c5g1 c5g5");
    assert!(Position::from_text(Variant::Vagabond, "3k4/8/8/1pP5/8/8/8/3K4 w - c6 0 2").is_err());
    // No promotion: a pawn stepping onto the last rank stays a pawn, one move per square.
    let p = pos("3k4/1P6/8/8/8/8/8/3K4 w - - 0 1");
    assert_moves_from(&p, "b7", "b7a8 b7c8 b7b3 b7f3 b7f7");
    assert_eq!(after(&p, "b7a8"), "P2k4/8/8/8/8/8/8/3K4 b - - 0 1");
}

// ---------------------------------------------------------------- archbishop and rook

#[test]
fn archbishop_is_bishop_and_knight() {
    // a1: the long diagonal to e5 is also a shift square (one entry, a slide), then f6
    // (checking d8 along f6-e7-d8: legal, a slide) and the capture g7; knight leaps b3 c2;
    // shifts e1, but not a5, where the archbishop would check d8 along a5-b6-c7-d8 (V4).
    let p = pos("3k4/6p1/8/8/8/8/8/A6K w - - 0 1");
    assert_moves_from(&p, "a1", "a1b2 a1c3 a1d4 a1e5 a1f6 a1g7 a1b3 a1c2 a1e1");
    assert_eq!(effects(&p, "a1e5"), [mv("a1", "e5", How::Slide)]);
}

// ---------------------------------------------------------------- how games end

#[test]
fn back_rank_checkmate_and_stalemate() {
    let mut g = Game::new(Variant::Vagabond, Some("7k/6pp/8/8/8/8/8/R2K4 w - - 0 1")).unwrap();
    g.play("a1a8").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: Reason::Checkmate
        })
    );
    assert!(g.play("h8g8").is_err());
    // Black king a8: a7 guarded by the pawn a6 straight ahead, b7 and b8 by the king c7.
    let p = pos("k7/2K5/P7/8/8/8/8/8 b - - 0 1");
    assert!(!p.in_check() && p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::draw(Reason::Stalemate)));
}

#[test]
fn vr8_only_kings_alone_are_a_material_draw() {
    assert_eq!(
        pos("k7/8/8/8/8/8/8/7K w - - 0 1").outcome(),
        Some(Outcome::draw(Reason::InsufficientMaterial))
    );
    assert_eq!(pos("k7/8/8/8/8/8/8/V6K w - - 0 1").outcome(), None);
}

#[test]
fn one_king_each() {
    for (text, message) in [
        ("8/8/8/8/8/8/8/3K4 w", "Black has no king"),
        ("3k4/8/8/8/8/8/8/3K1K2 w", "White has 2 kings"),
    ] {
        let e = Position::from_text(Variant::Vagabond, text).unwrap_err();
        assert!(e.message().contains(message), "{text}: {e}");
    }
}
