//! Orthodox chess (FIDE): the reference game, proved against published perft counts.

use std::sync::OnceLock;

use super::{leaps, ray_hits, slides};
use crate::error::Error;
use crate::geometry::{bit, squares, RayTable, Square, SquareSet, StepTable, KING, KNIGHT};
use crate::moves::{flags, Choice, Effect, How, Move, Why};
use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::variant::{CastlingSquares, Rules, Variant};

/// Directions 0..4 of [`KING`] are orthogonal, 4..8 diagonal.
const ORTHO: std::ops::Range<usize> = 0..4;
const DIAG: std::ops::Range<usize> = 4..8;
const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

/// Orthodox chess with its tables, built once.
pub struct Orthodox {
    rays: RayTable,
    knight: StepTable,
    king: StepTable,
    /// Per colour: the pawn's step forward.
    push: [StepTable; 2],
    /// Per colour: the pawn's two capture squares.
    capture: [StepTable; 2],
    /// Per square: every square on a line (rank, file or diagonal) through it.
    lines: Vec<SquareSet>,
    /// Per colour: king e1/e8, rooks a1/h1, a8/h8.
    castling: [CastlingSquares; 2],
}

/// The rules of orthodox chess.
pub fn rules() -> &'static Orthodox {
    static RULES: OnceLock<Orthodox> = OnceLock::new();
    RULES.get_or_init(Orthodox::new)
}

impl Orthodox {
    fn new() -> Orthodox {
        let g = Variant::Orthodox.geometry();
        let rays = g.ray_table(&KING);
        let lines = g.all().map(|s| (0..8).flat_map(|d| rays.ray(s, d)).fold(0, |acc, &t| acc | bit(t))).collect();
        let sq = |n: &str| g.parse_square(n).unwrap_or(Square(0));
        let side = |k, q, r| CastlingSquares { king: sq(k), queen_rook: sq(q), king_rook: sq(r) };
        Orthodox {
            knight: g.step_table(&KNIGHT, false),
            king: g.step_table(&KING, false),
            push: [g.step_table(&[[0, 1, 0, 0]], false), g.step_table(&[[0, -1, 0, 0]], false)],
            capture: [g.step_table(&[[-1, 1, 0, 0], [1, 1, 0, 0]], false), g.step_table(&[[-1, -1, 0, 0], [1, -1, 0, 0]], false)],
            lines,
            castling: [side("e1", "a1", "h1"), side("e8", "a8", "h8")],
            rays,
        }
    }

    fn pawn_moves(&self, pos: &Position, from: Square, out: &mut Vec<Move>) {
        let g = Variant::Orthodox.geometry();
        let us = pos.side();
        let last = if us == Color::White { 7 } else { 0 };
        let start = if us == Color::White { 1 } else { 6 };
        let push = &self.push[us.index()];
        let add = |out: &mut Vec<Move>, to: Square, how: How, captured: bool| {
            if g.rank(to) == last {
                for kind in PROMOTIONS {
                    let mut m = Move::simple(from, to, how, captured);
                    m.push(Effect::Promote { at: to, into: Piece::new(us, kind) });
                    m.choice = Choice::Promotion(kind);
                    out.push(m);
                }
            } else {
                out.push(Move::simple(from, to, how, captured));
            }
        };
        if let Some(one) = push.get(from, 0).filter(|&s| pos.piece_at(s).is_none()) {
            add(out, one, How::Slide, false);
            if g.rank(from) == start {
                if let Some(two) = push.get(one, 0).filter(|&s| pos.piece_at(s).is_none()) {
                    let mut m = Move::simple(from, two, How::Slide, false);
                    m.flags |= flags::DOUBLE_STEP;
                    out.push(m);
                }
            }
        }
        for to in self.capture[us.index()].targets(from) {
            match pos.piece_at(to) {
                Some(p) if p.color() != us => add(out, to, How::Step, true),
                None if pos.ep() == Some(to) => {
                    if let Some(victim) = self.push[us.opponent().index()].get(to, 0) {
                        let mut m = Move::new(from, to);
                        m.push(Effect::Remove { at: victim, why: Why::EnPassant });
                        m.push(Effect::Move { from, to, how: How::Step });
                        m.flags |= flags::EN_PASSANT;
                        out.push(m);
                    }
                }
                _ => {}
            }
        }
    }

    fn castling_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let g = Variant::Orthodox.geometry();
        let us = pos.side();
        let cs = self.castling[us.index()];
        let rights = pos.castling()[us.index()];
        if rights == 0 || self.is_attacked(pos, cs.king, us.opponent()) {
            return;
        }
        let rank = g.rank(cs.king) as i32;
        for rook in squares(rights) {
            let king_side = rook == cs.king_rook;
            let (king_to, rook_to) = if king_side { (6, 5) } else { (2, 3) };
            let (Some(king_to), Some(rook_to)) = (g.at(king_to, rank), g.at(rook_to, rank)) else { continue };
            // Every square between king and rook, and both destinations, must be empty.
            let (kf, rf) = (g.file(cs.king) as i32, g.file(rook) as i32);
            let span = kf.min(rf).min(g.file(king_to) as i32).min(g.file(rook_to) as i32)
                ..=kf.max(rf).max(g.file(king_to) as i32).max(g.file(rook_to) as i32);
            let clear = span.clone().filter_map(|f| g.at(f, rank)).all(|s| s == cs.king || s == rook || pos.piece_at(s).is_none());
            // The king may not pass through an attacked square (its destination is checked
            // by the legality test like any move).
            let step = if king_side { 1 } else { -1 };
            let passes = g.at(kf + step, rank).is_some_and(|s| !self.is_attacked(pos, s, us.opponent()));
            if clear && passes {
                let mut m = Move::new(cs.king, king_to);
                m.push(Effect::Move { from: cs.king, to: king_to, how: How::CastleKing });
                m.push(Effect::Move { from: rook, to: rook_to, how: How::CastleRook });
                out.push(m);
            }
        }
    }
}

impl Rules for Orthodox {
    fn letters(&self) -> &'static [(char, Kind)] {
        &[('K', Kind::King), ('Q', Kind::Queen), ('R', Kind::Rook), ('B', Kind::Bishop), ('N', Kind::Knight), ('P', Kind::Pawn)]
    }

    fn start_text(&self) -> &'static str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    }

    fn castling(&self, color: Color) -> Option<CastlingSquares> {
        Some(self.castling[color.index()])
    }

    fn pseudo_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side();
        for from in squares(pos.pieces_of(us)) {
            let Some(p) = pos.piece_at(from) else { continue };
            match p.kind() {
                Kind::Pawn => self.pawn_moves(pos, from, out),
                Kind::Knight => leaps(pos, from, &self.knight, How::Leap, out),
                Kind::Bishop => slides(pos, from, &self.rays, DIAG, out),
                Kind::Rook => slides(pos, from, &self.rays, ORTHO, out),
                Kind::Queen => slides(pos, from, &self.rays, 0..8, out),
                Kind::King => leaps(pos, from, &self.king, How::Step, out),
                _ => {}
            }
        }
        self.castling_moves(pos, out);
    }

    fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        let is = |s: Square, kind: Kind| pos.piece_at(s) == Some(Piece::new(by, kind));
        self.knight.targets(sq).any(|s| is(s, Kind::Knight))
            || self.capture[by.opponent().index()].targets(sq).any(|s| is(s, Kind::Pawn))
            || self.king.targets(sq).any(|s| is(s, Kind::King))
            || ray_hits(pos, sq, &self.rays, ORTHO, |p| p == Piece::new(by, Kind::Rook) || p == Piece::new(by, Kind::Queen))
            || ray_hits(pos, sq, &self.rays, DIAG, |p| p == Piece::new(by, Kind::Bishop) || p == Piece::new(by, Kind::Queen))
    }

    /// Pseudo-legal moves, filtered: when the king is not in check, a move by another piece
    /// from a square on no line through the king (and not en passant) cannot expose it, so
    /// only the other moves are tried on a copy.
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_moves(pos, out);
        let us = pos.side();
        let Some(king) = squares(pos.kings_of(us)).next() else { return };
        let safe_lines = if self.is_attacked(pos, king, us.opponent()) { !0 } else { self.lines[king.index()] };
        let mut i = start;
        while i < out.len() {
            let m = &out[i];
            let quick = m.from.is_some_and(|f| f != king && safe_lines & bit(f) == 0) && m.flags & flags::EN_PASSANT == 0;
            if quick || pos.leaves_king_safe(m) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    fn validate(&self, pos: &Position) -> Result<(), Error> {
        let g = Variant::Orthodox.geometry();
        for c in Color::ALL {
            match pos.kings_of(c).count_ones() {
                0 => return Err(Error::new(format!("{} has no king", c.name()))),
                1 => {}
                n => return Err(Error::new(format!("{} has {n} kings; orthodox chess has one each", c.name()))),
            }
        }
        for s in squares(pos.occupied()) {
            if pos.piece_at(s).is_some_and(|p| p.kind() == Kind::Pawn) && (g.rank(s) == 0 || g.rank(s) == 7) {
                return Err(Error::new(format!("a pawn cannot stand on {} (first or last rank)", g.name(s))));
            }
        }
        Ok(())
    }

    /// FIDE's dead positions: kings alone, king and one minor piece against a king, and
    /// kings with bishops all on squares of one colour.
    fn insufficient_material(&self, pos: &Position) -> bool {
        let g = Variant::Orthodox.geometry();
        let others: Vec<(Square, Kind)> =
            squares(pos.occupied() & !pos.kings()).filter_map(|s| pos.piece_at(s).map(|p| (s, p.kind()))).collect();
        match others.as_slice() {
            [] | [(_, Kind::Knight)] => true,
            all => {
                let shade = |s: Square| (g.file(s) + g.rank(s)) % 2;
                all.iter().all(|&(s, k)| k == Kind::Bishop && shade(s) == shade(all[0].0))
            }
        }
    }
}
