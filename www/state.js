// The page's one state object: the games the engine plays, the game on the board, what the engine said about
// its position, and what the board shows beyond it. main.js makes it and hands it to the
// page's modules, which read it where they used to ask for each piece through a callback.
// Who writes what: gameflow.js the game and its position (game, gameId, layout, pieces,
// byFrom, outcome), the board's controls `flipped`, and each overlay's owner its part of `view`.

/** A fresh state for the page configured by `config` (config.js). */
export function makeState(config) {
  return {
    /** The engine's games (engine/engine.js games()): every game's id, name and whether it has hands. */
    games: [],
    /** The GameHandle on the board, or null before the first game. */
    game: null,
    gameId: config.gameId,
    /** The game's layout (cells, size), its pieces by cell, and its legal moves by origin cell. */
    layout: null,
    pieces: [],
    byFrom: new Map(),
    /** The engine's outcome of the position shown ({ result, reason, text }), or null. */
    outcome: null,
    /** Black at the bottom. */
    flipped: !!config.flipped,
    /** What the board draws beyond the position (draw.js reads it; see its comment). */
    view: emptyView(),
  };
}

/**
 * A view (what draw.js draws) with nothing on it: no position, nothing picked, marked or
 * moving. The page's view starts so; the editor and the still images fill in their parts.
 */
export function emptyView() {
  return {
    layout: null, pieces: [], kinds: null, selected: null, dests: [], captureDests: new Set(), lastMove: null,
    checks: [], drag: null, hover: null, cursor: null, showCursor: false, anim: null,
    dropping: false, neighbours: [],
    legend: null, // the piece legend's marks (around.js)
    frozen: new Set(), // agents that can neither move nor attack (Quarter's merchants freeze them)
    // Threats and hints (overlays.js): checks with their lines, the picked piece's bounce
    // paths and own-capture destinations, and arrows and rings (hints).
    checkLines: [], paths: [], ownCaptures: new Set(), arrows: [], rings: [],
    shapes: { arrows: [], marks: [] }, // the person's arrows and circles (shapes.js)
    shapeStart: null, // a shape begun by keys or taps (a cell, or a hand { hand })
    handOrigin: null, // (colour) -> where a hand sits beside the board, canvas px (null: no hands drawn)
  };
}

/** The entry of engine.games() for the game on the board ({} before the engine loads). */
export function gameInfo(state, id = state.gameId) {
  return state.games.find((g) => g.id === id) || {};
}

/** The piece kinds of game `id` ('king', 'queen', ...; from engine.games()). */
export function gameKinds(state, id = state.gameId) {
  return (gameInfo(state, id).pieces || []).map((p) => p.kind);
}

/** The side to move at the end of game `g`'s current line, wherever the board is ('w' or 'b'). */
export function toMoveAtEnd(g) {
  const side = g.sideToMove();
  return (g.line().length - g.ply()) % 2 === 0 ? side : (side === 'w' ? 'b' : 'w');
}

/** "White", "Black". */
export const colourName = (c) => (c === 'w' ? 'White' : c === 'b' ? 'Black' : String(c));
