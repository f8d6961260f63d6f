//! `fairyboard puzzles <game> [--games N] [--nodes N] [--seed S] [--random-plies K]
//! [--max-plies P] [--pgn FILE]`: puzzles mined from the engine's own games
//! ([`fairyboard::puzzle`]): game i is played from the start, K uniformly random plies
//! (from the seed and i; 2 unless told) then the full-strength search on both sides at N
//! nodes a move (2,000 unless told), as `selfplay` plays it; or the games of a PGN file
//! (`--pgn`, every game unless `--games` caps them). Each game is mined (its positions
//! searched at N nodes, each candidate solved at eight times that) and the puzzles printed
//! as PGN, one record each, after `%` lines naming the command; a summary (how many
//! puzzles, per theme) goes to standard error.

use std::collections::{BTreeMap, HashSet};
use std::io::IsTerminal;

use fairyboard::puzzle::{mine, write, Puzzle, Settings};
use fairyboard::search::{Limits, Searcher};
use fairyboard::{Error, Game, Position};

use super::game_args;
use super::selfplay::play_game;

/// Nodes a move (and a position searched for mistakes) when no limit is given.
const DEFAULT_NODES: u64 = 2_000;

/// Runs the command; gives the lines to print.
pub(crate) fn run(args: &[String]) -> Result<Vec<String>, Error> {
    let a = game_args(
        args,
        &[],
        &[
            "--games",
            "--nodes",
            "--seed",
            "--random-plies",
            "--max-plies",
            "--pgn",
        ],
    )?;
    if let Some(extra) = a.positional().first() {
        return Err(Error::new(format!("unexpected argument '{extra}'")));
    }
    if a.fen().is_some() {
        return Err(Error::new(
            "puzzles mines whole games: --fen is not taken (give --pgn FILE for games of your own)",
        ));
    }
    let variant = a.variant;
    let nodes = a.number("--nodes", 1..=10_000_000, DEFAULT_NODES)?;
    let seed = a.number("--seed", 0..=u64::MAX, 1)?;
    let random_plies = a.number("--random-plies", 0..=200, 2)? as usize;
    let max_plies = a.number("--max-plies", 1..=10_000, 300)? as usize;
    let settings = Settings::for_game_nodes(nodes);
    // The games: read whole and checked first, or played one by one below.
    let read: Option<Vec<Game>> = match a.value("--pgn") {
        None => None,
        Some(path) => {
            let games = super::pgn::read_games(Some(path), None)?;
            if let Some((i, g)) = games
                .iter()
                .enumerate()
                .find(|(_, g)| g.variant() != variant)
            {
                return Err(Error::new(format!(
                    "--pgn {path}: game {} is {}, not {}",
                    i + 1,
                    g.variant().id(),
                    variant.id()
                )));
            }
            Some(games)
        }
    };
    let count = match (&read, a.value("--games")) {
        (Some(games), None) => games.len(),
        (Some(games), Some(_)) => {
            (a.number("--games", 1..=1_000_000, 1)? as usize).min(games.len())
        }
        (None, _) => a.number("--games", 1..=1_000_000, 10)? as usize,
    };
    let start = Position::start(variant)?;
    let limits = Limits::nodes(nodes);
    let mut player = Searcher::new(16);
    let mut miner = Searcher::new(16);
    let mut seen = HashSet::new();
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let show = std::io::stderr().is_terminal();
    for i in 0..count {
        let game = match &read {
            Some(games) => games[i].clone(),
            None => play_game(
                start.clone(),
                &limits,
                random_plies,
                max_plies,
                (seed, i),
                &mut player,
            ),
        };
        puzzles.extend(mine(&game, &settings, &mut miner, &mut seen));
        if show {
            eprint!(
                "\rpuzzles: {} of {count} games, {} puzzles",
                i + 1,
                puzzles.len()
            );
        }
    }
    if show {
        eprintln!();
    }
    let mut lines = vec![format!("% fairyboard puzzles {}", args.join(" "))];
    lines.push(format!(
        "% {} puzzles from {count} games; games at {nodes} nodes a move, solutions checked at {} nodes, seed {seed}",
        puzzles.len(),
        settings.verify_nodes
    ));
    let event = format!("{} puzzle", variant.name());
    for (i, p) in puzzles.iter().enumerate() {
        lines.push(String::new());
        let round = (i + 1).to_string();
        let text = write(p, &[("Event", &event), ("Round", &round)]);
        lines.extend(text.lines().map(str::to_string));
    }
    eprintln!("{}", summary(variant.id(), count, &puzzles));
    Ok(lines)
}

/// One line: the puzzles found and how many have each theme.
fn summary(game: &str, games: usize, puzzles: &[Puzzle]) -> String {
    let mut by_theme: BTreeMap<&str, usize> = BTreeMap::new();
    for p in puzzles {
        for t in &p.themes {
            *by_theme.entry(t).or_default() += 1;
        }
    }
    let themes: Vec<String> = by_theme.iter().map(|(t, n)| format!("{t} {n}")).collect();
    format!(
        "puzzles {game}: {} from {games} games; themes: {}",
        puzzles.len(),
        if themes.is_empty() {
            "none".to_string()
        } else {
            themes.join(", ")
        }
    )
}
