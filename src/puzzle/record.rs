//! A puzzle as a PGN record: one game from the puzzle's position, its solution as the
//! movetext.

use super::Puzzle;
use crate::game::Game;
use crate::pgn;

/// The puzzle as one PGN game: the roster (with `tags`, e.g. `("Event", ...)`,
/// `("Round", "12")`), `[Variant]`, `[SetUp "1"]`
/// and `[FEN]` (the position, the solver to move), `[PuzzleThemes "mate mateIn2 short"]`
/// (space-separated, as lichess lists them), `[PuzzleRating "1420"]`, and the solution as
/// the movetext, the solver's first move first (`1... Qxf2+` when Black solves). Read back
/// by [`crate::pgn::read`] like any record.
pub fn write(puzzle: &Puzzle, tags: &[(&str, &str)]) -> String {
    let mut game = Game::from_position(puzzle.start.clone());
    for m in &puzzle.line {
        game.play_move(*m);
    }
    let themes = puzzle.themes.join(" ");
    let rating = puzzle.rating.to_string();
    let mut all = tags.to_vec();
    all.push(("PuzzleThemes", &themes));
    all.push(("PuzzleRating", &rating));
    pgn::write(&game, &all)
}
