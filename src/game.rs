//! A game: the start position, the moves played, and a cursor for undo and redo.

use crate::error::Error;
use crate::moves::Move;
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;

/// A game in progress: positions and moves with a cursor, so undo and redo keep every move
/// until a different move is played.
///
/// A game can also end by what the players do rather than by the board: a resignation, a
/// draw by agreement, a loss on time. Such an outcome is *declared* ([`Game::declare`]) and
/// stays attached to the end of the line: [`Game::outcome`] gives it whenever the end is
/// shown, undo, redo and [`Game::go_to`] keep it, and playing a move at an earlier ply
/// (which cuts the line there) drops it.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[i]` is the position after `moves[..i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    ply: usize,
    /// An outcome the players declared at the end of the line.
    declared: Option<Outcome>,
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
            declared: None,
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

    /// Plays a move given in any form [`Position::parse_any`] reads: move text, a name
    /// (`Nf3`, `O-O`) or long algebraic (`Ng1-f3`). On any error the game is unchanged.
    pub fn play_any(&mut self, text: &str) -> Result<Move, Error> {
        if let Some(o) = self.outcome() {
            return Err(Error::new(format!("the game is over: {}", o.text())));
        }
        let m = self.position().parse_any(text)?;
        self.play_move(m);
        Ok(m)
    }

    /// The names ([`Position::move_name`]) of every move of the line, those after the
    /// cursor (to redo) included.
    pub fn line_names(&self) -> Vec<String> {
        (0..self.moves.len())
            .map(|i| self.positions[i].move_name(&self.moves[i]))
            .collect()
    }

    /// Plays a move known to be legal in the current position. The moves after the cursor
    /// and a declared outcome at the end of the line are dropped.
    pub fn play_move(&mut self, m: Move) {
        self.declared = None;
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

    /// Whether the cursor is at the end of the line (nothing to redo).
    pub fn at_end(&self) -> bool {
        self.ply == self.moves.len()
    }

    /// The outcome declared at the end of the line, if any, wherever the cursor is.
    pub fn declared(&self) -> Option<Outcome> {
        self.declared
    }

    /// How the game stands at the end of its line, wherever the cursor is.
    pub fn final_outcome(&self) -> Option<Outcome> {
        if self.at_end() {
            return self.outcome();
        }
        let mut end = self.clone();
        end.ply = end.moves.len();
        end.outcome()
    }

    /// Ends the game at the end of its line by what the players did: `outcome`'s reason must
    /// be one the board does not decide ([`Reason::is_declared`]: resignation, agreement,
    /// time). Refused when the position shown is not the end of the line or the game is
    /// already over there; the game is then unchanged.
    pub fn declare(&mut self, outcome: Outcome) -> Result<(), Error> {
        if !outcome.reason.is_declared() {
            return Err(Error::new(format!(
                "{} cannot be declared: the position decides it",
                outcome.reason.words()
            )));
        }
        if let Some(o) = self.final_outcome() {
            return Err(Error::new(format!(
                "the game is already over: {}",
                o.text()
            )));
        }
        if !self.at_end() {
            return Err(Error::new(format!(
                "the game can only end at its last move: the position shown is ply {} of {}",
                self.ply,
                self.moves.len()
            )));
        }
        self.declared = Some(outcome);
        Ok(())
    }

    /// `color` resigns: the opponent wins by resignation (see [`Game::declare`]).
    pub fn resign(&mut self, color: Color) -> Result<Outcome, Error> {
        let o = Outcome::win(color.opponent(), Reason::Resignation);
        self.declare(o).map(|()| o)
    }

    /// The players agree to a draw (see [`Game::declare`]).
    pub fn agree_draw(&mut self) -> Result<Outcome, Error> {
        let o = Outcome::draw(Reason::Agreement);
        self.declare(o).map(|()| o)
    }

    /// `color`'s clock ran out at the end of the line: the opponent wins on time, unless the
    /// opponent cannot possibly win ([`Position::cannot_win`]), which makes it a draw (see
    /// [`Game::declare`]).
    pub fn flag_fall(&mut self, color: Color) -> Result<Outcome, Error> {
        let o = if self.positions[self.moves.len()].cannot_win(color.opponent()) {
            Outcome::draw(Reason::TimeoutVsInsufficientMaterial(color))
        } else {
            Outcome::win(color.opponent(), Reason::Time)
        };
        self.declare(o).map(|()| o)
    }

    /// How the game stands at the cursor: an outcome declared at the end of the line (when
    /// the cursor is there), the position's own outcome, or a draw by threefold repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.at_end() {
            if let Some(o) = self.declared {
                return Some(o);
            }
        }
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
