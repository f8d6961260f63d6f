// www/share/: links and records: a game shared, imported and exported, its tags, the past games.
// Share links and game records on the page: the "Copy link", "Export PGN", "Import PGN" and
// "Position text" controls; opening the link in the address (at start and on hashchange); and
// keeping the address a share link of what the board shows. The engine reads and writes every
// record (openFragment, openPgn, GameHandle.shareFragment and toPgn): this file only wires them.

import { fullMoves, movesWord, blackFirst } from '../records/movecount.js';
import { games, newGame, openFragment, openPgnGame, pgnGames, release } from '../engine/engine.js';
import { today, downloadPgn } from '../records/files.js';
import { subscribe, RECORD } from '../state.js';

/** Chromium's longest address (longer ones it does not take, and says nothing). */
const MAX_ADDRESS = 2 * 1024 * 1024;
const OWN = 'fairyboard.address'; // in sessionStorage: the fingerprint of the link this tab wrote last

/** A short fingerprint of `text` (its length and a 32-bit FNV-1a hash). */
function fingerprint(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${(h >>> 0).toString(36)}`;
}

/** The fingerprint of the link this tab last put in its address (null: none); with `value`, notes it. */
function ownAddress(value) {
  try {
    if (value === undefined) return sessionStorage.getItem(OWN);
    sessionStorage.setItem(OWN, value);
  } catch { /* no session storage: every address is taken as the page's own */ }
  return null;
}

/** Whether this page was loaded by a reload (the address is then the one it had). */
function reloaded() {
  try { return performance.getEntriesByType('navigation')[0]?.type === 'reload'; } catch { return false; }
}

/**
 * Builds the controls into `#records` over the page's `state`: `controller`
 * (game/controller.js: a game opened goes on the board through it), `ui` (messages). The
 * address and the open panel follow every change of the record (subscribed). Returns
 * { boot(), link(), claim(fn), exporter(fn) }.
 */
export function makeShare(doc, state, { controller, ui }) {
  const app = {
    adopt: (handle) => adopt(handle),
    say: ui.say,
    tell: ui.tell,
    note: (text, kind) => ui.showMessage(text, 0, kind), // a message that stays until the next move
  };

  /**
   * Puts `handle` (an opened link or record) on the board, the game it replaces kept first
   * (asked about when it cannot be). Returns false when it is not (yet) on the board, else
   * what to say about the game it replaced ('' for nothing).
   */
  function adopt(handle) {
    let adopted = false;
    let asked = false;
    asked = !controller.open(handle, { opened: true }, (kept) => {
      adopted = kept || '';
      if (asked) ui.tell(['The game is on the board.', kept].filter(Boolean).join(' '));
    });
    return adopted;
  }

  const root = doc.getElementById('records');
  const el = (tag, props = {}, children = []) => {
    const e = doc.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k === 'text') e.textContent = v;
      else if (k in e) e[k] = v;
      else e.setAttribute(k, v);
    }
    e.append(...children);
    return e;
  };
  const button = (id, text, onClick) => {
    const b = el('button', { type: 'button', id, text });
    b.addEventListener('click', onClick);
    return b;
  };

  // ---- the controls and one panel that shows or takes a text ----
  const label = el('label', { htmlFor: 'records-text', id: 'records-label' });
  const area = el('textarea', { id: 'records-text', rows: 4, spellcheck: false, autocomplete: 'off' });
  area.setAttribute('autocapitalize', 'off');
  const actions = el('div', { className: 'buttons records-actions' });
  // What became of the panel's text (copied, refused, opened in part), said beside it too:
  // the page's message line may be scrolled far out of sight while someone works here.
  const beside = el('p', { id: 'records-note', className: 'records-note', hidden: true });
  // A PGN file with several games: which one to open.
  const gameChoice = el('select', { id: 'records-games' });
  const gameChoiceRow = el('p', { className: 'records-games', hidden: true }, [
    el('label', { htmlFor: 'records-games', text: 'Game in this text' }), gameChoice,
  ]);
  const panel = el('div', { id: 'records-panel', className: 'records-panel', hidden: true }, [label, area, gameChoiceRow, beside, actions]);
  const file = el('input', { type: 'file', id: 'records-file', accept: '.pgn,text/plain,application/x-chess-pgn', hidden: true });
  const openers = {
    link: button('copy-link', 'Copy link', () => copyLink()),
    export: button('export-pgn', 'Export PGN', () => show('export')),
    import: button('import-pgn', 'Import PGN', () => show('import')),
    position: button('position-text', 'Position text', () => show('position')),
  };
  if (root) {
    root.append(
      el('h2', { className: 'records-title', id: 'records-title', text: 'Share and records' }),
      el('div', { className: 'buttons' }, Object.values(openers)),
      panel, file,
    );
  }

  let mode = null; // which text the panel shows: link, export, import, position (or null)
  const claims = []; // parts above that open links of their own (claim): fn(fragment) -> taken
  let exporter = null; // a part above that writes the PGN of the game it plays (exporter)
  let edited = false; // the person typed in the panel (do not overwrite it on a move)
  let booted = false; // the address is read at boot before the board may rewrite it

  const game = () => state.game;

  const noteInfo = (text) => app.note(text, 'info');
  /** A message about the panel's text: in the page's message line, and beside the text. */
  function note(text, say = app.note) {
    say(text);
    beside.textContent = text;
    beside.hidden = panel.hidden;
    if (!beside.hidden) beside.scrollIntoView({ block: 'nearest' });
  }
  /**
   * After a game was opened (from the panel or a link): the focus goes to the move shown in
   * the move list, where ← and → step through the moves (on the board they move its cursor),
   * and the board and the page's message line come into sight.
   */
  function showOpened() {
    focusMoves();
    doc.getElementById('message')?.scrollIntoView({ block: 'nearest' });
  }
  /**
   * The focus on the move shown in the move list (the list itself at the start), where ← and
   * → step; a game without moves (a position to play from) gives it to the board instead.
   */
  function focusMoves() {
    const list = doc.getElementById('moves');
    const moves = game() && game().line().length > 0;
    const target = moves ? (list?.querySelector('[aria-current]') || list) : doc.getElementById('board');
    target?.focus({ preventScroll: true });
  }
  function clearNote() {
    beside.textContent = '';
    beside.hidden = true;
  }
  const errorText = (e) => (e && e.message) || String(e);
  // The single file opened from disk: a file:// link works only on this computer, so links
  // go to the public page when the build names one (FAIRYBOARD_PUBLIC_URL, scripts/single.mjs).
  const fromDisk = location.protocol === 'file:';
  const publicPage = () => String(globalThis.fairyboardPublicUrl || '').split('#')[0];
  const localOnly = () => fromDisk && !publicPage();
  const address = () => `${fromDisk && publicPage() ? publicPage() : location.href.split('#')[0]}#${game().shareFragment()}`;

  const modes = {
    link: {
      get label() {
        return localOnly()
          ? 'Opened from a file, this page has no address to share: the game as a link fragment, to put after the address of a fairyboard page (or use Export PGN)'
          : 'Share link: opens this game at this move';
      },
      text: () => (localOnly() ? `#${game().shareFragment()}` : address()),
      readOnly: true,
      actions: () => [copyButton('Copy')],
    },
    export: {
      label: 'This game as PGN',
      text: () => (exporter && exporter()) || game().toPgn(today()),
      readOnly: true,
      actions: () => [copyButton('Copy'), button('records-download', 'Download', download)],
    },
    import: {
      label: 'Paste a PGN game, then open it',
      text: () => '',
      readOnly: false,
      actions: () => [
        button('records-open', 'Open game', () => openPgn(area.value)),
        button('records-open-file', 'Open file…', () => file.click()),
      ],
    },
    position: {
      label: 'Position text: copy it, or paste one and start from it',
      text: () => game().positionText(),
      readOnly: false,
      actions: () => [copyButton('Copy'), button('records-start', 'Start from this text', startFromText)],
    },
  };

  function copyButton(text) {
    return button('records-copy', text, () => copy(area.value, 'Copied.'));
  }

  /** Opens the panel in `which` mode (or closes it when that mode is already open). */
  function show(which, { toggle = true } = {}) {
    if (!game()) return;
    if (toggle && mode === which) { close(); return; }
    mode = which;
    edited = false;
    clearNote();
    gameChoiceRow.hidden = true;
    const m = modes[which];
    label.textContent = m.label;
    area.readOnly = m.readOnly;
    try {
      area.value = m.text();
    } catch (e) {
      area.value = '';
      app.say(errorText(e));
    }
    actions.replaceChildren(...m.actions(), button('records-close', 'Close', close));
    panel.hidden = false;
    for (const [k, b] of Object.entries(openers)) b.setAttribute('aria-expanded', String(k === which));
    if (!m.readOnly && which === 'import') area.focus();
  }

  function close() {
    const opener = mode && openers[mode];
    mode = null;
    panel.hidden = true;
    clearNote();
    for (const b of Object.values(openers)) b.setAttribute('aria-expanded', 'false');
    if (opener) opener.focus();
  }

  area.addEventListener('input', () => { edited = true; if (mode === 'import') listGames(area.value); });

  /** Lists the games of a pasted or loaded PGN text in the chooser when there are several. */
  function listGames(text) {
    let list = [];
    try { list = pgnGames(text); } catch { list = []; }
    gameChoiceRow.hidden = list.length < 2;
    const known = (v) => v && v !== '?';
    const names = new Map(games().map((g) => [g.id, g.name]));
    gameChoice.replaceChildren(...list.map((g) => {
      const who = known(g.white) || known(g.black) ? `${g.white} – ${g.black}` : 'Game';
      const where = [g.event, g.date].filter(known).join(', ');
      const what = `${g.index + 1}. ${who}, ${g.result}${where ? `, ${where}` : ''} (${names.get(g.game) || 'a game not played here'}, ${movesWord(fullMoves(g.moves))})`;
      return el('option', { value: String(g.index), text: what });
    }));
  }
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { e.preventDefault(); close(); }
  });

  /** Copies to the clipboard; where it is not available, selects the text in the panel. */
  async function copy(text, done) {
    try {
      if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      note(done, app.tell);
      return true;
    } catch {
      area.focus();
      area.select();
      note('The clipboard is not available here: the text is selected, copy it with Ctrl+C (or Cmd+C, or a long press).', noteInfo);
      return false;
    }
  }

  function copyLink() {
    if (!game()) return;
    const large = tooLarge();
    if (large) { note(large); return; }
    show('link', { toggle: false });
    if (localOnly()) {
      copy(area.value, 'Copied the game as a link fragment: this page was opened from a file, so a link to it would work only on this computer. Put the fragment after the address of a fairyboard page, or use Export PGN.');
    } else copy(area.value, 'Link copied: it opens this game at this move.');
  }

  function download() {
    downloadPgn(doc, area.value, `fairyboard-${state.gameId}-${today().replaceAll('.', '-')}.pgn`);
  }

  // ---- opening records ----

  /**
   * Opens what `read()` returns ({ handle, message, used, total }); `what` names it in the
   * messages (`problem`: its first bad move in words). A record the engine refuses leaves
   * the game in progress as it is, and so does
   * one with a move that cannot be played when `whole` (an imported record: the person
   * mends the text; a link, which cannot be mended, opens in part).
   */
  function open(read, what, whole = false) {
    let result;
    try {
      result = read();
    } catch (e) {
      note(`Could not open the ${what}: ${errorText(e)}. The game in progress is unchanged.`);
      return false;
    }
    if (whole && result.used < result.total) {
      release(result.handle);
      const problem = String(result.problem);
      note(`Could not open the ${what}. ${problem.charAt(0).toUpperCase()}${problem.slice(1)}. The game in progress is unchanged.`);
      return false;
    }
    const kept = app.adopt(result.handle);
    if (kept === false) return false;
    const part = result.message ? `The ${what} was opened in part. ${result.message}` : '';
    // Opened in part is a warning; that the game replaced is kept is information.
    if (part || kept) note([part, kept].filter(Boolean).join(' '), part ? app.note : noteInfo);
    return { ...result, kept };
  }

  function openPgn(text) {
    if (!text.trim()) { note('Paste a PGN game first.', app.say); area.focus(); return; }
    const index = gameChoiceRow.hidden ? 0 : Number(gameChoice.value) || 0;
    const result = open(() => openPgnGame(text, index), 'PGN game', true);
    if (!result) return;
    // Opened in part: the panel stays open, with the text and what was wrong with it.
    if (result.message) return;
    close();
    showOpened();
    const done = `Opened the PGN game: ${movesWord(fullMoves(result.used, blackFirst(result.handle.startText())))}.`;
    if (result.kept) note(`${done} ${result.kept}`, noteInfo);
    else app.tell(done);
  }

  file.addEventListener('change', async () => {
    const f = file.files && file.files[0];
    file.value = '';
    if (!f) return;
    try {
      const text = await f.text();
      area.value = text;
      listGames(text);
      // A file of several games waits for the choice; a single game opens at once.
      if (gameChoiceRow.hidden) openPgn(text);
      else note(`This file holds ${gameChoice.options.length} games: choose one, then Open game.`, app.tell);
    } catch (e) {
      note(`Could not read ${f.name}: ${errorText(e)}`);
    }
  });

  function startFromText() {
    const text = area.value.trim();
    if (!text) { note('Paste a position text first.', app.say); area.focus(); return; }
    let handle;
    try {
      handle = newGame(state.gameId, text);
    } catch (e) {
      note(`This position text cannot be used: ${errorText(e)}. The game in progress is unchanged.`);
      area.focus();
      return;
    }
    const kept = app.adopt(handle);
    if (kept === false) return;
    close();
    showOpened();
    const done = 'Started from the position text.';
    if (kept) note(`${done} ${kept}`, noteInfo);
    else app.tell(done);
  }

  /**
   * Opens the link in the address, if any and if it is not the game shown already. At a
   * reload, an address that is not the one this page wrote last (a browser that did not take
   * it) is not the game's own: it does not replace the game kept.
   */
  function openAddress({ atStart = false } = {}) {
    const fragment = location.hash.replace(/^#/, '');
    if (!fragment) return false;
    // A link that a part above reads (a game by link, www/remote/) is its own.
    if (claims.some((fn) => fn(fragment))) return true;
    const g = game();
    if (g && g.shareFragment() === fragment) return true;
    if (atStart && g && reloaded() && ownAddress() != null && ownAddress() !== fingerprint(fragment)) return false;
    const opened = !!open(() => openFragment(fragment), 'link');
    if (opened) focusMoves(); // ← and → step through the game linked
    return opened;
  }

  // ---- the address is a share link of what the board shows ----

  /** What to say when the link of the game shown (`size` characters) is too large for an address, else null. */
  function tooLarge(size = address().length) {
    if (size <= MAX_ADDRESS) return null;
    return `This game is too large for a link (${(size / 1e6).toFixed(1)} MB; browsers keep addresses up to 2 MB), so the address no longer follows it; it is kept in this browser, and Export PGN saves or shares it.`;
  }

  let saidTooLarge = false;
  function keepAddress() {
    const g = game();
    if (!g || !booted) return;
    let fragment;
    try { fragment = g.shareFragment(); } catch { return; }
    // A link over the browsers' limit is not taken (Chromium keeps the old one, unsaid, and a
    // reload would open it over the game): the bare address instead, and said once.
    const bare = location.href.split('#')[0];
    const large = tooLarge(bare.length + 1 + fragment.length);
    const hash = large ? '' : `#${fragment}`;
    // Said after what the change itself says ("Comment saved."), beside it.
    if (large && !saidTooLarge) {
      setTimeout(() => app.note([doc.getElementById('message')?.textContent, large].filter(Boolean).join(' '), 'info'), 0);
    }
    saidTooLarge = !!large;
    if (location.hash === hash && ownAddress() === fingerprint(hash.slice(1))) return;
    for (const [to, own] of [[hash || bare, hash.slice(1)], [bare, '']]) {
      try {
        history.replaceState(history.state, '', to);
        ownAddress(fingerprint(own));
        return;
      } catch {
        // Refused (file:// in some browsers; a browser's own shorter limit): the bare address,
        // so that no older link is left to open over the game; else it stays as it is.
      }
    }
  }

  /** After every change of the game: the address and the open panel follow it. */
  function update() {
    keepAddress();
    if (mode && modes[mode].readOnly) {
      try { area.value = modes[mode].text(); } catch { /* the next update will do */ }
    } else if (mode === 'position' && !edited) {
      try { area.value = game().positionText(); } catch { /* as above */ }
    }
  }
  subscribe(state, RECORD, () => update());

  return {
    /** At start: opens the link in the address, and listens for a new one. */
    boot() {
      // A link that cannot be opened leaves the game shown, and the address links to it again.
      addEventListener('hashchange', () => { if (!openAddress()) keepAddress(); });
      const opened = openAddress({ atStart: true });
      booted = true;
      keepAddress();
      return opened;
    },
    /** The share link of what the board shows. */
    link() { return game() ? address() : null; },
    /**
     * A part above opens links of its own: `fn(fragment)` is asked first about every link in
     * the address and returns whether it took it (a game by link: www/remote/).
     */
    claim(fn) { claims.push(fn); },
    /**
     * A part above writes the PGN of the game it plays: `fn()` returns it, or null for the
     * board's own (a game with a friend exports its record, the same on both pages).
     */
    exporter(fn) { exporter = fn; },
  };
}
