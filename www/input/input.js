// www/input/: presses, drags, keys and taps turned into moves.
// Input: pointer events (mouse, pen, touch) and keys on the canvas, turned into board intents
// (pick a square, move from -> to, refuse). No rules here: the host answers "can this square be
// picked?" and "is that a destination?" from the adapter's maps. A piece may have moves that
// end where they start (actions on the piece itself): choosing the picked piece's own square
// again (a second click, a drag dropped back on it, Enter) asks for them.
//
// Shapes (arrows and circles a person draws, shapes.js): a right-drag from one cell to
// another draws an arrow, a right-click a circle, with Shift, Alt or Ctrl/Meta for red, blue
// or yellow; by keys, `a` at the cursor starts one and `a` again ends it (on the same cell:
// a circle); by touch, with "Draw arrows" on, a tap starts one and the next tap ends it.
// A shape may also begin at a hand (hand.js calls beginShape); it ends on the board.

import { colourOfKeys } from '../records/shapes.js';
import { trackDrag } from './drag.js'; // the one drag gesture (board, hands, editor)

/**
 * Wires the canvas. `host` provides:
 *   geometry() -> geometry from makeGeometry (canvas CSS pixels)
 *   blocked() -> true while input must be ignored (no game, picker open)
 *   selected() -> picked square or null;  select(sq | null)
 *   canPick(sq) -> true if the piece there has legal moves
 *   isDest(from, to) -> true if some legal move goes from -> to (to === from: an action on itself)
 *   move(from, to, { dragged })   a legal from -> to was chosen
 *   refuse(from, to, { dragged }) an illegal destination was chosen (the piece snaps back)
 *   noPick(sq)                    a square that cannot be picked was pressed with nothing picked
 *   drag(state | null, hoverSq)   the dragged piece moved ({sq, x, y, active, left}) or was let go
 *                                 (left: it has been carried off its square at least once)
 *   cursor() / setCursor(sq), showCursor(bool)   keyboard cursor
 *   shape(from, to, colour)       a shape was drawn from cell to cell (the same: a circle)
 *   shapeStart(sq | null)         a shape begun by keys or touch starts there (null: none)
 *   drawing() -> null, or the colour taps draw in ("Draw arrows" is on)
 * Returns { detach(), beginShape(from) } (from: a cell, or a hand `{ hand: 'w'|'b' }`).
 */
export function attachInput(canvas, host, config) {
  let shapeFrom = null; // a shape begun by keys or a tap: its first cell (or a hand)

  /** Ends a shape begun at `shapeFrom` on `sq` (or begins one there). */
  function shapeAt(sq, colour) {
    if (sq == null) return;
    if (shapeFrom == null) { shapeFrom = sq; host.shapeStart(sq); return; }
    const from = shapeFrom;
    shapeFrom = null;
    host.shapeStart(null);
    host.shape(from, sq, colour);
  }

  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  // The shared "press on a square" step for pointer and keyboard. Returns true if the square
  // was picked (so a drag may follow).
  function pressSquare(sq) {
    const sel = host.selected();
    if (sel != null && sq != null && sq !== sel && host.isDest(sel, sq)) {
      host.move(sel, sq, { dragged: false });
      return false;
    }
    if (sq != null && host.canPick(sq)) {
      host.select(sq);
      return true;
    }
    if (sel != null && sq != null && sq !== sel) host.refuse(sel, sq, { dragged: false });
    else if (sel == null && sq != null) host.noPick(sq);
    host.select(null);
    return false;
  }

  function onDown(e) {
    if (!e.isPrimary || host.blocked()) return;
    const drag = { canvas, geometry: host.geometry, threshold: config.dragThresholdPx };
    if (e.pointerType === 'mouse' && e.button === 2) {
      e.preventDefault();
      const p = local(e);
      const from = host.geometry().squareAt(p.x, p.y);
      const colour = colourOfKeys(e); // the colour the keys chose when the press began
      trackDrag(e, canvas, {
        ...drag,
        released(to) { if (from != null && to.sq != null) host.shape(from, to.sq, colour); },
      });
      return;
    }
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.preventDefault();
    const p = local(e);
    const sq = host.geometry().squareAt(p.x, p.y);
    host.showCursor(false);
    const taps = host.drawing();
    if (taps) { shapeAt(sq, taps); return; }
    const wasSelected = sq != null && host.selected() === sq;
    if (!pressSquare(sq)) return;
    let left = false; // carried off its square at least once
    trackDrag(e, canvas, {
      ...drag,
      moved(at) {
        if (at.sq !== sq) left = true;
        host.drag({ sq, x: at.x, y: at.y, active: true, left }, at.sq);
      },
      released(at, dragged) { dropped(sq, at.sq, { dragged, wasSelected, left }); },
      lost() { host.drag(null, null); },
    });
  }

  /** The piece pressed on `from` let go over `target` (a click when not dragged). */
  function dropped(from, target, { dragged, wasSelected, left }) {
    if (!dragged) {
      // A click: a second click on the picked piece chooses its actions on itself if it has
      // some, else puts it down again.
      if (wasSelected) chooseSelf(from, false);
      return;
    }
    host.drag(null, null);
    if (target === from) {
      // Dropped where it started: its actions on itself if it was carried away and back (or
      // was already picked); otherwise it just stays picked.
      if ((left || wasSelected) && host.isDest(from, from)) host.move(from, from, { dragged: true });
      return;
    }
    if (target == null) { host.select(null); return; } // off the board: snap back
    if (host.isDest(from, target)) host.move(from, target, { dragged: true });
    else {
      host.refuse(from, target, { dragged: true });
      host.select(null);
    }
  }

  // The picked piece's own square chosen again: its actions, or put it down.
  function chooseSelf(sq, dragged) {
    if (host.isDest(sq, sq)) host.move(sq, sq, { dragged });
    else host.select(null);
  }

  const KEYS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  function onKey(e) {
    if (host.blocked()) return;
    const geom = host.geometry();
    if (KEYS[e.key]) {
      e.preventDefault();
      const cur = host.cursor();
      const next = cur == null ? host.selected() ?? firstSquare(geom) : geom.neighbour(cur, ...KEYS[e.key]);
      if (next != null) host.setCursor(next);
      host.showCursor(true);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const cur = host.cursor();
      if (cur == null) { host.setCursor(firstSquare(geom)); host.showCursor(true); return; }
      if (host.selected() === cur) chooseSelf(cur, false);
      else pressSquare(cur);
      host.showCursor(true);
    } else if ((e.key === 'a' || e.key === 'A') && !e.repeat) {
      e.preventDefault();
      const cur = host.cursor();
      if (cur == null) { host.setCursor(firstSquare(geom)); host.showCursor(true); return; }
      shapeAt(cur, e.key === 'A' ? 'R' : colourOfKeys(e));
      host.showCursor(true);
    } else if (e.key === 'Escape') {
      if (shapeFrom != null) { e.preventDefault(); shapeFrom = null; host.shapeStart(null); return; }
      if (host.selected() != null) { e.preventDefault(); host.select(null); }
    }
  }
  const onContextMenu = (e) => e.preventDefault(); // the right button draws shapes
  // Where the cursor first appears: the cell nearest the middle of the drawing (the middle
  // itself may be a hole or a gap between the small boards of a 4-D drawing).
  const firstSquare = (geom) => geom.squareAt(geom.width / 2, geom.height / 2) ?? geom.nearest(geom.width / 2, geom.height / 2);
  const onFocus = () => { if (host.cursor() != null) host.showCursor(true); };
  const onBlur = () => host.showCursor(false);

  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('keydown', onKey);
  canvas.addEventListener('contextmenu', onContextMenu);
  canvas.addEventListener('focus', onFocus);
  canvas.addEventListener('blur', onBlur);
  return {
    /** Begins a shape at `from` (a hand, by its keys or taps); the board's next `a` or tap ends it. */
    beginShape(from) { shapeFrom = from; host.shapeStart(from); },
    detach() {
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('keydown', onKey);
      canvas.removeEventListener('contextmenu', onContextMenu);
      canvas.removeEventListener('focus', onFocus);
      canvas.removeEventListener('blur', onBlur);
    },
  };
}
