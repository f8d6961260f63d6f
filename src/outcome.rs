//! How a game ends: who won (if anyone) and why.

use crate::piece::Color;

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// The side to move has no legal move and a king attacked.
    Checkmate,
    /// The side to move has no legal move and no king attacked.
    Stalemate,
    /// The same position for the third time.
    Repetition,
    /// 100 plies in a row with nothing irreversible.
    HundredPly,
    /// Neither side can win (kings alone, or the orthodox dead positions).
    InsufficientMaterial,
    /// Quarter Chess: the enemy king was captured between two merchants.
    Backstab,
    /// Quarter Chess: a move left the enemy king between two of the mover's merchants.
    KingTrapped,
    /// Bandit Chess: an outlaw captured the enemy king.
    KingCaptured,
}

impl Reason {
    /// The reason's id, as the command line and the page print it.
    pub fn id(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::HundredPly => "hundred-ply",
            Reason::InsufficientMaterial => "insufficient-material",
            Reason::Backstab => "backstab",
            Reason::KingTrapped => "king-trapped",
            Reason::KingCaptured => "king-captured",
        }
    }

    /// Words for people, following "wins by" or "draw by".
    pub fn words(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "threefold repetition",
            Reason::HundredPly => "the 100-ply rule",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::Backstab => "backstab",
            Reason::KingTrapped => "trapping the king between merchants",
            Reason::KingCaptured => "capturing the king with an outlaw",
        }
    }
}

/// The end of a game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: Reason,
}

impl Outcome {
    /// A win for `winner`.
    pub fn win(winner: Color, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    /// A draw.
    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// A sentence for people, e.g. "Black wins by checkmate".
    pub fn text(&self) -> String {
        match self.winner {
            Some(c) => format!("{} wins by {}", c.name(), self.reason.words()),
            None => format!("Draw by {}", self.reason.words()),
        }
    }
}
