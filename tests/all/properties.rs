//! Properties that hold in every position: along random games (from the start and from
//! kiwipete), in random legal positions, and for arbitrary (fuzzed) text fed to the parsers.

use std::collections::HashSet;

use fairyboard::{Color, Kind, Piece, Position, Setup, Square, Variant};
use proptest::prelude::*;
use proptest::test_runner::TestRng;

use crate::common;
use common::orthodox::{KIWIPETE, POS3, POS4, PROMOTIONS, START};
use common::{
    any_move, check_ep, check_halfmove, check_outcome, check_round_trip, edits, move_text_once,
    moving_piece, mutate, seeded_rng,
};

const EP: &str = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";

fn pos(text: &str) -> Position {
    crate::common::position_of(Variant::Orthodox, text)
}

/// Everything that must hold in one position.
fn check_position(p: &Position) {
    check_round_trip(p);
    let moves = p.legal_moves();
    let text = p.to_text();
    assert_eq!(p.count_legal(), moves.len(), "{text}");
    let mover = p.side();
    let mut texts = HashSet::new();
    for m in &moves {
        let t = move_text_once(p, &text, m, &mut texts, true);
        let (_, piece) = moving_piece(p, &text, &t, m);
        let next = p.after(m);
        // Legal: the mover's king is not attacked afterwards.
        assert!(
            !next.king_attacked(mover),
            "{text}: {t} leaves the king attacked"
        );
        assert_eq!(next.side(), mover.opponent());
        // One king each, always.
        assert_eq!(next.kings_of(Color::White).count_ones(), 1, "{text}: {t}");
        assert_eq!(next.kings_of(Color::Black).count_ones(), 1, "{text}: {t}");
        // A capture takes exactly one piece, never a king; nothing else changes the count.
        let before = p.occupied().count_ones();
        let after = next.occupied().count_ones();
        assert_eq!(after + m.is_capture() as u32, before, "{text}: {t}");
        // The halfmove clock restarts exactly on pawn moves and captures.
        let irreversible = piece.kind() == Kind::Pawn || m.is_capture();
        check_halfmove(&text, &t, p, &next, irreversible);
        assert_eq!(
            next.fullmove(),
            p.fullmove() + (mover == Color::Black) as u16,
            "{text}: {t}"
        );
        // Castling rights are only ever lost.
        for c in 0..2 {
            assert_eq!(next.castling()[c] & !p.castling()[c], 0, "{text}: {t}");
        }
        // An en passant square only after a pawn's double step.
        check_ep(&text, &t, p, m, &next, &[Kind::Pawn]);
    }
    check_outcome(p, &moves);
}

fn playout(start: &str, choices: &[usize]) {
    common::playout(pos(start), choices, |p, _| check_position(p), any_move);
}

common::random_games! {
    cases: 300, playout: playout;
    random_games_from_the_start: [START], 150;
    random_games_from_kiwipete: [KIWIPETE], 120;
    random_games_from_other_positions: [POS3, POS4, PROMOTIONS, EP], 80;
}

// ---------------------------------------------------------------- random positions

/// A random Setup: two kings and up to 12 other orthodox pieces anywhere, a random side,
/// default castling, sometimes an en passant square.
fn random_setup(rng: &mut TestRng) -> Setup {
    let mut board = vec![None; 64];
    for c in Color::ALL {
        loop {
            let s = rng.random_range(0..64);
            if board[s].is_none() {
                board[s] = Some(Piece::new(c, Kind::King));
                break;
            }
        }
    }
    for _ in 0..rng.random_range(0..13) {
        let s = rng.random_range(0..64);
        if board[s].is_none() {
            let color = Color::ALL[rng.random_range(0..2)];
            board[s] = Some(Piece::new(color, Kind::ALL[1 + rng.random_range(0..5)]));
        }
    }
    let side = Color::ALL[rng.random_range(0..2)];
    // En passant squares on the right rank a quarter of the time (most will be rejected).
    let ep = (rng.random_range(0..4) == 0).then(|| {
        Square((if side == Color::White { 40 } else { 16 }) + rng.random_range(0..8) as u8)
    });
    Setup {
        variant: Variant::Orthodox,
        board,
        side,
        castling: None,
        ep,
        halfmove: rng.random_range(0..100) as u16,
        fullmove: 1 + rng.random_range(0..200) as u16,
        hands: [0, 0],
    }
}

/// cozy-chess's legal moves as our move text (it writes castling as the king taking its rook).
fn cozy_texts(board: &cozy_chess::Board) -> Vec<String> {
    let mut out = Vec::new();
    board.generate_moves(|ms| {
        for m in ms {
            let text = format!("{m}");
            let king = board.piece_on(m.from) == Some(cozy_chess::Piece::King);
            out.push(match (king, text.as_str()) {
                (true, "e1h1") => "e1g1".to_string(),
                (true, "e1a1") => "e1c1".to_string(),
                (true, "e8h8") => "e8g8".to_string(),
                (true, "e8a8") => "e8c8".to_string(),
                _ => text,
            });
        }
        false
    });
    out.sort();
    out
}

#[test]
fn random_positions_are_consistent_and_agree_with_cozy_chess() {
    let mut rng = seeded_rng();
    let (mut accepted, mut compared) = (0, 0);
    for _ in 0..30_000 {
        let setup = random_setup(&mut rng);
        let Ok(p) = Position::from_setup(&setup) else {
            continue;
        };
        accepted += 1;
        check_position(&p);
        // An independent move generator, where it accepts the position (it refuses some
        // that cannot arise in a game, e.g. three checkers).
        if let Ok(board) = cozy_chess::Board::from_fen(&p.to_text(), false) {
            compared += 1;
            let mut ours: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
            ours.sort();
            assert_eq!(ours, cozy_texts(&board), "{}", p.to_text());
            // And one ply deeper.
            for m in p.legal_moves() {
                let next = p.after(&m);
                let mut theirs = board.clone();
                let t = p.move_text(&m);
                let cozy_move = board_move(&board, &t);
                theirs.play(cozy_move);
                assert_eq!(
                    next.count_legal(),
                    cozy_texts(&theirs).len(),
                    "{} then {t}",
                    p.to_text()
                );
            }
        }
    }
    // The sweep is not vacuous.
    assert!(
        accepted > 8_000,
        "only {accepted} random positions were accepted"
    );
    assert!(
        compared > 8_000,
        "only {compared} random positions were compared"
    );
}

/// Our move text as a cozy-chess move in `board`.
fn board_move(board: &cozy_chess::Board, text: &str) -> cozy_chess::Move {
    let king = |sq: &str| board.piece_on(sq.parse().unwrap()) == Some(cozy_chess::Piece::King);
    let text = match text {
        "e1g1" if king("e1") => "e1h1",
        "e1c1" if king("e1") => "e1a1",
        "e8g8" if king("e8") => "e8h8",
        "e8c8" if king("e8") => "e8a8",
        t => t,
    };
    let mut found = None;
    board.generate_moves(|ms| {
        for m in ms {
            if format!("{m}") == text {
                found = Some(m);
            }
        }
        false
    });
    found.unwrap_or_else(|| panic!("cozy-chess has no move {text}"))
}

// ---------------------------------------------------------------- fuzzing the parsers

/// Characters that matter to position text, plus some that should never be accepted.
const ALPHABET: &[char] = &[
    '1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '/', '*', '[', ']', ' ', ' ', '-', 'w', 'b',
    'k', 'q', 'r', 'n', 'p', 'K', 'Q', 'R', 'B', 'N', 'P', 'a', 'e', 'h', 'x', 'é', '♔', '\u{0}',
    '\t', '\n', '\u{2028}', '\u{a0}', '+', '.',
];

fn fuzz_char() -> impl Strategy<Value = char> + Clone {
    prop_oneof![4 => prop::sample::select(ALPHABET), 1 => any::<char>()]
}

const VALID_TEXTS: &[&str] = &[
    START,
    KIWIPETE,
    POS3,
    POS4,
    PROMOTIONS,
    EP,
    "4k3/8/8/8/8/8/8/4K2R w",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 12 40",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
];

/// Feeds text to both parsers of every game: no panic, and every accepted position
/// round-trips.
fn parse_anything(text: &str) {
    for v in Variant::ALL {
        common::parse_anything(v, text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 5000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic_the_position_parser(text in any::<String>()) {
        parse_anything(&text);
    }

    #[test]
    fn position_like_strings_never_panic_the_position_parser(chars in prop::collection::vec(fuzz_char(), 0..90)) {
        parse_anything(&chars.into_iter().collect::<String>());
    }

    #[test]
    fn mutated_position_texts(which in 0..VALID_TEXTS.len(), edits in edits(fuzz_char())) {
        parse_anything(&mutate(VALID_TEXTS[which], &edits));
    }

    #[test]
    fn arbitrary_move_text_never_panics(which in 0..VALID_TEXTS.len(), text in prop_oneof![
        any::<String>(),
        "[a-j]?[0-9]{0,3}[a-j]?[0-9]{0,3}[qrbnkpQx@]?",
        prop::collection::vec(fuzz_char(), 0..8).prop_map(|v| v.into_iter().collect::<String>()),
    ]) {
        let p = pos(VALID_TEXTS[which]);
        if let Ok(m) = p.parse_move(&text) {
            // Only a legal move's exact text (spaces around it aside) is accepted.
            prop_assert!(p.legal_moves().contains(&m));
            prop_assert_eq!(p.move_text(&m), text.trim());
        }
    }
}
