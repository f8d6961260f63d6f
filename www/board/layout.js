// www/board/: the board on the canvas, drawn and animated.
// Geometry: the engine's layout (cells in cell units) placed in a canvas of a given CSS size.
// Knows nothing about any game: a cell is a unit square at (x, y), y = 0 at the top, and a
// flipped board is the drawing turned half a turn.

/**
 * Builds the geometry for `layout` (from `GameHandle.layout()`) drawn into a box of
 * `cssWidth` x `cssHeight` CSS pixels.
 * @returns {{
 *   unit: number,                       // CSS pixels per cell unit
 *   rect(sq: number): {x, y, w, h},     // a cell's box in canvas CSS pixels
 *   center(sq: number): {x, y},         // a cell's centre in canvas CSS pixels
 *   point(ux: number, uy: number): {x, y}, // a point in cell units to canvas CSS pixels
 *   squareAt(px: number, py: number): number | null, // hit test
 *   neighbour(sq: number, dx: number, dy: number): number | null, // nearest cell on screen in a direction
 *   nearest(px: number, py: number): number | null, // the cell whose centre is nearest a point
 * }}
 */
export function makeGeometry(layout, cssWidth, cssHeight, flipped) {
  const W = layout.width;
  const H = layout.height;
  const unit = Math.max(0, Math.min(cssWidth / W, cssHeight / H));
  const offX = (cssWidth - unit * W) / 2;
  const offY = (cssHeight - unit * H) / 2;
  const bySq = new Map(layout.cells.map((c) => [c.sq, c]));

  // A point in cell units (as the engine draws it) to canvas pixels, turning half a turn if flipped.
  const point = (ux, uy) => flipped
    ? { x: offX + (W - ux) * unit, y: offY + (H - uy) * unit }
    : { x: offX + ux * unit, y: offY + uy * unit };

  const rect = (sq) => {
    const c = bySq.get(sq);
    if (!c) return null;
    const a = point(c.x, c.y);
    const b = point(c.x + 1, c.y + 1);
    return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: unit, h: unit };
  };

  const center = (sq) => {
    const r = rect(sq);
    return r && { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  };

  const squareAt = (px, py) => {
    for (const c of layout.cells) {
      const r = rect(c.sq);
      if (px >= r.x && px < r.x + r.w && py >= r.y && py < r.y + r.h) return c.sq;
    }
    return null;
  };

  // The cell whose centre lies nearest in screen direction (dx, dy) (each -1, 0 or 1);
  // for keyboard movement on any board shape, holes included.
  const neighbour = (sq, dx, dy) => {
    const from = center(sq);
    if (!from) return null;
    let best = null;
    let bestScore = Infinity;
    for (const c of layout.cells) {
      if (c.sq === sq) continue;
      const p = center(c.sq);
      const ax = (p.x - from.x) / unit;
      const ay = (p.y - from.y) / unit;
      const along = ax * dx + ay * dy;
      if (along < 0.5) continue;
      const across = Math.abs(ax * dy - ay * dx);
      const score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = c.sq; }
    }
    return best;
  };

  // The cell whose centre is nearest a point (for a starting place on boards with holes).
  const nearest = (px, py) => {
    let best = null;
    let bestD = Infinity;
    for (const c of layout.cells) {
      const p = center(c.sq);
      const d = Math.hypot(p.x - px, p.y - py);
      if (d < bestD) { bestD = d; best = c.sq; }
    }
    return best;
  };

  return { unit, rect, center, point, squareAt, neighbour, nearest, width: cssWidth, height: cssHeight, flipped: !!flipped };
}

/** Splits a cell name such as "e4" or "i11" into file letters and rank digits (or null). */
export function splitName(name) {
  const m = /^([a-z]+)(\d+)$/i.exec(name || '');
  return m ? { file: m[1], rank: m[2] } : null;
}

/**
 * Which cells carry a coordinate label on screen: the lowest cell of each screen column gets
 * its file letters, the leftmost cell of each screen row its rank number. Works for any shape.
 * @returns {Map<number, {file?: string, rank?: string}>}
 */
export function coordinateLabels(layout, geom) {
  const lowest = new Map(); // column x (px, rounded) -> {sq, y}
  const leftmost = new Map(); // row y -> {sq, x}
  for (const c of layout.cells) {
    const r = geom.rect(c.sq);
    const col = Math.round(r.x);
    const row = Math.round(r.y);
    if (!lowest.has(col) || lowest.get(col).y < r.y) lowest.set(col, { sq: c.sq, y: r.y });
    if (!leftmost.has(row) || leftmost.get(row).x > r.x) leftmost.set(row, { sq: c.sq, x: r.x });
  }
  const names = new Map(layout.cells.map((c) => [c.sq, splitName(c.name)]));
  const out = new Map();
  for (const { sq } of lowest.values()) {
    const n = names.get(sq);
    if (n) out.set(sq, { ...(out.get(sq) || {}), file: n.file });
  }
  for (const { sq } of leftmost.values()) {
    const n = names.get(sq);
    if (n) out.set(sq, { ...(out.get(sq) || {}), rank: n.rank });
  }
  return out;
}
