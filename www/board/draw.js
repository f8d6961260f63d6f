// www/board/: the board on the canvas, drawn and animated.
// Pure drawing: paints one frame from the view state. No engine calls, no DOM reads other
// than the canvas context it is given; boardview.js calls it at most once per animation frame.

import { drawPiece } from './pieces.js';
import { coordinateLabels } from './layout.js';
import { placeCoordinates } from './coordinates.js';
import { animHidden, drawAnimation } from './animdraw.js';
import { drawOverlays } from './overlays.js';

const THEME_VARS = {
  light: '--square-light',
  dark: '--square-dark',
  coordOnLight: '--coord-on-light',
  coordOnDark: '--coord-on-dark',
  lastMove: '--last-move',
  selected: '--selected',
  dest: '--dest',
  check: '--check',
  target: '--drop-target',
  focus: '--focus-ring',
  separator: '--separator',
  separatorGap: '--separator-gap',
  hole: '--hole',
  holeLine: '--hole-line',
  frozen: '--frozen',
  frozenBg: '--frozen-bg',
  neighbour: '--neighbour',
  // Threats and hints (overlays.js).
  checkLine: '--check-line',
  pathLine: '--path-line',
  hintArrow: '--hint-arrow',
  ownCapture: '--own-capture',
  ownCaptureInk: '--own-capture-ink',
  arrowHalo: '--arrow-halo',
};

/** Reads the board colours from CSS custom properties on `el` (they follow the colour scheme). */
export function readTheme(el) {
  const cs = getComputedStyle(el);
  const theme = {};
  for (const [key, prop] of Object.entries(THEME_VARS)) theme[key] = cs.getPropertyValue(prop).trim() || '#888';
  return theme;
}

/**
 * Draws a frame.
 * @param {CanvasRenderingContext2D} ctx
 * @param {object} view  {layout, pieces, kinds (the game's piece kinds, for the coordinates;
 *                        null: any), selected, dests, captureDests, lastMove (squares),
 *                        checks, drag, hover, cursor, showCursor, anim, dropping (the
 *                        dests are a hand's drop squares), neighbours (4-D marks), stars
 *                        (a lesson's stars still to collect: cells), playing (the pieces
 *                        that play in a lesson's task that names them: cells), and the
 *                        overlays drawn by overlays.js over the pieces:
 *   checkLines  the engine's checkers(): [{from, king, path: [cells between, in order]}],
 *               each drawn as a ring on the checking piece and an arrow to the king
 *               (when config.showCheck);
 *   paths       arrows of the picked piece's moves (an outlaw's bounces), kind 'path';
 *   ownCaptures Set of the picked piece's destinations whose move removes a piece of its
 *               own side: a warning mark instead of the capture ring;
 *   arrows      [{ from: cell or null, to: cell, via?: [cells], kind: 'hint'|'check'|'path',
 *               origin?: {x, y} (canvas CSS px, for a drop from the hand) }]: an arrow from
 *               the centre of `from` (or `origin`) through the `via` centres to `to`;
 *               neither `from` nor `origin`: a ring on `to`;
 *   rings       [{ at: cell, kind }]: a ring on a cell (a hint's action in place).
 *               Drawn by overlays.js's drawArrows(ctx, geom, arrows, theme) and
 *               drawRings(ctx, geom, rings, theme), exported for other callers.}
 * @param {object} geom  from makeGeometry (CSS pixels)
 * @param {object} theme from readTheme
 * @param {object} config from makeConfig
 * @param {number} dpr   device pixels per CSS pixel
 */
export function draw(ctx, view, geom, theme, config, dpr) {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, geom.width, geom.height);
  const { layout, pieces } = view;
  const u = geom.unit;
  if (!layout || u <= 0) return;

  // Squares.
  for (const c of layout.cells) {
    const r = geom.rect(c.sq);
    ctx.fillStyle = c.dark ? theme.dark : theme.light;
    // Overlap by a hair so no seams show between cells at fractional sizes.
    ctx.fillRect(r.x, r.y, r.w + 0.5, r.h + 0.5);
  }
  drawHoles(ctx, layout, geom, theme);

  const tint = (sq, colour) => {
    const r = geom.rect(sq);
    if (!r) return;
    ctx.fillStyle = colour;
    ctx.fillRect(r.x, r.y, r.w, r.h);
  };
  if (config.showLastMove && view.lastMove) {
    for (const sq of view.lastMove) tint(sq, theme.lastMove);
  }
  if (view.selected != null) tint(view.selected, theme.selected);

  if (config.showCheck) {
    for (const sq of view.checks || []) {
      const c = geom.center(sq);
      if (!c) continue;
      const g = ctx.createRadialGradient(c.x, c.y, 0, c.x, c.y, u * 0.62);
      g.addColorStop(0, theme.check);
      g.addColorStop(0.55, theme.check);
      g.addColorStop(1, 'rgba(0,0,0,0)');
      ctx.fillStyle = g;
      const r = geom.rect(sq);
      ctx.fillRect(r.x, r.y, r.w, r.h);
    }
  }

  drawNeighbours(ctx, view.neighbours, geom, theme); // under the frames and coordinates
  drawSeparators(ctx, layout, geom, theme);
  if (config.showCoordinates) drawCoordinates(ctx, layout, geom, theme, config, view.kinds);

  // A lesson's stars still to collect (embed/lesson.js), under the pieces, and a gold frame
  // round the pieces that play where a task names them.
  drawStars(ctx, view.stars, geom);
  for (const sq of view.playing || []) outline(ctx, geom.rect(sq), '#d4a20f', Math.max(2, u * 0.07));

  // Pieces at rest. The dragged piece leaves a faint ghost; animated pieces are drawn later.
  const moving = animHidden(view.anim);
  const size = u * config.pieceScale;
  for (const c of layout.cells) {
    const p = pieces[c.sq];
    if (!p || moving.has(c.sq)) continue;
    const ctr = geom.center(c.sq);
    const dragged = view.drag && view.drag.active && view.drag.sq === c.sq;
    drawPiece(ctx, p, ctr.x, ctr.y, size, dragged ? 0.3 : 1);
  }

  // Frozen agents (Quarter): a snowflake badge in the cell's top right corner.
  for (const sq of view.frozen || []) {
    if (pieces[sq] && !moving.has(sq)) snowflake(ctx, geom.rect(sq), u, theme);
  }

  // Legal destinations: dots for quiet moves, rings around pieces that can be captured, a
  // dashed ring on a piece whose square a move ends on without taking it (a king castling
  // onto its rook), and a dashed double ring on the picked piece itself when it has actions
  // there (to === from).
  if (config.showDestinations && (view.selected != null || view.dropping)) {
    ctx.fillStyle = theme.dest;
    ctx.strokeStyle = theme.dest;
    for (const sq of view.dests || []) {
      const ctr = geom.center(sq);
      if (!ctr) continue;
      if (sq === view.selected) {
        selfRing(ctx, ctr, u);
      } else if (view.ownCaptures?.has(sq)) {
        // overlays.js marks it: the move removes a piece of the mover's own side.
      } else if (view.captureDests?.has(sq) || pieces[sq]) {
        ctx.lineWidth = u * 0.08;
        ctx.setLineDash(view.captureDests?.has(sq) ? [] : [u * 0.16, u * 0.1]);
        ctx.beginPath();
        ctx.arc(ctr.x, ctr.y, u * 0.44, 0, Math.PI * 2); // inside the cell, stroke and all
        ctx.stroke();
        ctx.setLineDash([]);
      } else {
        ctx.beginPath();
        ctx.arc(ctr.x, ctr.y, u * 0.15, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }

  // The piece legend's choice: that kind's pieces and where they can go (legend.js).
  if (view.legend) drawLegendMarks(ctx, view.legend, pieces, geom, theme);

  // Threats and hints (overlays.js): check lines, paths, own-capture marks, arrows, rings.
  // Not during an animation: they belong to the position after it.
  if (!view.anim) drawOverlays(ctx, view, geom, theme, config);

  // Square under a dragged piece (its own square too once carried off, if it has actions there).
  if (view.drag && view.drag.active && view.hover != null
    && (view.hover !== view.drag.sq || (view.drag.left && (view.dests || []).includes(view.hover)))) {
    outline(ctx, geom.rect(view.hover), theme.target, u * 0.06);
  }
  // Keyboard cursor.
  if (view.showCursor && view.cursor != null) {
    outline(ctx, geom.rect(view.cursor), theme.focus, Math.max(2, u * 0.06));
  }

  // A running animation (animdraw.js): pieces in flight, removals, links, glyph changes.
  if (view.anim) drawAnimation(ctx, view.anim, geom, theme, size, pieces);

  // The dragged piece, on top, under the pointer.
  if (view.drag && view.drag.active) {
    const p = pieces[view.drag.sq];
    if (p) drawPiece(ctx, p, view.drag.x, view.drag.y, size * config.dragScale);
  }
}

/** A lesson's stars (cells): a gold five-pointed star with a dark rim in each. */
function drawStars(ctx, cells, geom) {
  if (!cells || !cells.length) return;
  const u = geom.unit;
  ctx.save();
  ctx.fillStyle = '#f2c230';
  ctx.strokeStyle = '#6b4a00';
  ctx.lineWidth = Math.max(1, u * 0.03);
  ctx.lineJoin = 'round';
  for (const sq of cells) {
    const c = geom.center(sq);
    if (!c) continue;
    ctx.beginPath();
    for (let i = 0; i < 10; i += 1) {
      const r = i % 2 === 0 ? u * 0.32 : u * 0.13;
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      ctx[i === 0 ? 'moveTo' : 'lineTo'](c.x + r * Math.cos(a), c.y + r * Math.sin(a));
    }
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The 4-D neighbours of the hovered or cursor cell: a bracket in each corner, distinct from
 * the destination dots and rings and from the cursor's full outline.
 */
function drawNeighbours(ctx, squares, geom, theme) {
  if (!squares || !squares.length) return;
  const u = geom.unit;
  const w = Math.max(1.5, u * 0.05);
  const arm = u * 0.22;
  const k = w / 2 + u * 0.04; // inset from the cell's edge
  ctx.save();
  ctx.strokeStyle = theme.neighbour;
  ctx.lineWidth = w;
  ctx.lineCap = 'square';
  for (const sq of squares) {
    const r = geom.rect(sq);
    if (!r) continue;
    const [x0, y0, x1, y1] = [r.x + k, r.y + k, r.x + r.w - k, r.y + r.h - k];
    ctx.beginPath();
    for (const [x, y, sx, sy] of [[x0, y0, 1, 1], [x1, y0, -1, 1], [x1, y1, -1, -1], [x0, y1, 1, -1]]) {
      ctx.moveTo(x + sx * arm, y);
      ctx.lineTo(x, y);
      ctx.lineTo(x, y + sy * arm);
    }
    ctx.stroke();
  }
  ctx.restore();
}

function outline(ctx, r, colour, w) {
  if (!r) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = w;
  ctx.strokeRect(r.x + w / 2, r.y + w / 2, r.w - w, r.h - w);
}

/** The ring on a piece's own square when it can act there: two dashed circles. */
function selfRing(ctx, ctr, u) {
  ctx.save();
  ctx.lineWidth = Math.max(2, u * 0.065);
  const dash = Math.max(3, u * 0.1);
  ctx.setLineDash([dash, dash * 0.7]);
  for (const r of [0.46, 0.37]) {
    ctx.beginPath();
    ctx.arc(ctr.x, ctr.y, u * r, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * Separators from the layout (cell units, so flipping follows): `quadrant` lines as a double
 * line (two thin dark lines with a light gap between them: it reads on light and dark squares
 * alike), `panel` edges as a thin dark frame. All bands are laid first, then all gaps, so
 * where two double lines cross they open into each other cleanly.
 */
function drawSeparators(ctx, layout, geom, theme) {
  const u = geom.unit;
  const seps = layout.separators || [];
  const ends = (s) => [geom.point(s.x1, s.y1), geom.point(s.x2, s.y2)];
  const quad = seps.filter((s) => s.kind === 'quadrant');
  const frames = seps.filter((s) => s.kind !== 'quadrant');
  const { thin, gap, frame: w } = separatorWidths(u);
  ctx.save();
  if (quad.length) {
    ctx.lineCap = 'butt';
    ctx.strokeStyle = theme.separator;
    ctx.lineWidth = gap + 2 * thin;
    for (const s of quad) line(ctx, ...ends(s));
    ctx.strokeStyle = theme.separatorGap;
    ctx.lineWidth = gap;
    for (const s of quad) line(ctx, ...ends(s));
  }
  if (frames.length) {
    // Each edge is drawn just inside the cells it borders (found by looking on both sides),
    // so frames on the outside of the drawing are not cut by the canvas edge.
    ctx.lineCap = 'square';
    ctx.strokeStyle = theme.separator;
    ctx.lineWidth = w;
    for (const s of frames) {
      const [a, b] = ends(s);
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      let nx = -(b.y - a.y) / len;
      let ny = (b.x - a.x) / len;
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      if (geom.squareAt(mx + nx * u * 0.25, my + ny * u * 0.25) == null) { nx = -nx; ny = -ny; }
      const k = w / 2;
      line(ctx, { x: a.x + nx * k, y: a.y + ny * k }, { x: b.x + nx * k, y: b.y + ny * k });
    }
  }
  ctx.restore();
}

/** The frozen mark: a small six-armed snowflake on a dark disc, clear on either square colour. */
function snowflake(ctx, r, u, theme) {
  // Far enough in that a quadrant double line beside the cell does not touch it.
  const x = r.x + r.w - u * 0.21;
  const y = r.y + u * 0.21;
  const arm = u * 0.09;
  ctx.save();
  ctx.fillStyle = theme.frozenBg;
  ctx.beginPath();
  ctx.arc(x, y, u * 0.13, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = theme.frozen;
  ctx.lineWidth = Math.max(1, u * 0.028);
  ctx.lineCap = 'round';
  for (let k = 0; k < 3; k++) {
    const a = (k * Math.PI) / 3 + Math.PI / 2;
    line(ctx, { x: x - arm * Math.cos(a), y: y - arm * Math.sin(a) }, { x: x + arm * Math.cos(a), y: y + arm * Math.sin(a) });
  }
  ctx.restore();
}

/**
 * Missing squares (Pawnier's holes): a dark hatched cell, plainly not a square to play on
 * (left empty, the page background showed through and passed for a light square).
 */
function drawHoles(ctx, layout, geom, theme) {
  const u = geom.unit;
  for (const [hx, hy] of layout.holes || []) {
    const a = geom.point(hx, hy);
    const b = geom.point(hx + 1, hy + 1);
    const x = Math.min(a.x, b.x);
    const y = Math.min(a.y, b.y);
    ctx.save();
    ctx.fillStyle = theme.hole;
    ctx.fillRect(x, y, u + 0.5, u + 0.5);
    ctx.beginPath();
    ctx.rect(x, y, u, u);
    ctx.clip();
    ctx.strokeStyle = theme.holeLine;
    ctx.lineWidth = Math.max(1, u * 0.04);
    const step = u / 5;
    for (let k = -u; k <= u; k += step) line(ctx, { x: x + k, y: y + u }, { x: x + k + u, y });
    ctx.restore();
  }
}

function line(ctx, a, b) {
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.stroke();
}

/**
 * The separators' line widths in CSS px at `u` px a cell: a quadrant's double line (two `thin`
 * lines `gap` apart, centred on the cells' boundary) and a panel's `frame` (inside its cells).
 */
function separatorWidths(u) {
  return { thin: Math.max(1.25, u * 0.035), gap: Math.max(2, u * 0.06), frame: Math.max(1.5, u * 0.045) };
}

/** How far each kind of separator reaches into the cells beside it, in CSS px. */
function separatorReach(u) {
  const { thin, gap, frame } = separatorWidths(u);
  return { quadrant: gap / 2 + thin, frame };
}

// Where the labels go, kept per geometry (one board size and layout) and game: working it
// out takes longer than drawing them, and most frames draw the same board again.
const placedCoordinates = new WeakMap();

// File letters and rank numbers in the corners of their cells no piece reaches (coordinates.js).
function drawCoordinates(ctx, layout, geom, theme, config, kinds) {
  if (geom.unit < 24) return; // too small to read; leave the squares clean
  const key = `${(kinds || []).join(' ')}:${config.pieceScale}`;
  let placed = placedCoordinates.get(geom);
  if (!placed || placed.key !== key || placed.layout !== layout) {
    const labels = placeCoordinates(layout, geom, coordinateLabels(layout, geom), {
      pieceScale: config.pieceScale, kinds, reach: separatorReach(geom.unit),
    });
    placed = { key, layout, labels };
    placedCoordinates.set(geom, placed);
  }
  const dark = new Map(layout.cells.map((c) => [c.sq, c.dark]));
  ctx.save();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  for (const label of placed.labels) {
    ctx.font = label.font;
    ctx.fillStyle = dark.get(label.sq) ? theme.coordOnDark : theme.coordOnLight;
    ctx.fillText(label.text, label.x, label.y);
  }
  ctx.restore();
}

/**
 * The piece legend's marks: a frame round every piece of the chosen kind, and on each square
 * its moves reach a small diamond (a ring where something is taken).
 */
function drawLegendMarks(ctx, marks, pieces, geom, theme) {
  const u = geom.unit;
  ctx.save();
  for (const sq of marks.origins || []) outline(ctx, geom.rect(sq), theme.target, Math.max(2, u * 0.07));
  ctx.fillStyle = theme.dest;
  ctx.strokeStyle = theme.dest;
  for (const sq of marks.dests || []) {
    const c = geom.center(sq);
    if (!c) continue;
    if ((marks.captures && marks.captures.has(sq)) || pieces[sq]) {
      ctx.lineWidth = u * 0.08;
      ctx.beginPath();
      ctx.arc(c.x, c.y, u * 0.44, 0, Math.PI * 2);
      ctx.stroke();
    } else {
      const r = u * 0.17;
      ctx.beginPath();
      ctx.moveTo(c.x, c.y - r);
      ctx.lineTo(c.x + r, c.y);
      ctx.lineTo(c.x, c.y + r);
      ctx.lineTo(c.x - r, c.y);
      ctx.closePath();
      ctx.fill();
    }
  }
  ctx.restore();
}
