//! Measures each game's own evaluation terms by games: the engine with them (`new`) against
//! the same binary with `FAIRYBOARD_EVAL_TERMS=0` (`old`: every `terms()` returns 0), at a
//! fixed node count per move, our own `Game` as referee. Ignored by the normal test run:
//!
//! ```text
//! TERMS_GAME=quarter TERMS_GAMES=80 TERMS_NODES=20000 nice cargo test --release -p fairyboard-cli \
//!     --test all eval_terms_match:: -- --ignored --nocapture
//! ```
//!
//! Settings (environment): `TERMS_GAME` (a game id, default orthodox), `TERMS_GAMES` (60),
//! `TERMS_NODES` (20000 per move), `TERMS_RANDOM_PLIES` (4), `TERMS_SEED` (1),
//! `TERMS_THREADS` (2), `TERMS_MAX_PLIES` (300, random plies included; then a draw),
//! `TERMS_BINARY` (the `fairyboard` to run, default the one cargo built: a copy lets the
//! match run on while the source changes), `TERMS_SHOW_MOVES` (1: each game's moves under
//! its line).
//!
//! Games go in pairs from the same opening: the start, then K uniformly random legal plies
//! from the seed and the pair's number (redrawn if they end the game); `new` has White in
//! the first game of a pair and Black in the second. Every move is one `fairyboard bestmove
//! <game> --moves "<the game so far>" --nodes N` process (a fresh 16 MB table each move, for
//! both sides alike). The summary is from `new`'s view: `+W =D -L`, the score, and the Elo
//! difference with its 95% bounds from the per-game score variance.

use std::process::Command;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use fairyboard::{Color, Game, Variant};

/// A setting from the environment, or its default.
fn setting<T: FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// The opening of pair `pair`: `plies` uniformly random legal plies from the start that do
/// not end the game.
fn opening(variant: Variant, plies: usize, seed: u64, pair: usize) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed.wrapping_mul(1_000_003) + pair as u64);
    loop {
        let mut game = Game::new(variant, None).expect("start position");
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play_move(moves[rng.usize(..moves.len())]);
        }
        if game.outcome().is_none() && game.ply() == plies {
            return game.move_texts();
        }
    }
}

/// One move of a player: `terms` says whether its game terms are on.
fn best_move(variant: Variant, moves: &[String], nodes: u64, terms: bool) -> String {
    let binary = std::env::var("TERMS_BINARY")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_fairyboard").to_string());
    let mut cmd = Command::new(binary);
    cmd.args(["bestmove", variant.id(), "--nodes", &nodes.to_string()]);
    if !moves.is_empty() {
        cmd.args(["--moves", &moves.join(" ")]);
    }
    cmd.env("FAIRYBOARD_EVAL_TERMS", if terms { "1" } else { "0" });
    let out = cmd.output().expect("run fairyboard bestmove");
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .map(str::to_string)
        .unwrap_or_else(|| {
            panic!(
                "no bestmove: {text} {}",
                String::from_utf8_lossy(&out.stderr)
            )
        })
}

/// One game; returns `new`'s score (1, 0.5 or 0), the plies, how it ended and its moves.
fn play(
    variant: Variant,
    open: &[String],
    new_white: bool,
    nodes: u64,
    max_plies: usize,
) -> (f64, usize, String, String) {
    let mut game = Game::new(variant, None).expect("start position");
    for m in open {
        game.play(m).expect("opening move");
    }
    while game.outcome().is_none() && game.ply() < max_plies {
        let white = game.position().side() == Color::White;
        let text = best_move(variant, &game.move_texts(), nodes, white == new_white);
        if let Err(e) = game.play(&text) {
            panic!("illegal move {text}: {}", e.message());
        }
    }
    let new_color = if new_white {
        Color::White
    } else {
        Color::Black
    };
    let moves = game.move_texts().join(" ");
    match game.outcome() {
        Some(o) => {
            let score = match o.winner {
                Some(c) if c == new_color => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            (score, game.ply(), o.reason.id().to_string(), moves)
        }
        None => (0.5, game.ply(), "adjudicated".to_string(), moves),
    }
}

/// The Elo difference of a score fraction (clamped so that it stays finite).
fn elo(p: f64) -> f64 {
    let p = p.clamp(0.001, 0.999);
    -400.0 * (1.0 / p - 1.0).log10()
}

#[test]
#[ignore]
fn terms_match() {
    let id: String = setting("TERMS_GAME", "orthodox".to_string());
    let variant = Variant::from_id(&id).expect("TERMS_GAME names a game");
    let games: usize = setting("TERMS_GAMES", 60);
    let nodes: u64 = setting("TERMS_NODES", 20_000);
    let plies: usize = setting("TERMS_RANDOM_PLIES", 4);
    let seed: u64 = setting("TERMS_SEED", 1);
    let threads: usize = setting("TERMS_THREADS", 2);
    let max_plies: usize = setting("TERMS_MAX_PLIES", 300);
    let show_moves: u8 = setting("TERMS_SHOW_MOVES", 0);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, f64, usize, String)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let open = opening(variant, plies, seed, i / 2);
                let new_white = i.is_multiple_of(2);
                let (score, length, why, moves) = play(variant, &open, new_white, nodes, max_plies);
                eprintln!(
                    "game {i:3} new as {}: {score} after {length} plies ({why})",
                    if new_white { "White" } else { "Black" }
                );
                if show_moves == 1 {
                    eprintln!("  moves: {moves}");
                }
                if let Ok(mut r) = results.lock() {
                    r.push((i, score, length, why));
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    let n = results.len() as f64;
    let wins = results.iter().filter(|r| r.1 == 1.0).count();
    let draws = results.iter().filter(|r| r.1 == 0.5).count();
    let losses = results.iter().filter(|r| r.1 == 0.0).count();
    let mean = results.iter().map(|r| r.1).sum::<f64>() / n;
    let var = results.iter().map(|r| (r.1 - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let margin = 1.96 * (var / n).sqrt();
    let length = results.iter().map(|r| r.2).sum::<usize>() as f64 / n;
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in &results {
        match reasons.iter_mut().find(|(w, _)| *w == r.3) {
            Some(e) => e.1 += 1,
            None => reasons.push((r.3.clone(), 1)),
        }
    }
    eprintln!(
        "{id} new vs old at {nodes} nodes: +{wins} ={draws} -{losses} (score {:.1}%) Elo {:+.0} [{:+.0}, {:+.0}] (95%), {:.0} plies a game, {reasons:?}",
        100.0 * mean,
        elo(mean),
        elo(mean - margin),
        elo(mean + margin),
        length
    );
}
