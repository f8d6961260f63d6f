//! Share links: a game (its moves as a tree, with comments and NAGs, its record's tags and
//! how it ended) in a URL fragment, and reading one back.
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
//! ## Variations, comments and the line shown
//!
//! A game is a tree ([`crate::tree`]). `m=` (or `c=`) is its *main line* (first moves
//! throughout), so a reader that knows only the fields above still gets the main line. Four
//! more fields carry the rest, each only when needed:
//!
//! - `v=` the variations, PGN-like: for each move of the main line that has alternatives, its
//!   index in the main line (0 = the first move) and then each alternative line in
//!   brackets. Inside a line, moves are joined by `.` and a bracketed line right after a move
//!   is an alternative to that move, to any depth: `v=1(c7c5.g1f3(b1c3).d7d6)(e7e6)` gives
//!   Black's second main move two alternatives, the first with an alternative of its own at
//!   its second move. With `c=` the moves of `v=` are coded the same way (no `.`: the widths
//!   are known).
//! - `n=` the comments: `<k>:<text>` joined by `.`, where `k` numbers the nodes as a reader
//!   makes them (0 the start, whose comment is on the game; then the main line's moves
//!   1, 2, ...; then the moves of `v=` in the order they are written) and the text is
//!   percent-encoded, everything but letters, digits, `-` and `_`, a space as `+`:
//!   `n=0:Casual+game.3:Why%20not%3F`.
//! - `a=` the moves' NAGs (PGN's annotations, 1 `!` to 255): `<k>:<nag>,<nag>` joined by `.`,
//!   `k` numbered as for `n=`: `a=1:1.4:2,14`.
//! - `at=<k>` the end of the line shown when it is not the main line (`k` numbered as for
//!   `n=`); `ply` then counts along that line.
//!
//! ## The record: tags and how the game ended
//!
//! A game's record tags ([`crate::Game::tags`]) and an end the players declared come after
//! the tree, each field only when needed, their texts percent-encoded as `n=`'s are:
//!
//! - `ev=` Event, `si=` Site, `d=` Date, `r=` Round, `w=` White, `b=` Black: the roster's
//!   tags the game has, in the roster's order: `w=Kasparov%2C+Garry`.
//! - `t=` every other tag: `<Name>:<value>` items joined by `.`, in the game's order:
//!   `t=ECO:B06.WhiteElo:2812`. A `Termination` is written only while it fits the game's
//!   result (as [`crate::pgn::write`] writes it).
//! - `e=` how the players ended the main line ([`crate::Game::declare`]): `rw` or `rb` White
//!   or Black resigned, `a` a draw by agreement, `fw` or `fb` White's or Black's flag fell (a
//!   loss on time, or a draw when the other side cannot win: the position decides, as when
//!   the flag fell). Read back, the end is declared again at the end of the main line; one
//!   that no longer applies there (the position is already over) is left out with a note.
//!
//! `(`, `)`, `.` and `:` are all allowed in a fragment unencoded. A bad move in a variation
//! leaves out the rest of that variation (and the variations inside it) with a note; the main
//! line, other variations and comments are still read.
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
//!
//! game.play("c7c5").unwrap(); // a variation: Black's first move has two choices now
//! game.set_comment(game.current_node(), "Sicilian").unwrap();
//! assert_eq!(link::fragment(&game), "g=orthodox&m=e2e4.e7e5&v=1(c7c5)&n=3:Sicilian&at=3");
//! let back = link::read("g=orthodox&m=e2e4.e7e5&v=1(c7c5)&n=3:Sicilian&at=3").unwrap();
//! assert_eq!(back.game.line_texts(), ["e2e4", "c7c5"]);
//! assert_eq!(back.game.comment(back.game.current_node()).unwrap(), "Sicilian");
//!
//! let mut game = Game::new(Variant::Orthodox, None).unwrap();
//! game.play("e2e4").unwrap();
//! game.set_tag("White", "Ann Lee").unwrap();
//! game.set_tag("ECO", "B00").unwrap();
//! game.resign(fairyboard::Color::Black).unwrap();
//! assert_eq!(link::fragment(&game), "g=orthodox&m=e2e4&w=Ann+Lee&t=ECO:B00&e=rb");
//! let back = link::read("g=orthodox&m=e2e4&w=Ann+Lee&t=ECO:B00&e=rb").unwrap();
//! assert_eq!(back.game.tags(), game.tags());
//! assert_eq!(back.game.outcome().unwrap().text(), "White wins by resignation");
//! ```

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use crate::error::clip;
use crate::error::Error;
use crate::game::Game;
use crate::games::Variant;
use crate::moves::Move;
use crate::position::Position;
use crate::record::{Record, Replay};
use crate::tree::{NodeId, Tree};

mod fields;
mod variations;

/// The longest fragment written in the plain form: past it the moves are coded (`c=`), so
/// that a link with the page's address stays under 2,000 characters.
pub const PLAIN_LIMIT: usize = 1500;

/// What a position text keeps as it is in a fragment: letters, digits and `-._~/:@*`.
/// Spaces, `[`, `]`, `&`, `=`, `%`, `#` and the rest are percent-encoded.
pub(crate) const POSITION_ESCAPES: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/')
    .remove(b':')
    .remove(b'@')
    .remove(b'*');

/// What a text (a comment, a tag's value) keeps as it is: letters, digits, `-` and `_`.
/// Everything else is percent-encoded (a space as `+`), so `.` and `:` can separate items.
const TEXT_ESCAPES: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_');

/// A text percent-encoded for a field: everything but letters, digits, `-` and `_`, a space
/// as `+`. ([`decode`] reads it back.)
pub(crate) fn encode_text(text: &str) -> String {
    // A '%' of the text is encoded itself, so "%20" can only be a space.
    utf8_percent_encode(text, TEXT_ESCAPES)
        .to_string()
        .replace("%20", "+")
}

/// The base64url digits of the coded form, value 0 first.
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The share fragment (without `#`) of a game with its variations, comments and the line
/// shown: plain when it fits in [`PLAIN_LIMIT`], else with coded moves.
pub fn fragment(game: &Game) -> String {
    let plain = write(game, false);
    if plain.len() <= PLAIN_LIMIT {
        plain
    } else {
        coded_fragment(game)
    }
}

/// The plain fragment of a record (one line, no variations): `g=..&p=..&m=..&ply=..`.
pub fn plain_fragment(record: &Record) -> String {
    let mut out = head(record.variant, record.start.as_deref());
    if !record.moves.is_empty() {
        out.push_str("&m=");
        out.push_str(&record.moves.join("."));
    }
    if let Some(ply) = record.ply {
        out.push_str(&format!("&ply={ply}"));
    }
    out
}

/// The fragment of a game with its moves coded (`c=`, and `v=` in the same digits),
/// whatever its length.
pub fn coded_fragment(game: &Game) -> String {
    write(game, true)
}

/// The fragment of a game: `g`, `p`, the main line (`m` or `c`), `v`, `n`, `at`, `ply`.
fn write(game: &Game, coded: bool) -> String {
    let tree = variations::write(game, coded);
    // The start is written only when it is not the game's standard one.
    let standard = Position::start(game.variant()).ok();
    let start = (standard.as_ref() != Some(game.start())).then(|| game.start().to_text());
    let mut out = head(game.variant(), start.as_deref());
    if !tree.moves.is_empty() {
        out.push_str(if coded { "&c=" } else { "&m=" });
        out.push_str(&tree.moves);
    }
    if !tree.variations.is_empty() {
        out.push_str("&v=");
        out.push_str(&tree.variations);
    }
    if !tree.comments.is_empty() {
        out.push_str("&n=");
        out.push_str(&tree.comments);
    }
    if !tree.nags.is_empty() {
        out.push_str("&a=");
        out.push_str(&tree.nags);
    }
    fields::write(game, &mut out);
    if let Some(at) = tree.at {
        out.push_str(&format!("&at={at}"));
    }
    if !game.at_end() {
        out.push_str(&format!("&ply={}", game.ply()));
    }
    out
}

fn head(variant: Variant, start: Option<&str>) -> String {
    let mut out = format!("g={}", variant.id());
    if let Some(start) = start {
        out.push_str("&p=");
        out.extend(utf8_percent_encode(start, POSITION_ESCAPES));
    }
    out
}

/// The legal move texts of a position, sorted (the order the coded form counts in).
pub(crate) fn sorted_texts(p: &Position) -> Vec<String> {
    let mut texts: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    crate::sorting::sort_by(&mut texts, |a, b| a < b); // no two moves share a text
    texts
}

/// The move at index `n` of `legal` (every legal move of `p`) sorted by text (the coded
/// form's `n`), if there is one: found without sorting them (a link of a game of 12,000
/// plies is read a move at a time, 50 to 150 moves each).
fn coded_move_at(p: &Position, legal: &[Move], n: usize) -> Option<Move> {
    if n >= legal.len() {
        return None;
    }
    let texts: Vec<String> = legal.iter().map(|m| p.move_text(m)).collect();
    // Each text's first eight bytes as a number, big-endian and padded with zeros, orders
    // texts as the texts do (no text holds a zero byte): most comparisons are of numbers.
    let prefix = |t: &str| {
        let mut b = [0u8; 8];
        let k = t.len().min(8);
        b[..k].copy_from_slice(&t.as_bytes()[..k]);
        u64::from_be_bytes(b)
    };
    let keys: Vec<u64> = texts.iter().map(|t| prefix(t)).collect();
    let less = |a: usize, b: usize| (keys[a], &texts[a]) < (keys[b], &texts[b]);
    // Quickselect on indices: the range [lo, hi) holds the `n`-th, the middle as the pivot.
    let mut order: Vec<usize> = (0..legal.len()).collect();
    let (mut lo, mut hi) = (0, order.len());
    let found = loop {
        if hi - lo <= 1 {
            break order[lo];
        }
        order.swap(lo + (hi - lo) / 2, hi - 1);
        let pivot = order[hi - 1];
        let mut store = lo;
        for i in lo..hi - 1 {
            if less(order[i], pivot) {
                order.swap(i, store);
                store += 1;
            }
        }
        order.swap(store, hi - 1);
        match n.cmp(&store) {
            std::cmp::Ordering::Equal => break order[store],
            std::cmp::Ordering::Less => hi = store,
            std::cmp::Ordering::Greater => lo = store + 1,
        }
    };
    Some(legal[found])
}

/// Node `id`'s move in the coded form: its index among its position's legal moves sorted by
/// text, and how many there are; counted once and kept on the node (the page writes the link
/// of a game of 12,000 plies at every step).
fn code_of(tree: &Tree, id: NodeId) -> (usize, usize) {
    let n = tree.node(id);
    let (index, count) = *n.code.get_or_init(|| {
        let (Some(parent), Some(m)) = (n.parent, n.mv) else {
            return (0, 0);
        };
        let before = &tree.node(parent).position;
        let text = before.move_text(&m);
        let legal = before.legal_moves();
        // The index is how many texts sort before this one: no sort needed.
        let index = legal.iter().filter(|o| before.move_text(o) < text).count();
        (index as u16, legal.len() as u16)
    });
    (usize::from(index), usize::from(count))
}

/// How many base64url digits a choice among `n` moves takes (at least one).
pub(crate) fn width(n: usize) -> usize {
    let mut w = 1;
    let mut reach = 64usize;
    while reach < n {
        w += 1;
        reach = reach.saturating_mul(64);
    }
    w
}

pub(crate) fn push_digits(out: &mut String, value: usize, width: usize) {
    for i in (0..width).rev() {
        out.push(DIGITS[(value >> (6 * i)) & 63] as char);
    }
}

pub(crate) fn digit_value(b: u8) -> Option<usize> {
    DIGITS.iter().position(|&d| d == b)
}

/// Reads a fragment (with or without `#`): the game from its start with the longest legal
/// prefix of the moves, the cursor on the ply asked for, and every problem noted. Errors
/// only when there is no usable game: no or an unknown game id, or a bad start position.
pub fn read(fragment: &str) -> Result<Replay, Error> {
    let text = fragment.trim();
    let text = text.strip_prefix('#').unwrap_or(text);
    let mut notes = Vec::new();
    // The tree's fields, then the record's (`fields::FIELDS`).
    let mut fields: [Option<String>; 17] = Default::default();
    const KEYS: [&str; 9] = ["g", "p", "m", "c", "ply", "v", "n", "at", "a"];
    for part in text.split('&').filter(|p| !p.is_empty()) {
        let Some((key, value)) = part.split_once('=') else {
            notes.push(format!(
                "'{}' in the link is not a field (name=value) and was ignored",
                clip(part)
            ));
            continue;
        };
        let Some(slot) = KEYS.iter().chain(&fields::FIELDS).position(|k| *k == key) else {
            notes.push(format!(
                "the link's field '{}' is unknown and was ignored",
                clip(key)
            ));
            continue;
        };
        // Comments and tags are split before they are decoded: their texts may hold the
        // separators.
        let value = match if key == "n" || key == "t" {
            Ok(value.to_string())
        } else {
            decode(value)
        } {
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
    let [game, start, moves, coded, ply, tree, comments, at, nags, record @ ..] = fields;
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
    let coded_main = moves.is_none() && coded.is_some();
    let has_main = moves.is_some() || coded.is_some();
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
    let numbers = match tree {
        Some(v) if has_main => variations::read(&mut replay, &v, coded_main),
        Some(_) => {
            replay.notes.push(
                "the link's variations (v=) have no main line (m= or c=) and were left out".into(),
            );
            replay.game.main_line()
        }
        None => replay.game.main_line(),
    };
    if let Some(n) = comments {
        variations::read_comments(&mut replay, &n, &numbers);
    }
    if let Some(a) = nags {
        variations::read_nags(&mut replay, &a, &numbers);
    }
    fields::read(&mut replay, &record);
    let ply = number_field(&mut replay, "ply", ply.as_deref());
    // The line shown: the main line, or the line ending at the node `at` names.
    let end = number_field(&mut replay, "at", at.as_deref());
    let mut main = true;
    if let Some(k) = end {
        match numbers.get(k) {
            Some(&node) => {
                let _ = replay.game.go_to_node(node);
                main = false;
            }
            None => replay.notes.push(format!(
                "the link's line end at={k} names no move that could be played, so the main line is shown"
            )),
        }
    }
    if let Some(last) = replay.game.main_line().last().filter(|_| main) {
        let _ = replay.game.go_to_node(*last);
    }
    if main {
        replay.finish(ply);
    } else if let Some(p) = ply {
        if replay.game.go_to(p).is_err() {
            replay.notes.push(format!(
                "ply {p} was asked for but the line shown has only {}, so its last position is shown",
                crate::record::plies(replay.game.ply())
            ));
        }
    }
    Ok(replay)
}

/// A whole-number field (`ply`, `at`); anything else is noted and read as absent.
fn number_field(replay: &mut Replay, key: &str, value: Option<&str>) -> Option<usize> {
    let t = value?.trim();
    match t.parse::<usize>() {
        Ok(n) if t.bytes().all(|b| b.is_ascii_digit()) => Some(n),
        _ => {
            replay.notes.push(format!(
                "the link's {key} '{}' is not a whole number, so {}",
                clip(t),
                if key == "ply" {
                    "the last position is shown"
                } else {
                    "it was ignored"
                }
            ));
            None
        }
    }
}

/// Percent-decodes a field value (`+` is read as a space, as in form-encoded text).
pub(crate) fn decode(value: &str) -> Result<String, String> {
    let spaced = value.replace('+', " ");
    percent_decode_str(&spaced)
        .decode_utf8()
        .map(|v| v.into_owned())
        .map_err(|_| "is not valid percent-encoded UTF-8".to_string())
}

/// Plays coded moves (`c=`) until the digits end or one does not name a legal move.
#[inline(never)] // cold: one shared copy in the wasm
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
        let legal = replay.game.position().legal_moves();
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
        } else if let Some(m) = coded_move_at(replay.game.position(), &legal, value) {
            // The move found, played as it is (not read again from its text); its code kept,
            // and its name made from the legal moves at hand (the move list asks for every
            // name next).
            let before = replay.game.current_node();
            let played = replay.game.play_legal(m).map(|_| ());
            if played.is_ok() {
                let tree = replay.game.tree();
                let node = tree.node(replay.game.current_node());
                let _ = node.code.set((value as u16, legal.len() as u16));
                let pos = &tree.node(before).position;
                let _ = node
                    .name
                    .set(pos.move_name_among(&m, &legal, &node.position));
            }
            played
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coded_move_found_without_sorting_is_the_sorted_ones() {
        // Along random games of every game: each index names the move the sorted list has
        // there, and an index past the end none.
        let mut rng = fastrand::Rng::with_seed(5);
        for v in Variant::ALL {
            let mut pos = Position::start(v).unwrap();
            for _ in 0..60 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                for (n, text) in sorted_texts(&pos).iter().enumerate() {
                    let found = coded_move_at(&pos, &legal, n).map(|m| pos.move_text(&m));
                    assert_eq!(found.as_ref(), Some(text), "{}", pos.to_text());
                }
                assert_eq!(coded_move_at(&pos, &legal, legal.len()), None);
                pos = pos.after(&legal[rng.usize(..legal.len())]);
            }
        }
    }
}
