// The page's one state object and its one redraw. The state: the games the engine plays, the
// game on the board, what the engine said about its position, how the game is played, and
// what the board shows beyond it. main.js makes it and hands it to the page's parts, which
// read it. Who writes what: the controller (game/controller.js) the game and its position
// (game, gameId, layout, pieces, byFrom, outcome, canUndo, canRedo), how it is played
// (`playing`), `editing` and `flipped`; each overlay's owner its part of `view`.
//
// The redraw: every change goes through the controller, which reads the game into the state
// and then calls redraw(state, change): each part that subscribed to the change's cause
// renders what it shows from the state, in the order the parts subscribed (the order main.js
// mounts them). No part pushes to another: the controller knows none of the views.

/**
 * The causes of a change (`change.cause`), grouped as the parts subscribe to them:
 *   MOVED   the game or the position shown changed: 'move' (a move played on the board),
 *           'step' (undo, redo, a step through the moves or the tree, the editor opened or
 *           closed), 'new' (another game on the board), 'end' (resigned, agreed, flag fallen)
 *   SHOWN   MOVED, or 'refresh': the game read again as it is (a move refused)
 *   RECORD  SHOWN, or 'lines': only the record changed (variations, comments, tags, marks)
 * and on their own 'flip' (the board turned), 'style' (colours or coordinates changed),
 * 'note' (nothing changed; `change.note` is to be said) and 'remote' (only the record of a
 * game with a friend at a distance changed: an offer, an answer, a link made, a connection
 * made or lost; www/remote/).
 * A change also carries what happened in it: `played` (the move added to the game; `shown`
 * false when the board shows an earlier position), `before` (the pieces before it), `undone`,
 * `redone`, `jumped`, `note`, `keepMessage`, `fresh` (a new game chosen: the computer forgets).
 */
export const MOVED = Object.freeze(['move', 'step', 'new', 'end']);
export const SHOWN = Object.freeze([...MOVED, 'refresh']);
export const RECORD = Object.freeze([...SHOWN, 'lines']);

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
    /** Whether Undo and Redo can act now (a takeback in a game being played). */
    canUndo: false,
    canRedo: false,
    /**
     * How the game on the board is played: { opponent: 'computer' | 'human' | 'analysis',
     * color, side (the person's), level, clock } (game/playing.js).
     */
    playing: { opponent: 'human', color: 'w', side: 'w', level: 3, clock: 'none' },
    /** The position editor is open (the game waits under it). */
    editing: false,
    /** Black at the bottom. */
    flipped: !!config.flipped,
    /** What the board draws beyond the position (draw.js reads it; see its comment). */
    view: emptyView(),
    /** The parts subscribed to changes: [{ causes (Set), render(change) }], in order. */
    parts: [],
  };
}

/**
 * `render(change)` is called for every change whose cause is among `causes` (MOVED, SHOWN,
 * RECORD, or a list of causes), after the controller has read the game into the state.
 */
export function subscribe(state, causes, render) {
  state.parts.push({ causes: new Set(causes), render });
}

/** Tells the parts about `change` ({ cause, ... }): the controller's one redraw, called by it alone. */
export function redraw(state, change) {
  for (const part of state.parts.slice()) if (part.causes.has(change.cause)) part.render(change);
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
    stars: [], // a lesson's stars still to collect (embed/lesson.js)
    playing: [], // the cells of the pieces that play in a lesson's task that names them
    legend: null, // the piece legend's marks (rules/legend.js)
    concealed: null, // what the move list leaves out while Learn asks for it: { hidden, unsolved } node ids (computer/learn.js)
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
