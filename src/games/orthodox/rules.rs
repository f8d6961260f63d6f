//! Orthodox chess (FIDE): the reference game, proved against published perft counts.

use crate::board::Board;
use crate::error::Error;
use crate::games::movegen::{
    leaps, one_king_each, pinned, ray_hits, slides, Filter, Generator, Pawns, Sink, Test,
};
use crate::games::rules::{CastlingSquares, Rules};
use crate::geometry::{
    bit, squares, Geometry, RayTable, Square, SquareSet, StepTable, KING, KNIGHT,
};
use crate::moves::{flags, Effect, How, Move};
use crate::piece::{Color, Kind, Piece};

/// Directions 0..4 of [`KING`] are orthogonal, 4..8 diagonal.
const ORTHO: std::ops::Range<usize> = 0..4;
const DIAG: std::ops::Range<usize> = 4..8;
const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

/// Orthodox chess with its tables, built once.
pub struct Orthodox {
    /// The board.
    geometry: Geometry,
    rays: RayTable,
    knight: StepTable,
    king: StepTable,
    pawns: Pawns,
    /// Per colour: king e1/e8, rooks a1/h1, a8/h8.
    castling: [CastlingSquares; 2],
}

impl Orthodox {
    /// The game's tables, built once (see [`crate::Variant::rules`]).
    pub(crate) fn new() -> Orthodox {
        let geometry = Geometry::rectangle(8, 8);
        let g = &geometry;
        let rays = g.ray_table(&KING);
        let sq = |n: &str| g.parse_square(n).unwrap_or(Square(0));
        let side = |k, q, r| CastlingSquares {
            king: sq(k),
            queen_rook: sq(q),
            king_rook: sq(r),
        };
        Orthodox {
            knight: g.step_table(&KNIGHT, false),
            king: g.step_table(&KING, false),
            // Double steps from the 2nd / 7th rank, promotion on the 8th / 1st.
            pawns: Pawns::new(g, [1, 6], [7, 0]),
            castling: [side("e1", "a1", "h1"), side("e8", "a8", "h8")],
            rays,
            geometry,
        }
    }

    /// The squares whose moves need the full test: every square in check, else the king's
    /// and the pinned pieces'.
    #[inline(never)]
    fn risky(&self, pos: &Board) -> SquareSet {
        let us = pos.side();
        match squares(pos.kings_of(us)).next() {
            Some(king) if self.is_attacked(pos, king, us.opponent()) => !0,
            Some(king) => {
                let pins = |dir: usize, p: Piece| {
                    let slider = if dir < 4 { Kind::Rook } else { Kind::Bishop };
                    p.kind() == slider || p.kind() == Kind::Queen
                };
                pinned(pos, king, &self.rays, pins) | bit(king)
            }
            None => 0,
        }
    }

    #[inline(never)]
    fn castling_moves(&self, pos: &Board, out: &mut impl Sink) {
        let g = &self.geometry;
        let us = pos.side();
        let cs = self.castling[us.index()];
        let rights = pos.castling()[us.index()];
        if rights == 0 {
            return;
        }
        // Whether the king is in check, asked only once a castling is otherwise possible
        // (the attack tests cost more than the emptiness test).
        let mut in_check = None;
        let rank = g.rank(cs.king) as i32;
        for rook in squares(rights) {
            let king_side = rook == cs.king_rook;
            let (king_to, rook_to) = if king_side { (6, 5) } else { (2, 3) };
            let (Some(king_to), Some(rook_to)) = (g.at(king_to, rank), g.at(rook_to, rank)) else {
                continue;
            };
            // Every square between king and rook, and both destinations, must be empty.
            let (kf, rf) = (g.file(cs.king) as i32, g.file(rook) as i32);
            let span = kf
                .min(rf)
                .min(g.file(king_to) as i32)
                .min(g.file(rook_to) as i32)
                ..=kf
                    .max(rf)
                    .max(g.file(king_to) as i32)
                    .max(g.file(rook_to) as i32);
            let clear = span
                .clone()
                .filter_map(|f| g.at(f, rank))
                .all(|s| s == cs.king || s == rook || pos.piece_at(s).is_none());
            // The king may not pass through an attacked square (its destination is checked
            // by the legality test like any move).
            let step = if king_side { 1 } else { -1 };
            let passes = |s| !self.is_attacked(pos, s, us.opponent());
            if !clear || !g.at(kf + step, rank).is_some_and(passes) {
                continue;
            }
            if *in_check.get_or_insert_with(|| self.is_attacked(pos, cs.king, us.opponent())) {
                return;
            }
            let mut m = Move::new(cs.king, king_to);
            m.push(Effect::Move {
                from: cs.king,
                to: king_to,
                how: How::CastleKing,
            });
            m.push(Effect::Move {
                from: rook,
                to: rook_to,
                how: How::CastleRook,
            });
            out.add(m);
        }
    }
}

impl Generator for Orthodox {
    /// Every pseudo-legal move, into any sink.
    #[inline(always)]
    fn generate(&self, pos: &Board, out: &mut impl Sink) {
        let us = pos.side();
        for from in squares(pos.pieces_of(us)) {
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            match p.kind() {
                Kind::Pawn => self.pawns.moves(pos, from, &PROMOTIONS, |_| {}, out),
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

    /// A sink that passes on only legal moves. When the king is not in check, a move by an
    /// unpinned piece other than the king (and not en passant) cannot expose it, so only
    /// king moves, pinned pieces, en passant and check evasions are tried on a copy.
    #[inline(always)]
    fn legal<'a, S: Sink>(&'a self, pos: &'a Board, out: S, untested: bool) -> impl Sink {
        let test = |m: &Move| {
            if m.flags & flags::EN_PASSANT != 0 {
                Test::Copy
            } else {
                Test::Usual
            }
        };
        let risky = if untested { 0 } else { self.risky(pos) };
        Filter::new(self, pos, risky, test, out).untested(untested)
    }
}

impl Rules for Orthodox {
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    fn double_step_rank(&self, color: Color) -> Option<u8> {
        Some(if color == Color::White { 1 } else { 6 })
    }

    fn castling(&self, color: Color) -> Option<CastlingSquares> {
        Some(self.castling[color.index()])
    }

    fn is_attacked(&self, pos: &Board, sq: Square, by: Color) -> bool {
        let theirs = pos.pieces_of(by);
        // Only the attacker's pieces on the cells a knight, pawn or king would come from.
        let any = |cells: SquareSet, kind: Kind| {
            squares(cells & theirs).any(|s| pos.piece_at(s) == Some(Piece::new(by, kind)))
        };
        any(self.knight.reach(sq), Kind::Knight)
            || any(self.pawns.attacker_set(sq, by), Kind::Pawn)
            || any(self.king.reach(sq), Kind::King)
            || ray_hits(pos, sq, &self.rays, ORTHO, theirs, |_, p| {
                p == Piece::new(by, Kind::Rook) || p == Piece::new(by, Kind::Queen)
            })
            || ray_hits(pos, sq, &self.rays, DIAG, theirs, |_, p| {
                p == Piece::new(by, Kind::Bishop) || p == Piece::new(by, Kind::Queen)
            })
    }

    fn validate(&self, pos: &Board) -> Result<(), Error> {
        let g = &self.geometry;
        one_king_each(pos, super::DECLARATION.name)?;
        for s in squares(pos.occupied()) {
            if pos.piece_at(s).is_some_and(|p| p.kind() == Kind::Pawn)
                && (g.rank(s) == 0 || g.rank(s) == 7)
            {
                return Err(Error::new(format!(
                    "a pawn cannot stand on {} (first or last rank)",
                    g.name(s)
                )));
            }
        }
        Ok(())
    }

    /// FIDE's dead positions: kings alone, king and one minor piece against a king, and
    /// kings with bishops all on squares of one colour.
    fn insufficient_material(&self, pos: &Board) -> bool {
        let g = &self.geometry;
        let shade = |s: Square| (g.file(s) + g.rank(s)) % 2;
        // Read piece by piece, stopping at the first that can mate: no list is made.
        let mut others = squares(pos.occupied() & !pos.kings())
            .filter_map(|s| pos.piece_at(s).map(|p| (s, p.kind())));
        match others.next() {
            None => true,
            Some((_, Kind::Knight)) => others.next().is_none(),
            Some((first, Kind::Bishop)) => {
                others.all(|(s, k)| k == Kind::Bishop && shade(s) == shade(first))
            }
            Some(_) => false,
        }
    }

    /// Whether `color` has too little to mate even with the opponent's help, as lichess
    /// rules a flag fall: a king alone; a king and one knight against a king with at most
    /// queens; a king and bishops all on one shade against a king without knights, pawns or
    /// bishops of the other shade.
    fn cannot_win(&self, pos: &Board, color: Color) -> bool {
        let g = &self.geometry;
        let shade = |s: Square| (g.file(s) + g.rank(s)) % 2;
        let pieces = |c: Color| -> Vec<(Square, Kind)> {
            squares(pos.pieces_of(c) & !pos.kings())
                .filter_map(|s| pos.piece_at(s).map(|p| (s, p.kind())))
                .collect()
        };
        let theirs = pieces(color.opponent());
        match pieces(color).as_slice() {
            [] => true,
            [(_, Kind::Knight)] => theirs.iter().all(|&(_, k)| k == Kind::Queen),
            own if own.iter().all(|&(_, k)| k == Kind::Bishop) => {
                let one = shade(own[0].0);
                own.iter().all(|&(s, _)| shade(s) == one)
                    && theirs.iter().all(|&(s, k)| match k {
                        Kind::Knight | Kind::Pawn => false,
                        Kind::Bishop => shade(s) == one,
                        _ => true,
                    })
            }
            _ => false,
        }
    }
}
