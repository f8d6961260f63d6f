//! What a player of a game by link does besides moving: offers, the answers to them, a
//! resignation and a claim that the due date passed.

use crate::error::clip;
use crate::error::Error;

/// Something a player does in a game by link that is not a move. Each travels in the next
/// link as one event of the record, like a move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Offers a draw; it stands until the opponent accepts, declines or moves.
    DrawOffer,
    /// Accepts the opponent's draw offer: the game is drawn by agreement.
    DrawAccept,
    /// Declines the opponent's draw offer.
    DrawDecline,
    /// Asks to take back one's last move (and the opponent's reply to it, if made).
    TakebackRequest,
    /// Accepts the opponent's takeback request: its moves leave the game.
    TakebackAccept,
    /// Declines the opponent's takeback request.
    TakebackDecline,
    /// Resigns: the opponent wins.
    Resign,
    /// Claims that the opponent's due date passed: a win on time (a draw when the claimant
    /// cannot win, as when a flag falls).
    ClaimTime,
}

impl Action {
    /// Every action, in the order the link codes them (see [`crate::bylink`]).
    pub const ALL: [Action; 8] = [
        Action::DrawOffer,
        Action::DrawAccept,
        Action::DrawDecline,
        Action::TakebackRequest,
        Action::TakebackAccept,
        Action::TakebackDecline,
        Action::Resign,
        Action::ClaimTime,
    ];

    /// Its place in [`Action::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The id the page and the views use, e.g. `draw-offer`.
    pub fn id(self) -> &'static str {
        match self {
            Action::DrawOffer => "draw-offer",
            Action::DrawAccept => "draw-accept",
            Action::DrawDecline => "draw-decline",
            Action::TakebackRequest => "takeback-request",
            Action::TakebackAccept => "takeback-accept",
            Action::TakebackDecline => "takeback-decline",
            Action::Resign => "resign",
            Action::ClaimTime => "claim-time",
        }
    }

    /// The action of an id ([`Action::id`]).
    pub fn from_id(id: &str) -> Result<Action, Error> {
        Action::ALL
            .into_iter()
            .find(|a| a.id() == id.trim())
            .ok_or_else(|| {
                let ids: Vec<&str> = Action::ALL.iter().map(|a| a.id()).collect();
                Error::new(format!(
                    "'{}' is not an action of a game by link ({})",
                    clip(id),
                    ids.join(", ")
                ))
            })
    }

    /// Words for people after the side's name: "White offers a draw".
    pub fn words(self) -> &'static str {
        match self {
            Action::DrawOffer => "offers a draw",
            Action::DrawAccept => "accepts the draw offer",
            Action::DrawDecline => "declines the draw offer",
            Action::TakebackRequest => "asks to take back a move",
            Action::TakebackAccept => "accepts the takeback",
            Action::TakebackDecline => "declines the takeback",
            Action::Resign => "resigns",
            Action::ClaimTime => "claims the due date passed",
        }
    }
}
