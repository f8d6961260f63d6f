//! Vagabond Chess (RULES.md section 1, rulings V3-V14, and `docs/rulings-vagabond.md`):
//! an 8x8 board of four 4x4 quadrants, quadrant shifts for every agent but the king, free
//! castling, the berserker's jump with rage, the vagabond that moves by the square it
//! stands on, and Berolina-plus pawns that never promote.

use crate::board::Board;
use crate::error::Error;
use crate::games::movegen::{
    correspondence, leaps, one_king_each, pinned_by_rooks_and_archbishops, ray_hits, shifts,
    slides, Filter, Generator, Sink, Test,
};
use crate::games::rules::{CastlingSquares, Rules};
use crate::geometry::{
    bit, squares, Geometry, RayTable, Square, SquareSet, StepTable, DIAGONAL, KING, KNIGHT,
    ORTHOGONAL,
};
use crate::moves::{Choice, Effect, How, Move, Why};
use crate::piece::{Color, Kind, Piece};

/// Directions 0..4 of [`KING`] are orthogonal, 4..8 diagonal.
const ORTHO: std::ops::Range<usize> = 0..4;
const DIAG: std::ops::Range<usize> = 4..8;
/// The directions of [`KING`] along the back rank, toward h and toward a.
const EAST: usize = 1;
const WEST: usize = 3;

/// A square index that names no square (in the precomputed tables below).
const NONE: u8 = u8::MAX;

/// Which lines a piece slides along, as bits: for telling a shift from a quiet slide.
const ALONG_ORTHO: u8 = 1;
const ALONG_DIAG: u8 = 2;

/// One berserker jump from a square in one orthogonal direction u: the jumped square
/// J = B+u, the landing square L = B+2u and the rage squares L+u±v (NONE off the board).
#[derive(Copy, Clone, Debug)]
struct Jump {
    over: Square,
    land: Square,
    rage: [u8; 2],
}

/// Seen from a square X: a berserker on `from` whose jump over `over` to `land` rages on X;
/// `other` is that jump's other rage square (NONE off the board).
#[derive(Copy, Clone, Debug)]
struct Rager {
    from: Square,
    over: Square,
    land: Square,
    other: u8,
}

/// Vagabond Chess with its tables, built once.
pub struct Vagabond {
    /// The board.
    geometry: Geometry,
    rays: RayTable,
    knight: StepTable,
    king: StepTable,
    /// Per colour: the pawn's two diagonal steps forward.
    pawn_step: [StepTable<2>; 2],
    /// Per colour: the pawn's two double steps, by the same vector index as `pawn_step`.
    pawn_double: [StepTable<2>; 2],
    /// Per colour: the pawn's capture squares (straight forward, sideways).
    pawn_capture: [StepTable<3>; 2],
    /// Per colour: the squares a pawn of that colour captures onto a given square from.
    pawn_attackers: [StepTable<3>; 2],
    /// Per colour: its own second rank (the double-step rank).
    second_rank: [SquareSet; 2],
    /// Per square: the diagonal steps that leave the board and wrap (V10).
    wraps: crate::geometry::PerCell<SquareSet>,
    /// Per square: the three corresponding squares.
    corresponding: crate::geometry::PerCell<[Square; 3]>,
    /// Per square and corresponding square: the squares strictly between them (they are
    /// always on one line, four squares apart).
    corr_between: crate::geometry::PerCell<[SquareSet; 3]>,
    /// Per square: the line ([`ALONG_ORTHO`] or [`ALONG_DIAG`]) to each corresponding square.
    corr_line: crate::geometry::PerCell<[u8; 3]>,
    /// The 16 quadrant-centre squares.
    centre: SquareSet,
    /// Per square: the berserker jumps from it.
    jumps: Vec<Vec<Jump>>,
    /// Per square: the berserker jumps that rage on it.
    ragers: Vec<Vec<Rager>>,
    /// Per square: the squares those jumps start from (most squares hold no berserker).
    rager_from: crate::geometry::PerCell<SquareSet>,
    /// Per colour: king d1/d8, rooks a1/h1, a8/h8.
    castling: [CastlingSquares; 2],
}

/// Whether a square index of a table names a square.
fn some(s: u8) -> Option<Square> {
    (s != NONE).then_some(Square(s))
}

impl Vagabond {
    /// The game's tables, built once (see [`crate::Variant::rules`]).
    pub(crate) fn new() -> Vagabond {
        let geometry = Geometry::quadrants();
        let g = &geometry;
        let rank = |r: u8| {
            g.all()
                .filter(|&s| g.rank(s) == r)
                .fold(0, |set, s| set | bit(s))
        };
        let sq = |n: &str| g.parse_square(n).unwrap_or(Square(0));
        let side = |k, q, r| CastlingSquares {
            king: sq(k),
            queen_rook: sq(q),
            king_rook: sq(r),
        };
        let v = |f: i8, r: i8| [f, r, 0, 0];
        let by_colour = |f: i8| {
            [
                g.step_table(&[v(-1, f), v(1, f)], false),
                g.step_table(&[v(-1, -f), v(1, -f)], false),
            ]
        };
        let corresponding = correspondence(g);
        let corr_between = g
            .all()
            .map(|s| corresponding[s.index()].map(|c| between(g, s, c)))
            .collect();
        let corr_line = g
            .all()
            .map(|s| {
                corresponding[s.index()].map(|c| {
                    if g.file(c) != g.file(s) && g.rank(c) != g.rank(s) {
                        ALONG_DIAG
                    } else {
                        ALONG_ORTHO
                    }
                })
            })
            .collect();
        let plain = g.step_table::<4>(&DIAGONAL, false);
        let wrapped = g.step_table::<4>(&DIAGONAL, true);
        let wraps = g
            .all()
            .map(|s| {
                (0..DIAGONAL.len())
                    .filter(|&d| plain.get(s, d).is_none())
                    .filter_map(|d| wrapped.get(s, d))
                    .fold(0, |set, t| set | bit(t))
            })
            .collect();
        let jumps: Vec<Vec<Jump>> = g.all().map(|s| jumps_from(g, s)).collect();
        let mut ragers: Vec<Vec<Rager>> = vec![Vec::new(); g.len()];
        for s in g.all() {
            for j in &jumps[s.index()] {
                for (i, &r) in j.rage.iter().enumerate() {
                    if let Some(r) = some(r) {
                        ragers[r.index()].push(Rager {
                            from: s,
                            over: j.over,
                            land: j.land,
                            other: j.rage[1 - i],
                        });
                    }
                }
            }
        }
        Vagabond {
            rays: g.ray_table(&KING),
            knight: g.step_table(&KNIGHT, false),
            king: g.step_table(&KING, false),
            pawn_step: by_colour(1),
            pawn_double: [
                g.step_table(&[v(-2, 2), v(2, 2)], false),
                g.step_table(&[v(-2, -2), v(2, -2)], false),
            ],
            pawn_capture: [
                g.step_table(&[v(0, 1), v(-1, 0), v(1, 0)], false),
                g.step_table(&[v(0, -1), v(-1, 0), v(1, 0)], false),
            ],
            pawn_attackers: [
                g.step_table(&[v(0, -1), v(-1, 0), v(1, 0)], false),
                g.step_table(&[v(0, 1), v(-1, 0), v(1, 0)], false),
            ],
            second_rank: [rank(1), rank(6)],
            wraps,
            corresponding,
            corr_between,
            corr_line,
            centre: g
                .all()
                .filter(|&s| !g.on_quadrant_rim(s))
                .fold(0, |set, s| set | bit(s)),
            jumps,
            rager_from: ragers
                .iter()
                .map(|list| list.iter().fold(0, |set, r| set | bit(r.from)))
                .collect(),
            ragers,
            castling: [side("d1", "a1", "h1"), side("d8", "a8", "h8")],
            geometry,
        }
    }

    /// The quadrant shifts of the piece on `from`, leaving out the squares its own quiet
    /// slides along `lines` (bits [`ALONG_ORTHO`], [`ALONG_DIAG`]) reach: one move, one
    /// entry (VR4). Corresponding squares are always four squares away on one line.
    // Natively inlined at each call; in the wasm one out-of-line copy per sink type,
    // not one per call (see `crate::games::movegen::list_sink`).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn shifts(&self, pos: &Board, from: Square, lines: u8, out: &mut impl Sink) {
        let mut already = 0;
        if lines != 0 {
            let occupied = pos.occupied();
            let i = from.index();
            for k in 0..3 {
                if self.corr_line[i][k] & lines != 0 && self.corr_between[i][k] & occupied == 0 {
                    already |= bit(self.corresponding[i][k]);
                }
            }
        }
        shifts(pos, from, &self.corresponding, already, out);
    }

    /// The queen slides of a vagabond on a quadrant centre: to empty squares only.
    #[inline(always)]
    fn quiet_slides(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        for dir in 0..8 {
            for &to in self.rays.ray(from, dir) {
                if pos.piece_at(to).is_some() {
                    break;
                }
                out.add_from(from, || Move::simple(from, to, How::Slide, false));
            }
        }
    }

    /// The vagabond (V10, V11): by the square it starts from.
    #[inline(always)]
    fn vagabond(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        let them = pos.side().opponent();
        if self.centre & bit(from) != 0 {
            self.quiet_slides(pos, from, out);
            self.shifts(pos, from, ALONG_ORTHO | ALONG_DIAG, out);
            return;
        }
        // On a quadrant rim: knight leaps, capturing only enemy agents that are not kings.
        for to in self.knight.targets(from) {
            match pos.piece_at(to) {
                None => out.add_from(from, || Move::simple(from, to, How::Leap, false)),
                Some(p) if p.color() == them && p.kind() != Kind::King => {
                    out.add_from(from, || Move::simple(from, to, How::Leap, true))
                }
                Some(_) => {}
            }
        }
        for to in squares(self.wraps[from.index()] & !pos.occupied()) {
            out.add_from(from, || Move::simple(from, to, How::Wrap, false));
        }
        self.shifts(pos, from, 0, out);
    }

    /// The berserker (V6, V7, V13): knight leaps onto anything but its own king, and jumps
    /// with rage.
    #[inline(always)]
    fn berserker(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        let own_king = pos.kings_of(pos.side());
        for to in self.knight.targets(from) {
            match pos.piece_at(to) {
                None => out.add_from(from, || Move::simple(from, to, How::Leap, false)),
                Some(_) if own_king & bit(to) == 0 => {
                    out.add(Move::simple(from, to, How::Leap, true))
                }
                Some(_) => {}
            }
        }
        let occupied = pos.occupied();
        for j in &self.jumps[from.index()] {
            if occupied & bit(j.over) == 0 || occupied & bit(j.land) != 0 {
                continue;
            }
            let rage = j.rage.map(|r| some(r).map_or(0, bit));
            if (rage[0] | rage[1]) & own_king != 0 {
                continue;
            }
            let mut m = Move::new(from, j.land);
            m.push(Effect::Move {
                from,
                to: j.land,
                how: How::Jump,
            });
            for victim in squares((rage[0] | rage[1]) & occupied) {
                m.push(Effect::Remove {
                    at: victim,
                    why: Why::Rage,
                });
            }
            out.add(m);
        }
    }

    /// The Berolina-plus pawn: diagonal steps forward (two from its second rank), captures
    /// straight forward and sideways, never promoting (V12, V14).
    #[inline(always)]
    fn pawn(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        let us = pos.side();
        let c = us.index();
        let second = self.second_rank[c] & bit(from) != 0;
        for d in 0..2 {
            let Some(one) = self.pawn_step[c].get(from, d) else {
                continue;
            };
            if pos.piece_at(one).is_some() {
                continue;
            }
            out.add_from(from, || Move::simple(from, one, How::Step, false));
            if second {
                if let Some(two) = self.pawn_double[c]
                    .get(from, d)
                    .filter(|&t| pos.piece_at(t).is_none())
                {
                    out.add_from(from, || Move::simple(from, two, How::Slide, false));
                }
            }
        }
        for to in self.pawn_capture[c].targets(from) {
            if pos.piece_at(to).is_some_and(|p| p.color() != us) {
                out.add_from(from, || Move::simple(from, to, How::Step, true));
            }
        }
    }

    /// Free castling (V3): the king goes 1 or more squares toward an unmoved rook, up to its
    /// square, and the rook to any square from the king's start to the king's destination
    /// (exclusive). Whether it gives check is the legality test's (see [`Legal`]).
    fn castlings(&self, pos: &Board, out: &mut impl Sink) {
        let us = pos.side();
        let them = us.opponent();
        let rights = pos.castling()[us.index()];
        if rights == 0 {
            return;
        }
        let cs = self.castling[us.index()];
        let king = cs.king;
        if pos.piece_at(king) != Some(Piece::new(us, Kind::King))
            || self.is_attacked(pos, king, them)
        {
            return;
        }
        for rook in squares(rights) {
            let dir = if rook == cs.king_rook { EAST } else { WEST };
            let path = self.rays.ray(king, dir);
            let Some(len) = path.iter().position(|&s| s == rook) else {
                continue;
            };
            if pos.piece_at(rook) != Some(Piece::new(us, Kind::Rook))
                || path[..len].iter().any(|&s| pos.piece_at(s).is_some())
            {
                continue;
            }
            // The king may not cross or land on an attacked square.
            for (i, &king_to) in path[..=len].iter().enumerate() {
                if self.is_attacked(pos, king_to, them) {
                    break;
                }
                // The rook: the king's start, then every square it crossed.
                for rook_to in std::iter::once(king).chain(path[..i].iter().copied()) {
                    let mut m = Move::new(king, king_to);
                    m.choice = Choice::CastleRook(rook_to);
                    let king_move = Effect::Move {
                        from: king,
                        to: king_to,
                        how: How::CastleKing,
                    };
                    let rook_move = Effect::Move {
                        from: rook,
                        to: rook_to,
                        how: How::CastleRook,
                    };
                    if king_to == rook && rook_to == king {
                        // King and rook change places: neither can go first.
                        m.push(Effect::Swap { a: king, b: rook });
                    } else if king_to == rook {
                        m.push(rook_move);
                        m.push(king_move);
                    } else {
                        m.push(king_move);
                        m.push(rook_move);
                    }
                    out.add(m);
                }
            }
        }
    }

    /// Whether the rage of a berserker of `by` would fall on `sq` (V8): a jump it could
    /// make now (jumped square occupied, landing square empty, its own king on neither rage
    /// square).
    #[inline]
    fn raged(&self, pos: &Board, sq: Square, by: Color) -> bool {
        let berserker = Piece::new(by, Kind::Berserker);
        let occupied = pos.occupied();
        let own_king = pos.kings_of(by);
        if self.rager_from[sq.index()] & pos.pieces_of(by) == 0 {
            return false;
        }
        self.ragers[sq.index()].iter().any(|r| {
            pos.piece_at(r.from) == Some(berserker)
                && occupied & bit(r.over) != 0
                && occupied & bit(r.land) == 0
                && some(r.other).is_none_or(|o| own_king & bit(o) == 0)
        })
    }

    /// The squares whose moves need the full legality test: every square when a king is
    /// attacked (the mover's in check, or the enemy's open to capture) or an enemy berserker
    /// stands where its rage could fall on the mover's king (a move that fills the square
    /// it jumps over or empties its landing square would let it); otherwise the king's and
    /// those of the agents that alone stand between it and an enemy rook or archbishop.
    #[inline(never)]
    fn risky(&self, pos: &Board) -> SquareSet {
        let us = pos.side();
        let them = us.opponent();
        let (Some(ours), Some(theirs)) = (
            squares(pos.kings_of(us)).next(),
            squares(pos.kings_of(them)).next(),
        ) else {
            return !0;
        };
        if self.berserker_near(pos, ours, them)
            || self.is_attacked(pos, ours, them)
            || self.is_attacked(pos, theirs, us)
        {
            return !0;
        }
        pinned_by_rooks_and_archbishops(pos, ours, &self.rays) | bit(ours)
    }

    /// Whether a berserker of `by` stands where its rage could fall on `sq` (with some
    /// squares filled or emptied), the test that [`Vagabond::raged`] makes exact.
    #[inline]
    fn berserker_near(&self, pos: &Board, sq: Square, by: Color) -> bool {
        let berserker = Piece::new(by, Kind::Berserker);
        squares(self.rager_from[sq.index()] & pos.pieces_of(by))
            .any(|s| pos.piece_at(s) == Some(berserker))
    }

    /// For a shift's second test (it must not attack the enemy king, V4): the squares it
    /// must not start from (the enemy king's lines, through everything: leaving one may
    /// uncover a rook or archbishop) and those it must not land on (those lines, and where
    /// a knight's leap, a pawn, or a berserker's rage reaches the king). Every square when
    /// one of the mover's berserkers already stands where its rage could reach the king
    /// (any shift near it may open or fill its jump).
    #[inline(never)]
    fn checks(&self, pos: &Board) -> (SquareSet, SquareSet) {
        let us = pos.side();
        let Some(king) = squares(pos.kings_of(us.opponent())).next() else {
            return (!0, !0);
        };
        if self.berserker_near(pos, king, us) {
            return (!0, !0);
        }
        let lines = (0..8).fold(0, |set, dir| set | self.rays.mask(king, dir));
        let reach = self.knight.reach(king) | self.pawn_attackers[us.index()].reach(king);
        (lines, lines | reach | self.rager_from[king.index()])
    }

    /// Whether `m` is legal: the mover's king is not attacked afterwards, no king is
    /// removed, and a shift or castling does not attack the opponent's king (V3, V4).
    fn is_legal(&self, pos: &Board, m: &Move) -> bool {
        let us = pos.side();
        let them = us.opponent();
        let mut next = pos.clone();
        next.apply(m);
        let (Some(ours), Some(theirs)) = (
            squares(next.kings_of(us)).next(),
            squares(next.kings_of(them)).next(),
        ) else {
            return false;
        };
        if self.is_attacked(&next, ours, them) {
            return false;
        }
        let no_check = matches!(m.choice, Choice::CastleRook(_))
            || matches!(
                m.effects().first(),
                Some(Effect::Move {
                    how: How::Shift,
                    ..
                })
            );
        !(no_check && self.is_attacked(&next, theirs, us))
    }
}

/// The squares strictly between two squares on one line (orthogonal or diagonal).
fn between(g: &Geometry, a: Square, b: Square) -> SquareSet {
    let df = (g.file(b) as i32 - g.file(a) as i32).signum() as i8;
    let dr = (g.rank(b) as i32 - g.rank(a) as i32).signum() as i8;
    let mut set = 0;
    let mut at = a;
    while let Some(n) = g.offset(at, [df, dr, 0, 0], false) {
        if n == b {
            return set;
        }
        set |= bit(n);
        at = n;
    }
    0
}

/// The berserker's jumps from `from`, one per orthogonal direction that stays on the board.
fn jumps_from(g: &Geometry, from: Square) -> Vec<Jump> {
    let mut out = Vec::new();
    for u in ORTHOGONAL {
        let scale = |k: i8| [u[0] * k, u[1] * k, 0, 0];
        let (Some(over), Some(land)) = (g.offset(from, u, false), g.offset(from, scale(2), false))
        else {
            continue;
        };
        // v: the two directions perpendicular to u.
        let v = [[u[1], u[0], 0, 0], [-u[1], -u[0], 0, 0]];
        let rage = v.map(|v| {
            g.offset(land, [u[0] + v[0], u[1] + v[1], 0, 0], false)
                .map_or(NONE, |s| s.0)
        });
        out.push(Jump { over, land, rage });
    }
    out
}

impl Generator for Vagabond {
    /// Every pseudo-legal move, into any sink. Shifts and castlings are marked by their
    /// first effect (`How::Shift`) and choice, so the sink can apply their extra test.
    #[inline(always)]
    fn generate(&self, pos: &Board, out: &mut impl Sink) {
        let us = pos.side();
        for from in squares(pos.pieces_of(us)) {
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            match p.kind() {
                Kind::King => leaps(pos, from, &self.king, How::Step, out),
                Kind::Rook => {
                    slides(pos, from, &self.rays, ORTHO, out);
                    self.shifts(pos, from, ALONG_ORTHO, out);
                }
                Kind::Archbishop => {
                    slides(pos, from, &self.rays, DIAG, out);
                    leaps(pos, from, &self.knight, How::Leap, out);
                    self.shifts(pos, from, ALONG_DIAG, out);
                }
                Kind::Berserker => {
                    self.berserker(pos, from, out);
                    self.shifts(pos, from, 0, out);
                }
                Kind::Vagabond => self.vagabond(pos, from, out),
                Kind::Pawn => {
                    self.pawn(pos, from, out);
                    self.shifts(pos, from, 0, out);
                }
                _ => {}
            }
        }
        self.castlings(pos, out);
    }

    /// See [`shortcut`]; the moves it cannot settle are played on a copy and judged by
    /// [`Vagabond::is_legal`].
    #[inline(always)]
    fn legal<'a, S: Sink>(&'a self, pos: &'a Board, out: S, untested: bool) -> impl Sink {
        let (risky, checks) = if untested {
            (0, (0, 0))
        } else {
            (self.risky(pos), self.checks(pos))
        };
        let test = move |m: &Move| shortcut(pos, m, checks);
        Filter::new(self, pos, risky, test, out)
            .copy_test(Self::is_legal)
            .untested(untested)
    }
}

impl Rules for Vagabond {
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn castling(&self, color: Color) -> Option<CastlingSquares> {
        Some(self.castling[color.index()])
    }

    /// Attack for check: every power that captures, except the vagabond's (it never
    /// attacks a king); shifts and castling never capture.
    fn is_attacked(&self, pos: &Board, sq: Square, by: Color) -> bool {
        let is = |s: Square, kind: Kind| pos.piece_at(s) == Some(Piece::new(by, kind));
        // Only the attacker's pieces among the cells a table reaches are looked at.
        let theirs = pos.pieces_of(by);
        squares(self.knight.reach(sq) & theirs)
            .any(|s| is(s, Kind::Archbishop) || is(s, Kind::Berserker))
            || squares(self.pawn_attackers[by.index()].reach(sq) & theirs)
                .any(|s| is(s, Kind::Pawn))
            || self.king.reach(sq) & pos.kings_of(by) != 0
            || ray_hits(pos, sq, &self.rays, ORTHO, pos.pieces_of(by), |_, p| {
                p == Piece::new(by, Kind::Rook)
            })
            || ray_hits(pos, sq, &self.rays, DIAG, pos.pieces_of(by), |_, p| {
                p == Piece::new(by, Kind::Archbishop)
            })
            || self.raged(pos, sq, by)
    }

    /// One king each (the game is about checkmating it); pawns may stand anywhere (V12).
    fn validate(&self, pos: &Board) -> Result<(), Error> {
        one_king_each(pos, super::DECLARATION.name)
    }
}

/// How the legality filter tests `m` in `pos`. When neither king is attacked and no enemy
/// berserker stands where its rage could fall on the mover's king, an ordinary move or
/// capture on its destination (a step, slide, leap or wrap) that takes no king opens no line
/// to the mover's king and is no shift or castling (which must not give check): it is
/// [`Test::Usual`], legal from a square that is not risky (see [`Vagabond::risky`]; a counter
/// does not even build it). So is a shift that can neither leave a line of the enemy king nor
/// land where it could attack it (`checks`, see [`Vagabond::checks`]). Everything else is
/// played on a copy.
#[inline(always)]
fn shortcut(pos: &Board, m: &Move, (lines, lands): (SquareSet, SquareSet)) -> Test {
    let Some(from) = m.from else {
        return Test::Copy;
    };
    if m.choice != Choice::None {
        return Test::Copy;
    }
    let ordinary = |f: &Square, how: &How| {
        *f == from && matches!(how, How::Step | How::Slide | How::Leap | How::Wrap)
    };
    let usual = match m.effects() {
        [Effect::Move {
            from: f,
            to,
            how: How::Shift,
        }] => *f == from && lines & bit(from) == 0 && lands & bit(*to) == 0,
        [Effect::Move { from: f, how, .. }] => ordinary(f, how),
        [Effect::Remove { at, .. }, Effect::Move { from: f, to, how }] => {
            at == to && ordinary(f, how) && pos.kings() & bit(*at) == 0
        }
        _ => false,
    };
    if usual {
        Test::Usual
    } else {
        Test::Copy
    }
}
