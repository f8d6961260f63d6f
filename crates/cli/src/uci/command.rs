//! One line from the GUI read as a command.

use super::go::Go;
use fairyboard::error::clip;

/// A command the engine understands.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Command {
    Uci,
    IsReady,
    NewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// `position startpos` (`fen: None`) or `position fen <text>`, then moves.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    Quit,
    /// `debug`, `register` and `ponderhit`: understood, nothing to do.
    Nothing,
}

/// Every command word.
const COMMANDS: [&str; 11] = [
    "uci",
    "isready",
    "ucinewgame",
    "setoption",
    "position",
    "go",
    "stop",
    "quit",
    "debug",
    "register",
    "ponderhit",
];

/// Reads a line: `Ok(None)` for a blank one. As UCI asks, unknown words before a command
/// are skipped (`joho debug on` is `debug on`); a line with no command word is an error.
pub(crate) fn parse(line: &str) -> Result<Option<Command>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.is_empty() {
        return Ok(None);
    }
    let Some(at) = words.iter().position(|w| COMMANDS.contains(w)) else {
        return Err(format!("unknown command '{}'", clip(line.trim())));
    };
    let args = &words[at + 1..];
    let command = match words[at] {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "setoption" => setoption(args)?,
        "position" => position(args)?,
        "go" => Command::Go(Go::parse(args)?),
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        _ => Command::Nothing,
    };
    Ok(Some(command))
}

/// `setoption name <name> [value <value>]`: both may hold spaces.
fn setoption(args: &[&str]) -> Result<Command, String> {
    let ["name", rest @ ..] = args else {
        return Err("setoption needs 'name <option>'".into());
    };
    let (name, value) = match rest.iter().position(|w| w.eq_ignore_ascii_case("value")) {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err("setoption needs an option name after 'name'".into());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos|fen <text> [moves <move>...]`: the text runs to `moves` or the end.
fn position(args: &[&str]) -> Result<Command, String> {
    let moves_at = args
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(args.len());
    let (head, tail) = args.split_at(moves_at);
    let fen = match head {
        ["startpos"] => None,
        ["startpos", extra, ..] => {
            return Err(format!(
                "unexpected '{}' after 'position startpos' (expected 'moves')",
                clip(extra)
            ))
        }
        ["fen"] => return Err("position fen needs a position text".into()),
        ["fen", text @ ..] => Some(text.join(" ")),
        [] => return Err("position needs 'startpos' or 'fen <position text>'".into()),
        [other, ..] => {
            return Err(format!(
                "position needs 'startpos' or 'fen <position text>', not '{}'",
                clip(other)
            ))
        }
    };
    let moves = tail.iter().skip(1).map(|m| m.to_string()).collect();
    Ok(Command::Position { fen, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    #[test]
    fn positions_with_spaces_and_moves() {
        assert_eq!(
            cmd("position startpos moves e2e4 e7e5"),
            Command::Position {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        assert_eq!(
            cmd("position  fen 9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp]   w - - 0 1 moves P@e4"),
            Command::Position {
                fen: Some("9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1".into()),
                moves: vec!["P@e4".into()]
            }
        );
        assert_eq!(
            cmd("position startpos moves"),
            Command::Position {
                fen: None,
                moves: vec![]
            }
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position fen moves e2e4").is_err());
        assert!(parse("position startpos e2e4")
            .unwrap_err()
            .contains("'e2e4'"));
        assert!(parse("position somewhere").is_err());
    }

    #[test]
    fn setoption_names_and_values_may_hold_spaces() {
        assert_eq!(
            cmd("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            cmd("setoption name UCI_Variant value riftwalker"),
            Command::SetOption {
                name: "UCI_Variant".into(),
                value: Some("riftwalker".into())
            }
        );
        assert!(parse("setoption Hash 3").is_err());
        assert!(parse("setoption name").is_err());
    }

    #[test]
    fn blank_lines_unknown_words_and_garbage() {
        assert_eq!(parse("   "), Ok(None));
        assert_eq!(cmd("joho isready"), Command::IsReady);
        assert_eq!(cmd("debug on"), Command::Nothing);
        assert!(parse("hello world")
            .unwrap_err()
            .contains("unknown command 'hello world'"));
        assert!(parse("\u{0}\u{7f}").is_err());
    }
}
