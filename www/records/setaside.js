// www/records/: game records, links, shapes and marks, and what the browser keeps.
// What the browser keeps that cannot be read: every entry under `fairyboard.` is checked when
// it is read (its shape, its own keys, sane ranges), and one that does not fit is moved to
// `fairyboard.unreadable.<name>` (a second one of the same name to `<name>.2`, and so on:
// each is kept, none replaces another), said in words, and the page goes on without it.
// Nothing read from storage may stop the page.

const ASIDE = 'fairyboard.unreadable.';

/** The first free key for an unreadable record of `name`: `fairyboard.unreadable.<name>`, then `.2`, `.3`, ... */
function freeKey(s, name) {
  for (let n = 1; ; n += 1) {
    const key = n === 1 ? ASIDE + name : `${ASIDE}${name}.${n}`;
    if (s.getItem(key) == null) return key;
  }
}

/**
 * Moves the unreadable record `raw` (read from `key`, removed once `raw` is kept; no key: only
 * kept) to a free key of `name`. Returns that key, or null when storage refused (full or
 * disabled): then `key` is left as it was.
 */
export function setAside(s, name, raw, key = null) {
  try {
    const aside = freeKey(s, name);
    s.setItem(aside, raw);
    if (key) s.removeItem(key);
    return aside;
  } catch {
    return null;
  }
}

// What was set aside before the page could say it (at start), and who says it afterwards.
const waiting = [];
let sayer = null;

/** Says `text` about an entry set aside; at start it waits until the page can say it. */
export function noteUnreadable(text) {
  if (sayer) sayer([text]);
  else waiting.push(text);
}

/** The page says what was set aside with `say(texts)`: those waiting at once, later ones as they come. */
export function onUnreadable(say) {
  sayer = say;
  if (waiting.length) say(waiting.splice(0));
}

/**
 * The value of `key` in storage `s`, read by `check(raw)` (which returns the value, or throws
 * an Error saying what is wrong). A value that fails is set aside as `name` and said: `what`
 * names it ("The board's theme"), `instead` says what the page does without it ("Automatic
 * is used"). Returns `fallback` then, when nothing is stored, and without storage.
 */
export function readChecked(s, key, check, { name, what, instead }, fallback = null) {
  let raw;
  try {
    raw = s ? s.getItem(key) : null;
  } catch {
    return fallback; // storage blocked (private modes, file://)
  }
  if (raw == null) return fallback;
  try {
    return check(raw);
  } catch (e) {
    const why = (e && e.message) || String(e);
    const aside = setAside(s, name, raw, key);
    noteUnreadable(aside
      ? `${what} could not be read (${why}); it is kept as ${aside} in this browser's storage, and ${instead}.`
      : `${what} could not be read (${why}), and ${instead}.`);
    return fallback;
  }
}
