//! Orthodox chess: evaluation parameters and the game's own terms.

use crate::piece::Kind;
use crate::position::Position;

use super::{Params, Tables};

/// Orthodox chess's parameters (see `docs/engine.md` for where each value comes from).
pub(super) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 100),
        (Kind::Knight, 325),
        (Kind::Bishop, 330),
        (Kind::Rook, 495),
        (Kind::Queen, 950),
    ],
    hand: 0,
    centre: &[
        (Kind::Knight, 30),
        (Kind::Bishop, 15),
        (Kind::Queen, 5),
        (Kind::Pawn, 10),
        (Kind::King, -20),
    ],
    advance: 60,
    mobility: 40,
    king_ring: 8,
    null_move: super::has_pieces,
};

/// Orthodox chess's own terms, White's less Black's.
pub(super) fn terms(_pos: &Position, _t: &Tables) -> i32 {
    0
}
