//! Static exchange evaluation played out: after a move, each side in turn takes back on the
//! mover's square with its least valuable piece that can, and either side may stop when
//! going on would lose. The recaptures are the game's own legal noisy moves, so it holds for
//! every game's capture rules (rage, double captures, custodian captures, pins), at the cost
//! of a move generation per step: the search asks it only where the cheap test
//! ([`exchange`]) sees a loss. Here too what a move gains at once ([`gain`]) and that cheap
//! test, which move ordering asks first.

use crate::eval::value_of;
use crate::geometry::Square;
use crate::moves::{Effect, Move};
use crate::position::Position;

/// How many recaptures are played out at most.
const MAX_STEPS: usize = 8;
/// What a recapture that wins the game at once counts (more than any material).
const WIN: i32 = 20_000;

/// What a move gains in material for the side that makes it, at once (before any reply),
/// in centipawns: its effects' change for the mover less the change for the opponent.
#[inline]
pub(crate) fn gain(pos: &Position, m: &Move) -> i32 {
    let v = pos.variant();
    let change = pos.material_change(m, |p| value_of(v, p));
    let us = pos.side().index();
    change[us] - change[1 - us]
}

/// What a move gains once the opponent takes back on its destination if it can: [`gain`]
/// less the mover's value when the enemy attacks the square it lands on (seen before the
/// move, so a defender behind the mover is missed). A cheap stand-in for static exchange
/// evaluation that works in every game, since it asks only the game's own attack test.
#[inline]
pub(crate) fn exchange(pos: &Position, m: &Move) -> i32 {
    let g = gain(pos, m);
    let Some(from) = m.from else { return g };
    let Some(mover) = pos.piece_at(from) else {
        return g;
    };
    if !lands(m, from) {
        return g;
    }
    let rules = pos.variant().rules();
    if rules.is_attacked(pos, m.to, pos.side().opponent()) {
        g - value_of(pos.variant(), mover)
    } else {
        g
    }
}

/// Whether the piece on `from` ends on the move's named destination (only such a mover can
/// be taken back there).
pub(crate) fn lands(m: &Move, from: Square) -> bool {
    m.effects()
        .iter()
        .any(|e| matches!(e, Effect::Move { from: f, to, .. } if *f == from && *to == m.to))
}

/// What `m` wins in material for the side that makes it once the exchange on its
/// destination is over, in centipawns, each side taking back with its least valuable piece
/// while that pays.
pub(crate) fn see(pos: &Position, m: &Move) -> i32 {
    let first = gain(pos, m);
    let Some(from) = m.from else { return first };
    if !lands(m, from) || m.wins.is_some() {
        return first;
    }
    let target = m.to;
    let mut gains = [0i32; MAX_STEPS + 1];
    gains[0] = first;
    let mut n = 1;
    let mut now = pos.clone();
    now.apply(m);
    let mut moves = Vec::new();
    while n <= MAX_STEPS {
        moves.clear();
        now.noisy_moves_into(&mut moves);
        let v = now.variant();
        let takes_back = |r: &&Move| {
            r.effects()
                .iter()
                .any(|e| matches!(e, Effect::Remove { at, .. } if *at == target))
        };
        let cheapest = moves
            .iter()
            .filter(takes_back)
            .filter_map(|r| Some((value_of(v, now.piece_at(r.from?)?), r)))
            .min_by_key(|&(value, r)| (value, -gain(&now, r)));
        let Some((_, &r)) = cheapest else { break };
        if r.wins.is_some() {
            gains[n] = WIN;
            n += 1;
            break;
        }
        gains[n] = gain(&now, &r);
        n += 1;
        now.apply(&r);
        if !r.from.is_some_and(|f| lands(&r, f)) {
            break;
        }
    }
    // From the last capture back: each side takes back only if that gains.
    for i in (1..n).rev() {
        gains[i - 1] -= gains[i].max(0);
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Variant;

    fn see_of(v: Variant, text: &str, mv: &str) -> i32 {
        let pos = Position::from_text(v, text).unwrap();
        let m = pos.parse_any(mv).unwrap();
        see(&pos, &m)
    }

    /// Orthodox exchanges worked by hand, with the game's values (pawn 100, knight 314,
    /// bishop 329, rook 511, queen 1078).
    #[test]
    fn orthodox_exchanges() {
        // A pawn takes an undefended knight.
        assert_eq!(
            see_of(
                Variant::Orthodox,
                "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1",
                "exd5"
            ),
            314
        );
        // The rook takes a pawn defended by a pawn: the rook is lost for a pawn.
        assert_eq!(
            see_of(
                Variant::Orthodox,
                "4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1",
                "Rxd5"
            ),
            100 - 511
        );
        // The rook takes a bishop defended by the queen alone, and a second rook stands
        // behind it: the queen will not take back (it would be lost for a rook).
        assert_eq!(
            see_of(
                Variant::Orthodox,
                "3qk3/8/8/3b4/8/8/3R4/3RK3 w - - 0 1",
                "Rxd5"
            ),
            329
        );
        // Knight takes a pawn that a pawn defends; the knight is taken, then a bishop takes
        // the pawn back: 100 - 314 + 100.
        assert_eq!(
            see_of(
                Variant::Orthodox,
                "4k3/8/2p5/3p4/8/2N5/B7/4K3 w - - 0 1",
                "Nxd5"
            ),
            100 - 314 + 100
        );
    }

    /// In every game, along random play: the exchange never gains more than the capture
    /// itself, and where the opponent cannot take back on the destination it gains exactly
    /// that.
    #[test]
    fn every_game_bounds_the_exchange_by_the_capture() {
        for v in Variant::ALL {
            let mut rng = fastrand::Rng::with_seed(11);
            let mut checked = 0;
            for _ in 0..20 {
                let mut pos = Position::start(v).unwrap();
                for _ in 0..60 {
                    let mut noisy = Vec::new();
                    pos.noisy_moves_into(&mut noisy);
                    for m in &noisy {
                        let (s, g) = (see(&pos, m), gain(&pos, m));
                        assert!(
                            s <= g,
                            "{}: {m:?} gains {g} but exchanges for {s}",
                            pos.to_text()
                        );
                        let mut after = pos.clone();
                        after.apply(m);
                        let mut replies = Vec::new();
                        after.noisy_moves_into(&mut replies);
                        let back = replies.iter().any(|r| {
                            r.effects()
                                .iter()
                                .any(|e| matches!(e, Effect::Remove { at, .. } if *at == m.to))
                        });
                        if !back {
                            assert_eq!(s, g, "{}: {m:?}", pos.to_text());
                        }
                        checked += 1;
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.apply(&moves[rng.usize(..moves.len())]);
                }
            }
            assert!(checked > 100, "{}: only {checked} captures", v.name());
        }
    }
}
