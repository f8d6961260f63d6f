// www/share/: links and records: a game shared, imported and exported, its tags, the past games.
// Past games: the finished games kept in this browser (storage.js), newest first, over every
// game, each with its players, result and date, and a way to open it on the board, export it
// as PGN, or delete it (after asking). A finished game is listed as soon as it ends, and a
// finished game that another game replaces stays here rather than among the games in progress.

import { pastGames, openPast, deletePast } from '../records/storage.js';
import { today, downloadPgn } from '../records/files.js';
import { games, release } from '../engine/engine.js';

/** The day `when` (ms since 1970) as PGN writes dates, or '?' for no such day (storage.js checks it). */
function finishedOn(when) {
  const d = new Date(when);
  return Number.isNaN(d.getTime()) ? '?' : d.toISOString().slice(0, 10).replaceAll('-', '.');
}

/**
 * Wires the panel `root` (a <details> holding #past-list and #past-empty): `controller`
 * (game/controller.js: a past game opened goes on the board through it, and its keeping
 * says when a game joins the past games), `ui` (messages, and the picker that asks before a
 * deletion).
 */
export function makePastGames(root, { controller, ui }) {
  if (!root) return;
  const doc = root.ownerDocument;
  const host = {
    gameName: (id) => games().find((g) => g.id === id)?.name || id,
    open(handle, playing) {
      controller.open(handle, { playing }, (kept) => {
        ui.tell(['Opened the past game.', kept].filter(Boolean).join(' '));
        doc.getElementById('board').scrollIntoView({ block: 'nearest' });
      });
    },
    confirm(text, yes, then, button) {
      ui.openPicker(text, [{ value: 'yes', label: yes }, { value: 'no', label: 'Keep it' }],
        (v) => { if (v === 'yes') then(); }, () => {}, button);
    },
    say: ui.say,
    tell: ui.tell,
  };
  const list = root.querySelector('#past-list');
  const empty = root.querySelector('#past-empty');
  const el = (tag, className, text) => Object.assign(doc.createElement(tag), { className, textContent: text ?? '' });
  const known = (v) => (v && v !== '?' ? v : null);

  /** "White – Black" as the record names them, or the game's name alone. */
  function players(e) {
    const w = known(e.white);
    const b = known(e.black);
    return w || b ? `${w || '?'} – ${b || '?'}` : '';
  }

  function button(text, label, onClick) {
    const b = el('button', 'past-action', text);
    b.type = 'button';
    b.setAttribute('aria-label', label);
    b.addEventListener('click', onClick);
    return b;
  }

  function item(e) {
    const name = host.gameName(e.game);
    const who = players(e);
    const when = known(e.date) || finishedOn(e.when);
    const what = `${name}${who ? `, ${who}` : ''}, ${e.result}, ${when}`;
    const li = el('li', 'past-game');
    li.dataset.key = e.key;
    li.append(
      el('span', 'past-name', who || name),
      el('span', 'past-meta', `${who ? `${name} · ` : ''}${e.result} · ${when}`),
      el('span', 'past-actions'),
    );
    li.lastChild.append(
      button('Open', `Open ${what}`, () => open(e)),
      button('Export PGN', `Export ${what} as PGN`, () => exportPgn(e)),
      button('Delete', `Delete ${what}`, (ev) => host.confirm(`Delete this past game (${what})?`, 'Delete', () => {
        deletePast(e.key);
        refresh();
        host.tell('The past game was deleted.');
      }, ev.currentTarget)),
    );
    return li;
  }

  function open(e) {
    const r = openPast(e.key);
    if (!r) { refresh(); return; }
    if (!r.handle) { host.say(r.message); return; }
    host.open(r.handle, r.playing);
  }

  function exportPgn(e) {
    const r = openPast(e.key);
    if (!r || !r.handle) { host.say(r ? r.message : 'That past game is gone.'); return; }
    let text;
    try { text = r.handle.toPgn(today()); } finally { release(r.handle); }
    downloadPgn(doc, text, `fairyboard-${e.game}-${(known(e.date) || today()).replaceAll('.', '-')}.pgn`);
  }

  function refresh() {
    const games = pastGames();
    list.replaceChildren(...games.map(item));
    empty.hidden = games.length > 0;
    root.querySelector('summary').textContent = games.length ? `Past games (${games.length})` : 'Past games';
  }

  root.addEventListener('toggle', () => { if (root.open) refresh(); });
  controller.keeping.onPastChanged(() => refresh());
  refresh();
}
