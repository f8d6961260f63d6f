//! Whether a link continues the game a page holds: the same game, the events the page holds
//! unchanged at the link's start, and only the other side's events after them.

use super::{Event, EventKind, EventView, LinkGame};
use crate::error::Error;
use crate::piece::Color;

/// What a link with a known id does to the game a page holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Continuation {
    /// The link continues the game: keep `record`; `events` are the other side's new events
    /// (moves to animate, offers and answers to show), `names` the names it gave.
    Continues {
        /// The record to keep from now on (the link's, with the names this page knew).
        record: Box<LinkGame>,
        /// The new events, in order.
        events: Vec<EventView>,
        /// The sides whose names the link gave for the first time.
        names: Vec<Color>,
    },
    /// The link holds nothing this page lacks: the same record (`older: false`), or an
    /// earlier state of it (`older: true`). Nothing changes.
    Known {
        /// Whether the link has fewer events than the page.
        older: bool,
    },
}

impl LinkGame {
    /// Compares `link` (read from a link) with this game, held by a page that plays `mine`.
    /// Refused, with a message naming what differs, when the link is of another game (id,
    /// game, start, inviter, time per move, creation), names a player otherwise than this
    /// page does (or names this page's own player when this page has no name for it),
    /// changes an event this page holds (an earlier move, an offer, a time), or makes a new
    /// event for `mine` (a move or an offer forged for this page's side). A link made before
    /// this page's last event reached the other side differs at that event: the message says
    /// to send the last link again.
    pub fn continue_with(&self, mine: Color, link: &LinkGame) -> Result<Continuation, Error> {
        self.same_game(link)?;
        let mut record = link.clone();
        let mut names = Vec::new();
        for side in Color::ALL {
            let (held, given) = (self.name(side), link.name(side));
            let slot = match side {
                Color::White => &mut record.header.white,
                Color::Black => &mut record.header.black,
            };
            if given.is_empty() || given == held {
                slot.clear();
                slot.push_str(held);
            } else if !held.is_empty() {
                return Err(Error::new(format!(
                    "the link names {} '{given}', but this game's {} is '{held}'",
                    side.name(),
                    side.name()
                )));
            } else if side == mine {
                return Err(Error::new(format!(
                    "the link names {} '{given}', the side this page plays, which this page has not named",
                    side.name()
                )));
            } else {
                names.push(side);
            }
        }
        for (i, (held, given)) in self.events.iter().zip(&link.events).enumerate() {
            if held != given {
                return Err(differs(
                    i,
                    held,
                    &self.views[i],
                    given,
                    &link.views[i],
                    mine,
                ));
            }
        }
        let new = &link.views[self.events.len().min(link.events.len())..];
        if let Some(forged) = new.iter().find(|v| v.side == mine.letter()) {
            return Err(Error::new(format!(
                "the link {} for {}, the side this page plays: {}",
                if forged.kind == "move" {
                    "makes a move"
                } else {
                    "holds an action"
                },
                mine.name(),
                forged.words
            )));
        }
        if new.is_empty() && names.is_empty() {
            return Ok(Continuation::Known {
                older: link.events.len() < self.events.len(),
            });
        }
        Ok(Continuation::Continues {
            events: new.to_vec(),
            record: Box::new(record),
            names,
        })
    }

    /// Errors naming the first thing of the header (but names) that differs.
    fn same_game(&self, link: &LinkGame) -> Result<(), Error> {
        let (a, b) = (&self.header, &link.header);
        let differs = |what: String| Err(Error::new(format!("the link is not this game: {what}")));
        if a.id != b.id {
            return differs(format!(
                "its id is {}, this game's {}",
                b.id.text(),
                a.id.text()
            ));
        }
        if a.variant != b.variant {
            return differs(format!(
                "it is {}, this game {}",
                b.variant.name(),
                a.variant.name()
            ));
        }
        if a.start != b.start {
            return differs("its start position differs from this game's".into());
        }
        if a.inviter != b.inviter {
            return differs(format!(
                "in it {} invited, in this game {}",
                b.inviter.name(),
                a.inviter.name()
            ));
        }
        if a.days != b.days {
            let days = |d: Option<u16>| d.map_or("none".to_string(), |d| format!("{d} days"));
            return differs(format!(
                "its time per move is {}, this game's {}",
                days(b.days),
                days(a.days)
            ));
        }
        if a.created != b.created {
            return differs(format!(
                "it was made at {}, this game at {}",
                super::date_time(b.created),
                super::date_time(a.created)
            ));
        }
        Ok(())
    }
}

/// The message for a link whose event `i` is not the one this page holds.
fn differs(
    i: usize,
    held: &Event,
    held_view: &EventView,
    given: &Event,
    given_view: &EventView,
    mine: Color,
) -> Error {
    if held.side == given.side && held.kind == given.kind {
        return Error::new(format!(
            "the link changes the time of event {} ({}): {} in this game, {} in the link",
            i + 1,
            held_view.words,
            super::date_time(held.at),
            super::date_time(given.at)
        ));
    }
    if let (EventKind::Move(_), EventKind::Move(_)) = (&held.kind, &given.kind) {
        return Error::new(format!(
            "the link changes an earlier move: {}'s move {} is {} in this game but {} in the link",
            held.side.name(),
            held_view.number,
            held_view.name.as_deref().unwrap_or(""),
            given_view.name.as_deref().unwrap_or("")
        ));
    }
    let mut message = format!(
        "the link differs from this game at event {}: this game has \"{}\", the link \"{}\"",
        i + 1,
        held_view.words,
        given_view.words
    );
    if held.side == mine && given.side != mine {
        message.push_str(
            " (it was made before your last link reached your friend: send that link again)",
        );
    }
    Error::new(message)
}
