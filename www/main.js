// Boot and wiring: loads the wasm engine, keeps one GameHandle, and connects engine, adapter,
// input, drawing and the page controls. Game-agnostic: everything about the board comes from
// the engine (layout, pieces, legal moves with their effects).

import { makeConfig } from './config.js';
import { makeGeometry } from './layout.js';
import { draw, readTheme } from './draw.js';
import { movesByFrom, movesBetween, destinations, captureDestinations, choicePiece } from './adapter.js';
import { ownCaptureDestinations, bouncePaths } from './adapter.js'; // threats (overlays.js)
import { overlayList } from './overlays.js';
import { attachInput } from './input.js';
import { makeUi } from './ui.js';
import { makeAnimator } from './animate.js';
import { buildTimeline } from './effects.js'; // animations: effects -> timeline
import { attachSpeed } from './speed.js'; // animations: the speed control
import { registerOffline } from './offline.js';
import { makeHands } from './hand.js';
import { attachNeighbours } from './neighbours.js';
import { makeEditor } from './editor.js'; // the position editor
import { makeEmbedMode } from './embedmode.js';
import { makeAround } from './around.js';
import { makeShare } from './share.js';
import { makeComputer } from './computer.js'; // the computer player's worker
import { makeVersus } from './versus.js'; // playing the computer
import { makeAnalysis } from './analysis.js'; // hints and analysis
import { makeNewGameDialog, saveChoice, loadPlaying, savePlaying } from './newgame.js';
import { makeGameOver, lastMoveText } from './gameover.js';
import { readShapes, toggleShape } from './shapes.js'; // arrows and circles a person draws
import { makeClocks } from './clocks.js';
import { attachSettings } from './settings.js'; // coordinates, colour themes, mute
import { makeSounds } from './sounds.js'; // move sounds
import { makeMaterial } from './material.js'; // pieces lost, beside the board

const config = makeConfig(globalThis.fairyboardConfig || {});
// Embedded board (embed.html): inert on the full page.
const embed = makeEmbedMode(config, {
  engine: () => engine, game: () => game, newGame: (id, position, handle) => newGame(id, position, handle),
  refresh: () => refresh(), say: (text) => say(text), changed: () => gameChanged('step'),
});
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
const darkScheme = matchMedia('(prefers-color-scheme: dark)');

const canvas = document.getElementById('board');
const cellSpeech = document.getElementById('cell-speech'); // the cursor's cell in words (sayCell)
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
let gameList = []; // engine.games(): which games have hands

// What the board shows beyond the position.
const view = {
  layout: null, pieces: [], selected: null, dests: [], captureDests: new Set(), lastMove: null,
  checks: [], drag: null, hover: null, cursor: null, showCursor: false, anim: null,
  dropping: false, neighbours: [],
  legend: null, // the piece legend's marks (around.js)
  frozen: new Set(), // agents that can neither move nor attack (Quarter's merchants freeze them)
  // Threats and hints (overlays.js; see draw.js): checks with their lines, the picked piece's
  // bounce paths and own-capture destinations, and arrows and rings (hints).
  checkLines: [], paths: [], ownCaptures: new Set(), arrows: [], rings: [],
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
  const shown = shownLayout(); // position editor: the board being edited while editing
  if (!geomCache || geomCache.key !== key || geomCache.layout !== shown) {
    geomCache = { key, layout: shown, geom: makeGeometry(shown || { width: 1, height: 1, cells: [] }, cssW, cssH, flipped) };
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
  const t0 = performance.now();
  paint();
  if (view.anim) animator.drawn(performance.now() - t0); // animations: drawing time per frame
}
function paint() {
  // Position editor: while editing, the canvas shows the editor's board.
  if (editor.active()) { editor.paint(ctx, geometry(), theme, config, canvas.width / Math.max(1, cssW)); return; }
  if (!layout) return;
  view.layout = layout;
  view.pieces = pieces;
  draw(ctx, view, geometry(), theme, config, canvas.width / Math.max(1, cssW));
  // For the timing figures (tests/e2e/timing.test.mjs): the first board, and the last paint.
  if (!lastPaint) performance.mark('fairyboard-first-board');
  lastPaint = { at: performance.now(), dests: view.dests.length };
}
let lastPaint = null;
const animator = makeAnimator(requestRedraw);
// Animations: the speed control's factor on config.animationMs; reduced motion turns them off.
const speed = attachSpeed(document.getElementById('speed'));
const animationMs = () => (reducedMotion.matches ? 0 : config.animationMs * speed.factor());
/** Animates `move` from the pieces `before` it (backward: an undo, from the pieces after undoing). */
function animate(move, before, { backward = false, draggedFrom = null } = {}) {
  if (!move || !layout) return;
  const timeline = buildTimeline(move, before, layout, { ms: animationMs(), draggedFrom, dropOrigin: handCentre });
  animator.start(timeline, { backward });
}
/** The centre of the hand `color` plays from (a `.hand` beside the board), in canvas pixels. */
function handCentre(color) {
  // The pawn button when the hand has one (hand.js), else the hand's strip.
  const el = document.querySelector(`.hand[data-color="${color}"] .hand-pawn`)
    || document.querySelector(`.hand[data-color="${color}"]`);
  const r = el && el.getBoundingClientRect();
  if (!r || (!r.width && !r.height)) return null;
  const c = canvas.getBoundingClientRect();
  return { x: r.left + r.width / 2 - c.left, y: r.top + r.height / 2 - c.top };
}
// A new input (press or key anywhere) finishes the running animation at once.
for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, () => animator.finish(), true);

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
// Settings (settings.js): the full page's panel; an embedded board keeps its address's settings.
const settings = attachSettings(embed.active ? null : document, () => {
  theme = readTheme(canvas);
  config.showCoordinates = settings.coordinates();
  requestRedraw();
  material.update(); // its glyphs follow the piece colours
});
if (!embed.active) { config.showCoordinates = settings.coordinates(); theme = readTheme(canvas); }
const sounds = makeSounds({ muted: () => embed.active || settings.muted() });
const material = makeMaterial(document.getElementById('material'), {
  engine: () => engine, game: () => game, gameId: () => gameId, flipped: () => flipped,
});

// ---- messages and engine errors ----
function say(text) { ui.showMessage(text, config.messageMs); }
/** Information, not an error (a hint, the computer's answer to an offer). */
function tell(text) { ui.showMessage(text, config.messageMs, 'info'); }
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

// ---- the computer: an opponent (versus.js) and an analyst (analysis.js), each in its own worker ----
const TWO_PLAYERS = Object.freeze({ opponent: 'human', color: 'w', side: 'w', level: 3 });
const computer = makeComputer();
const analyst = makeComputer();
const versus = makeVersus(computer, {
  game: () => game,
  editing: () => editor.active(),
  idle: () => new Promise((resolve) => {
    const check = () => (animator.running() ? requestAnimationFrame(check) : resolve());
    check();
  }),
  playAtEnd,
  thinking: showThinking,
  say,
  clock: (side) => clocks.limit(side),
});
const analysis = makeAnalysis(document, analyst, {
  shown() {
    if (editor.active()) {
      const st = editor.state();
      if (st.verdict) return null; // not a playable position yet
      return { game: st.id, position: st.text, moves: [], side: st.text.split(/\s+/)[1] || 'w', here: st.text };
    }
    if (!game) return null;
    return {
      game: gameId, position: game.startText(), moves: Array.from(game.history()), side: game.sideToMove(),
      here: game.positionText(),
    };
  },
  names: (s, texts) => namesFrom(s.game, s.here, texts),
  showHint,
  say,
});
const newGameDialog = makeNewGameDialog(document);
const clocks = makeClocks(document, {
  game: () => game,
  gameId: () => gameId,
  flagFall(side) { endGame(() => game.flagFall(side)); },
});
const gameOver = makeGameOver(document, {
  rematch() {
    const c = versus.choice();
    if (c.opponent === 'computer') {
      startChosen(gameId, { ...c, side: c.side === 'w' ? 'b' : 'w' });
    } else startChosen(gameId, TWO_PLAYERS);
  },
  newGame: () => askNewGame(),
});

/** The names of the moves `texts` played in turn from position `here` of game `id` (the texts where one cannot be played). */
function namesFrom(id, here, texts) {
  let h = null;
  try {
    h = new engine.GameHandle(id, here);
    return texts.map((t) => h.play(t).name || t);
  } catch {
    return texts;
  } finally {
    if (h) h.free();
  }
}

/** The computer's move: at once when the board shows the end of the game, else put at its end. */
function playAtEnd(text) {
  if (!game) return;
  const last = game.line().length;
  if (game.ply() === last) { play(text); return; }
  const ply = game.ply();
  const m = safely(() => {
    game.goTo(last);
    const r = game.play(text);
    game.goTo(ply);
    return r;
  });
  gameChanged('step');
  if (m) embed.played(m); // embedded board: tell the embedding page
  if (m) tell(`The computer played ${m.name || m.text}; End shows the position.`);
}

/** The thinking line: whose side, the level, the depth reached. */
function showThinking(state) {
  const el = document.getElementById('thinking');
  el.hidden = !state;
  if (!state) return;
  const depth = state.depth ? `: depth ${state.depth}` : '…';
  // Side and level in a span of their own, which a small embedded board leaves out (embed.css).
  const detail = Object.assign(document.createElement('span'), {
    className: 'thinking-detail', textContent: ` (${colourName(state.side)}, level ${state.level})`,
  });
  document.getElementById('thinking-text').replaceChildren('The computer', detail, ` is thinking${depth}`);
}

/** The hint `text` for the position shown: an arrow, a drop from the hand, or a ring on a piece acting in place. */
function showHint(text) {
  const m = !editor.active() && game && (safely(() => game.legalMoves(), []) || []).find((x) => x.text === text);
  if (!m) { tell(`Hint: ${text}`); return; }
  if (m.from == null) view.arrows = [{ from: null, to: m.to, kind: 'hint', origin: handCentre(game.sideToMove()) }];
  else if (m.from === m.to) view.rings = [{ at: m.from, kind: 'hint' }];
  else view.arrows = [{ from: m.from, to: m.to, kind: 'hint' }];
  tell(`Hint: ${m.name || text}`);
  requestRedraw();
}

/** Which of Hint, Resign and Offer draw make sense now. */
function updateGameButtons() {
  const $ = (id) => document.getElementById(id);
  const atEnd = !!game && game.ply() === game.line().length;
  const computersTurn = !!game && versus.computerSide() === game.sideToMove();
  $('hint').disabled = !game || !!outcome || (computersTurn && atEnd);
  $('resign').disabled = !game || !!outcome || !atEnd;
  $('offer-draw').disabled = !game || !!outcome || !atEnd;
}

/** Ends the game by `declare` (the engine's resign, agreeDraw, ...), through the one place. */
function endGame(declare) {
  versus.stop();
  if (safely(declare) !== null) gameChanged('end');
}

document.getElementById('resign').addEventListener('click', (e) => {
  if (!game || outcome) return;
  const side = versus.computerSide() ? versus.choice().side : game.sideToMove();
  ui.openPicker(`Resign as ${colourName(side)}?`,
    [{ value: 'yes', label: 'Resign' }, { value: 'no', label: 'Play on' }],
    (v) => { if (v === 'yes') endGame(() => game.resign(side)); },
    () => {}, e.currentTarget);
});

document.getElementById('offer-draw').addEventListener('click', async (e) => {
  if (!game || outcome) return;
  const side = versus.computerSide();
  if (!side) {
    const other = colourName(game.sideToMove() === 'w' ? 'b' : 'w');
    ui.openPicker(`${colourName(game.sideToMove())} offers a draw. ${other}, accept?`,
      [{ value: 'yes', label: 'Accept' }, { value: 'no', label: 'Decline' }],
      (v) => { if (v === 'yes') endGame(() => game.agreeDraw()); else tell('Draw declined.'); },
      () => tell('Draw declined.'), e.currentTarget);
    return;
  }
  // The computer accepts only when its evaluation says the position is level or worse for it.
  const key = game.line().length;
  tell('The computer considers your offer…');
  const r = await analyst.search({ game: gameId, position: game.startText(), moves: Array.from(game.line()), movetime: 500 })
    .catch(() => null);
  analysis.changed();
  if (!r || !game || outcome || game.line().length !== key) return;
  const sign = game.sideToMove() === side ? 1 : -1;
  const forIt = r.score.mate != null ? sign * Math.sign(r.score.mate) * 100000 : sign * r.score.cp;
  if (forIt <= DRAW_ACCEPT_CP) { endGame(() => game.agreeDraw()); tell('The computer accepts the draw.'); }
  else tell('The computer declines: it thinks it stands better.');
});
/** The most the computer may think it is ahead (centipawns) and still accept a draw. */
const DRAW_ACCEPT_CP = 25;
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
    view.checkLines = view.checks.length ? game.checkers() : []; // checking pieces and lines
    view.frozen = new Set(game.frozen());
    view.shapes = shapesShown();
    const side = game.sideToMove();
    if (outcome) ui.setStatus(outcome.text || `Game over: ${outcome.result}`, 'result');
    else if (view.checks.length) ui.setStatus(`${colourName(side)} to move, in check`, 'check');
    else ui.setStatus(`${colourName(side)} to move`, '');
    ui.setButtons({ canUndo: game.canUndo(), canRedo: game.canRedo() });
  });
  around.refreshed(); // move list, legend marks, saved game
  material.update(); // pieces lost (material.js)
  share.update(); // share links: the address follows the game shown
  if (view.selected != null && !byFrom.has(view.selected)) select(null);
  else select(view.selected);
  updateHands(); // pawns in hand (hand.js)
  embed.shown(); // embedded board: move counter
}

/** The cell index of a cell name, or null. */
function cellOfName(name) {
  const i = layout ? layout.cells.findIndex((c) => c && c.name === name) : -1;
  return i < 0 ? null : i;
}

/** The shapes kept in the comment of the position shown, by cell: { arrows, marks }. */
function shapesShown() {
  const s = readShapes(safely(() => game.comment(game.currentNode()), '') || '');
  return {
    arrows: s.arrows.map((a) => ({ from: cellOfName(a.from), to: cellOfName(a.to), colour: a.colour }))
      .filter((a) => a.from != null && a.to != null),
    marks: s.marks.map((m) => ({ at: cellOfName(m.at), colour: m.colour })).filter((m) => m.at != null),
  };
}

/** A shape drawn from cell `from` to cell `to` (the same: a circle): kept in the comment of the position shown. */
function drawShape(from, to, colour) {
  if (!game || editor.active()) return;
  const id = game.currentNode();
  const before = safely(() => game.comment(id), null);
  if (before == null) return;
  if (safely(() => { game.setComment(id, toggleShape(before, cellName(from), cellName(to), colour)); return true; }) !== true) return;
  view.shapes = shapesShown();
  around.refreshed(); // the list (comments) and the saved game
  share.update();
  requestRedraw();
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
  // Threats: an outlaw's bounce paths; destinations that remove a piece of the mover's side.
  view.paths = sq == null || !game ? [] : safely(() => bouncePaths(byFrom, sq, (t) => game.movePath(t)), []);
  view.ownCaptures = sq == null ? new Set() : ownCaptureDestinations(byFrom, sq, pieces);
  requestRedraw();
}

/**
 * Plays `text` (a legal move's text) and animates what it moves; a piece dragged by hand
 * (from `draggedFrom`) is already where it goes, so only the others slide.
 */
function play(text, { draggedFrom = null } = {}) {
  const before = pieces;
  const played = safely(() => game.play(text));
  select(null);
  if (played) {
    ui.clearMessage();
    gameChanged('move');
    animate(played, before, { draggedFrom });
    embed.played(played); // embedded board: tell the embedding page
    around.played(played, before); // said in words
  } else refresh();
  return played;
}

/**
 * The one place every change of the game goes through (a move, undo, redo, a step through
 * the moves, a new or switched game, a link, a record, the editor): reads the game into the
 * page, then lets the computer (stopped at once if its search is for another line, started
 * when it is its turn), the analysis and the end-of-game panel follow. `cause`: 'move',
 * 'step' (undo, redo, the move list), 'new' (another game on the board), 'end' (resigned,
 * agreed, flag fallen).
 */
function gameChanged(cause) {
  refresh();
  if (cause === 'move' && game) clocks.moved(game.sideToMove() === 'w' ? 'b' : 'w');
  clocks.update();
  view.arrows = [];
  view.rings = [];
  versus.changed();
  analysis.changed();
  const ended = game && game.ply() === game.line().length ? outcome : null;
  if (cause === 'move' && game) sounds.moved(safely(() => game.lastMove()), { check: view.checks.length > 0, ended: !!ended });
  else if (cause === 'end' && ended) sounds.play('end');
  if (ended && (cause === 'move' || cause === 'end')) {
    const last = lastMoveText(game.startText(), Array.from(safely(() => game.lineNames(), []) || []));
    gameOver.show(ended, versus.computerSide() ? versus.choice().side : null, last);
  } else if (!ended) gameOver.close();
  updateGameButtons();
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
  else if (view.frozen.has(sq)) {
    say(`The ${p.kind} on ${cellName(sq)} is frozen by an enemy merchant beside it: it cannot move or attack.`);
  } else say(`The ${p.kind} on ${cellName(sq)} has no legal move.`);
}

/**
 * A piece just picked that also acts where it stands (Quarter's driver): says how to reach
 * those actions, which the board shows only as a faint ring on the piece.
 */
function hintActions(sq) {
  if (sq == null || !pieces[sq]) return;
  const actions = movesBetween(byFrom, sq, sq);
  if (!actions.length) return;
  const words = actions.map((m) => choiceOption(m, pieces[sq]).label.toLowerCase());
  const list = words.length > 3 ? `${words.slice(0, 3).join(', ')}, …` : words.join(', ');
  say(`Choose the ${pieces[sq].kind} on ${cellName(sq)} again for its actions there: ${list}.`);
}

/**
 * The cell the keyboard cursor moved to, in words for screen readers (a polite live region):
 * its name, what stands there, and whether that piece is frozen or the cell is a destination
 * of the piece picked up or a drop square of the hand.
 */
function sayCell(sq) {
  if (!cellSpeech || sq == null) return;
  const p = pieces[sq];
  const words = [p ? p.name.toLowerCase() : 'empty'];
  if (p && view.frozen.has(sq)) words.push('frozen');
  if ((view.selected != null || view.dropping) && view.dests.includes(sq)) words.push('a destination');
  cellSpeech.textContent = `${cellName(sq)}: ${words.join(', ')}`;
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
  // Against the computer Undo takes back the person's move with the computer's reply (and
  // stops its search); between people, and stepping through the moves, one ply.
  undo() { versus.stop(); stepBack(versus.takebackPlies(game)); },
  redo() {
    if (!game) return;
    leaveChoice();
    const before = pieces;
    const m = safely(() => game.redo());
    select(null);
    gameChanged('step');
    if (m) { animate(m, before); around.redone(m, before); }
  },
  flip() {
    flipped = !flipped;
    ui.setFlipped(flipped);
    updateHands(); // the hands follow their sides
    material.update();
    requestRedraw();
  },
  newGame() { askNewGame(); },
  // Position editor: edits that game; else the game kept for `id`, or a new one.
  selectGame(id) { if (editor.active()) editor.setGame(id); else if (!restoreStored(id)) newGame(id); },
});

// ---- position editor (www/editor.js): its own board on the same canvas; the game waits ----
const editor = makeEditor(document, canvas, {
  engine: () => engine,
  games: () => engine.games(),
  geometry,
  redraw() { requestRedraw(); if (analysis) analysis.changed(); },
  play: (id, text) => newGame(id, text),
  closed() { ui.selectGame(gameId); updateHands(); requestRedraw(); gameChanged('step'); },
  config,
});
/** The layout on the canvas: the editor's while editing, else the game's. */
function shownLayout() { return editor.active() ? editor.layout() : layout; }
document.getElementById('edit-position').addEventListener('click', () => {
  if (!game) return;
  leaveChoice();
  select(null);
  editor.open(gameId, game.positionText());
  updateHands();
  gameChanged('step'); // the computer stops while the position is edited; analysis follows the editor
});

/**
 * Starts a fresh game `id` (or puts `handle`, a game already built, on the board); if the
 * engine refuses, the current game stays.
/**
 * Starts a fresh game `id`; if the engine refuses, the current game stays. `handle`: a game
 * already made (an opened link or record) to show instead.
 */
function newGame(id, position, handle = null, playing = null) {
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
  neighbourMarks.reset(); // 4-D neighbour marks (neighbours.js)
  if (cellSpeech) cellSpeech.textContent = ''; // the cursor's words were about the game left
  ui.clearMessage();
  gameOver.close();
  // How this game is played (newgame.js): as given, else as the game of `id` was.
  const choice = embed.active ? embed.playing() : (playing || loadPlaying(id));
  if (!embed.active) savePlaying(id, choice);
  versus.set(choice);
  clocks.set(choice.clock || 'none');
  if (choice.opponent === 'computer') {
    computer.warm();
    flipped = choice.side === 'b';
    ui.setFlipped(flipped);
    updateHands();
  }
  gameChanged('new');
  return true;
}

/** Takes back `plies` moves (an undo; against the computer the person's move and its reply). */
function stepBack(plies) {
  if (!game || plies <= 0) return;
  leaveChoice();
  if (plies > 1) versus.stop(); // a takeback: the computer stops thinking at once
  let m = null;
  for (let i = 0; i < plies; i += 1) {
    const undone = safely(() => game.undo());
    if (!undone) break;
    m = undone;
  }
  select(null);
  gameChanged('step');
  // The last move taken back (the person's own) slides back; the reply before it just goes.
  if (m) { animate(m, pieces, { backward: true }); around.undone(m); }
}

/**
 * New game: the dialog (two players or the computer, colour, level); the game in progress
 * is kept among the kept games ("Switch to kept game" brings it back), so nothing is lost.
 */
async function askNewGame(id = gameId) {
  if (!engine || newGameDialog.isOpen()) return;
  leaveChoice();
  const inProgress = game && game.line().length > 0 && !outcome;
  const name = (gameList.find((g) => g.id === id) || {}).name || id;
  const choice = await newGameDialog.open(id, name, inProgress
    ? 'The game in progress is kept: "Switch to kept game" brings it back.' : '');
  if (!choice) return;
  startChosen(id, choice);
}

/** Starts a new game of `id` played as `choice` says (saved as game `id`'s choice). */
function startChosen(id, choice) {
  if (embed.active) { embed.restart(choice); return; } // embedded: again from the position given
  const handle = safely(() => new engine.GameHandle(id, undefined));
  if (!handle) return;
  const kept = around.keepReplaced(handle);
  saveChoice(id, choice);
  computer.clear();
  if (!newGame(id, undefined, handle, choice)) return;
  if (choice.opponent !== 'computer' && flipped) { flipped = false; ui.setFlipped(false); updateHands(); requestRedraw(); }
  if (kept) tell(kept);
}

// ---- around the board: move list, keys, legend, rules, storage, speech (around.js) ----
const around = makeAround({
  doc: document,
  board: canvas,
  engine: () => engine,
  game: () => game,
  pieces: () => pieces,
  byFrom: () => byFrom,
  outcome: () => outcome,
  checks: () => view.checks,
  checkLines: () => view.checkLines,
  cellName,
  goTo: goToPly,
  goToNode,
  treeChanged(cause) {
    if (cause === 'step') { leaveChoice(); select(null); gameChanged('step'); return; }
    around.refreshed(); // the list and the saved game
    share.update();
  },
  say,
  tell,
  flip: () => document.getElementById('flip').click(),
  // An embedded board has its own step controls (embedmode.js) and keeps nothing.
  blocked: () => !game || ui.pickerOpen() || editor.active() || embed.active,
  saves: () => !embed.active,
  setLegend(marks) { view.legend = marks; requestRedraw(); },
  showMessage(text) { ui.showMessage(text, 0); },
});

/** Shows the position after `n` moves; one step back or forward is an undo or redo. */
function goToPly(n) {
  if (!game) return;
  const ply = game.ply();
  const last = game.line().length;
  if (n < 0 || n > last || n === ply) return;
  if (n === ply - 1) { stepBack(1); return; }
  if (n === ply + 1) { document.getElementById('redo').click(); return; }
  leaveChoice();
  safely(() => game.goTo(n));
  select(null);
  gameChanged('step');
  around.jumped();
}

/**
 * Shows the position after move `id` of the game's tree (0: the start): one step along the
 * current line is an undo or redo (animated), anything else a jump.
 */
function goToNode(id) {
  if (!game) return;
  const line = safely(() => Array.from(game.tree().line), null);
  if (!line) return;
  const ply = game.ply(); // line[ply] is the node shown (line[0] the start)
  if (id === line[ply]) return;
  if (line[ply + 1] === id) { goToPly(ply + 1); return; }
  if (ply && line[ply - 1] === id) { goToPly(ply - 1); return; }
  leaveChoice();
  if (safely(() => { game.goToNode(id); return true; }, false) !== true) return;
  select(null);
  gameChanged('step');
  around.jumped();
}

/**
 * Puts game `id`'s saved game (storage.js) on the board: true if there was one. A share
 * link read at boot should win over it (call this only without one).
 */
function restoreStored(id) {
  const handle = around.restore(id);
  return handle ? newGame(id, undefined, handle) : false;
}

// The game a link or record replaced (storage.js keeps it): swap it back onto the board.
document.getElementById('kept-game').addEventListener('click', () => {
  if (!game || editor.active()) return;
  leaveChoice();
  const handle = around.takeKept(gameId);
  if (handle && newGame(gameId, undefined, handle, TWO_PLAYERS)) {
    const n = around.keptCount(gameId);
    say(n > 1
      ? `Switched to a kept game; ${n} games are kept, the one you left among them: switch again for the next.`
      : 'Switched to the kept game; the game you left is kept in its place.');
  }
});

// Share links and game records (www/share.js).
const share = makeShare(document, {
  engine: () => engine,
  game: () => game,
  gameId: () => gameId,
  adopt(handle) {
    const kept = around.keepReplaced(handle);
    if (!newGame(handle.gameId(), null, handle, TWO_PLAYERS)) return false;
    around.opened(handle.gameId());
    return kept || '';
  },
  say,
  note: (text) => ui.showMessage(text, 0),
});

attachInput(canvas, {
  geometry,
  blocked: () => !game || ui.pickerOpen() || editor.active() || embed.blocked(),
  selected: () => view.selected,
  select(sq) { select(sq); hintActions(sq); },
  canPick: (sq) => byFrom.has(sq),
  isDest: (from, to) => movesBetween(byFrom, from, to).length > 0,
  move: (from, to, how) => tryMove(from, to, how),
  refuse: (from, to) => refuse(from, to),
  noPick,
  drag(state, hover) { view.drag = state; view.hover = hover; requestRedraw(); },
  cursor: () => view.cursor,
  setCursor(sq) { view.cursor = sq; sayCell(sq); requestRedraw(); },
  showCursor(on) { if (view.showCursor !== on) { view.showCursor = on; requestRedraw(); } },
  shape: drawShape,
  shapeStart(sq) { view.shapeStart = sq; requestRedraw(); },
  drawing: () => drawingColour(),
}, config);

// "Draw arrows" (touch and mouse alike): taps on the board draw shapes in the colour chosen.
const drawButton = document.getElementById('draw-shapes');
const drawColour = document.getElementById('shape-colour');
const drawingColour = () => (drawButton && drawButton.getAttribute('aria-pressed') === 'true' ? (drawColour ? drawColour.value : 'G') : null);
drawButton?.addEventListener('click', () => {
  const on = drawButton.getAttribute('aria-pressed') !== 'true';
  drawButton.setAttribute('aria-pressed', String(on));
  if (drawColour) drawColour.hidden = !on;
  view.shapeStart = null;
  select(null);
  requestRedraw();
  tell(on ? 'Drawing: tap a square, then another for an arrow or the same for a circle. "Draw arrows" again to play.' : 'Back to playing.');
});

// ---- pawns in hand (hand.js): drops are legal moves with no origin, played by tryMove(null, to) ----
const hands = makeHands(document, canvas, {
  geometry,
  blocked: () => !game || ui.pickerOpen() || editor.active() || embed.blocked(),
  pick(on) { select(null); view.dropping = on; view.dests = on ? destinations(byFrom, null) : []; requestRedraw(); },
  drop: (sq, how) => tryMove(null, sq, how),
  say,
  canPick: (sq) => byFrom.has(sq),
  cellName,
  cursor: () => view.cursor,
  setCursor(sq) { view.cursor = sq; sayCell(sq); requestRedraw(); },
  showCursor(on) { if (view.showCursor !== on) { view.showCursor = on; requestRedraw(); } },
  drag(state, hover) { view.drag = state; view.hover = hover; requestRedraw(); },
}, config);
function updateHands() {
  const counts = (game && safely(() => game.hands())) || { w: 0, b: 0 };
  const info = (gameList.find((g) => g.id === gameId) || {});
  hands.update({
    shown: !!info.hands && !editor.active(), counts, flipped, // the editor has its own hands
    toMove: game ? game.sideToMove() : 'w',
    drops: new Set(destinations(byFrom, null)),
  });
}

// ---- 4-D neighbour marks (neighbours.js): after attachInput, so the cursor has moved first ----
const neighbourMarks = attachNeighbours(canvas, {
  layout: () => layout,
  neighbours: (sq) => (game ? safely(() => game.neighbours(sq), []) : []),
  geometry,
  cursor: () => (view.showCursor ? view.cursor : null),
  mark(squares) { view.neighbours = squares; requestRedraw(); },
});

// ---- test and console hook ----
const hook = {
  ready: false,
  /** The last board painted: { at (performance.now()), dests (destinations drawn) }. */
  lastPaint() { return lastPaint; },
  get game() { return game; },
  /** Client (viewport) CSS pixel coordinates of the centre of the square named `name`. */
  squareCenter(name) {
    const shown = shownLayout();
    const cell = shown && shown.cells.find((c) => c.name === name);
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
  /** Names of the cells marked as 4-D neighbours of the hovered or cursor cell. */
  markedNeighbours() { return (view.neighbours || []).map(cellName); },
  /** Names of the squares shown as destinations (a picked piece's, or a picked hand's drops). */
  destinationNames() { return (view.dests || []).map(cellName); },
  /** Position editor: { id, text, verdict (null = playable), tool, cursor } or null when not editing. */
  editor() { return editor.active() ? editor.state() : null; },
  // Animations: what was played ({text, kinds, effects, direction, ms, frames, intervals,
  // drawMs, ended}), whether one runs now, and a move played by text through the board's own path.
  animations() { return animator.log.map((e) => ({ ...e, kinds: [...e.kinds], effects: [...e.effects], intervals: [...e.intervals], drawMs: [...e.drawMs] })); },
  animating() { return animator.running(); },
  play(text) { return game ? play(text) : null; },
  /** Game `id`'s saved game put on the board, as on switching games: true if there was one. */
  restoreStored(id) { return restoreStored(id); },
  around: around.testHook,
  /** The share link of what the board shows. */
  shareLink() { return share.link(); },
  /** How the game is played: { opponent, side (the person's), level, computerSide, thinking }. */
  versus() { return { ...versus.choice(), computerSide: versus.computerSide(), thinking: versus.thinking() }; },
  /** Starts a new game of `id` as the New game dialog would with `choice` ({ opponent, side, level }). */
  startChosen(id, choice) { startChosen(id, { color: choice.side || 'w', ...choice }); },
  /** The hint marks drawn: { arrows: [{ from, to, kind }], rings: [{ at, kind }] } in cell names. */
  hintMarks() {
    return {
      arrows: view.arrows.map((a) => ({ from: a.from == null ? null : cellName(a.from), to: cellName(a.to), kind: a.kind })),
      rings: view.rings.map((r) => ({ at: cellName(r.at), kind: r.kind })),
    };
  },
  /** The sounds played so far, by name ('move', 'capture', 'check', 'end'), in order. */
  sounds() { return sounds.log.slice(); },
  /** The Web Audio context's state ('running' once sounds play), or null (none made, or none here). */
  audioState() { return sounds.state(); },
  /** The kinds of piece each side has lost: { w: [kind...], b: [...] }. */
  material() { return material.lost(); },
  /** The clocks: null without, else { w, b (ms left), running (the side whose clock runs) }. */
  clocks() { return clocks.state(); },
  /** Milliseconds the computer's worker took to load its engine (null: not loaded yet). */
  computerLoadMs() { return computer.loadMs(); },
  /**
   * What the threat and hint overlays draw (overlays.js), in cell names: { arrows: [{from,
   * to, via, kind}], rings: [{at, kind}], ownCaptures: [names] }.
   */
  overlays() {
    const { arrows, rings } = overlayList(view, config);
    const name = (sq) => (sq == null ? null : cellName(sq));
    return {
      arrows: arrows.map((a) => ({ from: name(a.from), to: name(a.to), via: (a.via || []).map(name), kind: a.kind })),
      rings: rings.map((r) => ({ at: name(r.at), kind: r.kind })),
      ownCaptures: view.selected == null ? [] : [...view.ownCaptures].map(name),
    };
  },
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
  gameList = list;
  // The game played last in this browser, unless the embedding page chose one.
  if (!(globalThis.fairyboardConfig || {}).gameId) gameId = around.lastGame() || gameId;
  if (!list.some((g) => g.id === gameId) && list.length) gameId = list[0].id;
  ui.setGames(list, gameId);
  ui.setFlipped(flipped);
  if (!(embed.active ? embed.start() : (restoreStored(gameId) || newGame(gameId)))) {
    ui.setStatus('Could not start a game.', 'error');
    return;
  }
  share.boot(); // a link in the address opens over the new game
  paint();
  hook.ready = true;
  document.documentElement.dataset.ready = 'true';
}

boot();
if (!embed.active) registerOffline(); // an embedded board leaves offline play to the full page
