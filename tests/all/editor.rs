//! The position editor's engine side (`src/editor.rs`): drafts written as position text by
//! the engine's writer, text read back, and the verdict on whether a position can be played.

use fairyboard::editor::{check, has_castling, possible_castling, read, write, Draft};
use fairyboard::{Color, Position, Variant};

fn empty(variant: Variant) -> Draft {
    Draft {
        board: vec![None; variant.geometry().len()],
        side: Color::White,
        castling: "-".to_string(),
        hands: [0, 0],
    }
}

fn put(variant: Variant, draft: &mut Draft, square: &str, letter: char) {
    let sq = variant.geometry().parse_square(square).unwrap();
    draft.board[sq.index()] = Some(letter);
}

/// A draft of `variant` with `pieces` ("Ke1 ke8": a letter, then its square) on an empty
/// board, White to move, no castling rights.
fn draft(variant: Variant, pieces: &str) -> Draft {
    let mut d = empty(variant);
    for piece in pieces.split_whitespace() {
        put(variant, &mut d, &piece[1..], piece.chars().next().unwrap());
    }
    d
}

#[test]
fn every_start_position_reads_and_writes_back_unchanged() {
    for &v in Variant::ALL.iter() {
        let draft = read(v, v.start_text()).unwrap();
        assert_eq!(write(v, &draft).unwrap(), v.start_text(), "{}", v.id());
        assert_eq!(check(v, v.start_text()), None, "{}", v.id());
        assert_eq!(
            Position::start(v).unwrap().to_text(),
            v.start_text(),
            "{}",
            v.id()
        );
    }
}

#[test]
fn an_empty_board_is_written_but_has_no_king() {
    let v = Variant::Orthodox;
    let text = write(v, &empty(v)).unwrap();
    assert_eq!(text, "8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(check(v, &text).as_deref(), Some("White has no king"));
}

#[test]
fn a_board_with_one_king_names_the_missing_one() {
    let v = Variant::Orthodox;
    let text = write(v, &draft(v, "Ke1")).unwrap();
    assert_eq!(text, "8/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(check(v, &text).as_deref(), Some("Black has no king"));
}

#[test]
fn the_side_not_to_move_in_check_is_refused_and_the_other_side_accepted() {
    let v = Variant::Orthodox;
    let mut d = draft(v, "Ke1 ke8 Re4");
    let text = write(v, &d).unwrap();
    assert_eq!(
        check(v, &text).as_deref(),
        Some("Black is in check but it is White to move")
    );
    d.side = Color::Black;
    let text = write(v, &d).unwrap();
    assert_eq!(text, "4k3/8/8/8/4R3/8/8/4K3 b - - 0 1");
    assert_eq!(check(v, &text), None);
}

#[test]
fn castling_rights_are_written_and_checked_against_the_board() {
    let v = Variant::Orthodox;
    assert!(has_castling(v) && has_castling(Variant::Vagabond));
    assert!(!has_castling(Variant::Quarter));
    let mut d = draft(v, "Ke1 Rh1 ke8");
    d.castling = "Kq".to_string();
    let text = write(v, &d).unwrap();
    assert_eq!(text, "4k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    assert_eq!(
        check(v, &text).as_deref(),
        Some("castling rights need a Black rook on a8")
    );
    d.castling = "K".to_string();
    assert_eq!(check(v, &write(v, &d).unwrap()), None);
    // A game without castling cannot be given rights.
    let q = Variant::Quarter;
    let mut dq = read(q, q.start_text()).unwrap();
    dq.castling = "K".to_string();
    let message = write(q, &dq).unwrap_err().message().to_string();
    assert!(message.contains("has no castling"), "{message}");
}

#[test]
fn possible_castling_rights_are_those_with_king_and_rook_at_home() {
    let v = Variant::Orthodox;
    assert_eq!(possible_castling(v, &empty(v).board).unwrap(), "-");
    // White: king e1, rooks h1 and a2 (the a1 rook has moved): only K.
    // Black: king e8 with both rooks at home: k and q.
    let mut d = draft(v, "Ke1 Rh1 Ra2 ke8 ra8 rh8");
    assert_eq!(possible_castling(v, &d.board).unwrap(), "Kkq");
    // A king away from e1 keeps no right, whatever the rooks do.
    d.board[v.geometry().parse_square("e1").unwrap().index()] = None;
    put(v, &mut d, "d1", 'K');
    assert_eq!(possible_castling(v, &d.board).unwrap(), "kq");
    // A rook of the wrong colour on h8 is no Black rook.
    put(v, &mut d, "h8", 'R');
    assert_eq!(possible_castling(v, &d.board).unwrap(), "q");
    // Every start position allows exactly the rights it starts with.
    for &v in Variant::ALL.iter().filter(|&&v| has_castling(v)) {
        let start = read(v, v.start_text()).unwrap();
        assert_eq!(
            possible_castling(v, &start.board).unwrap(),
            start.castling,
            "{}",
            v.id()
        );
    }
    // A game without castling: none.
    let q = Variant::Quarter;
    assert_eq!(
        possible_castling(q, &read(q, q.start_text()).unwrap().board).unwrap(),
        "-"
    );
    // Wrong sizes and unknown letters are named.
    let message = possible_castling(v, &[None; 10])
        .unwrap_err()
        .message()
        .to_string();
    assert_eq!(message, "the Orthodox chess board has 64 cells, not 10");
    put(v, &mut d, "a1", 'Z');
    assert!(possible_castling(v, &d.board).is_err());
}

#[test]
fn hands_are_written_in_pawnier_only() {
    let p = Variant::Pawnier;
    let mut d = read(p, p.start_text()).unwrap();
    d.hands = [2, 1];
    let text = write(p, &d).unwrap();
    assert!(text.contains("[PPp]"), "{text}");
    assert_eq!(read(p, &text).unwrap().hands, [2, 1]);
    let o = Variant::Orthodox;
    let mut d = empty(o);
    d.hands = [1, 0];
    assert!(write(o, &d).is_err());
}

#[test]
fn pawnier_missing_squares_are_written_as_stars_and_cannot_hold_a_piece() {
    let p = Variant::Pawnier;
    let text = write(p, &empty(p)).unwrap();
    assert_eq!(text.matches('*').count(), 3, "{text}");
    // c5 is missing: a piece written there is refused by name.
    let d = read(p, p.start_text()).unwrap();
    let start = write(p, &d).unwrap();
    let ranks: Vec<&str> = start.split(' ').next().unwrap().split('/').collect();
    let rank5 = ranks[ranks.len() - 5];
    assert!(rank5.contains('*'), "{rank5}");
    let bad = start.replacen(rank5, &rank5.replacen('*', "N", 1), 1);
    let message = check(p, &bad).unwrap();
    assert!(message.contains("c5 is a missing square"), "{message}");
    assert!(read(p, &bad).is_err());
}

#[test]
fn unplayable_text_is_still_read_so_it_can_be_mended() {
    let v = Variant::Orthodox;
    let d = read(v, "8/8/8/8/8/8/8/4K3 b").unwrap();
    assert_eq!(d.side, Color::Black);
    assert_eq!(d.board.iter().flatten().count(), 1);
    assert_eq!(d.castling, "-");
    // Left out, castling rights default to the kings and rooks on their start squares.
    let d = read(v, "r3k3/8/8/8/8/8/8/R3K2R w").unwrap();
    assert_eq!(d.castling, "KQq");
    // Malformed text is refused with the parser's message.
    let message = read(v, "8/8/8 w").unwrap_err().message().to_string();
    assert!(message.contains("ranks"), "{message}");
    assert_eq!(
        check(v, "  ").as_deref(),
        Some("the position text is empty")
    );
}

#[test]
fn unknown_letters_and_wrong_sizes_are_refused() {
    let v = Variant::Orthodox;
    let mut d = empty(v);
    put(v, &mut d, "a1", 'Z');
    let message = write(v, &d).unwrap_err().message().to_string();
    assert!(message.contains("unknown piece letter 'Z'"), "{message}");
    let mut short = empty(v);
    short.board.pop();
    assert!(write(v, &short).is_err());
}

#[test]
fn riftwalker_and_bandit_drafts_round_trip() {
    for v in [Variant::Riftwalker, Variant::Bandit, Variant::Vagabond] {
        let mut d = read(v, v.start_text()).unwrap();
        // Take off one white piece, neither king nor rook: still playable, and read back the same.
        let i = d
            .board
            .iter()
            .position(|c| matches!(c, Some(l) if l.is_ascii_uppercase() && !"KR".contains(*l)))
            .unwrap();
        d.board[i] = None;
        let text = write(v, &d).unwrap();
        assert_eq!(read(v, &text).unwrap(), d, "{}", v.id());
        assert_eq!(check(v, &text), None, "{}: {text}", v.id());
    }
}
