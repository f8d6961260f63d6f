//! Quarter Chess properties that hold in every position, along random games from the start
//! and from the perft suite's positions, and for arbitrary text fed to the parsers.

use std::collections::HashSet;

use fairyboard::{
    Choice, Color, Effect, Game, How, Kind, Move, Outcome, Position, Reason, Variant, Why,
};
use proptest::prelude::*;

use crate::common;
use common::{
    any_move, check_ep, check_halfmove, check_outcome, check_round_trip, move_text_once,
    moving_piece,
};

const START: &str = "rndkadnr/pppmmppp/8/8/8/8/PPPMMPPP/RNDAKDNR w - - 0 1";
const MERCHANTS: &str = "2Mk1r2/1p2M1p1/3m1n2/1Pp1Ra2/3m4/2D1N3/P2M1PPP/4K2D w - c6 0 1";
const DRIVERS: &str = "4k3/3M1M1p/2d5/8/1r2D3/8/P2m1mDP/6K1 w - - 0 1";
const FROZEN: &str = "2k4r/pp1m4/5a2/2Rm4/8/2M4A/PP3PPP/1M4K1 w - - 0 1";
const PROMOTIONS: &str = "3rkM2/2P5/1d6/3pP3/8/7N/6p1/K7 w - d6 0 1";
const MIDDLEGAME: &str = "r1d1k2r/pp1mm1pp/2n2a2/4p3/2PM4/1N2D3/PP1M1PPP/R3K2R b - - 0 1";

fn pos(text: &str) -> Position {
    crate::common::position_of(Variant::Quarter, text)
}

/// Whether a pawn changes square in the move (a pawn move for the 100-ply rule).
fn moves_a_pawn(p: &Position, m: &Move) -> bool {
    let pawn = |s| p.piece_at(s).is_some_and(|q| q.kind() == Kind::Pawn);
    m.effects().iter().any(|e| match *e {
        Effect::Move { from, .. } => pawn(from),
        Effect::Swap { a, b } => pawn(a) || pawn(b),
        _ => false,
    })
}

/// Everything that must hold in one position (of a game still going on).
fn check_position(p: &Position) {
    let text = p.to_text();
    check_round_trip(p);
    let moves = p.legal_moves();
    assert_eq!(p.count_legal(), moves.len(), "{text}");
    let mover = p.side();
    let them = mover.opponent();
    let mut texts = HashSet::new();
    for m in &moves {
        let t = move_text_once(p, &text, m, &mut texts, true);
        let (from, piece) = moving_piece(p, &text, &t, m);
        assert!(!m.effects().is_empty(), "{text}: {t} does nothing");
        // Driver actions: the driver stays and names itself.
        let action = matches!(
            m.choice,
            Choice::Pull | Choice::Push(_) | Choice::Switch(..) | Choice::Absorb(_)
        );
        if action {
            assert_eq!(piece.kind(), Kind::Driver, "{text}: {t}");
            assert_eq!(m.to, from, "{text}: {t}");
        }
        // Frozen agents do not move (Q10).
        if !matches!(piece.kind(), Kind::Merchant | Kind::Driver) {
            assert!(
                !fairyboard::games::quarter::Quarter::rules().frozen(p, from, mover),
                "{text}: {t} moves a frozen agent"
            );
        }
        // Removals: only capture, en passant, custodian and absorb; never a king except by
        // backstab; absorb only by a driver action, custodian only by a merchant's move.
        let mut removed = 0;
        for e in m.effects() {
            if let Effect::Remove { at, why } = *e {
                removed += 1;
                let victim = p.piece_at(at).expect("something to remove");
                assert_eq!(victim.color(), them, "{text}: {t} removes a friend");
                match why {
                    Why::Capture | Why::EnPassant => {
                        assert_ne!(victim.kind(), Kind::King, "{text}: {t}")
                    }
                    Why::Custodian => {
                        assert_eq!(piece.kind(), Kind::Merchant, "{text}: {t}");
                        if victim.kind() == Kind::King {
                            assert_eq!(m.wins, Some(Reason::Backstab), "{text}: {t}");
                        }
                    }
                    Why::Absorb => {
                        assert!(matches!(m.choice, Choice::Absorb(_)), "{text}: {t}");
                        assert_ne!(victim.kind(), Kind::King, "{text}: {t}");
                    }
                    Why::Rage | Why::Outlaw | Why::Destroyed => {
                        panic!("{text}: {t}: {why:?} is not in Quarter Chess")
                    }
                }
            }
        }
        let next = p.after(m);
        assert_eq!(next.side(), them);
        assert_eq!(
            next.occupied().count_ones() + removed,
            p.occupied().count_ones(),
            "{text}: {t}"
        );
        assert_eq!(next.kings_of(mover).count_ones(), 1, "{text}: {t}");
        match m.wins {
            Some(reason) => {
                assert_eq!(
                    next.outcome(),
                    Some(Outcome::win(mover, reason)),
                    "{text}: {t}"
                );
                assert!(next.legal_moves().is_empty(), "{text}: {t}");
                assert_eq!(
                    next.kings_of(them).count_ones(),
                    (reason == Reason::KingTrapped) as u32,
                    "{text}: {t}"
                );
            }
            None => {
                // Legal: the mover's king is not attacked afterwards (Q13 aside).
                assert!(
                    !next.king_attacked(mover),
                    "{text}: {t} leaves the king attacked"
                );
                assert_eq!(next.kings_of(them).count_ones(), 1, "{text}: {t}");
                // A shift never attacks the enemy king (Q3).
                if matches!(
                    m.effects()[0],
                    Effect::Move {
                        how: How::Shift,
                        ..
                    }
                ) {
                    assert!(!next.king_attacked(them), "{text}: {t} shifts with check");
                }
            }
        }
        // The halfmove clock restarts exactly on removals and pawn moves.
        let irreversible = removed > 0 || moves_a_pawn(p, m);
        check_halfmove(&text, &t, p, &next, irreversible);
        // An en passant square only after a pawn's double step.
        check_ep(&text, &t, p, m, &next, &[Kind::Pawn]);
    }
    check_outcome(p, &moves);
}

/// Plays a random game; positions after a special win (a king taken or trapped) end it and
/// are checked by the move that made them.
fn playout(start: &str, choices: &[usize]) {
    let special = |p: &Position| {
        p.outcome()
            .is_some_and(|o| matches!(o.reason, Reason::Backstab | Reason::KingTrapped))
    };
    common::playout(
        pos(start),
        choices,
        |p, _| {
            if !special(p) {
                check_position(p)
            }
        },
        any_move,
    );
}

common::random_games! {
    cases: 120, playout: playout;
    random_games_from_the_start: [START], 150;
    random_games_from_the_suite: [MERCHANTS, DRIVERS, FROZEN, PROMOTIONS, MIDDLEGAME], 100;
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_move_text_never_panics(which in 0..6usize, text in prop_oneof![
        any::<String>(),
        "[a-j][0-9]{1,2}(:(pull|push|switch|absorb)(:[a-j][0-9]{1,2}){0,2})?",
        "[a-j][0-9]{1,2}[a-j][0-9]{1,2}[rndamqkp]?",
    ]) {
        let p = pos([START, MERCHANTS, DRIVERS, FROZEN, PROMOTIONS, MIDDLEGAME][which]);
        if let Ok(m) = p.parse_move(&text) {
            prop_assert!(p.legal_moves().contains(&m));
            prop_assert_eq!(p.move_text(&m), text.trim());
        }
    }

    #[test]
    fn position_like_text_never_panics(chars in prop::collection::vec(
        prop::sample::select(&['1', '2', '4', '8', '/', ' ', 'w', 'b', '-', 'K', 'k', 'R', 'r',
            'N', 'n', 'A', 'a', 'D', 'd', 'M', 'm', 'P', 'p', 'Q', 'B', 'e', '3', '6'][..]), 0..80)) {
        let text: String = chars.into_iter().collect();
        if let Ok(p) = Position::from_text(Variant::Quarter, &text) {
            let q = pos(&p.to_text());
            prop_assert_eq!(&q, &p);
            prop_assert_eq!(p.count_legal(), p.legal_moves().len());
            let _ = p.outcome();
        }
    }
}

#[test]
fn effects_never_exceed_the_bound_and_a_full_pull_fits() {
    // Four rays, four pulled agents.
    let p = pos("3k4/8/8/8/N2D2n1/8/8/3K4 w");
    let m = p.parse_move("d4:pull").unwrap();
    assert_eq!(m.effects().len(), 4);
    // A merchant shift (e1 ~ e5) with four custodian captures: five effects.
    let p = pos("k7/4M3/4n3/2Mn1nM1/4n3/4M3/8/4M2K w");
    let m = p.parse_move("e1e5").unwrap();
    assert_eq!(m.effects().len(), 1 + 4, "{:?}", m.effects());
    assert!(m.effects().len() <= fairyboard::moves::MAX_EFFECTS);
}

#[test]
fn the_game_ends_at_once_after_a_special_win() {
    let mut g = Game::new(Variant::Quarter, Some(MERCHANTS)).unwrap();
    g.play("e7e8").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Color::White, Reason::Backstab))
    );
    assert!(g
        .play("f8f7")
        .unwrap_err()
        .message()
        .contains("the game is over"));
    // Undo brings the game back.
    g.undo();
    assert_eq!(g.outcome(), None);
    assert!(g.position().count_legal() > 0);
}
