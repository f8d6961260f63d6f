// www/records/: game records, links, shapes and marks, and what the browser keeps.
// Annotations of moves as PGN numbers them (NAGs): the glyph shown after a move in the move
// list and the words said for it, as lichess shows them. The engine keeps the numbers on the
// game tree's moves (GameHandle.setNags, tree().nodes[].nags) and writes them into PGN ($1)
// and share links (a=); this table is only how they look. The slight advantages are written
// `+=` and `=+` (as ChessBase's text does): few fonts have lichess's ⩲ and ⩱.

/** The marks on a move itself, in the order the comment form offers them. */
export const MOVE_MARKS = [
  [1, '!', 'good move'], [2, '?', 'mistake'], [3, '!!', 'brilliant move'], [4, '??', 'blunder'],
  [5, '!?', 'interesting move'], [6, '?!', 'dubious move'], [7, '□', 'only move'],
];

/** The marks on the position after the move, in the order the comment form offers them. */
export const POSITION_MARKS = [
  [10, '=', 'equal position'], [13, '∞', 'unclear position'],
  [14, '+=', 'White is slightly better'], [15, '=+', 'Black is slightly better'],
  [16, '±', 'White is better'], [17, '∓', 'Black is better'],
  [18, '+−', 'White is winning'], [19, '−+', 'Black is winning'],
];

/** Other NAGs lichess shows with a glyph of their own. */
const OTHER_MARKS = [
  [22, '⨀', 'zugzwang'], [23, '⨀', 'zugzwang'], [32, '⟳', 'development'], [33, '⟳', 'development'],
  [36, '→', 'initiative'], [37, '→', 'initiative'], [40, '↑', 'attack'], [41, '↑', 'attack'],
  [132, '⇆', 'counterplay'], [133, '⇆', 'counterplay'], [138, '⨁', 'time trouble'],
  [139, '⨁', 'time trouble'], [146, 'N', 'novelty'],
];

const BY_NUMBER = new Map([...MOVE_MARKS, ...POSITION_MARKS, ...OTHER_MARKS].map(([n, glyph, words]) => [n, { glyph, words }]));

/** How NAG `n` looks and is said: { glyph, words } (`$n` and "annotation n" for others). */
export function nagMark(n) {
  return BY_NUMBER.get(n) || { glyph: `$${n}`, words: `annotation ${n}` };
}

/** Whether NAG `n` is a mark on the move itself (the form's first choice). */
export const isMoveMark = (n) => n >= 1 && n <= 7;

/** Whether NAG `n` is a mark on the position (the form's second choice). */
export const isPositionMark = (n) => POSITION_MARKS.some(([m]) => m === n);
