//! `Setup` (anything position text can describe) and `Position` (a state that can be played
//! from, made from a Setup by a checked constructor).

use crate::error::Error;
use crate::geometry::{bit, squares, Geometry, Square, SquareSet, MAX_CELLS};
use crate::moves::{flags, Effect, Move};
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, Kind, Piece};
use crate::variant::{Rules, Variant};

/// Anything position text can describe, checked only for its form. Turn it into a
/// [`Position`] with [`Position::from_setup`], which checks that it can be played from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game.
    pub variant: Variant,
    /// The agent on each cell, by cell index.
    pub board: Vec<Option<Piece>>,
    /// The side to move.
    pub side: Color,
    /// Castling rights as rook squares per side; `None` means "the default": every king and
    /// rook still on their start squares keep them.
    pub castling: Option<[SquareSet; 2]>,
    /// The square a pawn passed over with a double step on the last move.
    pub ep: Option<Square>,
    /// Plies since the last capture, removal, pawn or sergeant move, drop, promotion or
    /// transformation.
    pub halfmove: u16,
    /// The move number, from 1, counted up after Black moves.
    pub fullmove: u16,
    /// Pawns in hand, by colour.
    pub hands: [u8; 2],
}

/// A position that can be played from: a board, whose move it is, and the rights and
/// counters the rules need. Small and cloned per move (copy-make).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    variant: Variant,
    board: [Option<Piece>; MAX_CELLS],
    by_color: [SquareSet; 2],
    kings: SquareSet,
    side: Color,
    castling: [SquareSet; 2],
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
    hands: [u8; 2],
    /// A special win made by the last move (the game is over).
    decided: Option<Outcome>,
}

impl Setup {
    /// The castling rights position text gives when it leaves them out: every king and
    /// rook still on their start squares keep them.
    pub fn default_castling(&self) -> [SquareSet; 2] {
        let rules = self.variant.rules();
        let at = |sq: Square| self.board.get(sq.index()).copied().flatten();
        let mut rights = [0; 2];
        for c in Color::ALL {
            if let Some(cs) = rules.castling(c) {
                if at(cs.king) == Some(Piece::new(c, Kind::King)) {
                    for r in [cs.queen_rook, cs.king_rook] {
                        if at(r) == Some(Piece::new(c, Kind::Rook)) {
                            rights[c.index()] |= bit(r);
                        }
                    }
                }
            }
        }
        rights
    }
}

impl Position {
    /// The standard start position of a game.
    pub fn start(variant: Variant) -> Result<Position, Error> {
        Position::from_text(variant, variant.rules().start_text())
    }

    /// Checks a [`Setup`] and makes it a position; the error names what is wrong.
    pub fn from_setup(setup: &Setup) -> Result<Position, Error> {
        let variant = setup.variant;
        let rules = variant.rules();
        let geometry = variant.geometry();
        if setup.board.len() != geometry.len() {
            return Err(Error::new(format!(
                "the board has {} cells, not {}",
                geometry.len(),
                setup.board.len()
            )));
        }
        let mut pos = Position {
            variant,
            board: [None; MAX_CELLS],
            by_color: [0; 2],
            kings: 0,
            side: setup.side,
            castling: [0; 2],
            ep: None,
            halfmove: setup.halfmove,
            fullmove: setup.fullmove.max(1),
            hands: setup.hands,
            decided: None,
        };
        for (i, p) in setup.board.iter().enumerate() {
            if let Some(p) = *p {
                if !rules.letters().iter().any(|&(_, k)| k == p.kind()) {
                    return Err(Error::new(format!(
                        "{} has no {}",
                        variant.name(),
                        p.kind().name()
                    )));
                }
                pos.put(Square(i as u8), p);
            }
        }
        let off_board = |sq: Square| sq.index() >= geometry.len();
        if setup.ep.is_some_and(off_board)
            || setup
                .castling
                .is_some_and(|c| (c[0] | c[1]) & !geometry.full() != 0)
        {
            return Err(Error::new("a square index is off the board"));
        }
        if !rules.has_hands() && setup.hands != [0, 0] {
            return Err(Error::new(format!(
                "{} has no pieces in hand",
                variant.name()
            )));
        }
        pos.castling = match setup.castling {
            Some(rights) => {
                pos.check_castling(rules, rights)?;
                rights
            }
            None => setup.default_castling(),
        };
        if let Some(ep) = setup.ep {
            pos.check_en_passant(ep)?;
            pos.ep = Some(ep);
        }
        rules.validate(&pos)?;
        let waiting = setup.side.opponent();
        if pos.kings_of(waiting) != 0 && pos.king_attacked(waiting) {
            return Err(Error::new(format!(
                "{} is in check but it is {} to move",
                waiting.name(),
                setup.side.name()
            )));
        }
        Ok(pos)
    }

    /// The position as a [`Setup`].
    pub fn to_setup(&self) -> Setup {
        Setup {
            variant: self.variant,
            board: self.board[..self.geometry().len()].to_vec(),
            side: self.side,
            castling: Some(self.castling),
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hands: self.hands,
        }
    }

    fn check_castling(&self, rules: &dyn Rules, rights: [SquareSet; 2]) -> Result<(), Error> {
        for c in Color::ALL {
            for r in squares(rights[c.index()]) {
                let Some(cs) = rules.castling(c) else {
                    return Err(Error::new(format!(
                        "{} has no castling",
                        self.variant.name()
                    )));
                };
                let g = self.geometry();
                if self.piece_at(cs.king) != Some(Piece::new(c, Kind::King)) {
                    return Err(Error::new(format!(
                        "castling rights need the {} king on {}",
                        c.name(),
                        g.name(cs.king)
                    )));
                }
                if self.piece_at(r) != Some(Piece::new(c, Kind::Rook))
                    || (r != cs.queen_rook && r != cs.king_rook)
                {
                    return Err(Error::new(format!(
                        "castling rights need a {} rook on {}",
                        c.name(),
                        g.name(r)
                    )));
                }
            }
        }
        Ok(())
    }

    fn check_en_passant(&self, ep: Square) -> Result<(), Error> {
        let g = self.geometry();
        if self.rules().double_step_rank(Color::White).is_none() {
            return Err(Error::new(format!(
                "{} has no en passant: write - instead of {}",
                self.variant().name(),
                g.name(ep)
            )));
        }
        let mover = self.side.opponent();
        let (f, r) = (g.file(ep) as i32, g.rank(ep) as i32);
        let ahead = g
            .at(f, r + mover.forward() as i32)
            .and_then(|s| self.piece_at(s))
            .filter(|p| p.color() == mover && matches!(p.kind(), Kind::Pawn | Kind::Sergeant));
        // The pawn (or sergeant) started on its double-step rank, one square behind the en
        // passant square.
        let behind = g.at(f, r - mover.forward() as i32).filter(|&s| {
            ahead.and_then(|p| self.rules().double_step_rank_of(mover, p.kind())) == Some(g.rank(s))
        });
        let pawn_ahead = ahead.is_some();
        let clear =
            self.piece_at(ep).is_none() && behind.is_some_and(|s| self.piece_at(s).is_none());
        if pawn_ahead && clear {
            Ok(())
        } else {
            Err(Error::new(format!(
                "en passant square {} is not a square a {} pawn has just passed over",
                g.name(ep),
                mover.name()
            )))
        }
    }

    /// The game.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The game's board.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.variant.geometry()
    }

    #[inline]
    pub(crate) fn rules(&self) -> &'static dyn Rules {
        self.variant.rules()
    }

    /// The agent on a cell.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
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
    pub fn castling(&self) -> [SquareSet; 2] {
        self.castling
    }

    /// The en passant square, if the last move was a double step that can be taken.
    pub fn ep(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last irreversible move.
    pub fn halfmove(&self) -> u16 {
        self.halfmove
    }

    /// The move number.
    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }

    /// Pawns in hand of a side.
    pub fn hand(&self, color: Color) -> u8 {
        self.hands[color.index()]
    }

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = Some(p);
        self.by_color[p.color().index()] |= bit(sq);
        if p.kind() == Kind::King {
            self.kings |= bit(sq);
        }
    }

    #[inline]
    fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board[sq.index()].take();
        let mask = !bit(sq);
        self.by_color[0] &= mask;
        self.by_color[1] &= mask;
        self.kings &= mask;
        p
    }

    /// Plays a move without checking that it is legal: applies its effects in order, then
    /// updates the side to move, rights and counters, and records a special win. Use
    /// [`Position::parse_move`] to find a legal move from text.
    pub fn apply(&mut self, m: &Move) {
        let mover = self.side;
        let mut irreversible = false;
        let mut touched: SquareSet = 0;
        for e in m.effects() {
            match *e {
                Effect::Move { from, to, .. } => {
                    if let Some(p) = self.take(from) {
                        match p.kind() {
                            Kind::Pawn | Kind::Sergeant => irreversible = true,
                            Kind::King => self.castling[p.color().index()] = 0,
                            _ => {}
                        }
                        self.take(to);
                        self.put(to, p);
                    }
                    touched |= bit(from) | bit(to);
                }
                Effect::Remove { at, .. } => {
                    self.take(at);
                    touched |= bit(at);
                    irreversible = true;
                }
                Effect::Promote { at, into } => {
                    self.take(at);
                    self.put(at, into);
                    irreversible = true;
                }
                Effect::Transform { at, into } => {
                    self.take(at);
                    self.put(at, into);
                    irreversible = true;
                }
                Effect::Swap { a, b } => {
                    let (pa, pb) = (self.take(a), self.take(b));
                    for p in [pa, pb].into_iter().flatten() {
                        // A king that changes places has moved (free castling's king-rook swap).
                        if p.kind() == Kind::King {
                            self.castling[p.color().index()] = 0;
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
                    let hand = &mut self.hands[piece.color().index()];
                    *hand = hand.saturating_sub(1);
                    self.take(at);
                    self.put(at, piece);
                    irreversible = true;
                }
            }
        }
        self.castling[0] &= !touched;
        self.castling[1] &= !touched;
        self.ep = None;
        if m.flags & flags::DOUBLE_STEP != 0 {
            if let Some(from) = m.from {
                self.ep = self.passed_square(from, m.to);
            }
        }
        self.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if mover == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        if let Some(reason) = m.wins {
            self.decided = Some(Outcome::win(mover, reason));
        }
        self.side = mover.opponent();
    }

    /// After a double step from `from` to `to`, the square passed over, if an enemy pawn
    /// stands beside `to` to take en passant (otherwise no en passant square is recorded,
    /// so that positions repeat as players see them).
    fn passed_square(&self, from: Square, to: Square) -> Option<Square> {
        let g = self.geometry();
        let (f, r) = (g.file(to) as i32, g.rank(to) as i32);
        let taker = self.piece_at(to)?.color().opponent();
        let beside = [g.at(f - 1, r), g.at(f + 1, r)];
        let can_take = beside
            .into_iter()
            .flatten()
            .any(|s| self.piece_at(s) == Some(Piece::new(taker, Kind::Pawn)));
        let mid = g.at(f, (g.rank(from) as i32 + r) / 2)?;
        can_take.then_some(mid)
    }

    /// The position after a move (copy-make). Hot paths write `let mut next =
    /// pos.clone(); next.apply(m);` instead: a returned position is copied once more, into
    /// the caller's variable (about a sixth of Vagabond's perft time, natively and in wasm).
    pub fn after(&self, m: &Move) -> Position {
        let mut next = self.clone();
        next.apply(m);
        next
    }

    /// Whether any of `color`'s kings is attacked.
    pub fn king_attacked(&self, color: Color) -> bool {
        let rules = self.rules();
        squares(self.kings_of(color)).any(|k| rules.is_attacked(self, k, color.opponent()))
    }

    /// The side to move's kings that are attacked.
    pub fn checkers_of_side(&self) -> Vec<Square> {
        let rules = self.rules();
        squares(self.kings_of(self.side))
            .filter(|&k| rules.is_attacked(self, k, self.side.opponent()))
            .collect()
    }

    /// The agents of either side that can neither move nor attack where they stand (frozen
    /// by an enemy merchant in Quarter Chess; none in the other games).
    pub fn frozen(&self) -> SquareSet {
        self.rules().frozen(self)
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    /// Whether a pseudo-legal move leaves every king of the mover unattacked.
    // Never inlined: the generators call it from many places on their rare slow path, and
    // inlining it there makes one huge function that wasm engines compile with many spills.
    #[inline(never)]
    pub fn leaves_king_safe(&self, m: &Move) -> bool {
        let mut next = self.clone();
        next.apply(m);
        !next.king_attacked(self.side)
    }

    /// Appends the legal moves to `out` (reusing its allocation); none once a special win
    /// has ended the game.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.decided.is_none() {
            self.rules().legal_moves(self, out);
        }
    }

    /// The number of legal moves.
    pub fn count_legal(&self) -> usize {
        if self.decided.is_some() {
            return 0;
        }
        self.rules().count_legal(self)
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }

    /// How the game stands here, if it is over: checkmate, stalemate, the 100-ply rule or
    /// insufficient material. Repetition needs the history: see [`crate::Game`].
    pub fn outcome(&self) -> Option<Outcome> {
        if self.decided.is_some() {
            return self.decided;
        }
        if self.legal_moves().is_empty() {
            return Some(if self.in_check() {
                Outcome::win(self.side.opponent(), Reason::Checkmate)
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        if self.halfmove >= 100 {
            return Some(Outcome::draw(Reason::HundredPly));
        }
        if self.rules().insufficient_material(self) {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        None
    }

    /// Whether two positions are the same for the repetition rule: board, side to move,
    /// hands, castling rights and en passant square.
    pub fn same_for_repetition(&self, other: &Position) -> bool {
        self.board == other.board
            && self.side == other.side
            && self.hands == other.hands
            && self.castling == other.castling
            && self.usable_ep() == other.usable_ep()
    }

    /// The en passant square if a legal move takes en passant there (FIDE 9.2.3: only
    /// then does it make positions differ).
    fn usable_ep(&self) -> Option<Square> {
        self.ep.filter(|_| {
            self.legal_moves()
                .iter()
                .any(|m| m.flags & flags::EN_PASSANT != 0)
        })
    }
}
