// Boot and wiring: loads the wasm engine, keeps one GameHandle, and connects engine, adapter,
// input, drawing and the page controls. Game-agnostic: everything about the board comes from
// the engine (layout, pieces, legal moves with their effects).

import { makeConfig } from './config.js';
import { makeGeometry } from './layout.js';
import { draw, readTheme } from './draw.js';
import { movesByFrom, movesBetween, destinations, captureDestinations, choicePiece, movements } from './adapter.js';
import { attachInput } from './input.js';
import { makeUi } from './ui.js';
import { makeAnimator } from './animate.js';
import { registerOffline } from './offline.js';
import { makeShare } from './share.js';

const config = makeConfig(globalThis.fairyboardConfig || {});
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
const darkScheme = matchMedia('(prefers-color-scheme: dark)');

const canvas = document.getElementById('board');
const ctx = canvas.getContext('2d');

// Engine and game.
let engine = null; // the pkg module: { GameHandle, games }
let game = null; // the GameHandle
let gameId = config.gameId;
let startSide = 'w'; // side to move at the start of this game (for the move list)
let layout = null;
let pieces = [];
let byFrom = new Map();
let outcome = null;

// What the board shows beyond the position.
const view = {
  layout: null, pieces: [], selected: null, dests: [], captureDests: new Set(), lastMove: null,
  checks: [], drag: null, hover: null, cursor: null, showCursor: false, anim: null,
};
let flipped = !!config.flipped;

// Canvas size in CSS pixels and device pixels per CSS pixel.
let cssW = 0;
let cssH = 0;
let dpr = globalThis.devicePixelRatio || 1;
let theme = readTheme(canvas);
let geomCache = null;

function geometry() {
  if (!cssW || !cssH) {
    const r = canvas.getBoundingClientRect();
    cssW = r.width;
    cssH = r.height;
  }
  const key = `${cssW}x${cssH}:${flipped}`;
  if (!geomCache || geomCache.key !== key || geomCache.layout !== layout) {
    geomCache = { key, layout, geom: makeGeometry(layout || { width: 1, height: 1, cells: [] }, cssW, cssH, flipped) };
  }
  return geomCache.geom;
}

// ---- drawing, batched per animation frame ----
let rafId = 0;
function requestRedraw() {
  if (!rafId) rafId = requestAnimationFrame(frame);
}
function frame(now) {
  rafId = 0;
  view.anim = animator.frame(now);
  paint();
}
function paint() {
  if (!layout) return;
  view.layout = layout;
  view.pieces = pieces;
  draw(ctx, view, geometry(), theme, config, canvas.width / Math.max(1, cssW));
}
const animator = makeAnimator(requestRedraw);
const animationMs = () => (reducedMotion.matches ? 0 : config.animationMs);

new ResizeObserver((entries) => {
  const e = entries[entries.length - 1];
  const box = e.contentBoxSize && e.contentBoxSize[0];
  cssW = box ? box.inlineSize : e.contentRect.width;
  cssH = box ? box.blockSize : e.contentRect.height;
  dpr = globalThis.devicePixelRatio || 1;
  // Prefer the exact device-pixel size when the browser gives one that agrees with
  // CSS size x devicePixelRatio (emulated screens may report CSS pixels there).
  let w = Math.round(cssW * dpr);
  let h = Math.round(cssH * dpr);
  const dev = e.devicePixelContentBoxSize && e.devicePixelContentBoxSize[0];
  if (dev && Math.abs(dev.inlineSize - w) <= 1 && Math.abs(dev.blockSize - h) <= 1) {
    w = dev.inlineSize;
    h = dev.blockSize;
  }
  w = Math.max(1, w);
  h = Math.max(1, h);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  paint(); // at once: resizing the backing store clears it
}).observe(canvas);

darkScheme.addEventListener('change', () => { theme = readTheme(canvas); requestRedraw(); });

// ---- messages and engine errors ----
function say(text) { ui.showMessage(text, config.messageMs); }
function errorText(e) { return (e && e.message) || String(e); }
/** Runs an engine call; on a thrown error shows its message and returns `fallback`. */
function safely(fn, fallback = null) {
  try {
    return fn();
  } catch (e) {
    console.warn(e);
    say(errorText(e));
    return fallback;
  }
}

const colourName = (c) => (c === 'w' ? 'White' : c === 'b' ? 'Black' : String(c));
const cellName = (sq) => (layout && layout.cells[sq] ? layout.cells[sq].name : String(sq));
const capitalise = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);

/** Reads the game state from the engine and updates board and page. */
function refresh() {
  if (!game) return;
  safely(() => {
    pieces = game.pieces();
    outcome = game.outcome();
    byFrom = outcome ? new Map() : movesByFrom(game.legalMoves());
    view.lastMove = touched(game.lastMove());
    view.checks = Array.from(game.checks() || []); // the engine returns a Uint8Array
    const side = game.sideToMove();
    if (outcome) ui.setStatus(outcome.text || `Game over: ${outcome.result}`, 'result');
    else if (view.checks.length) ui.setStatus(`${colourName(side)} to move, in check`, 'check');
    else ui.setStatus(`${colourName(side)} to move`, '');
    ui.setMoves(game.history(), startSide === 'b');
    ui.setButtons({ canUndo: game.canUndo(), canRedo: game.canRedo() });
  });
  share.update(); // share links: the address follows the game shown
  if (view.selected != null && !byFrom.has(view.selected)) select(null);
  else select(view.selected);
}

/** Every square a move touches (its from and to, and where its effects act), for the highlight. */
function touched(move) {
  if (!move) return null;
  const out = new Set([move.from, move.to]);
  for (const e of move.effects || []) {
    if (e.type === 'swap') { out.add(e.a); out.add(e.b); } else {
      for (const k of ['from', 'to', 'at']) if (e[k] != null) out.add(e[k]);
    }
  }
  out.delete(null);
  out.delete(undefined);
  return [...out];
}

function select(sq) {
  view.selected = sq;
  view.dests = sq == null ? [] : destinations(byFrom, sq);
  view.captureDests = sq == null ? new Set() : captureDestinations(byFrom, sq);
  requestRedraw();
}

/**
 * Plays `text` (a legal move's text) and animates what it moves; a piece dragged by hand
 * (from `draggedFrom`) is already where it goes, so only the others slide.
 */
function play(text, { draggedFrom = null } = {}) {
  const played = safely(() => game.play(text));
  select(null);
  if (played) {
    ui.clearMessage();
    animator.start(movements(played).filter((m) => m.from !== draggedFrom), animationMs());
  }
  refresh();
}

/** "King", "Driver": a piece's kind in words for the picker. */
const kindWord = (p) => capitalise(p ? p.kind : 'piece');

/**
 * How a candidate move reads in the picker: its choice's label (a promotion also shows the
 * new piece), or for a move without a choice the piece and its destination.
 */
function choiceOption(m, piece) {
  const c = m.choice;
  let label;
  if (c) label = c.label || capitalise(c.name || c.kind || m.text);
  else if (m.to === m.from) label = 'Act';
  else label = `${kindWord(piece)} to ${cellName(m.to)}`;
  return { value: m.text, label, piece: choicePiece(m) };
}

/**
 * A from -> to chosen on the board: one legal move plays, several open the picker. `to`
 * equal to `from` asks for the piece's actions on itself.
 */
function tryMove(from, to, { dragged }) {
  const candidates = movesBetween(byFrom, from, to);
  if (candidates.length === 0) { refuse(from, to); return; }
  const draggedFrom = dragged ? from : null;
  if (candidates.length === 1) { play(candidates[0].text, { draggedFrom }); return; }
  const piece = pieces[from];
  // Plain moves (no choice) first, then the engine's order.
  const ordered = [...candidates.filter((m) => !m.choice), ...candidates.filter((m) => m.choice)];
  const options = ordered.map((m) => choiceOption(m, piece));
  const promotions = candidates.every((m) => m.choice && m.choice.kind === 'promotion');
  const title = promotions ? 'Promote to'
    : from === to ? `${kindWord(piece)} on ${cellName(from)}`
      : `${kindWord(piece)} ${cellName(from)} to ${cellName(to)}`;
  ui.clearMessage();
  ui.openPicker(title, options,
    (text) => play(text, { draggedFrom }),
    () => { select(null); say('Move cancelled.'); },
    canvas);
}

function refuse(from, to) {
  if (outcome) say(`The game is over: ${outcome.text}.`);
  else say(`Illegal move: ${cellName(from)} to ${cellName(to)}.`);
  requestRedraw();
}

function noPick(sq) {
  const p = pieces[sq];
  if (!p) return;
  if (outcome) say(`The game is over: ${outcome.text}.`);
  else if (game && p.color !== game.sideToMove()) say(`${colourName(game.sideToMove())} to move.`);
  else say(`The ${p.name.replace(/^(White|Black) /, '').toLowerCase()} on ${cellName(sq)} has no legal move.`);
}

function leaveChoice() {
  ui.closePicker();
  ui.clearMessage();
  view.drag = null;
  view.hover = null;
  animator.stop();
}

// ---- page controls ----
const ui = makeUi(document, {
  undo() {
    if (!game) return;
    leaveChoice();
    const m = safely(() => game.undo());
    select(null);
    if (m) animator.start(movements(m).map((x) => ({ from: x.to, to: x.from, via: x.via })).reverse(), animationMs());
    refresh();
  },
  redo() {
    if (!game) return;
    leaveChoice();
    const m = safely(() => game.redo());
    select(null);
    if (m) animator.start(movements(m), animationMs());
    refresh();
  },
  flip() {
    flipped = !flipped;
    ui.setFlipped(flipped);
    requestRedraw();
  },
  newGame() { newGame(gameId); },
  selectGame(id) { newGame(id); },
});

/**
 * Starts a fresh game `id`; if the engine refuses, the current game stays. `handle`: a game
 * already made (an opened link or record) to show instead.
 */
function newGame(id, position, handle = null) {
  const next = handle || safely(() => new engine.GameHandle(id, position));
  if (!next) { ui.selectGame(gameId); return false; }
  leaveChoice();
  if (game) safely(() => game.free());
  game = next;
  gameId = id;
  ui.selectGame(id);
  view.cursor = null;
  view.lastMove = null;
  safely(() => {
    layout = game.layout();
    startSide = game.startText().split(' ')[1] || game.sideToMove();
  });
  // The canvas keeps the board's proportions; style.css sizes it from --aspect.
  canvas.style.aspectRatio = layout ? `${layout.width} / ${layout.height}` : '1 / 1';
  canvas.parentElement.style.setProperty('--aspect', layout ? String(layout.width / layout.height) : '1');
  geomCache = null;
  select(null);
  ui.clearMessage();
  refresh();
  return true;
}

// Share links and game records (www/share.js).
const share = makeShare(document, {
  engine: () => engine,
  game: () => game,
  gameId: () => gameId,
  adopt: (handle) => newGame(handle.gameId(), null, handle),
  say,
  note: (text) => ui.showMessage(text, 0),
});

attachInput(canvas, {
  geometry,
  blocked: () => !game || ui.pickerOpen(),
  selected: () => view.selected,
  select,
  canPick: (sq) => byFrom.has(sq),
  isDest: (from, to) => movesBetween(byFrom, from, to).length > 0,
  move: (from, to, how) => tryMove(from, to, how),
  refuse: (from, to) => refuse(from, to),
  noPick,
  drag(state, hover) { view.drag = state; view.hover = hover; requestRedraw(); },
  cursor: () => view.cursor,
  setCursor(sq) { view.cursor = sq; requestRedraw(); },
  showCursor(on) { if (view.showCursor !== on) { view.showCursor = on; requestRedraw(); } },
}, config);

// ---- test and console hook ----
const hook = {
  ready: false,
  get game() { return game; },
  /** Client (viewport) CSS pixel coordinates of the centre of the square named `name`. */
  squareCenter(name) {
    const cell = layout && layout.cells.find((c) => c.name === name);
    if (!cell) throw new Error(`no square named ${name}`);
    const r = canvas.getBoundingClientRect();
    const c = geometry().center(cell.sq);
    return { x: r.left + c.x, y: r.top + c.y };
  },
  positionText() { return game ? game.positionText() : null; },
  /** The name of the square under the keyboard cursor, or null. */
  cursorName() { return view.cursor == null ? null : cellName(view.cursor); },
  /**
   * Starts game `id` from position text (or its start): true if the engine took it, else
   * false with the engine's message shown, the current game kept.
   */
  start(id, position) { return newGame(id, position); },
  /** The share link of what the board shows. */
  shareLink() { return share.link(); },
};
globalThis.fairyboard = hook;

// ---- boot ----
async function boot() {
  ui.setStatus('Loading the engine…');
  try {
    // The single-file build (scripts/single.mjs) provides the engine with its wasm inlined.
    engine = globalThis.fairyboardEngine
      || await import(new URL('../pkg/fairyboard.js', import.meta.url).href);
    await engine.default();
  } catch (e) {
    console.error(e);
    ui.setStatus(`Could not load the engine (pkg/fairyboard.js): ${errorText(e)}. Build it with: bash scripts/build.sh`, 'error');
    return;
  }
  const list = safely(() => engine.games(), []) || [];
  if (!list.some((g) => g.id === gameId) && list.length) gameId = list[0].id;
  ui.setGames(list, gameId);
  ui.setFlipped(flipped);
  if (!newGame(gameId)) {
    ui.setStatus('Could not start a game.', 'error');
    return;
  }
  share.boot(); // a link in the address opens over the new game
  paint();
  hook.ready = true;
  document.documentElement.dataset.ready = 'true';
}

boot();
registerOffline();
