//! Pawnier Chess: evaluation parameters and the game's own terms.

use crate::piece::Kind;
use crate::position::Position;

use super::{Params, Tables};

/// Pawnier Chess's parameters (see `docs/engine.md` for where each value comes from).
pub(super) const PARAMS: Params = Params {
    values: &[(Kind::Pawn, 100), (Kind::Sergeant, 40), (Kind::Knight, 95)],
    hand: 100,
    centre: &[
        (Kind::Pawn, 10),
        (Kind::Knight, 30),
        (Kind::Sergeant, 10),
        (Kind::King, -20),
    ],
    advance: 40,
    mobility: 20,
    king_ring: 8,
    null_move: super::may_pass,
};

/// Pawnier Chess's own terms, White's less Black's.
pub(super) fn terms(_pos: &Position, _t: &Tables) -> i32 {
    0
}
