//! A match: its games played on the worker threads, each reported as it finishes, and the
//! summary printed at the end.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use fairyboard::Variant;

use crate::agent::Agent;
use crate::players::{Spec, SpecKind};
use crate::referee::{play_game, GameResult};
use crate::report::{report_game, summarize, Summary};
use crate::setting::Setting;

/// Plays a match of `a` against `b` and prints its summary.
pub(crate) fn play_match(setting: &Setting, a: &Spec, b: &Spec) -> Result<Summary, String> {
    for s in [a, b] {
        if matches!(s.kind, SpecKind::Stockfish { .. }) && setting.variant != Variant::Orthodox {
            return Err(format!("{} plays orthodox chess only", s.name));
        }
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<GameResult>();
    let started = Instant::now();
    let mut results: Vec<GameResult> = Vec::with_capacity(setting.games);
    std::thread::scope(|scope| {
        for _ in 0..setting.threads.min(setting.games) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut agents = [Agent::new(a), Agent::new(b)];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= setting.games {
                        break;
                    }
                    if tx.send(play_game(setting, [a, b], &mut agents, i)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for r in rx {
            report_game(setting, a, b, &r);
            results.push(r);
        }
    });
    results.sort_by_key(|r| r.index);
    Ok(summarize(setting, a, b, &results, started.elapsed()))
}
