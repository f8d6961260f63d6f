//! `fairyboard pgn [<file>] [--game N]`: reads a PGN record (a file, or standard input) in
//! any form the engine reads (SAN, long algebraic, move text, lichess's and chess.com's
//! comments, clocks, evaluations and NAGs, several games) and prints it as fairyboard
//! exports it. Every game of the text is printed, a blank line between two; `--game N`
//! (counting from 1) prints only that one. A record with a bad move is an error naming
//! the first bad move by its number and side (and the game's number when the text holds
//! several), and nothing is printed. What else was odd in a game (a bad move in a
//! variation, a stray `)`, a malformed tag) and how it was read is printed on standard error
//! as one line `note: ...` (with `game N: ` first when the text holds several), its notes
//! counted and capped as [`fairyboard::record::Replay::message`] says them.

use std::io::Read;

use fairyboard::{pgn, Error};
use fairyboard_lab::args::Args;

/// Reads `--game`'s value: a game of the record, counting from 1.
pub(crate) fn game_number(v: &str) -> Result<usize, Error> {
    v.parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| Error::new(format!("--game must be a game number from 1, not '{v}'")))
}

/// Runs the command; gives the lines to print.
pub(crate) fn run(args: &[String]) -> Result<Vec<String>, Error> {
    let a = Args::parse(args, &[], &["--game"])?;
    let game = a.value("--game").map(game_number).transpose()?;
    let file = match a.positional() {
        [] => None,
        [file] => Some(file.as_str()),
        [_, extra, ..] => {
            return Err(Error::new(format!(
                "unexpected argument '{extra}' (pgn reads one file)"
            )))
        }
    };
    let games = read_games(file, game)?;
    let mut lines = Vec::new();
    for g in &games {
        if !lines.is_empty() {
            lines.push(String::new());
        }
        // The game keeps the record's own tags; those that follow from it are written anew.
        lines.extend(pgn::write(g, &[]).lines().map(str::to_string));
    }
    Ok(lines)
}

/// Reads the PGN text of `file` (standard input when `None`) and gives every game of it (or
/// only game `game`, counting from 1), each read and checked before any is given: a bad
/// record is an error (naming the game when the text holds several) whatever came before
/// it. What else was odd is printed on standard error as one `note:` line a game.
pub(crate) fn read_games(
    file: Option<&str>,
    game: Option<usize>,
) -> Result<Vec<fairyboard::Game>, Error> {
    let bytes = match file {
        Some(path) => {
            std::fs::read(path).map_err(|e| Error::new(format!("cannot read '{path}': {e}")))?
        }
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| Error::new(format!("cannot read standard input: {e}")))?;
            bytes
        }
    };
    // Old PGN files may be Latin-1: their names are then shown with replacement characters.
    let text = String::from_utf8_lossy(&bytes);
    let mut all = pgn::parse_all(&text);
    let count = all.len();
    if count == 0 {
        return Err(Error::new("the PGN text is empty"));
    }
    let chosen: Vec<(usize, Result<pgn::Parsed, Error>)> = match game {
        Some(n) if n > count => {
            let games = if count == 1 { "game" } else { "games" };
            return Err(Error::new(format!(
                "the PGN text holds {count} {games}; there is no game {n}"
            )));
        }
        Some(n) => vec![(n - 1, all.swap_remove(n - 1))],
        None => all.into_iter().enumerate().collect(),
    };
    let mut games = Vec::with_capacity(chosen.len());
    for (index, parsed) in chosen {
        // Name the game when the text holds several.
        let which = |message: &str| {
            if count > 1 {
                Error::new(format!("game {}: {message}", index + 1))
            } else {
                Error::new(message)
            }
        };
        let parsed = parsed.map_err(|e| which(e.message()))?;
        let replay = parsed.replay().map_err(|e| which(e.message()))?;
        if let Some(p) = &replay.problem {
            return Err(which(&p.describe()));
        }
        // What was odd and how it was read (a bad move in a variation, a stray ')'...): one
        // line on standard error, as long as a person reads (`Replay::message`).
        if let Some(m) = replay.message() {
            eprintln!("note: {}", crate::uci::one_line(which(&m).message()));
        }
        games.push(replay.game);
    }
    Ok(games)
}
