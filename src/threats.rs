//! Threats made visible: which enemy agents give check and along which cells, and the cells a
//! move travels through, for the page's arrows. Both come from each game's own rules (its
//! move generation and [`crate::games::rules::Rules::move_path`]), never from rules of their own,
//! and both run once per position shown, never in search.
//!
//! A check is a pseudo-legal capture of a king by the other side ([`Why::Capture`], or the
//! rage of a Vagabond berserker's jump, [`Why::Rage`]): exactly the moves RULES.md counts as
//! attacks. Removals that are not attacks are left out by their reason: an outlaw's double
//! capture (Bandit B11), a merchant's custodian capture and a driver's absorption (Quarter:
//! merchants and drivers never give check). Frozen agents make no move, so they give none.

use crate::geometry::{bit, Square};
use crate::moves::{Effect, Move, Why};
use crate::position::Position;

/// One check: the agent that gives it, the king it attacks, and the cells between them in
/// the order the attack passes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The checking agent's square.
    pub from: Square,
    /// The attacked king's square.
    pub king: Square,
    /// The cells the attack passes, in order, neither end included: a slide's squares, a
    /// 4-D walk's cells, the hopped square and the landing square of a berserker's jump
    /// whose rage falls on the king; empty for a step or a leap.
    pub path: Vec<Square>,
}

/// Every check on the side to move's kings, sorted by king and then checking square; empty
/// when no king of the side to move is attacked.
pub fn checks(pos: &Position) -> Vec<Check> {
    let side = pos.side();
    let kings = pos.kings_of(side);
    let rules = pos.rules();
    if kings == 0 || !rules.king_attacked(pos, side) {
        return Vec::new();
    }
    // The other side's moves, as if it were its turn (the board is unchanged).
    let mut theirs = pos.clone();
    theirs.pass();
    let mut moves = Vec::new();
    rules.pseudo_moves(&theirs, &mut moves);
    let mut out: Vec<Check> = Vec::new();
    for m in &moves {
        let Some(from) = m.from else { continue };
        for e in m.effects() {
            let Effect::Remove { at, why } = *e else {
                continue;
            };
            if !matches!(why, Why::Capture | Why::Rage)
                || kings & bit(at) == 0
                || out.iter().any(|c| c.from == from && c.king == at)
            {
                continue;
            }
            let mut path = rules.move_path(&theirs, m);
            if m.to != at {
                // The attack lands elsewhere and reaches the king from there (rage).
                path.push(m.to);
            }
            out.push(Check {
                from,
                king: at,
                path,
            });
        }
    }
    // The crate's small stable sort: the standard one adds about 7 KB to the wasm.
    crate::sorting::sort_by(&mut out, |a, b| (a.king, a.from) < (b.king, b.from));
    out
}

/// The cells a move of the side to move passes between its origin and its destination, in
/// order (see [`crate::games::rules::Rules::move_path`]): a bounce's two legs with the square it
/// turns on, a slide's squares, a 4-D walk's cells.
pub fn move_path(pos: &Position, m: &Move) -> Vec<Square> {
    pos.rules().move_path(pos, m)
}
