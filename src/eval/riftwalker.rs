//! Riftwalker Chess: evaluation parameters and the game's own terms.

use crate::piece::Kind;
use crate::position::Position;

use super::{Params, Tables};

/// Riftwalker Chess's parameters (see `docs/engine.md` for where each value comes from).
pub(super) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Scout, 125),
        (Kind::Mystic, 90),
        (Kind::Rook, 115),
        (Kind::Bishop, 140),
        (Kind::Knight, 160),
        (Kind::Queen, 245),
        (Kind::Wizard, 245),
    ],
    hand: 0,
    centre: &[
        (Kind::Pawn, 10),
        (Kind::Scout, 20),
        (Kind::Mystic, 20),
        (Kind::Rook, 20),
        (Kind::Bishop, 20),
        (Kind::Knight, 20),
        (Kind::Queen, 20),
        (Kind::Wizard, 20),
        (Kind::King, -10),
    ],
    advance: 40,
    mobility: 40,
    king_ring: 8,
    null_move: super::has_pieces,
};

/// Riftwalker Chess's own terms, White's less Black's.
pub(super) fn terms(_pos: &Position, _t: &Tables) -> i32 {
    0
}
