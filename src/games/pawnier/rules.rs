//! Pawnier Chess (Patrik Hedman): a 9x11 board without c5, e6 and g7; pawns that move as
//! rooks, bishops or knights by their relations to friendly pawns (and knights), Wolf
//! Chess sergeants that promote to a pawn or a knight, and six pawns in hand to drop.
//! RULES.md section 4; the rulings this file adds are in `docs/rulings-pawnier.md`.

use crate::board::Board;
use crate::error::Error;
use crate::games::movegen::{
    leaps, list_sink, one_king, ray_hits, slides, Filter, Listing, Noisy, Sink, Test,
};
use crate::games::rules::{MoveLists, Rules};
use crate::geometry::{
    bit, squares, Geometry, RayTable, Square, SquareSet, StepTable, DIAGONAL, KING, KNIGHT,
    ORTHOGONAL,
};
use crate::moves::{How, Move};
use crate::piece::{Color, Kind, Piece};

/// Directions 0..4 of [`KING`] are orthogonal, 4..8 diagonal.
const ORTHO: std::ops::Range<usize> = 0..4;
const DIAG: std::ops::Range<usize> = 4..8;
/// What a sergeant promotes to (RULES.md 4: a pawn or a knight).
const PROMOTIONS: [Kind; 2] = [Kind::Pawn, Kind::Knight];
/// Pawns each side holds in hand at the start; hands never grow (ruling P11).
pub const START_HAND: u8 = 6;
/// The most non-king agents a side can ever have: 7 sergeants, 8 pawns, 6 in hand (P11).
const MAX_MATERIAL: u32 = 7 + 8 + START_HAND as u32;
/// Sergeants at the start; knights only come from them (P11).
const MAX_SERGEANTS: u32 = 7;

/// Pawnier Chess with its tables, built once.
pub struct Pawnier {
    /// The board.
    geometry: Geometry,
    rays: RayTable,
    knight: StepTable,
    king: StepTable,
    /// One orthogonal step (the lone pawn's non-capturing step).
    ortho: StepTable<4>,
    /// Per cell: its orthogonal neighbours, diagonal neighbours and knight's-leap squares,
    /// as sets (a pawn's relations are these sets met with the friendly pawns and knights).
    ortho_near: crate::geometry::PerCell<SquareSet>,
    diag_near: crate::geometry::PerCell<SquareSet>,
    knight_near: crate::geometry::PerCell<SquareSet>,
    /// Per colour: the sergeant's three steps forward, straight one at index 1.
    forward: [StepTable<3>; 2],
    /// Per colour: the squares from which that colour's sergeant steps onto a cell (for
    /// attack tests: the forward steps reversed).
    sergeant_from: [StepTable<3>; 2],
    /// Per colour: the sergeants' start rank (3rd / 9th), where they may double-step (P4).
    start_rank: [SquareSet; 2],
    /// Per colour: the rank a sergeant must promote on (9th / 3rd, P3).
    promotion_rank: [SquareSet; 2],
    /// Per colour: the ranks a sergeant can never stand on (its promotion rank and beyond,
    /// ruling P10).
    no_sergeant: [SquareSet; 2],
    /// Per colour: the first four ranks, where that side drops its pawns.
    drop_zone: [SquareSet; 2],
}

impl Pawnier {
    /// The game's tables, built once (see [`crate::Variant::rules`]).
    pub(crate) fn new() -> Pawnier {
        let geometry = Geometry::rectangle_with_holes(9, 11, &[(2, 4), (4, 5), (6, 6)]);
        let g = &geometry;
        let ranks = |r: std::ops::Range<u8>| {
            g.all()
                .filter(|&s| r.contains(&g.rank(s)))
                .fold(0, |set, s| set | bit(s))
        };
        let near = |vectors: &[[i8; 4]]| {
            let table = g.step_table::<8>(vectors, false);
            g.all()
                .map(|s| table.targets(s).fold(0, |set, t| set | bit(t)))
                .collect()
        };
        let steps = |f: i8| [[-1, f, 0, 0], [0, f, 0, 0], [1, f, 0, 0]];
        Pawnier {
            rays: g.ray_table(&KING),
            knight: g.step_table(&KNIGHT, false),
            king: g.step_table(&KING, false),
            ortho: g.step_table(&ORTHOGONAL, false),
            ortho_near: near(&ORTHOGONAL),
            diag_near: near(&DIAGONAL),
            knight_near: near(&KNIGHT),
            forward: [
                g.step_table(&steps(1), false),
                g.step_table(&steps(-1), false),
            ],
            sergeant_from: [
                g.step_table(&steps(-1), false),
                g.step_table(&steps(1), false),
            ],
            start_rank: [ranks(2..3), ranks(8..9)],
            promotion_rank: [ranks(8..9), ranks(2..3)],
            no_sergeant: [ranks(8..11), ranks(0..3)],
            drop_zone: [ranks(0..4), ranks(7..11)],
            geometry,
        }
    }

    /// The cells of `color`'s pawns and of its knights.
    #[inline(always)]
    fn pawns_and_knights(pos: &Board, color: Color) -> (SquareSet, SquareSet) {
        let (mut pawns, mut knights) = (0, 0);
        for s in squares(pos.pieces_of(color)) {
            match pos.piece_at(s).map(Piece::kind) {
                Some(Kind::Pawn) => pawns |= bit(s),
                Some(Kind::Knight) => knights |= bit(s),
                _ => {}
            }
        }
        (pawns, knights)
    }

    /// Whether one of the cells in `near` holds a `color` piece of `kind`.
    #[inline(always)]
    fn any_in(pos: &Board, near: SquareSet, color: Color, kind: Kind) -> bool {
        squares(near & pos.pieces_of(color))
            .any(|s| pos.piece_at(s) == Some(Piece::new(color, kind)))
    }

    /// Whether the `color` pawn on `sq` moves as a knight: a knight's leap from a friendly
    /// pawn, or from a friendly knight (relay).
    #[inline(always)]
    fn knight_power(&self, pos: &Board, sq: Square, color: Color) -> bool {
        let near = self.knight_near[sq.index()];
        Self::any_in(pos, near, color, Kind::Pawn) || Self::any_in(pos, near, color, Kind::Knight)
    }

    /// Every pseudo-legal move on the board (drops apart), into any sink.
    #[inline(always)]
    fn generate(&self, pos: &Board, out: &mut impl Sink) {
        let us = pos.side();
        let (pawns, knights) = Self::pawns_and_knights(pos, us);
        for from in squares(pos.pieces_of(us)) {
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            match p.kind() {
                Kind::Pawn => {
                    let i = from.index();
                    let rook = self.ortho_near[i] & pawns != 0;
                    let bishop = self.diag_near[i] & pawns != 0;
                    let knight_relation = self.knight_near[i] & pawns != 0;
                    if rook {
                        slides(pos, from, &self.rays, ORTHO, out);
                    }
                    if bishop {
                        slides(pos, from, &self.rays, DIAG, out);
                    }
                    // Two sources of the knight power give one set of knight moves.
                    if knight_relation || self.knight_near[i] & knights != 0 {
                        leaps(pos, from, &self.knight, How::Leap, out);
                    }
                    // No pawn relation: the non-capturing orthogonal step (P5: it adds to a
                    // relay from a knight).
                    if !(rook || bishop || knight_relation) {
                        for to in self.ortho.targets(from) {
                            if pos.piece_at(to).is_none() {
                                out.add_from(from, || Move::simple(from, to, How::Step, false));
                            }
                        }
                    }
                }
                Kind::Sergeant => self.sergeant_moves(pos, from, out),
                Kind::Knight => leaps(pos, from, &self.knight, How::Leap, out),
                Kind::King => leaps(pos, from, &self.king, How::Step, out),
                _ => {}
            }
        }
    }

    /// A sergeant's steps forward (moving or capturing) and its double step from the start
    /// rank through an empty square (never capturing, P4).
    #[inline(always)]
    fn sergeant_moves(&self, pos: &Board, from: Square, out: &mut impl Sink) {
        let us = pos.side();
        let forward = &self.forward[us.index()];
        for to in forward.targets(from) {
            match pos.piece_at(to) {
                None => self.sergeant_move(from, to, How::Step, false, us, out),
                Some(p) if p.color() != us => {
                    self.sergeant_move(from, to, How::Step, true, us, out)
                }
                Some(_) => {}
            }
        }
        if self.start_rank[us.index()] & bit(from) != 0 {
            if let Some(one) = forward.get(from, 1).filter(|&s| pos.piece_at(s).is_none()) {
                if let Some(two) = forward.get(one, 1).filter(|&s| pos.piece_at(s).is_none()) {
                    self.sergeant_move(from, two, How::Slide, false, us, out);
                }
            }
        }
    }

    /// One sergeant move; on the promotion rank, one move per promotion choice (P3).
    #[inline(always)]
    fn sergeant_move(
        &self,
        from: Square,
        to: Square,
        how: How,
        captured: bool,
        us: Color,
        out: &mut impl Sink,
    ) {
        let last = self.promotion_rank[us.index()];
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

    /// The empty squares the side to move may drop a pawn on (none with an empty hand).
    #[inline]
    fn drop_squares(&self, pos: &Board) -> SquareSet {
        let us = pos.side();
        if pos.hand(us) == 0 {
            return 0;
        }
        self.drop_zone[us.index()] & !pos.occupied()
    }

    /// The side to move's pieces that stand alone between their king and an enemy pawn that
    /// moves as a rook (orthogonal lines) or a bishop (diagonal lines) there.
    fn pinned(&self, pos: &Board, king: Square) -> SquareSet {
        let us = pos.side();
        let them = us.opponent();
        let mut pinned = 0;
        for dir in 0..8 {
            // A line with no enemy piece on it pins nothing.
            if self.rays.mask(king, dir) & pos.pieces_of(them) == 0 {
                continue;
            }
            let near = if dir < 4 {
                &self.ortho_near
            } else {
                &self.diag_near
            };
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
                        if p.kind() == Kind::Pawn
                            && Self::any_in(pos, near[s.index()], them, Kind::Pawn)
                        {
                            pinned |= bit(b);
                        }
                    }
                    break;
                }
            }
        }
        pinned
    }

    /// Whether the first piece along any of `dirs` from `sq` is a `by` pawn with a friendly
    /// pawn among its `near` cells (a rook or bishop power reaching `sq`).
    #[inline(always)]
    fn line_attack(
        &self,
        pos: &Board,
        sq: Square,
        dirs: std::ops::Range<usize>,
        near: &crate::geometry::PerCell<SquareSet>,
        by: Color,
    ) -> bool {
        let pawn = Piece::new(by, Kind::Pawn);
        ray_hits(pos, sq, &self.rays, dirs, pos.pieces_of(by), |s, p| {
            p == pawn && Self::any_in(pos, near[s.index()], by, Kind::Pawn)
        })
    }

    /// The legal board moves (`list`) or their count, through one [`Filter`]; whether the
    /// side to move is in check. With `untested`, every pseudo-legal board move instead (the
    /// same instantiation for lists: see [`Listing`]), and `false`.
    ///
    /// Out of check, a move by a piece other than the
    /// king can expose the king only by opening a line to an enemy pawn that slides along it,
    /// so only king moves and such pinned pieces are tried on a copy; in check, every move is.
    /// (Moving a piece never gives an enemy pawn a relation: only friendly pawns and knights
    /// create them.)
    // Natively inlined into each caller, so that each listing gets its own specialised copy.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn legal_into(&self, pos: &Board, out: &mut impl Sink, untested: bool) -> bool {
        let (risky, in_check) = if untested {
            (0, false)
        } else {
            self.risky(pos)
        };
        let them = pos.side().opponent();
        // Out of check, a king stepping onto an empty square is safe exactly when that
        // square is not attacked now: no enemy line runs through the square it leaves (it would
        // be in check), and nothing is captured, so no enemy pawn loses a relation.
        let test = |m: &Move| match m.from {
            Some(from)
                if !in_check && pos.kings() & bit(from) != 0 && pos.piece_at(m.to).is_none() =>
            {
                if self.is_attacked(pos, m.to, them) {
                    Test::Illegal
                } else {
                    Test::Legal
                }
            }
            _ => Test::Usual,
        };
        let mut out = Filter::new(self, pos, risky, test, out).untested(untested);
        self.generate(pos, &mut out);
        in_check
    }

    /// The squares whose moves need the full test (every square in check, else the king's
    /// and the pinned pieces'), and whether the side to move is in check.
    #[inline(never)]
    fn risky(&self, pos: &Board) -> (SquareSet, bool) {
        let us = pos.side();
        match squares(pos.kings_of(us)).next() {
            Some(king) if self.is_attacked(pos, king, us.opponent()) => (!0, true),
            Some(king) => (self.pinned(pos, king) | bit(king), false),
            None => (0, false),
        }
    }
}

impl Pawnier {
    /// The legal, noisy or pseudo-legal board moves (drops apart): one instantiation of the
    /// generator for all; whether the side to move is in check (see
    /// [`Pawnier::legal_into`]).
    // Natively a copy per caller, each specialised to its listing (speed); in the wasm one
    // shared copy (size).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn listed(&self, pos: &Board, out: &mut impl Sink, which: Listing) -> bool {
        let mut out = Noisy {
            out,
            only: which.noisy(),
        };
        self.legal_into(pos, &mut out, which.untested())
    }
}

/// Pawnier Chess lists its drops apart from its generator's moves (see [`Pawnier::listed`]).
impl MoveLists for Pawnier {
    fn pseudo_moves(&self, pos: &Board, out: &mut Vec<Move>) {
        self.listed(pos, &mut list_sink(out), Listing::Pseudo);
        let piece = Piece::new(pos.side(), Kind::Pawn);
        out.extend(squares(self.drop_squares(pos)).map(|to| Move::drop(to, piece)));
    }

    /// Board moves through [`Filter`]; drops cannot expose the king (a pawn put down only
    /// blocks lines and gives the enemy no relation), so out of check every drop is legal.
    fn legal_moves(&self, pos: &Board, out: &mut Vec<Move>) {
        let in_check = self.listed(pos, &mut list_sink(out), Listing::Legal);
        let piece = Piece::new(pos.side(), Kind::Pawn);
        for to in squares(self.drop_squares(pos)) {
            let m = Move::drop(to, piece);
            if !in_check || self.leaves_king_safe(pos, &m) {
                out.push(m);
            }
        }
    }

    /// Drops never change material: only the moves on the board can be noisy.
    fn noisy_moves(&self, pos: &Board, out: &mut Vec<Move>) {
        self.listed(pos, &mut list_sink(out), Listing::Noisy);
    }

    fn count_legal(&self, pos: &Board) -> usize {
        #[cfg(target_arch = "wasm32")]
        let (count, in_check) = {
            let mut count = crate::games::movegen::ListOrCount::counter();
            let in_check = self.listed(pos, &mut count, Listing::Legal);
            (count.count, in_check)
        };
        #[cfg(not(target_arch = "wasm32"))]
        let (count, in_check) = {
            let mut count = crate::games::movegen::Count(0);
            let in_check = self.legal_into(pos, &mut count, false);
            (count.0, in_check)
        };
        let drops = self.drop_squares(pos);
        count
            + if in_check {
                let piece = Piece::new(pos.side(), Kind::Pawn);
                squares(drops)
                    .filter(|&to| self.leaves_king_safe(pos, &Move::drop(to, piece)))
                    .count()
            } else {
                drops.count_ones() as usize
            }
    }
}

impl Rules for Pawnier {
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Every capturing power attacks: king, knight, sergeant (all three forward steps), and
    /// each pawn power its relations give it in this position. The lone pawn's step never
    /// captures, so it never attacks.
    fn is_attacked(&self, pos: &Board, sq: Square, by: Color) -> bool {
        let is = |s: Square, kind: Kind| pos.piece_at(s) == Some(Piece::new(by, kind));
        // Only the attacker's pieces among the cells a table reaches are looked at.
        let theirs = pos.pieces_of(by);
        self.king.reach(sq) & pos.kings_of(by) != 0
            || squares(self.sergeant_from[by.index()].reach(sq) & theirs)
                .any(|s| is(s, Kind::Sergeant))
            || squares(self.knight.reach(sq) & theirs).any(|s| {
                is(s, Kind::Knight) || (is(s, Kind::Pawn) && self.knight_power(pos, s, by))
            })
            || self.line_attack(pos, sq, ORTHO, &self.ortho_near, by)
            || self.line_attack(pos, sq, DIAG, &self.diag_near, by)
    }

    fn validate(&self, pos: &Board) -> Result<(), Error> {
        let g = &self.geometry;
        for c in Color::ALL {
            one_king(pos, c, super::DECLARATION.name)?;
            let hand = pos.hand(c);
            if hand > START_HAND {
                return Err(Error::new(format!(
                    "{} has {hand} pawns in hand; a side starts with {START_HAND} and never gains any",
                    c.name()
                )));
            }
            let mut sergeants_and_knights = 0;
            for s in squares(pos.pieces_of(c)) {
                match pos.piece_at(s).map(Piece::kind) {
                    Some(Kind::Sergeant) => {
                        if self.no_sergeant[c.index()] & bit(s) != 0 {
                            return Err(Error::new(format!(
                                "a {} sergeant cannot stand on {} (it promotes on reaching rank {})",
                                c.name(),
                                g.name(s),
                                if c == Color::White { 9 } else { 3 }
                            )));
                        }
                        sergeants_and_knights += 1;
                    }
                    Some(Kind::Knight) => sergeants_and_knights += 1,
                    _ => {}
                }
            }
            if sergeants_and_knights > MAX_SERGEANTS {
                return Err(Error::new(format!(
                    "{} has {sergeants_and_knights} sergeants and knights; knights only come from its {MAX_SERGEANTS} sergeants",
                    c.name()
                )));
            }
            let material = (pos.pieces_of(c) & !pos.kings()).count_ones() + hand as u32;
            if material > MAX_MATERIAL {
                return Err(Error::new(format!(
                    "{} has {material} agents besides its king, on the board and in hand; at most {MAX_MATERIAL} are possible",
                    c.name()
                )));
            }
        }
        Ok(())
    }

    /// Kings alone on the board with no pawn in either hand (P13: a pawn in hand can still
    /// be dropped).
    fn insufficient_material(&self, pos: &Board) -> bool {
        pos.occupied() == pos.kings() && pos.hand(Color::White) == 0 && pos.hand(Color::Black) == 0
    }
}
