//! Winning chances from an evaluation: the logistic curve the review judges moves by
//! (lichess's: `Win% = 50 + 50 * (2 / (1 + exp(-k * cp)) - 1)`, the same as
//! `100 / (1 + exp(-k * cp))`), and the fit of its scale `k` to game results, as Texel's
//! tuning fits its scale: the `k` that makes the curve's chances closest (least squares)
//! to the results of the games the evaluated positions came from.

use crate::games::{with_game, Variant};

/// lichess's scale: fitted by lichess to its games' Stockfish evaluations.
pub const LICHESS_SCALE: f64 = 0.003_682_08;

/// The scale of a game's curve (its folder's `WIN_SCALE`), fitted to fairyboard's own
/// self-play (`examples/wincurve.rs`, 100 games a game from 6 random plies at 3,000 nodes a
/// move, 2026-11-28; docs/engine.md, "Reviewing a game"). Orthodox keeps lichess's: the fit there (0.0041) is within its
/// error of it and fits no better, and lichess's `[%eval]` then reads as lichess shows it.
/// The variants' curves are flatter: a pawn's worth of evaluation wins less often there.
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

/// The mean squared error of the curve of scale `k` against `samples` of (evaluation in
/// centipawns, result: 1 a win, 0.5 a draw, 0 a loss, for the same side).
pub fn error(k: f64, samples: &[(f64, f64)]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|&(cp, result)| (result - chances(k, cp)).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scale (between 0.0001 and 0.1) whose curve fits `samples` best (least squares), by a
/// golden-section search on a log scale (the error has one minimum in `k`).
pub fn fit_scale(samples: &[(f64, f64)]) -> f64 {
    let f = |x: f64| error(x.exp(), samples);
    let (mut a, mut b) = (0.0001f64.ln(), 0.1f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..100 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// For tests: a game result drawn from `r` (uniform in 0..1) whose expected value is `p`,
/// with draws as well as wins and losses.
#[cfg(test)]
pub(crate) fn drawn_result(p: f64, r: f64) -> f64 {
    let draw = 0.6 * p.min(1.0 - p);
    if r < p - draw / 2.0 {
        1.0
    } else if r < p + draw / 2.0 {
        0.5
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a known curve give back its scale.
    #[test]
    fn the_fit_recovers_a_known_scale() {
        for k in [0.002, LICHESS_SCALE, 0.01] {
            let mut rng = fastrand::Rng::with_seed(7);
            let samples: Vec<(f64, f64)> = (0..20_000)
                .map(|_| {
                    let cp = rng.f64() * 1200.0 - 600.0;
                    (cp, drawn_result(chances(k, cp), rng.f64()))
                })
                .collect();
            let fitted = fit_scale(&samples);
            assert!((fitted / k - 1.0).abs() < 0.08, "{k}: {fitted}");
        }
    }

    #[test]
    fn the_curve_is_lichess_s() {
        assert!((chances(LICHESS_SCALE, 0.0) - 0.5).abs() < 1e-12);
        // lichess: +1.00 is about 59.1% (its Win% at 100 cp).
        let w = 100.0 * chances(LICHESS_SCALE, 100.0);
        assert!((w - 59.1).abs() < 0.05, "{w}");
        assert!(error(LICHESS_SCALE, &[(0.0, 0.5)]) < 1e-12);
    }
}
