//! Finding puzzles in a game: the positions after the opponent's mistakes, each solved.

use std::collections::HashSet;

use super::{rating, solve, themes, Puzzle, Settings, ALREADY_WON, MISTAKE};
use crate::game::Game;
use crate::review::review;
use crate::search::{Limits, Searcher};

/// The puzzles of `game`'s main line: its positions searched at [`Settings::game_nodes`]
/// by `searcher` to find the opponent's mistakes (see the module's notes), each candidate
/// solved ([`solve`]) at [`Settings::verify_nodes`]. `seen` holds the keys of the positions
/// already kept (from earlier games): a position is kept once.
pub fn mine(
    game: &Game,
    settings: &Settings,
    searcher: &mut Searcher,
    seen: &mut HashSet<u64>,
) -> Vec<Puzzle> {
    searcher.clear();
    searcher.multipv(1);
    let limits = Limits::nodes(settings.game_nodes);
    let reviewed = review(game, &limits, searcher, &|| 0.0, &mut |_, _| {});
    let mut line = game.clone();
    let _ = line.go_to_node(*game.main_line().last().unwrap_or(&0));
    let mut puzzles = Vec::new();
    for m in &reviewed.moves {
        let variant = game.variant();
        let solver = m.side.opponent();
        // The opponent's mistake, and the solver not yet winning before it.
        if m.lost < MISTAKE || m.before.win_for(variant, solver) >= ALREADY_WON {
            continue;
        }
        let Some(ply) = line.line_nodes().iter().position(|&n| n == m.node) else {
            continue;
        };
        let Some(pos) = line.position_at(ply) else {
            continue;
        };
        if pos.outcome().is_some() || seen.contains(&pos.key()) {
            continue;
        }
        let Some(solution) = solve(pos, settings) else {
            continue;
        };
        seen.insert(pos.key());
        let solver_moves = solution.line.len().div_ceil(2);
        puzzles.push(Puzzle {
            themes: themes(pos, &solution.line, solution.ending),
            rating: rating(solution.nodes_to_find, solver_moves),
            start: pos.clone(),
            line: solution.line,
        });
    }
    puzzles
}
