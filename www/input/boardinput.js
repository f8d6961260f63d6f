// www/input/: presses, drags, keys and taps turned into moves.
// A person's input on the board turned into moves, words and shapes: the canvas's presses,
// drags and keys (input.js), the pawns in hand (hand.js), the "Draw arrows" toggle for touch,
// and the 4-D neighbour marks. Legal moves come from the state's byFrom map (game/adapter.js); a
// move is played through the controller (game/controller.js), the one path for every move.
// The hands and the marks follow the game by subscribing to its changes.

import { movesBetween, destinations, choicePiece } from '../game/adapter.js';
import { attachInput } from './input.js';
import { makeHands } from './hand.js';
import { attachNeighbours } from './neighbours.js';
import { gameInfo, colourName, subscribe, SHOWN } from '../state.js';
import { startHand } from '../records/shapes.js';

const capitalise = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);
/** "King", "Driver": a piece's kind in words for the picker. */
const kindWord = (p) => capitalise(p ? p.kind : 'piece');

/**
 * Wires the board's input over the page's `state`: `config`, `board` (boardview.js),
 * `controller` (game/controller.js: moves, picks, shapes), `ui` (the picker and messages),
 * `safely` (engine errors said). Returns { blockWhile(fn) }: input is ignored while fn()
 * says so too (an embedded board's view mode, a puzzle answering, the computer's turn).
 */
export function attachBoardInput(doc, state, { config, board, controller, ui, safely }) {
  const { canvas } = board;
  const view = state.view;
  const { cellName } = controller;
  const cellSpeech = doc.getElementById('cell-speech'); // the cursor's cell in words
  const blockers = [];
  const blocked = () => !state.game || ui.pickerOpen() || state.editing || blockers.some((fn) => fn());

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
    const candidates = movesBetween(state.byFrom, from, to);
    if (candidates.length === 0) { refuse(from, to); return; }
    const draggedFrom = dragged ? from : null;
    if (candidates.length === 1) { controller.play(candidates[0].text, { draggedFrom }); return; }
    const piece = state.pieces[from];
    // Plain moves (no choice) first, then the engine's order.
    const ordered = [...candidates.filter((m) => !m.choice), ...candidates.filter((m) => m.choice)];
    const options = ordered.map((m) => choiceOption(m, piece));
    const promotions = candidates.every((m) => m.choice && m.choice.kind === 'promotion');
    const title = promotions ? 'Promote to'
      : from === to ? `${kindWord(piece)} on ${cellName(from)}`
        : `${kindWord(piece)} ${cellName(from)} to ${cellName(to)}`;
    ui.clearMessage();
    ui.openPicker(title, options,
      (text) => controller.play(text, { draggedFrom }),
      () => { controller.select(null); ui.say('Move cancelled.'); },
      canvas);
  }

  function refuse(from, to) {
    if (state.outcome) ui.say(`The game is over: ${state.outcome.text}.`);
    else ui.say(`Illegal move: ${cellName(from)} to ${cellName(to)}.`);
    board.requestRedraw();
  }

  /** A press on a piece that cannot be picked: why not, in words. */
  function noPick(sq) {
    const p = state.pieces[sq];
    if (!p) return;
    if (state.outcome) ui.say(`The game is over: ${state.outcome.text}.`);
    else if (state.game && p.color !== state.game.sideToMove()) ui.say(`${colourName(state.game.sideToMove())} to move.`);
    else if (view.frozen.has(sq)) {
      ui.say(`The ${p.kind} on ${cellName(sq)} is frozen by an enemy merchant beside it: it cannot move or attack.`);
    } else ui.say(`The ${p.kind} on ${cellName(sq)} has no legal move.`);
  }

  /**
   * A piece just picked that also acts where it stands (Quarter's driver): says how to reach
   * those actions, which the board shows only as a faint ring on the piece.
   */
  function hintActions(sq) {
    if (sq == null || !state.pieces[sq]) return;
    const actions = movesBetween(state.byFrom, sq, sq);
    if (!actions.length) return;
    const words = actions.map((m) => choiceOption(m, state.pieces[sq]).label.toLowerCase());
    const list = words.length > 3 ? `${words.slice(0, 3).join(', ')}, …` : words.join(', ');
    ui.tell(`Choose the ${state.pieces[sq].kind} on ${cellName(sq)} again for its actions there: ${list}.`);
  }

  /**
   * The cell the keyboard cursor moved to, in words for screen readers (a polite live region):
   * its name, what stands there, and whether that piece is frozen or the cell is a destination
   * of the piece picked up or a drop square of the hand.
   */
  function sayCell(sq) {
    if (!cellSpeech || sq == null) return;
    const p = state.pieces[sq];
    const words = [p ? p.name.toLowerCase() : 'empty'];
    if (p && view.frozen.has(sq)) words.push('frozen');
    if ((view.selected != null || view.dropping) && view.dests.includes(sq)) words.push('a destination');
    cellSpeech.textContent = `${cellName(sq)}: ${words.join(', ')}`;
  }

  // The board's keyboard cursor and the piece carried, shared by the canvas and the hands.
  const cursorParts = {
    cursor: () => view.cursor,
    setCursor(sq) { view.cursor = sq; sayCell(sq); board.requestRedraw(); },
    showCursor(on) { if (view.showCursor !== on) { view.showCursor = on; board.requestRedraw(); } },
    drag(carried, hover) { view.drag = carried; view.hover = hover; board.requestRedraw(); },
  };

  // "Draw arrows" (touch and mouse alike): taps on the board draw shapes in the colour chosen.
  const drawButton = doc.getElementById('draw-shapes');
  const drawColour = doc.getElementById('shape-colour');
  const drawingColour = () => (drawButton && drawButton.getAttribute('aria-pressed') === 'true' ? (drawColour ? drawColour.value : 'G') : null);
  drawButton?.addEventListener('click', () => {
    const on = drawButton.getAttribute('aria-pressed') !== 'true';
    drawButton.setAttribute('aria-pressed', String(on));
    if (drawColour) drawColour.disabled = !on; // always in its place, usable while drawing
    input.beginShape(null); // a shape begun is forgotten
    controller.select(null);
    board.requestRedraw();
    const start = gameInfo(state).hands ? 'a square or a hand' : 'a square';
    ui.tell(on ? `Drawing: tap ${start}, then another square for an arrow or the same for a circle. "Draw arrows" again to play.` : 'Back to playing.');
  });

  // A shape begun by keys or taps: a ring on its cell, or the hand it starts from marked.
  function shapeStart(from) {
    view.shapeStart = from;
    hands.markShapeStart(startHand(from));
    board.requestRedraw();
  }

  const input = attachInput(canvas, {
    ...cursorParts,
    geometry: board.geometry,
    blocked,
    selected: () => view.selected,
    select(sq) { controller.select(sq); hintActions(sq); },
    canPick: (sq) => state.byFrom.has(sq),
    isDest: (from, to) => movesBetween(state.byFrom, from, to).length > 0,
    move: (from, to, how) => tryMove(from, to, how),
    refuse: (from, to) => refuse(from, to),
    noPick,
    shape: controller.drawShape,
    shapeStart,
    drawing: () => drawingColour(),
  }, config);

  // Pawns in hand (hand.js): drops are legal moves with no origin, played by tryMove(null, to).
  const hands = makeHands(doc, canvas, {
    ...cursorParts,
    geometry: board.geometry,
    blocked,
    pick(on) {
      controller.select(null);
      view.dropping = on;
      view.dests = on ? destinations(state.byFrom, null) : [];
      board.requestRedraw();
    },
    drop: (sq, how) => tryMove(null, sq, how),
    say: ui.say,
    tell: ui.tell,
    canPick: (sq) => state.byFrom.has(sq),
    cellName,
    shape: controller.drawShape,
    beginShape: (from) => input.beginShape(from),
    drawing: () => drawingColour(),
  }, config);

  // 4-D neighbour marks (neighbours.js): after attachInput, so the cursor has moved first.
  const neighbourMarks = attachNeighbours(canvas, {
    layout: () => state.layout,
    neighbours: (sq) => (state.game ? safely(() => state.game.neighbours(sq), []) : []),
    geometry: board.geometry,
    cursor: () => (view.showCursor ? view.cursor : null),
    mark(squares) { view.neighbours = squares; board.requestRedraw(); },
  });

  // The pawns in hand follow the game, the side at the bottom and the colours; a new game
  // forgets the marks and the cursor's words about the game left.
  subscribe(state, [...SHOWN, 'flip', 'style'], () => {
    const { game } = state;
    const counts = (game && safely(() => game.hands())) || { w: 0, b: 0 };
    hands.update({
      shown: !!gameInfo(state).hands && !state.editing, counts, flipped: state.flipped, // the editor has its own hands
      toMove: game ? game.sideToMove() : 'w',
      drops: new Set(destinations(state.byFrom, null)),
    });
  });
  subscribe(state, ['new'], () => {
    neighbourMarks.reset(); // 4-D neighbour marks (neighbours.js)
    if (cellSpeech) cellSpeech.textContent = '';
  });

  return { blockWhile(fn) { blockers.push(fn); } };
}
