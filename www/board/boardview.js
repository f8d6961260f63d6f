// www/board/: the board on the canvas, drawn and animated.
// The board on the canvas: its size in CSS and device pixels, the geometry of the layout
// shown, the colours (theme), and drawing batched to one paint per animation frame with the
// running animation. Reads the page's state (state.js); draws another board instead while a
// part covers it (the position editor, which registers itself with cover()).

import { makeGeometry } from './layout.js';
import { gameKinds } from '../state.js';
import { draw, readTheme } from './draw.js';
import { makeAnimator } from './animate.js';
import { buildTimeline } from './effects.js'; // animations: effects -> timeline
import { attachSpeed } from './speed.js'; // animations: the speed control

/**
 * Wires `canvas` to `state`. Returns { canvas, geometry(), shownLayout(), requestRedraw(),
 * paint(), readTheme(), cover(part), animate(move, before, opts), handCentre(color),
 * animator, lastPaint() }.
 */
export function makeBoardView(canvas, state, config) {
  const ctx = canvas.getContext('2d');
  let cover = null; // a part that shows its own board while active(): { active(), layout(), paint() }
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  const view = state.view;
  // Canvas size in CSS pixels, and the geometry for it (cached per size, side and layout).
  let cssW = 0;
  let cssH = 0;
  let theme = readTheme(canvas);
  let geomCache = null;
  let rafId = 0;
  let lastPaint = null;

  /** The layout on the canvas: the editor's while editing, else the game's. */
  function shownLayout() {
    return cover && cover.active() ? cover.layout() : state.layout;
  }

  function geometry() {
    if (!cssW || !cssH) {
      const r = canvas.getBoundingClientRect();
      cssW = r.width;
      cssH = r.height;
    }
    const key = `${cssW}x${cssH}:${state.flipped}`;
    const shown = shownLayout();
    if (!geomCache || geomCache.key !== key || geomCache.layout !== shown) {
      geomCache = { key, layout: shown, geom: makeGeometry(shown || { width: 1, height: 1, cells: [] }, cssW, cssH, state.flipped) };
    }
    return geomCache.geom;
  }

  function requestRedraw() {
    if (!rafId) rafId = requestAnimationFrame(frame);
  }
  function frame(now) {
    rafId = 0;
    view.anim = animator.frame(now);
    const t0 = performance.now();
    paint();
    if (view.anim) animator.drawn(performance.now() - t0); // animations: drawing time per frame
  }
  function paint() {
    const dpr = canvas.width / Math.max(1, cssW);
    if (cover && cover.active()) { cover.paint(ctx, geometry(), theme, config, dpr); return; }
    if (!state.layout) return;
    view.layout = state.layout;
    view.pieces = state.pieces;
    view.kinds = gameKinds(state); // what the coordinates keep clear of
    draw(ctx, view, geometry(), theme, config, dpr);
    // For the timing figures (tests/e2e/timing.test.mjs): the first board, and the last paint.
    if (!lastPaint) performance.mark('fairyboard-first-board');
    lastPaint = { at: performance.now(), dests: view.dests.length };
  }

  const animator = makeAnimator(requestRedraw);
  // Animations: the speed control's factor on config.animationMs; reduced motion turns them off.
  const speed = attachSpeed(document.getElementById('speed'));
  const animationMs = () => (reducedMotion.matches ? 0 : config.animationMs * speed.factor());
  /** Animates `move` from the pieces `before` it (backward: an undo, from the pieces after undoing). */
  function animate(move, before, { backward = false, draggedFrom = null } = {}) {
    if (!move || !state.layout) return;
    const timeline = buildTimeline(move, before, state.layout, { ms: animationMs(), draggedFrom, dropOrigin: handCentre });
    animator.start(timeline, { backward });
  }
  /** The centre of the hand `color` plays from (a `.hand` beside the board), in canvas pixels. */
  function handCentre(color) {
    // The pawn button when the hand has one (hand.js), else the hand's strip.
    const el = document.querySelector(`.hand[data-color="${color}"] .hand-pawn`)
      || document.querySelector(`.hand[data-color="${color}"]`);
    const r = el && el.getBoundingClientRect();
    if (!r || (!r.width && !r.height)) return null;
    const c = canvas.getBoundingClientRect();
    return { x: r.left + r.width / 2 - c.left, y: r.top + r.height / 2 - c.top };
  }
  view.handOrigin = handCentre; // a person's arrows from a hand start at its button (overlays.js)
  // A new input (press or key anywhere) finishes the running animation at once.
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, () => animator.finish(), true);

  new ResizeObserver((entries) => {
    const e = entries[entries.length - 1];
    const box = e.contentBoxSize && e.contentBoxSize[0];
    cssW = box ? box.inlineSize : e.contentRect.width;
    cssH = box ? box.blockSize : e.contentRect.height;
    const dpr = globalThis.devicePixelRatio || 1;
    // Prefer the exact device-pixel size when the browser gives one that agrees with
    // CSS size x devicePixelRatio (emulated screens may report CSS pixels there).
    let w = Math.round(cssW * dpr);
    let h = Math.round(cssH * dpr);
    const dev = e.devicePixelContentBoxSize && e.devicePixelContentBoxSize[0];
    if (dev && Math.abs(dev.inlineSize - w) <= 1 && Math.abs(dev.blockSize - h) <= 1) {
      w = dev.inlineSize;
      h = dev.blockSize;
    }
    w = Math.max(1, w);
    h = Math.max(1, h);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    paint(); // at once: resizing the backing store clears it
  }).observe(canvas);

  // The colours follow the colour scheme and the theme setting.
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => { theme = readTheme(canvas); requestRedraw(); });

  return {
    canvas,
    geometry,
    shownLayout,
    requestRedraw,
    paint,
    /** Reads the colours again (a theme chosen in the settings). */
    readTheme() { theme = readTheme(canvas); },
    /**
     * `part` ({ active(), layout(), paint(ctx, geometry, theme, config, dpr) }: the position
     * editor) draws its own board on the canvas, in the board's geometry, while it is active.
     */
    cover(part) { cover = part; },
    /** A new layout on the board: the geometry is made again. */
    layoutChanged() { geomCache = null; },
    animate,
    handCentre,
    animator,
    lastPaint: () => lastPaint,
  };
}
