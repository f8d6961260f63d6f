//! Bandit Chess (Patrik Hedman): a 7x9 board with chancellors, Wolf Chess sergeants,
//! tricksters that transform enemy pieces, and outlaws that bounce off the edges and
//! capture two agents at once. RULES.md section 2 with rulings B1-B12, and
//! `docs/rulings-bandit.md` (B13 on).

use crate::board::Board;
use crate::error::Error;
use crate::games::movegen::{ray_hits, Filter, Generator, Sink, Test};
use crate::games::rules::Rules;
use crate::geometry::{
    bit, squares, Geometry, RayTable, Square, SquareSet, StepTable, DIAGONAL, KING, KNIGHT,
};
use crate::moves::{flags, Choice, Effect, How, Move, Why};
use crate::outcome::Reason;
use crate::piece::{Color, Kind, Piece};

/// Directions 0..4 of [`KING`] are orthogonal (north, east, south, west), 4..8 diagonal
/// (north-east, south-east, south-west, north-west, as [`DIAGONAL`]).
const ORTHO: std::ops::Range<usize> = 0..4;
const DIAG: std::ops::Range<usize> = 4..8;
/// The orthogonal directions of a trickster's file line (north, south) and rank line
/// (east, west).
const FILE_LINE: (usize, usize) = (0, 2);
const RANK_LINE: (usize, usize) = (1, 3);
/// What pawns and sergeants promote to (RULES.md 2, B1).
const PROMOTIONS: [Kind; 6] = [
    Kind::Chancellor,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Trickster,
    Kind::Outlaw,
];

/// Where an outlaw's diagonal line turns: the last square of the line and the direction
/// (an index into the ray table, 4..8) it goes on in.
type Bounce = Option<(Square, u8)>;

/// The double captures open to `us`'s outlaw on `from` (B8), as (near, far, own agent,
/// enemy agent): on each orthogonal line the agents on the next two squares, one of each
/// colour, neither a trickster nor `us`'s king. `rays` are in [`KING`] order. The move
/// generator's and the evaluation's (threats) one reading of the rule.
#[inline(always)]
pub(crate) fn outlaw_lines<'a>(
    pos: &'a Board,
    rays: &'a RayTable,
    from: Square,
    us: Color,
) -> impl Iterator<Item = (Square, Square, Piece, Piece)> + 'a {
    ORTHO.filter_map(move |dir| {
        let &[near, far, ..] = rays.ray(from, dir) else {
            return None;
        };
        let (a, b) = (pos.piece_at(near)?, pos.piece_at(far)?);
        if a.color() == b.color() {
            return None;
        }
        let (own, enemy) = if a.color() == us { (a, b) } else { (b, a) };
        let barred =
            matches!(own.kind(), Kind::King | Kind::Trickster) || enemy.kind() == Kind::Trickster;
        (!barred).then_some((near, far, own, enemy))
    })
}

/// Bandit Chess with its tables, built once.
pub struct Bandit {
    /// The board.
    geometry: Geometry,
    rays: RayTable,
    knight: StepTable,
    /// The eight king steps, in [`KING`] order.
    king: StepTable,
    /// Per colour: one step straight forward (pawn and sergeant).
    push: [StepTable<1>; 2],
    /// Per colour: the pawn's two diagonal captures.
    capture: [StepTable<2>; 2],
    /// Per colour: the sergeant's three forward steps.
    sergeant: [StepTable<3>; 2],
    /// Per cell and diagonal direction (0..4 = [`DIAGONAL`]): where the outlaw's line from
    /// that cell bounces, if it can (not at a corner, not on a line with no square).
    bounce: crate::geometry::PerCell<[Bounce; 4]>,
    /// Per colour: the rank pawns double-step from (3rd / 7th).
    pawn_start: [SquareSet; 2],
    /// Per colour: the rank sergeants double-step from (2nd / 8th).
    sergeant_start: [SquareSet; 2],
    /// Per colour: the rank pawns and sergeants promote on (9th / 1st).
    last_rank: [SquareSet; 2],
}

/// Whether a piece of kind `mover` may capture an enemy `victim`, and if so whether the
/// capturer is destroyed at the end of the move: only pawns, knights and chancellors take a
/// trickster (B3); a king never takes an outlaw, and whatever else takes one is destroyed
/// (B9, B12).
#[inline(always)]
fn may_take(mover: Kind, victim: Kind) -> Option<bool> {
    match victim {
        Kind::Trickster => {
            matches!(mover, Kind::Pawn | Kind::Knight | Kind::Chancellor).then_some(false)
        }
        Kind::Outlaw => (mover != Kind::King).then_some(true),
        _ => Some(false),
    }
}

/// A capture whose capturer is destroyed: the victim goes, the capturer lands, then goes.
fn destroyed(from: Square, to: Square, how: How) -> Move {
    let mut m = Move::simple(from, to, how, true);
    m.push(Effect::Remove {
        at: to,
        why: Why::Destroyed,
    });
    m
}

/// Adds a [`destroyed`] capture (rare: kept out of the generators' hot loops).
#[inline(never)]
fn add_destroyed(from: Square, to: Square, how: How, out: &mut impl Sink) {
    out.add(destroyed(from, to, how));
}

impl Bandit {
    /// The game's tables, built once (see [`crate::Variant::rules`]).
    pub(crate) fn new() -> Bandit {
        let geometry = Geometry::rectangle(7, 9);
        let g = &geometry;
        let rays = g.ray_table(&KING);
        let rank = |r: u8| {
            g.all()
                .filter(|&s| g.rank(s) == r)
                .fold(0, |set, s| set | bit(s))
        };
        // Table building is the one place that looks at coordinates: the line's last
        // square bounces off the edge its next step crosses, unless it crosses two (a
        // corner, B10).
        let bounce = g
            .all()
            .map(|from| {
                let mut out: [Bounce; 4] = [None; 4];
                for (d, v) in DIAGONAL.iter().enumerate() {
                    let Some(&last) = rays.ray(from, 4 + d).last() else {
                        continue;
                    };
                    let off_file = g.offset(last, [v[0], 0, 0, 0], false).is_none();
                    let off_rank = g.offset(last, [0, v[1], 0, 0], false).is_none();
                    let turned = match (off_file, off_rank) {
                        (true, false) => [-v[0], v[1], 0, 0],
                        (false, true) => [v[0], -v[1], 0, 0],
                        _ => continue,
                    };
                    if let Some(e) = DIAGONAL.iter().position(|&w| w == turned) {
                        out[d] = Some((last, 4 + e as u8));
                    }
                }
                out
            })
            .collect();
        fn steps<const W: usize>(g: &Geometry, dy: i8, dxs: [i8; W]) -> StepTable<W> {
            g.step_table(&dxs.map(|dx| [dx, dy, 0, 0]), false)
        }
        Bandit {
            knight: g.step_table(&KNIGHT, false),
            king: g.step_table(&KING, false),
            push: [steps(g, 1, [0]), steps(g, -1, [0])],
            capture: [steps(g, 1, [-1, 1]), steps(g, -1, [-1, 1])],
            sergeant: [steps(g, 1, [-1, 0, 1]), steps(g, -1, [-1, 0, 1])],
            bounce,
            pawn_start: [rank(2), rank(6)],
            sergeant_start: [rank(1), rank(7)],
            last_rank: [rank(8), rank(0)],
            rays,
            geometry,
        }
    }

    /// A capture by a `mover` of the enemy `victim` from `from` onto `to`, if allowed.
    #[inline(always)]
    fn take(
        &self,
        from: Square,
        to: Square,
        how: How,
        mover: Kind,
        victim: Kind,
        out: &mut impl Sink,
    ) {
        match may_take(mover, victim) {
            None => {}
            Some(false) => out.add_from(from, || Move::simple(from, to, how, true)),
            Some(true) => add_destroyed(from, to, how, out),
        }
    }

    /// Rook, bishop and chancellor lines: empty squares, and the first agent if it is an
    /// enemy this piece may take.
    // Natively inlined at each call; in the wasm one out-of-line copy per sink type,
    // not one per call (see `crate::games::movegen::list_sink`).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn slides(
        &self,
        pos: &Board,
        from: Square,
        dirs: std::ops::Range<usize>,
        mover: Kind,
        out: &mut impl Sink,
    ) {
        let them = pos.side().opponent();
        if !out.needs_moves(from) {
            // A counter: the empty squares by number, the capture as usual.
            let mut n = 0;
            for dir in dirs {
                let (row, len) = self.rays.ray_row(from, dir);
                for &to in row.iter().take(len) {
                    if let Some(p) = pos.piece_at(to) {
                        if p.color() == them {
                            self.take(from, to, How::Slide, mover, p.kind(), out);
                        }
                        break;
                    }
                    n += 1;
                }
            }
            return out.add_count(n);
        }
        for dir in dirs {
            let (row, len) = self.rays.ray_row(from, dir);
            for &to in row.iter().take(len) {
                match pos.piece_at(to) {
                    None => out.add_from(from, || Move::simple(from, to, How::Slide, false)),
                    Some(p) => {
                        if p.color() == them {
                            self.take(from, to, How::Slide, mover, p.kind(), out);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// Knight, chancellor and king leaps and steps.
    // Natively inlined at each call; in the wasm one out-of-line copy per sink type,
    // not one per call (see `crate::games::movegen::list_sink`).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn leaps(
        &self,
        pos: &Board,
        from: Square,
        table: &StepTable,
        how: How,
        mover: Kind,
        out: &mut impl Sink,
    ) {
        let them = pos.side().opponent();
        for to in table.targets(from) {
            match pos.piece_at(to) {
                None => out.add_from(from, || Move::simple(from, to, how, false)),
                Some(p) if p.color() == them => self.take(from, to, how, mover, p.kind(), out),
                Some(_) => {}
            }
        }
    }

    /// A pawn's or sergeant's move to `to` (a capture if `captured`): the six promotions on
    /// its last rank.
    #[inline(always)]
    fn advance(
        &self,
        from: Square,
        to: Square,
        how: How,
        captured: bool,
        us: Color,
        out: &mut impl Sink,
    ) {
        let last = self.last_rank[us.index()];
        crate::games::movegen::advance(
            from,
            to,
            how,
            captured,
            us,
            last,
            &PROMOTIONS,
            &|_| {},
            out,
        );
    }

    /// A pawn's or sergeant's capture of `victim` on `to`. Taking an outlaw destroys the
    /// capturer, so a promotion there would change nothing: one move, no promotion (B15).
    #[inline(always)]
    fn advance_taking(
        &self,
        from: Square,
        to: Square,
        mover: Kind,
        victim: Kind,
        us: Color,
        out: &mut impl Sink,
    ) {
        match may_take(mover, victim) {
            None => {}
            Some(false) => self.advance(from, to, How::Step, true, us, out),
            Some(true) => add_destroyed(from, to, How::Step, out),
        }
    }

    /// The non-capturing double step straight forward from `start`, through an empty square.
    #[inline(always)]
    fn double_step(
        &self,
        pos: &Board,
        from: Square,
        one: Square,
        start: SquareSet,
        us: Color,
        out: &mut impl Sink,
    ) {
        if start & bit(from) == 0 {
            return;
        }
        if let Some(two) = self.push[us.index()]
            .get(one, 0)
            .filter(|&s| pos.piece_at(s).is_none())
        {
            out.add_from(from, || {
                let mut m = Move::simple(from, two, How::Slide, false);
                m.flags |= flags::DOUBLE_STEP;
                m
            });
        }
    }

    /// Orthodox pawn (B1): step, double step from the 3rd rank, diagonal captures, en
    /// passant against a pawn or sergeant that has just double-stepped, promotion.
    #[inline(always)]
    fn pawn_moves(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        let us = pos.side();
        let them = us.opponent();
        if let Some(one) = self.push[us.index()]
            .get(from, 0)
            .filter(|&s| pos.piece_at(s).is_none())
        {
            self.advance(from, one, How::Slide, false, us, out);
            self.double_step(pos, from, one, self.pawn_start[us.index()], us, out);
        }
        for to in self.capture[us.index()].targets(from) {
            match pos.piece_at(to) {
                Some(p) if p.color() == them => {
                    self.advance_taking(from, to, Kind::Pawn, p.kind(), us, out)
                }
                None if pos.ep() == Some(to) => self.en_passant(pos, from, to, out),
                _ => {}
            }
        }
    }

    /// The en passant capture from `from` to `to` of a pawn or sergeant that has just
    /// double-stepped (rare: kept out of line).
    #[inline(never)]
    fn en_passant(&self, pos: &Board, from: Square, to: Square, out: &mut impl Sink) {
        let them = pos.side().opponent();
        let victim = self.push[them.index()].get(to, 0).filter(|&v| {
            pos.piece_at(v).is_some_and(|p| {
                p.color() == them && matches!(p.kind(), Kind::Pawn | Kind::Sergeant)
            })
        });
        if let Some(victim) = victim {
            out.add(crate::games::movegen::en_passant(from, to, victim));
        }
    }

    /// Wolf Chess sergeant: one step straight or diagonally forward, moving or capturing
    /// (never a trickster, B3); a non-capturing double step from the 2nd rank; promotion;
    /// never en passant.
    #[inline(always)]
    fn sergeant_moves(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        let us = pos.side();
        let them = us.opponent();
        for to in self.sergeant[us.index()].targets(from) {
            match pos.piece_at(to) {
                None => {
                    let straight = self.push[us.index()].get(from, 0) == Some(to);
                    let how = if straight { How::Slide } else { How::Step };
                    self.advance(from, to, how, false, us, out);
                    if straight {
                        self.double_step(pos, from, to, self.sergeant_start[us.index()], us, out);
                    }
                }
                Some(p) if p.color() == them => {
                    self.advance_taking(from, to, Kind::Sergeant, p.kind(), us, out)
                }
                Some(_) => {}
            }
        }
    }

    /// The tricks open to a trickster landing on `at` along one line (`a` and `b` are
    /// opposite orthogonal directions): with two enemy pieces (not pawns, B6) of different
    /// kinds there, either may become the other's kind, except that a king is never
    /// replaced (B5).
    #[inline(always)]
    fn tricks(
        &self,
        pos: &Board,
        at: Square,
        (a, b): (usize, usize),
    ) -> [Option<(Square, Kind)>; 2] {
        let them = pos.side().opponent();
        let piece = |dir| {
            let sq = self.king.get(at, dir)?;
            let p = pos.piece_at(sq)?;
            (p.color() == them && p.kind() != Kind::Pawn).then_some((sq, p.kind()))
        };
        match (piece(a), piece(b)) {
            (Some((sa, ka)), Some((sb, kb))) if ka != kb => [
                (ka != Kind::King).then_some((sa, kb)),
                (kb != Kind::King).then_some((sb, ka)),
            ],
            _ => [None, None],
        }
    }

    /// A trickster's move to the empty square `to`: without a trick (B4: the trick is
    /// optional), and with each combination of the tricks its two lines offer. The trick on
    /// the trickster's file comes first (B16).
    #[inline(always)]
    fn trickster_to(&self, pos: &Board, from: Square, to: Square, how: How, out: &mut impl Sink) {
        out.add_from(from, || Move::simple(from, to, how, false));
        let file = self.tricks(pos, to, FILE_LINE);
        let rank = self.tricks(pos, to, RANK_LINE);
        if file == [None, None] && rank == [None, None] {
            return;
        }
        let them = pos.side().opponent();
        // Each line: no trick, or one of its (up to two) tricks.
        let choices = |line: [Option<(Square, Kind)>; 2]| {
            std::iter::once(None).chain(line.into_iter().flatten().map(Some))
        };
        for f in choices(file) {
            for r in choices(rank) {
                if f.is_none() && r.is_none() {
                    continue;
                }
                let mut m = Move::simple(from, to, how, false);
                let mut chosen = [None; 2];
                for (i, (at, kind)) in [f, r].into_iter().flatten().enumerate() {
                    m.push(Effect::Transform {
                        at,
                        into: Piece::new(them, kind),
                    });
                    chosen[i] = Some((at, kind));
                }
                m.choice = Choice::Trick(chosen);
                out.add(m);
            }
        }
    }

    /// Trickster (B3-B6): archbishop moves to empty squares only, each with its tricks.
    #[inline(never)]
    fn trickster_moves(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        for dir in DIAG {
            for &to in self.rays.ray(from, dir) {
                if pos.piece_at(to).is_some() {
                    break;
                }
                self.trickster_to(pos, from, to, How::Slide, out);
            }
        }
        for to in self.knight.targets(from) {
            if pos.piece_at(to).is_none() {
                self.trickster_to(pos, from, to, How::Leap, out);
            }
        }
    }

    /// Outlaw (B8-B12): bishop lines through empty squares, each able to bounce once off an
    /// edge (not at a corner); a square reached by two paths is one move (B14). Then its
    /// double captures.
    #[inline(never)]
    fn outlaw_moves(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        let mut reached: SquareSet = 0;
        let mut open = [false; 4];
        for (d, clear) in open.iter_mut().enumerate() {
            *clear = true;
            for &to in self.rays.ray(from, 4 + d) {
                if pos.piece_at(to).is_some() {
                    *clear = false;
                    break;
                }
                reached |= bit(to);
                out.add_from(from, || Move::simple(from, to, How::Slide, false));
            }
        }
        for (d, clear) in open.into_iter().enumerate() {
            let Some((turn, dir)) = self.bounce[from.index()][d].filter(|_| clear) else {
                continue;
            };
            for &to in self.rays.ray(turn, dir as usize) {
                // The start square is never passed or reached again (B10): with no bounce
                // at a corner, no line comes back to it.
                if pos.piece_at(to).is_some() {
                    break;
                }
                if reached & bit(to) == 0 {
                    reached |= bit(to);
                    out.add_from(from, || Move::simple(from, to, How::Bounce(turn), false));
                }
            }
        }
        self.outlaw_captures(pos, from, out);
    }

    /// The outlaw's double capture: the two agents on the next two squares of an orthogonal
    /// line, one white and one black, neither a trickster nor the outlaw's own king (B8). It
    /// lands on the farther one. Taking the enemy king wins at once; taking an outlaw
    /// (either colour) destroys it (B9).
    #[inline(always)]
    fn outlaw_captures(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        for (near, far, own, enemy) in outlaw_lines(pos, &self.rays, from, pos.side()) {
            let mut m = Move::new(from, far);
            for at in [near, far] {
                m.push(Effect::Remove {
                    at,
                    why: Why::Outlaw,
                });
            }
            m.push(Effect::Move {
                from,
                to: far,
                how: How::Slide,
            });
            if own.kind() == Kind::Outlaw || enemy.kind() == Kind::Outlaw {
                m.push(Effect::Remove {
                    at: far,
                    why: Why::Destroyed,
                });
            }
            if enemy.kind() == Kind::King {
                m.wins = Some(Reason::KingCaptured);
            }
            out.add(m);
        }
    }

    /// The squares whose moves need the full test: every square when a king of the mover
    /// is attacked, else its kings' and the pinned agents'.
    #[inline(never)]
    fn risky(&self, pos: &Board) -> SquareSet {
        let us = pos.side();
        if self.king_attacked(pos, us) {
            !0
        } else {
            self.pinned(pos) | pos.kings_of(us)
        }
    }

    /// The side to move's agents that stand alone between one of its kings and an enemy
    /// rook, chancellor (files and ranks) or bishop (diagonals).
    fn pinned(&self, pos: &Board) -> SquareSet {
        let us = pos.side();
        let them = us.opponent();
        let mut pinned = 0;
        let theirs = pos.pieces_of(them);
        for king in squares(pos.kings_of(us)) {
            for dir in 0..8 {
                // A ray with no enemy agent pins nothing.
                if self.rays.mask(king, dir) & theirs == 0 {
                    continue;
                }
                let mut shield = None;
                for &s in self.rays.ray(king, dir) {
                    let Some(p) = pos.piece_at(s) else { continue };
                    if p.color() == us {
                        if shield.is_some() {
                            break;
                        }
                        shield = Some(s);
                    } else {
                        if let Some(b) = shield {
                            let slider = if dir < 4 {
                                p == Piece::new(them, Kind::Rook)
                                    || p == Piece::new(them, Kind::Chancellor)
                            } else {
                                p == Piece::new(them, Kind::Bishop)
                            };
                            if slider {
                                pinned |= bit(b);
                            }
                        }
                        break;
                    }
                }
            }
        }
        pinned
    }
}

impl Generator for Bandit {
    /// Every pseudo-legal move, into any sink.
    #[inline(always)]
    fn generate(&self, pos: &Board, out: &mut impl Sink) {
        let us = pos.side();
        for from in squares(pos.pieces_of(us)) {
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            match p.kind() {
                Kind::Pawn => self.pawn_moves(pos, from, out),
                Kind::Sergeant => self.sergeant_moves(pos, from, out),
                Kind::Knight => self.leaps(pos, from, &self.knight, How::Leap, Kind::Knight, out),
                Kind::Bishop => self.slides(pos, from, DIAG, Kind::Bishop, out),
                Kind::Rook => self.slides(pos, from, ORTHO, Kind::Rook, out),
                Kind::Chancellor => {
                    self.slides(pos, from, ORTHO, Kind::Chancellor, out);
                    self.leaps(pos, from, &self.knight, How::Leap, Kind::Chancellor, out);
                }
                Kind::King => self.leaps(pos, from, &self.king, How::Step, Kind::King, out),
                Kind::Trickster => self.trickster_moves(pos, from, out),
                Kind::Outlaw => self.outlaw_moves(pos, from, out),
                _ => {}
            }
        }
    }

    /// A sink that passes on only legal moves. A move that wins at once (an outlaw taking the
    /// enemy king) is legal whatever it leaves attacked (B13). Otherwise, when no king of the
    /// mover is attacked, an ordinary move or capture by an unpinned agent other than a king
    /// cannot expose one, so only king moves, pinned agents, check evasions and the special
    /// moves (en passant, tricks, outlaw captures, captures that destroy the capturer) are
    /// tried on a copy.
    #[inline(always)]
    fn legal<'a, S: Sink>(&'a self, pos: &'a Board, out: S, untested: bool) -> impl Sink {
        let test = |m: &Move| {
            let plain = m.effects().iter().all(|e| match e {
                Effect::Remove { why, .. } => *why == Why::Capture,
                Effect::Transform { .. } => false,
                _ => true,
            });
            if m.wins.is_some() {
                Test::Legal
            } else if plain {
                Test::Usual
            } else {
                Test::Copy
            }
        };
        let risky = if untested { 0 } else { self.risky(pos) };
        Filter::new(self, pos, risky, test, out).untested(untested)
    }
}

impl Rules for Bandit {
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn double_step_rank(&self, color: Color) -> Option<u8> {
        Some(if color == Color::White { 2 } else { 6 })
    }

    fn double_step_rank_of(&self, color: Color, kind: Kind) -> Option<u8> {
        match kind {
            Kind::Pawn => self.double_step_rank(color),
            Kind::Sergeant => Some(if color == Color::White { 1 } else { 7 }),
            _ => None,
        }
    }

    /// Whether a king on `sq` could be taken by `by`: by pawns, sergeants, knights,
    /// bishops, rooks, chancellors and kings. Tricksters never attack; outlaws' threats
    /// are not check (B11).
    fn is_attacked(&self, pos: &Board, sq: Square, by: Color) -> bool {
        let theirs = pos.pieces_of(by);
        // Only the attacker's agents on the cells a leaper or step would come from.
        let any = |cells: SquareSet, a: Kind, b: Kind| {
            squares(cells & theirs).any(|s| {
                pos.piece_at(s)
                    .is_some_and(|p| p.kind() == a || p.kind() == b)
            })
        };
        let them = by.opponent().index();
        any(self.knight.reach(sq), Kind::Knight, Kind::Chancellor)
            || any(self.capture[them].reach(sq), Kind::Pawn, Kind::Pawn)
            || any(
                self.sergeant[them].reach(sq),
                Kind::Sergeant,
                Kind::Sergeant,
            )
            || any(self.king.reach(sq), Kind::King, Kind::King)
            || ray_hits(pos, sq, &self.rays, ORTHO, theirs, |_, p| {
                p == Piece::new(by, Kind::Rook) || p == Piece::new(by, Kind::Chancellor)
            })
            || ray_hits(pos, sq, &self.rays, DIAG, theirs, |_, p| {
                p == Piece::new(by, Kind::Bishop)
            })
    }

    /// At least one king each (several are allowed, B7: a trick may copy a king); no pawn
    /// on the first or last rank. Sergeants may stand anywhere (a trick can make one on
    /// any rank, B17).
    fn validate(&self, pos: &Board) -> Result<(), Error> {
        let g = &self.geometry;
        for c in Color::ALL {
            if pos.kings_of(c) == 0 {
                return Err(Error::new(format!("{} has no king", c.name())));
            }
        }
        for s in squares(pos.occupied()) {
            if pos.piece_at(s).is_some_and(|p| p.kind() == Kind::Pawn)
                && (g.rank(s) == 0 || g.rank(s) == g.ranks() - 1)
            {
                return Err(Error::new(format!(
                    "a pawn cannot stand on {} (first or last rank)",
                    g.name(s)
                )));
            }
        }
        Ok(())
    }
}
