//! The evaluation's tables per game, built once from its parameters and its board: values
//! by kind, and per cell its centrality and the king's ring.

use std::sync::OnceLock;

use crate::games::Variant;
use crate::geometry::{bit, squares, Geometry, PerCell, Square, SquareSet};
use crate::piece::{Color, Kind, Piece};

use super::Params;

/// One game's tables.
#[derive(Debug)]
pub struct Tables {
    /// The game's parameters.
    pub params: &'static Params,
    values: [i32; Kind::ALL.len()],
    centre_weight: [i32; Kind::ALL.len()],
    /// Per cell, its centrality from -64 (the least central cell) to 64 (the most).
    centrality: PerCell<i32>,
    /// Per colour and cell, a pawn's progress toward promotion from 0 (its start) to 64 (one
    /// rank short).
    advance: [PerCell<i32>; 2],
    /// Per cell, the cells a king there could step to.
    ring: PerCell<SquareSet>,
    /// Both sides' [`Tables::piece_material`] at the start (at least 1).
    start_pieces: i32,
    /// Per colour and cell, the cell's class ([`Tables::cell_class`]).
    class: [PerCell<u16>; 2],
    /// How many classes the board's cells fall into.
    classes: usize,
    /// Per kind and class, [`Params::cells`]' bonus (kinds × classes, 0 where not tuned).
    cell_bonus: Vec<i32>,
}

impl Tables {
    /// The tables of a game, built on first use.
    pub fn of(variant: Variant) -> &'static Tables {
        static ALL: [OnceLock<Tables>; Variant::ALL.len()] =
            [const { OnceLock::new() }; Variant::ALL.len()];
        ALL[variant.index()].get_or_init(|| Tables::new(variant))
    }

    fn new(variant: Variant) -> Tables {
        let params = super::params(variant);
        let g = variant.geometry();
        let mut values = [0; Kind::ALL.len()];
        for &(k, v) in params.values {
            values[k.index()] = v;
        }
        let mut centre_weight = [0; Kind::ALL.len()];
        for &(k, v) in params.centre {
            centre_weight[k.index()] = v;
        }
        let steps = g.king_steps();
        let ring: PerCell<SquareSet> = g
            .all()
            .map(|s| {
                steps
                    .iter()
                    .filter_map(|&v| g.offset(s, v, false))
                    .fold(0, |set, t| set | bit(t))
            })
            .collect();
        let start_pieces = crate::position::Position::start(variant)
            .map(|pos| {
                squares(pos.occupied())
                    .filter_map(|s| pos.piece_at(s))
                    .map(|p| piece_material(&values, p.kind()))
                    .sum::<i32>()
            })
            .unwrap_or(0)
            .max(1);
        let (class, classes) = cell_classes(variant);
        let mut cell_bonus = vec![0; Kind::ALL.len() * classes];
        for &(k, table) in params.cells {
            // A table made for another board (its classes changed) is ignored, not misread;
            // a test keeps every game's tables the right length.
            if table.len() == classes {
                cell_bonus[k.index() * classes..][..classes].copy_from_slice(table);
            }
        }
        Tables {
            params,
            values,
            start_pieces,
            class,
            classes,
            cell_bonus,
            centre_weight,
            centrality: centrality(g, &ring),
            advance: [advance(g, Color::White), advance(g, Color::Black)],
            ring,
        }
    }

    /// The value of a kind.
    #[inline]
    pub fn value(&self, kind: Kind) -> i32 {
        self.values[kind.index()]
    }

    /// A kind's value if it is a piece (neither a king nor a pawn nor a sergeant), else 0:
    /// what counts toward the game's phase.
    #[inline]
    pub fn piece_material(&self, kind: Kind) -> i32 {
        piece_material(&self.values, kind)
    }

    /// How far into the endgame a position is whose pieces are worth `pieces`
    /// ([`Tables::piece_material`] summed over both sides): 0 with the start's pieces (or
    /// more), 64 with none.
    #[inline]
    pub fn lateness(&self, pieces: i32) -> i32 {
        64 - 64 * pieces.min(self.start_pieces) / self.start_pieces
    }

    /// A piece's bonus for where it stands (its own side's view): the centre, and for pawns
    /// and sergeants their way to promotion.
    #[inline]
    pub fn placement(&self, p: Piece, sq: Square) -> i32 {
        let mut bonus = self.centre_weight[p.kind().index()] * self.centrality[sq.index()] / 64;
        if matches!(p.kind(), Kind::Pawn | Kind::Sergeant) {
            bonus += self.params.advance * self.advance[p.color().index()][sq.index()] / 64;
        }
        bonus + self.cell_bonus[p.kind().index() * self.classes + self.cell_class(p.color(), sq)]
    }

    /// The class of a cell for a piece of `color`: cells that are the same seen from each
    /// side's end of the board (White's e2 and Black's e7), or mirror images across the files
    /// (b1 and g1), share one. Numbered from 0 by the first such cell's index.
    #[inline]
    pub fn cell_class(&self, color: Color, sq: Square) -> usize {
        usize::from(self.class[color.index()][sq.index()])
    }

    /// How many cell classes the board has (about half its cells).
    pub fn classes(&self) -> usize {
        self.classes
    }

    /// The cells next to `sq` (a king's steps).
    #[inline]
    pub fn ring(&self, sq: Square) -> SquareSet {
        self.ring[sq.index()]
    }

    /// A pawn's progress toward promotion on a cell, from 0 to 64 (its side's view).
    #[inline]
    pub fn advance(&self, color: Color, sq: Square) -> i32 {
        self.advance[color.index()][sq.index()]
    }

    /// The centrality of a cell, from -64 to 64.
    #[inline]
    pub fn centrality(&self, sq: Square) -> i32 {
        self.centrality[sq.index()]
    }
}

fn piece_material(values: &[i32; Kind::ALL.len()], kind: Kind) -> i32 {
    match kind {
        Kind::King | Kind::Pawn | Kind::Sergeant => 0,
        k => values[k.index()],
    }
}

/// Per colour and cell, its class, and how many classes there are (see
/// [`Tables::cell_class`]). Black's view of a cell is White's cell that the start position
/// answers it with: the same file on the mirrored rank, or the cell turned half round,
/// whichever maps the start's Black army onto White's (a cell without an image keeps its own).
fn cell_classes(variant: Variant) -> ([PerCell<u16>; 2], usize) {
    let g = variant.geometry();
    let (files, ranks) = (i32::from(g.files()), i32::from(g.ranks()));
    let file = |sq: Square| i32::from(g.file(sq));
    let rank = |sq: Square| i32::from(g.rank(sq));
    let flip = |sq: Square| g.at(file(sq), ranks - 1 - rank(sq)).unwrap_or(sq);
    let turn = |sq: Square| {
        g.at(files - 1 - file(sq), ranks - 1 - rank(sq))
            .unwrap_or(sq)
    };
    let answered = |image: &dyn Fn(Square) -> Square| {
        crate::position::Position::start(variant).map_or(0, |pos| {
            squares(pos.pieces_of(Color::Black))
                .filter(|&sq| {
                    let (black, white) = (pos.piece_at(sq), pos.piece_at(image(sq)));
                    matches!((black, white), (Some(b), Some(w)) if w.color() == Color::White && w.kind() == b.kind())
                })
                .count()
        })
    };
    let black_view: &dyn Fn(Square) -> Square = if answered(&turn) > answered(&flip) {
        &turn
    } else {
        &flip
    };
    // A cell and its mirror across the files share the smaller index.
    let canonical = |sq: Square| {
        let mirror = g.at(files - 1 - file(sq), rank(sq)).unwrap_or(sq);
        sq.index().min(mirror.index())
    };
    let mut number = vec![u16::MAX; g.len()];
    let mut classes = 0u16;
    for sq in g.all() {
        let c = canonical(sq);
        if number[c] == u16::MAX {
            number[c] = classes;
            classes += 1;
        }
    }
    let white: PerCell<u16> = g.all().map(|sq| number[canonical(sq)]).collect();
    let black: PerCell<u16> = g
        .all()
        .map(|sq| number[canonical(black_view(sq))])
        .collect();
    ([white, black], usize::from(classes))
}

/// Closeness centrality in the king-step graph: a cell's mean distance (in king steps) to
/// every other cell, mapped so that the most central cell gets 64 and the least -64. It
/// needs no coordinates, so it is the same idea on the 4-D board and around Pawnier's holes.
fn centrality(g: &Geometry, ring: &PerCell<SquareSet>) -> PerCell<i32> {
    let n = g.len();
    let mean: Vec<f64> = g
        .all()
        .map(|from| {
            let mut dist = vec![u32::MAX; n];
            dist[from.index()] = 0;
            let mut queue = std::collections::VecDeque::from([from]);
            while let Some(s) = queue.pop_front() {
                for t in crate::geometry::squares(ring[s.index()]) {
                    if dist[t.index()] == u32::MAX {
                        dist[t.index()] = dist[s.index()] + 1;
                        queue.push_back(t);
                    }
                }
            }
            let reached: Vec<u32> = dist.into_iter().filter(|&d| d != u32::MAX).collect();
            reached.iter().sum::<u32>() as f64 / reached.len().max(1) as f64
        })
        .collect();
    let (lo, hi) = mean
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &m| (lo.min(m), hi.max(m)));
    let span = (hi - lo).max(1e-9);
    // The smallest mean distance is the most central.
    mean.iter()
        .map(|&m| (64.0 - 128.0 * (m - lo) / span).round() as i32)
        .collect()
}

/// A pawn's progress from its side's first ranks toward the far one: 0 on the rank it
/// starts from at the latest (the third from its side), 64 one rank short of the last.
fn advance(g: &Geometry, color: Color) -> PerCell<i32> {
    let ranks = g.ranks() as i32;
    g.all()
        .map(|s| {
            let r = g.rank(s) as i32;
            let from_own = if color == Color::White {
                r
            } else {
                ranks - 1 - r
            };
            let span = (ranks - 4).max(1);
            ((from_own - 2).clamp(0, span) * 64) / span
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The phase runs from 0 with the start's pieces to 64 with none, pawns and kings
    /// aside: orthodox chess's start holds 2 × (2 knights, 2 bishops, 2 rooks, a queen).
    #[test]
    fn lateness_runs_from_the_start_to_bare_pawns() {
        let t = Tables::of(Variant::Orthodox);
        let one_side: i32 = [Kind::Knight, Kind::Bishop, Kind::Rook]
            .iter()
            .map(|&k| 2 * t.value(k))
            .sum::<i32>()
            + t.value(Kind::Queen);
        assert_eq!(t.start_pieces, 2 * one_side);
        assert_eq!(t.lateness(2 * one_side), 0);
        assert_eq!(
            t.lateness(3 * one_side),
            0,
            "more than the start counts as the start"
        );
        assert_eq!(t.lateness(one_side), 32);
        assert_eq!(t.lateness(0), 64);
        assert_eq!(t.piece_material(Kind::Pawn), 0);
        assert_eq!(t.piece_material(Kind::King), 0);
        assert_eq!(t.piece_material(Kind::Rook), t.value(Kind::Rook));
    }

    /// Orthodox cells fall into 32 classes: White's e2 is Black's e7 and the mirror of
    /// White's d2; e2 and e3 differ.
    #[test]
    fn orthodox_cells_pair_by_side_and_mirror() {
        let v = Variant::Orthodox;
        let t = Tables::of(v);
        let g = v.geometry();
        let sq = |name: &str| g.parse_square(name).unwrap();
        let class = |c: Color, name: &str| t.cell_class(c, sq(name));
        assert_eq!(t.classes(), 32);
        assert_eq!(class(Color::White, "e2"), class(Color::Black, "e7"));
        assert_eq!(class(Color::White, "e2"), class(Color::White, "d2"));
        assert_eq!(class(Color::White, "b1"), class(Color::Black, "g8"));
        assert_ne!(class(Color::White, "e2"), class(Color::White, "e3"));
        assert_ne!(class(Color::White, "e2"), class(Color::Black, "e2"));
    }

    /// In every game the two armies of the start stand on the same classes, kind by kind (so
    /// any per-cell table leaves the start even), the board has the classes its shape says
    /// (7 files: 4 a rank; 9 files: 5), and each game's tables fit its board.
    #[test]
    fn every_start_stands_on_the_same_classes_for_both_sides() {
        for v in Variant::ALL {
            let t = Tables::of(v);
            let pos = crate::position::Position::start(v).unwrap();
            let mut counts = std::collections::HashMap::new();
            for sq in squares(pos.occupied()) {
                let p = pos.piece_at(sq).unwrap();
                let key = (p.kind().index(), t.cell_class(p.color(), sq));
                *counts.entry(key).or_insert(0) += super::super::sign(p.color());
            }
            assert!(
                counts.values().all(|&n| n == 0),
                "{v:?}: the armies stand on different classes: {counts:?}"
            );
            // Half the cells, and a cell whose mirror is one of Pawnier's holes alone.
            let classes = match v {
                Variant::Bandit => 36,
                Variant::Pawnier => 54,
                Variant::Riftwalker => 45,
                _ => 32,
            };
            assert_eq!(t.classes(), classes, "{v:?}");
            for &(k, table) in t.params.cells {
                assert_eq!(table.len(), t.classes(), "{v:?} {k:?}");
            }
        }
    }
}
