//! Texel's tuning: the weights of a linear evaluation (`weights · features + fixed`, see
//! [`fairyboard::eval::features`]) fitted to game results, by minimising the mean squared error
//! between each position's result (1, 0.5, 0 for White) and the winning chances the
//! evaluation gives on a logistic curve of scale `k` ([`fairyboard::winning::chances`]; `k` is
//! fitted first, to the weights in use). The minimisation is Adam's gradient descent, which
//! scales each weight's steps by itself, so piece values (hundreds) and small terms (tens)
//! move at their own pace.

use fairyboard::search::{Limits, Report, Searcher};
use fairyboard::winning::chances;
use fairyboard::{Color, Game, Position, Variant};

/// One self-play game of `variant` for measuring: `random_plies` uniformly random moves from
/// the start (drawn from `seed`, so games differ), then `searcher` (cleared first) at `nodes`
/// a move for both sides. `each` hears every searched position with the search's report.
/// Returns White's result (1, 0.5 or 0), or `None` when the random plies end the game or it
/// passes `max_plies` (no result to fit to).
pub fn self_play(
    variant: Variant,
    (random_plies, nodes, max_plies, seed): (usize, u64, usize, u64),
    searcher: &mut Searcher,
    each: &mut dyn FnMut(&Position, &Report),
) -> Option<f64> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut game = Game::new(variant, None).ok()?;
    for _ in 0..random_plies {
        let moves = game.position().legal_moves();
        if game.outcome().is_some() || moves.is_empty() {
            return None;
        }
        game.play_move(moves[rng.usize(..moves.len())]);
    }
    searcher.clear();
    loop {
        if let Some(o) = game.outcome() {
            return Some(match o.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            });
        }
        if game.ply() >= max_plies {
            return None;
        }
        let pos = game.position().clone();
        let limits = Limits::nodes(nodes);
        let report = searcher.search(
            &pos,
            &game.keys_before(),
            &limits,
            &|| 0.0,
            &|| false,
            &mut |_| {},
        );
        each(&pos, &report);
        game.play_move(report.best?);
    }
}

/// One position: its features, the evaluation's fixed part, and the game's result.
#[derive(Clone, Debug)]
pub struct Sample {
    /// What each weight multiplies, White's view.
    pub features: Vec<f64>,
    /// The part of the evaluation that is not tuned.
    pub fixed: f64,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f64,
}

/// The evaluation of a sample under `weights`.
pub fn evaluation(weights: &[f64], s: &Sample) -> f64 {
    weights
        .iter()
        .zip(&s.features)
        .map(|(w, f)| w * f)
        .sum::<f64>()
        + s.fixed
}

/// The mean squared error of `weights` on `samples` with the curve of scale `k`.
pub fn error(weights: &[f64], samples: &[Sample], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - chances(k, evaluation(weights, s))).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// Fits `weights` to `samples` in `steps` steps of Adam with step size `rate` (in the
/// weights' units, centipawns). `fixed[i]` keeps weight `i` as it is; `ridge[i]` (0 where
/// missing) adds `ridge[i] · weights[i]²` to the error minimised, which keeps weights that
/// few positions see (a per-cell table's rare cells) near 0 rather than fitted to noise.
/// Returns the error (without the ridge) after each tenth of the steps.
pub fn tune(
    weights: &mut [f64],
    (fixed, ridge): (&[bool], &[f64]),
    samples: &[Sample],
    k: f64,
    steps: usize,
    rate: f64,
) -> Vec<f64> {
    let n = weights.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12);
    let mut trace = Vec::new();
    for step in 1..=steps {
        let mut grad = vec![0.0; n];
        for s in samples {
            let p = chances(k, evaluation(weights, s));
            let d = -2.0 * (s.result - p) * p * (1.0 - p) * k;
            for (g, f) in grad.iter_mut().zip(&s.features) {
                *g += d * f;
            }
        }
        for i in 0..n {
            if fixed.get(i).copied().unwrap_or(false) {
                continue;
            }
            let g = grad[i] / samples.len().max(1) as f64
                + 2.0 * ridge.get(i).copied().unwrap_or(0.0) * weights[i];
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(step as i32));
            let vh = v[i] / (1.0 - b2.powi(step as i32));
            weights[i] -= rate * mh / (vh.sqrt() + eps);
        }
        if step % (steps / 10).max(1) == 0 {
            trace.push(error(weights, samples, k));
        }
    }
    trace
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a known evaluation give back its weights.
    #[test]
    fn the_tuner_recovers_known_weights() {
        let truth = [100.0, 300.0, 25.0, 8.0];
        let k = 0.004;
        let mut rng = fastrand::Rng::with_seed(11);
        let samples: Vec<Sample> = (0..40_000)
            .map(|_| {
                let features = vec![
                    rng.i32(-3..=3) as f64,
                    rng.i32(-1..=1) as f64,
                    rng.f64() * 4.0 - 2.0,
                    rng.f64() * 20.0 - 10.0,
                ];
                let fixed = 10.0;
                let e: f64 = truth.iter().zip(&features).map(|(w, f)| w * f).sum::<f64>() + fixed;
                let result = crate::curve::drawn_result(chances(k, e), rng.f64());
                Sample {
                    features,
                    fixed,
                    result,
                }
            })
            .collect();
        // From wrong weights, the second kept as it is (at its true value).
        let mut w = [50.0, 300.0, 0.0, 0.0];
        let before = error(&w, &samples, k);
        let fixed = [false, true, false, false];
        let trace = tune(&mut w, (&fixed, &[]), &samples, k, 600, 2.0);
        assert!(trace.last().unwrap() < &before);
        assert_eq!(w[1], 300.0);
        for (got, want) in w.iter().zip(truth) {
            assert!(
                (got - want).abs() <= want * 0.15 + 2.0,
                "{w:?} vs {truth:?}"
            );
        }
        // A ridge on the last weight holds it nearer 0 than the data alone would.
        let mut ridged = [50.0, 300.0, 0.0, 0.0];
        tune(
            &mut ridged,
            (&fixed, &[0.0, 0.0, 0.0, 1e-5]),
            &samples,
            k,
            600,
            2.0,
        );
        assert!(
            ridged[3].abs() < w[3].abs() * 0.8,
            "ridged {} vs free {}",
            ridged[3],
            w[3]
        );
    }
}
