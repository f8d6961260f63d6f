//! Puzzles mined from games, as lichess's puzzler mines them: a position after the
//! opponent's mistake where the side to move (the solver) has **one** move that wins
//! clearly, and a line that stays forced to its end.
//!
//! - **Candidates** ([`mine`]): every position of a game's main line after a move that lost
//!   its mover at least [`MISTAKE`] points of winning chances (the review's win scale,
//!   [`crate::review::Eval::win_for`], at the game's node count), unless the solver was
//!   already winning before it (at least [`ALREADY_WON`]), and not a position already kept
//!   (by its key).
//! - **The solution** ([`solve`]): a two-line search ([`crate::search::Searcher::multipv`])
//!   deeper than the game's ([`Settings::verify_nodes`]) must find one move that wins
//!   clearly: a mate the second move does not have, or winning chances at least
//!   [`WIN_CLEAR`] and [`GAP`] points above the second move's. The opponent then answers
//!   with the search's best reply (the most resilient), and the solver's next move must be
//!   the only good one again; a material line ends at the last solver move that was, a mate
//!   must stay forced to the mate (the last move of a mate may be any mate). 1 to
//!   [`Settings::max_moves`] solver moves; the line always ends with the solver's move.
//! - **Themes** ([`themes`]) from the solution's moves themselves, **a rating**
//!   ([`rating`]) from the nodes the engine needs to settle on the first move, and the
//!   **record** ([`write`]): one PGN game per puzzle that [`crate::pgn`] reads back.
//!
//! Every search here is node-limited with a cleared table: the same position gives the
//! same puzzle, line and rating on every machine.

mod mine;
mod rating;
mod record;
mod solve;
mod themes;

pub use mine::mine;
pub use rating::rating;
pub use record::write;
pub use solve::{solve, Solution, TABLE_MB};
pub use themes::themes;

use crate::moves::Move;
use crate::position::Position;

/// Points of winning chances the opponent's move must have lost for a puzzle to follow it
/// (the review's "Mistake").
pub const MISTAKE: f64 = 20.0;
/// The solver's winning chances before the mistake from which the game counts as already
/// won (no puzzle then).
pub const ALREADY_WON: f64 = 75.0;
/// The winning chances a move that is not a mate must give to win clearly.
pub const WIN_CLEAR: f64 = 70.0;
/// How far (in points of winning chances) the only move must stand above the second best.
pub const GAP: f64 = 25.0;

/// How deep the miner looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Nodes for each position of the game (finding the mistakes).
    pub game_nodes: u64,
    /// Nodes for each search of the solution (the deeper, two-line check).
    pub verify_nodes: u64,
    /// The most solver moves a line may have (1 to 5).
    pub max_moves: usize,
}

impl Settings {
    /// The settings for games searched at `game_nodes` a position: the solution checked at
    /// eight times that (at least 4,000 nodes), lines of up to 5 solver moves.
    pub fn for_game_nodes(game_nodes: u64) -> Settings {
        Settings {
            game_nodes: game_nodes.max(1),
            verify_nodes: game_nodes.saturating_mul(8).max(4_000),
            max_moves: 5,
        }
    }
}

/// A puzzle: the position the solver faces, the solution and what it is about.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The position, the solver to move.
    pub start: Position,
    /// The solution: the solver's moves and the opponent's replies in turn, the solver's
    /// first and last.
    pub line: Vec<Move>,
    /// The themes, in a fixed order ([`themes`]).
    pub themes: Vec<&'static str>,
    /// The difficulty on a rating scale ([`rating`]).
    pub rating: u32,
}

impl Puzzle {
    /// How many moves the solver plays.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}
