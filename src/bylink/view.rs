//! Serialisable views of a game by link for the page: each event of the record, and the
//! game as the list of games by link shows it.

use serde::Serialize;

use super::action::Action;
use super::LinkGame;
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;

/// One event of the record: a move or an action, by whom and when.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct EventView {
    /// Its place in the record (0 = the first event).
    pub index: usize,
    /// Who made it: `w` or `b`.
    pub side: char,
    /// `move`, or the action's id ([`Action::id`]: `draw-offer`, `resign`, ...).
    pub kind: &'static str,
    /// The move's text (`e2e4`), for a move.
    pub text: Option<String>,
    /// The move's name (`e4`, SAN for orthodox chess), for a move.
    pub name: Option<String>,
    /// The number of the full move it came at (a move's own number).
    pub number: u16,
    /// When it was made, in Unix minutes.
    pub at: u64,
    /// Words for people: `White plays 12. Nf3`, `Black offers a draw`.
    pub words: String,
}

impl EventView {
    /// A move `m` played in `before`.
    pub(crate) fn mv(index: usize, before: &Position, m: &Move, at: u64) -> EventView {
        let side = before.side();
        let number = before.fullmove();
        let name = before.move_name(m);
        let dots = if side == Color::White { "." } else { "..." };
        EventView {
            index,
            side: side.letter(),
            kind: "move",
            text: Some(before.move_text(m)),
            words: format!("{} plays {number}{dots} {name}", side.name()),
            name: Some(name),
            number,
            at,
        }
    }

    /// An action of `side` at move `number`.
    pub(crate) fn action(
        index: usize,
        side: Color,
        action: Action,
        number: u16,
        at: u64,
    ) -> EventView {
        EventView {
            index,
            side: side.letter(),
            kind: action.id(),
            text: None,
            name: None,
            number,
            at,
            words: format!("{} {}", side.name(), action.words()),
        }
    }
}

/// A game by link as the page lists it (Games by link: opponent, whose turn, last move and
/// when) and shows it beside the board.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Summary {
    /// The game's id (16 base64url characters).
    pub id: String,
    /// The game ([`crate::Variant::id`]).
    pub game: &'static str,
    /// White's name (empty until known).
    pub white: String,
    /// Black's name (empty until known).
    pub black: String,
    /// The side of the player who made the invitation: `w` or `b`.
    pub inviter: char,
    /// The time per move in days, if any.
    pub days: Option<u16>,
    /// When the game was made, in Unix minutes.
    pub created: u64,
    /// The side to move (`w` or `b`), or `None` once the game is over.
    pub turn: Option<char>,
    /// The last event, if any.
    pub last: Option<EventView>,
    /// The last move, if any (taken-back moves are gone).
    pub last_move: Option<String>,
    /// When the side to move must have moved (Unix minutes), if a time per move runs.
    pub due: Option<u64>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<char>,
    /// The side whose takeback request stands.
    pub takeback: Option<char>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub result: &'static str,
    /// How it ended, for people (`White wins by resignation`), once it has.
    pub outcome: Option<String>,
    /// How many moves (plies) the game has now.
    pub plies: usize,
}

impl Summary {
    pub(crate) fn of(game: &LinkGame) -> Summary {
        let outcome = game.outcome();
        let play = game.game();
        Summary {
            id: game.id().text(),
            game: game.variant().id(),
            white: game.name(Color::White).to_string(),
            black: game.name(Color::Black).to_string(),
            inviter: game.inviter().letter(),
            days: game.days(),
            created: game.created(),
            turn: outcome.is_none().then(|| game.side_to_move().letter()),
            last: game.views().last().cloned(),
            last_move: play.line_names().last().cloned(),
            due: game.due(),
            draw_offer: game.draw_offer().map(Color::letter),
            takeback: game.takeback_request().map(Color::letter),
            result: outcome.map_or("*", |o| o.result()),
            outcome: outcome.map(|o| o.text()),
            plies: play.ply(),
        }
    }
}
