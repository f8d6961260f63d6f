// www/input/: presses, drags, keys and taps turned into moves.
// The geometry made visible on 4-D boards (Riftwalker): the cell under the mouse, or under the
// keyboard cursor, has its neighbours marked (the cells one step away along one of the four
// dimensions; inside a small board and across to the next ones). Ordinary boards get no marks:
// there the neighbours are just the adjacent squares. Touch has no hover, so on a touch-only
// screen the marks follow only the keyboard cursor.

/** True if the layout is a drawing of a 4-D board: its small boards are framed as panels. */
export function isFourD(layout) {
  return !!layout && (layout.separators || []).some((s) => s.kind === 'panel');
}

/**
 * Listens on `canvas`; call it after attachInput (its key handler must run first, so the
 * cursor has moved when this one reads it). `host` provides:
 *   layout() -> the engine's layout (or null)
 *   neighbours(sq) -> the engine's neighbour cells of sq
 *   geometry() -> geometry from makeGeometry
 *   cursor() -> the keyboard cursor's square while it is shown, else null
 *   mark(squares)  what to mark ([] for nothing)
 * Returns { reset() } (call when the game changes).
 */
export function attachNeighbours(canvas, host) {
  let hover = null; // square under the mouse, or null
  let source = 'none'; // which of hover or cursor the marks follow: the last one used
  let marked = null; // square whose neighbours are marked
  const cache = new Map();

  function show() {
    const sq = source === 'hover' ? hover : source === 'cursor' ? host.cursor() : null;
    const next = isFourD(host.layout()) ? sq : null;
    if (next === marked) return;
    marked = next;
    if (next == null) { host.mark([]); return; }
    if (!cache.has(next)) cache.set(next, Array.from(host.neighbours(next) || []));
    host.mark(cache.get(next));
  }

  canvas.addEventListener('pointermove', (e) => {
    if (e.pointerType === 'touch') return; // no hover on touch
    const r = canvas.getBoundingClientRect();
    hover = host.geometry().squareAt(e.clientX - r.left, e.clientY - r.top);
    source = 'hover';
    show();
  });
  canvas.addEventListener('pointerleave', (e) => {
    if (e.pointerType === 'touch') return;
    hover = null;
    source = host.cursor() != null ? 'cursor' : 'none';
    show();
  });
  canvas.addEventListener('keydown', () => { source = 'cursor'; show(); });
  canvas.addEventListener('focus', () => { if (hover == null) { source = 'cursor'; show(); } });
  canvas.addEventListener('blur', () => { if (source === 'cursor') { source = 'none'; show(); } });

  return {
    reset() {
      cache.clear();
      hover = null;
      source = 'none';
      marked = undefined; // force a fresh mark on the next show()
      show();
    },
  };
}
