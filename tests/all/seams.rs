//! What the search relies on, along random games of every game: the incremental Zobrist key
//! equals the key computed from scratch, a move's material change read from its effects
//! equals the change on the board, and the noisy moves are exactly the legal moves that
//! change material or win at once.

use crate::common;

use common::{any_move, playout};
use fairyboard::{Piece, Position, Variant};
use proptest::prelude::*;

/// A value per piece that tells every kind and colour apart, so a wrong sign or a
/// forgotten effect shows.
fn value(p: Piece) -> i32 {
    1 + p.index() as i32 * 7
}

/// The board's material per side by [`value`].
fn material(p: &Position) -> [i32; 2] {
    let mut out = [0; 2];
    for sq in p.geometry().all() {
        if let Some(piece) = p.piece_at(sq) {
            out[piece.color().index()] += value(piece);
        }
    }
    out
}

fn check_seams(p: &Position) {
    let text = p.to_text();
    assert_eq!(p.key(), p.key_from_scratch(), "{text}");
    let moves = p.legal_moves();
    let before = material(p);
    for m in &moves {
        let after = p.after(m);
        assert_eq!(after.key(), after.key_from_scratch(), "{text}: {m:?}");
        assert_ne!(after.key(), p.key(), "{text}: {m:?} keeps the key");
        let change = p.material_change(m, value);
        let now = material(&after);
        assert_eq!(
            [now[0] - before[0], now[1] - before[1]],
            change,
            "{text}: {}",
            p.move_text(m)
        );
        // A quiet move changes no material, but for a drop (from the hand to the board).
        if !m.is_noisy() && m.from.is_some() {
            assert_eq!(change, [0, 0], "{text}: {}", p.move_text(m));
        }
    }
    let mut noisy = Vec::new();
    p.noisy_moves_into(&mut noisy);
    let mut expected: Vec<String> = moves
        .iter()
        .filter(|m| m.is_noisy())
        .map(|m| p.move_text(m))
        .collect();
    let mut got: Vec<String> = noisy.iter().map(|m| p.move_text(m)).collect();
    expected.sort();
    got.sort();
    assert_eq!(got, expected, "{text}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn keys_material_and_noise_hold_along_random_games(
        game in 0..Variant::ALL.len(),
        choices in prop::collection::vec(any::<usize>(), 0..160),
    ) {
        let v = Variant::ALL[game];
        let start = Position::start(v).unwrap();
        playout(start, &choices, |p, _| check_seams(p), any_move);
    }
}

#[test]
fn the_key_tells_side_castling_en_passant_and_hands_apart() {
    let key = |v: Variant, text: &str| Position::from_text(v, text).unwrap().key();
    let o = Variant::Orthodox;
    let base = key(o, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_ne!(base, key(o, "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1"));
    assert_ne!(base, key(o, "4k3/8/8/8/8/8/8/R3K2R w K - 0 1"));
    assert_eq!(base, key(o, "4k3/8/8/8/8/8/8/R3K2R w KQ - 30 9"));
    let ep = key(o, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_ne!(ep, key(o, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2"));
    let p = Variant::Pawnier;
    let start = Position::start(p).unwrap();
    let fewer = start.to_text().replacen("PPPPPP", "PPPPP", 1);
    assert_ne!(start.key(), key(p, &fewer));
}

#[test]
fn a_threefold_repetition_is_found_by_keys() {
    // Knights out and back twice: the start position for the third time.
    let mut g = fairyboard::Game::new(Variant::Orthodox, None).unwrap();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        g.play(m).unwrap();
        assert!(g.outcome().is_none());
    }
    g.play("f6g8").unwrap();
    assert_eq!(
        g.outcome().map(|o| o.reason),
        Some(fairyboard::Reason::Repetition)
    );
}
