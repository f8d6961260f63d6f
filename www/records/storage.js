// www/records/: game records, links, shapes and marks, and what the browser keeps.
// The game in progress, kept in localStorage per game id so that a reload, a closed tab or a
// switch to another game never loses it. A record is the game's start text, its whole move
// line (moves taken back included, so redo survives), the ply shown, and the whole tree as a
// share fragment (variations and comments; an older record without it reads from the line),
// with how the game is played (the computer, a friend, an analysis board) and its result. A
// record that cannot be read back is set aside under its own key, never thrown away, and
// never stops the page. A game in progress that another game (a new one, a link, a PGN game,
// position text) replaces is kept too, up to MAX_KEPT per game id, and can be switched back
// to. A finished game is not in progress: it goes to the past games (pastgames.js), one list
// for every game id, newest first, up to MAX_PAST.

import { setAside as keepAside, noteUnreadable } from './setaside.js';
import { newGame, openFragment, release } from '../engine/engine.js';

const PREFIX = 'fairyboard.game.';
const ASIDE = 'fairyboard.unreadable.';
const VERSION = 1;
const KEPT = 'fairyboard.kept.';
const OPENED = 'fairyboard.opened.'; // the record of a game opened from elsewhere, as opened
const CURRENT = 'fairyboard.current'; // the id of the game on the board last
const MAX_KEPT = 10; // kept games per game id; past that the oldest gives way
const PAST = 'fairyboard.past'; // the finished games, newest first
const MAX_PAST = 100;

/** The key of game `id`'s saved game, and of the first of its records set aside (setaside.js: then `.2`, ...). */
export const storageKey = (id) => PREFIX + id;
export const asideKey = (id) => ASIDE + id;
const keptKey = (id) => KEPT + id;
const openedKey = (id) => OPENED + id;

function store() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // storage disabled (e.g. blocked cookies): play on without saving
  }
}

/**
 * Saves `handle`'s game under its id. Returns null, or why storage refused (full or
 * disabled), in words; the game in the page is unaffected either way.
 */
export function saveNow(handle, playing = null) {
  const s = store();
  if (!s || !handle) return null;
  try {
    const record = recordOf(handle, playing);
    const raw = JSON.stringify(record);
    s.setItem(storageKey(record.game), raw);
    s.setItem(CURRENT, record.game);
    updatePast(s, record, raw);
    return null;
  } catch (e) {
    return refusal(e);
  }
}

/** Saves `handle`'s game as saveNow does; returns null, or an error message to show. */
export function saveGame(handle, playing = null) {
  const why = saveNow(handle, playing);
  return why && `The game could not be saved in this browser (${why}): Export PGN saves it as a file.`;
}

/**
 * The saved record of `handle`'s game; `playing`: how it is played (newgame.js's choice).
 * `result` ('1-0', ...; null while it goes on) and the players tell a finished game apart and
 * name it in lists without rebuilding it.
 */
function recordOf(handle, playing) {
  const outcome = handle.finalOutcome();
  const tag = (name) => (typeof handle.tag === 'function' ? handle.tag(name) : null);
  return {
    v: VERSION,
    game: handle.gameId(),
    start: handle.startText(),
    moves: Array.from(handle.line()),
    ply: handle.ply(),
    end: handle.declaredEnd(), // resigned, agreed or out of time (null: the board decides)
    tree: handle.shareFragment(), // the whole tree: variations, comments, the move shown
    playing,
    result: outcome ? outcome.result : null,
    key: outcome ? mainLineKey(handle) : null, // a finished game, whatever line is shown
    white: tag('White'),
    black: tag('Black'),
    date: tag('Date'),
  };
}

/** Game `handle`'s start and main line as one string: the same game gives the same key. */
function mainLineKey(handle) {
  const tree = handle.tree();
  const nodes = new Map(tree.nodes.map((n) => [n.id, n]));
  const moves = [];
  for (let n = nodes.get(0); n && n.children.length;) {
    n = nodes.get(n.children[0]);
    moves.push(n.text);
  }
  return `${handle.gameId()}|${handle.startText()}|${moves.join(' ')}`;
}

/** The id of the game on the board when the page was last used, or null. */
export function lastGameId() {
  const s = store();
  try { return s ? s.getItem(CURRENT) : null; } catch { return null; }
}

/** Game `id` rebuilt from a saved record (text); throws an Error saying what is wrong. */
function rebuild(id, raw) {
  let r;
  try { r = JSON.parse(raw); } catch { throw new Error('it is not a saved game record'); }
  if (!r || typeof r !== 'object') throw new Error('not a saved game');
  if (r.game !== id) throw new Error(`it is a game of '${r.game}'`);
  if (typeof r.start !== 'string') throw new Error('no start position');
  if (!Array.isArray(r.moves) || r.moves.some((m) => typeof m !== 'string')) throw new Error('no move list');
  if (!Number.isInteger(r.ply) || r.ply < 0 || r.ply > r.moves.length) throw new Error(`ply ${r.ply} is outside the move list`);
  if (typeof r.tree === 'string') return rebuildTree(id, r);
  const handle = newGame(id, r.start);
  try {
    r.moves.forEach((m, i) => {
      try {
        handle.play(m);
      } catch (e) {
        throw new Error(`move ${i + 1} (${m}): ${(e && e.message) || e}`);
      }
    });
    // A game the players ended (resignation, agreement, time) ends the same way again.
    const end = r.end && typeof r.end === 'object' ? r.end : null;
    try {
      if (end && end.how === 'resign') handle.resign(end.color);
      else if (end && end.how === 'agree') handle.agreeDraw();
      else if (end && end.how === 'flag') handle.flagFall(end.color);
    } catch { /* an end that no longer applies: the board decides, the moves are kept */ }
    handle.goTo(r.ply);
  } catch (e) {
    release(handle);
    throw e;
  }
  return handle;
}

/**
 * Game `id` rebuilt from a record with its tree (its share fragment: variations, comments,
 * the move shown) and its declared end; throws an Error naming the first bad move.
 */
function rebuildTree(id, r) {
  const opened = openFragment(r.tree);
  const handle = opened.handle;
  try {
    if (handle.gameId() !== id) throw new Error(`it is a game of '${handle.gameId()}'`);
    if (opened.problem) throw new Error(opened.problem);
    const end = r.end && typeof r.end === 'object' ? r.end : null;
    if (end) {
      // A declared end belongs to the end of the line: declared there, then back to the move shown.
      const shown = handle.currentNode();
      handle.goTo(handle.line().length);
      try {
        if (end.how === 'resign') handle.resign(end.color);
        else if (end.how === 'agree') handle.agreeDraw();
        else if (end.how === 'flag') handle.flagFall(end.color);
      } catch { /* an end that no longer applies: the board decides, the moves are kept */ }
      handle.goToNode(shown);
    }
  } catch (e) {
    release(handle);
    throw e;
  }
  return handle;
}

/**
 * Rebuilds game `id` from storage (the engine's handle). Returns
 *   null                       nothing saved (or no storage)
 *   { handle }                 the saved game, at its saved ply
 *   { handle: null, message }  the record could not be read: it was moved to
 *                              fairyboard.unreadable.<id> and `message` says so
 */
export function loadGame(id) {
  const s = store();
  if (!s) return null;
  let raw;
  try {
    raw = s.getItem(storageKey(id));
  } catch {
    return null;
  }
  if (raw == null) return null;
  try {
    return { handle: rebuild(id, raw) };
  } catch (e) {
    const why = (e && e.message) || String(e);
    // Each unreadable record is kept under a key of its own: a second never replaces the first.
    const aside = keepAside(s, id, raw, storageKey(id));
    return {
      handle: null,
      message: aside
        ? `The saved game could not be read (${why}); it is kept as ${aside} in this browser's storage, and a new game starts.`
        : `The saved game could not be read (${why}) nor set aside (this browser's storage refused it): a new game starts in its place.`,
    };
  }
}

/**
 * The kept games of `id`, newest first, as saved records (text). An older page kept a single
 * record, not a list: that reads as a list of one (and so does an unreadable one, which is
 * set aside when its turn comes).
 */
function keptList(s, id) {
  const raw = s.getItem(keptKey(id));
  if (raw == null) return [];
  try {
    const list = JSON.parse(raw);
    if (Array.isArray(list) && list.every((r) => typeof r === 'string')) return list;
  } catch { /* not JSON: one kept record, unreadable */ }
  return [raw];
}

function saveKeptList(s, id, list) {
  if (list.length) s.setItem(keptKey(id), JSON.stringify(list.slice(0, MAX_KEPT)));
  else s.removeItem(keptKey(id));
}

/**
 * Before `handle`, a game opened from elsewhere, takes the place of its game id's saved game:
 * keeps that saved game first among the id's kept games, unless nothing would be lost (no
 * moves, or the same start with its moves the first moves of the new game), or unless that
 * saved game was itself opened from elsewhere and not played on since while a game is kept
 * already (that one is still in its link or record). Kept games that the new one carries on
 * are kept no longer: they are on the board. Returns 'kept', 'past' (a finished game, kept
 * among the past games), false (nothing to keep), or, when the game could not be kept
 * (storage full or refused), { failed: why, finished, record } so that the page asks before
 * it goes (record: the saved record, for pgnOfRecord).
 */
export function keepReplaced(handle) {
  const s = store();
  if (!s || !handle) return false;
  let raw = null;
  let lost = false; // whether the saved game would be lost if it is not kept
  try {
    const id = handle.gameId();
    const start = handle.startText();
    const line = Array.from(handle.line());
    // Whether the saved record `text` loses nothing when `handle` is shown (unreadable: it would).
    const carriedOn = (text) => {
      let r = null;
      try { r = JSON.parse(text); } catch { return false; }
      if (!r || !Array.isArray(r.moves)) return false;
      return r.moves.length === 0 || (r.start === start && r.moves.length <= line.length
        && r.moves.every((m, i) => m === line[i]));
    };
    const kept = keptList(s, id).filter((k) => !carriedOn(k));
    raw = s.getItem(storageKey(id));
    const keep = raw != null && !carriedOn(raw) && !kept.includes(raw)
      && !(raw === s.getItem(openedKey(id)) && kept.length);
    lost = keep || (raw != null && !carriedOn(raw) && finished(raw));
    // A finished game is not in progress: it goes to the past games, not among the kept.
    if (raw != null && !carriedOn(raw) && addPast(s, raw)) {
      try { saveKeptList(s, id, kept); } catch { /* the past game is kept: enough */ }
      return 'past';
    }
    const list = keep ? [raw, ...kept] : kept;
    saveKeptList(s, id, list);
    return raw != null && list.includes(raw) ? 'kept' : false;
  } catch (e) {
    if (!lost) return false; // nothing to lose: the new game is opened all the same
    return { failed: refusal(e), finished: finished(raw), record: raw };
  }
}

/** Whether saved record `raw` is a finished game (a past game to be). */
function finished(raw) {
  try {
    const r = JSON.parse(raw);
    return !!r && typeof r.result === 'string' && typeof r.key === 'string';
  } catch {
    return false;
  }
}

/** Why storage refused, in words: error `e` from setItem. */
function refusal(e) {
  if (e && (e.name === 'QuotaExceededError' || e.code === 22)) return 'this browser\'s storage for the page is full';
  return `this browser's storage refused it: ${(e && e.message) || e}`;
}

/** The PGN of saved record `raw` (of game `id`), dated `date`, or null when it cannot be read. */
export function pgnOfRecord(id, raw, date) {
  let handle = null;
  try {
    handle = rebuild(id, raw);
    return handle.toPgn(date);
  } catch {
    return null;
  } finally {
    release(handle);
  }
}

// ---- past games: the finished ones, newest first, over every game id ----

const RESULTS = ['1-0', '0-1', '1/2-1/2'];
const LATEST = 8.64e15; // the last moment a Date can hold

/** What is wrong with past game entry `e` as addPast writes it, or null when nothing is. */
function pastProblem(e) {
  if (!e || typeof e !== 'object' || Array.isArray(e)) return 'not a past game';
  if (typeof e.key !== 'string' || !e.key) return 'no key';
  if (typeof e.record !== 'string') return 'no record';
  if (typeof e.game !== 'string' || !e.game) return 'no game named';
  if (!RESULTS.includes(e.result)) return `no result of a finished game: ${JSON.stringify(e.result ?? null).slice(0, 20)}`;
  if (typeof e.when !== 'number' || !(e.when >= 0 && e.when <= LATEST)) return `no time it was finished: ${JSON.stringify(e.when ?? null).slice(0, 20)}`;
  for (const tag of ['white', 'black', 'date']) {
    if (e[tag] != null && typeof e[tag] !== 'string') return `its ${tag} is not text`;
  }
  if (e.playing != null && (typeof e.playing !== 'object' || Array.isArray(e.playing))) return 'how it was played is unreadable';
  return null;
}

/**
 * The past games, each entry checked: one that does not fit (edited by hand, an older page) is
 * set aside as fairyboard.unreadable.past (each kept: .past.2, ...) and said, and the rest
 * are listed; a list that is not a list at all is set aside whole.
 */
function pastList(s) {
  const raw = s.getItem(PAST);
  if (raw == null) return [];
  let list = null;
  try { list = JSON.parse(raw); } catch { /* not JSON */ }
  if (!Array.isArray(list)) {
    const aside = keepAside(s, 'past', raw, PAST);
    noteUnreadable(`The list of past games could not be read (it is not a list)${aside ? `; it is kept as ${aside} in this browser's storage` : ''}, and no past games are listed.`);
    return [];
  }
  const bad = list.map((e) => pastProblem(e)).map((why, i) => why && { why, entry: list[i] }).filter(Boolean);
  if (!bad.length) return list;
  const good = list.filter((e) => !pastProblem(e));
  const kept = bad.map((b) => keepAside(s, 'past', JSON.stringify(b.entry)));
  try { s.setItem(PAST, JSON.stringify(good)); } catch { /* full: they are left out again next time */ }
  const whys = [...new Set(bad.map((b) => b.why))].join('; ');
  const keys = kept.filter(Boolean);
  const where = keys.length ? `; ${keys.length > 1 ? 'they are' : 'it is'} kept as ${keys.join(', ')} in this browser's storage` : '';
  noteUnreadable(`${bad.length > 1 ? `${bad.length} past games` : 'A past game'} could not be read (${whys})${where}, and the other past games are listed.`);
  return good;
}

/**
 * Puts the saved record `raw` first among the past games if it is a finished game (the same
 * game again replaces its entry, keeping where it was finished first); whether it was one.
 */
function addPast(s, raw) {
  let r = null;
  try { r = JSON.parse(raw); } catch { return false; }
  if (!r || typeof r.result !== 'string' || typeof r.key !== 'string') return false;
  const list = pastList(s);
  const old = list.find((e) => e.key === r.key);
  if (old && old.record === raw) return true; // listed as it is already
  const entry = {
    key: r.key, game: r.game, white: r.white || null, black: r.black || null, result: r.result,
    date: r.date || null, when: old ? old.when : Date.now(), playing: r.playing || null, record: raw,
  };
  const next = old ? list.map((e) => (e.key === r.key ? entry : e)) : [entry, ...list];
  s.setItem(PAST, JSON.stringify(next.slice(0, MAX_PAST)));
  return true;
}

/** A saved record's text without what only shows it (the ply and the line shown): what it holds. */
function held(raw) {
  try {
    const r = JSON.parse(raw);
    return JSON.stringify({ ...r, ply: 0, tree: String(r.tree).replace(/&(at|ply)=\d+/g, '') });
  } catch {
    return raw;
  }
}

/**
 * A finished game saved again (`record`, as text `raw`) whose past-games entry holds less (a
 * comment, a review added since): the entry follows, so the game's changes are kept wherever
 * it is opened from. Stepping through its moves alone leaves the list as it is.
 */
function updatePast(s, record, raw) {
  if (!record.key) return;
  const old = pastList(s).find((e) => e.key === record.key);
  if (old && held(old.record) !== held(raw)) addPast(s, raw);
}

/**
 * Keeps `handle`'s game among the past games if it is finished (saved as saveGame saves it):
 * a game is listed as soon as it ends. Returns null, or a message if storage refused.
 */
export function keepPast(handle, playing = null) {
  const s = store();
  if (!s || !handle) return null;
  try {
    addPast(s, JSON.stringify(recordOf(handle, playing)));
    return null;
  } catch (e) {
    return `The finished game could not be kept among the past games (${refusal(e)}): Export PGN saves it as a file.`;
  }
}

/** The past games, newest first: [{ key, game, white, black, result, date, when }]. */
export function pastGames() {
  const s = store();
  try {
    return s ? pastList(s).map(({ record, ...summary }) => summary) : [];
  } catch {
    return []; // storage refused
  }
}

/**
 * Past game `key` rebuilt: { handle, playing } (null when there is no such game), or
 * { handle: null, message } when its record cannot be read (it stays in the list).
 */
export function openPast(key) {
  const s = store();
  const entry = s && pastList(s).find((e) => e.key === key);
  if (!entry) return null;
  try {
    return { handle: rebuild(entry.game, entry.record), playing: entry.playing };
  } catch (e) {
    return { handle: null, message: `The past game could not be read (${(e && e.message) || e}).` };
  }
}

/** Removes past game `key`; whether it was there. */
export function deletePast(key) {
  const s = store();
  if (!s) return false;
  try {
    const list = pastList(s);
    const rest = list.filter((e) => e.key !== key);
    if (rest.length === list.length) return false;
    s.setItem(PAST, JSON.stringify(rest));
    return true;
  } catch {
    return false;
  }
}

/** Notes that game `id`'s saved game was just opened from elsewhere (see keepReplaced). */
export function markOpened(id) {
  const s = store();
  try {
    const raw = s && s.getItem(storageKey(id));
    if (raw != null) s.setItem(openedKey(id), raw);
  } catch { /* storage full or disabled: a later link may then replace the kept game */ }
}

/** How many games of `id` are kept to switch to. */
export function keptCount(id) {
  const s = store();
  try { return s ? keptList(s, id).length : 0; } catch { return 0; }
}

/**
 * The newest kept game of `id`, rebuilt, to put on the board; the saved game it replaces
 * goes last among the kept ones, so switching again and again goes round every kept game
 * and back (with one kept, switching twice comes back), unless it is finished: that one goes
 * to the past games. Returns null (none), { handle, playing, left } (how it was played, or
 * null for an older record; where the game left went: 'kept', 'past' or null), or
 * { handle: null, message } (unreadable: set aside like a saved game, and said).
 */
export function takeKept(id) {
  const s = store();
  if (!s) return null;
  let list;
  let current;
  try {
    list = keptList(s, id);
    current = s.getItem(storageKey(id));
  } catch {
    return null;
  }
  if (!list.length) return null;
  const [raw, ...rest] = list;
  let handle = null;
  try {
    handle = rebuild(id, raw);
  } catch (e) {
    const why = (e && e.message) || String(e);
    let aside = keepAside(s, id, raw);
    try {
      if (aside) saveKeptList(s, id, rest);
    } catch { aside = null; /* storage refused: the record stays among the kept, and in its aside key */ }
    return {
      handle: null,
      message: aside
        ? `The kept game could not be read (${why}); it is kept as ${aside} in this browser's storage.`
        : `The kept game could not be read (${why}).`,
    };
  }
  // The game on the board goes among the kept ones, or to the past games when it is finished
  // (a finished game is not in progress); if it cannot, nothing is switched.
  let left = null;
  try {
    if (current != null && addPast(s, current)) left = 'past';
    else if (current != null) left = 'kept';
    saveKeptList(s, id, left === 'kept' && !rest.includes(current) ? [...rest, current] : rest);
  } catch (e) {
    release(handle);
    return { handle: null, message: `The game on the board could not be kept to switch back to (${refusal(e)}), so it stays: Export PGN saves it as a file, and deleting past games makes room.` };
  }
  let playing = null;
  try { playing = JSON.parse(raw).playing || null; } catch { /* rebuilt, so it is JSON */ }
  return { handle, playing, left };
}
