// www/records/: game records, links, shapes and marks, and what the browser keeps.
// Moves counted as chess players count them (issue 40): a White move and Black's answer are
// one move, so a game whose last move is 41. Qa7 has 41 moves however many plies (half-moves)
// it took. The page says "moves" only for such counts, and "plies" where it means half-moves.

/**
 * How many moves `plies` half-moves make, from a start where Black moves first when
 * `blackFirst` (then the first ply is a move of its own: 1... e5 2. Nf3 is two moves).
 */
export function fullMoves(plies, blackFirst = false) {
  const n = Math.max(0, Math.floor(Number(plies) || 0));
  return n === 0 ? 0 : Math.ceil((n + (blackFirst ? 1 : 0)) / 2);
}

/** "1 move", "41 moves": `n` moves in words. */
export function movesWord(n) {
  return `${n} move${n === 1 ? '' : 's'}`;
}

/**
 * How many moves a line of the tree plays: `nodes` the moves (GameHandle.tree() nodes, each
 * with its move `number`), in order. 12... Nf6 13. Nf3 is two moves, 13. Nf3 Nf6 one.
 */
export function movesOfLine(nodes) {
  const played = nodes.filter((n) => n && n.number != null);
  if (!played.length) return 0;
  return played[played.length - 1].number - played[0].number + 1;
}

/** Whether Black moves first from position text `start` (its second field is the side to move). */
export function blackFirst(start) {
  return String(start || '').trim().split(/\s+/)[1] === 'b';
}
