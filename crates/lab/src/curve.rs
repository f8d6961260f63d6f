//! The fit of the win curve's scale `k` to game results ([`fairyboard::winning`]), as
//! Texel's tuning fits its scale: the `k` that makes the curve's chances closest (least
//! squares) to the results of the games the evaluated positions came from.

use fairyboard::winning::chances;

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

/// A game result drawn from `r` (uniform in 0..1) whose expected value is `p`,
/// with draws as well as wins and losses.
pub fn drawn_result(p: f64, r: f64) -> f64 {
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
    use fairyboard::winning::LICHESS_SCALE;

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
    fn the_error_is_none_on_the_curve() {
        assert!(error(LICHESS_SCALE, &[(0.0, 0.5)]) < 1e-12);
    }
}
