//! The `fairyboard` command line: perft, legal moves and playing moves from any position,
//! and PGN records read and written again.
//! Bad input prints one line to stderr naming the problem and exits with status 2.

use std::io::Write;
use std::process::ExitCode;

mod bestmove;
mod book;
mod limits;
mod pgn;
mod review;
mod selfplay;

use fairyboard::record::why_not_played;
use fairyboard::uci::one_line;
use fairyboard::view::{move_view, Squares};
use fairyboard::{divide, perft, Error, Game, Variant};

const USAGE: &str = "usage:
  fairyboard perft <game> <depth> [--fen \"<position>\"] [--divide]
  fairyboard moves <game> [--fen \"<position>\"] [--json | --names]
  fairyboard play <game> [--fen \"<position>\"] <move>...
  fairyboard pgn [<file>] [--game N]
  fairyboard review [<file>] [--game N] [--nodes N | --movetime MS | --depth N]
  fairyboard book <game> [--count N] [--plies K] [--margin CP] [--nodes N] [--seed S]
  fairyboard selfplay <game> [--games N] [--nodes N | --movetime MS] [--book FILE]
                      [--threads T] [--random-plies K] [--max-plies P] [--seed S]
moves --names prints each legal move's text and name; play takes texts (e2e4), names
(e4, Nf3, O-O) and long algebraic (Ng1-f3) alike. pgn reads a PGN record (the file, or
standard input) in any of these forms, with comments, clocks, NAGs and variations as
lichess and chess.com export them, and prints every game of it (or game N, counting from
1) as fairyboard exports it; a bad move is an error naming it by number and side.
review prints it with the computer's review: [%eval] on every main-line move, ?! ? ??
on inaccuracies, mistakes and blunders with the better line, and each side's accuracy.
book prints an opening book: N distinct positions K random plies from the start, each
scored within CP centipawns by an N-node search, one position text a line.
selfplay plays the engine against itself and prints White's wins, draws and Black's wins
with 95% bounds, the average length and how the games ended.
games: orthodox vagabond bandit quarter pawnier riftwalker";

/// The deepest perft the command accepts.
const MAX_DEPTH: u32 = 12;

fn main() -> ExitCode {
    let args: Result<Vec<String>, Error> = std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, a)| {
            a.into_string()
                .map_err(|_| Error::new(format!("argument {} is not valid UTF-8", i + 1)))
        })
        .collect();
    let args = match args {
        Ok(args) => args,
        Err(e) => return fail(&e),
    };
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(lines) => {
            // A closed pipe (`... | head`) is not an error of ours: stop writing quietly.
            let mut out = std::io::stdout().lock();
            for line in lines {
                if writeln!(out, "{line}").is_err() {
                    break;
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e),
    }
}

/// Prints the error as one line (control characters in quoted input escaped) and exits 2.
fn fail(e: &Error) -> ExitCode {
    eprintln!("error: {}", one_line(e.message()));
    ExitCode::from(2)
}

/// The parsed arguments common to every command.
struct Args {
    variant: Variant,
    fen: Option<String>,
    flags: Vec<String>,
    /// Options with a value (`--depth 5`, `--depth=5`), in the order given.
    values: Vec<(String, String)>,
    rest: Vec<String>,
}

impl Args {
    /// The value of an option, if given (the last one counts).
    fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn parse_args(args: &[String], known_flags: &[&str]) -> Result<Args, Error> {
    parse_args_with(args, known_flags, &[])
}

/// [`parse_args`] with options that take a value.
fn parse_args_with(
    args: &[String],
    known_flags: &[&str],
    known_values: &[&str],
) -> Result<Args, Error> {
    let Some(game) = args.first() else {
        return Err(Error::new(
            "missing <game> (one of: orthodox vagabond bandit quarter pawnier riftwalker)",
        ));
    };
    let variant = Variant::from_id(game)?;
    let mut out = Args {
        variant,
        fen: None,
        flags: Vec::new(),
        values: Vec::new(),
        rest: Vec::new(),
    };
    let mut it = args[1..].iter();
    while let Some(a) = it.next() {
        if a == "--fen" {
            let Some(text) = it.next() else {
                return Err(Error::new("--fen needs a position text after it"));
            };
            out.fen = Some(text.clone());
        } else if let Some(text) = a.strip_prefix("--fen=") {
            out.fen = Some(text.to_string());
        } else if let Some(name) = known_values
            .iter()
            .find(|&&n| a == n || a.starts_with(&format!("{n}=")))
        {
            let value = match a.split_once('=') {
                Some((_, v)) => v.to_string(),
                None => it
                    .next()
                    .ok_or_else(|| Error::new(format!("{name} needs a value after it")))?
                    .clone(),
            };
            out.values.push((name.to_string(), value));
        } else if known_flags.contains(&a.as_str()) {
            out.flags.push(a.clone());
        } else if a.starts_with("--") {
            return Err(Error::new(format!("unknown option '{a}'")));
        } else {
            out.rest.push(a.clone());
        }
    }
    Ok(out)
}

fn run(args: &[String]) -> Result<Vec<String>, Error> {
    let Some(command) = args.first() else {
        return Err(Error::new(
            "missing command: perft, moves, play or pgn (see --help)",
        ));
    };
    match command.as_str() {
        "perft" => {
            let a = parse_args(&args[1..], &["--divide"])?;
            let [depth] = a.rest.as_slice() else {
                return Err(Error::new("perft needs exactly one <depth>"));
            };
            let depth = depth
                .parse::<u32>()
                .ok()
                .filter(|&d| d <= MAX_DEPTH)
                .ok_or_else(|| {
                    Error::new(format!(
                        "depth must be a whole number from 0 to {MAX_DEPTH}, not '{depth}'"
                    ))
                })?;
            let game = Game::new(a.variant, a.fen.as_deref())?;
            let pos = game.position();
            // Perft 0 is the position itself: no first moves to divide by.
            if a.flags.iter().any(|f| f == "--divide") && depth > 0 {
                let split = divide(pos, depth);
                let total: u64 = split.iter().map(|(_, n)| n).sum();
                let mut lines: Vec<String> = split
                    .into_iter()
                    .map(|(m, n)| format!("{m}: {n}"))
                    .collect();
                lines.push(String::new());
                lines.push(total.to_string());
                Ok(lines)
            } else {
                Ok(vec![perft(pos, depth).to_string()])
            }
        }
        "moves" => {
            let a = parse_args(&args[1..], &["--json", "--names"])?;
            if let Some(extra) = a.rest.first() {
                return Err(Error::new(format!("unexpected argument '{extra}'")));
            }
            let game = Game::new(a.variant, a.fen.as_deref())?;
            let pos = game.position();
            let mut moves: Vec<(String, fairyboard::Move)> = pos
                .legal_moves()
                .into_iter()
                .map(|m| (pos.move_text(&m), m))
                .collect();
            moves.sort_by(|x, y| x.0.cmp(&y.0));
            if a.flags.iter().any(|f| f == "--json") {
                moves
                    .iter()
                    .map(|(_, m)| {
                        serde_json::to_string(&move_view(pos, m, Squares::Name))
                            .map_err(|e| Error::new(e.to_string()))
                    })
                    .collect()
            } else if a.flags.iter().any(|f| f == "--names") {
                let names = pos.move_names();
                Ok(moves
                    .iter()
                    .map(|(t, m)| {
                        let name = names
                            .iter()
                            .find(|(n, _)| n == m)
                            .map_or("", |(_, name)| name.as_str());
                        format!("{t} {name}")
                    })
                    .collect())
            } else {
                Ok(moves.into_iter().map(|(t, _)| t).collect())
            }
        }
        "bestmove" => bestmove::run(&args[1..]),
        "pgn" => pgn::run(&args[1..]),
        "review" => review::run(&args[1..]),
        "book" => book::run(&args[1..]),
        "selfplay" => selfplay::run(&args[1..]),
        "uci" => {
            if let Some(extra) = args.get(1) {
                return Err(Error::new(format!(
                    "unexpected argument '{extra}' (uci takes none: options are set with setoption)"
                )));
            }
            // The conversation is the output: nothing is left to print afterwards.
            fairyboard::uci::run(std::io::stdin().lock(), std::io::stdout());
            Ok(Vec::new())
        }
        "play" => {
            let a = parse_args(&args[1..], &[])?;
            let mut game = Game::new(a.variant, a.fen.as_deref())?;
            for (i, text) in a.rest.iter().enumerate() {
                game.play_any(text).map_err(|e| {
                    let head = format!("move {}", i + 1);
                    Error::new(why_not_played(&head, text, e.message()))
                })?;
            }
            let mut lines = vec![game.position().to_text()];
            if let Some(o) = game.outcome() {
                lines.push(format!("result: {} {}", o.result(), o.reason.id()));
            }
            Ok(lines)
        }
        other => {
            // Catch a game given without a command before calling it unknown.
            let hint = if Variant::from_id(other).is_ok() {
                " (put the command first: perft, moves, play or bestmove)"
            } else {
                ""
            };
            Err(Error::new(format!("unknown command '{other}'{hint}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn position_is_checked_before_depth_is_used() {
        assert!(run(&args(&[
            "perft",
            "orthodox",
            "1",
            "--fen",
            "8/8/8/8/8/8/8/8 w"
        ]))
        .is_err());
        assert_eq!(run(&args(&["perft", "orthodox", "1"])).unwrap(), ["20"]);
    }
}
