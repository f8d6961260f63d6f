//! Quarter Chess (RULES.md 3): the quadrant board of Vagabond Chess with archbishops,
//! drivers and merchants.
//!
//! - **Shift** (Q3): rooks, knights, archbishops, drivers and merchants (not kings, not
//!   pawns) may move to an empty corresponding square; never a capture; not if the
//!   opponent's king is attacked afterwards (discovered and unfrozen attacks too). A shift
//!   that is also the piece's ordinary quiet move is that ordinary move only.
//! - **Merchant**: one step in 8 directions to an empty square, or a shift. When it moves to
//!   `m`, every enemy agent on `m+u` with a friendly merchant on `m+2u` is removed
//!   (custodian, Q5); if that is the king, the mover wins (backstab). It freezes (Q10)
//!   every enemy agent other than merchants and drivers that it stands orthogonally next
//!   to, unless that agent also has a merchant of its own orthogonally next to it. Frozen
//!   agents neither move nor attack. Merchants never attack.
//! - **Driver**: never frozen, never attacks; slides as a bishop without capturing, shifts,
//!   or acts while staying put (move `from` = `to` = the driver): pull, push, switch,
//!   absorb.
//! - **King between merchants** (Q5-Q7): a move that leaves the enemy king between two of
//!   the mover's merchants on a line where it was not before wins; a player's driver may not
//!   do that to its own king.
//!
//! Rulings this file adds to RULES.md 3 (the tests name them):
//!
//! - **Q12 switch**: a switch needs an agent on both sides of the driver (an empty side is
//!   not a switch: the source speaks of switching "two agents"), and two agents of the same
//!   colour and kind cannot be switched (nothing would change). A white and a black agent
//!   of the same kind can.
//! - **Q13 special wins and check**: a move that wins at once (backstab, king between
//!   merchants) is legal even if it leaves the mover's own king attacked: the game ends
//!   before that attack could be carried out (RULES.md 0). Q7 still forbids a driver move
//!   that puts the driver's own king between enemy merchants, whatever else it does.
//! - **Q14 only a merchant's own move captures**: custodian capture happens when a merchant
//!   steps or shifts; a merchant moved by a driver, or made by promotion, captures
//!   nothing. The king-between-merchants win follows every move, promotions included.
//! - **Q15 "where it was not before"**: a trap is the king's square and the line (file or
//!   rank) of the two merchants. A king moved to another square between merchants, or
//!   closed in on its second line, is trapped anew.
//! - **Q16 pawns moved by a driver**: a pawn pulled, pushed or switched onto its last rank
//!   does not promote (promotion is part of the pawn's own move) and cannot move until moved
//!   again; on its own first rank it steps one square; it double-steps from its second
//!   rank only, whatever its history. Pawns may stand on any rank. A pawn that changes
//!   square in any way is a pawn move for the 100-ply rule.

use crate::board::Board;
use crate::error::Error;
use crate::games::movegen::{
    correspondence, leaps, one_king_each, pinned_by_rooks_and_archbishops, shifts, Generator,
    Pawns, Sink,
};
use crate::games::rules::Rules;
use crate::geometry::{
    bit, squares, Geometry, RayTable, Square, SquareSet, StepTable, KING, KNIGHT,
};
use crate::moves::{Choice, Effect, How, Move, Why};
use crate::outcome::Reason;
use crate::piece::{Color, Kind, Piece};

/// Directions 0..4 of [`KING`] are orthogonal (north, east, south, west), 4..8 diagonal.
const ORTHO: std::ops::Range<usize> = 0..4;
const DIAG: std::ops::Range<usize> = 4..8;
/// Q9: what a pawn may promote to.
const PROMOTIONS: [Kind; 5] = [
    Kind::Rook,
    Kind::Knight,
    Kind::Driver,
    Kind::Archbishop,
    Kind::Merchant,
];

/// Quarter Chess with its tables, built once.
pub struct Quarter {
    /// The board.
    geometry: Geometry,
    rays: RayTable,
    knight: StepTable,
    /// The eight neighbours, in [`KING`] order (the first four are orthogonal).
    king: StepTable,
    pawns: Pawns,
    /// Per square: its three corresponding squares.
    corresponding: crate::geometry::PerCell<[Square; 3]>,
    /// Per square: every square on its rook and bishop lines, to the edge.
    lines: crate::geometry::PerCell<SquareSet>,
    /// Per square: its knight leaps.
    leaps: crate::geometry::PerCell<SquareSet>,
}

impl Quarter {
    /// The game's tables, built once (see [`crate::Variant::rules`]).
    pub(crate) fn new() -> Quarter {
        let geometry = Geometry::quadrants();
        let g = &geometry;
        let rays = g.ray_table(&KING);
        let knight = g.step_table(&KNIGHT, false);
        let lines = g
            .all()
            .map(|s| {
                (0..8)
                    .flat_map(|d| rays.ray(s, d))
                    .fold(0, |set, &t| set | bit(t))
            })
            .collect();
        let leaps = g
            .all()
            .map(|s| knight.targets(s).fold(0, |set, t| set | bit(t)))
            .collect();
        Quarter {
            lines,
            leaps,
            rays,
            knight,
            king: g.step_table(&KING, false),
            // Double steps from the 2nd / 7th rank, promotion on the 8th / 1st.
            pawns: Pawns::new(g, [1, 6], [7, 0]),
            corresponding: correspondence(g),
            geometry,
        }
    }

    /// The orthogonal neighbour of `sq` in direction `d` (0..4).
    #[inline(always)]
    fn next(&self, sq: Square, d: usize) -> Option<Square> {
        self.king.get(sq, d)
    }

    /// Q10: whether `color`'s agent on `sq` (not a merchant or driver) is frozen: an enemy
    /// merchant and no friendly merchant orthogonally next to it.
    #[inline]
    pub fn frozen(&self, pos: &Board, sq: Square, color: Color) -> bool {
        let mut enemy = false;
        for d in ORTHO {
            if let Some(p) = self.next(sq, d).and_then(|n| pos.piece_at(n)) {
                if p.kind() == Kind::Merchant {
                    if p.color() == color {
                        return false;
                    }
                    enemy = true;
                }
            }
        }
        enemy
    }

    /// Whether an agent of `color` that a merchant can freeze (not a merchant or driver)
    /// stands orthogonally next to `sq`.
    #[inline]
    fn next_to_agent(&self, pos: &Board, sq: Square, color: Color) -> bool {
        ORTHO.into_iter().any(|d| {
            self.next(sq, d)
                .and_then(|n| pos.piece_at(n))
                .is_some_and(|p| {
                    p.color() == color && !matches!(p.kind(), Kind::Merchant | Kind::Driver)
                })
        })
    }

    /// Whether `by`'s `kind` stands on `s` and is not frozen (so it attacks).
    #[inline(always)]
    fn active(&self, pos: &Board, s: Square, by: Color, kind: Kind) -> bool {
        pos.piece_at(s) == Some(Piece::new(by, kind)) && !self.frozen(pos, s, by)
    }

    /// The first agent along each of `dirs` from `sq` that is an active `by` `kind`.
    #[inline]
    fn ray_active(
        &self,
        pos: &Board,
        sq: Square,
        dirs: std::ops::Range<usize>,
        by: Color,
        kind: Kind,
    ) -> bool {
        let theirs = pos.pieces_of(by);
        for dir in dirs {
            // A ray with none of `by`'s agents is not looked at.
            if self.rays.mask(sq, dir) & theirs == 0 {
                continue;
            }
            let first = self.rays.nearest(sq, dir, pos.occupied());
            if first.is_some_and(|s| self.active(pos, s, by, kind)) {
                return true;
            }
        }
        false
    }

    /// Slides of the piece on `from` along `dirs`, capturing the first enemy met if
    /// `capture`; returns the empty squares reached (for one move, one entry).
    // Natively inlined at each call; in the wasm one out-of-line copy per sink type,
    // not one per call (see `crate::games::movegen::list_sink`).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn slides(
        &self,
        pos: &Board,
        from: Square,
        dirs: std::ops::Range<usize>,
        capture: bool,
        out: &mut impl Sink,
    ) -> SquareSet {
        let them = pos.side().opponent();
        let mut quiet = 0;
        for dir in dirs {
            for &to in self.rays.ray(from, dir) {
                match pos.piece_at(to) {
                    None => {
                        quiet |= bit(to);
                        out.add_from(from, || Move::simple(from, to, How::Slide, false));
                    }
                    Some(p) => {
                        if capture && p.color() == them {
                            out.add_from(from, || Move::simple(from, to, How::Slide, true));
                        }
                        break;
                    }
                }
            }
        }
        quiet
    }

    /// Whether a new merchant of `us` on `at` closes the enemy king between it and another
    /// merchant of `us` (a new trap: `at` held no merchant of `us` before).
    fn closes_trap(&self, pos: &Board, at: Square, us: Color) -> bool {
        let king = Piece::new(us.opponent(), Kind::King);
        let ours = Piece::new(us, Kind::Merchant);
        ORTHO.into_iter().any(|d| {
            self.next(at, d).is_some_and(|k| {
                pos.piece_at(k) == Some(king)
                    && self
                        .next(k, d)
                        .is_some_and(|o| pos.piece_at(o) == Some(ours))
            })
        })
    }

    /// Merchant steps and shifts, each with its custodian captures.
    #[inline(always)]
    fn merchant_moves(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        for to in self.king.targets(from) {
            if pos.piece_at(to).is_none() {
                out.add(self.merchant_move(pos, from, to, How::Step));
            }
        }
        for &to in &self.corresponding[from.index()] {
            if pos.piece_at(to).is_none() {
                out.add(self.merchant_move(pos, from, to, How::Shift));
            }
        }
    }

    /// The merchant's move to `to`, then its custodian captures (Q5): every enemy agent
    /// next to `to` with a friendly merchant beyond it. Taking the king wins (backstab).
    #[inline(always)]
    fn merchant_move(&self, pos: &Board, from: Square, to: Square, how: How) -> Move {
        let us = pos.side();
        let ours = Piece::new(us, Kind::Merchant);
        let mut m = Move::new(from, to);
        m.push(Effect::Move { from, to, how });
        for d in ORTHO {
            let Some(v) = self.next(to, d) else { continue };
            let Some(victim) = pos.piece_at(v).filter(|p| p.color() != us) else {
                continue;
            };
            // The square beyond is never `from`: a step or shift never starts two squares
            // straight away.
            if self
                .next(v, d)
                .is_some_and(|w| pos.piece_at(w) == Some(ours))
            {
                m.push(Effect::Remove {
                    at: v,
                    why: Why::Custodian,
                });
                if victim.kind() == Kind::King {
                    m.wins = Some(Reason::Backstab);
                }
            }
        }
        m
    }

    /// The driver's moves: bishop slide without capture, shift, pull, push, switch, absorb.
    #[inline(always)]
    fn driver_moves(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        let us = pos.side();
        let quiet = self.slides(pos, from, DIAG, false, out);
        shifts(pos, from, &self.corresponding, quiet, out);
        // Pull: on every orthogonal ray, the nearest agent two or more squares away comes
        // one square closer; all rays at once.
        let mut pull = Move::new(from, from);
        pull.choice = Choice::Pull;
        for d in ORTHO {
            let ray = self.rays.ray(from, d);
            if let Some(i) = ray.iter().position(|&s| pos.piece_at(s).is_some()) {
                if i >= 1 {
                    pull.push(Effect::Move {
                        from: ray[i],
                        to: ray[i - 1],
                        how: How::Pulled,
                    });
                }
            }
        }
        if !pull.effects().is_empty() {
            self.driver_action(pos, pull, out);
        }
        for d in ORTHO {
            let Some(a) = self.next(from, d) else {
                continue;
            };
            let Some(agent) = pos.piece_at(a) else {
                continue;
            };
            // Push: the neighbour one square straight away, onto an empty square.
            if let Some(b) = self.next(a, d).filter(|&b| pos.piece_at(b).is_none()) {
                let mut m = Move::new(from, from);
                m.choice = Choice::Push(a);
                m.push(Effect::Move {
                    from: a,
                    to: b,
                    how: How::Pushed,
                });
                self.driver_action(pos, m, out);
            }
            // Absorb: an enemy neighbour other than the king.
            if agent.color() != us && agent.kind() != Kind::King {
                let mut m = Move::new(from, from);
                m.choice = Choice::Absorb(a);
                m.push(Effect::Remove {
                    at: a,
                    why: Why::Absorb,
                });
                out.add(m);
            }
        }
        // Switch (Q12): the agents south and north, or west and east, of the driver, lower
        // square first; both there and not the same colour and kind.
        for (lo, hi) in [(2, 0), (3, 1)] {
            let (Some(a), Some(b)) = (self.next(from, lo), self.next(from, hi)) else {
                continue;
            };
            match (pos.piece_at(a), pos.piece_at(b)) {
                (Some(pa), Some(pb)) if pa != pb => {
                    let mut m = Move::new(from, from);
                    m.choice = Choice::Switch(a, b);
                    m.push(Effect::Swap { a, b });
                    self.driver_action(pos, m, out);
                }
                _ => {}
            }
        }
    }

    /// A pull, push or switch, which may move kings and merchants: left out if it puts the
    /// mover's own king between enemy merchants (Q7), a win if it does that to the enemy
    /// king (Q5, Q15).
    fn driver_action(&self, pos: &Board, mut m: Move, out: &mut impl Sink) {
        let us = pos.side();
        let mut next = pos.clone();
        next.apply(&m);
        if self.newly_trapped(pos, &next, us) {
            return;
        }
        if self.newly_trapped(pos, &next, us.opponent()) {
            m.wins = Some(Reason::KingTrapped);
        }
        out.add(m);
    }

    /// `color`'s king square and the lines on which it stands between two enemy merchants
    /// (bit 0: file, bit 1: rank).
    fn trap(&self, pos: &Board, color: Color) -> Option<(Square, u8)> {
        let k = squares(pos.kings_of(color)).next()?;
        let theirs = Some(Piece::new(color.opponent(), Kind::Merchant));
        let is = |d| self.next(k, d).is_some_and(|s| pos.piece_at(s) == theirs);
        Some((k, (is(0) && is(2)) as u8 | ((is(1) && is(3)) as u8) << 1))
    }

    /// Q15: whether `color`'s king stands between enemy merchants in `after` on a square
    /// and line where it did not in `before`.
    fn newly_trapped(&self, before: &Board, after: &Board, color: Color) -> bool {
        let Some((k1, lines)) = self.trap(after, color) else {
            return false;
        };
        let old = match self.trap(before, color) {
            Some((k0, old)) if k0 == k1 => old,
            _ => 0,
        };
        lines & !old != 0
    }

    /// Whether any of `color`'s kings is attacked (by unfrozen attackers).
    #[inline]
    fn king_attacked(&self, pos: &Board, color: Color) -> bool {
        squares(pos.kings_of(color)).any(|k| self.is_attacked(pos, k, color.opponent()))
    }

    /// Whether a pseudo-legal move is legal: a special win always is (Q13); otherwise the
    /// mover's king may not be attacked afterwards, and after a shift neither may the
    /// opponent's (Q3, as in Vagabond V4).
    #[inline]
    fn is_legal(&self, pos: &Board, m: &Move) -> bool {
        if m.wins.is_some() {
            return true;
        }
        let us = pos.side();
        let mut next = pos.clone();
        next.apply(m);
        if self.king_attacked(&next, us) {
            return false;
        }
        let shift = matches!(
            m.effects().first(),
            Some(Effect::Move {
                how: How::Shift,
                ..
            })
        );
        !(shift && self.king_attacked(&next, us.opponent()))
    }
}

impl Generator for Quarter {
    /// Every pseudo-legal move, into any sink. Q7 (a driver trapping its own king) is
    /// already left out here; the sink tests king safety and the shift rule.
    #[inline(always)]
    fn generate(&self, pos: &Board, out: &mut impl Sink) {
        let us = pos.side();
        for from in squares(pos.pieces_of(us)) {
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            match p.kind() {
                Kind::Merchant => self.merchant_moves(pos, from, out),
                Kind::Driver => self.driver_moves(pos, from, out),
                _ if self.frozen(pos, from, us) => {}
                Kind::King => leaps(pos, from, &self.king, How::Step, out),
                Kind::Rook => {
                    let quiet = self.slides(pos, from, ORTHO, true, out);
                    shifts(pos, from, &self.corresponding, quiet, out);
                }
                Kind::Knight => {
                    // A knight's leap never reaches a corresponding square (4 files or
                    // ranks away), so every shift is a move of its own.
                    leaps(pos, from, &self.knight, How::Leap, out);
                    shifts(pos, from, &self.corresponding, 0, out);
                }
                Kind::Archbishop => {
                    let quiet = self.slides(pos, from, DIAG, true, out);
                    leaps(pos, from, &self.knight, How::Leap, out);
                    shifts(pos, from, &self.corresponding, quiet, out);
                }
                Kind::Pawn => {
                    // Q9; a new merchant captures nothing but may trap the king (Q14).
                    let promoted = |m: &mut Move| {
                        if m.choice == Choice::Promotion(Kind::Merchant)
                            && self.closes_trap(pos, m.to, us)
                        {
                            m.wins = Some(Reason::KingTrapped);
                        }
                    };
                    self.pawns.moves(pos, from, &PROMOTIONS, promoted, out);
                }
                _ => {}
            }
        }
    }

    /// See [`Legal`].
    #[inline(always)]
    fn legal<'a, S: Sink>(&'a self, pos: &'a Board, out: S, untested: bool) -> impl Sink {
        Legal::new(self, pos, out, untested)
    }
}

impl Rules for Quarter {
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn double_step_rank(&self, color: Color) -> Option<u8> {
        Some(if color == Color::White { 1 } else { 6 })
    }

    /// Attacks: king, rook, knight, archbishop and pawn captures by agents that are not
    /// frozen (Q10). Merchants and drivers attack nothing.
    fn is_attacked(&self, pos: &Board, sq: Square, by: Color) -> bool {
        // Only the attacker's agents on the cells a leaper or step would come from.
        let theirs = pos.pieces_of(by);
        squares(self.knight.reach(sq) & theirs).any(|s| {
            self.active(pos, s, by, Kind::Knight) || self.active(pos, s, by, Kind::Archbishop)
        }) || squares(self.pawns.attacker_set(sq, by) & theirs)
            .any(|s| self.active(pos, s, by, Kind::Pawn))
            || squares(self.king.reach(sq) & theirs).any(|s| self.active(pos, s, by, Kind::King))
            || self.ray_active(pos, sq, ORTHO, by, Kind::Rook)
            || self.ray_active(pos, sq, DIAG, by, Kind::Archbishop)
    }

    /// Q10: every agent but merchants and drivers with an enemy merchant and no friendly
    /// one orthogonally next to it, kings included.
    fn frozen(&self, pos: &Board) -> SquareSet {
        squares(pos.occupied())
            .filter(|&s| {
                pos.piece_at(s).is_some_and(|p| {
                    !matches!(p.kind(), Kind::Merchant | Kind::Driver)
                        && Quarter::frozen(self, pos, s, p.color())
                })
            })
            .fold(0, |set, s| set | bit(s))
    }

    fn validate(&self, pos: &Board) -> Result<(), Error> {
        one_king_each(pos, super::DECLARATION.name)
    }
}

/// A sink that passes on only legal moves (see [`Quarter::is_legal`]).
///
/// When the king is not in check, a move of one agent other than the king, from no square
/// where it alone stands between its king and an enemy rook or archbishop, that captures nothing by custody is
/// safe for the king unless it is a merchant leaving an enemy agent it may have frozen: it
/// opens no line and unfreezes no attacker. Such moves skip the test (ordinary moves
/// without even being built), and so do shifts that can neither land on a line or knight
/// leap of the enemy king nor leave one, nor put a merchant next to a friend it could
/// unfreeze. Everything else is played on a copy and tested.
struct Legal<'a, S> {
    rules: &'a Quarter,
    pos: &'a Board,
    /// Squares whose moves need the full test for the mover's king.
    risky: SquareSet,
    /// The enemy king's lines (rook and bishop, through everything) and knight leaps: where
    /// a shift could start or end an attack on it.
    lines: SquareSet,
    leaps: SquareSet,
    /// Whether every move passes untested (pseudo-legal moves; `risky` is then empty).
    untested: bool,
    out: S,
}

impl<'a, S> Legal<'a, S> {
    /// A filter for the moves of `pos` into `out`, or with `untested` one that lets every
    /// move pass (see [`Listing`]).
    fn new(rules: &'a Quarter, pos: &'a Board, out: S, untested: bool) -> Self {
        let us = pos.side();
        let risky = match squares(pos.kings_of(us)).next() {
            _ if untested => 0,
            Some(king) if rules.is_attacked(pos, king, us.opponent()) => !0,
            Some(king) => {
                // Rooks pin orthogonally, archbishops diagonally, frozen or not.
                pinned_by_rooks_and_archbishops(pos, king, &rules.rays) | bit(king)
            }
            None => 0,
        };
        let (lines, leaps) = match squares(pos.kings_of(us.opponent())).next() {
            Some(k) => (rules.lines[k.index()], rules.leaps[k.index()]),
            None => (!0, !0),
        };
        Legal {
            rules,
            pos,
            risky,
            lines,
            leaps,
            untested,
            out,
        }
    }

    /// Whether a move is legal without playing it (see the type's documentation); false
    /// means "test it".
    #[inline(always)]
    fn surely_legal(&self, m: &Move) -> bool {
        let (Some(from), [Effect::Move { from: f, to, how }]) = (m.from, m.effects()) else {
            return false;
        };
        if *f != from || self.risky & bit(from) != 0 {
            return false;
        }
        let pos = self.pos;
        let us = pos.side();
        let merchant = pos.piece_at(from) == Some(Piece::new(us, Kind::Merchant));
        if merchant && self.rules.next_to_agent(pos, from, us.opponent()) {
            return false;
        }
        if *how != How::Shift {
            return true;
        }
        if self.lines & bit(from) != 0 {
            return false;
        }
        if merchant {
            !self.rules.next_to_agent(pos, *to, us)
        } else {
            (self.lines | self.leaps) & bit(*to) == 0
        }
    }
}

impl<S: Sink> Sink for Legal<'_, S> {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        if self.untested || self.surely_legal(&m) || self.rules.is_legal(self.pos, &m) {
            self.out.add(m);
        }
    }

    #[inline(always)]
    fn add_from(&mut self, from: Square, make: impl FnOnce() -> Move) {
        if self.out.needs_moves(from) {
            self.add_built(from, make());
        } else if self.risky & bit(from) == 0 {
            self.out.add_from(from, make);
        } else {
            self.add(make());
        }
    }

    #[inline(always)]
    fn add_built(&mut self, from: Square, m: Move) {
        if self.risky & bit(from) == 0
            || self.untested
            || self.surely_legal(&m)
            || self.rules.is_legal(self.pos, &m)
        {
            self.out.add_built(from, m);
        }
    }
}
