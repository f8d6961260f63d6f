// www/board/: the board on the canvas, drawn and animated.
// Pure drawing of what threatens what, on top of the pieces: arrows along a path of cell
// centres (a check's line or leap, an outlaw's bounce, the computer's hint), rings on cells
// (the checking piece, a hint's piece acting in place) and the mark on a destination that
// would remove a piece of the mover's own side. No engine calls, no DOM reads: draw.js calls
// drawOverlays once per frame with the view state.

/**
 * Every arrow and ring the view asks for, in drawing order: the checks (view.checkLines,
 * the engine's `checkers()`: `[{from, king, path}]`, shown when config.showCheck), the
 * picked piece's paths (view.paths, arrows of kind 'path'), then view.arrows and view.rings
 * (hints and anything else). Also what the test hook reports.
 * @returns {{arrows: Array<{from, to, via?, kind, origin?}>, rings: Array<{at, kind}>}}
 */
export function overlayList(view, config = {}) {
  const arrows = [];
  const rings = [];
  if (config.showCheck !== false) {
    for (const c of view.checkLines || []) {
      rings.push({ at: c.from, kind: 'check' });
      arrows.push({ from: c.from, to: c.king, via: Array.from(c.path || []), kind: 'check' });
    }
  }
  for (const a of view.paths || []) arrows.push(a);
  for (const a of view.arrows || []) arrows.push(a);
  for (const r of view.rings || []) rings.push(r);
  // A person's shapes: view.shapes = { arrows: [{from, to, colour, hand?}], marks: [{at, colour}] }
  // (cells; an arrow from a hand has `hand`, 'w' or 'b', and starts where view.handOrigin says).
  for (const a of (view.shapes && view.shapes.arrows) || []) {
    const origin = a.hand && view.handOrigin ? view.handOrigin(a.hand) : null;
    arrows.push({ from: a.from, to: a.to, kind: a.colour, ...(a.hand ? { hand: a.hand, origin } : {}) });
  }
  for (const m of (view.shapes && view.shapes.marks) || []) rings.push({ at: m.at, kind: m.colour });
  if (typeof view.shapeStart === 'number') rings.push({ at: view.shapeStart, kind: 'G' }); // not a hand
  return { arrows, rings };
}

/**
 * Draws the overlays of `view` (see overlayList) and the own-capture marks on the picked
 * piece's destinations (view.ownCaptures, a Set of cells).
 */
export function drawOverlays(ctx, view, geom, theme, config = {}) {
  const { arrows, rings } = overlayList(view, config);
  if (config.showDestinations !== false && view.selected != null) {
    for (const sq of view.ownCaptures || []) ownCaptureMark(ctx, geom, sq, theme);
  }
  drawRings(ctx, geom, rings, theme);
  drawArrows(ctx, geom, arrows, theme);
}

/** A person's shapes (shapes.js) in lichess's colours, a little translucent as there. */
const SHAPE_COLOURS = { G: 'rgba(21,120,27,0.8)', R: 'rgba(136,32,32,0.8)', B: 'rgba(0,48,136,0.8)', Y: 'rgba(230,143,0,0.85)' };

/** The colour of an arrow or ring of `kind` ('check', 'path', 'hint', a shape's G R B Y; others as hints). */
function colourOf(kind, theme) {
  if (kind === 'check') return theme.checkLine || '#c81414';
  if (kind === 'path') return theme.pathLine || '#146e3c';
  if (SHAPE_COLOURS[kind]) return SHAPE_COLOURS[kind];
  return theme.hintArrow || '#0f5fc8';
}

/** Line width of an arrow of `kind`, in cell units. */
const WIDTH = { check: 0.085, path: 0.06, hint: 0.12, G: 0.14, R: 0.14, B: 0.14, Y: 0.14 };

/**
 * Draws arrows: each `{ from: cell or null, to: cell, via?: [cells], kind: 'hint'|'check'|
 * 'path', origin?: {x, y}, hand?: 'w'|'b' }` runs from the centre of `from` (or from
 * `origin`, canvas CSS pixels, for a drop from the hand; or, with no origin, from just off
 * the board's edge on the side of `hand`, as in a picture without the hands) through the
 * centres of the `via` cells, in order, to
 * the centre of `to`, with a head at `to`. An arrow with neither `from` nor `origin` is a
 * ring on `to`. The line starts just off the first piece and the head stops short of the
 * last, so both stay visible; a pale halo keeps it readable on light and dark squares. Where
 * a leg skips cells of the drawing (a 4-D line through the small boards), each `via` cell
 * gets a dot, so the cells the line really passes show. An arrow that is the start of a
 * longer one (same `from`, its `to` next on the other's way: an outlaw's nearer
 * destinations) is drawn as part of the longer one, with no head of its own.
 */
export function drawArrows(ctx, geom, arrows, theme) {
  if (!arrows || !arrows.length) return;
  const u = geom.unit;
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const a of arrows) {
    if (arrows.some((b) => b !== a && leadsOn(a, b))) continue;
    const end = geom.center(a.to);
    if (!end) continue;
    const start = a.from != null ? geom.center(a.from) : a.origin || (a.hand ? handPoint(geom, a.hand) : null);
    if (!start) { drawRings(ctx, geom, [{ at: a.to, kind: a.kind }], theme); continue; }
    const pts = [start];
    for (const sq of a.via || []) {
      const c = geom.center(sq);
      if (c) pts.push(c);
    }
    pts.push(end);
    const w = u * (WIDTH[a.kind] || WIDTH.hint);
    const head = Math.max(6, u * 0.3);
    // Trim: off the first piece (not for a drop from the hand) and short of the last.
    trimStart(pts, a.from != null ? u * 0.2 : 0);
    const waypoints = pts.slice(1, -1);
    const skips = pts.some((p, i) => i > 0 && Math.hypot(p.x - pts[i - 1].x, p.y - pts[i - 1].y) > u * 1.6);
    const tip = trimEnd(pts, u * 0.26);
    if (!tip) continue;
    const colour = colourOf(a.kind, theme);
    // The shaft ends where the head begins, so a translucent colour does not overlap.
    const shaft = pts.map((p) => ({ ...p }));
    trimEnd(shaft, head * 0.8);
    for (const pass of ['halo', 'ink']) {
      ctx.strokeStyle = pass === 'halo' ? (theme.arrowHalo || 'rgba(255,255,255,0.7)') : colour;
      ctx.fillStyle = ctx.strokeStyle;
      ctx.lineWidth = pass === 'halo' ? w + Math.max(2, u * 0.05) : w;
      if (shaft.length >= 2) {
        ctx.beginPath();
        ctx.moveTo(shaft[0].x, shaft[0].y);
        for (const p of shaft.slice(1)) ctx.lineTo(p.x, p.y);
        ctx.stroke();
      }
      arrowHead(ctx, pts[pts.length - 2], tip, head, pass === 'halo' ? Math.max(1.5, u * 0.03) : 0);
      if (skips) {
        for (const p of waypoints) {
          ctx.beginPath();
          ctx.arc(p.x, p.y, w * 1.2 + (pass === 'halo' ? Math.max(1, u * 0.025) : 0), 0, Math.PI * 2);
          ctx.fill();
        }
      }
    }
  }
  ctx.restore();
}

/**
 * Where an arrow from hand `colour` starts when the hand is not drawn beside the board (a
 * picture): half a cell off the board's edge on that hand's side, where the page puts it
 * (below the board for the side at the bottom), near the board's left corner.
 */
function handPoint(geom, colour) {
  const below = (colour === 'w') !== geom.flipped;
  return { x: geom.unit * 0.75, y: below ? geom.height + geom.unit * 0.5 : -geom.unit * 0.5 };
}

/** Whether arrow `a` is the start of arrow `b`: same origin, `b` passes a's way and then a's end. */
function leadsOn(a, b) {
  if (a.from == null || a.from !== b.from || a.kind !== b.kind) return false;
  const av = a.via || [];
  const bv = b.via || [];
  return bv.length > av.length && av.every((sq, i) => bv[i] === sq) && bv[av.length] === a.to;
}

/** Draws rings `{ at: cell, kind }`: a circle round the cell in the kind's colour. */
export function drawRings(ctx, geom, rings, theme) {
  if (!rings || !rings.length) return;
  const u = geom.unit;
  ctx.save();
  for (const r of rings) {
    const c = geom.center(r.at);
    if (!c) continue;
    const w = Math.max(2, u * 0.07);
    ctx.lineWidth = w + Math.max(2, u * 0.04);
    ctx.strokeStyle = theme.arrowHalo || 'rgba(255,255,255,0.7)';
    ctx.beginPath();
    ctx.arc(c.x, c.y, u * 0.42, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = w;
    ctx.strokeStyle = colourOf(r.kind, theme);
    ctx.beginPath();
    ctx.arc(c.x, c.y, u * 0.42, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The mark of a destination whose move removes a piece of the mover's own side (a Vagabond
 * berserker's rage or leap): a ring in the warning colour broken into four arcs (open at the
 * diagonals), with a warning triangle in the cell's top left gap, plainly not the
 * enemy-capture ring.
 */
function ownCaptureMark(ctx, geom, sq, theme) {
  const c = geom.center(sq);
  const r = geom.rect(sq);
  if (!c || !r) return;
  const u = geom.unit;
  const colour = theme.ownCapture || '#d06a00';
  ctx.save();
  ctx.lineCap = 'butt';
  for (const pass of ['halo', 'ink']) {
    ctx.strokeStyle = pass === 'halo' ? (theme.arrowHalo || 'rgba(255,255,255,0.7)') : colour;
    ctx.lineWidth = u * 0.08 + (pass === 'halo' ? Math.max(2, u * 0.04) : 0);
    for (let k = 0; k < 4; k++) {
      const a = (k * Math.PI) / 2;
      ctx.beginPath();
      ctx.arc(c.x, c.y, u * 0.4, a - 0.45, a + 0.45);
      ctx.stroke();
    }
  }
  // The warning triangle with an exclamation mark.
  const s = u * 0.28;
  const x = r.x + u * 0.06;
  const y = r.y + u * 0.06;
  ctx.beginPath();
  ctx.moveTo(x + s / 2, y);
  ctx.lineTo(x + s, y + s * 0.9);
  ctx.lineTo(x, y + s * 0.9);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = Math.max(1, u * 0.02);
  ctx.strokeStyle = theme.arrowHalo || 'rgba(255,255,255,0.7)';
  ctx.stroke();
  ctx.fillStyle = theme.ownCaptureInk || '#000';
  ctx.fillRect(x + s / 2 - s * 0.05, y + s * 0.28, s * 0.1, s * 0.32);
  ctx.fillRect(x + s / 2 - s * 0.05, y + s * 0.68, s * 0.1, s * 0.1);
  ctx.restore();
}

/** A filled head with its tip at `tip`, pointing from `from`; `halo` widens it by an outline. */
function arrowHead(ctx, from, tip, size, halo) {
  const dx = tip.x - from.x;
  const dy = tip.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const bx = tip.x - ux * size;
  const by = tip.y - uy * size;
  const half = size * 0.55;
  ctx.beginPath();
  ctx.moveTo(tip.x, tip.y);
  ctx.lineTo(bx - uy * half, by + ux * half);
  ctx.lineTo(bx + uy * half, by - ux * half);
  ctx.closePath();
  ctx.fill();
  if (halo) { ctx.lineWidth = halo; ctx.stroke(); }
}

/** Moves the first point `d` pixels along the polyline (not past its first segment's end). */
function trimStart(pts, d) {
  if (pts.length < 2 || d <= 0) return;
  const [a, b] = pts;
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len <= d) return;
  pts[0] = { x: a.x + ((b.x - a.x) * d) / len, y: a.y + ((b.y - a.y) * d) / len };
}

/**
 * Shortens the polyline by `d` pixels at its end, dropping segments shorter than what is
 * left to cut; returns the new last point (null if nothing is left).
 */
function trimEnd(pts, d) {
  while (pts.length >= 2) {
    const b = pts[pts.length - 1];
    const a = pts[pts.length - 2];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len > d) {
      pts[pts.length - 1] = { x: b.x - ((b.x - a.x) * d) / len, y: b.y - ((b.y - a.y) * d) / len };
      return pts[pts.length - 1];
    }
    d -= len;
    pts.pop();
  }
  return null;
}
