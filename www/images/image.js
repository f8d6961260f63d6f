// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.
// Images of positions (issue 18): the board as the page shows it, drawn at a chosen size by
// the page's own draw() into an offscreen canvas (PNG) or into a recording context (SVG,
// svgcontext.js). Used by "Save image" (saveimage.js) and by the embedded board's toSVG()
// and toPNG() (fairyboard-board.js). Only the still picture of the position: the last move,
// check, frozen pieces and the person's arrows and circles; no picked piece, cursor, drag,
// hint or animation, which belong to the moment and not to the position.

import { draw, readTheme } from '../board/draw.js';
import { makeGeometry } from '../board/layout.js';
import { makeSvgContext } from './svgcontext.js';
import { emptyView } from '../state.js';
import { withGame } from '../engine/engine.js';

/** The limits of a size asked for (CSS pixels, the image's longer side). */
export const MIN_SIZE = 64;
export const MAX_SIZE = 4096;

/** `size` as a whole number of pixels within the limits (800 if it is not a number). */
export function clampSize(size) {
  const n = Math.round(Number(size));
  if (!Number.isFinite(n) || n <= 0) return 800;
  return Math.min(MAX_SIZE, Math.max(MIN_SIZE, n));
}

/**
 * The picture's width and height for a board `layout` drawn `size` pixels wide (or, for a
 * board taller than wide, `size` pixels high: the longer side is the size chosen).
 */
export function imageSize(layout, size) {
  const s = clampSize(size);
  const w = layout.width || 1;
  const h = layout.height || 1;
  return w >= h ? { width: s, height: Math.max(1, Math.round((s * h) / w)) }
    : { width: Math.max(1, Math.round((s * w) / h)), height: s };
}

/**
 * The parts of the page's view (main.js) that belong in a picture of the position: its
 * layout and pieces, the last move, checks (with their lines), frozen pieces and the
 * person's shapes.
 */
function stillView(view) {
  return {
    ...emptyView(),
    layout: view.layout, pieces: view.pieces, kinds: view.kinds || null, lastMove: view.lastMove, checks: view.checks || [],
    checkLines: view.checkLines || [], frozen: view.frozen || new Set(), shapes: view.shapes || null,
  };
}

/** Draws `shot` ({ view, theme, config, flipped }) on context `ctx` of `width` x `height`. */
function paintShot(ctx, shot, width, height) {
  const view = stillView(shot.view);
  const geom = makeGeometry(view.layout, width, height, !!shot.flipped);
  draw(ctx, view, geom, shot.theme, shot.config, 1);
}

/** The position `shot` as SVG text, `size` pixels on its longer side. */
export function renderSvg(shot, size) {
  const { width, height } = imageSize(shot.view.layout, size);
  const ctx = makeSvgContext(width, height);
  paintShot(ctx, shot, width, height);
  return ctx.toSVG({ title: shot.title || '' });
}

/** The position `shot` as a PNG Blob, `size` pixels on its longer side (one pixel per CSS pixel). */
export function renderPng(shot, size) {
  const { width, height } = imageSize(shot.view.layout, size);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  paintShot(canvas.getContext('2d'), shot, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The browser could not make the PNG.'))), 'image/png');
  });
}

/**
 * Game `id`'s start position as SVG text, `size` pixels on its longer side, in the colours of
 * `canvas` (the page's board) and without coordinates: the small picture of a game chosen in
 * the welcome and New game (issue 40). Null when the engine cannot make it.
 */
export function startSvg(id, canvas, config, size = 160) {
  try {
    return withGame(id, null, (h) => renderSvg({
      view: { layout: h.layout(), pieces: h.pieces() },
      theme: readTheme(canvas),
      config: { ...config, showCoordinates: false },
      flipped: false,
      title: `${id}: ${h.positionText()}`,
    }, size));
  } catch {
    return null;
  }
}
