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
    /// A player resigned (declared, see [`crate::Game::declare`]).
    Resignation,
    /// The players agreed to a draw (declared).
    Agreement,
    /// A player's clock ran out and the opponent could still win (declared).
    Time,
    /// The clock of this side ran out but the opponent cannot possibly win, so the game is
    /// drawn (declared; see [`crate::Position::cannot_win`]).
    TimeoutVsInsufficientMaterial(Color),
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
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::Time => "time",
            Reason::TimeoutVsInsufficientMaterial(_) => "timeout-vs-insufficient-material",
        }
    }

    /// Words for people, following "wins by" or "draw by".
    #[inline(never)] // cold: one shared copy in the wasm
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
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::Time => "time",
            Reason::TimeoutVsInsufficientMaterial(_) => "time out against insufficient material",
        }
    }

    /// Whether the players, not the position, ended the game this way (resignation,
    /// agreement, time): such an outcome is declared with [`crate::Game::declare`].
    pub fn is_declared(self) -> bool {
        matches!(
            self,
            Reason::Resignation
                | Reason::Agreement
                | Reason::Time
                | Reason::TimeoutVsInsufficientMaterial(_)
        )
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

    /// A sentence for people, e.g. "Black wins by checkmate", "White wins on time",
    /// "Draw by agreement", "Draw: White ran out of time but Black cannot win".
    pub fn text(&self) -> String {
        match (self.winner, self.reason) {
            (Some(c), Reason::Time) => format!("{} wins on time", c.name()),
            (_, Reason::TimeoutVsInsufficientMaterial(c)) => format!(
                "Draw: {} ran out of time but {} cannot win",
                c.name(),
                c.opponent().name()
            ),
            (Some(c), r) => format!("{} wins by {}", c.name(), r.words()),
            (None, r) => format!("Draw by {}", r.words()),
        }
    }
}
