//! # fairyboard
//!
//! The rules engine of fairyboard: exact legal moves for five chess variants (Vagabond,
//! Bandit, Quarter, Pawnier and Riftwalker Chess) and orthodox chess, compiled natively for
//! tests and the command line, and to WebAssembly for the browser board.
//!
//! ```
//! use fairyboard::{Game, Variant};
//! let mut game = Game::new(Variant::Orthodox, None).unwrap();
//! for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     game.play(m).unwrap();
//! }
//! assert_eq!(game.outcome().unwrap().text(), "Black wins by checkmate");
//! ```
//!
//! Layers: [`geometry`] (boards as cell and ray tables), [`piece`], [`moves`] (moves with
//! their effects), [`board`] (the board layer, knowing no rules, with its [`zobrist`] key),
//! [`position`] (`Setup` and `Position`), [`text`] (position and move text), [`san`]
//! (move names people read: SAN and the variants' notation), [`games`] (the games, one
//! folder each: declaration and piece legend, rules, evaluation, search settings; the
//! [`Variant`] enum), [`game`] and [`tree`] (the moves tried as a tree with variations and comments, undo,
//! redo, outcome), [`view`] (serialisable views for JSON
//! and the page), [`editor`] (the page's position editor), [`record`], [`link`] and [`pgn`]
//! (game records: share links and PGN), [`bylink`] (games by link: a game between two players
//! carried in links), [`threats`] (checks and move paths for the page's arrows); the
//! engine that thinks: [`search`] and [`eval`]. Beside this crate, in `crates/`: the page's
//! wasm-bindgen bindings (`fairyboard-wasm`), the command line with UCI (`fairyboard-cli`)
//! and the lab that measures and tunes the engine (`fairyboard-lab`: SPRT, books, tuning).
#![deny(missing_docs)]

pub mod board;
pub mod bylink;
pub mod editor;
pub mod error;
pub mod eval;
pub mod game;
pub mod games;
pub mod geometry;
pub mod lesson;
pub mod link;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod pgn;
pub mod piece;
pub mod position;
pub mod puzzle;
pub mod record;
pub mod review;
pub mod san;
pub mod search;
mod sorting;
mod tags;
pub mod text;
pub mod threats;
pub mod tree;
pub mod view;
pub mod winning;
pub mod zobrist;

pub use board::Board;
pub use error::Error;
pub use game::Game;
pub use games::Variant;
pub use geometry::{Geometry, Square};
pub use moves::{Choice, Effect, How, Move, Why};
pub use outcome::{Outcome, Reason};
pub use perft::{divide, perft};
pub use piece::{Color, Kind, Piece};
pub use position::{Position, Setup};
pub use tree::{NodeId, NodeInfo};
