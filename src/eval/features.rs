//! The evaluation as weights times features, for tuning (Texel's method): each weight of a
//! game's [`Params`] (piece values, pawns in hand, the centre per kind, pawns' advance,
//! mobility, the king's ring, the per-cell tables, the own terms held in `Params::own`)
//! with what it multiplies in a position, White's less Black's.
//! The evaluation is then `weights · features + fixed` (White's view), up to the integer
//! rounding of the real one (a test keeps the two together), where `fixed` holds what is not
//! tuned: the tempo. A game's own terms are weights in every game; where they do not count
//! in play ([`Params::own_terms`]) their weights start at 0.

use super::{king_attacks, king_centre, mobility, sign, Params, Tables, TEMPO};
use crate::games::Variant;
use crate::geometry::squares;
use crate::piece::{Color, Kind};
use crate::position::Position;

/// What a weight is: its place in a game's [`Params`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Weight {
    /// A kind's value.
    Value(Kind),
    /// A pawn in hand.
    Hand,
    /// A kind's centre weight.
    Centre(Kind),
    /// A pawn's or sergeant's advance.
    Advance,
    /// Tenths of a centipawn per move of mobility.
    Mobility,
    /// Per cell next to a king that the enemy attacks.
    KingRing,
    /// The king's centre weight added as the board empties.
    KingEndgame,
    /// A kind's bonus on a class of cells ([`Tables::cell_class`]).
    Cell(Kind, u16),
    /// One of the game's own terms ([`Params::own`]), by its place there.
    Own(Variant, u8),
}

impl Weight {
    /// The name Rust gives it in the game's `PARAMS`.
    pub fn name(self) -> String {
        match self {
            Weight::Value(k) => format!("values.{k:?}"),
            Weight::Hand => "hand".into(),
            Weight::Centre(k) => format!("centre.{k:?}"),
            Weight::Advance => "advance".into(),
            Weight::Mobility => "mobility".into(),
            Weight::KingRing => "king_ring".into(),
            Weight::KingEndgame => "king_endgame".into(),
            Weight::Cell(k, c) => format!("cells.{k:?}.{c}"),
            Weight::Own(v, i) => format!("own.{}", super::own_names(v)[usize::from(i)]),
        }
    }
}

/// A game's tunable weights, in a fixed order, with their current values.
pub fn weights(variant: Variant) -> Vec<(Weight, f64)> {
    let p: &Params = super::params(variant);
    let mut w: Vec<(Weight, f64)> = p
        .values
        .iter()
        .filter(|(k, _)| *k != Kind::King)
        .map(|&(k, v)| (Weight::Value(k), f64::from(v)))
        .collect();
    if p.hand != 0 {
        w.push((Weight::Hand, f64::from(p.hand)));
    }
    w.extend(
        p.centre
            .iter()
            .map(|&(k, v)| (Weight::Centre(k), f64::from(v))),
    );
    w.push((Weight::Advance, f64::from(p.advance)));
    w.push((Weight::Mobility, f64::from(p.mobility)));
    w.push((Weight::KingRing, f64::from(p.king_ring)));
    w.push((Weight::KingEndgame, f64::from(p.king_endgame)));
    // Own terms that do not count in play start at 0, as play has them: the fit says
    // whether they should count.
    let on = super::own_in_play(Tables::of(variant));
    w.extend(p.own.iter().enumerate().map(|(i, &v)| {
        let now = if on { f64::from(v) } else { 0.0 };
        (Weight::Own(variant, i as u8), now)
    }));
    w
}

/// A game's per-cell weights ([`Params::cells`]): one per kind it has (the king's too) and
/// cell class, with their current values (0 where not tuned). Not in [`weights`]: hundreds
/// of them want far more data than the others, so the tuner adds them when asked.
pub fn cell_weights(variant: Variant) -> Vec<(Weight, f64)> {
    let p: &Params = super::params(variant);
    let t = Tables::of(variant);
    let mut kinds: Vec<Kind> = p.values.iter().map(|&(k, _)| k).collect();
    if !kinds.contains(&Kind::King) {
        kinds.push(Kind::King);
    }
    kinds
        .into_iter()
        .flat_map(|k| {
            let table = p.cells.iter().find(|&&(c, _)| c == k).map(|&(_, t)| t);
            (0..t.classes()).map(move |c| {
                let now = table.and_then(|t| t.get(c)).copied().unwrap_or(0);
                (Weight::Cell(k, c as u16), f64::from(now))
            })
        })
        .collect()
}

/// The features of `pos` for `weights` (as [`weights`] gives them), White's view, and the
/// fixed part (the tempo, and the rounding of the game's own terms).
pub fn features(pos: &Position, weights: &[(Weight, f64)]) -> (Vec<f64>, f64) {
    let t = Tables::of(pos.variant());
    let mut count = [0i32; Kind::ALL.len()];
    let mut centre = [0f64; Kind::ALL.len()];
    let mut advance = 0f64;
    let mut pieces = 0;
    let mut cells = vec![0i32; Kind::ALL.len() * t.classes()];
    for sq in squares(pos.occupied()) {
        if let Some(p) = pos.piece_at(sq) {
            let s = sign(p.color());
            cells[p.kind().index() * t.classes() + t.cell_class(p.color(), sq)] += s;
            pieces += t.piece_material(p.kind());
            count[p.kind().index()] += s;
            centre[p.kind().index()] += f64::from(s * t.centrality(sq)) / 64.0;
            if matches!(p.kind(), Kind::Pawn | Kind::Sergeant) {
                advance += f64::from(s * t.advance(p.color(), sq)) / 64.0;
            }
        }
    }
    let king_endgame = f64::from(king_centre(pos, t)) / 64.0 * f64::from(t.lateness(pieces)) / 64.0;
    let hand = pos.hand(Color::White) as f64 - pos.hand(Color::Black) as f64;
    // The own terms that are weights leave the fixed part when they count in play.
    let counts = super::own_counts(pos, t);
    let own = |i: u8| counts.get(usize::from(i)).copied().unwrap_or(0.0);
    let linear = if super::own_in_play(t) {
        t.params
            .own
            .iter()
            .zip(&counts)
            .map(|(&w, c)| f64::from(w) * c)
            .sum()
    } else {
        0.0
    };
    let f = weights
        .iter()
        .map(|&(w, _)| match w {
            Weight::Value(k) => f64::from(count[k.index()]),
            Weight::Hand => hand,
            Weight::Centre(k) => centre[k.index()],
            Weight::Advance => advance,
            Weight::Mobility => f64::from(mobility(pos)) / 10.0,
            Weight::KingRing => -f64::from(king_attacks(pos, t)),
            Weight::KingEndgame => king_endgame,
            Weight::Cell(k, c) => f64::from(cells[k.index() * t.classes() + usize::from(c)]),
            Weight::Own(_, i) => own(i),
        })
        .collect();
    let fixed = f64::from(super::game_terms(pos, t) + sign(pos.side()) * TEMPO) - linear;
    (f, fixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Weights times features plus the fixed part is the evaluation, within rounding, in
    /// every game along a few plies of play.
    #[test]
    fn the_features_make_the_evaluation() {
        for v in Variant::ALL {
            assert_eq!(
                super::super::own_names(v).len(),
                super::super::params(v).own.len()
            );
            let mut w = weights(v);
            w.extend(cell_weights(v));
            let mut pos = Position::start(v).unwrap();
            let mut rng = fastrand::Rng::with_seed(3);
            for _ in 0..40 {
                let (f, fixed) = features(&pos, &w);
                let linear: f64 = w.iter().zip(&f).map(|((_, x), y)| x * y).sum::<f64>() + fixed;
                let real = f64::from(sign(pos.side()) * super::super::evaluate(&pos));
                // One centipawn of rounding per piece and term at most.
                let slack = 2.0 + pos.occupied().count_ones() as f64;
                assert!(
                    (linear - real).abs() <= slack,
                    "{}: {linear} vs {real}",
                    pos.to_text()
                );
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.apply(&moves[rng.usize(..moves.len())]);
            }
        }
    }

    /// A per-cell feature counts White's pieces of the kind on the class less Black's: zero
    /// at the symmetric start; after 1. e4 the pawn has left e2's class for e4's.
    #[test]
    fn cell_features_follow_the_pieces() {
        let v = Variant::Orthodox;
        let t = Tables::of(v);
        let w = cell_weights(v);
        let start = Position::start(v).unwrap();
        assert!(features(&start, &w).0.iter().all(|&f| f == 0.0));
        let mut pos = start.clone();
        let e4 = pos.parse_any("e4").unwrap();
        pos.apply(&e4);
        let g = v.geometry();
        let class = |name: &str| t.cell_class(Color::White, g.parse_square(name).unwrap()) as u16;
        let f = features(&pos, &w).0;
        let of = |weight: Weight| f[w.iter().position(|&(x, _)| x == weight).unwrap()];
        assert_eq!(of(Weight::Cell(Kind::Pawn, class("e4"))), 1.0);
        assert_eq!(of(Weight::Cell(Kind::Pawn, class("e2"))), -1.0);
        assert_eq!(f.iter().filter(|&&x| x != 0.0).count(), 2);
    }

    /// The own terms are features in every game: Quarter's frozen rook counts its value in
    /// pawns against White (its weight is the percent lost), and Vagabond's threat, off in
    /// play, starts at weight 0 while its feature still counts what the threat would win.
    #[test]
    fn own_terms_are_features_in_every_game() {
        let of = |v: Variant, text: &str, name: &str| {
            let w = weights(v);
            let i = w.iter().position(|(x, _)| x.name() == name).unwrap();
            let pos = Position::from_text(v, text).unwrap();
            (w[i].1, features(&pos, &w).0[i])
        };
        let rook = f64::from(super::super::piece_value(Variant::Quarter, Kind::Rook)) / 100.0;
        // A black merchant orthogonally next to the a4 rook freezes it (Q10).
        let frozen = of(
            Variant::Quarter,
            "4k3/8/8/8/Rm6/8/8/4K3 b - - 0 1",
            "own.frozen_percent",
        );
        assert_eq!(frozen, (35.0, -rook));
        // White's berserker d2 jumps the d3 pawn; its rage takes the black rook on c5 (V6).
        let rook = f64::from(super::super::piece_value(Variant::Vagabond, Kind::Rook)) / 100.0;
        let threat = of(
            Variant::Vagabond,
            "7k/8/8/2r5/8/3P4/3E4/7K b - - 0 1",
            "own.threat_percent",
        );
        assert_eq!(threat, (0.0, rook));
    }
}
