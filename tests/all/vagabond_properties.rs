//! Properties of Vagabond Chess that hold in every position: along random games, in random
//! positions, and for arbitrary text fed to the parsers. "Legal" here is RULES.md 1 and
//! 0: the mover's king is not attacked afterwards, a shift or castling does not attack the
//! opponent's king (V3, V4), and no king ever leaves the board (VR2).

use std::collections::HashSet;

use fairyboard::{Choice, Color, Effect, How, Kind, Piece, Position, Setup, Square, Variant};
use proptest::prelude::*;
use proptest::test_runner::TestRng;

use crate::common;
use common::{
    any_move, check_halfmove, check_outcome, check_round_trip, edits, move_text_once, moving_piece,
    mutate, seeded_rng,
};

const START: &str = "reekaavr/pppppppp/8/8/8/8/PPPPPPPP/REEKAAVR w KQkq - 0 1";
const OTHERS: &[&str] = &[
    "r2k3r/2p2p2/1e4e1/3AV3/3va3/1E4E1/2P2P2/R2K3R w KQkq - 0 1",
    "r2k3r/3p4/8/2E5/8/5e2/8/R2K3R w KQ - 0 1",
    "reekaavr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/REEKAAVR w KQkq - 0 1",
    "v6v/1V4V1/8/3k4/8/3K4/1V4V1/v6v w - - 0 1",
    "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R b KQkq - 0 1",
];
const KINDS: [Kind; 5] = [
    Kind::Rook,
    Kind::Archbishop,
    Kind::Berserker,
    Kind::Vagabond,
    Kind::Pawn,
];

fn pos(text: &str) -> Position {
    crate::common::position_of(Variant::Vagabond, text)
}

/// Plays a move's effects on a plain board, checking the effect contract: a piece moves
/// from an occupied square to an empty one, a removal takes an agent that is there.
fn replay(p: &Position, effects: &[Effect]) -> Vec<Option<Piece>> {
    let mut board: Vec<Option<Piece>> = (0..64).map(|i| p.piece_at(Square(i))).collect();
    for e in effects {
        match *e {
            Effect::Move { from, to, .. } => {
                assert!(board[from.index()].is_some(), "{e:?}: nothing to move");
                assert!(board[to.index()].is_none(), "{e:?}: lands on an agent");
                board[to.index()] = board[from.index()].take();
            }
            Effect::Remove { at, .. } => {
                assert!(board[at.index()].is_some(), "{e:?}: nothing to remove");
                board[at.index()] = None;
            }
            Effect::Swap { a, b } => {
                assert!(board[a.index()].is_some() && board[b.index()].is_some());
                board.swap(a.index(), b.index());
            }
            _ => panic!("{e:?} in Vagabond Chess"),
        }
    }
    board
}

/// Everything that must hold in one position.
fn check_position(p: &Position) {
    check_round_trip(p);
    let text = p.to_text();
    let moves = p.legal_moves();
    assert_eq!(p.count_legal(), moves.len(), "{text}");
    let mover = p.side();
    let them = mover.opponent();
    // VR2: the side not to move is never attacked, so no king can be taken.
    assert!(!p.king_attacked(them), "{text}");
    assert_eq!(p.ep(), None);
    let mut texts = HashSet::new();
    for (i, m) in moves.iter().enumerate() {
        let t = move_text_once(p, &text, m, &mut texts, false);
        // Parsing searches the whole list: every castling and a sample of the rest.
        if i % 5 == 0 || t.contains('/') {
            assert_eq!(p.parse_move(&t).as_ref(), Ok(m), "{text}: {t}");
        }
        let (from, piece) = moving_piece(p, &text, &t, m);
        let next = p.after(m);
        let board = replay(p, m.effects());
        assert!(
            (0..64).all(|i| board[i] == next.piece_at(Square(i as u8))),
            "{text}: {t}: effects and position differ"
        );
        // Legal: one king each, the mover's not attacked.
        for c in Color::ALL {
            assert_eq!(next.kings_of(c).count_ones(), 1, "{text}: {t}");
        }
        assert!(!next.king_attacked(mover), "{text}: {t}");
        let shift = matches!(
            m.effects(),
            [Effect::Move {
                how: How::Shift,
                ..
            }]
        );
        let castling = matches!(m.choice, Choice::CastleRook(_));
        if shift || castling {
            assert!(!next.king_attacked(them), "{text}: {t} checks");
        }
        if shift {
            // Never onto an agent, never a king, always to a corresponding square.
            assert_ne!(piece.kind(), Kind::King);
            assert!(p.piece_at(m.to).is_none());
            assert!(p.geometry().corresponding(from).contains(&m.to));
        }
        if castling {
            assert_eq!(piece.kind(), Kind::King);
            assert_eq!(next.castling()[mover.index()], 0);
        }
        let removed = m
            .effects()
            .iter()
            .filter(|e| matches!(e, Effect::Remove { .. }))
            .count() as u32;
        assert_eq!(
            next.occupied().count_ones() + removed,
            p.occupied().count_ones(),
            "{text}: {t}"
        );
        let irreversible = piece.kind() == Kind::Pawn || removed > 0;
        check_halfmove(&text, &t, p, &next, irreversible);
        for c in 0..2 {
            assert_eq!(next.castling()[c] & !p.castling()[c], 0, "{text}: {t}");
        }
        assert_eq!(next.ep(), None);
        // Nothing promotes: the mover arrives as what it was.
        assert_eq!(next.piece_at(m.to), Some(piece), "{text}: {t}");
    }
    check_outcome(p, &moves);
}

fn playout(start: &str, choices: &[usize]) {
    common::playout(pos(start), choices, |p, _| check_position(p), any_move);
}

common::random_games! {
    cases: 500, playout: playout;
    random_games_from_the_start: [START], 120;
}

common::random_games! {
    cases: 700, playout: playout;
    random_games_from_other_positions: OTHERS, 100;
}

/// A random Setup: two kings and up to 16 other agents anywhere (pawns on any rank, V12),
/// the kings often at home with rooks beside so castling comes up.
fn random_setup(rng: &mut TestRng) -> Setup {
    let mut board = vec![None; 64];
    let home = rng.random_range(0..2) == 0;
    for (c, k) in [(Color::White, 3), (Color::Black, 59)] {
        let mut s = if home { k } else { rng.random_range(0..64) };
        while board[s].is_some() {
            s = rng.random_range(0..64);
        }
        board[s] = Some(Piece::new(c, Kind::King));
        if home && rng.random_range(0..2) == 0 {
            for r in [k - 3, k + 4] {
                if board[r].is_none() {
                    board[r] = Some(Piece::new(c, Kind::Rook));
                }
            }
        }
    }
    for _ in 0..rng.random_range(0..17) {
        let s = rng.random_range(0..64);
        if board[s].is_none() {
            let color = Color::ALL[rng.random_range(0..2)];
            board[s] = Some(Piece::new(color, KINDS[rng.random_range(0..KINDS.len())]));
        }
    }
    Setup {
        variant: Variant::Vagabond,
        board,
        side: Color::ALL[rng.random_range(0..2)],
        castling: None,
        ep: None,
        halfmove: rng.random_range(0..100) as u16,
        fullmove: 1 + rng.random_range(0..200) as u16,
        hands: [0, 0],
    }
}

#[test]
fn random_positions_are_consistent() {
    let mut rng = seeded_rng();
    let (mut accepted, mut castling) = (0, 0);
    for _ in 0..8_000 {
        let setup = random_setup(&mut rng);
        let Ok(p) = Position::from_setup(&setup) else {
            continue;
        };
        accepted += 1;
        castling += p
            .legal_moves()
            .iter()
            .any(|m| matches!(m.choice, Choice::CastleRook(_))) as usize;
        check_position(&p);
        // The position reached by each move is consistent too (one ply deeper).
        for m in p.legal_moves().iter().take(3) {
            check_position(&p.after(m));
        }
    }
    assert!(accepted > 3_000, "only {accepted} accepted");
    assert!(castling > 200, "only {castling} with castling");
}

#[test]
fn pawns_may_stand_on_any_rank() {
    // V12: pawns on their first and last ranks are valid position text.
    let p = pos("P2k3p/8/8/8/8/8/8/p2K3P w - - 0 1");
    assert_eq!(p.to_text(), "P2k3p/8/8/8/8/8/8/p2K3P w - - 0 1");
    check_position(&p);
}

// ---------------------------------------------------------------- fuzzing the parsers

const ALPHABET: &[char] = &[
    '1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '/', ' ', '-', 'w', 'b', 'k', 'q', 'r', 'a',
    'e', 'v', 'p', 'K', 'Q', 'R', 'A', 'E', 'V', 'P', 'd', 'h', '[', ']', '*', 'é', '\u{0}',
];

fn fuzz_char() -> impl Strategy<Value = char> + Clone {
    prop_oneof![4 => prop::sample::select(ALPHABET), 1 => any::<char>()]
}

/// Feeds text to both parsers (see `common::parse_anything`); an accepted position never
/// leaves the side that just moved in check.
fn parse_anything(text: &str) {
    if let Some(p) = common::parse_anything(Variant::Vagabond, text) {
        assert!(!p.king_attacked(p.side().opponent()), "{text:?}");
    }
}

const VALID: &[&str] = &[
    START,
    "r2k3r/2p2p2/1e4e1/3AV3/3va3/1E4E1/2P2P2/R2K3R w KQkq - 0 1",
    "3k4/3p4/8/8/8/8/8/R2K3R w KQ - 0 1",
    "P2k3p/8/8/8/8/8/8/p2K3P b - - 7 40",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn position_like_strings_never_panic(chars in prop::collection::vec(fuzz_char(), 0..80)) {
        parse_anything(&chars.into_iter().collect::<String>());
    }

    #[test]
    fn mutated_position_texts(which in 0..VALID.len(), edits in edits(fuzz_char())) {
        parse_anything(&mutate(VALID[which], &edits));
    }

    #[test]
    fn arbitrary_move_text_never_panics(which in 0..VALID.len(), text in prop_oneof![
        any::<String>(),
        "[a-i]?[0-9]{0,2}[a-i]?[0-9]{0,2}(/[a-i][0-9])?",
    ]) {
        let p = pos(VALID[which]);
        if let Ok(m) = p.parse_move(&text) {
            prop_assert!(p.legal_moves().contains(&m));
            prop_assert_eq!(p.move_text(&m), text.trim());
        }
    }
}
