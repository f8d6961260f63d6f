//! Bandit Chess: evaluation parameters and the game's own terms.

use crate::piece::Kind;
use crate::position::Position;

use super::{Params, Tables};

/// Bandit Chess's parameters (see `docs/engine.md` for where each value comes from).
pub(super) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Sergeant, 160),
        (Kind::Knight, 300),
        (Kind::Bishop, 290),
        (Kind::Rook, 425),
        (Kind::Chancellor, 835),
        (Kind::Trickster, 450),
        (Kind::Outlaw, 355),
    ],
    hand: 0,
    centre: &[
        (Kind::Knight, 30),
        (Kind::Bishop, 15),
        (Kind::Chancellor, 10),
        (Kind::Pawn, 10),
        (Kind::King, -20),
    ],
    advance: 50,
    mobility: 40,
    king_ring: 8,
    null_move: super::has_pieces,
};

/// Bandit Chess's own terms, White's less Black's.
pub(super) fn terms(_pos: &Position, _t: &Tables) -> i32 {
    0
}
