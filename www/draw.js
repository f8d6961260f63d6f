// Pure drawing: paints one frame from the view state. No engine calls, no DOM reads other
// than the canvas context it is given; main.js calls it at most once per animation frame.

import { drawPiece } from './pieces.js';
import { coordinateLabels } from './layout.js';

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
 * @param {object} view  {layout, pieces, selected, dests, captureDests, lastMove, checks,
 *                        drag, hover, cursor, showCursor, anim}
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

  const tint = (sq, colour) => {
    const r = geom.rect(sq);
    if (!r) return;
    ctx.fillStyle = colour;
    ctx.fillRect(r.x, r.y, r.w, r.h);
  };
  if (config.showLastMove && view.lastMove) {
    if (view.lastMove.from != null) tint(view.lastMove.from, theme.lastMove);
    tint(view.lastMove.to, theme.lastMove);
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

  drawSeparators(ctx, layout, geom, theme);
  if (config.showCoordinates) drawCoordinates(ctx, layout, geom, theme);

  // Pieces at rest. The dragged piece leaves a faint ghost; animated pieces are drawn later.
  const moving = new Set((view.anim && view.anim.moves.map((m) => m.to)) || []);
  const size = u * config.pieceScale;
  for (const c of layout.cells) {
    const p = pieces[c.sq];
    if (!p || moving.has(c.sq)) continue;
    const ctr = geom.center(c.sq);
    const dragged = view.drag && view.drag.active && view.drag.sq === c.sq;
    drawPiece(ctx, p, ctr.x, ctr.y, size, dragged ? 0.3 : 1);
  }

  // Legal destinations: dots for quiet moves, rings around pieces that can be captured.
  if (config.showDestinations && view.selected != null) {
    ctx.fillStyle = theme.dest;
    ctx.strokeStyle = theme.dest;
    for (const sq of view.dests || []) {
      const ctr = geom.center(sq);
      if (!ctr) continue;
      if (view.captureDests && view.captureDests.has(sq)) {
        ctx.lineWidth = u * 0.08;
        ctx.beginPath();
        ctx.arc(ctr.x, ctr.y, u * 0.46, 0, Math.PI * 2);
        ctx.stroke();
      } else {
        ctx.beginPath();
        ctx.arc(ctr.x, ctr.y, u * 0.15, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }

  // Square under a dragged piece.
  if (view.drag && view.drag.active && view.hover != null && view.hover !== view.drag.sq) {
    outline(ctx, geom.rect(view.hover), theme.target, u * 0.06);
  }
  // Keyboard cursor.
  if (view.showCursor && view.cursor != null) {
    outline(ctx, geom.rect(view.cursor), theme.focus, Math.max(2, u * 0.06));
  }

  // Sliding pieces.
  if (view.anim) {
    const t = easeOut(view.anim.t);
    for (const m of view.anim.moves) {
      const p = pieces[m.to];
      const a = geom.center(m.from);
      const b = geom.center(m.to);
      if (!p || !a || !b) continue;
      drawPiece(ctx, p, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, size);
    }
  }

  // The dragged piece, on top, under the pointer.
  if (view.drag && view.drag.active) {
    const p = pieces[view.drag.sq];
    if (p) drawPiece(ctx, p, view.drag.x, view.drag.y, size * config.dragScale);
  }
}

function outline(ctx, r, colour, w) {
  if (!r) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = w;
  ctx.strokeRect(r.x + w / 2, r.y + w / 2, r.w - w, r.h - w);
}

function drawSeparators(ctx, layout, geom, theme) {
  const u = geom.unit;
  for (const s of layout.separators || []) {
    const a = geom.point(s.x1, s.y1);
    const b = geom.point(s.x2, s.y2);
    ctx.lineCap = 'butt';
    if (s.kind === 'quadrant') {
      // A double line: a thick dark stroke with a thin gap down its middle.
      ctx.strokeStyle = theme.separator;
      ctx.lineWidth = Math.max(3, u * 0.12);
      line(ctx, a, b);
      ctx.strokeStyle = theme.separatorGap;
      ctx.lineWidth = Math.max(1, u * 0.04);
      line(ctx, a, b);
    } else {
      // A panel frame or gap: one solid band.
      ctx.strokeStyle = theme.separatorGap;
      ctx.lineWidth = Math.max(2, u * 0.1);
      line(ctx, a, b);
    }
  }
}

function line(ctx, a, b) {
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.stroke();
}

function drawCoordinates(ctx, layout, geom, theme) {
  const u = geom.unit;
  if (u < 24) return; // too small to read; leave the squares clean
  const dark = new Map(layout.cells.map((c) => [c.sq, c.dark]));
  const fontPx = Math.max(9, Math.round(u * 0.2));
  ctx.font = `600 ${fontPx}px system-ui, sans-serif`;
  const pad = Math.max(2, u * 0.05);
  for (const [sq, lab] of coordinateLabels(layout, geom)) {
    const r = geom.rect(sq);
    ctx.fillStyle = dark.get(sq) ? theme.coordOnDark : theme.coordOnLight;
    if (lab.rank) {
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(lab.rank, r.x + pad, r.y + pad);
    }
    if (lab.file) {
      ctx.textAlign = 'right';
      ctx.textBaseline = 'bottom';
      ctx.fillText(lab.file, r.x + r.w - pad, r.y + r.h - pad);
    }
  }
}

const easeOut = (t) => 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;
