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
 * written for people already (crates/wasm: "illegal move: e2e5", "no such game: chess960"), so
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

// ---- games by link (crates/wasm/src/bylink.rs): each record a LinkHandle, made and freed here ----

/**
 * `fn(link)` on the game by link of `text` (a link, its fragment, or a record's fragment as
 * the page keeps it), freed afterwards: what fn returns. Throws the engine's message when the
 * text is not a game by link (damaged, cut short, an event that cannot come there).
 */
export function withLink(text, fn) {
  const link = wasm.LinkHandle.read(text);
  try {
    return fn(link);
  } finally {
    release(link);
  }
}

/**
 * A new game by link's record as its fragment: `{ id (12 random bytes), game, white, black,
 * inviter ('w' or 'b'), days (1-30, or null), created (Unix minutes) }`. Throws the
 * engine's message (a name too long, ...).
 */
export function newLinkRecord({ id, game, white = '', black = '', inviter, days = null, created }) {
  const link = new wasm.LinkHandle(id, game, undefined, white, black, inviter, days ?? undefined, created);
  try {
    return link.fragment();
  } finally {
    release(link);
  }
}

/**
 * Compares `link` (a record's text read from a link, a message) with the record `held` of a
 * page that plays `mine`: { kind: 'continues', record (the fragment to keep), events, names }
 * or { kind: 'known', older }. Throws the engine's message naming what differs.
 */
export function continueRecord(held, mine, link) {
  return withLink(held, (ours) => withLink(link, (theirs) => {
    const r = ours.continueWith(mine, theirs);
    if (r.kind !== 'continues') return { kind: r.kind, older: r.older };
    try {
      return { kind: r.kind, record: r.record.fragment(), events: Array.from(r.events), names: Array.from(r.names) };
    } finally {
      release(r.record);
    }
  }));
}

/**
 * The board's game (a GameHandle) of the record `text`, with the tags its PGN has: `played`
 * { live, control (PGN's TimeControl, '180+2'), flag ('w'/'b': the side whose flag fell in a
 * live game) }.
 */
export function linkBoardGame(text, { live = false, control = null, flag = null } = {}) {
  return withLink(text, (link) => link.boardGame(live, control ?? undefined, flag ?? undefined));
}

/** The PGN of the record `text`, the same on both pages (`played` as for linkBoardGame). */
export function linkPgn(text, { live = false, control = null, flag = null } = {}) {
  return withLink(text, (link) => link.pgn(live, control ?? undefined, flag ?? undefined));
}

/** A share link's fragment opened: { handle, problem, ... } (crates/wasm/src/records.rs). */
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

// ---- lessons (crates/wasm/src/lesson.rs): the courses shipped in the wasm, a task in a LessonHandle ----

/** The games that have a course (lessons/<game>.txt, compiled into the engine); none before it loads. */
export const lessonGames = () => (wasm ? Array.from(wasm.lessonGames() || []) : []);

/** Game `id`'s course: { game, title, intro, lessons: [{ id, title, intro, tasks: [{ say, position, side, stars, moves, limit, reply, hints, done }] }] }. Throws the engine's message. */
export const lessonCourse = (id) => wasm.lessonCourse(id);

/**
 * A lesson's board: a new game `id` from `position` (as newGame) where only checkmate,
 * stalemate and the games' own wins end the game, not a lone king's draw by material.
 */
export function newPracticeGame(id, position) {
  const h = newGame(id, position);
  h.setPractice(true);
  return h;
}

/**
 * Task `task` (from 0) of lesson `lesson` in game `game`'s course, at its start: a
 * LessonHandle (play(text) -> { turn, counted }, restart(), played(), fewest(),
 * positionText()), freed with release(). Throws the engine's message naming what is missing.
 */
export function newLesson(game, lesson, task) {
  return new wasm.LessonHandle(game, lesson, task);
}
