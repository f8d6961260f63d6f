//! Game records in PGN: the seven standard tags, `[Variant "<game id>"]`, and when the start
//! is not the standard one `[SetUp "1"]` and `[FEN "<position text>"]`; the movetext holds
//! move numbers and our own move text (`1. e2e4 e7e5 2. g1f3`), then the result.
//!
//! Reading tolerates what other PGN writers put in: comments (`{...}` and `;` to the end of
//! the line), NAGs (`$1`), variations (`(...)`, skipped), move numbers with `...`, `!`/`?`
//! annotations and `+`/`#` marks after a move, `%` escape lines, and a missing Variant tag
//! (orthodox chess). Only the first game of a file is read.
//!
//! A finished game also gets a `Termination` tag as lichess writes it: `Time forfeit` when
//! a clock ran out, `Normal` otherwise. A record whose Result tag says the game ended while
//! its last position is not over is read as a game ended by the players: a decisive result
//! as a resignation (a loss on time with `[Termination "Time forfeit"]`), a draw as a draw by
//! agreement (or a clock run out against a side that cannot win, with that Termination), so
//! that a resigned game read back is still resigned.
//!
//! ```
//! use fairyboard::{pgn, Game, Variant};
//! let mut game = Game::new(Variant::Orthodox, None).unwrap();
//! game.play("e2e4").unwrap();
//! let text = pgn::write(&game, &[]);
//! assert!(text.contains("[Variant \"orthodox\"]"));
//! assert!(text.ends_with("1. e2e4 *\n"));
//! let back = pgn::read("[Variant \"orthodox\"]\n1. e2e4 {best by test} e7e5 $1 2. e1e3 *").unwrap();
//! assert_eq!(back.used, 2);
//! assert_eq!(back.problem.unwrap().number, 2);
//! ```

use crate::error::Error;
use crate::game::Game;
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::record::{Record, Replay};
use crate::variant::{clip, Variant};

/// Writes a game as PGN. `tags` (name, value) replace the defaults or add tags: e.g.
/// `("Date", "2026.11.23")`. The moves are the whole line (moves that redo would play
/// included); the result is the outcome at its end (a declared one included), or `*`; a
/// finished game gets a `Termination` tag.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    let record = Record::of_game(game);
    let outcome = game.final_outcome();
    let result = outcome.map_or("*", |o| o.result());
    let mut all: Vec<(String, String)> = [
        ("Event", "?"),
        ("Site", "fairyboard"),
        ("Date", "????.??.??"),
        ("Round", "-"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", result),
        ("Variant", record.variant.id()),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    if let Some(start) = &record.start {
        all.push(("SetUp".into(), "1".into()));
        all.push(("FEN".into(), start.clone()));
    }
    if let Some(o) = outcome {
        all.push(("Termination".into(), termination(o.reason).into()));
    }
    for (name, value) in tags {
        // Result, Variant, the start and the termination follow from the game itself.
        if ["Result", "Variant", "SetUp", "FEN", "Termination"].contains(name) {
            continue;
        }
        match all.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value.to_string(),
            None => all.push((name.to_string(), value.to_string())),
        }
    }
    let mut out = String::new();
    for (name, value) in &all {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');

    // Movetext: a number before White's moves, and before the first move if Black's.
    let start = game.start();
    let mut number = start.fullmove() as usize;
    let mut white = start.side() == Color::White;
    let mut tokens = Vec::new();
    for (i, text) in record.moves.iter().enumerate() {
        if white {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(text.clone());
        if !white {
            number += 1;
        }
        white = !white;
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The Termination tag of a finished game, as lichess writes it: `Time forfeit` when a clock
/// ran out, else `Normal`.
pub fn termination(reason: Reason) -> &'static str {
    match reason {
        Reason::Time | Reason::TimeoutVsInsufficientMaterial(_) => "Time forfeit",
        _ => "Normal",
    }
}

/// The outcome the players declared, read from a record's Result and Termination tags, for a
/// game whose last position `game` shows and is not over: a decisive result is a resignation
/// (a loss on time when `Termination` is `Time forfeit`), a draw is an agreement (with `Time
/// forfeit`: a clock run out against a side that cannot win, the side to move's clock first).
/// `None` for `*` or no result.
pub fn declared_of_tags(game: &Game, result: &str, termination: Option<&str>) -> Option<Outcome> {
    let time = termination.is_some_and(|t| t.trim().eq_ignore_ascii_case("time forfeit"));
    let winner = match result.trim() {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        "1/2-1/2" => None,
        _ => return None,
    };
    Some(match winner {
        Some(w) if time => Outcome::win(w, Reason::Time),
        Some(w) => Outcome::win(w, Reason::Resignation),
        None if time => {
            let pos = game.position();
            let mover = pos.side();
            [mover, mover.opponent()]
                .into_iter()
                .find(|&c| pos.cannot_win(c.opponent()))
                .map_or(Outcome::draw(Reason::Agreement), |c| {
                    Outcome::draw(Reason::TimeoutVsInsufficientMaterial(c))
                })
        }
        None => Outcome::draw(Reason::Agreement),
    })
}

/// A PGN game read as text, before its moves are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// Every tag in order, as (name, value).
    pub tags: Vec<(String, String)>,
    /// The game, start and moves (the ply is the end).
    pub record: Record,
    /// What was odd in the text and how it was read.
    pub notes: Vec<String>,
}

/// Reads the first game of a PGN text: the game from its start with the longest legal prefix
/// of the moves. Errors only when there is no usable game (an unknown Variant, a bad FEN).
pub fn read(text: &str) -> Result<Replay, Error> {
    let parsed = parse(text)?;
    let mut replay = parsed.record.replay()?;
    // A result the board does not show was declared by the players; only for the whole
    // game (not when a bad move cut it short).
    let tag = |name: &str| {
        parsed
            .tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    if replay.problem.is_none() && replay.game.at_end() && replay.game.outcome().is_none() {
        if let Some(o) =
            tag("Result").and_then(|r| declared_of_tags(&replay.game, r, tag("Termination")))
        {
            let _ = replay.game.declare(o);
        }
    }
    let mut notes = parsed.notes;
    notes.append(&mut replay.notes);
    replay.notes = notes;
    Ok(replay)
}

/// Parses the first game of a PGN text into tags and a record; no move is checked here.
pub fn parse(text: &str) -> Result<Parsed, Error> {
    let text = text.trim_start_matches('\u{feff}');
    if text.trim().is_empty() {
        return Err(Error::new("the PGN text is empty"));
    }
    // Every character PGN gives a meaning to is ASCII, so the text is scanned as bytes and
    // cut only next to ASCII bytes.
    let b = text.as_bytes();
    let mut tags = Vec::new();
    let mut moves = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let mut depth = 0usize; // inside how many variations
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if line_start && c == b'%' {
            i = line_end(b, i);
            continue;
        }
        line_start = c == b'\n';
        match c {
            b'[' => {
                if !moves.is_empty() {
                    notes.push("only the first game of the PGN text was read".into());
                    break;
                }
                let (tag, next) = read_tag(text, i + 1);
                match tag {
                    Ok(tag) => tags.push(tag),
                    Err(e) => notes.push(e),
                }
                i = next;
            }
            b'{' => match b[i..].iter().position(|&c| c == b'}') {
                Some(j) => i += j + 1,
                None => {
                    notes.push("a comment '{' is not closed by '}'".into());
                    break;
                }
            },
            b';' => i = line_end(b, i),
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                if depth == 0 {
                    notes.push("a ')' closes no variation and was ignored".into());
                } else {
                    depth -= 1;
                }
                i += 1;
            }
            // A stray ']' and whitespace mean nothing here.
            b']' => i += 1,
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let start = i;
                i += 1;
                while i < b.len() && !b[i].is_ascii_whitespace() && !b"[]{}();".contains(&b[i]) {
                    i += 1;
                }
                let token = &text[start..i];
                if depth > 0 || token.starts_with('$') {
                    continue;
                }
                if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                    let rest = text[i..].trim_start();
                    if rest.starts_with('[') {
                        notes.push("only the first game of the PGN text was read".into());
                    } else if !rest.is_empty() {
                        notes.push(format!("the text after the result {token} was ignored"));
                    }
                    break;
                }
                if let Some(m) = move_of_token(token) {
                    moves.push(m.to_string());
                }
            }
        }
    }
    if depth > 0 {
        notes.push("a variation '(' is not closed by ')'".into());
    }
    let tag = |name: &str| {
        tags.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim().to_string())
    };
    let variant = match tag("Variant") {
        None => Variant::Orthodox,
        Some(v) => variant_of_tag(&v)?,
    };
    let start = tag("FEN").filter(|f| !f.is_empty());
    Ok(Parsed {
        record: Record {
            variant,
            start,
            moves,
            ply: None,
        },
        tags,
        notes,
    })
}

/// The game a Variant tag names: an id or a name, any case; "Standard" and "Chess" are
/// orthodox chess.
fn variant_of_tag(value: &str) -> Result<Variant, Error> {
    let v = value.trim();
    if ["standard", "chess", "orthodox chess", ""]
        .iter()
        .any(|s| v.eq_ignore_ascii_case(s))
    {
        return Ok(Variant::Orthodox);
    }
    Variant::ALL
        .into_iter()
        .find(|g| v.eq_ignore_ascii_case(g.id()) || v.eq_ignore_ascii_case(g.name()))
        .ok_or_else(|| {
            let ids: Vec<&str> = Variant::ALL.iter().map(|g| g.id()).collect();
            Error::new(format!(
                "the Variant tag names an unknown game '{}' (expected one of: {})",
                clip(v),
                ids.join(", ")
            ))
        })
}

/// The move in a movetext token: without a leading move number (`12.`, `12...`) and without
/// trailing `!`, `?`, `+` or `#`; `None` for a bare move number.
fn move_of_token(token: &str) -> Option<&str> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let mut t = token;
    if digits > 0 && token[digits..].starts_with('.') {
        t = token[digits..].trim_start_matches('.');
    }
    let t = t.trim_end_matches(['!', '?', '+', '#']);
    (!t.is_empty()).then_some(t)
}

/// Where the line holding byte `i` ends (its '\n', or the end of the text).
fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |j| i + j)
}

/// Reads `Name "value"]` from byte `i` (just after a `[`); gives the tag, or what is
/// malformed, and where reading goes on.
fn read_tag(text: &str, mut i: usize) -> (Result<(String, String), String>, usize) {
    let b = text.as_bytes();
    let start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    let name = &text[start..i];
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if name.is_empty() || b.get(i) != Some(&b'"') {
        let what = if name.is_empty() {
            String::new()
        } else {
            format!(" '{}'", clip(name))
        };
        let e = format!("a tag{what} is not written [Name \"value\"] and was ignored");
        return (Err(e), close_of_tag(b, i));
    }
    i += 1;
    let mut value = Vec::new();
    loop {
        match b.get(i) {
            Some(b'\\') => {
                value.extend(b.get(i + 1));
                i += 2;
            }
            Some(b'"') => break,
            Some(b'\n') | None => {
                let e = format!("the tag '{}' has no closing '\"'", clip(name));
                return (Err(e), i);
            }
            Some(&c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    let value = String::from_utf8_lossy(&value).into_owned();
    (Ok((name.to_string(), value)), close_of_tag(b, i + 1))
}

/// Just past the `]` that closes a tag, or at the end of its line.
fn close_of_tag(b: &[u8], i: usize) -> usize {
    let i = i.min(b.len());
    let end = line_end(b, i);
    b[i..end]
        .iter()
        .position(|&c| c == b']')
        .map_or(end, |j| i + j + 1)
}
