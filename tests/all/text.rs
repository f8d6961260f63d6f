//! Position text and move text, written from the rules (FIDE chess, RULES.md section 0 and 6)
//! and the text format documented in `src/text.rs`.

use std::collections::HashSet;

use crate::common::castling_effects;
use crate::common::orthodox::{KIWIPETE, POS3, POS4, POS5, PROMOTIONS, START};
use fairyboard::{Choice, Color, Effect, How, Kind, Piece, Position, Setup, Square, Variant, Why};

fn pos(text: &str) -> Position {
    crate::common::position_of(Variant::Orthodox, text)
}

/// The error message for position text that must be rejected.
fn err(text: &str) -> String {
    match Position::from_text(Variant::Orthodox, text) {
        Ok(p) => panic!("{text:?} was accepted as {}", p.to_text()),
        Err(e) => e.message().to_string(),
    }
}

fn assert_err(text: &str, needle: &str) {
    let message = err(text);
    assert!(
        message.contains(needle),
        "{text:?}: message {message:?} does not contain {needle:?}"
    );
}

fn sq(name: &str) -> Square {
    Variant::Orthodox.geometry().parse_square(name).unwrap()
}

fn bit(name: &str) -> u128 {
    1u128 << sq(name).index()
}

fn round_trip(text: &str) {
    let p = pos(text);
    assert_eq!(p.to_text(), text);
    assert_eq!(pos(&p.to_text()), p);
}

// ---------------------------------------------------------------- round trips

#[test]
fn start_position_round_trips() {
    round_trip(START);
    assert_eq!(Position::start(Variant::Orthodox).unwrap().to_text(), START);
    assert_eq!(Position::start(Variant::Orthodox).unwrap(), pos(START));
}

#[test]
fn start_position_fields() {
    let p = pos(START);
    assert_eq!(p.side(), Color::White);
    assert_eq!(p.castling(), [bit("a1") | bit("h1"), bit("a8") | bit("h8")]);
    assert_eq!(p.ep(), None);
    assert_eq!((p.halfmove(), p.fullmove()), (0, 1));
    assert_eq!(
        p.piece_at(sq("e1")),
        Some(Piece::new(Color::White, Kind::King))
    );
    assert_eq!(
        p.piece_at(sq("d8")),
        Some(Piece::new(Color::Black, Kind::Queen))
    );
    assert_eq!(
        p.piece_at(sq("g1")),
        Some(Piece::new(Color::White, Kind::Knight))
    );
    assert_eq!(p.piece_at(sq("e4")), None);
    assert_eq!(p.occupied().count_ones(), 32);
}

#[test]
fn kiwipete_round_trips() {
    round_trip(KIWIPETE);
}

#[test]
fn published_positions_round_trip() {
    for text in [POS3, POS4, POS5, PROMOTIONS] {
        round_trip(text);
    }
}

#[test]
fn en_passant_square_round_trips() {
    let text = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    round_trip(text);
    let p = pos(text);
    assert_eq!(p.ep(), Some(sq("f6")));
    // Black has just played f7f5: exf6 is possible, but not exd6 (d7d5 was earlier).
    assert!(p.parse_move("e5f6").is_ok());
    assert!(p.parse_move("e5d6").is_err());
    // Black's side: White has just played c2c4 past a Black pawn on b4.
    round_trip("rnbqkbnr/p1pppppp/8/8/1pP5/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 2");
}

#[test]
fn partial_castling_rights_round_trip() {
    for rights in [
        "K", "Q", "k", "q", "Kq", "Qk", "KQ", "kq", "KQk", "Qkq", "-",
    ] {
        round_trip(&format!("r3k2r/8/8/8/8/8/8/R3K2R w {rights} - 0 1"));
    }
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
    assert_eq!(p.castling(), [bit("h1"), bit("a8")]);
}

#[test]
fn castling_rights_are_printed_in_kqkq_order() {
    assert_eq!(
        pos("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1").to_text(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    );
}

#[test]
fn castling_rights_as_rook_file_letters() {
    // The documented alternative: the file letter of the rook (upper case for White).
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w Ha - 0 1");
    assert_eq!(p.castling(), [bit("h1"), bit("a8")]);
    assert_eq!(p.to_text(), "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
}

#[test]
fn counters_round_trip() {
    round_trip("4k3/8/8/8/8/8/8/4K3 w - - 37 112");
    round_trip("4k3/8/8/8/8/8/8/4K3 b - - 0 9999");
    round_trip("4k3/8/8/8/8/8/8/4K3 w - - 9999 1");
    let p = pos("4k3/8/8/8/8/8/8/4K3 b - - 37 112");
    assert_eq!(
        (p.side(), p.halfmove(), p.fullmove()),
        (Color::Black, 37, 112)
    );
}

#[test]
fn two_digit_empty_counts_are_read() {
    // Counts may have two digits (for larger boards); on 8 files "8" is the only full rank,
    // so "10" is too many squares rather than "1" then "0".
    assert_err("4k3/8/8/8/8/8/8/10 w", "describes 10 squares");
}

// ---------------------------------------------------------------- board and side complete

#[test]
fn board_and_side_default_the_rest() {
    // A king and rook on their start squares keep their rights; the rest is "- 0 1".
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K2R w").to_text(),
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    );
    assert_eq!(
        pos("r3k3/8/8/8/8/8/8/4K3 b").to_text(),
        "r3k3/8/8/8/8/8/8/4K3 b q - 0 1"
    );
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w").to_text(),
        START
    );
}

#[test]
fn default_castling_needs_king_and_rook_on_start_squares() {
    // Rook off its corner, king off e1/e8: no rights.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K1R1 w").to_text(),
        "4k3/8/8/8/8/8/8/4K1R1 w - - 0 1"
    );
    assert_eq!(
        pos("r6r/4k3/8/8/8/8/3K4/R6R b").to_text(),
        "r6r/4k3/8/8/8/8/3K4/R6R b - - 0 1"
    );
    // A Black rook on h1 gives White nothing (and the Black king is not on e8).
    assert_eq!(
        pos("3k4/8/8/8/8/8/8/4K2r w").to_text(),
        "3k4/8/8/8/8/8/8/4K2r w - - 0 1"
    );
    // All four.
    assert_eq!(
        pos("r3k2r/8/8/8/8/8/8/R3K2R b").to_text(),
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"
    );
}

#[test]
fn explicit_dash_means_no_rights() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w -");
    assert_eq!(p.castling(), [0, 0]);
    assert_eq!(p.to_text(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    // Nor can the king castle.
    assert!(p.parse_move("e1g1").is_err());
    assert!(p.parse_move("e1c1").is_err());
}

#[test]
fn castling_given_the_rest_defaults() {
    assert_eq!(
        pos("r3k2r/8/8/8/8/8/8/R3K2R w Qk").to_text(),
        "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1"
    );
    assert_eq!(
        pos("r3k2r/8/8/8/8/8/8/R3K2R w Qk - 7").to_text(),
        "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 7 1"
    );
}

// ---------------------------------------------------------------- malformed position text

#[test]
fn empty_text() {
    assert_err("", "empty position text");
    assert_err("   ", "empty position text");
}

#[test]
fn wrong_number_of_ranks() {
    assert_err("4k3/8/8/8/8/8/4K3 w", "has 7");
    assert_err("4k3/8/8/8/8/8/8/8/4K3 w", "has 9");
    assert_err("4k3/8/8/8/8/8/8/4K3/ w", "has 9");
}

#[test]
fn rank_with_too_many_or_too_few_squares() {
    assert_err("4k4/8/8/8/8/8/8/4K3 w", "rank 8 describes 9 squares");
    assert_err("4k2/8/8/8/8/8/8/4K3 w", "rank 8 describes 7 squares");
    assert_err("4k3/8/8/9/8/8/8/4K3 w", "rank 5 describes 9 squares");
    assert_err("4k3/8/8/8/8/8/8/4K3R w", "rank 1 describes 9 squares");
    assert_err("4k3/8/8/8/8/8/8/4K2 w", "rank 1 describes 7 squares");
    assert_err("4k3/8/8//8/8/8/4K3 w", "rank 5 describes 0 squares");
}

#[test]
fn unknown_piece_letter() {
    assert_err("4k3/8/8/8/8/8/8/4K2X w", "unknown piece letter 'X'");
    assert_err("4k3/8/8/3e4/8/8/8/4K3 w", "unknown piece letter 'e'");
    assert_err("4k3/8/8/3?4/8/8/8/4K3 w", "unknown piece letter '?'");
    assert_err("4k3/8/8/3é4/8/8/8/4K3 w", "unknown piece letter 'é'");
}

#[test]
fn empty_count_of_zero() {
    assert_err("4k3/8/8/8/8/8/8/4K0R2 w", "cannot be 0");
    assert_err("0/4k3/8/8/8/8/8/4K3 w", "cannot be 0");
}

#[test]
fn empty_count_with_a_leading_zero() {
    // "4K03": the count "0" is meaningless; the rule is that a count cannot be 0.
    assert_err("4k3/8/8/8/8/8/8/4K03 w", "cannot be 0");
}

#[test]
fn side_to_move() {
    assert_err("4k3/8/8/8/8/8/8/4K3", "side to move is missing");
    assert_err("4k3/8/8/8/8/8/8/4K3 x", "must be 'w' or 'b', not 'x'");
    assert_err("4k3/8/8/8/8/8/8/4K3 W", "must be 'w' or 'b', not 'W'");
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 white",
        "must be 'w' or 'b', not 'white'",
    );
}

#[test]
fn castling_right_without_its_rook_or_king() {
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "castling rights need a White rook on h1",
    );
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w Q - 0 1",
        "castling rights need a White rook on a1",
    );
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w k - 0 1",
        "castling rights need a Black rook on h8",
    );
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w q - 0 1",
        "castling rights need a Black rook on a8",
    );
    // King not on e1 (rook present).
    assert_err(
        "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
        "castling rights need the White king on e1",
    );
    assert_err(
        "r2k4/8/8/8/8/8/8/4K3 w q - 0 1",
        "castling rights need the Black king on e8",
    );
    // The rook on h1 is Black's.
    assert_err(
        "4k3/8/8/8/8/8/8/4K2r w K - 0 1",
        "castling rights need a White rook on h1",
    );
}

#[test]
fn bad_castling_letter() {
    assert_err("r3k2r/8/8/8/8/8/8/R3K2R w KQx - 0 1", "castling right 'x'");
    assert_err(
        "r3k2r/8/8/8/8/8/8/R3K2R w K1 - 0 1",
        "unknown castling right '1'",
    );
    assert_err(
        "r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1",
        "unknown castling right '-'",
    );
    // A file letter that is not a rook's start square.
    assert_err(
        "r3k2r/8/8/8/8/8/8/R3K2R w B - 0 1",
        "castling right 'B' names no rook start square",
    );
    // One right given twice, by letter or by the rook's file.
    assert_err(
        "r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1",
        "castling right 'K' names a rook already given in 'KKq'",
    );
    assert_err(
        "r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1",
        "castling right 'H' names a rook already given",
    );
}

#[test]
fn en_passant_square_no_pawn_just_passed() {
    // With White to move only Black can have just double-stepped, over a square on rank 6.
    assert_err("4k3/8/8/8/8/8/4P3/4K3 w - e3 0 1", "en passant square e3");
    assert_err("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "en passant square e3");
    // No Black pawn on e5.
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
        "en passant square e6 is not a square a Black pawn has just passed over",
    );
    // A pawn on e5, but e7 is occupied: it cannot have come from there.
    assert_err("4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1", "en passant square e6");
    // The passed square itself occupied.
    assert_err("4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", "en passant square e6");
    // A White pawn on e5 is not one Black just moved.
    assert_err("4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1", "en passant square e6");
    // Black to move: White's pawn must stand on e4.
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
        "en passant square e3 is not a square a White pawn has just passed over",
    );
}

#[test]
fn en_passant_square_on_a_rank_no_double_step_passes() {
    // A Black pawn on e3 with e4 and e5 empty: no double step passes e4 (Black's go from
    // rank 7 to rank 5 over rank 6), yet the text is accepted ...
    assert_err("4k3/8/8/8/8/3Pp3/8/4K3 w - e4 0 1", "en passant square e4");
    // ... and then d3e4 "captures en passant", removing the pawn on e3. The same with the
    // square e3, White to move, and a Black pawn on e2.
    assert_err("4k3/8/8/8/8/8/3Pp3/6K1 w - e3 0 1", "en passant square e3");
}

#[test]
fn en_passant_not_a_square() {
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
        "en passant field must be a square or '-', not 'z9'",
    );
    assert_err("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "not 'e9'");
    assert_err("4k3/8/8/8/8/8/8/4K3 w - E6 0 1", "not 'E6'");
    assert_err("4k3/8/8/8/8/8/8/4K3 w - 6 0 1", "not '6'");
}

#[test]
fn halfmove_clock_not_a_number() {
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - - x 1",
        "halfmove clock must be a whole number",
    );
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
        "halfmove clock must be a whole number",
    );
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - - 1.5 1",
        "halfmove clock must be a whole number",
    );
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - - 70000 1",
        "halfmove clock must be a whole number from 0 to 65535, not '70000'",
    );
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - - +1 1",
        "halfmove clock must be a whole number",
    );
}

#[test]
fn move_number() {
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
        "the move number starts at 1",
    );
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 x",
        "move number must be a whole number",
    );
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 99999",
        "move number must be a whole number",
    );
}

#[test]
fn trailing_junk() {
    assert_err(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 junk",
        "unexpected text after the move number: 'junk'",
    );
    assert_err("4k3/8/8/8/8/8/8/4K3 w - - 0 1 0", "unexpected text");
}

#[test]
fn kings() {
    assert_err("4k3/8/8/8/8/8/8/8 w", "White has no king");
    assert_err("8/8/8/8/8/8/8/4K3 w", "Black has no king");
    assert_err("8/8/8/8/8/8/8/8 w", "has no king");
    assert_err("4k3/8/8/8/8/8/8/3KK3 w", "White has 2 kings");
    assert_err("k3k3/8/8/8/8/8/8/4K3 w", "Black has 2 kings");
}

#[test]
fn pawn_on_first_or_last_rank() {
    assert_err("4k3/8/8/8/8/8/8/P3K3 w", "a pawn cannot stand on a1");
    assert_err("P3k3/8/8/8/8/8/8/4K3 w", "a pawn cannot stand on a8");
    assert_err("4k3/8/8/8/8/8/8/4K2p w", "a pawn cannot stand on h1");
    assert_err("4k2p/8/8/8/8/8/8/4K3 w", "a pawn cannot stand on h8");
}

#[test]
fn side_not_to_move_in_check() {
    // The side to move may be in check ...
    let p = pos("4k3/8/8/8/8/8/8/4K2r w");
    assert!(p.in_check());
    // ... but not the other side: the White rook on e1 attacks e8 with White to move.
    assert_err(
        "4k3/8/8/8/8/8/8/4RK2 w",
        "Black is in check but it is White to move",
    );
    // A knight check on the White king with Black to move.
    assert_err(
        "4k3/8/8/8/8/3n4/8/4K3 b",
        "White is in check but it is Black to move",
    );
    // A pawn check: the Black pawn on d2 attacks e1.
    assert_err(
        "4k3/8/8/8/8/8/3p4/4K3 b",
        "White is in check but it is Black to move",
    );
    // A pawn on e2 does not attack e1 (pawns take diagonally).
    assert!(Position::from_text(Variant::Orthodox, "4k3/8/8/8/8/8/4p3/4K3 b").is_ok());
}

#[test]
fn missing_square_mark_on_orthodox_board() {
    assert_err(
        "4k3/8/8/8/8/8/8/4K2* w",
        "'*' marks a missing square, but h1 is a square of this board",
    );
}

#[test]
fn hands_on_orthodox() {
    // Orthodox chess has no hands at all, so any '[...]' is refused, even an empty one.
    assert_err("4k3/8/8/8/8/8/8/4K3[P] w", "has no pieces in hand");
    assert_err("4k3/8/8/8/8/8/8/4K3[N] w", "has no pieces in hand");
    assert_err("4k3/8/8/8/8/8/8/4K3[] w", "has no pieces in hand");
}

#[test]
fn setup_parse_checks_form_only() {
    // A Setup is only the form: no kings is fine there, and from_setup names the problem.
    let s = Setup::parse(Variant::Orthodox, "8/8/8/8/8/8/8/8 w").unwrap();
    assert_eq!(s.castling, None);
    assert_eq!(
        (s.ep, s.halfmove, s.fullmove, s.side),
        (None, 0, 1, Color::White)
    );
    assert!(Position::from_setup(&s)
        .unwrap_err()
        .message()
        .contains("has no king"));
    // A Position's Setup makes the same Position.
    let p = pos(KIWIPETE);
    assert_eq!(Position::from_setup(&p.to_setup()).unwrap(), p);
}

// ---------------------------------------------------------------- move text

#[test]
fn pawn_double_step_text() {
    let p = pos(START);
    let m = p.parse_move("e2e4").unwrap();
    assert_eq!(p.move_text(&m), "e2e4");
    assert_eq!(
        (m.from, m.to, m.choice),
        (Some(sq("e2")), sq("e4"), Choice::None)
    );
    assert_eq!(
        m.effects(),
        [Effect::Move {
            from: sq("e2"),
            to: sq("e4"),
            how: How::Slide
        }]
    );
    assert_eq!(
        p.after(&m).to_text(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // Surrounding spaces are ignored.
    assert_eq!(p.parse_move(" e2e4 ").unwrap(), m);
}

#[test]
fn castling_is_written_as_the_kings_move() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = p.parse_move("e1g1").unwrap();
    assert_eq!(p.move_text(&short), "e1g1");
    assert_eq!(
        short.effects(),
        castling_effects(Variant::Orthodox, ("e1", "g1"), ("h1", "f1"))
    );
    let long = p.parse_move("e1c1").unwrap();
    assert_eq!(
        long.effects(),
        castling_effects(Variant::Orthodox, ("e1", "c1"), ("a1", "d1"))
    );
    // The king taking its own rook is not how castling is written.
    assert!(p.parse_move("e1h1").is_err());
    assert!(p.parse_move("e1a1").is_err());
    let black = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(
        black.after(&black.parse_move("e8c8").unwrap()).to_text(),
        "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2"
    );
    assert_eq!(
        black.after(&black.parse_move("e8g8").unwrap()).to_text(),
        "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2"
    );
}

#[test]
fn promotion_suffixes() {
    let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    for (suffix, kind, letter) in [
        ("q", Kind::Queen, 'Q'),
        ("r", Kind::Rook, 'R'),
        ("b", Kind::Bishop, 'B'),
        ("n", Kind::Knight, 'N'),
    ] {
        let text = format!("e7e8{suffix}");
        let m = p.parse_move(&text).unwrap();
        assert_eq!(p.move_text(&m), text);
        assert_eq!(m.choice, Choice::Promotion(kind));
        assert_eq!(
            m.effects(),
            [
                Effect::Move {
                    from: sq("e7"),
                    to: sq("e8"),
                    how: How::Slide
                },
                Effect::Promote {
                    at: sq("e8"),
                    into: Piece::new(Color::White, kind)
                }
            ]
        );
        assert_eq!(
            p.after(&m).to_text(),
            format!("k3{letter}3/8/8/8/8/8/8/4K3 b - - 0 1")
        );
    }
    // Exactly these four (no king, no pawn), and nothing else from e7.
    let mut from_e7: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_text(m))
        .filter(|t| t.starts_with("e7"))
        .collect();
    from_e7.sort();
    assert_eq!(from_e7, ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]);
    assert!(p.parse_move("e7e8k").is_err());
    assert!(p.parse_move("e7e8p").is_err());
    assert!(p.parse_move("e7e8Q").is_err());
}

#[test]
fn capture_promotion_and_black_promotion() {
    let p = pos("k2r4/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let m = p.parse_move("e7d8n").unwrap();
    assert_eq!(
        m.effects(),
        [
            Effect::Remove {
                at: sq("d8"),
                why: Why::Capture
            },
            Effect::Move {
                from: sq("e7"),
                to: sq("d8"),
                how: How::Step
            },
            Effect::Promote {
                at: sq("d8"),
                into: Piece::new(Color::White, Kind::Knight)
            }
        ]
    );
    assert_eq!(p.after(&m).to_text(), "k2N4/8/8/8/8/8/8/4K3 b - - 0 1");
    // Black's suffix is lower case too; the new queen on a1 checks e1 along the rank.
    let b = pos("4k3/8/8/8/8/8/p7/4K3 b - - 12 40");
    let q = b.parse_move("a2a1q").unwrap();
    let after = b.after(&q);
    assert_eq!(after.to_text(), "4k3/8/8/8/8/8/8/q3K3 w - - 0 41");
    assert!(after.in_check());
}

/// Every legal move's text is unique and names that move.
fn texts_unique_and_parse_back(text: &str, expected_count: usize) {
    let p = pos(text);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), expected_count, "{text}");
    assert_eq!(p.count_legal(), expected_count, "{text}");
    let mut seen = HashSet::new();
    for m in &moves {
        let t = p.move_text(m);
        assert!(seen.insert(t.clone()), "{text}: {t} twice");
        assert_eq!(p.parse_move(&t).unwrap(), *m, "{text}: {t}");
    }
}

#[test]
fn move_texts_unique_and_parse_back() {
    // Expected counts are the published perft(1) numbers.
    texts_unique_and_parse_back(START, 20);
    texts_unique_and_parse_back(KIWIPETE, 48);
    texts_unique_and_parse_back(POS3, 14);
    texts_unique_and_parse_back(POS4, 6);
    texts_unique_and_parse_back(POS5, 44);
    texts_unique_and_parse_back(PROMOTIONS, 24);
    texts_unique_and_parse_back(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        31,
    );
}

#[test]
fn move_text_errors() {
    let p = pos(START);
    let e = |t: &str| p.parse_move(t).unwrap_err().message().to_string();
    assert!(e("zz").contains("'zz' is not move text"), "{}", e("zz"));
    assert!(e("e2").contains("is not move text"), "{}", e("e2"));
    assert!(e("").contains("is not move text"), "{}", e(""));
    assert!(e("E2E4").contains("is not move text"), "{}", e("E2E4"));
    assert!(e("e9e4").contains("e9 is not a square"), "{}", e("e9e4"));
    assert!(e("e2e9").contains("e9 is not a square"), "{}", e("e2e9"));
    assert!(e("e0e4").contains("is not a square"), "{}", e("e0e4"));
    assert!(
        e("e3e4").contains("there is no White piece on e3"),
        "{}",
        e("e3e4")
    );
    assert!(
        e("e7e5").contains("there is no White piece on e7"),
        "{}",
        e("e7e5")
    );
    assert!(
        e("e2e5").contains("e2e5 is not a legal move"),
        "{}",
        e("e2e5")
    );
    assert!(e("e1e2").contains("not a legal move"), "{}", e("e1e2"));
    assert!(e("e1g1").contains("not a legal move"), "{}", e("e1g1"));
    let black = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert!(black
        .parse_move("e2e4")
        .unwrap_err()
        .message()
        .contains("no Black piece on e2"));
}

#[test]
fn driver_action_and_trick_errors_name_the_problem() {
    let quarter = Position::start(Variant::Quarter).unwrap();
    let e = |p: &Position, t: &str| p.parse_move(t).unwrap_err().message().to_string();
    // From the start no agent stands two or more squares from c1 on a line: nothing to pull.
    assert_eq!(
        e(&quarter, "c1:pull"),
        "c1:pull is not a legal move in this position"
    );
    assert_eq!(
        e(&quarter, "h1:pull"),
        "h1:pull is not a legal move in this position"
    );
    assert!(e(&quarter, "c1:dance").contains("'dance' is not a driver action"));
    // Each action's own form: a pull names no square, a push one, a switch two.
    for bad in ["c1:pull:c2", "c1:push", "c1:switch:b1", "c1:absorb"] {
        let action = &bad[3..];
        assert_eq!(
            e(&quarter, bad),
            format!("'{action}' is not written as a driver action is (pull, push:<square>, switch:<square><square>, absorb:<square>)")
        );
    }
    for (bad, square) in [
        ("c1:push:z9", "z9"),
        ("c1:switch:b1z9", "z9"),
        ("c1:absorb:c2c3", "c2c3"),
    ] {
        assert_eq!(
            e(&quarter, bad),
            format!("{square} is not a square of this board")
        );
    }
    assert_eq!(e(&quarter, "z9:pull"), "z9 is not a square of this board");
    assert_eq!(
        e(&quarter, "c3:pull"),
        "c3:pull: there is no White piece on c3"
    );
    // A trick that would replace a king (B5) is illegal, not a malformed promotion.
    let bandit = Position::from_text(Variant::Bandit, "7/7/6K/7/7/7/7/5T1/R1n1k2 w").unwrap();
    assert!(bandit.parse_move("f2d1").is_ok());
    assert_eq!(
        e(&bandit, "f2d1~e1N"),
        "f2d1~e1N is not a legal move in this position"
    );
    // A promotion letter on a plain move still says so.
    assert!(e(&pos(START), "e2e4q").contains("e2e4 is not a promotion"));
}

#[test]
fn promotion_without_suffix_asks_which_piece() {
    let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let message = p.parse_move("e7e8").unwrap_err().message().to_string();
    assert!(
        message.contains("say which piece to promote to"),
        "{message}"
    );
    assert!(message.contains("e7e8q"), "{message}");
}

#[test]
fn suffix_on_a_move_that_does_not_promote() {
    let p = pos(START);
    let message = p.parse_move("e2e4q").unwrap_err().message().to_string();
    assert!(!message.contains("promote to"), "{message}");
}

#[test]
fn position_after_move_9999_round_trips() {
    let p = pos("4k3/8/8/8/8/8/8/4K3 b - - 0 9999");
    let next = p.after(&p.parse_move("e8d8").unwrap());
    let text = next.to_text();
    assert_eq!(pos(&text), next, "{text}");
}

#[test]
fn setup_with_an_en_passant_square_off_the_board() {
    let mut s = Setup::parse(Variant::Orthodox, "4k3/8/8/8/8/8/8/4K3 w").unwrap();
    s.ep = Some(Square(64));
    assert!(Position::from_setup(&s).is_err());
}

#[test]
fn setup_with_a_castling_right_off_the_board() {
    let mut s = Setup::parse(Variant::Orthodox, "4k3/8/8/8/8/8/8/4K3 w").unwrap();
    s.castling = Some([1u128 << 100, 0]);
    assert!(Position::from_setup(&s).is_err());
}

#[test]
fn setup_with_a_piece_of_another_game() {
    let mut s = Setup::parse(Variant::Orthodox, "4k3/8/8/8/8/8/8/4K3 w").unwrap();
    s.board[sq("d4").index()] = Some(Piece::new(Color::White, Kind::Archbishop));
    assert!(Position::from_setup(&s).is_err());
}
