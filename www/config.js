// Options for the board. Every field is optional: main.js merges `window.fairyboardConfig`
// (if a page embedding the board sets one before loading main.js) over these defaults.
// Colours are not here: they live in style.css as CSS custom properties so that light and
// dark schemes follow `prefers-color-scheme`.

export const defaults = Object.freeze({
  // Game selected at start (an id from `games()`); the first game if it is not one.
  gameId: 'orthodox',
  // Base duration in milliseconds of one step of a move's animation (a slide; shifts, wraps
  // and removals after the move take a little more or less); 0 turns animation off. The page's
  // speed control multiplies it (off 0, fast 0.5, normal 1, slow 2). Animation is always off
  // when the user asks for reduced motion.
  animationMs: 250,
  // Draw dots (quiet moves) and rings (captures) on the squares the picked piece can reach.
  showDestinations: true,
  // Highlight the two squares of the last move.
  showLastMove: true,
  // Highlight kings in check.
  showCheck: true,
  // Draw file letters and rank numbers inside the edge cells (taken from the cell names).
  showCoordinates: true,
  // Pointer travel in CSS pixels before a press becomes a drag (below it, it is a click).
  dragThresholdPx: 4,
  // Scale of a piece relative to its cell (1 = touches the cell edges).
  pieceScale: 0.9,
  // Scale of the piece being dragged, relative to a resting piece (bigger shows under a finger).
  dragScale: 1.15,
  // How long a short message (illegal move, engine error) stays visible, in milliseconds.
  messageMs: 4000,
  // Start with Black at the bottom.
  flipped: false,

  // Embedded boards (embed.html, set up by www/embed/embedmode.js from its address): '' for the
  // full page, else 'play' (play on from the given position and moves), 'view' (replay the
  // moves only) or 'explore' (try moves freely, reset back to the given position).
  mode: '',
  // Position text to start from ('' = the game's start).
  position: '',
  // Move texts played from that position, separated by spaces or dots.
  moves: '',
  // How many of those moves are shown played (null = all of them).
  ply: null,
  // Embedded boards against the computer: 'human' (two people) or 'computer'; its level
  // 1-8; the person's colour, 'white', 'black' or 'random' (the board turns for Black).
  opponent: 'human',
  level: 3,
  player: 'white',
  // Puzzle mode ('puzzle', www/embed/puzzle.js): the solution's moves from the position, both sides'.
  solution: '',
  // Lesson mode ('lesson', www/embed/lesson.js): the lesson's id in the game's course, and the task to start at (from 1).
  lesson: '',
  task: null,
  // A study: a PGN game (its moves, variations, comments and the arrows in them) instead of
  // position and moves; arrows and marks on the position shown, as lichess writes them
  // ("Ge2e4 Rd1d8", "Yd4").
  pgn: '',
  arrows: '',
  marks: '',
  // review="on" (www/embed/embedreview.js): a game's or study's evaluation graph and judged moves.
  review: false,
  // What was wrong in the embed address (shown on the board, which still plays).
  embedProblems: [],
});

/** Returns the defaults with the given fields replaced; unknown fields are ignored. */
export function makeConfig(overrides = {}) {
  const out = { ...defaults };
  for (const key of Object.keys(defaults)) {
    if (overrides[key] !== undefined) out[key] = overrides[key];
  }
  return out;
}
