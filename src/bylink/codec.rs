//! A game by link to and from the text of a link's fragment (`docs/links.md`, "A game by
//! link"): `bl=1&id=..&g=..&p=..&w=..&b=..&i=..&tc=..&t=..&e=..&s=..&k=..`.
//!
//! Each event (`e=`) is one choice among the legal move texts of its position, sorted, and
//! then the 16 actions ([`Action::ALL`], White's then Black's for each), in as many
//! base64url digits as that number of choices needs (as share links code moves). Each time
//! (`s=`) is the minutes since the event before (the first: since `t=`), in base64url
//! digits of five bits each, most significant first, every digit but the last with 32 added.
//! `k=` is the CRC-32 of everything before `&k=`, in 8 lowercase hex digits.

use percent_encoding::utf8_percent_encode;

use super::check::crc32;
use super::{Action, Event, EventKind, GameId, Header, LinkGame, MAX_TIME, VERSION};
use crate::error::clip;
use crate::error::Error;
use crate::games::Variant;
use crate::link::{
    decode, digit_value, encode_text, push_digits, sorted_texts, width, POSITION_ESCAPES,
};
use crate::piece::Color;

/// The longest text read as a link (a 60-move game's is well under 2,000 characters).
pub const TEXT_LIMIT: usize = 20_000;

/// How many choices besides the moves each event has: every action, by either side.
const ACTIONS: usize = 2 * Action::ALL.len();

/// The most digits a time takes (8 five-bit groups: up to [`MAX_TIME`]).
const TIME_DIGITS: usize = 8;

/// The fields in the order they are written; a reader takes them in any order, `k` last.
const KEYS: [&str; 11] = ["bl", "id", "g", "p", "w", "b", "i", "tc", "t", "e", "s"];

/// An event's choice among the sorted legal move texts `legal` of its position and the
/// actions, and the number of digits it takes.
pub(crate) fn code(legal: &[String], event: &Event) -> (usize, usize) {
    let value = match &event.kind {
        // A move of the record was legal where it was played, by its text as written here.
        EventKind::Move(text) => legal.iter().position(|t| t == text).unwrap_or(0),
        EventKind::Action(a) => legal.len() + 2 * a.index() + event.side.index(),
    };
    (value, width(legal.len() + ACTIONS))
}

impl LinkGame {
    /// The link's fragment (without `#`): the whole record, with a check at the end.
    pub fn fragment(&self) -> String {
        let h = &self.header;
        let mut out = format!("bl={VERSION}&id={}&g={}", h.id.text(), h.variant.id());
        if let Some(start) = &h.start {
            out.push_str("&p=");
            out.extend(utf8_percent_encode(start, POSITION_ESCAPES));
        }
        for (key, name) in [("w", &h.white), ("b", &h.black)] {
            if !name.is_empty() {
                out.push_str(&format!("&{key}={}", encode_text(name)));
            }
        }
        out.push_str(&format!("&i={}", h.inviter.letter()));
        if let Some(days) = h.days {
            out.push_str(&format!("&tc={days}"));
        }
        out.push_str(&format!("&t={}", h.created));
        if !self.events.is_empty() {
            let (events, times) = self.coded_events();
            out.push_str("&e=");
            out.push_str(&events);
            out.push_str("&s=");
            out.push_str(&times);
        }
        let check = crc32(out.as_bytes());
        out.push_str(&format!("&k={check:08x}"));
        out
    }

    /// The events coded (`e=`) and their times (`s=`).
    fn coded_events(&self) -> (String, String) {
        let (mut events, mut times) = (String::new(), String::new());
        let mut last = self.header.created;
        for (event, &(value, width)) in self.events.iter().zip(&self.codes) {
            push_digits(&mut events, value, width);
            push_time(&mut times, event.at - last);
            last = event.at;
        }
        (events, times)
    }

    /// Reads a link's fragment (with or without `#`, or a whole address): the record, every
    /// event checked by the rules. Errors name what is wrong: not a game by link, cut short
    /// or damaged (the check fails), a newer format, a field missing, unknown, doubled or
    /// malformed, or an event that is not legal where it comes (by its number).
    pub fn read(text: &str) -> Result<LinkGame, Error> {
        let text = text.trim();
        let text = text.split_once('#').map_or(text, |(_, fragment)| fragment);
        if text.is_empty() {
            return Err(Error::new("the link is empty"));
        }
        if text.len() > TEXT_LIMIT {
            return Err(Error::new(format!(
                "the link has {} characters; a game by link has at most {TEXT_LIMIT}",
                text.len()
            )));
        }
        if !text.starts_with("bl=") {
            return Err(Error::new(format!(
                "'{}' is not a game by link (whose text starts with bl=)",
                clip(text)
            )));
        }
        let body = checked_body(text)?;
        let fields = fields(body)?;
        let get = |key: &str| fields[KEYS.iter().position(|k| *k == key).unwrap_or(0)];
        let version = get("bl").unwrap_or("");
        if version != VERSION.to_string() {
            return Err(Error::new(
                if version.bytes().all(|b| b.is_ascii_digit()) && !version.is_empty() {
                    format!(
                        "the link is a game by link of format {}; this page reads format \
                         {VERSION} (a newer fairyboard writes it)",
                        clip(version)
                    )
                } else {
                    format!("the link's format bl='{}' is not a number", clip(version))
                },
            ));
        }
        let need = |key: &str, what: &str| {
            get(key).ok_or_else(|| Error::new(format!("the link has no {key}= ({what})")))
        };
        let id = GameId::from_text(need("id", "the game's id")?)
            .map_err(|e| Error::new(format!("the link's id: {}", e.message())))?;
        let variant = Variant::from_id(need("g", "the game")?)
            .map_err(|e| Error::new(format!("the link's game: {}", e.message())))?;
        let inviter = match need("i", "the side of the player who invited")? {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(Error::new(format!(
                    "the link's i='{}' is not a side (w or b)",
                    clip(other)
                )))
            }
        };
        let text_field = |key: &str| {
            get(key).map_or(Ok(String::new()), |v| {
                decode(v).map_err(|e| Error::new(format!("the link's {key}= {e}")))
            })
        };
        let days = match get("tc") {
            None => None,
            Some(v) => Some(
                number(v, 5)
                    .and_then(|d| u16::try_from(d).ok())
                    .ok_or_else(|| {
                        Error::new(format!(
                            "the link's time per move tc='{}' is not a number of days",
                            clip(v)
                        ))
                    })?,
            ),
        };
        let t = need("t", "when the game was made")?;
        let created = number(t, 13).ok_or_else(|| {
            Error::new(format!(
                "the link's time t='{}' is not a number of minutes",
                clip(t)
            ))
        })?;
        let header = Header {
            id,
            variant,
            start: get("p").map(|_| text_field("p")).transpose()?,
            white: text_field("w")?,
            black: text_field("b")?,
            inviter,
            days,
            created,
        };
        let mut game =
            LinkGame::new(header).map_err(|e| Error::new(format!("the link: {}", e.message())))?;
        match (get("e"), get("s")) {
            (None, None) => {}
            (Some(events), Some(times)) => read_events(&mut game, events, times)?,
            (Some(_), None) => {
                return Err(Error::new("the link has events (e=) but no times (s=)"))
            }
            (None, Some(_)) => {
                return Err(Error::new("the link has times (s=) but no events (e=)"))
            }
        }
        Ok(game)
    }
}

/// The text before `&k=`, once its check matches.
fn checked_body(text: &str) -> Result<&str, Error> {
    let Some((body, check)) = text.rsplit_once("&k=") else {
        return Err(Error::new(
            "the link is cut short: its check (k=, the last field) is missing",
        ));
    };
    let bad_digits = check.len() != 8
        || !check
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if bad_digits {
        return Err(Error::new(format!(
            "the link is cut short or damaged: its check k='{}' is not 8 hex digits",
            clip(check)
        )));
    }
    if u32::from_str_radix(check, 16).ok() != Some(crc32(body.as_bytes())) {
        return Err(Error::new(
            "the link is damaged: its check (k=) does not match its text, so a character was changed, added or lost on the way",
        ));
    }
    Ok(body)
}

/// The fields of the text before `&k=`, by [`KEYS`]: each once, none unknown.
fn fields(body: &str) -> Result<Vec<Option<&str>>, Error> {
    let mut fields = vec![None; KEYS.len()];
    for part in body.split('&') {
        let Some((key, value)) = part.split_once('=') else {
            return Err(Error::new(format!(
                "'{}' in the link is not a field (name=value)",
                clip(part)
            )));
        };
        let Some(slot) = KEYS.iter().position(|k| *k == key) else {
            return Err(Error::new(format!(
                "the link's field '{}' is not one of a game by link",
                clip(key)
            )));
        };
        if fields[slot].replace(value).is_some() {
            return Err(Error::new(format!("the link has the field {key}= twice")));
        }
    }
    Ok(fields)
}

/// A whole number of at most `digits` decimal digits.
fn number(text: &str, digits: usize) -> Option<u64> {
    let ok = !text.is_empty() && text.len() <= digits && text.bytes().all(|b| b.is_ascii_digit());
    ok.then(|| text.parse().ok()).flatten()
}

/// Writes a time in five-bit base64url digits, most significant first, every digit but the
/// last with 32 added.
fn push_time(out: &mut String, minutes: u64) {
    let mut groups = vec![minutes & 31];
    let mut rest = minutes >> 5;
    while rest > 0 {
        groups.push(rest & 31);
        rest >>= 5;
    }
    for (i, group) in groups.iter().rev().enumerate() {
        let more = if i + 1 < groups.len() { 32 } else { 0 };
        push_digits(out, (group + more) as usize, 1);
    }
}

/// The times of `s=`, each the minutes since the event before.
fn read_times(text: &str) -> Result<Vec<u64>, Error> {
    let mut times = Vec::new();
    let (mut value, mut digits) = (0u64, 0);
    for (at, b) in text.bytes().enumerate() {
        let d = digit_value(b).ok_or_else(|| {
            Error::new(format!(
                "the link's times (s=) have '{}' at {}, not a base64url digit",
                clip(&String::from_utf8_lossy(&[b])),
                at + 1
            ))
        })? as u64;
        value = (value << 5) | (d & 31);
        digits += 1;
        if digits > TIME_DIGITS {
            return Err(Error::new(format!(
                "the link's time {} (s=) is longer than {TIME_DIGITS} digits",
                times.len() + 1
            )));
        }
        if d < 32 {
            times.push(value);
            (value, digits) = (0, 0);
        }
    }
    if digits > 0 {
        return Err(Error::new(format!(
            "the link's times (s=) end in the middle of time {}",
            times.len() + 1
        )));
    }
    Ok(times)
}

/// `n` and the noun, in the plural but for one.
fn plural(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// Plays the events of `e=` with the times of `s=` into `game`, each checked by the rules.
fn read_events(game: &mut LinkGame, events: &str, times: &str) -> Result<(), Error> {
    let times = read_times(times)?;
    let bytes = events.as_bytes();
    let mut at = 0;
    let mut k = 0;
    while at < bytes.len() {
        let legal = sorted_texts(game.play.game.position());
        let choices = legal.len() + ACTIONS;
        let w = width(choices);
        let n = k + 1;
        let Some(chunk) = bytes.get(at..at + w) else {
            return Err(Error::new(format!(
                "the link's events (e=) end in the middle of event {n} (it takes {w} digits)"
            )));
        };
        at += w;
        let mut value = 0usize;
        for &b in chunk {
            let d = digit_value(b).ok_or_else(|| {
                Error::new(format!(
                    "the link's event {n} (e=) has '{}', not a base64url digit",
                    clip(&String::from_utf8_lossy(chunk))
                ))
            })?;
            value = value * 64 + d;
        }
        let side_to_move = game.side_to_move();
        let (side, kind) = if let Some(text) = legal.get(value) {
            (side_to_move, EventKind::Move(text.clone()))
        } else if let Some(a) = Action::ALL.get((value - legal.len()) / 2) {
            let side = Color::ALL[(value - legal.len()) % 2];
            (side, EventKind::Action(*a))
        } else {
            return Err(Error::new(format!(
                "the link's event {n} is choice {} of {choices} ({} legal moves and {ACTIONS} actions)",
                value + 1,
                legal.len()
            )));
        };
        let Some(&minutes) = times.get(k) else {
            return Err(Error::new(format!(
                "the link has more events (e=) than times (s=): event {n} has no time"
            )));
        };
        let time = game
            .last_time()
            .checked_add(minutes)
            .filter(|&t| t <= MAX_TIME)
            .ok_or_else(|| {
                Error::new(format!(
                    "the link's time of event {n} is past the latest a record holds"
                ))
            })?;
        let words = match &kind {
            EventKind::Move(text) => format!("{}'s move {text}", side.name()),
            EventKind::Action(a) => format!("{} {}", side.name(), a.words()),
        };
        game.push_among(
            Event {
                side,
                kind,
                at: time,
            },
            &legal,
        )
        .map_err(|e| {
            Error::new(format!(
                "the link's event {n} ({words}) cannot come there: {}",
                e.message()
            ))
        })?;
        k += 1;
    }
    if times.len() != k {
        return Err(Error::new(format!(
            "the link has {} for {} (e=)",
            plural(times.len(), "time") + " (s=)",
            plural(k, "event")
        )));
    }
    Ok(())
}
