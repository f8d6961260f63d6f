//! What a match prints: a line per finished game (with `--verbose`, and a loud one for
//! anything wrong), and the summary with the Elo difference and its 95% bounds.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Duration;

use crate::players::Spec;
use crate::referee::{End, GameResult, Timing, OVERRUN_MS};
use crate::setting::Setting;

/// A match's results.
pub(crate) struct Summary {
    pub(crate) illegal: usize,
    pub(crate) failed: usize,
}

impl Summary {
    /// Whether nothing went wrong.
    pub(crate) fn clean(&self) -> bool {
        self.illegal == 0 && self.failed == 0
    }
}

/// The line of one finished game (with `--verbose`), and a loud one for anything wrong.
pub(crate) fn report_game(setting: &Setting, a: &Spec, b: &Spec, r: &GameResult) {
    let (white, black) = if r.a_white { (a, b) } else { (b, a) };
    let line = format!(
        "game {}/{}: {} - {}: {}, {} plies",
        r.index + 1,
        setting.games,
        white.name,
        black.name,
        r.end_text(),
        r.plies
    );
    if setting.verbose {
        println!("{line}");
    }
    if setting.show_moves {
        println!("  moves: {}", r.moves.join(" "));
    }
    if matches!(r.end, End::Illegal { .. } | End::Failed { .. }) {
        eprintln!("!!! {line}\n!!! moves: {}", r.moves.join(" "));
    }
    let _ = std::io::stdout().flush();
}

/// The Elo difference for a score `p` (0 to 1).
pub(crate) fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// Formats an Elo difference with its sign.
pub(crate) fn signed(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // `+ 0.0` turns -0 into 0.
        format!("{:+.0}", e.round() + 0.0)
    }
}

/// The Elo difference, its margin and its 95% interval for scores of 1, 0.5 and 0.
pub(crate) fn elo_interval(w: usize, d: usize, l: usize) -> (f64, f64, f64, f64) {
    let n = (w + d + l) as f64;
    let p = (w as f64 + d as f64 / 2.0) / n;
    if w as f64 == n {
        let lo = elo(0.05f64.powf(1.0 / n));
        return (f64::INFINITY, f64::INFINITY, lo, f64::INFINITY);
    }
    if l as f64 == n {
        let hi = elo(1.0 - 0.05f64.powf(1.0 / n));
        return (f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY, hi);
    }
    let var = (w as f64 * (1.0 - p).powi(2) + d as f64 * (0.5 - p).powi(2) + l as f64 * p * p) / n;
    let se = (var / n).sqrt();
    let clamp = |x: f64| x.clamp(0.001, 0.999);
    let (lo, hi) = (elo(clamp(p - 1.96 * se)), elo(clamp(p + 1.96 * se)));
    (elo(p), (hi - lo) / 2.0, lo, hi)
}

/// Prints the summary of a match and returns its counts of problems.
pub(crate) fn summarize(
    setting: &Setting,
    a: &Spec,
    b: &Spec,
    results: &[GameResult],
    took: Duration,
) -> Summary {
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut as_white = [0usize; 3];
    let mut as_black = [0usize; 3];
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut time = [Timing::default(); 2];
    let (mut plies, mut counted) = (0, 0);
    let (mut illegal, mut failed) = (0, 0);
    for r in results {
        *reasons.entry(r.reason()).or_default() += 1;
        time[0].add(&r.time[0]);
        time[1].add(&r.time[1]);
        match r.end {
            End::Illegal { .. } => illegal += 1,
            End::Failed { .. } => failed += 1,
            _ => {}
        }
        let Some(s) = r.score() else { continue };
        plies += r.plies;
        counted += 1;
        let k = if s == 1.0 {
            w += 1;
            0
        } else if s == 0.5 {
            d += 1;
            1
        } else {
            l += 1;
            2
        };
        if r.a_white {
            as_white[k] += 1;
        } else {
            as_black[k] += 1;
        }
    }
    let head = format!("{} vs {}", a.name, b.name);
    if counted == 0 {
        println!("{head}: no game counted ({failed} failed)");
    } else {
        let p = (w as f64 + d as f64 / 2.0) / counted as f64;
        let (e, m, lo, hi) = elo_interval(w, d, l);
        println!(
            "{head}: +{w} ={d} -{l} (score {:.1}%) Elo diff {} ± {} (95%) [{}, {}]",
            100.0 * p,
            signed(e),
            if m.is_finite() {
                format!("{m:.0}")
            } else {
                "inf".into()
            },
            signed(lo),
            signed(hi),
        );
    }
    let ends: Vec<String> = reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    println!(
        "  {}, {} threads, {:.0} s: mean length {:.1} plies; ends: {}",
        setting.openings(),
        setting.threads,
        took.as_secs_f64(),
        plies as f64 / counted.max(1) as f64,
        ends.join(", ")
    );
    println!(
        "  {} as White +{} ={} -{}, as Black +{} ={} -{}",
        a.name, as_white[0], as_white[1], as_white[2], as_black[0], as_black[1], as_black[2]
    );
    for (spec, t) in [a, b].iter().zip(time) {
        if t.moves > 0 && t.max_ms >= 1.0 {
            let over = match spec.movetime() {
                Some(limit) => format!(", {} moves over {limit:.0}+{OVERRUN_MS:.0} ms", t.over),
                None => String::new(),
            };
            println!(
                "  {} time per move: mean {:.0} ms, most {:.0} ms{over}",
                spec.name,
                t.total_ms / t.moves as f64,
                t.max_ms
            );
        }
    }
    if illegal > 0 || failed > 0 {
        println!(
            "  !!! {illegal} ILLEGAL MOVES, {failed} FAILED GAMES (see the lines marked !!! above)"
        );
    }
    let _ = std::io::stdout().flush();
    Summary { illegal, failed }
}
