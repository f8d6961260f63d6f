// The review's speed and the page's frames in headless Chromium (issue 29): each game of
// benches/review/<game>.pgn (80 plies, made by benches/review.mjs) opened through Import PGN
// in the real page, then the real Review game button clicked; the time from the click to the
// summary shown, measured in the page (a click listener and a MutationObserver), and the
// requestAnimationFrame deltas of the main thread while the review runs in its worker.
// `node benches/review_browser.mjs [game...]` prints one line a game:
// "<game> <ms> ms click to summary; frames <n>: median <ms> ms, p95 <ms> ms, max <ms> ms".
import fs from 'node:fs';
import { launch, openBoard, settle, DESKTOP } from '../tests/e2e/support.mjs';
import { GAMES } from './review.mjs';

const dir = new URL('./review/', import.meta.url);
const games = process.argv.slice(2).length ? process.argv.slice(2) : GAMES;
const quantile = (xs, q) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * s.length))]; };

const env = await launch();
try {
  for (const id of games) {
    const { context, page, errors } = await openBoard(env, DESKTOP);
    try {
      await page.click('#import-pgn');
      await page.fill('#records-text', fs.readFileSync(new URL(`${id}.pgn`, dir), 'utf8'));
      await page.click('#records-open');
      await settle(page);
      // From the click (seen first, capturing) to the summary shown; every frame between.
      await page.evaluate(() => {
        const probe = { t0: null, t1: null, frames: [] };
        window.reviewProbe = probe;
        const summary = document.getElementById('review-summary');
        document.getElementById('review-game').addEventListener('click', () => {
          probe.t0 = performance.now();
          let last = probe.t0;
          const tick = (now) => {
            if (probe.t1 != null) return;
            probe.frames.push(now - last);
            last = now;
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }, { capture: true });
        new MutationObserver(() => {
          if (!summary.hidden && probe.t0 != null && probe.t1 == null) probe.t1 = performance.now();
        }).observe(summary, { attributes: true, attributeFilter: ['hidden'] });
      });
      await page.click('#review-game');
      await page.waitForFunction(() => window.reviewProbe.t1 != null, null, { timeout: 300000, polling: 250 });
      const probe = await page.evaluate(() => window.reviewProbe);
      const frames = probe.frames.slice(1); // the first delta starts at the click, not a frame
      const f = (q) => quantile(frames, q).toFixed(1);
      console.log(`${id} ${(probe.t1 - probe.t0).toFixed(0)} ms click to summary; frames ${frames.length}: median ${f(0.5)} ms, p95 ${f(0.95)} ms, max ${Math.max(...frames).toFixed(1)} ms${errors.length ? `; errors: ${errors.join(' | ')}` : ''}`);
    } finally {
      await context.close();
    }
  }
} finally {
  await env.close();
}
