// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.
// Where a GIF's frame can differ from the one before it (gif.js draws and reads only there):
// within a move, only where its animation reaches, which is within a piece's reach (a jump's
// height above) of the points its timeline names (board/effects.js timelineReach); at a
// move's first frame also the last move's old and new squares and the line under the board,
// unless checks, arrows, circles or frozen pieces come or go, which redraw it all. Boxes
// are whole cells, so no resting piece is cut by the clip.

import { timelineReach } from '../board/effects.js';

/** Whether the still positions `a` and `b` show nothing beyond the pieces and the last move. */
function quiet(a, b) {
  const plain = (s) => !s.checks.length && !s.shapes.arrows.length && !s.shapes.marks.length;
  return plain(a) && plain(b) && a.frozen.size === b.frozen.size && [...a.frozen].every((sq) => b.frozen.has(sq));
}

/**
 * The boxes of pixels (integers: { x, y, w, h }) where frame `f` (gif.js's plan) can differ
 * from frame `previous`, or null for the whole picture. `before` and `after` are the still
 * positions the two frames show (gifline.js), `geom` the board's geometry, `board` its size
 * ({ width, height }) and `caption` the height of the line under it (0: none).
 */
export function dirtyAreas(f, previous, before, after, geom, board, caption) {
  if (!f.timeline || !previous) return null;
  const first = previous.step !== f.step;
  if (first && !quiet(before, after)) return null;
  const reach = timelineReach(f.timeline);
  if (!reach) return null;
  const u = geom.unit;
  const a = geom.point(reach.x0, reach.y0);
  const b = geom.point(reach.x1, reach.y1);
  let x0 = Math.min(a.x, b.x) - 1.3 * u; let y0 = Math.min(a.y, b.y) - 2.6 * u;
  let x1 = Math.max(a.x, b.x) + 1.3 * u; let y1 = Math.max(a.y, b.y) + 1.3 * u;
  if (first) {
    for (const sq of [...(before.lastMove || []), ...(after.lastMove || [])]) {
      const r = geom.rect(sq);
      if (!r) continue;
      x0 = Math.min(x0, r.x - 1); y0 = Math.min(y0, r.y - 1); x1 = Math.max(x1, r.x + r.w + 1); y1 = Math.max(y1, r.y + r.h + 1);
    }
  }
  // Out to whole cells: a resting piece cut by the clip would be smoothed a shade differently.
  const o = geom.point(0, 0);
  const down = (v, o0) => o0 + Math.floor((v - o0) / u) * u;
  const up = (v, o0) => o0 + Math.ceil((v - o0) / u) * u;
  const box = {
    x: Math.max(0, Math.floor(down(x0, o.x))), y: Math.max(0, Math.floor(down(y0, o.y))),
    x1: Math.min(board.width, Math.ceil(up(x1, o.x))), y1: Math.min(board.height, Math.ceil(up(y1, o.y))),
  };
  if (box.x1 <= box.x || box.y1 <= box.y) return null;
  const out = [{ x: box.x, y: box.y, w: box.x1 - box.x, h: box.y1 - box.y }];
  if (first && caption) out.push({ x: 0, y: board.height, w: board.width, h: caption });
  return out;
}
