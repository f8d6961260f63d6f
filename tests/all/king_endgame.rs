//! The king's centre weight by the game's phase (`Params::king_endgame`): a king that hides
//! while the pieces stand walks to the centre once they are gone (orthodox chess, tuned).

use fairyboard::eval::{evaluate, params};
use fairyboard::{Position, Variant};

/// White's evaluation (White to move in every position here).
fn white(text: &str) -> i32 {
    evaluate(&Position::from_text(Variant::Orthodox, text).unwrap())
}

#[test]
fn the_king_hides_in_the_middlegame_and_centralises_in_the_endgame() {
    assert!(params(Variant::Orthodox).king_endgame > 0);
    // All the pieces: the king on g1 (castled) is better than on e4.
    let home = white("rnbq1rk1/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 w - - 0 1");
    let centre = white("rnbq1rk1/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQ1R2 w - - 0 1");
    assert!(home > centre, "middlegame: home {home}, centre {centre}");
    // Kings and pawns only: e4 beats g1.
    let home = white("6k1/pppppppp/8/8/8/8/PPPPPPPP/6K1 w - - 0 1");
    let centre = white("6k1/pppppppp/8/8/4K3/8/PPPPPPPP/8 w - - 0 1");
    assert!(centre > home + 20, "endgame: home {home}, centre {centre}");
}
