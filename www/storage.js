// The game in progress, kept in localStorage per game id so that a reload, a closed tab or a
// switch to another game never loses it. A record is the game's start text, its whole move
// line (moves taken back included, so redo survives) and the ply shown. A record that cannot
// be read back is set aside under its own key, never thrown away, and never stops the page.

const PREFIX = 'fairyboard.game.';
const ASIDE = 'fairyboard.unreadable.';
const VERSION = 1;
const CURRENT = 'fairyboard.current'; // the id of the game on the board last

/** The key of game `id`'s saved game, and of a record set aside. */
export const storageKey = (id) => PREFIX + id;
export const asideKey = (id) => ASIDE + id;

function store() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // storage disabled (e.g. blocked cookies): play on without saving
  }
}

/**
 * Saves `handle`'s game under its id. Returns null, or an error message if storage refused
 * (full or disabled); the game in the page is unaffected either way.
 */
export function saveGame(handle) {
  const s = store();
  if (!s || !handle) return null;
  try {
    const record = {
      v: VERSION,
      game: handle.gameId(),
      start: handle.startText(),
      moves: Array.from(handle.line()),
      ply: handle.ply(),
    };
    s.setItem(storageKey(record.game), JSON.stringify(record));
    s.setItem(CURRENT, record.game);
    return null;
  } catch (e) {
    return `The game could not be saved in this browser: ${(e && e.message) || e}`;
  }
}

/** The id of the game on the board when the page was last used, or null. */
export function lastGameId() {
  const s = store();
  try { return s ? s.getItem(CURRENT) : null; } catch { return null; }
}

/** Forgets game `id`'s saved game. */
export function forgetGame(id) {
  const s = store();
  try { if (s) s.removeItem(storageKey(id)); } catch { /* nothing saved then */ }
}

/**
 * Rebuilds game `id` from storage with `engine.GameHandle`. Returns
 *   null                       nothing saved (or no storage)
 *   { handle }                 the saved game, at its saved ply
 *   { handle: null, message }  the record could not be read: it was moved to
 *                              fairyboard.unreadable.<id> and `message` says so
 */
export function loadGame(engine, id) {
  const s = store();
  if (!s) return null;
  let raw;
  try {
    raw = s.getItem(storageKey(id));
  } catch {
    return null;
  }
  if (raw == null) return null;
  let handle = null;
  try {
    let r;
    try { r = JSON.parse(raw); } catch { throw new Error('it is not a saved game record'); }
    if (!r || typeof r !== 'object') throw new Error('not a saved game');
    if (r.game !== id) throw new Error(`it is a game of '${r.game}'`);
    if (typeof r.start !== 'string') throw new Error('no start position');
    if (!Array.isArray(r.moves) || r.moves.some((m) => typeof m !== 'string')) throw new Error('no move list');
    if (!Number.isInteger(r.ply) || r.ply < 0 || r.ply > r.moves.length) throw new Error(`ply ${r.ply} is outside the move list`);
    handle = new engine.GameHandle(id, r.start);
    r.moves.forEach((m, i) => {
      try {
        handle.play(m);
      } catch (e) {
        throw new Error(`move ${i + 1} (${m}): ${(e && e.message) || e}`);
      }
    });
    handle.goTo(r.ply);
    return { handle };
  } catch (e) {
    if (handle) { try { handle.free(); } catch { /* already gone */ } }
    let kept = true;
    try {
      s.setItem(asideKey(id), raw);
      s.removeItem(storageKey(id));
    } catch {
      kept = false;
    }
    const why = (e && e.message) || String(e);
    return {
      handle: null,
      message: kept
        ? `The saved game could not be read (${why}); it is kept as ${asideKey(id)} in this browser's storage, and a new game starts.`
        : `The saved game could not be read (${why}); a new game starts.`,
    };
  }
}
