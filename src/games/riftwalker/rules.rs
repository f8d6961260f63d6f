//! Riftwalker Chess (RULES.md 5): a 3x3x3x3 board drawn as a 3x3 grid of 3x3 boards.
//!
//! A cell is (X, Y, x, y); two cells are adjacent when exactly one coordinate differs by
//! exactly one. Every piece moves by a few such steps, and each multi-step move needs some
//! of the cells it passes to be empty. All of that is compiled once into [`PathTable`]s:
//! per cell, every destination with the alternative sets of cells that must be empty to
//! reach it (one set per order of the steps the rules allow). Move generation only looks
//! these up; it never does coordinate arithmetic. Attack detection uses the same tables
//! read backwards (per target cell: which cells can reach it, by which kinds, through which
//! cells).

use crate::board::Board;
use crate::error::Error;
use crate::games::movegen::{one_king, Filter, Generator, Sink, Test};
use crate::games::rules::Rules;
use crate::geometry::{bit, squares, Geometry, Square, SquareSet, StepTable, Vector};
use crate::moves::{Choice, Effect, How, Move};
use crate::piece::{Color, Kind, Piece};

/// What a pawn may promote to (R4), in the order RULES.md lists them.
const PROMOTIONS: [Kind; 7] = [
    Kind::Queen,
    Kind::Wizard,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Mystic,
    Kind::Scout,
];

/// One destination a piece can reach from a cell.
#[derive(Copy, Clone, Debug)]
struct Reach {
    /// The destination.
    to: Square,
    /// How the piece travels there (for the renderer).
    how: How,
    /// Where this destination's alternatives start in its [`PathTable`]'s paths.
    start: u32,
    /// How many alternatives; 0 for a single step (nothing in between).
    len: u32,
}

/// Per cell, a list of entries that each hold when any one of their alternative sets of
/// cells is empty: the layout of [`PathTable`] and [`AttackTable`].
#[derive(Clone, Debug)]
struct CellTable<T> {
    /// Per cell: the range of its entries in `entries`.
    cells: Vec<(u32, u32)>,
    entries: Vec<T>,
    /// The alternatives of all entries, each a set of cells that must all be empty.
    paths: Vec<SquareSet>,
}

/// An entry of a [`CellTable`].
trait Entry {
    /// Where the entry's alternatives start in the table's `paths`, and how many there are
    /// (0: it always holds).
    fn alternatives(&self) -> (u32, u32);
}

impl<T: Entry> CellTable<T> {
    /// The table of one list per cell, in cell order, of entries with their alternatives;
    /// `entry` makes an entry of its data and its alternatives' start and count.
    fn new<D>(
        lists: impl IntoIterator<Item = impl IntoIterator<Item = (D, Vec<SquareSet>)>>,
        entry: impl Fn(D, u32, u32) -> T,
    ) -> Self {
        let mut t = CellTable {
            cells: Vec::new(),
            entries: Vec::new(),
            paths: Vec::new(),
        };
        for list in lists {
            let start = t.entries.len() as u32;
            for (data, alts) in list {
                t.entries
                    .push(entry(data, t.paths.len() as u32, alts.len() as u32));
                t.paths.extend(alts);
            }
            t.cells.push((start, t.entries.len() as u32 - start));
        }
        t
    }

    /// The entries of `cell`.
    #[inline(always)]
    fn at(&self, cell: Square) -> &[T] {
        let (start, len) = self.cells[cell.index()];
        &self.entries[start as usize..(start + len) as usize]
    }

    /// The alternative sets of cells of which one must be empty for `e` to hold.
    #[inline(always)]
    fn paths(&self, e: &T) -> &[SquareSet] {
        let (start, len) = e.alternatives();
        &self.paths[start as usize..(start + len) as usize]
    }

    /// Whether `e` holds with these cells occupied: an entry without alternatives (a single
    /// step) always does, another when one of its alternatives has every cell empty.
    #[inline(always)]
    fn open(&self, e: &T, occupied: SquareSet) -> bool {
        e.alternatives().1 == 0 || self.paths(e).iter().any(|&p| p & occupied == 0)
    }
}

impl Entry for Reach {
    #[inline(always)]
    fn alternatives(&self) -> (u32, u32) {
        (self.start, self.len)
    }
}

/// Per cell, every destination of one kind of piece with the alternative sets of cells
/// that must be empty on the way: the destination is reachable when any one set is empty.
type PathTable = CellTable<Reach>;

/// A movement pattern: sequences of unit steps (by index into the unit vectors), the
/// kinds that move by it, and how the renderer draws it.
struct Pattern {
    /// Each sequence of unit steps that counts as this move; every cell but the last must
    /// be empty.
    walks: Vec<Vec<usize>>,
    /// The kinds that move (and so attack) by this pattern.
    kinds: &'static [Kind],
    how: How,
}

/// Which dimension a unit vector steps in.
fn dimension(v: &Vector) -> usize {
    v.iter().position(|&c| c != 0).unwrap_or(0)
}

/// The movement patterns of RULES.md 5, as walks over the unit vectors.
fn patterns(units: &[Vector]) -> Vec<Pattern> {
    let n = units.len();
    let dim = |u: usize| dimension(&units[u]);
    let mut step = Vec::new();
    let mut scout = Vec::new();
    let mut mystic = Vec::new();
    let mut rook = Vec::new();
    let mut bishop = Vec::new();
    let mut knight = Vec::new();
    for a in 0..n {
        step.push(vec![a]);
        // Rook: the same step twice.
        rook.push(vec![a, a]);
        for b in 0..n {
            if dim(a) == dim(b) {
                continue;
            }
            // Scout: two steps in two different dimensions, in this order.
            scout.push(vec![a, b]);
            // Bishop: two equal scout moves; each leg in either order (R5).
            bishop.push(vec![a, b, a, b]);
            bishop.push(vec![a, b, b, a]);
            // Knight: step a, step a again, then one step in another dimension.
            knight.push(vec![a, a, b]);
            for c in 0..n {
                if dim(c) != dim(a) && dim(c) != dim(b) {
                    // Mystic: three steps in three different dimensions, in this order.
                    mystic.push(vec![a, b, c]);
                }
            }
        }
    }
    use Kind::*;
    vec![
        Pattern {
            walks: step,
            kinds: &[King, Pawn, Rook, Knight, Queen],
            how: How::Step,
        },
        Pattern {
            walks: scout,
            kinds: &[Scout, Bishop, Queen, Wizard],
            how: How::Leap,
        },
        Pattern {
            walks: mystic,
            kinds: &[Mystic, Wizard],
            how: How::Leap,
        },
        Pattern {
            walks: rook,
            kinds: &[Rook],
            how: How::Slide,
        },
        Pattern {
            walks: bishop,
            kinds: &[Bishop],
            how: How::Leap,
        },
        Pattern {
            walks: knight,
            kinds: &[Knight],
            how: How::Leap,
        },
    ]
}

/// Every destination of the patterns `which` from `from`, with their alternatives (each
/// the set of cells passed on one walk), minimal and without repeats.
fn destinations(
    steps: &StepTable,
    patterns: &[Pattern],
    which: &[usize],
    from: Square,
) -> Vec<(Square, How, Vec<SquareSet>)> {
    let mut out: Vec<(Square, How, Vec<SquareSet>)> = Vec::new();
    for &i in which {
        let p = &patterns[i];
        'walk: for walk in &p.walks {
            let mut at = from;
            let mut passed: SquareSet = 0;
            for (k, &u) in walk.iter().enumerate() {
                let Some(next) = steps.get(at, u) else {
                    continue 'walk;
                };
                if k > 0 {
                    passed |= bit(at);
                }
                at = next;
            }
            // One move, one entry: walks to the same cell are alternatives of one move.
            match out.iter_mut().find(|(to, _, _)| *to == at) {
                Some((_, _, alts)) => alts.push(passed),
                None => out.push((at, p.how, vec![passed])),
            }
        }
    }
    for (_, _, alts) in &mut out {
        crate::sorting::sort_by(alts, |a, b| a < b);
        alts.dedup();
        // A set that contains another is never needed: the smaller one is empty first.
        let all = alts.clone();
        alts.retain(|&a| !all.iter().any(|&b| b != a && a & b == b));
        // A single step passes nothing: no condition at all.
        if alts.contains(&0) {
            alts.clear();
        }
    }
    out
}

impl PathTable {
    /// Builds the table of the patterns `which` for every cell.
    fn build(steps: &StepTable, cells: usize, patterns: &[Pattern], which: &[usize]) -> Self {
        let lists = (0..cells).map(|i| {
            destinations(steps, patterns, which, Square(i as u8))
                .into_iter()
                .map(|(to, how, alts)| ((to, how), alts))
        });
        CellTable::new(lists, |(to, how), start, len| Reach {
            to,
            how,
            start,
            len,
        })
    }
}

/// A way an enemy piece on `from` can reach a target cell: the kinds that can, and the
/// alternative sets of cells that must be empty (in the target's [`AttackTable`] paths).
#[derive(Copy, Clone, Debug)]
struct Threat {
    from: Square,
    /// Bit `k` set when kind index `k` moves by this pattern.
    kinds: u32,
    start: u32,
    len: u32,
}

impl Entry for Threat {
    #[inline(always)]
    fn alternatives(&self) -> (u32, u32) {
        (self.start, self.len)
    }
}

/// The path tables read backwards: per target cell, every cell a piece could reach it
/// from, with the kinds that could and the cells that must be empty.
type AttackTable = CellTable<Threat>;

impl AttackTable {
    fn build(steps: &StepTable, cells: usize, patterns: &[Pattern]) -> Self {
        // Per target cell: (where from, which kinds) and the alternatives.
        let mut by_target = vec![Vec::new(); cells];
        for (i, p) in patterns.iter().enumerate() {
            let kinds = p.kinds.iter().fold(0u32, |m, k| m | 1 << k.index());
            for from in (0..cells).map(|c| Square(c as u8)) {
                for (to, _, alts) in destinations(steps, patterns, &[i], from) {
                    by_target[to.index()].push(((from, kinds), alts));
                }
            }
        }
        CellTable::new(by_target, |(from, kinds), start, len| Threat {
            from,
            kinds,
            start,
            len,
        })
    }
}

/// Which patterns of [`patterns`] (by index: step, scout, mystic, rook's double step,
/// bishop's double scout, knight's leap) each kind moves by.
const MOVES: [(&[Kind], &[usize]); 8] = {
    let (step, scout, mystic, rook2, bishop2, knight2) = (0, 1, 2, 3, 4, 5);
    [
        (&[Kind::King, Kind::Pawn], &[step]),
        (&[Kind::Scout], &[scout]),
        (&[Kind::Mystic], &[mystic]),
        (&[Kind::Rook], &[step, rook2]),
        (&[Kind::Bishop], &[scout, bishop2]),
        (&[Kind::Knight], &[step, knight2]),
        (&[Kind::Queen], &[step, scout]),
        (&[Kind::Wizard], &[scout, mystic]),
    ]
};

/// Riftwalker Chess with its tables, built once.
pub struct Riftwalker {
    /// The board.
    geometry: Geometry,
    /// Per kind (by [`Kind::index`]): its table in `tables`, or `u8::MAX`.
    slot: [u8; Kind::ALL.len()],
    tables: Vec<PathTable>,
    attacks: AttackTable,
    /// Per colour: the rank pawns promote on (9th / 1st).
    last_rank: [SquareSet; 2],
}

impl Riftwalker {
    /// The game's tables, built once (see [`crate::Variant::rules`]).
    pub(crate) fn new() -> Riftwalker {
        let geometry = Geometry::tesseract();
        let g = &geometry;
        let units = g.unit_vectors();
        let steps = g.step_table(&units, false);
        let all = patterns(&units);
        let mut slot = [u8::MAX; Kind::ALL.len()];
        let mut tables = Vec::new();
        for (kinds, which) in MOVES {
            for k in kinds {
                slot[k.index()] = tables.len() as u8;
            }
            tables.push(PathTable::build(&steps, g.len(), &all, which));
        }
        let rank = |r: u8| {
            g.all()
                .filter(|&s| g.rank(s) == r)
                .fold(0, |set, s| set | bit(s))
        };
        Riftwalker {
            slot,
            tables,
            attacks: AttackTable::build(&steps, g.len(), &all),
            last_rank: [rank(g.ranks() - 1), rank(0)],
            geometry,
        }
    }

    /// The table a kind moves by, if it is a Riftwalker kind.
    #[inline(always)]
    fn table(&self, kind: Kind) -> Option<&PathTable> {
        self.tables.get(self.slot[kind.index()] as usize)
    }

    /// The cells whose moves may expose the side to move's king: the king itself and every
    /// cell on a way an enemy piece could reach the king if that cell were empty; every
    /// cell when the king is in check (or there is not exactly one king).
    #[inline(never)]
    fn risky(&self, pos: &Board) -> SquareSet {
        let us = pos.side();
        let mut kings = squares(pos.kings_of(us));
        let (Some(king), None) = (kings.next(), kings.next()) else {
            return !0;
        };
        let theirs = pos.pieces_of(us.opponent());
        let occupied = pos.occupied();
        let mut risky = bit(king);
        for t in self.attacks.at(king) {
            if theirs & bit(t.from) == 0 || !self.can(pos, t) {
                continue;
            }
            if self.attacks.open(t, occupied) {
                return !0;
            }
            for &p in self.attacks.paths(t) {
                risky |= p;
            }
        }
        risky
    }

    /// Whether the piece on the threat's source moves by the threat's pattern.
    #[inline(always)]
    fn can(&self, pos: &Board, t: &Threat) -> bool {
        pos.piece_at(t.from)
            .is_some_and(|p| t.kinds & (1 << p.kind().index()) != 0)
    }
}

impl Generator for Riftwalker {
    /// Every pseudo-legal move, into any sink.
    #[inline(always)]
    fn generate(&self, pos: &Board, out: &mut impl Sink) {
        let us = pos.side();
        let own = pos.pieces_of(us);
        let occupied = pos.occupied();
        // Quiescence wants captures and promotions only: a move to an empty cell that does
        // not promote is skipped before its way is looked at.
        let targets = if out.only_noisy() { occupied } else { !0 };
        for from in squares(own) {
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            let Some(table) = self.table(p.kind()) else {
                continue;
            };
            let promotes = if p.kind() == Kind::Pawn {
                self.last_rank[us.index()]
            } else {
                0
            };
            let targets = targets | promotes;
            for r in table.at(from) {
                let to = bit(r.to);
                if own & to != 0 || targets & to == 0 || !table.open(r, occupied) {
                    continue;
                }
                let captured = occupied & to != 0;
                if promotes & to == 0 {
                    out.add_from(from, || Move::simple(from, r.to, r.how, captured));
                } else {
                    for kind in PROMOTIONS {
                        let mut m = Move::simple(from, r.to, r.how, captured);
                        m.push(Effect::Promote {
                            at: r.to,
                            into: Piece::new(us, kind),
                        });
                        m.choice = Choice::Promotion(kind);
                        out.add(m);
                    }
                }
            }
        }
    }

    /// Every move from a square [`Riftwalker::risky`] leaves out is legal; the rest are
    /// tried on a copy.
    #[inline(always)]
    fn legal<'a, S: Sink>(&'a self, pos: &'a Board, out: S, untested: bool) -> impl Sink {
        let risky = if untested { 0 } else { self.risky(pos) };
        Filter::new(self, pos, risky, |_: &Move| Test::Usual, out).untested(untested)
    }
}

impl Rules for Riftwalker {
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The cells of one walk the piece may take to the destination (every cell but the
    /// last empty), in order: the shortest such walk, the first in pattern order among
    /// equals. Nothing for a single step.
    fn move_path(&self, pos: &Board, m: &Move) -> Vec<Square> {
        let (Some(from), Some(piece)) = (m.from, m.from.and_then(|f| pos.piece_at(f))) else {
            return Vec::new();
        };
        let g = &self.geometry;
        let units = g.unit_vectors();
        let all = patterns(&units);
        let Some((_, which)) = MOVES
            .iter()
            .find(|(kinds, _)| kinds.contains(&piece.kind()))
        else {
            return Vec::new();
        };
        let mut best: Option<Vec<Square>> = None;
        for &i in *which {
            'walk: for walk in &all[i].walks {
                let mut at = from;
                let mut passed = Vec::new();
                for (k, &u) in walk.iter().enumerate() {
                    if k > 0 {
                        if pos.piece_at(at).is_some() {
                            continue 'walk;
                        }
                        passed.push(at);
                    }
                    let Some(next) = g.offset(at, units[u], false) else {
                        continue 'walk;
                    };
                    at = next;
                }
                if at == m.to && best.as_ref().is_none_or(|b| passed.len() < b.len()) {
                    best = Some(passed);
                }
            }
        }
        best.unwrap_or_default()
    }

    /// Attack is every piece's capture: some piece of `by` could move to `sq`.
    fn is_attacked(&self, pos: &Board, sq: Square, by: Color) -> bool {
        let theirs = pos.pieces_of(by);
        let occupied = pos.occupied();
        self.attacks.at(sq).iter().any(|t| {
            theirs & bit(t.from) != 0 && self.can(pos, t) && self.attacks.open(t, occupied)
        })
    }

    /// One king each; no pawn on its own promotion rank (RW1: a White pawn may stand on
    /// rank 1, but never on rank 9).
    fn validate(&self, pos: &Board) -> Result<(), Error> {
        let g = &self.geometry;
        for c in Color::ALL {
            one_king(pos, c, super::DECLARATION.name)?;
            let pawns = squares(pos.pieces_of(c))
                .filter(|&s| pos.piece_at(s).is_some_and(|p| p.kind() == Kind::Pawn));
            for s in pawns {
                if self.last_rank[c.index()] & bit(s) != 0 {
                    return Err(Error::new(format!(
                        "a {} pawn cannot stand on {} (it would have promoted there)",
                        c.name(),
                        g.name(s)
                    )));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_from_the_centre_and_a_corner() {
        let r = Riftwalker::rules();
        let g = &r.geometry;
        let e5 = g.parse_square("e5").unwrap_or(Square(0));
        let a1 = g.parse_square("a1").unwrap_or(Square(0));
        let count = |k: Kind, s: Square| r.table(k).map_or(0, |t| t.at(s).len());
        // e5 = (1,1,1,1): 8 steps, 6 pairs of dimensions x 4 signs, 4 triples x 8 signs.
        assert_eq!(count(Kind::King, e5), 8);
        assert_eq!(count(Kind::Scout, e5), 24);
        assert_eq!(count(Kind::Mystic, e5), 32);
        assert_eq!(count(Kind::Wizard, e5), 56);
        // Nothing goes two cells in a dimension from the centre.
        assert_eq!(count(Kind::Rook, e5), 8);
        assert_eq!(count(Kind::Knight, e5), 8);
        assert_eq!(count(Kind::Bishop, e5), 24);
        // a1 = (0,0,0,0): 4 steps, 6 scout, 4 mystic, 4 rook doubles, 6 bishop doubles,
        // 4 x 3 knight leaps.
        assert_eq!(count(Kind::Rook, a1), 8);
        assert_eq!(count(Kind::Bishop, a1), 12);
        assert_eq!(count(Kind::Knight, a1), 16);
        // The scout's two orders, the mystic's six, the bishop's four.
        let scout = r.table(Kind::Scout).unwrap();
        assert!(scout.at(e5).iter().all(|x| scout.paths(x).len() == 2));
        let mystic = r.table(Kind::Mystic).unwrap();
        assert!(mystic.at(e5).iter().all(|x| mystic.paths(x).len() == 6));
        let bishop = r.table(Kind::Bishop).unwrap();
        let doubles: Vec<_> = bishop
            .at(a1)
            .iter()
            .filter(|x| bishop.paths(x).iter().all(|p| p.count_ones() == 3))
            .collect();
        assert_eq!(doubles.len(), 6);
        assert!(doubles.iter().all(|x| bishop.paths(x).len() == 4));
        // Read backwards: e5 is reached from its 8 + 24 + 32 step, scout and mystic cells
        // (nothing is two cells away from it in any dimension).
        assert_eq!(r.attacks.at(e5).len(), 8 + 24 + 32);
        // a1 is reached by 4 steps, 6 scout, 4 mystic, 4 rook, 6 bishop and 12 knight moves
        // (the knight's way is not symmetric, but the count from a corner is the same).
        assert_eq!(r.attacks.at(a1).len(), 4 + 6 + 4 + 4 + 6 + 12);
    }
}
