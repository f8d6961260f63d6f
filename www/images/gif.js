// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.
// Animated GIFs of a line of moves (issue 28): every move drawn by the board's own draw() with
// its animation (effects.js's timeline, animdraw.js) at fixed steps of time rather than by
// the clock, so each frame is known ahead; each position after a move held still; the last
// move, checks and the arrows and circles of each move's comment shown; optionally the
// players and the move under the board. Used by "Save image" (saveimage.js, gifdialog.js)
// and the embedded board's toGIF() (fairyboard-board.js).

import { draw } from '../board/draw.js';
import { makeGeometry } from '../board/layout.js';
import { buildTimeline } from '../board/effects.js';
import { SPEEDS } from '../board/speed.js';
import { emptyView } from '../state.js';
import { imageSize } from './image.js';
import { readLine } from './gifline.js';
import { makeGifEncoder, loadGifenc } from './gifencode.js';
import { dirtyAreas } from './gifareas.js';

/** Milliseconds between the frames of an animation (a GIF counts in hundredths). */
export const FRAME_MS = 50;
/** How long each position is held after its move, by speed (the last one three times as long). */
const HOLD_MS = { off: 800, fast: 500, normal: 900, slow: 1600 };
/** The largest GIF side: a GIF is for pages and wikis, and big ones grow fast. */
export const MAX_GIF_SIZE = 1600;

/**
 * What a GIF is made of for `options` ({ size, speed: 'off'|'fast'|'normal'|'slow', line,
 * from, to, names }): its size and one entry per frame, { kind: 'start'|'move'|'rest'|'jump',
 * step (index in line.steps, -1 at the start), T (ms into the move's animation), timeline,
 * delay (ms) }. `animationMs` is the board's base duration (config.animationMs).
 */
export function planGif(line, options, animationMs) {
  const speed = Object.hasOwn(SPEEDS, options.speed) ? options.speed : 'normal';
  const ms = animationMs * SPEEDS[speed];
  const hold = HOLD_MS[speed];
  const frames = [{ kind: 'start', step: -1, delay: hold }];
  line.steps.forEach((s, i) => {
    if (s.jump) { frames.push({ kind: 'jump', step: i, delay: hold }); return; }
    const timeline = buildTimeline(s.move, s.before, line.layout, { ms });
    const n = timeline.total > 0 ? Math.ceil(Math.round(timeline.total) / FRAME_MS) : 0; // whole ms, as the board logs it
    const each = n ? Math.max(20, Math.round(timeline.total / n / 10) * 10) : 0;
    for (let k = 1; k < n; k++) frames.push({ kind: 'move', step: i, T: (k * timeline.total) / n, timeline, delay: each });
    frames.push({ kind: 'rest', step: i, timeline: n ? timeline : null, delay: hold });
  });
  frames[frames.length - 1].delay = hold * 3;
  return frames;
}

/**
 * A GIF's size for a board `layout` drawn `size` pixels on its longer side (480 if none, at
 * most MAX_GIF_SIZE), with the strip for the players and the move under it when `names`:
 * { board: { width, height }, caption (the strip's height), width, height (the file's) }.
 */
export function gifSize(layout, size, names) {
  const board = imageSize(layout, Math.min(MAX_GIF_SIZE, size || 480));
  const caption = names ? Math.max(16, Math.round(Math.max(board.width, board.height) * 0.065)) : 0;
  return { board, caption, width: board.width, height: board.height + caption };
}

/**
 * Makes the GIF of `src` ({ game (a GameHandle), theme, config, flipped, hands, kinds,
 * background, ink, players: { w, b } }) for `options` (planGif's, `size`, the longer side of the board in pixels, and `fullFrames`: every frame
 * drawn whole, for the tests). `progress(done, total)` hears how far it is. Resolves to
 * { blob, frames (the plan), width, height, ms (time taken) }.
 */
export async function makeGif(src, options = {}, progress = () => {}) {
  const t0 = performance.now();
  const gifenc = await loadGifenc();
  const line = readLine(src.game, { hands: !!src.hands, line: options.line, from: options.from, to: options.to });
  const frames = planGif(line, options, src.config.animationMs);
  const { board, caption, width, height } = gifSize(line.layout, options.size, options.names);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const geom = makeGeometry(line.layout, board.width, board.height, !!src.flipped);
  const players = options.names && src.players ? `${src.players.w} – ${src.players.b}` : '';

  const stillOf = (f) => (f.step >= 0 ? line.steps[f.step].still : line.start);

  /**
   * Draws frame `f`, only within the boxes `areas` when given (the rest is as drawn before):
   * its pixels there, [{ at (a box), rgba }].
   */
  function paint(f, areas = null) {
    const step = line.steps[f.step];
    const still = stillOf(f);
    const view = {
      ...emptyView(), ...still, layout: line.layout, kinds: src.kinds || null,
      anim: f.kind === 'move' ? { T: f.T, timeline: f.timeline } : null,
    };
    ctx.save();
    // Drawn a little past the boxes: at a clip's very edge the canvas smooths shapes otherwise.
    if (areas) {
      ctx.beginPath();
      for (const b of areas) ctx.rect(b.x - 2, b.y - 2, b.w + 4, b.h + 4);
      ctx.clip();
    }
    draw(ctx, view, geom, src.theme, src.config, 1);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (caption) {
      ctx.clearRect(0, board.height, width, caption);
      ctx.fillStyle = src.ink || '#222';
      ctx.font = `${Math.round(caption * 0.55)}px system-ui, sans-serif`;
      ctx.textBaseline = 'middle';
      const y = board.height + caption / 2;
      const pad = Math.round(caption * 0.3);
      ctx.textAlign = 'left';
      ctx.fillText(players, pad, y, width * 0.6);
      ctx.textAlign = 'right';
      ctx.fillText(step ? step.label : '', width - pad, y, width * 0.4);
    }
    // Whatever is not board (around a board that is not square, holes) is the background.
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = src.background || '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.globalCompositeOperation = 'source-over';
    ctx.restore();
    return (areas || [{ x: 0, y: 0, w: width, h: height }]).map((at) => ({ at, rgba: ctx.getImageData(at.x, at.y, at.w, at.h).data }));
  }

  // The palette from the start, the end and the middle of a few moves spread over the line.
  const moving = frames.filter((f) => f.kind === 'move');
  const picks = [frames[0], frames[frames.length - 1]];
  for (let i = 0; i < Math.min(8, moving.length); i++) picks.push(moving[Math.floor(((i + 0.5) * moving.length) / Math.min(8, moving.length))]);
  const encoder = makeGifEncoder(gifenc, width, height, picks.map((f) => paint(f)[0].rgba));

  for (let i = 0; i < frames.length; i++) {
    const f = frames[i];
    const before = i > 0 ? stillOf(frames[i - 1]) : null;
    const areas = options.fullFrames ? null : dirtyAreas(f, frames[i - 1], before, stillOf(f), geom, board, caption);
    encoder.add(paint(f, areas), f.delay);
    if (i % 40 === 39) {
      progress(i + 1, frames.length);
      await new Promise((r) => setTimeout(r, 0)); // the page stays responsive
    }
  }
  const bytes = encoder.finish();
  progress(frames.length, frames.length);
  return {
    blob: new Blob([bytes], { type: 'image/gif' }),
    frames: frames.map(({ kind, step, T, delay }) => ({ kind, step, T, delay })),
    width,
    height,
    ms: Math.round(performance.now() - t0),
  };
}
