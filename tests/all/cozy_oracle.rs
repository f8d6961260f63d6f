//! An independent oracle: along random orthodox games, our legal moves equal cozy-chess's,
//! move for move, and so do the resulting positions.

use fairyboard::{Position, Variant};
use proptest::prelude::*;

/// cozy-chess writes castling as the king taking its rook (e1h1); we write the king's move.
fn standard_castling(text: String) -> String {
    match text.as_str() {
        "e1h1" => "e1g1".into(),
        "e1a1" => "e1c1".into(),
        "e8h8" => "e8g8".into(),
        "e8a8" => "e8c8".into(),
        _ => text,
    }
}

fn cozy_moves(board: &cozy_chess::Board) -> Vec<(String, cozy_chess::Move)> {
    let mut out = Vec::new();
    board.generate_moves(|ms| {
        for m in ms {
            let king_move = board.piece_on(m.from) == Some(cozy_chess::Piece::King);
            let text = format!("{m}");
            out.push((
                if king_move {
                    standard_castling(text)
                } else {
                    text
                },
                m,
            ));
        }
        false
    });
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn check_game(start: &str, choices: &[usize]) {
    let mut ours = Position::from_text(Variant::Orthodox, start).unwrap();
    let mut theirs: cozy_chess::Board = start.parse().unwrap();
    for &choice in choices {
        let mut our_moves: Vec<String> = ours
            .legal_moves()
            .iter()
            .map(|m| ours.move_text(m))
            .collect();
        our_moves.sort();
        let their_moves = cozy_moves(&theirs);
        let their_texts: Vec<&String> = their_moves.iter().map(|(t, _)| t).collect();
        assert_eq!(
            our_moves.iter().collect::<Vec<_>>(),
            their_texts,
            "in {}",
            ours.to_text()
        );
        if our_moves.is_empty() {
            break;
        }
        let (text, m) = &their_moves[choice % their_moves.len()];
        ours = ours.after(&ours.parse_move(text).unwrap());
        theirs.play_unchecked(*m);
        // Both print FEN; ours records an en passant square only when a capture is possible.
        let board_side = |fen: String| fen.split(' ').take(3).collect::<Vec<_>>().join(" ");
        assert_eq!(board_side(ours.to_text()), board_side(format!("{theirs}")));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_match_cozy_chess(choices in proptest::collection::vec(any::<usize>(), 1..160)) {
        check_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &choices);
    }

    #[test]
    fn random_games_from_kiwipete_match_cozy_chess(choices in proptest::collection::vec(any::<usize>(), 1..100)) {
        check_game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &choices);
    }
}
