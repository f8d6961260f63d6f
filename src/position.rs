//! `Setup` (anything position text can describe) and `Position` (a state that can be played
//! from, made from a Setup by a checked constructor): a [`Board`] with its game, which
//! knows the rules (legal moves, check, the outcome).

use crate::board::Board;
use crate::error::Error;
use crate::games::rules::Rules;
use crate::games::Variant;
use crate::geometry::{bit, squares, Geometry, Square, SquareSet};
use crate::moves::{flags, Move};
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, Kind, Piece};
use crate::zobrist;

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

/// A position that can be played from: a board (what stands where, whose move it is, the
/// rights and counters) with its game, whose rules decide what is legal. Reads as its
/// [`Board`] (`pos.piece_at(sq)`, `pos.side()`, `pos.key()`...). Small and cloned per move
/// (copy-make).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: Board,
    variant: Variant,
    /// A special win made by the last move (the game is over).
    decided: Option<Outcome>,
}

impl std::ops::Deref for Position {
    type Target = Board;

    #[inline]
    fn deref(&self) -> &Board {
        &self.board
    }
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
        Position::from_text(variant, variant.start_text())
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
            board: Board::empty(
                setup.side,
                setup.halfmove,
                setup.fullmove.max(1),
                setup.hands,
            ),
            variant,
            decided: None,
        };
        for (i, p) in setup.board.iter().enumerate() {
            if let Some(p) = *p {
                if !variant
                    .declaration()
                    .letters
                    .iter()
                    .any(|&(_, k)| k == p.kind())
                {
                    return Err(Error::new(format!(
                        "{} has no {}",
                        variant.name(),
                        p.kind().name()
                    )));
                }
                pos.board.put(Square(i as u8), p);
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
        if !variant.has_hands() && setup.hands != [0, 0] {
            return Err(Error::new(format!(
                "{} has no pieces in hand",
                variant.name()
            )));
        }
        let rights = match setup.castling {
            Some(rights) => {
                pos.check_castling(rules, rights)?;
                rights
            }
            None => setup.default_castling(),
        };
        pos.board.set_castling(rights);
        if let Some(ep) = setup.ep {
            pos.check_en_passant(ep)?;
            pos.board.set_ep(Some(ep));
        }
        rules.validate(&pos.board)?;
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
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn to_setup(&self) -> Setup {
        Setup {
            variant: self.variant,
            board: self.cells()[..self.geometry().len()].to_vec(),
            side: self.side(),
            castling: Some(self.castling()),
            ep: self.ep(),
            halfmove: self.halfmove(),
            fullmove: self.fullmove(),
            hands: [self.hand(Color::White), self.hand(Color::Black)],
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
        let mover = self.side().opponent();
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

    /// Plays a move without checking that it is legal: applies its effects in order, then
    /// updates the side to move, rights and counters, and records a special win. Use
    /// [`Position::parse_move`] to find a legal move from text.
    pub fn apply(&mut self, m: &Move) {
        let mover = self.side();
        self.board.apply(m);
        if m.flags & flags::DOUBLE_STEP != 0 {
            if let Some(from) = m.from {
                let ep = self.passed_square(from, m.to);
                self.board.set_ep(ep);
            }
        }
        if let Some(reason) = m.wins {
            self.decided = Some(Outcome::win(mover, reason));
        }
    }

    /// Passes the turn without a move (the search's null move).
    pub fn pass(&mut self) {
        self.board.pass();
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
        self.rules().king_attacked(&self.board, color)
    }

    /// The side to move's kings that are attacked.
    pub fn checkers_of_side(&self) -> Vec<Square> {
        let rules = self.rules();
        let side = self.side();
        squares(self.kings_of(side))
            .filter(|&k| rules.is_attacked(&self.board, k, side.opponent()))
            .collect()
    }

    /// The agents of either side that can neither move nor attack where they stand (frozen
    /// by an enemy merchant in Quarter Chess; none in the other games).
    pub fn frozen(&self) -> SquareSet {
        self.rules().frozen(&self.board)
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side())
    }

    /// Whether a pseudo-legal move leaves every king of the mover unattacked.
    pub fn leaves_king_safe(&self, m: &Move) -> bool {
        self.rules().leaves_king_safe(&self.board, m)
    }

    /// Appends the legal moves to `out` (reusing its allocation); none once a special win
    /// has ended the game.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.decided.is_none() {
            self.rules().legal_moves(&self.board, out);
        }
    }

    /// Appends the legal moves that change material or win at once ([`Move::is_noisy`]),
    /// the moves quiescence search plays; none once the game is decided.
    pub fn noisy_moves_into(&self, out: &mut Vec<Move>) {
        if self.decided.is_none() {
            self.rules().noisy_moves(&self.board, out);
        }
    }

    /// The special win the last move made, if any (the game is then over).
    pub fn decided(&self) -> Option<Outcome> {
        self.decided
    }

    /// The number of legal moves.
    pub fn count_legal(&self) -> usize {
        if self.decided.is_some() {
            return 0;
        }
        self.rules().count_legal(&self.board)
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
        // Counted, not listed: most games' counters build no move.
        if self.count_legal() == 0 {
            return Some(if self.in_check() {
                Outcome::win(self.side().opponent(), Reason::Checkmate)
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        self.outcome_playable()
    }

    /// [`Position::outcome`] of a position known to have a legal move (one was just found in
    /// it): the 100-ply rule or insufficient material, without counting the moves.
    pub(crate) fn outcome_playable(&self) -> Option<Outcome> {
        if self.halfmove() >= 100 {
            return Some(Outcome::draw(Reason::HundredPly));
        }
        if self.rules().insufficient_material(&self.board) {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        None
    }

    /// Whether `color` cannot possibly win from here, whatever the opponent does: then a
    /// loss on time for the opponent is a draw instead. Each game's own test (orthodox chess:
    /// lichess's per-side insufficient material; the other games: a bare king with no pawn in
    /// hand).
    pub fn cannot_win(&self, color: Color) -> bool {
        self.rules().cannot_win(&self.board, color)
    }

    /// The Zobrist key without its en passant square: two positions that repeat (the same
    /// [`Position::repetition_key`]) have the same, and it is cheap (no move is generated).
    pub(crate) fn key_without_ep(&self) -> u64 {
        match self.ep() {
            Some(ep) => self.key() ^ zobrist::en_passant(ep.index()),
            None => self.key(),
        }
    }

    /// The key that decides repetitions: the Zobrist key ([`Board::key`]: board, side to
    /// move, hands, castling rights, en passant square), but without an en passant square
    /// that no legal move can use (FIDE 9.2.3: only then does it make positions differ).
    pub fn repetition_key(&self) -> u64 {
        match self.ep() {
            Some(ep) if self.usable_ep().is_none() => self.key() ^ zobrist::en_passant(ep.index()),
            _ => self.key(),
        }
    }

    /// The en passant square if a legal move takes en passant there (FIDE 9.2.3: only
    /// then does it make positions differ).
    fn usable_ep(&self) -> Option<Square> {
        self.ep().filter(|_| {
            self.legal_moves()
                .iter()
                .any(|m| m.flags & flags::EN_PASSANT != 0)
        })
    }
}
