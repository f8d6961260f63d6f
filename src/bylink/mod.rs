//! Games by link: a game between two players at a distance with no server, its whole record
//! carried in the fragment of the link each player sends after acting.
//!
//! A [`LinkGame`] is a [`Header`] (a random game id, the game and its start, both names,
//! the side of the player who invited, a time per move in days or none, when it was made)
//! and its **events**: moves and [`Action`]s (a draw offer, accepted or declined, a takeback
//! request, accepted or declined, a resignation, a claim that the due date passed), each
//! with its side and time. The record only grows: a takeback is an event that takes moves
//! out of the game, never out of the record, so a later link always extends an earlier one.
//! Both pages replay the same record by the same rules ([`play`]), so they hold the same
//! game, offers, due date and result, and export the same PGN ([`LinkGame::pgn`]).
//!
//! The link's text ([`LinkGame::fragment`], [`LinkGame::read`]) is documented in
//! `docs/links.md` (a game by link), field by field, so that other programs can read and
//! write it: `bl=1&id=..&g=..&w=..&b=..&i=w&tc=3&t=..&e=..&s=..&k=..`, each move its index
//! among the position's sorted legal move texts as share links code moves
//! ([`crate::link`]), each time the minutes since the previous event, and a CRC-32 check at
//! the end so that a damaged or cut link is refused, never read as another game.
//!
//! A page that holds a game and opens a link with the same id asks
//! [`LinkGame::continue_with`]: the link continues the game (its new events, all by the
//! other side), is older or the same (nothing changes), or is refused with a message naming
//! what differs. A link with an unknown id can be adopted as either side: the caller decides.
//!
//! ```
//! use fairyboard::bylink::{Action, GameId, Header, LinkGame, Continuation};
//! use fairyboard::{Color, Variant};
//! let header = Header {
//!     id: GameId::from_bytes(&[7; 12]).unwrap(),
//!     variant: Variant::Orthodox,
//!     start: None,
//!     white: "Ann".into(),
//!     black: String::new(),
//!     inviter: Color::White,
//!     days: Some(3),
//!     created: 29_400_000, // Unix minutes
//! };
//! let mut ann = LinkGame::new(header).unwrap();
//! ann.play(Color::White, "e2e4", 29_400_010).unwrap();
//! let invitation = ann.fragment();
//!
//! // Bob opens it: an unknown id, adopted as Black.
//! let mut bob = LinkGame::read(&invitation).unwrap();
//! bob.set_name(Color::Black, "Bob").unwrap();
//! bob.play(Color::Black, "e7e5", 29_400_600).unwrap();
//! bob.act(Color::Black, Action::DrawOffer, 29_400_601).unwrap();
//!
//! // Ann opens Bob's link: it continues her game.
//! let link = LinkGame::read(&bob.fragment()).unwrap();
//! let Continuation::Continues { record, events, .. } = ann.continue_with(Color::White, &link).unwrap() else {
//!     panic!("a continuation")
//! };
//! assert_eq!(events[0].words, "Black plays 1... e5");
//! assert_eq!(events[1].words, "Black offers a draw");
//! ann = *record;
//! ann.act(Color::White, Action::DrawAccept, 29_401_000).unwrap();
//! assert_eq!(ann.outcome().unwrap().text(), "Draw by agreement");
//! // The older link changes nothing.
//! assert_eq!(ann.continue_with(Color::White, &link).unwrap(), Continuation::Known { older: true });
//! ```

mod action;
mod check;
mod codec;
mod continuation;
mod export;
mod play;
mod view;

pub use action::Action;
pub use continuation::Continuation;
pub use export::{date, date_time, EVENT, SITE};
pub use play::MINUTES_PER_DAY;
pub use view::{EventView, Summary};

use crate::error::clip;
use crate::error::Error;
use crate::game::Game;
use crate::games::Variant;
use crate::outcome::Outcome;
use crate::piece::Color;
use crate::position::Position;
use play::Play;

/// The version of the link format this code writes and reads (`bl=1`).
pub const VERSION: u32 = 1;

/// The longest player's name, in characters.
pub const NAME_LIMIT: usize = 40;

/// The longest time per move, in days.
pub const MAX_DAYS: u16 = 30;

/// The latest time a record may hold, in Unix minutes (2^40, some two million years).
pub const MAX_TIME: u64 = 1 << 40;

/// The most events a record holds (a long game with many offers has a few hundred): a
/// forged link cannot make a page replay more.
pub const MAX_EVENTS: usize = 2_000;

/// The bytes of a game id: 96 random bits.
pub const ID_BYTES: usize = 12;

/// A game's id: 96 random bits, given by the caller (the page takes them from
/// `crypto.getRandomValues`), written as 16 base64url characters.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct GameId([u8; ID_BYTES]);

impl GameId {
    /// The id of these 12 bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<GameId, Error> {
        <[u8; ID_BYTES]>::try_from(bytes).map(GameId).map_err(|_| {
            Error::new(format!(
                "a game id is {ID_BYTES} random bytes, not {}",
                bytes.len()
            ))
        })
    }

    /// Its bytes.
    pub fn bytes(&self) -> &[u8; ID_BYTES] {
        &self.0
    }

    /// Its text: 16 base64url characters (`A-Z a-z 0-9 - _`), each three bytes four digits.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(16);
        for chunk in self.0.chunks(3) {
            let value = chunk.iter().fold(0usize, |v, &b| (v << 8) | usize::from(b));
            crate::link::push_digits(&mut out, value, 4);
        }
        out
    }

    /// The id of its text ([`GameId::text`]).
    pub fn from_text(text: &str) -> Result<GameId, Error> {
        let bad = || {
            Error::new(format!(
                "a game id is 16 base64url characters (A-Z a-z 0-9 - _), not '{}'",
                clip(text)
            ))
        };
        if text.len() != 16 {
            return Err(bad());
        }
        let mut bytes = [0u8; ID_BYTES];
        for (i, chunk) in text.as_bytes().chunks(4).enumerate() {
            let mut value = 0usize;
            for &b in chunk {
                value = (value << 6) | crate::link::digit_value(b).ok_or_else(bad)?;
            }
            bytes[3 * i] = (value >> 16) as u8;
            bytes[3 * i + 1] = (value >> 8) as u8;
            bytes[3 * i + 2] = value as u8;
        }
        Ok(GameId(bytes))
    }
}

/// What a game by link is, fixed when it is made (but a name not yet known, which is given
/// once: [`LinkGame::set_name`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's id.
    pub id: GameId,
    /// The game.
    pub variant: Variant,
    /// The start position's text, or `None` for the game's standard start.
    pub start: Option<String>,
    /// White's name (empty until known).
    pub white: String,
    /// Black's name (empty until known).
    pub black: String,
    /// The side of the player who made the invitation.
    pub inviter: Color,
    /// The time per move in days (1 to [`MAX_DAYS`]), or `None` for no time limit.
    pub days: Option<u16>,
    /// When the game was made, in Unix minutes.
    pub created: u64,
}

/// One event of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Who made it.
    pub side: Color,
    /// What it was.
    pub kind: EventKind,
    /// When, in Unix minutes (never before the event before it).
    pub at: u64,
}

/// What an event was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A move, by its text (`e2e4`).
    Move(String),
    /// An offer, an answer, a resignation or a claim.
    Action(Action),
}

/// A game by link: its header, its events, and the game they make.
#[derive(Clone, Debug)]
pub struct LinkGame {
    header: Header,
    events: Vec<Event>,
    views: Vec<EventView>,
    /// Each event's choice and width in `e=` ([`codec`]), kept as it is added so that
    /// writing a link needs no replay.
    codes: Vec<(usize, usize)>,
    play: Play,
}

/// Two records are the same when their headers and events are: the rest follows from them.
impl PartialEq for LinkGame {
    fn eq(&self, other: &LinkGame) -> bool {
        self.header == other.header && self.events == other.events
    }
}

impl Eq for LinkGame {}

impl LinkGame {
    /// A new game, with no event yet. Errors naming what is wrong: a start position that is
    /// not valid for the game, a name too long or with control characters, a time per move
    /// out of 1 to [`MAX_DAYS`] days, a time past [`MAX_TIME`]. A start given as the game's
    /// standard one is kept as `None`; names are trimmed.
    pub fn new(mut header: Header) -> Result<LinkGame, Error> {
        let game = match header.start.as_deref().map(str::trim) {
            None | Some("") => Game::new(header.variant, None)?,
            Some(text) => Game::new(header.variant, Some(text)).map_err(|e| {
                Error::new(format!(
                    "the start position for {} is not valid: {}",
                    header.variant.name(),
                    e.message()
                ))
            })?,
        };
        let standard = Position::start(header.variant).ok();
        header.start = (standard.as_ref() != Some(game.start())).then(|| game.start().to_text());
        header.white = checked_name(Color::White, &header.white)?;
        header.black = checked_name(Color::Black, &header.black)?;
        if let Some(days) = header.days {
            if !(1..=MAX_DAYS).contains(&days) {
                return Err(Error::new(format!(
                    "a time per move is 1 to {MAX_DAYS} days, not {days}"
                )));
            }
        }
        if header.created > MAX_TIME {
            return Err(Error::new(format!(
                "the game's time {} is past the latest a record holds ({MAX_TIME} minutes)",
                header.created
            )));
        }
        let play = Play::new(game, header.created);
        Ok(LinkGame {
            header,
            events: Vec::new(),
            views: Vec::new(),
            codes: Vec::new(),
            play,
        })
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The game's id.
    pub fn id(&self) -> GameId {
        self.header.id
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.header.variant
    }

    /// The name of the player of `side` (empty until known).
    pub fn name(&self, side: Color) -> &str {
        match side {
            Color::White => &self.header.white,
            Color::Black => &self.header.black,
        }
    }

    /// The side of the player who made the invitation (a friend who opens it plays the other).
    pub fn inviter(&self) -> Color {
        self.header.inviter
    }

    /// The time per move in days, if any.
    pub fn days(&self) -> Option<u16> {
        self.header.days
    }

    /// When the game was made, in Unix minutes.
    pub fn created(&self) -> u64 {
        self.header.created
    }

    /// Every event of the record, the first first.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Every event as the page shows it, in the record's order.
    pub fn views(&self) -> &[EventView] {
        &self.views
    }

    /// The game as it stands: its moves (taken-back moves gone, no variations) and an end
    /// the players declared, the cursor at its end.
    pub fn game(&self) -> &Game {
        &self.play.game
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.play.side_to_move()
    }

    /// How the game ended (on the board, by resignation, agreement or a claim on time), if
    /// it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.play.outcome()
    }

    /// The side whose draw offer stands.
    pub fn draw_offer(&self) -> Option<Color> {
        self.play.draw_offer
    }

    /// The side whose takeback request stands.
    pub fn takeback_request(&self) -> Option<Color> {
        self.play.takeback
    }

    /// When the side to move must have moved, in Unix minutes: its turn's start plus the
    /// time per move. `None` without a time per move, once the game is over, and until each
    /// side has made a move (the clock runs from then on, as in lichess's correspondence
    /// games). After it, the opponent may claim the game ([`Action::ClaimTime`]).
    pub fn due(&self) -> Option<u64> {
        self.play.due(self.header.days)
    }

    /// The time of the last event (the game's creation when there is none), in Unix minutes.
    pub fn last_time(&self) -> u64 {
        self.events.last().map_or(self.header.created, |e| e.at)
    }

    /// The game as the list of games by link shows it.
    pub fn summary(&self) -> Summary {
        Summary::of(self)
    }

    /// `side` plays the move `text` (move text, `e2e4`) at `now` (Unix minutes; a clock behind
    /// the last event counts as that event's time). Refused, the game unchanged, when it is
    /// not `side`'s turn, the move is not legal or the game is over.
    pub fn play(&mut self, side: Color, text: &str, now: u64) -> Result<EventView, Error> {
        self.push(Event {
            side,
            kind: EventKind::Move(text.trim().to_string()),
            at: now.max(self.last_time()),
        })
    }

    /// `side` does `action` at `now` (Unix minutes; a clock behind the last event counts as
    /// that event's time). Refused, the game unchanged, with a message naming why: the game
    /// is over, there is no offer to answer, a claim before the due date, ...
    pub fn act(&mut self, side: Color, action: Action, now: u64) -> Result<EventView, Error> {
        self.push(Event {
            side,
            kind: EventKind::Action(action),
            at: now.max(self.last_time()),
        })
    }

    /// Gives the name of `side`'s player, once: a name already given is fixed (both pages
    /// check it in every link). The name is trimmed; refused when it is empty, too long or
    /// has control characters.
    pub fn set_name(&mut self, side: Color, name: &str) -> Result<(), Error> {
        let name = checked_name(side, name)?;
        if name.is_empty() {
            return Err(Error::new(format!("{}'s name is empty", side.name())));
        }
        let slot = match side {
            Color::White => &mut self.header.white,
            Color::Black => &mut self.header.black,
        };
        if !slot.is_empty() && *slot != name {
            return Err(Error::new(format!(
                "{}'s name is already '{}': a name is given once",
                side.name(),
                slot
            )));
        }
        *slot = name;
        Ok(())
    }

    /// Adds an event if the rules allow it now (its time not before the last event's); the
    /// record is unchanged otherwise. A move is kept by its text as the engine writes it.
    pub(crate) fn push(&mut self, event: Event) -> Result<EventView, Error> {
        let legal = crate::link::sorted_texts(self.play.game.position());
        self.push_among(event, &legal)
    }

    /// [`LinkGame::push`] where `legal` are the sorted legal move texts of the position now.
    pub(crate) fn push_among(
        &mut self,
        mut event: Event,
        legal: &[String],
    ) -> Result<EventView, Error> {
        if self.events.len() >= MAX_EVENTS {
            return Err(Error::new(format!(
                "a game by link holds at most {MAX_EVENTS} events"
            )));
        }
        if event.at < self.last_time() || event.at > MAX_TIME {
            return Err(Error::new(format!(
                "an event's time must be from the last event's ({}) to {MAX_TIME} minutes, not {}",
                self.last_time(),
                event.at
            )));
        }
        let view = self
            .play
            .apply(self.events.len(), &event, self.header.days)?;
        if let (EventKind::Move(text), Some(written)) = (&mut event.kind, &view.text) {
            text.clone_from(written);
        }
        self.codes.push(codec::code(legal, &event));
        self.events.push(event);
        self.views.push(view.clone());
        Ok(view)
    }
}

/// A player's name, trimmed, checked: at most [`NAME_LIMIT`] characters, no control
/// characters (a name goes into a PGN tag and a page's list).
fn checked_name(side: Color, name: &str) -> Result<String, Error> {
    let name = name.trim();
    let count = name.chars().count();
    if count > NAME_LIMIT {
        return Err(Error::new(format!(
            "{}'s name has {count} characters; a name has at most {NAME_LIMIT}",
            side.name()
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(Error::new(format!(
            "{}'s name '{}' has a control character (a line break, a tab...)",
            side.name(),
            clip(&name.replace(char::is_control, " "))
        )));
    }
    Ok(name.to_string())
}
