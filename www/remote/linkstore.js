// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// The games with a friend at a distance kept in this browser, each under its id
// (`fairyboard.bylink.<id>`, several at once): the record's text (the fragment of its last
// link, which holds the whole game: src/bylink), the side this page plays, and for a live
// game its time control and a flag that fell (the record has no clock). Read back checked: an
// entry that does not fit is set aside and said (records/setaside.js), never thrown away.
// Also the player's name, offered again in the next game.

import { readChecked } from '../records/setaside.js';

const PREFIX = 'fairyboard.bylink.';
const NAME = 'fairyboard.myname';
const VERSION = 1;
/** A game by link's id: 16 base64url characters. */
export const ID = /^[A-Za-z0-9_-]{16}$/;

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

/**
 * The entry `raw` of game `id` checked: { id, fragment, side, live, control, flag, changed };
 * throws an Error saying what does not fit (the record itself is checked when it is read).
 */
function checked(raw, id) {
  const e = JSON.parse(raw);
  if (!e || typeof e !== 'object' || e.v !== VERSION) throw new Error('it is not a game by link kept by this page');
  if (e.id !== id) throw new Error(`it names the game ${String(e.id).slice(0, 20)}`);
  if (typeof e.fragment !== 'string' || !e.fragment.startsWith('bl=')) throw new Error('it has no record');
  if (e.side !== 'w' && e.side !== 'b') throw new Error('it names no side for this page');
  if (e.control != null && !/^\d+(\.\d+)?\+\d+$/.test(e.control)) throw new Error(`its clock ${String(e.control).slice(0, 20)} does not read`);
  if (e.flag != null && e.flag !== 'w' && e.flag !== 'b') throw new Error('its flag names no side');
  return {
    id,
    fragment: e.fragment,
    side: e.side,
    live: e.live === true,
    control: e.control ?? null,
    flag: e.flag ?? null,
    changed: Number.isFinite(e.changed) ? e.changed : 0,
  };
}

/** Game `id`'s entry, or null (none kept, or set aside as unreadable: said). */
export function loadEntry(id) {
  if (!ID.test(String(id))) return null;
  return readChecked(store(), PREFIX + id, (raw) => checked(raw, id), {
    name: `bylink.${id}`, what: 'A game by link kept here', instead: 'it is left out of Games by link',
  });
}

/**
 * Keeps `entry` ({ id, fragment, side, live, control, flag }), noting now as its last change.
 * Returns null, or why this browser refused it, in words.
 */
export function saveEntry(entry) {
  const s = store();
  if (!s) return 'this browser keeps nothing for this page';
  try {
    s.setItem(PREFIX + entry.id, JSON.stringify({
      v: VERSION,
      id: entry.id,
      fragment: entry.fragment,
      side: entry.side,
      live: !!entry.live,
      control: entry.control ?? null,
      flag: entry.flag ?? null,
      changed: Date.now(),
    }));
    return null;
  } catch (e) {
    return (e && e.name === 'QuotaExceededError') ? "this browser's storage is full" : 'this browser refused to keep it';
  }
}

/** Forgets game `id`. */
export function removeEntry(id) {
  try { store()?.removeItem(PREFIX + id); } catch { /* refused: it stays */ }
}

/** Every game kept, the last changed first. */
export function listEntries() {
  const s = store();
  if (!s) return [];
  const ids = [];
  try {
    for (let i = 0; i < s.length; i += 1) {
      const key = s.key(i);
      if (key && key.startsWith(PREFIX)) ids.push(key.slice(PREFIX.length));
    }
  } catch { return []; }
  return ids.map((id) => loadEntry(id)).filter(Boolean).sort((a, b) => b.changed - a.changed);
}

/** The name the player gave last ('' for none). */
export function myName() {
  try { return String(store()?.getItem(NAME) || '').slice(0, 40); } catch { return ''; }
}

/** Remembers the player's name for the next game. */
export function saveMyName(name) {
  try { store()?.setItem(NAME, String(name).trim()); } catch { /* not remembered */ }
}
