//! A game record: what a share link or a PGN file carries (the game, its start position when
//! it is not the standard one, the move texts and the ply shown), and reading one back.
//!
//! Reading replays the moves from the start and keeps the longest legal prefix: the first
//! move that cannot be played is reported by its move number, its text and why, and every
//! move before it is kept. Only an unknown game or an unusable start position is an error.
//!
//! ```
//! use fairyboard::record::Record;
//! use fairyboard::Variant;
//! let record = Record {
//!     variant: Variant::Orthodox,
//!     start: None,
//!     moves: vec!["e2e4".into(), "e7e5".into(), "e1e3".into(), "g8f6".into()],
//!     ply: None,
//! };
//! let replay = record.replay().unwrap();
//! assert_eq!(replay.used, 2);
//! assert_eq!(replay.total, 4);
//! assert_eq!(replay.problem.as_ref().unwrap().number, 2);
//! ```

use crate::error::clip;
use crate::error::Error;
use crate::game::Game;
use crate::games::Variant;
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;

/// A game as a link or a PGN file records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game.
    pub variant: Variant,
    /// Position text of the start; `None` for the game's standard start.
    pub start: Option<String>,
    /// The move texts of the whole line, in order.
    pub moves: Vec<String>,
    /// The ply shown (0 = the start); `None` for the end of the moves.
    pub ply: Option<usize>,
}

impl Record {
    /// The record of a game: its start (`None` when standard), every move of its line (the
    /// moves after the cursor, that redo would play, included) and the cursor.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn of_game(game: &Game) -> Record {
        let variant = game.variant();
        let standard = Position::start(variant).ok();
        let start = (standard.as_ref() != Some(game.start())).then(|| game.start().to_text());
        let moves = game.line_texts();
        let ply = (game.ply() < moves.len()).then_some(game.ply());
        Record {
            variant,
            start,
            moves,
            ply,
        }
    }

    /// Replays the record: the longest legal prefix of the moves is played and the cursor
    /// put on the ply asked for. Errors only if the start position is unusable.
    pub fn replay(&self) -> Result<Replay, Error> {
        let mut replay = Replay::start(self.variant, self.start.as_deref())?;
        for text in &self.moves {
            replay.play_text(text);
        }
        replay.finish(self.ply);
        Ok(replay)
    }
}

/// The first move of a record that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveProblem {
    /// Its index in the record's moves (0 = the first move).
    pub index: usize,
    /// Its move number as players count (the position's move number).
    pub number: u16,
    /// The side whose move it was.
    pub side: Color,
    /// The move text as the record gave it.
    pub text: String,
    /// Why it could not be played.
    pub reason: String,
}

impl MoveProblem {
    /// A sentence for people, e.g. `move 3 for Black (e7e9): e9 is not a square of this board`.
    pub fn describe(&self) -> String {
        let head = format!("move {} for {}", self.number, self.side.name());
        why_not_played(&head, &clip(&self.text), &self.reason)
    }
}

/// Why a move could not be played, after `head` (e.g. "move 3 for Black"), naming its `text`
/// once: a reason that starts with the text (as most of [`Position::parse_move`]'s do) is not
/// given it again. `move 2 for White: e1e3 is not a legal move in this position`,
/// `move 1 for White (e3e4): there is no White piece on e3`.
pub fn why_not_played(head: &str, text: &str, reason: &str) -> String {
    if let Some(rest) = reason.strip_prefix(&format!("{text}: ")) {
        format!("{head} ({text}): {rest}")
    } else if reason.starts_with(&format!("{text} ")) {
        format!("{head}: {reason}")
    } else {
        format!("{head} ({text}): {reason}")
    }
}

/// The note for a move of a variation that could not be played in `pos` (the rest of that
/// variation is then left out): the same words for a link and a PGN record.
pub(crate) fn variation_note(pos: &Position, text: &str, reason: &str) -> String {
    let head = format!(
        "move {} for {} in a variation",
        pos.fullmove(),
        pos.side().name()
    );
    format!(
        "could not play {}; the rest of that variation was left out",
        why_not_played(&head, &clip(text), reason)
    )
}

/// A record read back: the game (cursor on the ply asked for), how many of the record's
/// moves were played, and what was wrong.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game with the moves that could be played.
    pub game: Game,
    /// How many moves were played (the legal prefix).
    pub used: usize,
    /// How many moves the record had.
    pub total: usize,
    /// The first move that could not be played, if any.
    pub problem: Option<MoveProblem>,
    /// Other things that were wrong and how they were read (an unknown field, a ply out of
    /// range, a malformed tag).
    pub notes: Vec<String>,
}

impl Replay {
    /// An empty replay from the standard start (`None`) or position text.
    pub fn start(variant: Variant, start: Option<&str>) -> Result<Replay, Error> {
        let start = start.map(str::trim).filter(|t| !t.is_empty());
        let game = Game::new(variant, start).map_err(|e| {
            Error::new(format!(
                "the start position for {} is not valid: {}",
                variant.name(),
                e.message()
            ))
        })?;
        Ok(Replay {
            game,
            used: 0,
            total: 0,
            problem: None,
            notes: Vec::new(),
        })
    }

    /// Plays the next move of the record by its text, unless an earlier move failed (the
    /// move is then only counted).
    pub fn play_text(&mut self, text: &str) {
        self.play_with(text, Game::play);
    }

    /// Plays the next move of the record given in any form [`Game::play_any`] reads (move
    /// text, a name, long algebraic), unless an earlier move failed (the move is then only
    /// counted).
    pub fn play_any_text(&mut self, text: &str) {
        self.play_with(text, Game::play_any);
    }

    /// Plays the next move of the record by `play`, unless an earlier move failed (the move
    /// is then only counted).
    #[inline(never)] // cold: one shared copy in the wasm
    fn play_with(&mut self, text: &str, play: fn(&mut Game, &str) -> Result<Move, Error>) {
        self.total += 1;
        if self.problem.is_some() {
            return;
        }
        let result = play(&mut self.game, text).map(|_| ());
        self.settle(text, result);
    }

    /// Records the result of trying the next move (counted by the caller): a success is
    /// kept, the first failure becomes the problem.
    pub(crate) fn settle(&mut self, text: &str, result: Result<(), Error>) {
        match result {
            Ok(()) => self.used += 1,
            Err(e) => {
                let pos = self.game.position();
                self.problem = Some(MoveProblem {
                    index: self.total - 1,
                    number: pos.fullmove(),
                    side: pos.side(),
                    text: text.to_string(),
                    reason: e.message().to_string(),
                });
            }
        }
    }

    /// Puts the cursor on `ply` (`None`: the end); a ply past the moves played is noted and
    /// the end shown.
    pub fn finish(&mut self, ply: Option<usize>) {
        if let Some(ply) = ply {
            if self.game.go_to(ply).is_err() {
                self.notes.push(format!(
                    "ply {ply} was asked for but only {} could be played, so the last position is shown",
                    plies(self.used)
                ));
            }
        }
    }

    /// Everything that was wrong, as one message for people, of a length a person reads
    /// whatever the record: the first bad move, then the notes, each said once with how many
    /// times it was noted (`A ')' closes no variation and was ignored (10,000 times).`), up to
    /// [`SHOWN_NOTES`] different ones, or when there are more the first four and how many
    /// more notes there were (`19,996 more notes were left out of this message.`), at most
    /// [`MESSAGE_LIMIT`] characters in all (a longer one is cut, ending in `…`). `None` if
    /// the record was read whole and clean.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn message(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(p) = &self.problem {
            parts.push(format!(
                "Could not play {}. Kept the first {} of {}.",
                p.describe(),
                self.used,
                plies(self.total)
            ));
        }
        // The first different notes with how many times each was noted, and how many other
        // notes there were; when some are left out, the last one shown is counted with them.
        let mut shown: Vec<(&str, usize)> = Vec::new();
        let mut more = 0usize;
        for note in &self.notes {
            if let Some((_, times)) = shown.iter_mut().find(|(n, _)| *n == note) {
                *times += 1;
            } else if shown.len() < SHOWN_NOTES {
                shown.push((note, 1));
            } else {
                more += 1;
            }
        }
        if more > 0 {
            more += shown.pop().map_or(0, |(_, times)| times);
        }
        for (note, times) in shown {
            // Notes start with an ASCII word: a capital for the sentence.
            let mut s = note.strip_suffix('.').unwrap_or(note).to_string();
            if let Some(first) = s.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            if times > 1 {
                s.push_str(&format!(" ({} times)", thousands(times)));
            }
            s.push('.');
            parts.push(s);
        }
        if more > 0 {
            parts.push(format!(
                "{} more notes were left out of this message.",
                thousands(more)
            ));
        }
        if parts.is_empty() {
            return None;
        }
        let message = parts.join(" ");
        Some(match message.char_indices().nth(MESSAGE_LIMIT - 1) {
            Some((cut, _)) => format!("{}…", &message[..cut]),
            None => message,
        })
    }
}

/// The most different notes [`Replay::message`] says; when there are more, it says one
/// fewer and counts the others.
pub const SHOWN_NOTES: usize = 5;

/// The longest message [`Replay::message`] gives, in characters: a paragraph.
pub const MESSAGE_LIMIT: usize = 1000;

/// A count of half-moves in words (`1 ply`, `4 plies`): a record's moves are counted one
/// per side here, where chess players would count `1. e4 e5` as one move (issue 40).
pub(crate) fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// A count as people write it, with a comma every three digits (`10,000`).
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}
