// www/editor/: the position editor: any position of any game set up, then played or shared.
// The position editor: set up any position of any game on the same canvas, then play from it
// or share it. The engine is the only judge and the only writer: the board here is a list of
// piece letters by cell index; position text comes from engine.writePosition, typed text is
// read by engine.readPosition, and engine.checkPosition says whether (and why not) the
// position can be played. The game in progress is never touched until "Play from here".

import { draw } from '../board/draw.js';
import { drawPiece, pieceSvg } from '../board/pieces.js';
import { trackDrag } from '../input/drag.js'; // the one drag gesture (board, hands, editor)
import { emptyView } from '../state.js';
import { games, withGame, readPosition, writePosition, checkPosition, possibleCastling, errorText } from '../engine/engine.js';

const CASTLING = [
  ['K', 'White king side (K)'], ['Q', 'White queen side (Q)'],
  ['k', 'Black king side (k)'], ['q', 'Black queen side (q)'],
];
const ERASE = 'erase';
const KEYS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/**
 * Builds the editor's panel (after the page's `.side` section) over the page's `state`, and
 * listens on the canvas while editing: `board` (board/boardview.js: the editor covers it
 * while open, drawn in its geometry), `controller` (game/controller.js: the game waits under
 * the editor, and Play from here starts a game from the position), `config` (dragThresholdPx).
 * Edit position (#edit-position) opens it for the position on the board; the game select
 * chooses the game edited while it is open. Returns { active(), layout(), picture(),
 * tell(words), open(), close(), setGame(id), listen(fn) (fn() after every change of the
 * position edited), action(role, fn) (shows the panel's Save image or Embed button: 'image',
 * 'embed'; fn(button) on a click), paint, state() }.
 */
export function makeEditor(doc, state, { board: view, controller, config }) {
  const canvas = view.canvas;
  const listeners = [];
  const host = {
    geometry: view.geometry,
    redraw() { view.requestRedraw(); for (const fn of listeners) fn(); },
    play: (gameId, text) => controller.startFromEditor(gameId, text),
    closed: () => controller.setEditing(false),
    config,
  };
  let active = false;
  let id = null; // the game being edited
  let info = null; // its entry of games()
  let layout = null;
  let board = []; // letter or null by cell index
  let side = 'w';
  let castling = new Set();
  let castles = false;
  let allowed = new Set(); // the castling rights the board allows (king and rook at home)
  let hands = { w: 0, b: 0 };
  let text = ''; // the position text: typed, or written by the engine from the board
  let verdict = null; // null = playable, else the engine's message
  let tool = null; // a piece letter, ERASE, or null
  let cursor = null;
  let showCursor = false;
  let drag = null; // {letter, from (cell or null for the palette), x, y, active, gesture (drag.js)}
  let savedAspect = null;

  const panel = buildPanel(doc);
  const $ = (name) => panel.querySelector(`[data-role="${name}"]`);
  const side$ = doc.querySelector('.side');
  const sideSection = side$ && side$.parentElement ? side$ : null;
  if (sideSection) sideSection.after(panel); else doc.body.appendChild(panel);

  // ---- the model ----
  const kindOf = (letter) => {
    const p = info && info.pieces.find((x) => x.letter === letter.toUpperCase());
    return p ? p.kind : null;
  };
  const pieceOf = (letter) => letter && {
    color: letter === letter.toUpperCase() ? 'w' : 'b',
    kind: kindOf(letter),
    letter,
    name: `${letter === letter.toUpperCase() ? 'White' : 'Black'} ${kindOf(letter)}`,
  };
  const castlingText = () => CASTLING.map(([l]) => l).filter((l) => castling.has(l)).join('') || '-';
  /** The castling rights the engine says the board allows. */
  function allowedCastling() {
    if (!castles) return new Set();
    try {
      const rights = possibleCastling(id, board);
      return new Set(rights === '-' ? [] : rights.split(''));
    } catch {
      return new Set();
    }
  }

  /** Loads game `gameId` with position `position` (text); returns the read error or null. */
  function load(gameId, position) {
    let draft;
    try {
      draft = readPosition(gameId, position);
    } catch (e) {
      return errorText(e);
    }
    if (gameId !== id) {
      layout = withGame(gameId, undefined, (h) => h.layout());
      id = gameId;
      info = games().find((g) => g.id === gameId) || { pieces: [], hands: false };
      cursor = null;
      if (tool && tool !== ERASE && !kindOf(tool)) tool = null;
      buildPalette();
      setAspect(layout);
    }
    board = Array.from(draft.board, (l) => l || null);
    side = draft.side;
    castling = new Set(draft.castling === '-' ? [] : draft.castling.split(''));
    castles = draft.castles;
    allowed = allowedCastling();
    hands = { w: draft.hands.w, b: draft.hands.b };
    text = position;
    return null;
  }

  /**
   * The board or a control changed: the engine writes the text anew. A right whose king or
   * rook has left its square goes (as it would in play); it can be given back once both
   * stand at home again.
   */
  function changed() {
    allowed = allowedCastling();
    for (const l of castling) if (!allowed.has(l)) castling.delete(l);
    try {
      text = writePosition(id, board, side, castlingText(), hands.w, hands.b);
    } catch (e) {
      verdict = errorText(e);
      render();
      return;
    }
    $('text').value = text;
    judge();
  }

  function judge() {
    try {
      verdict = checkPosition(id, text);
    } catch (e) {
      verdict = errorText(e);
    }
    render();
  }

  /** Puts `what` (a letter or ERASE) on cell `sq`; the same piece again takes it off. */
  function place(what, sq, { toggle = true } = {}) {
    if (sq == null || sq < 0 || sq >= board.length) return;
    say('');
    if (what === ERASE) board[sq] = null;
    else board[sq] = toggle && board[sq] === what ? null : what;
    changed();
  }

  // ---- the panel ----
  function buildPalette() {
    const groups = [['w', 'White pieces'], ['b', 'Black pieces']].map(([color, label]) => {
      const g = doc.createElement('div');
      g.className = 'palette-row';
      g.setAttribute('role', 'group');
      g.setAttribute('aria-label', label);
      for (const p of info.pieces) {
        const letter = color === 'w' ? p.letter.toUpperCase() : p.letter.toLowerCase();
        g.appendChild(paletteButton(letter, pieceOf(letter).name, pieceSvg(pieceOf(letter))));
      }
      return g;
    });
    const eraser = paletteButton(ERASE, 'Eraser: remove pieces', null);
    eraser.classList.add('palette-eraser');
    eraser.append('Eraser');
    groups[1].appendChild(eraser);
    $('palette').replaceChildren(...groups);
    $('castling').hidden = true;
    $('hands').hidden = !info.hands;
  }

  function paletteButton(value, label, picture) {
    const b = doc.createElement('button');
    b.type = 'button';
    b.className = 'palette-piece';
    b.dataset.tool = value;
    b.setAttribute('aria-label', label);
    b.title = label;
    b.setAttribute('aria-pressed', 'false');
    if (picture) b.appendChild(picture);
    b.addEventListener('click', () => { tool = value; render(); });
    b.addEventListener('pointerdown', (e) => startDrag(e, value, null, b));
    return b;
  }

  function render() {
    for (const b of panel.querySelectorAll('.palette-piece')) {
      b.setAttribute('aria-pressed', String(b.dataset.tool === tool));
    }
    $('white').checked = side === 'w';
    $('black').checked = side === 'b';
    $('castling').hidden = !castles;
    for (const [l] of CASTLING) {
      const box = $(`castle-${l}`);
      box.checked = castling.has(l);
      // A right the board cannot have is offered only for taking away (typed text).
      box.disabled = !allowed.has(l) && !castling.has(l);
    }
    $('hands').hidden = !info.hands;
    if (doc.activeElement !== $('hand-w')) $('hand-w').value = String(hands.w);
    if (doc.activeElement !== $('hand-b')) $('hand-b').value = String(hands.b);
    if (doc.activeElement !== $('text')) $('text').value = text;
    const check = $('check');
    const words = verdict == null ? `Ready to play: ${side === 'w' ? 'White' : 'Black'} to move.` : verdict;
    if (check.textContent !== words) check.textContent = words;
    check.dataset.kind = verdict == null ? 'ok' : 'error';
    $('play').disabled = verdict != null;
    $('share').disabled = verdict != null;
    $('title').textContent = `Edit position: ${info.name || id}`;
    host.redraw();
  }

  // Controls.
  $('white').addEventListener('change', () => { side = 'w'; changed(); });
  $('black').addEventListener('change', () => { side = 'b'; changed(); });
  for (const [l] of CASTLING) {
    $(`castle-${l}`).addEventListener('change', (e) => {
      if (e.target.checked) castling.add(l); else castling.delete(l);
      changed();
    });
  }
  for (const c of ['w', 'b']) {
    $(`hand-${c}`).addEventListener('input', (e) => {
      const n = Number.parseInt(e.target.value, 10);
      hands[c] = Number.isFinite(n) ? Math.max(0, Math.min(99, n)) : 0;
      changed();
    });
  }
  $('clear').addEventListener('click', () => {
    board = board.map(() => null);
    castling.clear();
    hands = { w: 0, b: 0 };
    changed();
  });
  $('start').addEventListener('click', () => {
    load(id, info.start);
    changed();
  });
  // Typed text: read into the board when the engine can read it; the text stays as typed
  // (its en passant square and counters included) until the board is edited.
  $('text').addEventListener('input', (e) => {
    const typed = e.target.value;
    const problem = load(id, typed);
    if (problem) {
      text = typed;
      verdict = problem;
      render();
      return;
    }
    judge();
  });
  $('play').addEventListener('click', () => {
    if (verdict != null) return;
    active = false;
    if (host.play(id, text.trim())) {
      hidePanel();
      canvas.focus({ preventScroll: true });
    } else active = true;
  });
  $('share').addEventListener('click', () => share());
  $('cancel').addEventListener('click', () => close());
  // Save image and Embed show where the page has them (images/saveimage.js, embed/embeddialog.js offer them).
  const actions = {};
  for (const role of ['image', 'embed']) {
    $(role).hidden = true;
    $(role).addEventListener('click', () => actions[role]?.($(role)));
  }

  async function share() {
    const link = `${location.href.split('#')[0]}#g=${encodeURIComponent(id)}&p=${encodeURIComponent(text.trim())}`;
    const out = $('link');
    out.value = link;
    $('link-line').hidden = false;
    let copied = false;
    try {
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(link);
        copied = true;
      }
    } catch { /* no clipboard permission: the link is shown to copy by hand */ }
    $('link-note').textContent = copied ? 'Link copied.' : 'Copy this link:';
    if (!copied) { out.focus(); out.select(); }
  }

  // ---- the board: pointer and keys on the canvas while editing ----
  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  /** A press on a palette button (cell null) or on a board piece: may become a drag. */
  function startDrag(e, letter, from, target) {
    if (!active || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag = { letter, from, active: false, x: 0, y: 0 };
    const mine = drag;
    drag.gesture = trackDrag(e, target, {
      canvas,
      geometry: host.geometry,
      threshold: host.config.dragThresholdPx,
      moved(at) {
        Object.assign(mine, { active: true, x: at.x, y: at.y });
        host.redraw();
      },
      released(at, dragged) {
        if (drag !== mine) return; // the editor closed or opened again meanwhile
        drag = null;
        if (dragged) dropDrag(mine, at.sq);
        host.redraw();
      },
      lost() { if (drag === mine) { drag = null; host.redraw(); } },
    });
  }
  /** A piece carried from the palette or the board let go over cell `to` (null: off the board). */
  function dropDrag(done, to) {
    if (done.letter === ERASE) {
      if (to != null) place(ERASE, to);
    } else if (done.from != null) {
      // A board piece carried elsewhere; off the board it is taken away.
      if (to !== done.from) {
        board[done.from] = null;
        if (to != null) board[to] = done.letter;
        changed();
      }
    } else if (to != null) {
      place(done.letter, to, { toggle: false });
    }
  }

  canvas.addEventListener('pointerdown', (e) => {
    if (!active || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    canvas.focus({ preventScroll: true });
    showCursor = false;
    const p = local(e);
    const sq = host.geometry().squareAt(p.x, p.y);
    if (sq == null) return;
    cursor = sq;
    if (tool) { place(tool, sq); return; }
    if (board[sq]) startDrag(e, board[sq], sq, canvas);
    else say('Choose a piece or the eraser, then click squares.');
  });

  canvas.addEventListener('keydown', (e) => {
    if (!active) return;
    const geom = host.geometry();
    const first = () => geom.squareAt(geom.width / 2, geom.height / 2);
    if (KEYS[e.key]) {
      e.preventDefault();
      cursor = cursor == null ? first() : (geom.neighbour(cursor, ...KEYS[e.key]) ?? cursor);
      showCursor = true;
      host.redraw();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      showCursor = true;
      if (cursor == null) { cursor = first(); host.redraw(); return; }
      if (tool) place(tool, cursor);
      else say('Choose a piece or the eraser first (the buttons beside the board), or type a piece letter.');
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      if (cursor != null) place(ERASE, cursor);
    } else if (e.key === 'Escape') {
      if (tool) { e.preventDefault(); tool = null; render(); }
    } else if (e.key.length === 1 && /[a-z]/i.test(e.key) && kindOf(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // A piece letter places that piece at the cursor (upper case White, lower case Black).
      e.preventDefault();
      showCursor = true;
      if (cursor == null) cursor = first();
      place(e.key, cursor);
    }
  });
  canvas.addEventListener('blur', () => { if (active && showCursor) { showCursor = false; host.redraw(); } });

  function say(words) { $('note').textContent = words; }

  // ---- showing it ----
  function setAspect(l) {
    if (!l) return;
    canvas.style.aspectRatio = `${l.width} / ${l.height}`;
    canvas.parentElement.style.setProperty('--aspect', String(l.width / l.height));
  }
  function hidePanel() {
    panel.hidden = true;
    if (sideSection) sideSection.hidden = false;
    doc.documentElement.classList.remove('editing');
  }

  /** Opens the editor on game `gameId` at position `position` (text). */
  function open(gameId, position) {
    savedAspect = { ratio: canvas.style.aspectRatio, aspect: canvas.parentElement.style.getPropertyValue('--aspect') };
    id = null; // reload the layout and palette
    active = true;
    tool = null;
    drag = null;
    say('');
    $('link-line').hidden = true;
    const problem = load(gameId, position);
    if (problem) load(gameId, games().find((g) => g.id === gameId).start);
    panel.hidden = false;
    if (sideSection) sideSection.hidden = true;
    doc.documentElement.classList.add('editing');
    $('text').value = text;
    judge();
    const firstButton = panel.querySelector('.palette-piece');
    if (firstButton) firstButton.focus({ preventScroll: true });
  }

  /** Leaves the editor without playing: the game in progress is shown again, untouched. */
  function close() {
    if (!active) return;
    active = false;
    drag = null;
    hidePanel();
    if (savedAspect) {
      canvas.style.aspectRatio = savedAspect.ratio;
      canvas.parentElement.style.setProperty('--aspect', savedAspect.aspect);
    }
    host.closed();
    const edit = doc.getElementById('edit-position');
    if (edit) edit.focus({ preventScroll: true });
  }

  /** Draws the editor's board: its pieces, the cursor, and a piece being dragged. */
  function paint(ctx, geom, theme, config, dpr) {
    const pieces = board.map((l, sq) => (drag && drag.active && drag.from === sq ? null : pieceOf(l)));
    const view = { ...emptyView(), layout, pieces, kinds: info.pieces.map((p) => p.kind), cursor, showCursor };
    draw(ctx, view, geom, theme, config, dpr);
    if (drag && drag.active && drag.letter !== ERASE) {
      drawPiece(ctx, pieceOf(drag.letter), drag.x, drag.y, geom.unit * config.pieceScale * config.dragScale);
    }
  }

  /** The game select changed while editing: edit that game from its start. */
  function setGame(gameId) {
    const g = games().find((x) => x.id === gameId);
    if (!g) return;
    load(gameId, g.start);
    $('text').value = text;
    judge();
  }

  // Edit position: the game waits under the editor, which opens on the position shown.
  doc.getElementById('edit-position')?.addEventListener('click', () => {
    if (!state.game) return;
    controller.leaveChoice();
    controller.select(null);
    open(state.gameId, state.game.positionText());
    controller.setEditing(true); // the computer stops while the position is edited; analysis follows the editor
  });
  // The game select, while editing: that game's start to edit.
  doc.getElementById('game')?.addEventListener('change', (e) => { if (active) setGame(e.target.value); });

  const editor = {
    active: () => active,
    layout: () => layout,
    /** The position being edited as a picture: { id, text, view: { layout, pieces } } (image.js). */
    picture: () => ({ id, text: text.trim(), view: { layout, pieces: board.map(pieceOf) } }),
    /** Says `words` in the editor's own note (the page's message line is hidden meanwhile). */
    tell: (words) => say(words),
    open,
    close,
    /** The game select changed while editing: edit that game from its start. */
    setGame,
    paint,
    /** For tests and the console: the text, the verdict (null = playable) and the tool. */
    state: () => ({ id, text, verdict, tool, cursor: cursor == null ? null : layout.cells[cursor]?.name ?? null }),
    /** `fn()` after every change of the position edited (the analysis follows it). */
    listen(fn) { listeners.push(fn); },
    /** Shows the panel's Save image ('image') or Embed ('embed') button; `fn(button)` on its click. */
    action(role, fn) { actions[role] = fn; $(role).hidden = false; },
  };
  view.cover(editor); // while open, the editor's board is the one on the canvas
  return editor;
}

/** The panel's markup: every control is a real form control or button, with a label. */
function buildPanel(doc) {
  const panel = doc.createElement('section');
  panel.className = 'editor';
  panel.id = 'editor';
  panel.hidden = true;
  panel.setAttribute('aria-labelledby', 'editor-title');
  panel.innerHTML = `
    <h2 class="editor-title" id="editor-title" data-role="title">Edit position</h2>
    <div class="palette" data-role="palette" role="group" aria-label="Pieces to place"></div>
    <p class="editor-hint">Choose a piece, then click squares (the same piece again removes it), or drag it onto the board. Keys: arrows move the cursor, Enter places, Delete removes, a piece letter places it (capital for White).</p>
    <p class="editor-note" data-role="note" aria-live="polite"></p>
    <fieldset class="editor-side">
      <legend>Side to move</legend>
      <label><input type="radio" name="editor-side" value="w" data-role="white"> White</label>
      <label><input type="radio" name="editor-side" value="b" data-role="black"> Black</label>
    </fieldset>
    <fieldset class="editor-castling" data-role="castling" hidden>
      <legend>Castling rights (king and rook unmoved)</legend>
      ${CASTLING.map(([l, label]) => `<label><input type="checkbox" data-role="castle-${l}"> ${label}</label>`).join('')}
    </fieldset>
    <fieldset class="editor-hands" data-role="hands" hidden>
      <legend>Pawns in hand</legend>
      <label>White <input type="number" min="0" max="99" inputmode="numeric" data-role="hand-w"></label>
      <label>Black <input type="number" min="0" max="99" inputmode="numeric" data-role="hand-b"></label>
    </fieldset>
    <div class="buttons">
      <button type="button" data-role="clear">Clear board</button>
      <button type="button" data-role="start">Start position</button>
    </div>
    <label class="editor-text-label" for="editor-text">Position text</label>
    <textarea id="editor-text" class="editor-text" data-role="text" rows="3" spellcheck="false" autocapitalize="off" autocomplete="off"></textarea>
    <p class="editor-check" id="editor-check" data-role="check" role="status" aria-live="polite"></p>
    <div class="buttons">
      <button type="button" data-role="play" aria-describedby="editor-check">Play from here</button>
      <button type="button" data-role="share" aria-describedby="editor-check">Share</button>
      <button type="button" data-role="cancel">Cancel</button>
      <button type="button" data-role="image" aria-haspopup="dialog" title="The position on the board as a PNG picture or an SVG drawing">Save image</button>
      <button type="button" data-role="embed" aria-haspopup="dialog" title="The HTML code that shows this position in another page">Embed</button>
    </div>
    <p class="editor-link" data-role="link-line" hidden>
      <label><span data-role="link-note">Link:</span> <input type="text" readonly data-role="link" id="editor-link"></label>
    </p>`;
  return panel;
}
