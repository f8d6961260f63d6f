//! Vagabond Chess: evaluation parameters and the game's own terms.

use crate::piece::Kind;
use crate::position::Position;

use super::{Params, Tables};

/// Vagabond Chess's parameters (see `docs/engine.md` for where each value comes from).
pub(super) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Rook, 260),
        (Kind::Archbishop, 380),
        (Kind::Berserker, 215),
        (Kind::Vagabond, 255),
    ],
    hand: 0,
    centre: &[
        (Kind::Archbishop, 15),
        (Kind::Berserker, 25),
        (Kind::Vagabond, 20),
        (Kind::Pawn, 10),
        (Kind::King, -20),
    ],
    advance: 0,
    mobility: 40,
    king_ring: 8,
    null_move: super::has_pieces,
};

/// Vagabond Chess's own terms, White's less Black's.
pub(super) fn terms(_pos: &Position, _t: &Tables) -> i32 {
    0
}
