// www/input/: presses, drags, keys and taps turned into moves.
// Pawns in hand (Pawnier Chess): each side's hand beside the board, the side at the bottom of
// the board with its hand below it. The hand of the side to move is a button: pick it (click,
// tap, Enter or Space) and the board shows where a pawn may be dropped; then choose a square
// (click, tap, or the keyboard cursor and Enter). A pawn can also be dragged from the hand onto
// the board (mouse, pen or touch), the pawn following the pointer. Escape cancels.
// No rules here: the drops are the engine's legal moves with no origin square.
// Either hand starts an arrow a person draws (shapes.js) as a cell does: a right-drag from it
// to a cell, `a` on it (then `a` at the board's cursor), or a tap with "Draw arrows" on. So
// both hands stay focusable; the one that cannot drop is aria-disabled, not disabled.

import { drawPiece } from '../board/pieces.js';
import { trackDrag } from './drag.js'; // the one drag gesture (board, hands, editor)
import { colourOfKeys } from '../records/shapes.js';

/**
 * Builds both hands next to `canvas` (inside its parent). `host` provides:
 *   geometry() -> geometry from makeGeometry (canvas CSS pixels)
 *   blocked() -> true while input must be ignored (no game, picker open)
 *   pick(on)               shows (true) or clears (false) the drop squares on the board
 *   drop(sq, { dragged })  a drop square was chosen
 *   say(text)              a short message (a drop refused)
 *   tell(text)             a short note (information: why a hand cannot drop now)
 *   canPick(sq)            true if the piece on sq has legal moves (a press there picks it)
 *   cellName(sq)
 *   cursor() / setCursor(sq) / showCursor(on)   the board's keyboard cursor
 *   drag(state | null, hoverSq)   the board marks the square under a dragged pawn
 *   shape(from, sq, colour)   an arrow from the hand `from` ({ hand }) to cell sq was drawn
 *   beginShape(from)          an arrow begun at the hand `from`, to end on the board
 *   drawing() -> null, or the colour taps draw in ("Draw arrows" is on)
 * Returns { update(state), cancel(), picked(), markShapeStart(colour | null) }.
 */
export function makeHands(doc, canvas, host, config) {
  const wrap = canvas.parentElement;
  const hands = { w: makeHand(doc, 'w'), b: makeHand(doc, 'b') };
  let state = { shown: false, counts: { w: 0, b: 0 }, toMove: 'w', drops: new Set(), flipped: false };
  let picked = null; // colour of the picked hand, or null
  let press = null; // a pointer press on a hand (drag.js), until it is let go
  let pressed = false; // a pointer press did the work of the click that follows it
  const floater = makeFloater(doc);

  /** Redraws both hands from the game: counts, whose turn, which side is at the bottom. */
  function update(next) {
    cancel();
    state = { ...state, ...next };
    wrap.classList.toggle('with-hands', state.shown);
    const bottom = state.flipped ? 'b' : 'w';
    const top = bottom === 'w' ? 'b' : 'w';
    // Top hand before the board, bottom hand after it (moved only when the order changes).
    if (canvas.previousElementSibling !== hands[top].el) canvas.before(hands[top].el);
    if (canvas.nextElementSibling !== hands[bottom].el) canvas.after(hands[bottom].el);
    for (const c of ['w', 'b']) {
      const h = hands[c];
      const n = state.counts[c] || 0;
      const active = c === state.toMove && state.drops.size > 0;
      h.el.hidden = !state.shown;
      h.el.dataset.count = String(n);
      h.el.dataset.side = c === bottom ? 'bottom' : 'top';
      h.count.textContent = `×${n}`;
      h.active = active;
      h.button.setAttribute('aria-disabled', String(!active));
      h.button.setAttribute('aria-pressed', 'false');
      const who = c === 'w' ? 'White' : 'Black';
      h.button.setAttribute('aria-label', `${who}'s hand: ${n} pawn${n === 1 ? '' : 's'}${active ? '. Pick one to drop it' : ''}`);
      if (state.shown) paintGlyph(h.glyph, c);
    }
  }

  function pick(color) {
    if (picked === color) return;
    picked = color;
    hands[color].button.setAttribute('aria-pressed', 'true');
    host.pick(true);
  }

  /** Puts the picked pawn back (nothing happens on the board). */
  function cancel() {
    if (press) { press.cancel(); press = null; floater.hide(); host.drag(null, null); }
    if (picked == null) return;
    hands[picked].button.setAttribute('aria-pressed', 'false');
    picked = null;
    host.pick(false);
  }

  function dropOn(sq, dragged) {
    const ok = sq != null && state.drops.has(sq);
    cancel();
    if (ok) host.drop(sq, { dragged });
    else if (sq != null) host.say(`A pawn cannot be dropped on ${host.cellName(sq)}.`);
  }

  /** The board square under a client point, or null. */
  function squareAtClient(x, y) {
    const r = canvas.getBoundingClientRect();
    return host.geometry().squareAt(x - r.left, y - r.top);
  }

  /** Says why hand `color` cannot drop now: not its turn, no pawn, or no square to drop on. */
  function whyNot(color) {
    const who = color === 'w' ? 'White' : 'Black';
    if (color !== state.toMove) host.tell(`${who}'s pawns in hand are dropped on ${who}'s turn.`);
    else if (!state.counts[color]) host.tell(`${who} has no pawn in hand.`);
    else host.tell('No pawn can be dropped now.');
  }

  /** An arrow from hand `color` begun by keys or a tap: the board's cursor ends it. */
  function beginShape(color, byKeys) {
    cancel();
    host.beginShape({ hand: color });
    if (!byKeys) return;
    if (host.cursor() == null) host.setCursor(nearestCell());
    canvas.focus({ preventScroll: true });
    host.showCursor(true);
  }

  /** A right-drag from hand `color`: an arrow to the cell where it is let go. */
  function shapeDrag(e, color) {
    e.preventDefault();
    const colour = colourOfKeys(e); // the colour the keys chose when the press began
    trackDrag(e, hands[color].button, {
      canvas,
      geometry: host.geometry,
      threshold: config.dragThresholdPx,
      released(at) { if (at.sq != null) host.shape({ hand: color }, at.sq, colour); },
    });
  }

  // ---- the hand buttons: pointer (press, tap, drag) and keys ----
  for (const color of ['w', 'b']) {
    const { button } = hands[color];
    const active = () => hands[color].active;
    button.addEventListener('contextmenu', (e) => e.preventDefault()); // the right button draws
    button.addEventListener('pointerdown', (e) => {
      if (!e.isPrimary || host.blocked()) return;
      if (e.pointerType === 'mouse' && e.button === 2) { shapeDrag(e, color); return; }
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      if (host.drawing()) { e.preventDefault(); pressed = true; beginShape(color, false); return; }
      if (!active()) { e.preventDefault(); pressed = true; whyNot(color); return; }
      e.preventDefault();
      host.showCursor(false);
      const wasPicked = picked === color;
      pressed = true;
      pick(color);
      press = trackDrag(e, button, {
        canvas,
        geometry: host.geometry,
        threshold: config.dragThresholdPx,
        moved(at) {
          const size = host.geometry().unit * config.pieceScale * config.dragScale;
          floater.show(color, at.clientX, at.clientY, size);
          host.drag({ sq: null, x: at.x, y: at.y, active: true, left: true }, at.sq);
        },
        released(at, dragged) {
          press = null;
          floater.hide();
          host.drag(null, null);
          if (!dragged) {
            if (wasPicked) cancel(); // a second click puts the pawn back
          } else if (at.sq == null) cancel(); // let go off the board: back to the hand
          else dropOn(at.sq, true);
        },
        lost() { press = null; floater.hide(); host.drag(null, null); },
      });
    });
    // Keyboard (and assistive technology) activation: a click with no pointer press before it.
    button.addEventListener('keydown', (e) => {
      pressed = false;
      if ((e.key === 'a' || e.key === 'A') && !e.repeat && !host.blocked()) { e.preventDefault(); beginShape(color, true); }
    });
    button.addEventListener('click', () => {
      const byPointer = pressed;
      pressed = false;
      if (byPointer || host.blocked()) return;
      if (!active()) { whyNot(color); return; }
      if (picked === color) { cancel(); return; }
      pick(color);
      // Continue on the board: the cursor goes to the drop square nearest the board's middle.
      const cur = host.cursor();
      if (cur == null || !state.drops.has(cur)) host.setCursor(nearestDrop());
      canvas.focus({ preventScroll: true });
      host.showCursor(true);
    });
  }
  // Escape puts a picked pawn back wherever the focus is (the board's own keys come first below).
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && picked != null && !host.blocked()) { e.preventDefault(); cancel(); }
  });

  /** The cell nearest the board's middle (where a begun arrow's cursor starts). */
  function nearestCell() {
    const g = host.geometry();
    return g.nearest(g.width / 2, g.height / 2);
  }

  function nearestDrop() {
    const g = host.geometry();
    let best = null;
    let bestD = Infinity;
    for (const sq of state.drops) {
      const c = g.center(sq);
      const d = Math.hypot(c.x - g.width / 2, c.y - g.height / 2);
      if (d < bestD) { bestD = d; best = sq; }
    }
    return best;
  }

  // ---- the board while a pawn is picked: its presses and keys go to the drop first ----
  // Listened in the capture phase on the board's parent, so they run before input.js's own
  // listeners on the canvas and can keep them from seeing a press that drops.
  wrap.addEventListener('pointerdown', (e) => {
    if (picked == null || e.target !== canvas || !e.isPrimary) return;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const sq = squareAtClient(e.clientX, e.clientY);
    if (sq != null && !state.drops.has(sq) && host.canPick(sq)) { cancel(); return; } // picks that piece
    e.preventDefault();
    e.stopPropagation();
    host.showCursor(false);
    dropOn(sq, false);
  }, true);
  wrap.addEventListener('keydown', (e) => {
    if (picked == null || e.target !== canvas) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      cancel();
    } else if (e.key === 'Enter' || e.key === ' ') {
      const sq = host.cursor();
      if (sq != null && !state.drops.has(sq) && host.canPick(sq)) { cancel(); return; } // picks that piece
      e.preventDefault();
      e.stopPropagation();
      dropOn(sq, false);
    }
  }, true);

  /** Shows which hand an arrow begun by keys or a tap starts from (null: none). */
  function markShapeStart(colour) {
    for (const c of ['w', 'b']) hands[c].button.classList.toggle('shape-start', c === colour);
  }

  return { update, cancel, picked: () => picked, markShapeStart };
}

/** One hand: <div class="hand" data-color> holding a button with the pawn and the count. */
function makeHand(doc, color) {
  const el = doc.createElement('div');
  el.className = 'hand';
  el.dataset.color = color;
  el.hidden = true;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'hand-pawn';
  button.setAttribute('aria-disabled', 'true');
  const glyph = doc.createElement('canvas');
  glyph.className = 'hand-glyph';
  glyph.setAttribute('aria-hidden', 'true');
  const count = doc.createElement('span');
  count.className = 'hand-count';
  count.setAttribute('aria-hidden', 'true');
  button.append(glyph, count);
  el.append(button);
  return { el, button, glyph, count };
}

const pawn = (color) => ({ color, kind: 'pawn', letter: 'P' });

/** Draws the pawn on a hand's small canvas, sharp at the screen's pixel density. */
function paintGlyph(glyph, color) {
  const css = glyph.getBoundingClientRect().width || 32;
  const dpr = globalThis.devicePixelRatio || 1;
  const px = Math.max(1, Math.round(css * dpr));
  if (glyph.width !== px) { glyph.width = px; glyph.height = px; }
  const ctx = glyph.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, px, px);
  drawPiece(ctx, pawn(color), px / 2, px / 2, px);
}

/** The pawn that follows the pointer while dragged from a hand (over the whole page). */
function makeFloater(doc) {
  const cv = doc.createElement('canvas');
  cv.className = 'hand-drag';
  cv.setAttribute('aria-hidden', 'true');
  cv.hidden = true;
  let drawn = '';
  return {
    show(color, x, y, size) {
      if (!cv.isConnected) doc.body.append(cv);
      const dpr = globalThis.devicePixelRatio || 1;
      const px = Math.max(1, Math.round(size * dpr));
      if (drawn !== `${color}:${px}`) {
        cv.width = px;
        cv.height = px;
        cv.style.width = `${size}px`;
        cv.style.height = `${size}px`;
        drawPiece(cv.getContext('2d'), pawn(color), px / 2, px / 2, px);
        drawn = `${color}:${px}`;
      }
      cv.style.transform = `translate(${x - size / 2}px, ${y - size / 2}px)`;
      cv.hidden = false;
    },
    hide() { cv.hidden = true; },
  };
}
