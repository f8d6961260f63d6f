// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// Games by link: every game with a friend at a distance kept in this browser, the last changed
// first (the opponent, the game, whose turn, the last move and when), each opened on the board
// by a press; a finished one can be forgotten. Below, "Open a link" takes a link received (or
// its text pasted from a messenger), for the single file opened from disk, where a link to
// this page cannot open it.

import { listEntries, removeEntry } from './linkstore.js';
import { other } from './linkplay.js';
import { games } from '../engine/engine.js';
import { subscribe, MOVED } from '../state.js';

/** Minutes ago in words: "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ago(minutes, now = Math.floor(Date.now() / 60000)) {
  const m = Math.max(0, now - minutes);
  if (m < 1) return 'just now';
  const say = (n, unit) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (m < 60) return say(m, 'minute');
  if (m < 48 * 60) return say(Math.floor(m / 60), 'hour');
  return say(Math.floor(m / (24 * 60)), 'day');
}

/**
 * Mounts the list into `#games-by-link` over the page's `state`: `play` (linkplay.js: opens a
 * game), `ui` (messages), `openText(text)` (a link or a live game's code pasted: whether it was one). Re-rendered after every change (subscribed). Returns
 * { body } (where live.js adds its settings).
 */
export function mountLinkList(doc, state, { play, ui, openText }) {
  const root = doc.getElementById('games-by-link');
  if (!root) return { body: null };
  const el = (tag, props = {}) => Object.assign(doc.createElement(tag), props);
  const summary = el('summary', { id: 'games-by-link-summary', textContent: 'Games by link' });
  const empty = el('p', {
    className: 'panel-hint', id: 'link-empty',
    textContent: 'Games with a friend at a distance: New game, then "Play a friend by link" or "Play a friend live".',
  });
  const list = el('ul', { id: 'link-list', className: 'link-list' });
  const form = el('form', { id: 'link-open', className: 'link-open' });
  const input = el('input', { type: 'text', id: 'link-open-text', autocomplete: 'off', spellcheck: false, placeholder: 'https://…#bl=1&id=…' });
  input.setAttribute('autocapitalize', 'off');
  const openLabel = el('label', { htmlFor: 'link-open-text', textContent: 'Open a link your friend sent (or paste its text)' });
  const openButton = el('button', { type: 'submit', id: 'link-open-button', textContent: 'Open' });
  form.append(openLabel, input, openButton);
  const body = el('div', { className: 'link-more' });
  root.append(summary, empty, list, form, body);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) { ui.say('Paste a link first.'); input.focus(); return; }
    if (openText(text)) input.value = '';
  });

  function item(entry) {
    const s = play.summaryOf(entry);
    if (!s) return null;
    const friendSide = other(entry.side);
    const friend = (friendSide === 'w' ? s.white : s.black) || 'your friend (not joined yet)';
    const game = games().find((g) => g.id === s.game)?.name || s.game;
    const turn = s.result !== '*' ? `${s.outcome} (${s.result})` : s.turn === entry.side ? 'your move' : 'their move';
    const last = s.last_move ? `last move ${s.last_move}` : 'no move yet';
    const at = s.last ? s.last.at : s.created;
    const li = el('li', { className: 'link-item' });
    const open = el('button', { type: 'button', className: 'link-game' });
    open.dataset.id = entry.id;
    const shown = play.active() && play.active().entry.id === entry.id;
    if (shown) open.setAttribute('aria-current', 'true');
    open.append(
      el('span', { className: 'link-who', textContent: `${entry.live ? 'Live: ' : ''}${friend}, ${game}` }),
      el('span', { className: 'link-what', textContent: `${turn} · ${last} · ${ago(at)}` }),
    );
    open.addEventListener('click', () => play.show(entry.id));
    li.append(open);
    if (s.result !== '*') {
      const forget = el('button', { type: 'button', className: 'link-forget', textContent: 'Forget', title: 'Remove this finished game from Games by link (its PGN stays among the past games)' });
      forget.addEventListener('click', () => { removeEntry(entry.id); render(); });
      li.append(forget);
    }
    return li;
  }

  function render() {
    const entries = listEntries();
    const items = entries.map(item).filter(Boolean);
    list.replaceChildren(...items);
    empty.hidden = items.length > 0;
    const waiting = entries.filter((e) => { const s = play.summaryOf(e); return s && s.turn === e.side; }).length;
    summary.textContent = items.length ? `Games by link (${items.length}${waiting ? `, ${waiting} your move` : ''})` : 'Games by link';
  }

  subscribe(state, [...MOVED, 'remote'], () => render());
  return { body };
}
