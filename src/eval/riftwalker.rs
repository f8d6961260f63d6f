//! Riftwalker Chess: evaluation parameters and the game's own terms.

use crate::piece::Kind;
use crate::position::Position;

use super::{Params, Tables};

/// Riftwalker Chess's parameters (see `docs/engine.md` for where each value comes from).
pub(super) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Scout, 200),
        (Kind::Mystic, 250),
        (Kind::Rook, 250),
        (Kind::Bishop, 300),
        (Kind::Knight, 250),
        (Kind::Queen, 350),
        (Kind::Wizard, 400),
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
