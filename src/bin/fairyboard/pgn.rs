//! `fairyboard pgn [<file>] [--game N]`: reads a PGN record (a file, or standard input) in
//! any form the engine reads (SAN, long algebraic, move text, lichess's and chess.com's
//! comments, clocks, evaluations and NAGs, several games) and prints it as fairyboard
//! exports it. Every game of the text is printed, a blank line between two; `--game N`
//! (counting from 1) prints only that one. A record with a bad move is an error naming
//! the first bad move by its number and side (and the game's number when the text holds
//! several), and nothing is printed.

use std::io::Read;

use fairyboard::{pgn, Error};

/// Runs the command; gives the lines to print.
pub(crate) fn run(args: &[String]) -> Result<Vec<String>, Error> {
    let mut file: Option<&str> = None;
    let mut game: Option<usize> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = if a == "--game" {
            Some(
                it.next()
                    .ok_or_else(|| Error::new("--game needs a game number after it"))?
                    .as_str(),
            )
        } else {
            a.strip_prefix("--game=")
        };
        if let Some(v) = value {
            let n = v.parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                Error::new(format!("--game must be a game number from 1, not '{v}'"))
            })?;
            game = Some(n);
        } else if a.starts_with("--") {
            return Err(Error::new(format!("unknown option '{a}'")));
        } else if file.is_some() {
            return Err(Error::new(format!(
                "unexpected argument '{a}' (pgn reads one file)"
            )));
        } else {
            file = Some(a);
        }
    }
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
    let count = pgn::games(&text).len();
    if count == 0 {
        return Err(Error::new("the PGN text is empty"));
    }
    let indexes: Vec<usize> = match game {
        Some(n) => vec![n - 1],
        None => (0..count).collect(),
    };
    let mut lines = Vec::new();
    for index in indexes {
        // Name the game when the text holds several.
        let which = |message: &str| {
            if count > 1 {
                Error::new(format!("game {}: {message}", index + 1))
            } else {
                Error::new(message)
            }
        };
        // No such game: the reader's own message, which gives the count.
        let parsed = pgn::parse_game(&text, index).map_err(|e| {
            if index < count {
                which(e.message())
            } else {
                e
            }
        })?;
        let replay = parsed.replay().map_err(|e| which(e.message()))?;
        if let Some(p) = &replay.problem {
            return Err(which(&p.describe()));
        }
        // The record's own tags are kept; those that follow from the game are written anew.
        let tags: Vec<(&str, &str)> = parsed
            .tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        if !lines.is_empty() {
            lines.push(String::new());
        }
        lines.extend(pgn::write(&replay.game, &tags).lines().map(str::to_string));
    }
    Ok(lines)
}
