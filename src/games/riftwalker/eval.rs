//! Riftwalker Chess: evaluation parameters and the game's own terms.

use crate::geometry::squares;
use crate::piece::{Color, Kind};
use crate::position::Position;

use crate::eval::{Params, Tables};

/// Riftwalker Chess's parameters (see `docs/engine.md` for where each value comes from).
pub(crate) const PARAMS: Params = Params {
    values: &[
        (Kind::Pawn, 330),
        (Kind::Scout, 410),
        (Kind::Mystic, 300),
        (Kind::Rook, 385),
        (Kind::Bishop, 465),
        (Kind::Knight, 530),
        (Kind::Queen, 815),
        (Kind::Wizard, 810),
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
    king_endgame: 0,
    cells: &[],
    own: &[6, -10],
    own_terms: false,
};

/// Riftwalker Chess's own terms, by name in the order of `PARAMS.own`:
/// - per own agent on a cell next to the king (up to eight in four dimensions): every piece
///   moves a few steps at most (R5-R7), so attacks come from near, and the cells a friend
///   holds no enemy can step onto;
/// - per enemy piece (not a pawn) within two steps of the king: every capture is a short
///   move, so pieces near the king are the ones that can attack it.
pub(crate) const OWN: [&str; 2] = ["shelter", "near_king"];

/// What each of Riftwalker Chess's own terms ([`OWN`]) counts, White's less Black's, in the
/// 4-D king-step graph.
pub(crate) fn counts(pos: &Position, t: &Tables) -> [i32; OWN.len()] {
    let mut counts = [0; OWN.len()];
    for c in Color::ALL {
        let them = pos.pieces_of(c.opponent());
        let s = crate::eval::sign(c);
        for k in squares(pos.kings_of(c)) {
            let ring = t.ring(k);
            counts[0] += s * (ring & pos.pieces_of(c)).count_ones() as i32;
            let near = squares(ring).fold(ring, |m, r| m | t.ring(r)) & them;
            let pieces = squares(near)
                .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.kind() != Kind::Pawn))
                .count() as i32;
            counts[1] += s * pieces;
        }
    }
    counts
}

/// Riftwalker Chess's own terms, White's less Black's: the king's shelter and the enemy
/// pieces near it.
pub(crate) fn terms(pos: &Position, t: &Tables) -> i32 {
    crate::eval::dot(t.params.own, &counts(pos, t))
}
