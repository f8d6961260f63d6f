//! What each game's rules answer ([`Rules`]: move generation, attack, legality), written in
//! its folder's `rules.rs` (`src/games/<game>/`). Rules work on the [`Board`] and know
//! nothing of positions. The lists of moves come from [`MoveLists`], which every game with
//! one generator gets written once ([`crate::games::movegen::Generator`]).

use crate::board::Board;
use crate::error::Error;
use crate::geometry::{squares, Geometry, Square, SquareSet};
use crate::moves::{Effect, How, Move};
use crate::piece::{Color, Kind};

/// Castling squares of one side: where the king starts and which rooks may castle with it.
#[derive(Copy, Clone, Debug)]
pub struct CastlingSquares {
    /// The king's start square.
    pub king: Square,
    /// The rook on the queen side (lower files).
    pub queen_rook: Square,
    /// The rook on the king side (higher files).
    pub king_rook: Square,
}

/// What each game defines. Positions call these through [`crate::Variant`].
pub trait Rules: MoveLists + Sync + Send {
    /// The game's board.
    fn geometry(&self) -> &Geometry;
    /// Castling squares per side, for games with castling.
    fn castling(&self, _color: Color) -> Option<CastlingSquares> {
        None
    }
    /// The rank (from 0) each side's pawns double-step from, for games with en passant.
    fn double_step_rank(&self, _color: Color) -> Option<u8> {
        None
    }
    /// The rank (from 0) an agent of `kind` double-steps from, to check an en passant square:
    /// by default a pawn's [`Rules::double_step_rank`] and none for other kinds (Bandit
    /// Chess's sergeants double-step from another rank).
    fn double_step_rank_of(&self, color: Color, kind: Kind) -> Option<u8> {
        if kind == Kind::Pawn {
            self.double_step_rank(color)
        } else {
            None
        }
    }
    /// Whether `sq` is attacked by a piece of `by`, as the rules define attack (for check).
    fn is_attacked(&self, board: &Board, sq: Square, by: Color) -> bool;
    /// Whether any of `color`'s kings is attacked.
    fn king_attacked(&self, board: &Board, color: Color) -> bool {
        squares(board.kings_of(color)).any(|k| self.is_attacked(board, k, color.opponent()))
    }
    /// Whether a pseudo-legal move leaves every king of the mover unattacked.
    // Never inlined: the generators call it from many places on their rare slow path, and
    // inlining it there makes one huge function that wasm engines compile with many spills.
    #[inline(never)]
    fn leaves_king_safe(&self, board: &Board, m: &Move) -> bool {
        let mut next = board.clone();
        next.apply(m);
        !self.king_attacked(&next, board.side())
    }
    /// The agents of either side that can neither move nor attack where they stand
    /// (Quarter Chess's merchants freeze their enemy neighbours); none in most games.
    fn frozen(&self, _board: &Board) -> SquareSet {
        0
    }
    /// The cells the moving piece of `m` (a move of `board`'s side to move) passes between
    /// its square and where it lands, in the order it passes them: the squares of a slide,
    /// the square a jump hops over, both legs of a bounce with the square it turns on, and
    /// nothing for steps, leaps, shifts, drops and actions in place. For the page's arrows
    /// (check lines, an outlaw's bounce, hints); not used in search.
    fn move_path(&self, board: &Board, m: &Move) -> Vec<Square> {
        let _ = board;
        flat_move_path(self.geometry(), m)
    }
    /// Game-specific checks that a position can be played from, with a message naming the
    /// problem.
    fn validate(&self, board: &Board) -> Result<(), Error>;
    /// Whether neither side can ever win (by default: kings alone).
    fn insufficient_material(&self, board: &Board) -> bool {
        board.occupied() == board.kings()
    }
    /// Whether `color` cannot possibly win, whatever the opponent does: when the opponent's
    /// clock runs out, the game is then a draw. By default: `color` has nothing but its
    /// king(s) on the board and no pawn in hand.
    fn cannot_win(&self, board: &Board, color: crate::piece::Color) -> bool {
        board.pieces_of(color) == board.kings_of(color) && board.hand(color) == 0
    }
}

/// The moves of a position, listed or counted. A game whose moves all come from one
/// generator behind its legality filter gets these from it ([`Generator`], implemented once
/// for every such game); Pawnier Chess, whose drops are listed apart, writes its own.
pub trait MoveLists {
    /// Appends every pseudo-legal move of the side to move: moves that obey the pieces'
    /// powers but may leave the mover's own king attacked (the page's check lines, see
    /// [`crate::threats`], and the mobility measurements use it).
    fn pseudo_moves(&self, board: &Board, out: &mut Vec<Move>);
    /// Appends every legal move: the pseudo-legal moves after which no own king is attacked,
    /// and any further restriction of the game.
    fn legal_moves(&self, board: &Board, out: &mut Vec<Move>);
    /// Appends the legal moves that are noisy ([`Move::is_noisy`]: they change material or
    /// win at once), the moves quiescence search plays.
    fn noisy_moves(&self, board: &Board, out: &mut Vec<Move>);
    /// The number of legal moves (perft's last ply), counted without building every move
    /// where the game can.
    fn count_legal(&self, board: &Board) -> usize;
}

/// [`Rules::move_path`] of a board whose paths are straight lines (every game's but
/// Riftwalker's): one shared copy rather than one per game in the wasm.
pub(crate) fn flat_move_path(g: &Geometry, m: &Move) -> Vec<Square> {
    let Some(from) = m.from else {
        return Vec::new();
    };
    let travel = m.effects().iter().find_map(|e| match *e {
        Effect::Move { from: f, to, how } if f == from => Some((to, how)),
        _ => None,
    });
    let line = |a, b| g.line_between(a, b).unwrap_or_default();
    match travel {
        Some((to, How::Bounce(turn))) => {
            let mut path = line(from, turn);
            path.push(turn);
            path.extend(line(turn, to));
            path
        }
        Some((to, How::Slide | How::Jump | How::CastleKing)) => line(from, to),
        _ => Vec::new(),
    }
}
