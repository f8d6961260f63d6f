//! The board layer: what stands where, whose move it is, the rights and counters, and the
//! few functions that change them. It knows no rules: which moves are legal and how a game
//! ends are the position's and the games' business ([`crate::position`], [`crate::games::rules`]).
//!
//! The Zobrist key ([`crate::zobrist`]) is kept up to date here, inside the only functions
//! that change what it covers, so it can never fall out of step with the board.

use crate::geometry::{bit, squares, Square, SquareSet, MAX_CELLS};
use crate::moves::{Effect, Move};
use crate::piece::{Color, Kind, Piece};
use crate::zobrist;

/// Agents on cells, the side to move, castling rights, the en passant square, the counters
/// and the pawns in hand, with their Zobrist key. Small and cloned per move (copy-make).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    cells: [Option<Piece>; MAX_CELLS],
    by_color: [SquareSet; 2],
    kings: SquareSet,
    side: Color,
    castling: [SquareSet; 2],
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
    hands: [u8; 2],
    key: u64,
}

impl Board {
    /// An empty board: no agent, no castling right, no en passant square.
    pub fn empty(side: Color, halfmove: u16, fullmove: u16, hands: [u8; 2]) -> Board {
        // The key tables are filled at run time, before the first board needs them.
        zobrist::init();
        let mut board = Board {
            cells: [None; MAX_CELLS],
            by_color: [0; 2],
            kings: 0,
            side,
            castling: [0; 2],
            ep: None,
            halfmove,
            fullmove,
            hands,
            key: 0,
        };
        board.key = board.key_from_scratch();
        board
    }

    /// The agent on a cell.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()]
    }

    /// The agent on every cell, by cell index (all [`MAX_CELLS`] of them).
    #[inline]
    pub fn cells(&self) -> &[Option<Piece>; MAX_CELLS] {
        &self.cells
    }

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// The cells holding `color`'s agents.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> SquareSet {
        self.by_color[color.index()]
    }

    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.by_color[0] | self.by_color[1]
    }

    /// The cells holding kings of either colour.
    #[inline]
    pub fn kings(&self) -> SquareSet {
        self.kings
    }

    /// The cells holding `color`'s kings.
    #[inline]
    pub fn kings_of(&self, color: Color) -> SquareSet {
        self.kings & self.by_color[color.index()]
    }

    /// Castling rights: the rook squares per side that may still castle.
    #[inline]
    pub fn castling(&self) -> [SquareSet; 2] {
        self.castling
    }

    /// The en passant square, if the last move was a double step that can be taken.
    #[inline]
    pub fn ep(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last irreversible move.
    #[inline]
    pub fn halfmove(&self) -> u16 {
        self.halfmove
    }

    /// The move number.
    #[inline]
    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }

    /// Pawns in hand of a side.
    #[inline]
    pub fn hand(&self, color: Color) -> u8 {
        self.hands[color.index()]
    }

    /// The Zobrist key: equal for boards with the same agents, side to move, castling
    /// rights, en passant square and hands (the counters are not part of it).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from nothing but what the board holds; [`Board::key`] always equals
    /// it (the property the tests check along random games).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for sq in squares(self.occupied()) {
            if let Some(p) = self.piece_at(sq) {
                key ^= zobrist::piece(p.index(), sq.index());
            }
        }
        if self.side == Color::Black {
            key ^= zobrist::BLACK_TO_MOVE;
        }
        for c in Color::ALL {
            for sq in squares(self.castling[c.index()]) {
                key ^= zobrist::castling(c.index(), sq.index());
            }
            key ^= zobrist::hand(c.index(), self.hands[c.index()]);
        }
        if let Some(ep) = self.ep {
            key ^= zobrist::en_passant(ep.index());
        }
        key
    }

    /// Puts `p` on the empty cell `sq`.
    #[inline]
    pub fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.cells[sq.index()].is_none(), "put on an occupied cell");
        self.cells[sq.index()] = Some(p);
        self.by_color[p.color().index()] |= bit(sq);
        if p.kind() == Kind::King {
            self.kings |= bit(sq);
        }
        self.key ^= zobrist::piece(p.index(), sq.index());
    }

    /// Takes whatever stands on `sq` off the board and returns it.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.cells[sq.index()].take();
        if let Some(p) = p {
            self.key ^= zobrist::piece(p.index(), sq.index());
        }
        let mask = !bit(sq);
        self.by_color[0] &= mask;
        self.by_color[1] &= mask;
        self.kings &= mask;
        p
    }

    /// Sets the castling rights.
    #[inline]
    pub fn set_castling(&mut self, rights: [SquareSet; 2]) {
        for c in Color::ALL {
            let changed = self.castling[c.index()] ^ rights[c.index()];
            if changed != 0 {
                for sq in squares(changed) {
                    self.key ^= zobrist::castling(c.index(), sq.index());
                }
            }
        }
        self.castling = rights;
    }

    /// Sets the en passant square.
    #[inline]
    pub fn set_ep(&mut self, ep: Option<Square>) {
        if let Some(old) = self.ep {
            self.key ^= zobrist::en_passant(old.index());
        }
        if let Some(new) = ep {
            self.key ^= zobrist::en_passant(new.index());
        }
        self.ep = ep;
    }

    /// Sets the pawns in hand of a side.
    #[inline]
    fn set_hand(&mut self, color: Color, count: u8) {
        let i = color.index();
        self.key ^= zobrist::hand(i, self.hands[i]) ^ zobrist::hand(i, count);
        self.hands[i] = count;
    }

    /// Passes the move to the other side without changing the board (a null move, for the
    /// search); the en passant square goes.
    #[inline]
    pub fn pass(&mut self) {
        self.set_ep(None);
        self.halfmove = self.halfmove.saturating_add(1);
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.key ^= zobrist::BLACK_TO_MOVE;
    }

    /// Plays a move without checking it: applies its effects in order, then takes away the
    /// castling rights of a king that moved and of every square the move touched, clears
    /// the en passant square, updates the counters and passes the turn. (The position sets
    /// a new en passant square and records a special win: [`crate::Position::apply`].)
    pub fn apply(&mut self, m: &Move) {
        let mover = self.side;
        let mut irreversible = false;
        let mut touched: SquareSet = 0;
        let mut rights = self.castling;
        for e in m.effects() {
            match *e {
                Effect::Move { from, to, .. } => {
                    if let Some(p) = self.take(from) {
                        match p.kind() {
                            Kind::Pawn | Kind::Sergeant => irreversible = true,
                            Kind::King => rights[p.color().index()] = 0,
                            _ => {}
                        }
                        if self.cells[to.index()].is_some() {
                            self.take(to);
                        }
                        self.put(to, p);
                    }
                    touched |= bit(from) | bit(to);
                }
                Effect::Remove { at, .. } => {
                    self.take(at);
                    touched |= bit(at);
                    irreversible = true;
                }
                Effect::Promote { at, into } | Effect::Transform { at, into } => {
                    self.take(at);
                    self.put(at, into);
                    irreversible = true;
                }
                Effect::Swap { a, b } => {
                    let (pa, pb) = (self.take(a), self.take(b));
                    for p in [pa, pb].into_iter().flatten() {
                        // A king that changes places has moved (free castling's king-rook swap).
                        if p.kind() == Kind::King {
                            rights[p.color().index()] = 0;
                        }
                        // A pawn that changes square is a pawn move, however it travels.
                        if matches!(p.kind(), Kind::Pawn | Kind::Sergeant) {
                            irreversible = true;
                        }
                    }
                    if let Some(p) = pa {
                        self.put(b, p);
                    }
                    if let Some(p) = pb {
                        self.put(a, p);
                    }
                    touched |= bit(a) | bit(b);
                }
                Effect::Place { at, piece } => {
                    let c = piece.color();
                    self.set_hand(c, self.hand(c).saturating_sub(1));
                    self.take(at);
                    self.put(at, piece);
                    irreversible = true;
                }
            }
        }
        // Most moves touch no castling square: skip the key update then.
        let rights = [rights[0] & !touched, rights[1] & !touched];
        if rights != self.castling {
            self.set_castling(rights);
        }
        self.set_ep(None);
        self.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if mover == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = mover.opponent();
        self.key ^= zobrist::BLACK_TO_MOVE;
    }
}

impl Board {
    /// What a move does to the material on the board, per side (index by
    /// [`Color::index`]), given a value per piece: read from its effects, in order. A capture,
    /// a rage victim of either colour, an outlaw's two victims, a destroyed capturer, an
    /// absorbed or custodian-captured agent count against their own side; a promotion and a
    /// trick count the new kind less the old for the piece's side; a drop adds the dropped
    /// piece to its side (the hand it came from is not on the board).
    pub fn material_change(&self, m: &Move, value: impl Fn(Piece) -> i32) -> [i32; 2] {
        // The cells the move has changed so far, newest last: at most two per effect.
        let mut changed = [(Square(0), None::<Piece>); 2 * crate::moves::MAX_EFFECTS];
        let mut n = 0;
        let mut delta = [0; 2];
        let at = |changed: &[(Square, Option<Piece>)], sq: Square| {
            changed
                .iter()
                .rev()
                .find(|(s, _)| *s == sq)
                .map_or_else(|| self.piece_at(sq), |&(_, p)| p)
        };
        for e in m.effects() {
            match *e {
                Effect::Move { from, to, .. } => {
                    let p = at(&changed[..n], from);
                    changed[n] = (from, None);
                    changed[n + 1] = (to, p);
                    n += 2;
                }
                Effect::Remove { at: sq, .. } => {
                    if let Some(p) = at(&changed[..n], sq) {
                        delta[p.color().index()] -= value(p);
                    }
                    changed[n] = (sq, None);
                    n += 1;
                }
                Effect::Promote { at: sq, into } | Effect::Transform { at: sq, into } => {
                    if let Some(p) = at(&changed[..n], sq) {
                        delta[p.color().index()] -= value(p);
                    }
                    delta[into.color().index()] += value(into);
                    changed[n] = (sq, Some(into));
                    n += 1;
                }
                Effect::Swap { a, b } => {
                    let (pa, pb) = (at(&changed[..n], a), at(&changed[..n], b));
                    changed[n] = (a, pb);
                    changed[n + 1] = (b, pa);
                    n += 2;
                }
                Effect::Place { at: sq, piece } => {
                    delta[piece.color().index()] += value(piece);
                    changed[n] = (sq, Some(piece));
                    n += 1;
                }
            }
        }
        delta
    }
}
