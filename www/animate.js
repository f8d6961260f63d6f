// Plays a move's piece movements as a short slide. Holds only time; draw.js does the drawing.

/**
 * @param {() => void} requestRedraw  asks for the next animation frame
 * @returns {{ start(moves, ms), frame(now) -> {t, moves} | null, stop() }}
 */
export function makeAnimator(requestRedraw) {
  let anim = null;
  return {
    /** Starts sliding `moves` ([{from, to, via}]) over `ms` milliseconds; nothing if ms <= 0. */
    start(moves, ms) {
      anim = ms > 0 && moves.length ? { moves, ms, start: performance.now(), t: 0 } : null;
      requestRedraw();
    },
    /** The animation at time `now` ({t in 0..1, moves}), or null once finished. */
    frame(now) {
      if (!anim) return null;
      anim.t = (now - anim.start) / anim.ms;
      if (anim.t >= 1) { anim = null; return null; }
      requestRedraw();
      return anim;
    },
    stop() { anim = null; },
  };
}
