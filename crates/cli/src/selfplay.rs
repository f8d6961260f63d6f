//! `fairyboard selfplay <game> [--games N] [--nodes N | --movetime MS] [--book FILE]
//! [--threads T] [--random-plies K] [--max-plies P] [--seed S]`: the engine against itself,
//! for a game's balance: White's wins, draws and Black's wins with 95% bounds, the average
//! length and how the games ended, as a short table. A progress line goes to standard error
//! when it is a terminal.
//!
//! Game i starts from the book's position i (the book shuffled by the seed, round again
//! when it runs out) or from the start, then K uniformly random plies (default 2 without a
//! book, 0 with one: a node-limited search plays the same game every time from the same
//! position). Both sides are the full-strength search at the same limit (10,000 nodes a
//! move unless told), one searcher a game, cleared at its start. A game longer than P plies
//! (default 400) is stopped and counted as a draw ("move limit").

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use fairyboard::search::{Limits, Searcher};
use fairyboard::{Color, Error, Game, Position, Reason, Variant};
use fairyboard_lab::sprt::{elo_estimate, proportion_interval};

use super::game_args;

/// Nodes a move when no limit is given.
const DEFAULT_NODES: u64 = 10_000;
/// Megabytes of each searcher's table.
const HASH_MB: usize = 16;

/// How one game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum End {
    /// The rules ended it: the winner, if any, and why.
    Rules(Option<Color>, Reason),
    /// Longer than the move limit: counted as a draw.
    MoveLimit,
}

/// One finished game.
struct Played {
    end: End,
    plies: usize,
}

/// What the command plays.
struct Plan {
    variant: Variant,
    /// The game's start position.
    start: Position,
    games: usize,
    limits: Limits,
    limit_text: String,
    book: Option<Vec<Position>>,
    book_path: Option<String>,
    threads: usize,
    random_plies: usize,
    max_plies: usize,
    seed: u64,
}

/// Runs the command; gives the table's lines.
pub(crate) fn run(args: &[String]) -> Result<Vec<String>, Error> {
    let plan = parse(args)?;
    let show = std::io::stderr().is_terminal();
    let started = Instant::now();
    let results = play_all(&plan, &mut |done, tally: &[usize; 3]| {
        if show {
            eprint!(
                "\rselfplay: {done} of {} games, White +{} ={} -{}",
                plan.games, tally[0], tally[1], tally[2]
            );
        }
    });
    if show {
        eprintln!();
    }
    Ok(table(&plan, &results, started.elapsed().as_secs_f64()))
}

/// Reads the arguments.
fn parse(args: &[String]) -> Result<Plan, Error> {
    let a = game_args(
        args,
        &[],
        &[
            "--games",
            "--nodes",
            "--movetime",
            "--book",
            "--threads",
            "--random-plies",
            "--max-plies",
            "--seed",
        ],
    )?;
    a.none_positional()?;
    if a.fen().is_some() {
        return Err(Error::new(
            "selfplay starts from the game's start or a book: --fen is not taken",
        ));
    }
    let (limits, limit_text) = match (a.value("--nodes"), a.value("--movetime")) {
        (Some(_), Some(_)) => return Err(Error::new("give --nodes or --movetime, not both")),
        (_, Some(_)) => {
            let ms = a.number("--movetime", 1..=3_600_000, 0)?;
            (Limits::movetime(ms as f64), format!("{ms} ms a move"))
        }
        _ => {
            let n = a.number("--nodes", 1..=100_000_000, DEFAULT_NODES)?;
            (Limits::nodes(n), format!("{n} nodes a move"))
        }
    };
    let seed = a.number("--seed", 0..=u64::MAX, 1)?;
    let book = match a.value("--book") {
        None => None,
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Error::new(format!("--book: cannot read {path}: {e}")))?;
            let mut book = fairyboard_lab::book::read(a.variant, &text)
                .map_err(|e| Error::new(format!("--book {path}: {}", e.message())))?;
            fastrand::Rng::with_seed(seed).shuffle(&mut book);
            Some(book)
        }
    };
    let default_plies = if book.is_some() { 0 } else { 2 };
    Ok(Plan {
        variant: a.variant,
        start: Position::start(a.variant)?,
        games: a.number("--games", 1..=1_000_000, 100)? as usize,
        limits,
        limit_text,
        book_path: a.value("--book").map(str::to_string),
        book,
        threads: a.number("--threads", 1..=64, 1)? as usize,
        random_plies: a.number("--random-plies", 0..=200, default_plies)? as usize,
        max_plies: a.number("--max-plies", 1..=100_000, 400)? as usize,
        seed,
    })
}

/// Plays every game, `threads` at a time; `progress` hears the games done and White's
/// wins, draws and losses so far.
fn play_all(plan: &Plan, progress: &mut dyn FnMut(usize, &[usize; 3])) -> Vec<Played> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Played>();
    let mut results = Vec::with_capacity(plan.games);
    std::thread::scope(|scope| {
        for _ in 0..plan.threads.min(plan.games) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut searcher = Searcher::new(HASH_MB);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= plan.games || tx.send(play(plan, &mut searcher, i)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut tally = [0usize; 3];
        for r in rx {
            tally[column(r.end)] += 1;
            results.push(r);
            progress(results.len(), &tally);
        }
    });
    results
}

/// The column of a result: 0 White won, 1 a draw, 2 Black won.
fn column(end: End) -> usize {
    match end {
        End::Rules(Some(Color::White), _) => 0,
        End::Rules(Some(Color::Black), _) => 2,
        _ => 1,
    }
}

/// Plays game `index`.
fn play(plan: &Plan, searcher: &mut Searcher, index: usize) -> Played {
    let start = match &plan.book {
        Some(book) if !book.is_empty() => book[index % book.len()].clone(),
        _ => plan.start.clone(),
    };
    let game = play_game(
        start,
        &plan.limits,
        plan.random_plies,
        plan.max_plies,
        (plan.seed, index),
        searcher,
    );
    let end = match game.outcome() {
        Some(o) => End::Rules(o.winner, o.reason),
        None => End::MoveLimit,
    };
    Played {
        end,
        plies: game.ply(),
    }
}

/// One self-play game from `start`: `random_plies` uniformly random plies (drawn from the
/// seed and the game's index, `(seed, index)`), then the search at `limits` on both sides
/// (the searcher cleared first), until the rules end it or `max_plies` are played. Also the
/// games `fairyboard puzzles` mines.
pub(crate) fn play_game(
    start: Position,
    limits: &Limits,
    random_plies: usize,
    max_plies: usize,
    (seed, index): (u64, usize),
    searcher: &mut Searcher,
) -> Game {
    let mut rng = fastrand::Rng::with_seed(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(index as u64),
    );
    let mut game = Game::from_position(start);
    searcher.clear();
    let mut random_left = random_plies;
    while game.outcome().is_none() && game.ply() < max_plies {
        let pos = game.position();
        let chosen = if random_left > 0 {
            random_left -= 1;
            let moves = pos.legal_moves();
            (!moves.is_empty()).then(|| moves[rng.usize(..moves.len())])
        } else {
            let began = Instant::now();
            let clock = move || began.elapsed().as_secs_f64() * 1000.0;
            searcher
                .search(
                    pos,
                    &game.keys_before(),
                    limits,
                    &clock,
                    &|| false,
                    &mut |_| {},
                )
                .best
        };
        match chosen {
            Some(m) => game.play_move(m),
            // No move but no outcome cannot happen; end the game (a draw) if it does.
            None => break,
        }
    }
    game
}

/// The endings a game can have by its rules, in the table's order.
fn endings(variant: Variant) -> Vec<Reason> {
    let mut out = vec![
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::Repetition,
        Reason::HundredPly,
        Reason::InsufficientMaterial,
    ];
    match variant {
        Variant::Quarter => out.extend([Reason::Backstab, Reason::KingTrapped]),
        Variant::Bandit => out.push(Reason::KingCaptured),
        _ => {}
    }
    out
}

/// A share as a percentage with its 95% bounds.
fn share(k: usize, n: usize) -> String {
    let (lo, hi) = proportion_interval(k as u64, n as u64);
    format!(
        "{:.1}% [{:.1}%, {:.1}%]",
        100.0 * k as f64 / n as f64,
        100.0 * lo,
        100.0 * hi
    )
}

/// The report: the setting, the results with bounds, the length, the endings.
fn table(plan: &Plan, results: &[Played], seconds: f64) -> Vec<String> {
    let n = results.len().max(1);
    let mut wdl = [0usize; 3];
    for r in results {
        wdl[column(r.end)] += 1;
    }
    let from = match &plan.book_path {
        Some(path) => format!("book {path}"),
        None => "the start".to_string(),
    };
    let mut lines = vec![
        format!(
            "selfplay {}: {} games, {}, from {from}, {} random plies, {} plies at most, seed {}, {} thread{}, {seconds:.0} s",
            plan.variant.id(),
            results.len(),
            plan.limit_text,
            plan.random_plies,
            plan.max_plies,
            plan.seed,
            plan.threads,
            if plan.threads == 1 { "" } else { "s" },
        ),
        String::new(),
        "| result | games | share [95% bounds] |".to_string(),
        "| --- | ---: | --- |".to_string(),
    ];
    for (name, k) in [
        ("White wins", wdl[0]),
        ("draws", wdl[1]),
        ("Black wins", wdl[2]),
    ] {
        lines.push(format!("| {name} | {k} | {} |", share(k, n)));
    }
    // White's score as a trinomial [Black wins, draws, White wins].
    if let Some(e) = elo_estimate(&[wdl[2] as u64, wdl[1] as u64, wdl[0] as u64]) {
        let score = (wdl[0] as f64 + wdl[1] as f64 / 2.0) / n as f64;
        lines.push(format!(
            "| White's score | {:.1}% | Elo {:+.0} [{:+.0}, {:+.0}] |",
            100.0 * score,
            e.elo + 0.0,
            e.low + 0.0,
            e.high + 0.0
        ));
    }
    let plies: Vec<usize> = results.iter().map(|r| r.plies).collect();
    lines.push(String::new());
    lines.push(format!(
        "length: {:.1} plies on average (shortest {}, longest {})",
        plies.iter().sum::<usize>() as f64 / n as f64,
        plies.iter().min().unwrap_or(&0),
        plies.iter().max().unwrap_or(&0)
    ));
    lines.push(String::new());
    lines.push("| ending | games | share | White won | Black won |".to_string());
    lines.push("| --- | ---: | ---: | ---: | ---: |".to_string());
    let mut rows: Vec<(String, Vec<&Played>)> = endings(plan.variant)
        .into_iter()
        .map(|reason| {
            let these = results
                .iter()
                .filter(|r| matches!(r.end, End::Rules(_, x) if x == reason))
                .collect();
            (ending_name(reason), these)
        })
        .collect();
    rows.push((
        format!("move limit ({} plies, a draw)", plan.max_plies),
        results.iter().filter(|r| r.end == End::MoveLimit).collect(),
    ));
    for (name, these) in rows {
        let won = |c| {
            these
                .iter()
                .filter(|r| matches!(r.end, End::Rules(Some(w), _) if w == c))
                .count()
        };
        lines.push(format!(
            "| {name} | {} | {:.1}% | {} | {} |",
            these.len(),
            100.0 * these.len() as f64 / n as f64,
            won(Color::White),
            won(Color::Black)
        ));
    }
    lines
}

/// An ending's name in the table.
fn ending_name(reason: Reason) -> String {
    match reason {
        Reason::HundredPly => "100-ply rule".to_string(),
        Reason::InsufficientMaterial => "bare kings (insufficient material)".to_string(),
        Reason::Repetition => "repetition".to_string(),
        r => r.words().to_string(),
    }
}
