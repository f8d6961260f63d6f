//! A game: the start position, the moves played, and a cursor for undo and redo.

use crate::error::Error;
use crate::moves::Move;
use crate::outcome::{Outcome, Reason};
use crate::position::Position;
use crate::variant::Variant;

/// A game in progress: positions and moves with a cursor, so undo and redo keep every move
/// until a different move is played.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[i]` is the position after `moves[..i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    ply: usize,
}

impl Game {
    /// A new game from the standard start (`None`), or from position text.
    pub fn new(variant: Variant, text: Option<&str>) -> Result<Game, Error> {
        let start = match text {
            Some(t) => Position::from_text(variant, t)?,
            None => Position::start(variant)?,
        };
        Ok(Game::from_position(start))
    }

    /// A new game from a position.
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            ply: 0,
        }
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.start().variant()
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position at the cursor.
    pub fn position(&self) -> &Position {
        &self.positions[self.ply]
    }

    /// How many moves have been played up to the cursor.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The moves played up to the cursor.
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.ply]
    }

    /// The texts of the moves played up to the cursor.
    pub fn move_texts(&self) -> Vec<String> {
        (0..self.ply)
            .map(|i| self.positions[i].move_text(&self.moves[i]))
            .collect()
    }

    /// The texts of every move of the line, those after the cursor (to redo) included.
    pub fn line_texts(&self) -> Vec<String> {
        (0..self.moves.len())
            .map(|i| self.positions[i].move_text(&self.moves[i]))
            .collect()
    }

    /// The keys ([`crate::Board::key`]) of the positions before the cursor, oldest first:
    /// what the search needs to see repetitions along the game.
    pub fn keys_before(&self) -> Vec<u64> {
        self.positions[..self.ply].iter().map(|p| p.key()).collect()
    }

    /// The last move played up to the cursor.
    pub fn last_move(&self) -> Option<&Move> {
        self.ply.checked_sub(1).map(|i| &self.moves[i])
    }

    /// Plays a move given as text. On any error the game is unchanged. Playing after an
    /// undo drops the moves that could have been redone.
    pub fn play(&mut self, text: &str) -> Result<Move, Error> {
        if let Some(o) = self.outcome() {
            return Err(Error::new(format!("the game is over: {}", o.text())));
        }
        let m = self.position().parse_move(text)?;
        self.play_move(m);
        Ok(m)
    }

    /// Plays a move known to be legal in the current position.
    pub fn play_move(&mut self, m: Move) {
        let next = self.position().after(&m);
        self.positions.truncate(self.ply + 1);
        self.moves.truncate(self.ply);
        self.positions.push(next);
        self.moves.push(m);
        self.ply += 1;
    }

    /// Steps back one move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        self.ply = self.ply.checked_sub(1)?;
        Some(self.moves[self.ply])
    }

    /// Steps forward one undone move; returns it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.moves.get(self.ply)?;
        self.ply += 1;
        Some(m)
    }

    /// Whether a move can be undone.
    pub fn can_undo(&self) -> bool {
        self.ply > 0
    }

    /// Whether an undone move can be redone.
    pub fn can_redo(&self) -> bool {
        self.ply < self.moves.len()
    }

    /// Moves the cursor to any ply from 0 to the number of moves played.
    pub fn go_to(&mut self, ply: usize) -> Result<(), Error> {
        if ply > self.moves.len() {
            return Err(Error::new(format!(
                "ply {ply} is past the end of the game ({} plies)",
                self.moves.len()
            )));
        }
        self.ply = ply;
        Ok(())
    }

    /// How the game stands at the cursor: the position's own outcome, or a draw by
    /// threefold repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        let here = self.position();
        if let Some(o) = here.outcome() {
            return Some(o);
        }
        // Every earlier position is compared, not only those since the halfmove clock's last
        // reset: a Riftwalker pawn can step back, so a pawn move does not stop a repetition.
        let key = here.repetition_key();
        let seen = self.positions[..=self.ply]
            .iter()
            .filter(|p| p.repetition_key() == key)
            .count();
        (seen >= 3).then_some(Outcome::draw(Reason::Repetition))
    }
}
