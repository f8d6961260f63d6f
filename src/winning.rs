//! Winning chances from an evaluation: the logistic curve the review judges moves by
//! (lichess's: `Win% = 50 + 50 * (2 / (1 + exp(-k * cp)) - 1)`, the same as
//! `100 / (1 + exp(-k * cp))`), with each game's scale `k` (fitted to game results by the
//! lab, `fairyboard_lab::curve`).

use crate::games::{with_game, Variant};

/// lichess's scale: fitted by lichess to its games' Stockfish evaluations.
pub const LICHESS_SCALE: f64 = 0.003_682_08;

/// The scale of a game's curve (its folder's `WIN_SCALE`), fitted to fairyboard's own
/// self-play (the lab's `wincurve`, 100 games a game from 6 random plies at 3,000 nodes a
/// move, 2026-11-28; docs/engine.md, "Reviewing a game"). Orthodox keeps lichess's: the fit
/// there (0.0041) is within its error of it and fits no better, and lichess's `[%eval]` then
/// reads as lichess shows it. The variants' curves are flatter: a pawn's worth of
/// evaluation wins less often there.
pub fn scale(variant: Variant) -> f64 {
    with_game!(variant, game => game::WIN_SCALE)
}

/// The winning chances in percent of an evaluation of `cp` centipawns on a curve of scale
/// `k`, with the evaluation clamped where lichess clamps it on its own curve (±1000 at
/// [`LICHESS_SCALE`], so from 2.5% to 97.5% whatever the scale): past that, an evaluation
/// says nothing more about the result.
pub fn percent(k: f64, cp: f64) -> f64 {
    let limit = 1000.0 * LICHESS_SCALE / k;
    100.0 * chances(k, cp.clamp(-limit, limit))
}

/// The winning chances (0 to 1) of an evaluation of `cp` centipawns on a curve of scale `k`.
pub fn chances(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + (-k * cp).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_is_lichess_s() {
        assert!((chances(LICHESS_SCALE, 0.0) - 0.5).abs() < 1e-12);
        // lichess: +1.00 is about 59.1% (its Win% at 100 cp).
        let w = 100.0 * chances(LICHESS_SCALE, 100.0);
        assert!((w - 59.1).abs() < 0.05, "{w}");
    }
}
