//! Moves that say what they do: each carries its ordered list of effects, which the engine
//! applies and the renderer animates.

use crate::geometry::Square;
use crate::piece::{Kind, Piece};

/// How a piece travels in a [`Effect::Move`]; the renderer animates each differently.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum How {
    /// Along a line, square by square (rook, bishop, queen, pawn pushes).
    Slide,
    /// A leap over whatever is between (knight).
    Leap,
    /// One step to a neighbour (king, pawn capture).
    Step,
    /// The king's part of castling.
    CastleKing,
    /// The rook's part of castling.
    CastleRook,
    /// The berserker's hop over an orthogonally adjacent agent.
    Jump,
    /// Off one edge and back in from the opposite edge (the vagabond's wraparound).
    Wrap,
    /// To the corresponding square of another quadrant.
    Shift,
    /// Drawn one square toward a driver.
    Pulled,
    /// Pushed one square away from a driver.
    Pushed,
    /// A bishop line that bounces once off a board edge at the given square (the outlaw).
    Bounce(Square),
}

impl How {
    /// The name used in JSON and by the renderer.
    pub fn name(self) -> &'static str {
        match self {
            How::Slide => "slide",
            How::Leap => "leap",
            How::Step => "step",
            How::CastleKing => "castle-king",
            How::CastleRook => "castle-rook",
            How::Jump => "jump",
            How::Wrap => "wrap",
            How::Shift => "shift",
            How::Pulled => "pulled",
            How::Pushed => "pushed",
            How::Bounce(_) => "bounce",
        }
    }
}

/// Why a piece leaves the board in an [`Effect::Remove`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Why {
    /// Taken by the moving piece on its destination.
    Capture,
    /// Taken en passant (not on the capturer's destination).
    EnPassant,
    /// Removed by the rage of a berserker's jump.
    Rage,
    /// Absorbed by a driver.
    Absorb,
    /// Captured between two merchants.
    Custodian,
    /// One of the two agents an outlaw captures at once.
    Outlaw,
    /// Destroyed at the end of a move for having captured an outlaw.
    Destroyed,
}

impl Why {
    /// The name used in JSON and by the renderer.
    pub fn name(self) -> &'static str {
        match self {
            Why::Capture => "capture",
            Why::EnPassant => "en-passant",
            Why::Rage => "rage",
            Why::Absorb => "absorb",
            Why::Custodian => "custodian",
            Why::Outlaw => "outlaw",
            Why::Destroyed => "destroyed",
        }
    }
}

/// One thing that happens during a move. Applied in order; a removal of the piece on a
/// square comes before the move that lands there.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Effect {
    /// The piece on `from` goes to the empty square `to`.
    Move {
        /// Where it starts.
        from: Square,
        /// Where it ends.
        to: Square,
        /// How it travels.
        how: How,
    },
    /// The piece on `at` leaves the board.
    Remove {
        /// Its square.
        at: Square,
        /// Why it goes.
        why: Why,
    },
    /// The piece on `at` becomes `into` by promotion.
    Promote {
        /// Its square.
        at: Square,
        /// What it becomes.
        into: Piece,
    },
    /// A piece from the mover's hand is put on the empty square `at`.
    Place {
        /// The square.
        at: Square,
        /// The piece placed.
        piece: Piece,
    },
    /// The piece on `at` becomes `into` by a trick (it keeps its colour in `into`).
    Transform {
        /// Its square.
        at: Square,
        /// What it becomes.
        into: Piece,
    },
    /// The agents on `a` and `b` change places (a driver's switch).
    Swap {
        /// One square.
        a: Square,
        /// The other square.
        b: Square,
    },
}

/// What a player chose beyond the from- and to-square, shown in move text (see
/// [`crate::text`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Choice {
    /// Nothing to choose.
    None,
    /// The piece a pawn promotes to.
    Promotion(Kind),
    /// Free castling: the square the rook ends on.
    CastleRook(Square),
    /// A driver's pull (every ray at once).
    Pull,
    /// A driver's push of the agent on this square.
    Push(Square),
    /// A driver's switch of the agents on this square and the one opposite it.
    Switch(Square, Square),
    /// A driver's absorption of the agent on this square.
    Absorb(Square),
    /// A trickster's trick: up to two enemy pieces turned into another kind.
    Trick([Option<(Square, Kind)>; 2]),
}

/// The most effects one move can have in any game.
pub const MAX_EFFECTS: usize = 6;

/// Flags on a move that its effects alone do not say.
pub mod flags {
    /// A pawn's double step: the square passed over becomes the en passant square.
    pub const DOUBLE_STEP: u8 = 1;
    /// An en passant capture (the victim is not on the destination).
    pub const EN_PASSANT: u8 = 2;
}

/// A move: the square it starts from (none for a drop), where it ends, what was chosen, and
/// the ordered effects that carry it out.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The moving piece's square; `None` for a drop.
    pub from: Option<Square>,
    /// The square the move is named by as its destination.
    pub to: Square,
    /// The extra choice, if any.
    pub choice: Choice,
    /// See [`flags`].
    pub flags: u8,
    /// A special win this move makes at once (backstab, king between merchants...).
    pub wins: Option<crate::outcome::Reason>,
    len: u8,
    effects: [Effect; MAX_EFFECTS],
}

const FILLER: Effect = Effect::Remove {
    at: Square(0),
    why: Why::Capture,
};

impl Move {
    /// A move of one piece from `from` to `to` with no effects yet.
    pub fn new(from: Square, to: Square) -> Move {
        Move {
            from: Some(from),
            to,
            choice: Choice::None,
            flags: 0,
            wins: None,
            len: 0,
            effects: [FILLER; MAX_EFFECTS],
        }
    }

    /// A drop: `piece` from the mover's hand put on the empty square `to` (one
    /// [`Effect::Place`], no from-square; move text `P@e4`).
    pub fn drop(to: Square, piece: Piece) -> Move {
        let mut m = Move {
            from: None,
            ..Move::new(to, to)
        };
        m.push(Effect::Place { at: to, piece });
        m
    }

    /// The quiet move or capture of the piece on `from` to `to`: removes a piece on `to`
    /// if `captured`, then moves.
    pub fn simple(from: Square, to: Square, how: How, captured: bool) -> Move {
        let mut m = Move::new(from, to);
        if captured {
            m.push(Effect::Remove {
                at: to,
                why: Why::Capture,
            });
        }
        m.push(Effect::Move { from, to, how });
        m
    }

    /// Appends an effect. Generators never exceed [`MAX_EFFECTS`]; an extra one is dropped
    /// rather than panicking, and tests check the bound.
    pub fn push(&mut self, e: Effect) {
        if (self.len as usize) < MAX_EFFECTS {
            self.effects[self.len as usize] = e;
            self.len += 1;
        } else {
            debug_assert!(false, "a move with more than {MAX_EFFECTS} effects");
        }
    }

    /// The effects, in the order they happen.
    pub fn effects(&self) -> &[Effect] {
        &self.effects[..self.len as usize]
    }

    /// Whether the move changes material or wins at once: it removes, promotes or
    /// transforms an agent, or makes a special win. These are the moves quiescence search
    /// plays; everything else (slides, shifts, pulls, pushes, switches, drops) is quiet.
    #[inline]
    pub fn is_noisy(&self) -> bool {
        self.wins.is_some()
            || self.effects().iter().any(|e| {
                matches!(
                    e,
                    Effect::Remove { .. } | Effect::Promote { .. } | Effect::Transform { .. }
                )
            })
    }

    /// Whether the move removes any piece.
    pub fn is_capture(&self) -> bool {
        self.effects()
            .iter()
            .any(|e| matches!(e, Effect::Remove { .. }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_small_and_keeps_effect_order() {
        assert!(std::mem::size_of::<Move>() <= 48);
        let m = Move::simple(Square(1), Square(2), How::Leap, true);
        assert_eq!(
            m.effects(),
            [
                Effect::Remove {
                    at: Square(2),
                    why: Why::Capture
                },
                Effect::Move {
                    from: Square(1),
                    to: Square(2),
                    how: How::Leap
                }
            ]
        );
        assert!(m.is_capture());
        assert!(!Move::simple(Square(1), Square(2), How::Leap, false).is_capture());
    }

    #[test]
    fn a_drop_has_no_from_square_and_one_place_effect() {
        let piece = Piece::new(crate::piece::Color::White, Kind::Pawn);
        let m = Move::drop(Square(7), piece);
        assert_eq!(
            (m.from, m.to, m.choice, m.flags),
            (None, Square(7), Choice::None, 0)
        );
        assert_eq!(
            m.effects(),
            [Effect::Place {
                at: Square(7),
                piece
            }]
        );
        assert!(!m.is_capture());
    }
}
