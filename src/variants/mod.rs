//! One file per game, built from the shared helpers here.

pub mod orthodox;
pub mod quarter;

use crate::geometry::{RayTable, Square, StepTable};
use crate::moves::{How, Move};
use crate::position::Position;

/// Where a generator puts the moves it finds: a list, or a counter that tests legality and
/// keeps only the count (perft's last ply), so the generator is written once.
pub(crate) trait Sink {
    /// Takes one pseudo-legal move.
    fn add(&mut self, m: Move);

    /// Takes one ordinary pseudo-legal move of the piece on `from`, built by `make` only if
    /// the sink needs more than its from-square (a counter often does not).
    #[inline(always)]
    fn add_from(&mut self, from: Square, make: impl FnOnce() -> Move) {
        let _ = from;
        self.add(make());
    }
}

impl Sink for Vec<Move> {
    #[inline]
    fn add(&mut self, m: Move) {
        self.push(m);
    }
}

impl<S: Sink> Sink for &mut S {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        (**self).add(m);
    }

    #[inline(always)]
    fn add_from(&mut self, from: Square, make: impl FnOnce() -> Move) {
        (**self).add_from(from, make);
    }
}

/// A sink that only counts the moves it is given.
pub(crate) struct Count(pub usize);

impl Sink for Count {
    #[inline(always)]
    fn add(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn add_from(&mut self, _: Square, _: impl FnOnce() -> Move) {
        self.0 += 1;
    }
}

/// Appends the slides of the piece on `from` along the rays `dirs`: every empty square up to
/// the first occupied one, which is taken if it holds an enemy.
#[inline(always)]
pub(crate) fn slides(
    pos: &Position,
    from: Square,
    rays: &RayTable,
    dirs: std::ops::Range<usize>,
    out: &mut impl Sink,
) {
    let them = pos.side().opponent();
    for dir in dirs {
        for &to in rays.ray(from, dir) {
            match pos.piece_at(to) {
                None => out.add_from(from, || Move::simple(from, to, How::Slide, false)),
                Some(p) => {
                    if p.color() == them {
                        out.add_from(from, || Move::simple(from, to, How::Slide, true));
                    }
                    break;
                }
            }
        }
    }
}

/// Appends the single steps or leaps of the piece on `from` in `table`: to empty squares
/// and onto enemies.
#[inline(always)]
pub(crate) fn leaps(
    pos: &Position,
    from: Square,
    table: &StepTable,
    how: How,
    out: &mut impl Sink,
) {
    let us = pos.side();
    for to in table.targets(from) {
        match pos.piece_at(to) {
            None => out.add_from(from, || Move::simple(from, to, how, false)),
            Some(p) if p.color() != us => out.add_from(from, || Move::simple(from, to, how, true)),
            Some(_) => {}
        }
    }
}

/// Whether the first occupied square along any of `dirs` from `sq` holds a piece that
/// `hits` accepts (a slider attack seen from the target).
#[inline]
pub(crate) fn ray_hits(
    pos: &Position,
    sq: Square,
    rays: &RayTable,
    dirs: std::ops::Range<usize>,
    hits: impl Fn(crate::piece::Piece) -> bool,
) -> bool {
    for dir in dirs {
        for &s in rays.ray(sq, dir) {
            if let Some(p) = pos.piece_at(s) {
                if hits(p) {
                    return true;
                }
                break;
            }
        }
    }
    false
}

/// Per cell, the three corresponding squares of the other quadrants (quadrant boards).
pub(crate) fn correspondence(g: &crate::geometry::Geometry) -> Vec<[Square; 3]> {
    g.all()
        .map(|sq| {
            let c = g.corresponding(sq);
            [c[0], c[1], c[2]]
        })
        .collect()
}

/// Appends the quadrant shifts of the piece on `from`: to every EMPTY corresponding square
/// not in `already` (squares its ordinary moves reach with the same result: one move, one
/// entry). A shift never captures; whether it may give check is each game's legality test.
#[inline]
pub(crate) fn shifts(
    pos: &Position,
    from: Square,
    corresponding: &[[Square; 3]],
    already: crate::geometry::SquareSet,
    out: &mut impl Sink,
) {
    for &to in &corresponding[from.index()] {
        if pos.piece_at(to).is_none() && already & crate::geometry::bit(to) == 0 {
            out.add(Move::simple(from, to, How::Shift, false));
        }
    }
}
