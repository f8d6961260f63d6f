//! A puzzle's difficulty, from how hard the engine must look to find its first move.

/// The rating of a puzzle whose first move the search settled on after `nodes` nodes (a
/// node-limited search from a cleared table: the nodes of the first iteration from which
/// its best move stayed the solution's), with `solver_moves` moves to find:
/// `400 + 110 * log2(nodes + 1) + 100 * (solver_moves - 1)`, rounded to tens and kept
/// within 400-3000. A mate in one seen at the first iteration (some 30 to 100 nodes) is
/// about 1000-1150; a move found only after 20,000 nodes about 2000; each further move to
/// find adds 100.
pub fn rating(nodes: u64, solver_moves: usize) -> u32 {
    let look = 110.0 * ((nodes as f64) + 1.0).log2();
    let length = 100.0 * solver_moves.saturating_sub(1) as f64;
    let r = (400.0 + look + length).clamp(400.0, 3000.0);
    ((r / 10.0).round() * 10.0) as u32
}
