//! Share links: a game record in a URL fragment, and reading one back.
//!
//! The fragment is `g=<game id>&p=<start position text>&m=<move texts joined by '.'>&ply=<n>`:
//! `p` only when the start is not the standard one (percent-encoded as `encodeURIComponent`
//! would, though `/`, `:`, `@`, `*` and `~` may stay as they are), `m` only when there are
//! moves, `ply` only when the position shown is not the end of the moves. Move texts use
//! only letters, digits and `@ / : ~`, all safe in a fragment.
//!
//! When the plain form would be longer than [`PLAIN_LIMIT`], the moves are coded instead as
//! `c=<digits>`: each move is its index in the sorted list of the legal move texts of its
//! position, written in as many base64url digits (`A-Z a-z 0-9 - _`, most significant first)
//! as that position needs for its number of legal moves (one digit for up to 64 moves, two
//! for up to 4096). A reader knows the position, so it knows the width: no separators.
//!
//! ```
//! use fairyboard::{link, Game, Variant};
//! let mut game = Game::new(Variant::Orthodox, None).unwrap();
//! game.play("e2e4").unwrap();
//! game.play("e7e5").unwrap();
//! game.undo();
//! assert_eq!(link::fragment(&game), "g=orthodox&m=e2e4.e7e5&ply=1");
//! let back = link::read("#g=orthodox&m=e2e4.e7e5&ply=1").unwrap();
//! assert_eq!(back.game.ply(), 1);
//! assert_eq!(back.message(), None);
//! ```

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use crate::error::Error;
use crate::game::Game;
use crate::position::Position;
use crate::record::{Record, Replay};
use crate::variant::{clip, Variant};

/// The longest fragment written in the plain form: past it the moves are coded (`c=`), so
/// that a link with the page's address stays under 2,000 characters.
pub const PLAIN_LIMIT: usize = 1500;

/// What a position text keeps as it is in a fragment: letters, digits and `-._~/:@*`.
/// Spaces, `[`, `]`, `&`, `=`, `%`, `#` and the rest are percent-encoded.
const POSITION_ESCAPES: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/')
    .remove(b':')
    .remove(b'@')
    .remove(b'*');

/// The base64url digits of the coded form, value 0 first.
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The share fragment (without `#`) of a game: plain when it fits in [`PLAIN_LIMIT`],
/// else with coded moves.
pub fn fragment(game: &Game) -> String {
    let plain = plain_fragment(&Record::of_game(game));
    if plain.len() <= PLAIN_LIMIT {
        plain
    } else {
        coded_fragment(game)
    }
}

/// The plain fragment of a record: `g=..&p=..&m=..&ply=..`.
pub fn plain_fragment(record: &Record) -> String {
    let mut out = head(record);
    if !record.moves.is_empty() {
        out.push_str("&m=");
        out.push_str(&record.moves.join("."));
    }
    tail(record, out)
}

/// The fragment of a game with its moves coded (`c=`), whatever its length.
pub fn coded_fragment(game: &Game) -> String {
    let record = Record::of_game(game);
    let mut out = head(&record);
    if !record.moves.is_empty() {
        out.push_str("&c=");
        let mut g = Game::from_position(game.start().clone());
        for text in &record.moves {
            let legal = sorted_texts(g.position());
            let index = legal.iter().position(|t| t == text).unwrap_or(0);
            push_digits(&mut out, index, width(legal.len()));
            if g.play(text).is_err() {
                break; // cannot happen: the texts come from the game itself
            }
        }
    }
    tail(&record, out)
}

fn head(record: &Record) -> String {
    let mut out = format!("g={}", record.variant.id());
    if let Some(start) = &record.start {
        out.push_str("&p=");
        out.extend(utf8_percent_encode(start, POSITION_ESCAPES));
    }
    out
}

fn tail(record: &Record, mut out: String) -> String {
    if let Some(ply) = record.ply {
        out.push_str(&format!("&ply={ply}"));
    }
    out
}

/// The legal move texts of a position, sorted (the order the coded form counts in).
fn sorted_texts(p: &Position) -> Vec<String> {
    let mut texts: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    crate::sorting::sort_by(&mut texts, |a, b| a < b); // no two moves share a text
    texts
}

/// How many base64url digits a choice among `n` moves takes (at least one).
fn width(n: usize) -> usize {
    let mut w = 1;
    let mut reach = 64usize;
    while reach < n {
        w += 1;
        reach = reach.saturating_mul(64);
    }
    w
}

fn push_digits(out: &mut String, value: usize, width: usize) {
    for i in (0..width).rev() {
        out.push(DIGITS[(value >> (6 * i)) & 63] as char);
    }
}

fn digit_value(b: u8) -> Option<usize> {
    DIGITS.iter().position(|&d| d == b)
}

/// Reads a fragment (with or without `#`): the game from its start with the longest legal
/// prefix of the moves, the cursor on the ply asked for, and every problem noted. Errors
/// only when there is no usable game: no or an unknown game id, or a bad start position.
pub fn read(fragment: &str) -> Result<Replay, Error> {
    let text = fragment.trim();
    let text = text.strip_prefix('#').unwrap_or(text);
    let mut notes = Vec::new();
    let mut fields: [Option<String>; 5] = Default::default();
    const KEYS: [&str; 5] = ["g", "p", "m", "c", "ply"];
    for part in text.split('&').filter(|p| !p.is_empty()) {
        let Some((key, value)) = part.split_once('=') else {
            notes.push(format!(
                "'{}' in the link is not a field (name=value) and was ignored",
                clip(part)
            ));
            continue;
        };
        let Some(slot) = KEYS.iter().position(|k| *k == key) else {
            notes.push(format!(
                "the link's field '{}' is unknown and was ignored",
                clip(key)
            ));
            continue;
        };
        let value = match decode(value) {
            Ok(v) => v,
            Err(e) => {
                notes.push(format!("the link's field '{key}' {e} and was ignored"));
                continue;
            }
        };
        if fields[slot].is_some() {
            notes.push(format!(
                "the link has field '{key}' twice; the first one was used"
            ));
        } else {
            fields[slot] = Some(value);
        }
    }
    let [game, start, moves, coded, ply] = fields;
    let Some(game) = game else {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        return Err(Error::new(if text.is_empty() {
            "the link is empty: it names no game".to_string()
        } else {
            format!(
                "the link names no game: it needs g=<game> ({}), e.g. #g=orthodox",
                ids.join(", ")
            )
        }));
    };
    let variant = Variant::from_id(game.trim())
        .map_err(|e| Error::new(format!("the link's game: {}", e.message())))?;
    let mut replay = Replay::start(variant, start.as_deref())?;
    replay.notes = notes;
    match (moves, coded) {
        (Some(moves), coded) => {
            if coded.is_some() {
                replay
                    .notes
                    .push("the link has both m= and c=; the moves of m= were used".into());
            }
            for text in moves.split('.').filter(|t| !t.is_empty()) {
                replay.play_text(text);
            }
        }
        (None, Some(coded)) => play_coded(&mut replay, &coded),
        (None, None) => {}
    }
    let ply = match ply.as_deref().map(str::trim) {
        None => None,
        Some(t) => match t.parse::<usize>() {
            Ok(n) if t.bytes().all(|b| b.is_ascii_digit()) => Some(n),
            _ => {
                replay.notes.push(format!(
                    "the link's ply '{}' is not a whole number, so the last position is shown",
                    clip(t)
                ));
                None
            }
        },
    };
    replay.finish(ply);
    Ok(replay)
}

/// Percent-decodes a field value (`+` is read as a space, as in form-encoded text).
fn decode(value: &str) -> Result<String, String> {
    let spaced = value.replace('+', " ");
    percent_decode_str(&spaced)
        .decode_utf8()
        .map(|v| v.into_owned())
        .map_err(|_| "is not valid percent-encoded UTF-8".to_string())
}

/// Plays coded moves (`c=`) until the digits end or one does not name a legal move.
fn play_coded(replay: &mut Replay, coded: &str) {
    let bytes = coded.trim().as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if replay.problem.is_some() {
            // Without the position the width of the rest is unknown: count what remains as
            // one move, so the message says that more was there.
            replay.total += 1;
            break;
        }
        let legal = sorted_texts(replay.game.position());
        let w = width(legal.len());
        let chunk = &bytes[at..bytes.len().min(at + w)];
        at += w;
        let mut value = 0usize;
        let mut bad = chunk.len() < w;
        for &b in chunk {
            match digit_value(b) {
                Some(d) => value = value * 64 + d,
                None => bad = true,
            }
        }
        let label = format!("coded '{}'", String::from_utf8_lossy(chunk));
        replay.total += 1;
        let result = if bad {
            Err(Error::new(format!(
                "this position needs {w} base64url digit{} (A-Z a-z 0-9 - _)",
                if w == 1 { "" } else { "s" }
            )))
        } else if let Some(text) = legal.get(value) {
            replay.game.play(text).map(|_| ())
        } else if legal.is_empty() || replay.game.outcome().is_some() {
            Err(Error::new("the game is over"))
        } else {
            Err(Error::new(format!(
                "it names move {} but the position has only {} legal moves",
                value + 1,
                legal.len()
            )))
        };
        replay.settle(&label, result);
    }
}
