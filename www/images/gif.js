// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.
// Animated GIFs of a line of moves (issue 28): every move drawn by the board's own draw() with
// its animation (effects.js's timeline, animdraw.js) at fixed steps of time rather than by
// the clock, so each frame is known ahead; each position after a move held still; the last
// move, checks and the arrows and circles of each move's comment shown; optionally the
// players and the move under the board. Used by "Save image" (saveimage.js, gifdialog.js)
// and the embedded board's toGIF() (fairyboard-board.js).

import { draw } from '../board/draw.js';
import { makeGeometry } from '../board/layout.js';
import { buildTimeline, timelineReach } from '../board/effects.js';
import { SPEEDS } from '../board/speed.js';
import { emptyView } from '../state.js';
import { imageSize } from './image.js';
import { readLine } from './gifline.js';
import { makeGifEncoder } from './gifencode.js';

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
    const n = timeline.total > 0 ? Math.ceil(timeline.total / FRAME_MS) : 0;
    const each = n ? Math.max(20, Math.round(timeline.total / n / 10) * 10) : 0;
    for (let k = 1; k < n; k++) frames.push({ kind: 'move', step: i, T: (k * timeline.total) / n, timeline, delay: each });
    frames.push({ kind: 'rest', step: i, timeline: n ? timeline : null, delay: hold });
  });
  frames[frames.length - 1].delay = hold * 3;
  return frames;
}

/**
 * The box of pixels (integers, within `width` x `height`) that frame `f` of a move can change
 * from the one before it, or null for the whole picture: the first frame of a move (its
 * highlight, checks, arrows and caption change) and the frames without a move. The others
 * differ from the one before only by the animation, which stays within a piece's reach (a
 * jump's height above) of the points its timeline names.
 */
function dirtyBox(f, previous, geom, width, height) {
  if (!f.timeline || !previous || previous.step !== f.step) return null;
  const reach = timelineReach(f.timeline);
  if (!reach) return null;
  const a = geom.point(reach.x0, reach.y0);
  const b = geom.point(reach.x1, reach.y1);
  const u = geom.unit;
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - 1.3 * u));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - 2.6 * u));
  const x1 = Math.min(width, Math.ceil(Math.max(a.x, b.x) + 1.3 * u));
  const y1 = Math.min(height, Math.ceil(Math.max(a.y, b.y) + 1.3 * u));
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
}

/**
 * Makes the GIF of `src` ({ engine, game (a GameHandle), encoder (loads gifenc's module),
 * theme, config, flipped, hands, kinds, background, ink, players: { w, b } }) for `options` (planGif's, and `size`, the longer side
 * of the board in pixels). `progress(done, total)` hears how far it is. Resolves to { blob,
 * frames (the plan), width, height, ms (time taken) }.
 */
export async function makeGif(src, options = {}, progress = () => {}) {
  const t0 = performance.now();
  const gifenc = await src.encoder();
  const line = readLine(src.engine, src.game, { hands: !!src.hands, line: options.line, from: options.from, to: options.to });
  const frames = planGif(line, options, src.config.animationMs);
  const board = imageSize(line.layout, Math.min(MAX_GIF_SIZE, options.size || 480));
  const caption = options.names ? Math.max(16, Math.round(Math.max(board.width, board.height) * 0.065)) : 0;
  const width = board.width;
  const height = board.height + caption;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const geom = makeGeometry(line.layout, board.width, board.height, !!src.flipped);
  const players = options.names && src.players ? `${src.players.w} – ${src.players.b}` : '';

  /** Draws frame `f`, only within `box` when given (the rest is as drawn before): its pixels there. */
  function paint(f, box = null) {
    const step = line.steps[f.step];
    const still = step ? step.still : line.start;
    const view = {
      ...emptyView(), ...still, layout: line.layout, kinds: src.kinds || null,
      anim: f.kind === 'move' ? { T: f.T, timeline: f.timeline } : null,
    };
    ctx.save();
    // Drawn a little past the box: at a clip's very edge the canvas smooths shapes otherwise.
    if (box) { ctx.beginPath(); ctx.rect(box.x - 2, box.y - 2, box.w + 4, box.h + 4); ctx.clip(); }
    draw(ctx, view, geom, src.theme, src.config, 1);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (caption && !box) {
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
    return box ? ctx.getImageData(box.x, box.y, box.w, box.h).data : ctx.getImageData(0, 0, width, height).data;
  }

  // The palette from the start, the end and the middle of a few moves spread over the line.
  const moving = frames.filter((f) => f.kind === 'move');
  const picks = [frames[0], frames[frames.length - 1]];
  for (let i = 0; i < Math.min(8, moving.length); i++) picks.push(moving[Math.floor(((i + 0.5) * moving.length) / Math.min(8, moving.length))]);
  const encoder = makeGifEncoder(gifenc, width, height, picks.map((f) => paint(f).slice()));

  for (let i = 0; i < frames.length; i++) {
    const box = options.fullFrames ? null : dirtyBox(frames[i], frames[i - 1], geom, width, board.height);
    encoder.add(paint(frames[i], box), frames[i].delay, box);
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
