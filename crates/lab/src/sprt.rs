//! The sequential probability ratio test as fishtest runs it, and the Elo estimate of a
//! match with its 95% bounds.
//!
//! Results are counts indexed by score in half points: a trinomial `[losses, draws, wins]`
//! (games one at a time) or a pentanomial `[LL, LD+DL, LW+DD+WL, DW+WD, WW]` (pairs of
//! games from one opening with colours swapped, counted by the pair's score 0, ½, 1, 1½,
//! 2). Pairs are what [`Pentanomial`] counts and what the match runner feeds the test:
//! the two games of a pair share an opening, so their results are correlated, and the
//! pentanomial's variance takes that into account where the trinomial's would not.
//!
//! The log-likelihood ratio is fishtest's generalized one (Michel Van den Bergh's
//! `LLRcalc`): the likelihood of the observed frequencies under the most likely
//! distribution whose Elo is `elo1`, divided by that under the most likely one whose Elo
//! is `elo0`, each found by solving a secular equation (no normal approximation). Two
//! models of Elo:
//!
//! - [`Model::Normalized`] (fishtest's default since 2020): the bounds are normalized Elo,
//!   the expected score's distance from ½ divided by its standard deviation, so a bound
//!   means the same amount of evidence whatever the draw rate;
//! - [`Model::Logistic`]: the bounds are ordinary (logistic) Elo, `score = 1 / (1 +
//!   10^(-elo/400))`.
//!
//! Zero counts are replaced by 0.001 before either (fishtest's regularization), so the
//! test is defined from the first result. The test stops when the LLR leaves
//! `[ln(β/(1−α)), ln((1−β)/α)]`: below, H0 (`elo0`) is accepted and the change fails;
//! above, H1 (`elo1`) and it passes.
//!
//! ```
//! use fairyboard_lab::sprt::{Model, Sprt, Verdict};
//! let test = Sprt::new(0.0, 5.0, 0.05, 0.05, Model::Normalized).unwrap();
//! let pairs = [10, 40, 80, 45, 12]; // LL, LD, WL+DD, WD, WW
//! let llr = test.llr(&pairs);
//! assert!((llr - 0.1517).abs() < 1e-3);
//! assert_eq!(test.verdict(&pairs), Verdict::Continue);
//! ```

use fairyboard::Error;

/// Normalized Elo per unit of normalized t-value: `800 / ln 10`.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The standard normal quantile of 0.975: a 95% two-sided interval is `±1.96 σ`.
const Z95: f64 = 1.959_963_984_540_054;

/// What a zero count is replaced by before the test (fishtest's regularization).
const ZERO_COUNT: f64 = 1e-3;

/// How the test's bounds are measured.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Model {
    /// Normalized Elo: the score's distance from ½ in standard deviations (fishtest's
    /// default).
    Normalized,
    /// Logistic (ordinary) Elo.
    Logistic,
}

impl Model {
    /// The model's name on the command line: `normalized` or `logistic`.
    pub fn id(self) -> &'static str {
        match self {
            Model::Normalized => "normalized",
            Model::Logistic => "logistic",
        }
    }

    /// The model a name gives.
    pub fn from_id(id: &str) -> Result<Model, Error> {
        match id {
            "normalized" => Ok(Model::Normalized),
            "logistic" => Ok(Model::Logistic),
            _ => Err(Error::new(format!(
                "unknown Elo model '{id}' (normalized or logistic)"
            ))),
        }
    }
}

/// What the test says so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR is above its upper bound: H1 (`elo1`) accepted, the change passes.
    Pass,
    /// The LLR is below its lower bound: H0 (`elo0`) accepted, the change fails.
    Fail,
    /// Neither bound is reached: play on.
    Continue,
}

/// A sequential probability ratio test of H0 `elo = elo0` against H1 `elo = elo1`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo of H0.
    pub elo0: f64,
    /// The Elo of H1 (above `elo0`).
    pub elo1: f64,
    /// The chance of passing a change whose Elo is `elo0` (type I error).
    pub alpha: f64,
    /// The chance of failing a change whose Elo is `elo1` (type II error).
    pub beta: f64,
    /// How `elo0` and `elo1` are measured.
    pub model: Model,
}

impl Sprt {
    /// A test; `elo0 < elo1` and both error rates strictly between 0 and ½.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64, model: Model) -> Result<Sprt, Error> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(Error::new(format!(
                "the Elo bounds must be numbers with elo0 below elo1, not {elo0} and {elo1}"
            )));
        }
        if elo0.abs() > 1000.0 || elo1.abs() > 1000.0 {
            return Err(Error::new("the Elo bounds must lie within ±1000"));
        }
        for (name, e) in [("alpha", alpha), ("beta", beta)] {
            if !(e > 0.0 && e < 0.5) {
                return Err(Error::new(format!(
                    "{name} must lie strictly between 0 and 0.5, not {e}"
                )));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        })
    }

    /// The LLR's bounds: `(ln(β/(1−α)), ln((1−β)/α))`; about ±2.94 at α = β = 0.05.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these results (a trinomial or a
    /// pentanomial, see the module's documentation); 0 for an empty or malformed one.
    pub fn llr(&self, results: &[u64]) -> f64 {
        let Some((n, pdf)) = to_pdf(results) else {
            return 0.0;
        };
        let (s0, s1) = match self.model {
            Model::Logistic => (logistic_score(self.elo0), logistic_score(self.elo1)),
            Model::Normalized => {
                // A pair's t-value is √2 times a game's.
                let scale = if results.len() == 5 {
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                (
                    self.elo0 / NELO_PER_T * scale,
                    self.elo1 / NELO_PER_T * scale,
                )
            }
        };
        let fitted = |s: f64| match self.model {
            Model::Logistic => mle_expected(&pdf, s),
            Model::Normalized => mle_t_value(&pdf, 0.5, s),
        };
        match (fitted(s0), fitted(s1)) {
            (Some(p0), Some(p1)) => {
                n * pdf
                    .iter()
                    .zip(p0.iter().zip(&p1))
                    .map(|(&(_, p), (&q0, &q1))| p * (q1.ln() - q0.ln()))
                    .sum::<f64>()
            }
            // Results so lopsided that no distribution of the bounds' Elo explains them:
            // the normal approximation (fishtest's `LLR_normalized_alt` or `LLR_alt2`).
            _ => self.llr_approx(n, &pdf, s0, s1),
        }
    }

    /// The LLR's normal approximation, for results the exact fit cannot take.
    fn llr_approx(&self, n: f64, pdf: &[(f64, f64)], s0: f64, s1: f64) -> f64 {
        let (mu, var) = stats(pdf);
        if var <= 0.0 {
            return 0.0;
        }
        match self.model {
            Model::Logistic => n * (s1 - s0) * (2.0 * mu - s0 - s1) / var / 2.0,
            Model::Normalized => {
                let t = (mu - 0.5) / var.sqrt();
                n / 2.0 * ((1.0 + (t - s0).powi(2)) / (1.0 + (t - s1).powi(2))).ln()
            }
        }
    }

    /// Whether these results decide the test.
    pub fn verdict(&self, results: &[u64]) -> Verdict {
        let llr = self.llr(results);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::Pass
        } else if llr <= lower {
            Verdict::Fail
        } else {
            Verdict::Continue
        }
    }
}

/// Pentanomial counts: pairs of games from one opening, colours swapped, by the first
/// player's score over the pair (0 to 2 in half points).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Counts a pair from the first player's score in each game (0, 0.5 or 1); scores
    /// that are not these count as the nearest half point.
    pub fn add(&mut self, first: f64, second: f64) {
        let half_points = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[half_points] += 1;
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }
}

/// An Elo difference with its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    /// The Elo difference of the mean score (clamped to 0.1%-99.9%: ±1200 at most).
    pub elo: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
    /// The likelihood of superiority: the chance that the true Elo is above 0.
    pub los: f64,
    /// The normalized Elo of the mean score (see [`Model::Normalized`]).
    pub nelo: f64,
}

impl EloEstimate {
    /// Half the interval's width: the `±` of `elo ± margin`.
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// The Elo difference of a trinomial or pentanomial with its 95% interval, as fishtest's
/// `get_elo` works it out: the mean score per game and its standard error from the
/// observed variance (per pair for a pentanomial), each end turned into Elo. `None` for
/// no results or a malformed count.
pub fn elo_estimate(results: &[u64]) -> Option<EloEstimate> {
    let (n, pdf) = to_pdf(results)?;
    let (mu, var) = stats(&pdf);
    // The pdf's values are scores per game (a pair's half its total), so a pair's variance
    // per game is half its variance as a game: √(var/games) with games = 2 × pairs.
    let games = n * (results.len() - 1) as f64 / 2.0;
    let per_game_var = var * (results.len() - 1) as f64 / 2.0;
    let se = (per_game_var / games).sqrt();
    let sigma = per_game_var.sqrt();
    Some(EloEstimate {
        elo: elo_of(mu),
        low: elo_of(mu - Z95 * se),
        high: elo_of(mu + Z95 * se),
        los: if se > 0.0 {
            normal_cdf((mu - 0.5) / se)
        } else {
            0.5
        },
        nelo: if sigma > 0.0 {
            (mu - 0.5) / sigma * NELO_PER_T
        } else {
            0.0
        },
    })
}

/// The 95% interval of a proportion `k` of `n` (Wilson's score interval, which stays
/// within 0-1 and is fair for small counts and shares near 0 or 1); `(0, 1)` for `n = 0`.
pub fn proportion_interval(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n) = (k.min(n) as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference of an expected score (clamped to 0.1%-99.9%).
pub fn elo_of(score: f64) -> f64 {
    let p = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The expected score of an Elo difference.
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26 through
/// `erfc`, good to about 1e-7).
fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * z);
    // Numerical Recipes' erfc, fractional error below 1.2e-7.
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc / 2.0
    } else {
        erfc / 2.0
    }
}

/// The results as a distribution of scores per game (value, frequency) and their count,
/// zero counts regularized; `None` for no results or a length other than 3 and 5.
fn to_pdf(results: &[u64]) -> Option<(f64, Vec<(f64, f64)>)> {
    if !(results.len() == 3 || results.len() == 5) || results.iter().all(|&c| c == 0) {
        return None;
    }
    let counts: Vec<f64> = results
        .iter()
        .map(|&c| if c == 0 { ZERO_COUNT } else { c as f64 })
        .collect();
    let n: f64 = counts.iter().sum();
    let last = (counts.len() - 1) as f64;
    let pdf = counts
        .iter()
        .enumerate()
        .map(|(i, c)| (i as f64 / last, c / n))
        .collect();
    Some((n, pdf))
}

/// The mean and variance of a distribution.
fn stats(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mu: f64 = pdf.iter().map(|&(a, p)| a * p).sum();
    let var = pdf.iter().map(|&(a, p)| p * (a - mu).powi(2)).sum();
    (mu, var)
}

/// Solves `Σ pᵢ aᵢ / (1 + x aᵢ) = 0` for x, where the aᵢ take both signs: the left side
/// falls from +∞ to −∞ between `−1/max a` and `−1/min a`, so bisection finds its one root.
fn secular(pdf: &[(f64, f64)]) -> Option<f64> {
    let max = pdf
        .iter()
        .map(|&(a, _)| a)
        .fold(f64::NEG_INFINITY, f64::max);
    let min = pdf.iter().map(|&(a, _)| a).fold(f64::INFINITY, f64::min);
    if !(min < 0.0 && max > 0.0) {
        return None;
    }
    let f = |x: f64| pdf.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / max + 1e-9, -1.0 / min - 1e-9);
    if lo >= hi {
        return None;
    }
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = (lo + hi) / 2.0;
    x.is_finite().then_some(x)
}

/// The most likely distribution on the observed values whose mean is `s` (fishtest's
/// `MLE_expected`): its frequencies, in the order of `pdf`.
fn mle_expected(pdf: &[(f64, f64)], s: f64) -> Option<Vec<f64>> {
    let shifted: Vec<(f64, f64)> = pdf.iter().map(|&(a, p)| (a - s, p)).collect();
    let x = secular(&shifted)?;
    let out: Vec<f64> = shifted.iter().map(|&(a, p)| p / (1.0 + x * a)).collect();
    out.iter().all(|&q| q > 0.0 && q.is_finite()).then_some(out)
}

/// The most likely distribution on the observed values whose t-value `(mean − reference)
/// / σ` is `t` (fishtest's `MLE_t_value`): a fixed-point iteration, each step the most
/// likely distribution for a linearized constraint.
fn mle_t_value(pdf: &[(f64, f64)], reference: f64, t: f64) -> Option<Vec<f64>> {
    let uniform = 1.0 / pdf.len() as f64;
    let mut current: Vec<f64> = vec![uniform; pdf.len()];
    for _ in 0..10 {
        let dist: Vec<(f64, f64)> = pdf
            .iter()
            .zip(&current)
            .map(|(&(a, _), &q)| (a, q))
            .collect();
        let (mu, var) = stats(&dist);
        let sigma = var.sqrt();
        if sigma.is_nan() || sigma <= 0.0 {
            return None;
        }
        let shifted: Vec<(f64, f64)> = pdf
            .iter()
            .map(|&(a, p)| {
                let z = (mu - a) / sigma;
                (a - reference - t * sigma * (1.0 + z * z) / 2.0, p)
            })
            .collect();
        let x = secular(&shifted)?;
        let next: Vec<f64> = shifted.iter().map(|&(a, p)| p / (1.0 + x * a)).collect();
        if !next.iter().all(|&q| q > 0.0 && q.is_finite()) {
            return None;
        }
        let change = next
            .iter()
            .zip(&current)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        current = next;
        if change < 1e-9 {
            break;
        }
    }
    Some(current)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) {
        assert!((a - b).abs() <= tolerance, "{a} is not {b} (±{tolerance})");
    }

    /// Counts, elo0, elo1, LLR normalized, LLR logistic, Elo, its 95% margin.
    type Case<const N: usize> = ([u64; N], f64, f64, f64, f64, f64, f64);

    // Reference figures from fishtest's own `LLRcalc.LLR_normalized`,
    // `LLRcalc.LLR_logistic` and `stat_util.get_elo` (server/fishtest/stats/, run with
    // SciPy 1.17), for fishtest's own examples (the first three) and small matches.
    const PENTANOMIAL: [Case<5>; 6] = [
        (
            [10789, 19328, 33806, 19402, 10543],
            -3.0,
            1.0,
            0.300_869_785_483_540_8,
            2.131_067_811_794_080_7,
            -0.773_577_335_916_542_3,
            1.277_579_895_728_021_8,
        ),
        (
            [39, 2226, 31451, 2412, 40],
            0.764,
            3.439,
            2.162_940_869_584_568,
            -27.865_237_341_031_733,
            0.902_981_048_809_024,
            0.662_531_485_981_655_3,
        ),
        (
            [1, 60, 500, 1200, 600],
            0.0,
            2.0,
            13.441_404_954_476_775,
            13.530_568_543_840_76,
            188.599_379_993_441_9,
            7.017_942_813_464_671,
        ),
        (
            [10, 40, 80, 45, 12],
            0.0,
            5.0,
            0.151_702_345_945_120_75,
            0.196_378_758_512_359_47,
            8.362_363_804_859_257,
            23.970_137_472_713_333,
        ),
        (
            [5, 30, 70, 35, 6],
            0.0,
            5.0,
            0.134_573_969_019_245_84,
            0.188_892_043_554_612_9,
            8.330_531_326_367_77,
            24.363_803_764_847_17,
        ),
        (
            [0, 3, 10, 5, 2],
            0.0,
            5.0,
            0.146_460_480_820_872_7,
            0.249_311_995_993_241_58,
            52.491_129_670_448_92,
            66.490_549_260_479_57,
        ),
    ];

    // Trinomials [losses, draws, wins], as above.
    const TRINOMIAL: [Case<3>; 3] = [
        (
            [65804, 56553, 65388],
            -3.0,
            1.0,
            0.491_711_776_282_605_5,
            2.049_042_617_967_480_8,
            -0.769_839_090_860_327_1,
            1.313_742_840_854_298,
        ),
        (
            [100, 300, 120],
            0.0,
            5.0,
            0.388_716_561_669_169_1,
            0.553_431_549_680_449_8,
            13.369_502_194_779_9,
            19.438_715_474_271_987,
        ),
        (
            [1500, 4000, 1450],
            0.0,
            6.0,
            -2.361_584_741_464_836,
            -4.473_650_569_392_049,
            -2.499_579_710_800_617,
            5.322_045_251_976_975,
        ),
    ];

    #[test]
    fn llr_matches_fishtest_for_pentanomials() {
        for (counts, e0, e1, normalized, logistic, _, _) in PENTANOMIAL {
            let n = Sprt::new(e0, e1, 0.05, 0.05, Model::Normalized).unwrap();
            let l = Sprt::new(e0, e1, 0.05, 0.05, Model::Logistic).unwrap();
            close(n.llr(&counts), normalized, 1e-5);
            close(l.llr(&counts), logistic, 1e-5);
        }
    }

    #[test]
    fn llr_matches_fishtest_for_trinomials() {
        for (counts, e0, e1, normalized, logistic, _, _) in TRINOMIAL {
            let n = Sprt::new(e0, e1, 0.05, 0.05, Model::Normalized).unwrap();
            let l = Sprt::new(e0, e1, 0.05, 0.05, Model::Logistic).unwrap();
            close(n.llr(&counts), normalized, 1e-5);
            close(l.llr(&counts), logistic, 1e-5);
        }
    }

    #[test]
    fn elo_matches_fishtest() {
        for (counts, _, _, _, _, elo, margin) in PENTANOMIAL {
            let e = elo_estimate(&counts).unwrap();
            close(e.elo, elo, 1e-6);
            close(e.margin(), margin, 1e-6);
            assert!(e.low <= e.elo && e.elo <= e.high);
        }
        for (counts, _, _, _, _, elo, margin) in TRINOMIAL {
            let e = elo_estimate(&counts).unwrap();
            close(e.elo, elo, 1e-6);
            close(e.margin(), margin, 1e-6);
        }
    }

    #[test]
    fn bounds_are_walds() {
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.05, Model::Normalized)
            .unwrap()
            .bounds();
        close(lo, -2.944_438_979_166_44, 1e-12);
        close(hi, 2.944_438_979_166_44, 1e-12);
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.10, Model::Normalized)
            .unwrap()
            .bounds();
        close(lo, (0.10f64 / 0.95).ln(), 1e-12);
        close(hi, (0.90f64 / 0.05).ln(), 1e-12);
    }

    #[test]
    fn verdicts() {
        let test = Sprt::new(0.0, 2.0, 0.05, 0.05, Model::Normalized).unwrap();
        assert_eq!(test.verdict(&[1, 60, 500, 1200, 600]), Verdict::Pass);
        assert_eq!(test.verdict(&[600, 1200, 500, 60, 1]), Verdict::Fail);
        assert_eq!(test.verdict(&[0, 0, 0, 0, 0]), Verdict::Continue);
        assert_eq!(test.verdict(&[1, 2, 3, 2, 1]), Verdict::Continue);
    }

    #[test]
    fn lopsided_and_malformed_results_give_numbers() {
        let test = Sprt::new(0.0, 5.0, 0.05, 0.05, Model::Normalized).unwrap();
        for counts in [
            vec![0, 0, 0, 0, 40],
            vec![40, 0, 0, 0, 0],
            vec![0, 0, 40, 0, 0],
            vec![0, 0, 30],
            vec![1, 2],
            vec![],
        ] {
            for model in [Model::Normalized, Model::Logistic] {
                let llr = Sprt { model, ..test }.llr(&counts);
                assert!(llr.is_finite(), "{counts:?} {model:?}: {llr}");
            }
        }
        assert_eq!(test.verdict(&[0, 0, 0, 0, 400]), Verdict::Pass);
        assert_eq!(test.verdict(&[400, 0, 0, 0, 0]), Verdict::Fail);
        assert!(elo_estimate(&[0, 0, 0, 0, 0]).is_none());
        assert!(elo_estimate(&[1, 2]).is_none());
        let all_won = elo_estimate(&[0, 0, 0, 0, 10]).unwrap();
        assert!(all_won.elo > 1000.0 && all_won.low > 0.0);
    }

    #[test]
    fn bad_settings_are_refused() {
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05, Model::Normalized).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05, Model::Normalized).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 0.5, Model::Normalized).is_err());
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05, Model::Logistic).is_err());
        assert_eq!(Model::from_id("logistic").unwrap(), Model::Logistic);
        assert!(Model::from_id("bayes").is_err());
    }

    #[test]
    fn pentanomial_counts_pairs() {
        let mut p = Pentanomial::default();
        p.add(1.0, 1.0);
        p.add(0.5, 0.0);
        p.add(1.0, 0.0);
        p.add(0.5, 0.5);
        assert_eq!(p.0, [0, 1, 2, 0, 1]);
        assert_eq!(p.pairs(), 4);
    }

    #[test]
    fn wilson_intervals() {
        let (lo, hi) = proportion_interval(0, 10);
        close(lo, 0.0, 1e-12);
        close(hi, Z95 * Z95 / (10.0 + Z95 * Z95), 1e-12);
        let (lo, hi) = proportion_interval(10, 10);
        close(lo, 10.0 / (10.0 + Z95 * Z95), 1e-12);
        close(hi, 1.0, 1e-12);
        // 70 of 200: [0.2873, 0.4184].
        let (lo, hi) = proportion_interval(70, 200);
        close(lo, 0.2873, 1e-4);
        close(hi, 0.4184, 1e-4);
        assert_eq!(proportion_interval(3, 0), (0.0, 1.0));
    }

    #[test]
    fn normal_cdf_is_close() {
        close(normal_cdf(0.0), 0.5, 1e-7);
        close(normal_cdf(1.959_963_984_540_054), 0.975, 1e-6);
        close(normal_cdf(-1.0), 0.158_655_253_931_457, 1e-6);
    }
}
