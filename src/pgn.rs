//! Game records in PGN: the seven standard tags, `[Variant "<game id>"]`, and when the start
//! is not the standard one `[SetUp "1"]` and `[FEN "<position text>"]`; the movetext holds
//! move numbers and our own move text (`1. e2e4 e7e5 2. g1f3`), then the result.
//!
//! Reading tolerates what other PGN writers put in: comments (`{...}` and `;` to the end of
//! the line), NAGs (`$1`), variations (`(...)`, skipped), move numbers with `...`, `!`/`?`
//! annotations and `+`/`#` marks after a move, `%` escape lines, and a missing Variant tag
//! (orthodox chess). Only the first game of a file is read.
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
use crate::record::{Record, Replay};
use crate::variant::{clip, Variant};

/// Writes a game as PGN. `tags` (name, value) replace the defaults or add tags: e.g.
/// `("Date", "2026.11.23")`. The moves are the whole line (moves that redo would play
/// included); the result is the outcome at its end, or `*`.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    let record = Record::of_game(game);
    let mut end = game.clone();
    let _ = end.go_to(record.moves.len());
    let result = end.outcome().map_or("*", |o| o.result());
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
    for (name, value) in tags {
        // Result, Variant and the start follow from the game itself.
        if ["Result", "Variant", "SetUp", "FEN"].contains(name) {
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
    let mut white = start.side() == crate::piece::Color::White;
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
    let mut tags = Vec::new();
    let mut moves = Vec::new();
    let mut notes = Vec::new();
    let mut depth = 0usize; // inside how many variations
    let mut chars = text.char_indices().peekable();
    let mut line_start = true;
    while let Some(&(i, c)) = chars.peek() {
        if line_start && c == '%' {
            skip_line(&mut chars);
            continue;
        }
        line_start = false;
        match c {
            '\n' => {
                chars.next();
                line_start = true;
            }
            c if c.is_whitespace() => {
                chars.next();
            }
            '[' => {
                if !moves.is_empty() {
                    notes.push("only the first game of the PGN text was read".to_string());
                    break;
                }
                chars.next();
                match read_tag(&mut chars) {
                    Ok(tag) => tags.push(tag),
                    Err(e) => notes.push(e),
                }
            }
            '{' => {
                chars.next();
                if !chars.any(|(_, c)| c == '}') {
                    notes.push("a comment '{' is not closed by '}'".to_string());
                }
            }
            ';' => skip_line(&mut chars),
            '(' => {
                chars.next();
                depth += 1;
            }
            ')' => {
                chars.next();
                if depth == 0 {
                    notes.push("a ')' closes no variation and was ignored".to_string());
                } else {
                    depth -= 1;
                }
            }
            _ => {
                let mut end = text.len();
                while let Some(&(j, c)) = chars.peek() {
                    if c.is_whitespace() || "[]{}();".contains(c) && j > i {
                        end = j;
                        break;
                    }
                    chars.next();
                }
                let token = &text[i..end];
                if depth > 0 {
                    continue;
                }
                match token {
                    "1-0" | "0-1" | "1/2-1/2" | "*" => {
                        if chars.clone().any(|(_, c)| !c.is_whitespace()) {
                            let rest = &text[end..];
                            if rest.trim_start().starts_with('[') {
                                notes.push(
                                    "only the first game of the PGN text was read".to_string(),
                                );
                            } else {
                                notes
                                    .push(format!("the text after the result {token} was ignored"));
                            }
                        }
                        break;
                    }
                    t if t.starts_with('$') => {}
                    t => {
                        if let Some(m) = move_of_token(t) {
                            moves.push(m.to_string());
                        }
                    }
                }
            }
        }
    }
    if depth > 0 {
        notes.push("a variation '(' is not closed by ')'".to_string());
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

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

fn skip_line(chars: &mut Chars) {
    for (_, c) in chars.by_ref() {
        if c == '\n' {
            break;
        }
    }
}

/// Reads `Name "value"]` after a `[`; the error says what is malformed.
fn read_tag(chars: &mut Chars) -> Result<(String, String), String> {
    let mut name = String::new();
    while let Some(&(_, c)) = chars.peek() {
        if c.is_alphanumeric() || c == '_' {
            name.push(c);
            chars.next();
        } else {
            break;
        }
    }
    while chars.peek().is_some_and(|&(_, c)| c == ' ' || c == '\t') {
        chars.next();
    }
    if name.is_empty() || chars.next().map(|(_, c)| c) != Some('"') {
        skip_to(chars, ']');
        return Err(format!(
            "a tag{} is not written [Name \"value\"] and was ignored",
            if name.is_empty() {
                String::new()
            } else {
                format!(" '{}'", clip(&name))
            }
        ));
    }
    let mut value = String::new();
    loop {
        match chars.next().map(|(_, c)| c) {
            Some('\\') => {
                if let Some((_, c)) = chars.next() {
                    value.push(c);
                }
            }
            Some('"') => break,
            Some('\n') | None => {
                return Err(format!("the tag '{}' has no closing '\"'", clip(&name)));
            }
            Some(c) => value.push(c),
        }
    }
    skip_to(chars, ']');
    Ok((name, value))
}

fn skip_to(chars: &mut Chars, end: char) {
    for (_, c) in chars.by_ref() {
        if c == end || c == '\n' {
            break;
        }
    }
}
