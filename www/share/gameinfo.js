// www/share/: links and records: a game shared, imported and exported, its tags, the past games.
// Game info: the record's tags (PGN's Seven Tag Roster and whatever else it brought: ECO,
// Opening, TimeControl, ...), kept on the game by the engine (GameHandle.tags, setTag). The
// players, event, site, date and round can be edited here; the others are shown as the
// record gives them. An edit the engine refuses is named and undone; the game is untouched.

import { subscribe, SHOWN } from '../state.js';

/** The tags a person edits here, in PGN's order, with their labels. */
const EDITABLE = Object.freeze([
  ['White', 'White'], ['Black', 'Black'], ['Event', 'Event'], ['Site', 'Site'], ['Date', 'Date'], ['Round', 'Round'],
]);
/** Tags that follow from the game itself (shown by the board and the move list, not here). */
const FROM_THE_GAME = new Set(['result', 'variant', 'setup', 'fen', 'termination']);
/** A PGN date: year, month and day, `?` for what is unknown (`2026.11.27`, `1999.??.??`). */
const DATE = /^(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)$/;

/**
 * Wires the panel `root` (a <details>; null: nothing) over the page's `state`: `controller`
 * (a tag set is a change of the record: controller.changed('lines')), `ui` (messages). The
 * fields follow the game shown (subscribed).
 */
export function makeGameInfo(root, state, { controller, ui }) {
  if (!root) return;
  const host = { changed: () => controller.changed('lines'), say: ui.say, tell: ui.tell };
  const doc = root.ownerDocument;
  const form = root.querySelector('form');
  const others = root.querySelector('.game-info-others');
  const inputs = new Map();
  for (const [tag, label] of EDITABLE) {
    const id = `tag-${tag.toLowerCase()}`;
    const input = Object.assign(doc.createElement('input'), { id, name: tag, type: 'text', autocomplete: 'off', spellcheck: false });
    if (tag === 'Date') { input.placeholder = '2026.11.27'; input.inputMode = 'numeric'; }
    const row = doc.createElement('p');
    row.className = 'game-info-row';
    row.append(Object.assign(doc.createElement('label'), { htmlFor: id, textContent: label }), input);
    form.append(row);
    inputs.set(tag, input);
    input.addEventListener('change', () => setTag(tag, input));
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); input.blur(); } });
  }

  const tagsOf = (g) => {
    try { return typeof g.tags === 'function' ? Array.from(g.tags() || []) : []; } catch { return []; }
  };
  const valueOf = (g, tag) => {
    const t = tagsOf(g).find(([name]) => name.toLowerCase() === tag.toLowerCase());
    return t && t[1] !== '?' && t[1] !== '????.??.??' ? t[1] : '';
  };

  function setTag(tag, input) {
    const g = state.game;
    if (!g) return;
    const value = input.value.trim();
    if (tag === 'Date' && value && !DATE.test(value)) {
      host.say(`"${value}" is not a date as records write them: year.month.day, such as 2026.11.27 (?? where unknown). The date is unchanged.`);
      input.value = valueOf(g, tag);
      return;
    }
    try {
      g.setTag(tag, value);
    } catch (e) {
      host.say(`Could not set ${tag}: ${(e && e.message) || e}. It is unchanged.`);
      input.value = valueOf(g, tag);
      return;
    }
    host.changed();
    host.tell(value ? `${tag}: ${value}.` : `${tag} removed.`);
  }

  function update() {
    const g = state.game;
    if (!g) return;
    for (const [tag, input] of inputs) {
      if (doc.activeElement !== input) input.value = valueOf(g, tag); // not under the typing hand
    }
    const rest = tagsOf(g).filter(([name]) => !inputs.has(name) && !FROM_THE_GAME.has(name.toLowerCase()));
    others.hidden = rest.length === 0;
    others.replaceChildren(...rest.flatMap(([name, value]) => [
      Object.assign(doc.createElement('dt'), { textContent: name }),
      Object.assign(doc.createElement('dd'), { textContent: value }),
    ]));
  }

  subscribe(state, SHOWN, () => update());
}
