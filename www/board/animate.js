// www/board/: the board on the canvas, drawn and animated.
// The animation clock: plays one timeline (from effects.js) forwards for a move or redo, or
// backwards for an undo; a new one, or finish(), ends the running one at once. Holds only
// time; animdraw.js draws. Keeps a short log of what it played (the test hook reads it).

const LOG_SIZE = 200;

/**
 * @param {() => void} requestRedraw  asks for the next animation frame
 * @returns {{ start(timeline, opts), frame(now) -> {T, timeline} | null, finish(), stop(),
 *   running(), log }}
 */
export function makeAnimator(requestRedraw) {
  let anim = null;
  const log = [];

  function end(how) {
    if (!anim) return;
    anim.entry.ended = how;
    anim = null;
  }

  return {
    log,
    /**
     * Starts `timeline` ({total (ms), kinds, effects, text, ...}); `opts.backward` plays it
     * from its end to its start. A timeline of no length (speed off, reduced motion) is
     * logged and changes at once.
     */
    start(timeline, { backward = false } = {}) {
      end('cut');
      const entry = {
        text: timeline.text || '',
        kinds: [...(timeline.kinds || [])],
        effects: [...(timeline.effects || [])],
        dropsFrom: [...(timeline.dropsFrom || [])],
        direction: backward ? 'backward' : 'forward',
        ms: Math.round(timeline.total || 0),
        frames: 0,
        intervals: [],
        drawMs: [],
        ended: null,
      };
      log.push(entry);
      if (log.length > LOG_SIZE) log.shift();
      if (timeline.total > 0) {
        // The clock starts at the first frame drawn, so the whole timeline is seen.
        anim = { timeline, backward, start: null, last: null, entry };
      } else {
        entry.ended = 'instant';
      }
      requestRedraw();
    },
    /** The animation at frame time `now`: {T: ms into the forward timeline, timeline}, or null. */
    frame(now) {
      if (!anim) return null;
      const a = anim;
      if (a.start == null) a.start = now;
      if (a.last != null) a.entry.intervals.push(now - a.last);
      a.last = now;
      a.entry.frames++;
      const elapsed = now - a.start;
      if (elapsed >= a.timeline.total) { end('done'); return null; }
      requestRedraw();
      return { T: a.backward ? a.timeline.total - elapsed : elapsed, timeline: a.timeline };
    },
    /** Notes how long drawing the current frame took (reported with the frame intervals). */
    drawn(ms) {
      if (anim) anim.entry.drawMs.push(ms);
    },
    /** Ends the running animation at once (its pieces jump to where they end). */
    finish() {
      if (!anim) return;
      end('cut');
      requestRedraw();
    },
    /** Same as finish (kept for older callers). */
    stop() { this.finish(); },
    running() { return anim != null; },
  };
}
