//! Each game's own evaluation terms (`src/games/<game>/eval.rs`): per game, pairs of positions
//! that differ only in what a term rewards, ordered as the rules' reasoning says. Scores
//! are read from White's side.

use fairyboard::eval::{evaluate, own_terms_of};
use fairyboard::{Color, Position, Variant};

/// The evaluation of a position from White's side.
fn white(variant: Variant, text: &str) -> i32 {
    let pos =
        Position::from_text(variant, text).unwrap_or_else(|e| panic!("{text}: {}", e.message()));
    let score = evaluate(&pos);
    if pos.side() == Color::White {
        score
    } else {
        -score
    }
}

/// The game's own terms alone (whether or not they count in play), from White's side.
fn terms_white(variant: Variant, text: &str) -> i32 {
    let pos =
        Position::from_text(variant, text).unwrap_or_else(|e| panic!("{text}: {}", e.message()));
    own_terms_of(&pos)
}

/// Asserts that the game's own terms alone give `better` at least `margin` more than
/// `worse` for White (games whose terms are off in play, see `Params::own_terms`).
fn terms_better_by(variant: Variant, better: &str, worse: &str, margin: i32) {
    beats_by(terms_white, variant, better, worse, margin);
}

/// Asserts that `better` scores at least `margin` more than `worse` for White.
fn better_by(variant: Variant, better: &str, worse: &str, margin: i32) {
    beats_by(white, variant, better, worse, margin);
}

/// Asserts that `score` gives `better` at least `margin` more than `worse`.
fn beats_by(score: fn(Variant, &str) -> i32, v: Variant, better: &str, worse: &str, margin: i32) {
    let (b, w) = (score(v, better), score(v, worse));
    assert!(
        b - w >= margin,
        "{}: {better} ({b}) should beat {worse} ({w}) by {margin} or more",
        v.name()
    );
}

#[test]
fn orthodox_passed_pawn() {
    // The d5 pawn is passed while no black pawn stands ahead on c, d or e; the black pawns
    // are a connected pair either way. The game's terms alone: the shared ones see the
    // black pawns' files differently (the tuned centre weights), which is not this term.
    terms_better_by(
        Variant::Orthodox,
        "4k3/6pp/8/3P4/8/8/8/4K3 w - - 0 1",
        "4k3/1pp5/8/3P4/8/8/8/4K3 w - - 0 1",
        20,
    );
}

#[test]
fn orthodox_doubled_isolated_and_the_bishop_pair() {
    // d4 and e4 defend each other's files; d4 and d3 are doubled and isolated.
    better_by(
        Variant::Orthodox,
        "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/3P4/3P4/8/4K3 w - - 0 1",
        40,
    );
    // Two bishops against bishop and knight on the same squares.
    better_by(
        Variant::Orthodox,
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1",
        35,
    );
}

#[test]
fn quarter_frozen_rook_is_worth_less() {
    // A black merchant orthogonally next to the a4 rook freezes it (Q10); diagonally next
    // to it, it does not.
    better_by(
        Variant::Quarter,
        "4k3/8/8/1m6/R7/8/8/4K3 b - - 0 1",
        "4k3/8/8/8/Rm6/8/8/4K3 b - - 0 1",
        120,
    );
}

#[test]
fn quarter_merchant_trap_threat() {
    // White's merchant d8 is next to the black king with f8 empty; a second merchant on g7
    // reaches f8 in one step (a threatened win, Q5); on g6 it does not.
    better_by(
        Variant::Quarter,
        "3Mk3/6M1/8/8/8/8/8/4K3 b - - 0 1",
        "3Mk3/8/6M1/8/8/8/8/4K3 b - - 0 1",
        60,
    );
}

#[test]
fn bandit_outlaw_threatens_the_king() {
    // The white outlaw d4 has a white knight and the black king lined up on d5 and d6: it
    // takes the king next move unless Black answers (B8, B11). With the knight on c5 it
    // does not.
    terms_better_by(
        Variant::Bandit,
        "7/7/7/3k3/3N3/3O3/7/7/K6 b - - 0 1",
        "7/7/7/3k3/2N4/3O3/7/7/K6 b - - 0 1",
        150,
    );
}

#[test]
fn bandit_trick_within_reach() {
    // The white trickster b2 can leap to d3, between a black chancellor d4 and a black
    // knight d2: one of them may become the other's kind (B4), a chancellor turned knight.
    // With the knight off the line, there is no trick. Black is to move: the threat is
    // White's, which standing pat would not see.
    terms_better_by(
        Variant::Bandit,
        "k6/7/7/7/7/3c3/7/1T1n3/6K b - - 0 1",
        "k6/7/7/7/7/3c3/7/1T3n1/6K b - - 0 1",
        60,
    );
}

#[test]
fn vagabond_rage_threat() {
    // White's berserker d2 can jump the d3 pawn to d4; its rage falls on c5 and e5 (V6).
    // A black rook on c5 is threatened; on a5 it is not.
    terms_better_by(
        Variant::Vagabond,
        "7k/8/8/2r5/8/3P4/3E4/7K b - - 0 1",
        "7k/8/8/r7/8/3P4/3E4/7K b - - 0 1",
        60,
    );
}

#[test]
fn pawnier_related_pawns() {
    // c2 and d2 side by side move and capture as rooks; c2 and e2 have no relation, only
    // step, and capture nothing (P5).
    better_by(
        Variant::Pawnier,
        "9/1k7/9/9/6*2/4*4/2*6/9/9/2PP3K1/9 w - - 0 1",
        "9/1k7/9/9/6*2/4*4/2*6/9/9/2P1P2K1/9 w - - 0 1",
        40,
    );
}

#[test]
fn riftwalker_king_shelter() {
    // e1 is next to the white king d1 (same small board, one file over); i1 is not.
    // black rook on f2 is within two steps of d1 in one position and far in the other.
    terms_better_by(
        Variant::Riftwalker,
        "5k3/9/9/9/9/9/9/9/3KP4 w - - 0 1",
        "5k3/9/9/9/9/9/9/9/3K4P w - - 0 1",
        6, // one sheltering agent: SHELTER, the terms alone
    );
}
