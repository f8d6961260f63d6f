//! # fairyboard-cli
//!
//! The `fairyboard` command line: perft, legal moves and playing moves from any position,
//! PGN records read and written again and reviewed, the search (`bestmove`), opening books
//! and self-play (made by the lab's code), and the UCI engine ([`uci`]) for other programs.
//! Bad input prints one line to stderr naming the problem and exits with status 2.
#![deny(missing_docs)]

mod bestmove;
mod book;
pub mod lesson;
mod limit_options;
mod pgn;
mod puzzles;
mod review;
mod selfplay;
pub mod uci;

use fairyboard::record::why_not_played;
use fairyboard::view::{move_view, Squares};
use fairyboard::{divide, perft, Error, Game, Variant};
use fairyboard_lab::args::Args;

/// What `fairyboard --help` prints.
pub const USAGE: &str = "usage:
  fairyboard perft <game> <depth> [--fen \"<position>\"] [--divide]
  fairyboard moves <game> [--fen \"<position>\"] [--json | --names]
  fairyboard play <game> [--fen \"<position>\"] <move>...
  fairyboard pgn [<file>] [--game N]
  fairyboard review [<file>] [--game N] [--nodes N | --movetime MS | --depth N]
  fairyboard book <game> [--count N] [--plies K] [--margin CP] [--nodes N] [--seed S]
  fairyboard selfplay <game> [--games N] [--nodes N | --movetime MS] [--book FILE]
                      [--threads T] [--random-plies K] [--max-plies P] [--seed S]
  fairyboard lesson check <file>
  fairyboard puzzles <game> [--games N] [--nodes N] [--seed S] [--random-plies K]
                     [--max-plies P] [--pgn FILE]
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
lesson check reads a lesson file (lessons/<game>.txt), searches every task's fewest moves
and prints \"12 lessons, 58 tasks\", or each problem as file:line: message and exits 1.
puzzles mines puzzles from the engine's own games (or a PGN file's) and prints them as
PGN, one record each with its themes and rating; a summary goes to standard error.
games: orthodox vagabond bandit quarter pawnier riftwalker";

/// The deepest perft the command accepts.
const MAX_DEPTH: u32 = 12;

/// A game command's arguments: its game (the first argument), then `--fen` and the
/// command's own options, read by the one parser ([`Args`]); what is left is positional.
struct GameArgs {
    variant: Variant,
    args: Args,
}

impl std::ops::Deref for GameArgs {
    type Target = Args;

    fn deref(&self) -> &Args {
        &self.args
    }
}

impl GameArgs {
    /// The position text given with `--fen`, if any.
    fn fen(&self) -> Option<&str> {
        self.args.value("--fen")
    }
}

/// Reads a game command's arguments: the game, then the flags `flags` and the options
/// `values` (each with a value) besides `--fen`.
fn game_args(args: &[String], flags: &[&str], values: &[&str]) -> Result<GameArgs, Error> {
    let Some(game) = args.first() else {
        return Err(Error::new(
            "missing <game> (one of: orthodox vagabond bandit quarter pawnier riftwalker)",
        ));
    };
    let variant = Variant::from_id(game)?;
    let values: Vec<&str> = std::iter::once("--fen")
        .chain(values.iter().copied())
        .collect();
    let args = Args::parse(&args[1..], flags, &values)?;
    Ok(GameArgs { variant, args })
}

/// Runs the command `args` names (its first argument); gives the lines to print, or the
/// error that stops it.
pub fn run(args: &[String]) -> Result<Vec<String>, Error> {
    let Some(command) = args.first() else {
        return Err(Error::new(
            "missing command: perft, moves, play or pgn (see --help)",
        ));
    };
    match command.as_str() {
        "perft" => {
            let a = game_args(&args[1..], &["--divide"], &[])?;
            let [depth] = a.positional() else {
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
            let game = Game::new(a.variant, a.fen())?;
            let pos = game.position();
            // Perft 0 is the position itself: no first moves to divide by.
            if a.flag("--divide") && depth > 0 {
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
            let a = game_args(&args[1..], &["--json", "--names"], &[])?;
            a.none_positional()?;
            let game = Game::new(a.variant, a.fen())?;
            let pos = game.position();
            let mut moves: Vec<(String, fairyboard::Move)> = pos
                .legal_moves()
                .into_iter()
                .map(|m| (pos.move_text(&m), m))
                .collect();
            moves.sort_by(|x, y| x.0.cmp(&y.0));
            if a.flag("--json") {
                moves
                    .iter()
                    .map(|(_, m)| {
                        serde_json::to_string(&move_view(pos, m, Squares::Name))
                            .map_err(|e| Error::new(e.to_string()))
                    })
                    .collect()
            } else if a.flag("--names") {
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
        "puzzles" => puzzles::run(&args[1..]),
        "uci" => {
            if let Some(extra) = args.get(1) {
                return Err(Error::new(format!(
                    "unexpected argument '{extra}' (uci takes none: options are set with setoption)"
                )));
            }
            // The conversation is the output: nothing is left to print afterwards.
            uci::run(std::io::stdin().lock(), std::io::stdout());
            Ok(Vec::new())
        }
        "play" => {
            let a = game_args(&args[1..], &[], &[])?;
            let mut game = Game::new(a.variant, a.fen())?;
            for (i, text) in a.positional().iter().enumerate() {
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
