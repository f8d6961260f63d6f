//! The rules of a game by link's record: which event may come next, and what it does to the
//! game. Both pages replay the same record by these rules, so they hold the same game, the
//! same offers and the same result.

use super::action::Action;
use super::view::EventView;
use super::{Event, EventKind};
use crate::error::Error;
use crate::game::Game;
use crate::outcome::Outcome;
use crate::piece::Color;

/// Minutes in a day: a time per move is counted in days, times in minutes.
pub const MINUTES_PER_DAY: u64 = 24 * 60;

/// A record replayed: the game now, the offers standing and when the turn began.
#[derive(Clone, Debug)]
pub(crate) struct Play {
    /// The game as it stands: the moves left after takebacks (one line, no variations), with
    /// an end the players declared (resignation, agreement, a claim on time).
    pub game: Game,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The side whose takeback request stands.
    pub takeback: Option<Color>,
    /// When the side to move's turn began (Unix minutes): the last move or takeback, or the
    /// game's creation.
    pub turn_since: u64,
}

impl Play {
    /// The game before any event.
    pub fn new(game: Game, created: u64) -> Play {
        Play {
            game,
            draw_offer: None,
            takeback: None,
            turn_since: created,
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.game.position().side()
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// When the side to move must have moved (Unix minutes), with a time per move of `days`:
    /// the start of its turn plus the time per move. `None` without a time per move, once the
    /// game is over, and until each side has made a move (before that the clock does not
    /// run, as in lichess's correspondence games).
    pub fn due(&self, days: Option<u16>) -> Option<u64> {
        let days = u64::from(days?);
        if self.outcome().is_some() || self.game.ply() < 2 {
            return None;
        }
        Some(self.turn_since + days * MINUTES_PER_DAY)
    }

    /// Applies `event` (the record's event number `index`, 0 first) or says why it cannot
    /// come now; on an error nothing changes. The view says what it was.
    pub fn apply(
        &mut self,
        index: usize,
        event: &Event,
        days: Option<u16>,
    ) -> Result<EventView, Error> {
        let side = event.side;
        let number = self.game.position().fullmove();
        if let Some(o) = self.outcome() {
            return Err(Error::new(format!("the game is over: {}", o.text())));
        }
        let action = match &event.kind {
            EventKind::Move(text) => return self.play(index, event, text),
            EventKind::Action(a) => *a,
        };
        let opponent = side.opponent();
        match action {
            Action::DrawOffer => {
                if let Some(by) = self.draw_offer {
                    return Err(Error::new(if by == side {
                        format!("{}'s draw offer already stands", side.name())
                    } else {
                        format!(
                            "{} has offered a draw: {} can accept or decline it",
                            by.name(),
                            side.name()
                        )
                    }));
                }
                self.draw_offer = Some(side);
            }
            Action::DrawAccept | Action::DrawDecline => {
                if self.draw_offer != Some(opponent) {
                    return Err(Error::new(format!(
                        "{} cannot {} a draw: {} has offered none",
                        side.name(),
                        if action == Action::DrawAccept {
                            "accept"
                        } else {
                            "decline"
                        },
                        opponent.name()
                    )));
                }
                if action == Action::DrawAccept {
                    self.game.agree_draw()?;
                }
                self.draw_offer = None;
            }
            Action::TakebackRequest => {
                if let Some(by) = self.takeback {
                    return Err(Error::new(if by == side {
                        format!("{}'s takeback request already stands", side.name())
                    } else {
                        format!(
                            "{} has asked for a takeback: {} can accept or decline it",
                            by.name(),
                            side.name()
                        )
                    }));
                }
                if self.last_move_of(side).is_none() {
                    return Err(Error::new(format!(
                        "{} cannot ask to take back a move: {} has made none",
                        side.name(),
                        side.name()
                    )));
                }
                self.takeback = Some(side);
            }
            Action::TakebackAccept | Action::TakebackDecline => {
                if self.takeback != Some(opponent) {
                    return Err(Error::new(format!(
                        "{} cannot {} a takeback: {} has asked for none",
                        side.name(),
                        if action == Action::TakebackAccept {
                            "accept"
                        } else {
                            "decline"
                        },
                        opponent.name()
                    )));
                }
                if action == Action::TakebackAccept {
                    // Back to before the requester's last move (its reply goes with it).
                    let keep = self.last_move_of(opponent).unwrap_or(0);
                    let mut game = Game::from_position(self.game.start().clone());
                    for m in &self.game.moves()[..keep] {
                        game.play_move(*m);
                    }
                    self.game = game;
                    self.draw_offer = None;
                    self.turn_since = event.at;
                }
                self.takeback = None;
            }
            Action::Resign => {
                self.game.resign(side)?;
            }
            Action::ClaimTime => {
                let Some(due) = self.due(days) else {
                    return Err(Error::new(format!(
                        "{} cannot claim the due date: {}",
                        side.name(),
                        if days.is_none() {
                            "the game has no time per move"
                        } else {
                            "the clock runs only once each side has moved"
                        }
                    )));
                };
                if self.side_to_move() != opponent {
                    return Err(Error::new(format!(
                        "{} cannot claim the due date: it is {}'s own turn",
                        side.name(),
                        side.name()
                    )));
                }
                if event.at < due {
                    return Err(Error::new(format!(
                        "{} claimed the due date at {} but {}'s move is due at {}",
                        side.name(),
                        super::export::date_time(event.at),
                        opponent.name(),
                        super::export::date_time(due)
                    )));
                }
                self.game.flag_fall(opponent)?;
            }
        }
        Ok(EventView::action(index, side, action, number, event.at))
    }

    /// Plays a move of the record: by the side to move, legal. A move declines the
    /// opponent's draw offer and ends any takeback request (the opponent's is declined, the
    /// mover's own withdrawn); the mover's own draw offer stands.
    fn play(&mut self, index: usize, event: &Event, text: &str) -> Result<EventView, Error> {
        let side = event.side;
        let mover = self.side_to_move();
        if side != mover {
            return Err(Error::new(format!(
                "{} cannot move: it is {}'s turn",
                side.name(),
                mover.name()
            )));
        }
        let before = self.game.position().clone();
        let m = self.game.play(text)?;
        if self.draw_offer == Some(side.opponent()) {
            self.draw_offer = None;
        }
        self.takeback = None;
        self.turn_since = event.at;
        Ok(EventView::mv(index, &before, &m, event.at))
    }

    /// How many moves of the game come before `side`'s last move (its ply), if it made one.
    fn last_move_of(&self, side: Color) -> Option<usize> {
        (0..self.game.ply())
            .rev()
            .find(|&i| self.game.position_at(i).is_some_and(|p| p.side() == side))
    }
}
