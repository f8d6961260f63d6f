// www/engine/: the engine: the one place the page touches the wasm (its games, its errors, its worker).
// The rules engine seen from the page: it loads the wasm bindings (pkg/fairyboard.js; the
// single file's inlined copy when there is one), makes and frees every GameHandle, and turns
// an engine error into the words the page shows (errorText; controls/ui.js's safely says them). No other module imports pkg/ or calls
// `new GameHandle` or `.free()` (tests/e2e/house.test.mjs holds to it): a handle made here is
// freed here, by release() (the game a new one replaces, an opened record not kept) or at the
// end of withGame() (a handle used for a moment: a move's words, a start's pieces).

let wasm = null; // the bindings once loaded
const legends = new Map(); // each game's piece legend, asked once

/**
 * Loads the engine: the single-file build's (scripts/single.mjs sets
 * globalThis.fairyboardEngine, the wasm inlined), else pkg/fairyboard.js beside the page.
 * Rejects with an Error that says what failed and how to build the engine.
 */
export async function loadEngine() {
  try {
    const bindings = globalThis.fairyboardEngine
      || await import(new URL('../../pkg/fairyboard.js', import.meta.url).href);
    await bindings.default();
    wasm = bindings;
  } catch (e) {
    console.error(e);
    throw new Error(`Could not load the engine (pkg/fairyboard.js): ${errorText(e)}. Build it with: bash scripts/build.sh`);
  }
}

/** Whether the engine has loaded. */
export const engineLoaded = () => wasm != null;

/**
 * An engine error (or anything thrown) in the words the page shows: the engine's errors are
 * written for people already (src/wasm: "illegal move: e2e5", "no such game: chess960"), so
 * they are said as they are; anything else by its message, or as text.
 */
export function errorText(e) {
  return (e && e.message) || String(e);
}

// ---- what the engine knows about its games ----

/** Every game's id, name, letters, pieces, start and whether it has hands (engine.games()); none before the engine loads. */
export const games = () => (wasm ? Array.from(wasm.games() || []) : []);

/** Game `id`'s piece legend ([{ letter, kind, name, moves, value }]), asked once per game. */
export function legend(id) {
  if (!legends.has(id)) legends.set(id, Array.from(wasm.legend(id) || []));
  return legends.get(id);
}

// ---- game handles: made and freed here ----

/** A new game `id` from position text `position` (its start when none): a GameHandle. Throws the engine's error. */
export function newGame(id, position = undefined) {
  return new wasm.GameHandle(id, position);
}

/** Frees `handle` (null, or freed already: nothing). */
export function release(handle) {
  if (!handle) return;
  try { handle.free(); } catch { /* freed already */ }
}

/** `fn(handle)` on a new game `id` from `position`, freed afterwards; what fn returns. Throws as newGame and fn do. */
export function withGame(id, position, fn) {
  const h = newGame(id, position);
  try {
    return fn(h);
  } finally {
    release(h);
  }
}

/** A share link's fragment opened: { handle, problem, ... } (src/wasm/records.rs). */
export const openFragment = (fragment) => wasm.openFragment(fragment);
/** A PGN text's first game opened: { handle, problem, ... }. */
export const openPgn = (text) => wasm.openPgn(text);
/** Game `index` of a PGN text opened: { handle, used, total, message, problem }. */
export const openPgnGame = (text, index) => wasm.openPgnGame(text, index);
/** The games of a PGN text, summed up for a chooser. */
export const pgnGames = (text) => Array.from(wasm.pgnGames(text) || []);

// ---- the position editor's reading and writing (src/editor.rs) ----

export const readPosition = (id, text) => wasm.readPosition(id, text);
export const writePosition = (id, board, side, castling, handW, handB) => wasm.writePosition(id, board, side, castling, handW, handB);
export const checkPosition = (id, text) => wasm.checkPosition(id, text);
export const possibleCastling = (id, board) => wasm.possibleCastling(id, board);
