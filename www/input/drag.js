// www/input/: presses, drags, keys and taps turned into moves.
// One drag gesture, shared by everything that can be carried onto the board: the board's
// pieces (input.js), the pawns in hand (hand.js) and the editor's palette and pieces
// (editor.js). A press becomes a drag once the pointer has moved `threshold` CSS pixels; until
// then it is a click. The pointer is captured by the element pressed, so the gesture follows
// it anywhere on the page, and every point is reported in the board canvas's CSS pixels with
// the cell under it.

/**
 * Follows the press `e` on `el` until it is let go or lost. `how`:
 *   canvas, geometry()   the board: points are in its CSS pixels, `sq` is the cell under them
 *   threshold            pixels the pointer must move before the press is a drag
 *   moved(point)         while dragging: { x, y, sq, clientX, clientY }
 *   released(point, dragged)  let go (dragged: it had become a drag)
 *   lost()               the browser took the pointer away (a scroll, another window)
 * Returns a handle with `active()` (the press has become a drag) and `cancel()` (forget it).
 */
export function trackDrag(e, el, how) {
  const id = e.pointerId;
  const x0 = e.clientX;
  const y0 = e.clientY;
  let active = false;
  let done = false;

  const point = (ev) => {
    const r = how.canvas.getBoundingClientRect();
    const x = ev.clientX - r.left;
    const y = ev.clientY - r.top;
    return { x, y, sq: how.geometry().squareAt(x, y), clientX: ev.clientX, clientY: ev.clientY };
  };
  function finish() {
    done = true;
    el.removeEventListener('pointermove', onMove);
    el.removeEventListener('pointerup', onUp);
    el.removeEventListener('pointercancel', onLost);
    el.removeEventListener('lostpointercapture', onLost);
  }
  function onMove(ev) {
    if (ev.pointerId !== id) return;
    if (!active && Math.hypot(ev.clientX - x0, ev.clientY - y0) >= how.threshold) active = true;
    if (active && how.moved) how.moved(point(ev));
  }
  function onUp(ev) {
    if (ev.pointerId !== id) return;
    finish();
    how.released(point(ev), active);
  }
  function onLost(ev) {
    if (ev.pointerId !== id || done) return;
    finish();
    if (how.lost) how.lost();
  }

  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointercancel', onLost);
  el.addEventListener('lostpointercapture', onLost);
  try { el.setPointerCapture(id); } catch { /* the pointer is already gone */ }
  return {
    active: () => active && !done,
    cancel() { if (!done) finish(); },
  };
}
