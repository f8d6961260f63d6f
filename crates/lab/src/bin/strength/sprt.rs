//! `strength sprt`: the sequential probability ratio test as fishtest runs it
//! ([`fairyboard_lab::sprt`]), on pairs of games from one opening with colours swapped, counted
//! as a pentanomial (the pair's score for the first player: 0, ½, 1, 1½ or 2).
//!
//! H0 is "the first player is `--elo0` Elo stronger than the second", H1 "`--elo1`", in
//! normalized Elo unless `--model logistic`; `--alpha` is the chance of passing a change
//! worth `elo0`, `--beta` that of failing one worth `elo1`. Each worker thread plays a pair
//! at a time (both games, the first player White in the first), so `--threads 2` plays two
//! games at once. Every `--every` pairs a progress line: games, the first player's wins,
//! draws and losses, the pentanomial, the Elo with its 95% interval (and normalized Elo),
//! and the LLR against its bounds. The test stops when the LLR leaves its bounds or at
//! `--max-games` (rounded up to whole pairs); pairs still being played then are not
//! counted. A pair with a failed game (a crashed engine) is left out and reported.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use fairyboard::Variant;
use fairyboard_lab::sprt::{elo_estimate, Model, Pentanomial, Sprt, Verdict};

use crate::agent::Agent;
use crate::players::{Spec, SpecKind};
use crate::referee::{play_game, End, GameResult};
use crate::report::report_game;
use crate::setting::Options;

/// Runs the test; `Ok(false)` when a game had an illegal move or a failing player.
pub(crate) fn run(opts: &Options) -> Result<bool, String> {
    let a = Spec::parse(opts.get("--first").ok_or("sprt needs --first <player>")?)?;
    let b = Spec::parse(opts.get("--second").ok_or("sprt needs --second <player>")?)?;
    let model = Model::from_id(opts.get("--model").unwrap_or("normalized"))
        .map_err(|e| e.message().to_string())?;
    let test = Sprt::new(
        opts.decimal("--elo0", 0.0)?,
        opts.decimal("--elo1", 5.0)?,
        opts.decimal("--alpha", 0.05)?,
        opts.decimal("--beta", 0.05)?,
        model,
    )
    .map_err(|e| e.message().to_string())?;
    let max_games = opts.number("--max-games", 20_000)?.max(2);
    let every = opts.number("--every", 10)?.max(1);
    let mut setting = opts.setting()?;
    setting.games = max_games.div_ceil(2) as usize * 2;
    for s in [&a, &b] {
        if matches!(s.kind, SpecKind::Stockfish { .. }) && setting.variant != Variant::Orthodox {
            return Err(format!("{} plays orthodox chess only", s.name));
        }
    }
    let (lower, upper) = test.bounds();
    println!(
        "SPRT {} vs {}: H0 {} against H1 {} ({} Elo), alpha {}, beta {}, LLR bounds [{lower:.2}, {upper:.2}]; {}, threads {}, at most {} games",
        a.name,
        b.name,
        test.elo0,
        test.elo1,
        model.id(),
        test.alpha,
        test.beta,
        setting.openings(),
        setting.threads,
        setting.games,
    );
    let pairs_max = setting.games / 2;
    let next = AtomicUsize::new(0);
    let done = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<[GameResult; 2]>();
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut verdict = Verdict::Continue;
    std::thread::scope(|scope| {
        for _ in 0..setting.threads.min(pairs_max) {
            let tx = tx.clone();
            let (next, done, setting, a, b) = (&next, &done, &setting, &a, &b);
            scope.spawn(move || {
                let mut agents = [Agent::new(a), Agent::new(b)];
                while !done.load(Ordering::Relaxed) {
                    let pair = next.fetch_add(1, Ordering::Relaxed);
                    if pair >= pairs_max {
                        break;
                    }
                    let first = play_game(setting, [a, b], &mut agents, 2 * pair);
                    let second = play_game(setting, [a, b], &mut agents, 2 * pair + 1);
                    if tx.send([first, second]).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for pair in rx {
            if verdict != Verdict::Continue {
                continue;
            }
            for r in &pair {
                report_game(&setting, &a, &b, r);
            }
            tally.add(&pair);
            verdict = test.verdict(&tally.pentanomial.0);
            let pairs = tally.pentanomial.pairs();
            if verdict != Verdict::Continue || pairs % every == 0 {
                println!("{}", tally.line(&test));
                let _ = std::io::stdout().flush();
            }
            if verdict != Verdict::Continue {
                done.store(true, Ordering::Relaxed);
            }
        }
    });
    if tally.pentanomial.pairs() % every != 0 && verdict == Verdict::Continue {
        println!("{}", tally.line(&test));
    }
    let seconds = started.elapsed().as_secs_f64();
    let games = 2 * tally.pentanomial.pairs();
    match verdict {
        Verdict::Pass => println!(
            "H1 accepted after {games} games ({seconds:.0} s): pass, {} is better than {} (nearer {} than {} {} Elo)",
            a.name, b.name, test.elo1, test.elo0, model.id()
        ),
        Verdict::Fail => println!(
            "H0 accepted after {games} games ({seconds:.0} s): fail, {} is not better than {} (nearer {} than {} {} Elo)",
            a.name, b.name, test.elo0, test.elo1, model.id()
        ),
        Verdict::Continue => println!(
            "no decision after {games} games ({seconds:.0} s, the limit): neither bound reached"
        ),
    }
    if tally.illegal > 0 || tally.failed > 0 {
        println!(
            "  !!! {} ILLEGAL MOVES, {} PAIRS LEFT OUT FOR A FAILED GAME (see the lines marked !!! above)",
            tally.illegal, tally.failed
        );
    }
    Ok(tally.illegal == 0 && tally.failed == 0)
}

/// The counts so far, from the first player's view.
#[derive(Default)]
struct Tally {
    pentanomial: Pentanomial,
    /// Wins, draws, losses.
    wdl: [u64; 3],
    illegal: u64,
    /// Pairs left out for a failed game.
    failed: u64,
}

impl Tally {
    /// Counts a pair (left out if either game failed).
    fn add(&mut self, pair: &[GameResult; 2]) {
        for r in pair {
            if matches!(r.end, End::Illegal { .. }) {
                self.illegal += 1;
            }
        }
        let (Some(x), Some(y)) = (pair[0].score(), pair[1].score()) else {
            self.failed += 1;
            return;
        };
        for s in [x, y] {
            self.wdl[if s == 1.0 {
                0
            } else if s == 0.5 {
                1
            } else {
                2
            }] += 1;
        }
        self.pentanomial.add(x, y);
    }

    /// The progress line.
    fn line(&self, test: &Sprt) -> String {
        let p = &self.pentanomial.0;
        let elo = match elo_estimate(p) {
            Some(e) if self.pentanomial.pairs() > 0 => format!(
                "Elo {:+.1} ± {:.1} [{:+.1}, {:+.1}] (nElo {:+.1})",
                e.elo,
                e.margin(),
                e.low,
                e.high,
                e.nelo
            ),
            _ => "Elo -".to_string(),
        };
        let (lower, upper) = test.bounds();
        format!(
            "games {}: +{} ={} -{}, pairs [{} {} {} {} {}], {elo}, LLR {:.2} [{lower:.2}, {upper:.2}]",
            2 * self.pentanomial.pairs(),
            self.wdl[0],
            self.wdl[1],
            self.wdl[2],
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            test.llr(p),
        )
    }
}
