//! Quarter Chess: evaluation parameters and the game's own terms.

use crate::piece::Kind;
use crate::position::Position;

use super::{Params, Tables};

/// Quarter Chess's parameters (see `docs/engine.md` for where each value comes from).
pub(super) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Knight, 450),
        (Kind::Rook, 595),
        (Kind::Archbishop, 855),
        (Kind::Driver, 625),
        (Kind::Merchant, 480),
    ],
    hand: 0,
    centre: &[
        (Kind::Knight, 30),
        (Kind::Archbishop, 15),
        (Kind::Driver, 15),
        (Kind::Merchant, 20),
        (Kind::Pawn, 10),
        (Kind::King, -20),
    ],
    advance: 60,
    mobility: 40,
    king_ring: 8,
    null_move: super::has_pieces,
};

/// Quarter Chess's own terms, White's less Black's.
pub(super) fn terms(_pos: &Position, _t: &Tables) -> i32 {
    0
}
