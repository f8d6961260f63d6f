//! Game records in PGN.
//!
//! **Writing** ([`write`]): the Seven Tag Roster with the game's own tags
//! ([`crate::Game::tags`]), `[Variant "..."]` (`"Standard"` for orthodox chess, as lichess
//! writes and reads it; the variants' own ids otherwise), when the start is not the standard
//! one `[SetUp "1"]` and `[FEN "<position text>"]`, the Termination, then the game's other
//! tags; the movetext holds move numbers and the moves' names
//! ([`crate::Position::move_name`]: SAN for orthodox chess, so that lichess or chess.com take
//! it as it is; the SAN-style names of `docs/notation.md` for the variants), the whole game
//! tree (NAGs `$1` and comments `{...}` after their moves, variations `( ... )` after the
//! move they replace), then the result of the main line.
//!
//! **Reading** ([`read`], [`read_game`], [`games`], [`parse`]): a text may hold several
//! games; each move is read in any form [`crate::Position::parse_any`] reads (SAN and the
//! variants' names, long algebraic `Ng1-f3`, our move text `g1f3`, in any mix). What other
//! writers put in is read too: comments (`{...}`, `;` to the end of the line, lichess's and
//! chess.com's `{ [%clk 0:03:00] }` and `[%eval 0.17]`), NAGs (`$1`), annotation glyphs
//! (`!?`), variations (`(...)`), move numbers with `...`, `e.p.`, `%` escape lines, and the
//! Variant tag as a game id, a game name, or lichess's `Standard`/`From Position` (no tag:
//! orthodox chess). The movetext is kept whole ([`Movetext`]: comments, NAGs and nested
//! variations on each move); the game played is its main line: the longest legal prefix of
//! it, the first bad move named by its number and side ([`crate::record::MoveProblem`]). The
//! variations become the game tree's variations and the comments its comments, commands such
//! as `[%clk 0:03:00]`, `[%eval 0.17]` and `[%cal Ge2e4]` kept in them as written (read them
//! with [`commands`]); NAGs and glyphs become the moves' NAGs (1 to 255). Every tag of the
//! record is kept on the game, in order ([`crate::Game::tags`]), but those that follow from
//! the game itself: Variant, SetUp and FEN (its game and start) and Result (its outcome).
//!
//! A finished game also gets a `Termination` tag: the record's own, as written (chess.com's
//! `Garry Kasparov won by resignation`), while the game's result is still the record's;
//! otherwise as lichess writes it, `Time forfeit` when a clock ran out, `Normal` otherwise.
//! A record whose Result tag says the game ended while its last position is not over is read
//! as a game ended by the players: a decisive result as a resignation (a loss on time with a
//! Termination saying so: lichess's `Time forfeit`, chess.com's `... won on time`), a draw as
//! a draw by agreement (or a clock run out against a side that cannot win, with such a
//! Termination), so that a resigned game read back is still resigned.
//!
//! ```
//! use fairyboard::{pgn, Game, Variant};
//! let mut game = Game::new(Variant::Orthodox, None).unwrap();
//! game.play("e2e4").unwrap();
//! game.set_tag("White", "Ann").unwrap();
//! let text = pgn::write(&game, &[("Date", "2026.11.23"), ("White", "not Ann")]);
//! assert!(text.starts_with("[Event \"?\"]\n[Site \"fairyboard\"]\n[Date \"2026.11.23\"]\n"));
//! assert!(text.contains("[White \"Ann\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Standard\"]\n"));
//! assert!(text.ends_with("1. e4 *\n"));
//! let back = pgn::read("[ECO \"C20\"]\n1. e4 {best by test [%clk 0:03:00]} e7-e5 $1 2. Nf3 Nc6 3. Ke3 *").unwrap();
//! assert_eq!(back.game.tag("eco"), Some("C20"));
//! assert_eq!(back.game.comment(1).unwrap(), "best by test [%clk 0:03:00]");
//! assert_eq!(back.used, 4);
//! let problem = back.problem.unwrap();
//! assert_eq!((problem.number, problem.side), (3, fairyboard::Color::White));
//! ```

mod annotations;
mod movetext;
mod tag_pairs;

pub(crate) use movetext::command_spans;
use movetext::Builder;
pub use movetext::{commands, glyph_nag, Line, LineId, Movetext, Node};

use crate::error::clip;
use crate::error::Error;
use crate::game::Game;
use crate::games::Variant;
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::record::{Record, Replay};

/// Writes a game as PGN. The tags: the Seven Tag Roster in its order (Event, Site, Date,
/// Round, White, Black, Result) with the game's own values ([`Game::tags`]), then Variant,
/// SetUp and FEN, Termination, then the game's other tags in their order. A roster tag the
/// game does not have is written with its default (`?`, Site `fairyboard`, Date
/// `????.??.??`, Round `-`), or with the value `tags` (name, value) give it: `tags` only add
/// to what the game says, never replace it, so `("Date", "2026.11.23")` dates a game that has
/// no Date of its own; tags of other names the game does not have are written after the
/// game's (a name that is not a tag name, or an empty value, is left out). Result, Variant,
/// SetUp, FEN and Termination follow from the game and are not taken from `tags`: the result is the outcome at the end of the main line (a declared one
/// included), or `*`; a finished game gets a `Termination` tag, the game's own (as a record
/// read in wrote it) while the result is still the one it was written for, else `Normal` or
/// `Time forfeit` as lichess writes it.
///
/// A value is written as PGN allows a tag's (the standard, 8.1): on one line, each line break
/// and every other control character one space (as a game keeps its tags: see
/// [`Game::set_tag`]), a `"` or `\` escaped by a `\`; so every tag reads back as written.
///
/// The movetext is the whole tree by the moves' names ([`crate::Position::move_name`]): the
/// main line, each move's comment `{...}` after it and the alternatives to it in parentheses
/// `( ... )`, nested, and the game's comment before the first move.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    let result = game.main_outcome().map_or("*", |o| o.result());
    let all = tag_pairs::pairs(game, tags);
    let mut out = String::new();
    for (name, value) in &all {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');

    // Movetext: the main line with comments and variations (see `annotations::movetext_tokens`).
    let mut tokens = annotations::movetext_tokens(game);
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

/// The Variant tag written for a game: lichess's `Standard` for orthodox chess (lichess and
/// chess.com read it), the game's id for the variants.
pub fn variant_tag(variant: Variant) -> &'static str {
    match variant {
        Variant::Orthodox => "Standard",
        v => v.id(),
    }
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
/// (a loss on time when `Termination` says a clock ran out: lichess's `Time forfeit`,
/// chess.com's `... won on time` or `... drawn by timeout ...`), a draw is an agreement (with
/// such a Termination: a clock run out against a side that cannot win, the side to move's
/// clock first).
/// `None` for `*` or no result.
pub fn declared_of_tags(game: &Game, result: &str, termination: Option<&str>) -> Option<Outcome> {
    let time = termination.is_some_and(|t| {
        // lichess: `Time forfeit`; chess.com: `Ann won on time`, `Game drawn by timeout vs
        // insufficient material`.
        let t = t.trim().to_ascii_lowercase();
        t == "time forfeit" || t.ends_with(" on time") || t.contains("by timeout")
    });
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
    /// The game, its start and the main line's move tokens as written (names, long
    /// algebraic or move text: [`Node::text`]); play them with [`Parsed::replay`], which
    /// reads every form ([`Record::replay`] reads move text only). The ply is the end.
    pub record: Record,
    /// The whole movetext: the main line with its comments, NAGs and variations.
    pub movetext: Movetext,
    /// What was odd in the text and how it was read.
    pub notes: Vec<String>,
}

impl Parsed {
    /// The value of a tag (the first of that name, any case), trimmed.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_of(&self.tags, name)
    }

    /// Plays the main line from the start: the longest legal prefix of its moves, each read
    /// in any form [`crate::Position::parse_any`] reads, with the first bad move named by
    /// its number and side. A result the last position does not show is declared (see the
    /// module's notes). Then the variations are played into the game's tree and the comments
    /// put on their moves (a bad move in a variation is noted and leaves out the rest of that
    /// variation); the cursor is at the end of the main line. The record's tags are kept on
    /// the game (see the module's notes; a tag named twice or a name that is not a tag name
    /// is noted and left out). Errors only when the start position is unusable.
    pub fn replay(&self) -> Result<Replay, Error> {
        let record = &self.record;
        let mut replay = Replay::start(record.variant, record.start.as_deref())?;
        for text in &record.moves {
            replay.play_any_text(text);
        }
        // A result the board does not show was declared by the players; only for the whole
        // game (not when a bad move cut it short).
        if replay.problem.is_none() && replay.game.at_end() && replay.game.outcome().is_none() {
            if let Some(o) = self
                .tag("Result")
                .and_then(|r| declared_of_tags(&replay.game, r, self.tag("Termination")))
            {
                let _ = replay.game.declare(o);
            }
        }
        annotations::add_tree(&mut replay, &self.movetext);
        let mut notes = self.notes.clone();
        // The record's Termination goes with its own result (the tag, or the movetext's).
        let result = self
            .tag("Result")
            .or(self.movetext.result.as_deref())
            .unwrap_or("*");
        tag_pairs::keep(&mut replay.game, &self.tags, result, &mut notes);
        notes.append(&mut replay.notes);
        replay.notes = notes;
        Ok(replay)
    }
}

/// One game of a PGN text as a list shows it, before its moves are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Its index in the text (0 = the first game), as [`read_game`] takes it.
    pub index: usize,
    /// The White, Black, Result, Event, Date and Site tags (`?` when missing; the Result
    /// from the end of the movetext when there is no tag, else `*`).
    pub white: String,
    /// See `white`.
    pub black: String,
    /// See `white`.
    pub result: String,
    /// See `white`.
    pub event: String,
    /// See `white`.
    pub date: String,
    /// See `white`.
    pub site: String,
    /// How many moves (plies) its main line has, as written (not checked).
    pub moves: usize,
    /// The game its Variant tag names (orthodox chess without one); `None` for a game we do
    /// not play (reading it then fails with the reason).
    pub variant: Option<Variant>,
}

/// Lists the games of a PGN text (a file may hold many), in order. Empty for a text with
/// no game.
///
/// ```
/// use fairyboard::pgn;
/// let text = "[White \"Ann\"]\n[Result \"1-0\"]\n1. e4 e5 2. Qh5 1-0\n\n\
///             [White \"Bob\"]\n[Variant \"quarter\"]\n1. c4 *\n";
/// let list = pgn::games(text);
/// assert_eq!(list.len(), 2);
/// assert_eq!((list[0].white.as_str(), list[0].moves), ("Ann", 3));
/// assert_eq!(list[1].variant, Some(fairyboard::Variant::Quarter));
/// let second = pgn::read_game(text, 1).unwrap();
/// assert_eq!(second.game.line_names(), ["c4"]);
/// ```
pub fn games(text: &str) -> Vec<Summary> {
    scan(text)
        .into_iter()
        .enumerate()
        .map(|(index, g)| {
            let tag = |name: &str| {
                tag_of(&g.tags, name)
                    .filter(|v| !v.is_empty())
                    .unwrap_or("?")
                    .to_string()
            };
            let result = tag_of(&g.tags, "Result")
                .filter(|v| !v.is_empty())
                .or(g.movetext.result.as_deref())
                .unwrap_or("*")
                .to_string();
            Summary {
                index,
                white: tag("White"),
                black: tag("Black"),
                result,
                event: tag("Event"),
                date: tag("Date"),
                site: tag("Site"),
                moves: g.movetext.line.nodes.len(),
                variant: variant_of_tags(&g.tags).ok(),
            }
        })
        .collect()
}

/// Reads the first game of a PGN text: the game from its start with the longest legal
/// prefix of its main line. Errors only when there is no usable game (no game, an unknown
/// Variant, a bad FEN). A text with several games gets a note saying so.
pub fn read(text: &str) -> Result<Replay, Error> {
    let parsed = parse(text)?;
    parsed.replay()
}

/// Reads the game with index `index` (0 = the first) of a PGN text, as [`read`] reads the
/// first: errors when there is no such game or it is not usable.
pub fn read_game(text: &str, index: usize) -> Result<Replay, Error> {
    parse_game(text, index)?.replay()
}

/// Parses the first game of a PGN text into tags, a record and the movetext; no move is
/// checked here. A text with several games gets a note saying how many.
pub fn parse(text: &str) -> Result<Parsed, Error> {
    let mut all = scan(text);
    let count = all.len();
    if count == 0 {
        return Err(Error::new("the PGN text is empty"));
    }
    all.truncate(1);
    let mut parsed = parsed_of(all.pop().expect("one game"))?;
    if count > 1 {
        parsed.notes.push(format!(
            "the PGN text holds {count} games; only the first was read"
        ));
    }
    Ok(parsed)
}

/// Parses every game of a PGN text, in order (as [`games`] lists them): each game parsed,
/// or why it cannot be used (an unknown Variant). Empty for a text with no game.
pub fn parse_all(text: &str) -> Vec<Result<Parsed, Error>> {
    scan(text).into_iter().map(parsed_of).collect()
}

/// Parses the game with index `index` (0 = the first) of a PGN text.
pub fn parse_game(text: &str, index: usize) -> Result<Parsed, Error> {
    let mut all = scan(text);
    let count = all.len();
    if count == 0 {
        return Err(Error::new("the PGN text is empty"));
    }
    if index >= count {
        let games = if count == 1 { "game" } else { "games" };
        return Err(Error::new(format!(
            "the PGN text holds {count} {games}; there is no game {}",
            index.saturating_add(1)
        )));
    }
    parsed_of(all.swap_remove(index))
}

/// One game of a text as scanned: its tags, its movetext and what was odd.
struct Scanned {
    tags: Vec<(String, String)>,
    movetext: Movetext,
    notes: Vec<String>,
}

/// A scanned game with its game and start read from the tags.
fn parsed_of(g: Scanned) -> Result<Parsed, Error> {
    let variant = variant_of_tags(&g.tags)?;
    let start = tag_of(&g.tags, "FEN")
        .filter(|f| !f.is_empty())
        .map(str::to_string);
    let moves = g.movetext.line.texts();
    Ok(Parsed {
        record: Record {
            variant,
            start,
            moves,
            ply: None,
        },
        tags: g.tags,
        movetext: g.movetext,
        notes: g.notes,
    })
}

/// The value of the first tag named `name` (any case), trimmed.
fn tag_of<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| same_text(k, name))
        .map(|(_, v)| v.trim())
}

/// The game the Variant tag of `tags` names; orthodox chess without one.
fn variant_of_tags(tags: &[(String, String)]) -> Result<Variant, Error> {
    match tag_of(tags, "Variant") {
        None => Ok(Variant::Orthodox),
        Some(v) => variant_of_tag(v),
    }
}

/// The game being scanned.
struct Current {
    tags: Vec<(String, String)>,
    builder: Builder,
    notes: Vec<String>,
    /// The result token that ended the movetext, once read.
    result: Option<String>,
    /// Whether text after the result was already noted.
    noted_after: bool,
}

impl Current {
    fn new() -> Current {
        Current {
            tags: Vec::new(),
            builder: Builder::new(),
            notes: Vec::new(),
            result: None,
            noted_after: false,
        }
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.builder.is_empty() && self.result.is_none()
    }

    /// Whether the movetext has begun (a tag now starts the next game).
    fn in_movetext(&self) -> bool {
        !self.builder.is_empty() || self.result.is_some()
    }

    fn finish(self, out: &mut Vec<Scanned>) {
        if self.is_empty() {
            return;
        }
        let (movetext, mut more) = self.builder.finish(self.result);
        let mut notes = self.notes;
        notes.append(&mut more);
        out.push(Scanned {
            tags: self.tags,
            movetext,
            notes,
        });
    }
}

/// Splits a PGN text into its games: a game is its tags and its movetext, which ends with a
/// result or where the next game's tags start.
fn scan(text: &str) -> Vec<Scanned> {
    let text = text.trim_start_matches('\u{feff}');
    // Every character PGN gives a meaning to is ASCII, so the text is scanned as bytes and
    // cut only next to ASCII bytes.
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut g = Current::new();
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
            // A command written without its braces (`[%clk 0:03:00]`) in the movetext is
            // a comment, not the next game's tags. It may be broken across lines (a PGN
            // wrapped at 80 columns: `[%eval` and `0.39]`): it ends at its `]`, unless a
            // bracket or brace comes first (then it was never closed: it ends with its line).
            b'[' if b.get(i + 1) == Some(&b'%') && g.in_movetext() => {
                let close = b[i + 1..]
                    .iter()
                    .position(|c| b"[]{}()".contains(c))
                    .map(|j| i + 1 + j)
                    .filter(|&j| b[j] == b']')
                    .map_or_else(|| line_end(b, i), |j| j + 1);
                if g.result.is_none() {
                    g.builder.comment(&text[i..close]);
                }
                i = close;
            }
            b'[' => {
                if g.in_movetext() {
                    std::mem::replace(&mut g, Current::new()).finish(&mut out);
                }
                let (tag, next) = read_tag(text, i + 1);
                match tag {
                    Ok(tag) => g.tags.push(tag),
                    Err(e) => g.notes.push(e),
                }
                i = next;
            }
            b'{' => {
                let Some(j) = b[i..].iter().position(|&c| c == b'}') else {
                    g.notes.push("a comment '{' is not closed by '}'".into());
                    break;
                };
                if g.result.is_none() {
                    g.builder.comment(&text[i + 1..i + j]);
                }
                i += j + 1;
            }
            b';' => {
                let end = line_end(b, i);
                if g.result.is_none() {
                    g.builder.comment(&text[i + 1..end]);
                }
                i = end;
            }
            b'(' => {
                if g.result.is_none() {
                    g.builder.open();
                } else {
                    after_result(&mut g, "(");
                }
                i += 1;
            }
            b')' => {
                if g.result.is_none() && !g.builder.close() {
                    g.notes
                        .push("a ')' closes no variation and was ignored".into());
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
                token(&mut g, &text[start..i]);
            }
        }
    }
    g.finish(&mut out);
    out
}

/// Notes text found after a game's result (once a game).
fn after_result(g: &mut Current, token: &str) {
    if !g.noted_after {
        g.noted_after = true;
        let result = g.result.clone().unwrap_or_default();
        g.notes.push(format!(
            "the text after the result {result} was ignored ('{}')",
            clip(token)
        ));
    }
}

/// Reads one movetext token: a move number, a NAG, a glyph, a result or a move.
fn token(g: &mut Current, token: &str) {
    if g.result.is_some() {
        after_result(g, token);
        return;
    }
    if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
        // A result inside a variation (some writers end them so) ends nothing.
        if g.builder.depth() == 0 {
            g.result = Some(token.to_string());
        }
        return;
    }
    if let Some(n) = token.strip_prefix('$') {
        match n.parse::<u8>() {
            Ok(n) => g.builder.nag(n),
            Err(_) => g.notes.push(format!(
                "the NAG '{}' is not a number from 0 to 255 and was ignored",
                clip(token)
            )),
        }
        return;
    }
    // `e.p.` written apart from its capture, dots (`12. ...`) and check marks apart from a
    // move, and a glyph written apart from its move.
    if same_text(token, "e.p.") || token.trim_matches(['.', '\u{2026}', '+', '#']).is_empty() {
        return;
    }
    if let Some(nag) = glyph_nag(token) {
        g.builder.nag(nag);
        return;
    }
    let Some((text, glyph)) = move_of_token(token) else {
        return;
    };
    g.builder.push_move(text, glyph.and_then(glyph_nag));
}

/// The move in a movetext token without a leading move number (`12.`, `12...`, `12…`) and
/// the annotation glyph after it (`!`, `?!`...), if any; `None` for a bare move number.
fn move_of_token(token: &str) -> Option<(&str, Option<&str>)> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let mut t = token;
    if digits > 0 && (token[digits..].starts_with('.') || token[digits..].starts_with('…')) {
        t = token[digits..].trim_start_matches(['.', '…']);
    }
    let bare = t.trim_end_matches(['!', '?']);
    let glyph = &t[bare.len()..];
    (!bare.is_empty()).then_some((bare, (!glyph.is_empty()).then_some(glyph)))
}

/// The game a Variant tag names: an id or a name, any case; lichess's "Standard" and
/// "From Position" and the common "Chess" are orthodox chess.
fn variant_of_tag(value: &str) -> Result<Variant, Error> {
    let v = value.trim();
    if [
        "standard",
        "chess",
        "orthodox chess",
        "from position",
        "fromposition",
        "from_position",
        "",
    ]
    .iter()
    .any(|s| same_text(v, s))
    {
        return Ok(Variant::Orthodox);
    }
    Variant::ALL
        .into_iter()
        .find(|g| same_text(v, g.id()) || same_text(v, g.name()))
        .ok_or_else(|| {
            Error::new(format!(
                "the Variant tag names an unknown game '{}' (expected one of: {})",
                clip(v),
                Variant::id_list()
            ))
        })
}

/// Whether two texts are equal but for ASCII case. One out-of-line copy: inlined, each
/// comparison with a constant became a long unrolled loop in the wasm (PGN reading is cold).
#[inline(never)]
fn same_text(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
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
