//! The search's settings that differ per game, each game's declared in its folder
//! (`src/games/<game>/mod.rs`, `SEARCH`), and the null-move guards they choose from.

use crate::games::{with_game, Variant};
use crate::geometry::squares;
use crate::piece::Kind;
use crate::position::Position;

/// How the search plays one game.
#[derive(Debug)]
pub struct SearchSettings {
    /// The deepest quiescence, in plies past the horizon: 16, fewer where chains of
    /// captures that each win something go on for twenty plies and more (Riftwalker's armies
    /// start in contact on a board where every agent touches many: measured, 23,000 nodes for
    /// a 1-ply search from the start with 8 plies, 290 with 4).
    pub quiescence_plies: usize,
    /// Whether the search may try a null move (pass) here: false where zugzwang is common.
    pub null_move: fn(&Position) -> bool,
    /// The deepest remaining depth at which reverse futility pruning may cut a node: 3,
    /// or 1 where quiet moves often threaten mate (Pawnier's drops), since a cut at depth 2
    /// or more skips the opponent's quiet mating reply that a full search would see.
    pub reverse_futility: i32,
    /// Whether the search plays out static exchanges (`src/search/see.rs`) to order, and
    /// prune, captures that lose: on where it gained in games at equal time
    /// (`docs/engine.md`); elsewhere the cheap test alone.
    pub exchanges: bool,
}

/// A game's search settings.
#[inline]
pub fn settings(variant: Variant) -> &'static SearchSettings {
    with_game!(variant, game => &game::SEARCH)
}

/// Whether the side to move has an agent other than its king, pawns and sergeants: the
/// usual guard against zugzwang, where passing would be better than any move.
pub(crate) fn has_pieces(pos: &Position) -> bool {
    let us = pos.side();
    squares(pos.pieces_of(us) & !pos.kings()).any(|s| {
        pos.piece_at(s)
            .is_some_and(|p| !matches!(p.kind(), Kind::Pawn | Kind::Sergeant))
    })
}

/// Pawnier Chess: passing is never better than a move while a pawn in hand can be dropped,
/// or while the side has pawns enough to relay powers to each other.
pub(crate) fn may_pass(pos: &Position) -> bool {
    let us = pos.side();
    pos.hand(us) > 0 || (pos.pieces_of(us) & !pos.kings()).count_ones() >= 6
}
