// Issue 6's timing figures, measured in headless Chromium and written to
// tests/output/timing.json for the README (figures to read, not assertions: the machines are
// noisy). (1) The first board drawn after navigation starts, on localhost. (2) From a real
// click on a piece to the paint that shows its destinations, in ms and in animation frames.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, withBoard, center, DESKTOP, OUTPUT } from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test('first board and click-to-destinations timing (written to tests/output/timing.json)', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // (1) First board, over several fresh loads (the first warms the server and caches).
    const firstBoard = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${env.url}?load=${i}`);
      await page.waitForFunction(() => performance.getEntriesByName('fairyboard-first-board').length > 0);
      firstBoard.push(await page.evaluate(() => performance.getEntriesByName('fairyboard-first-board')[0].startTime));
    }
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);

    // (2) A real click on a piece; the page counts frames until a paint shows destinations.
    const clicks = [];
    for (const [from] of [['b1'], ['g1'], ['e2'], ['d2'], ['b2'], ['g2']]) {
      await page.keyboard.press('Escape');
      await page.evaluate(() => {
        const canvas = document.getElementById('board');
        window.__probe = { down: null, frames: 0 };
        canvas.addEventListener('pointerdown', (e) => {
          window.__probe.down = performance.now();
          const tick = () => { window.__probe.frames++; if (!window.fairyboard.lastPaint() || window.fairyboard.lastPaint().at < window.__probe.down || !window.fairyboard.lastPaint().dests) requestAnimationFrame(tick); };
          requestAnimationFrame(tick);
        }, { once: true });
      });
      const c = await center(page, from);
      await page.mouse.click(c.x, c.y);
      await page.waitForFunction(() => {
        const p = window.fairyboard.lastPaint();
        return window.__probe.down != null && p && p.at >= window.__probe.down && p.dests > 0;
      });
      const r = await page.evaluate(() => ({ ms: window.fairyboard.lastPaint().at - window.__probe.down, frames: window.__probe.frames }));
      clicks.push({ from, ...r });
    }
    const figures = {
      firstBoardMs: firstBoard,
      firstBoardMedianMs: median(firstBoard),
      clickToDestinations: clicks,
      clickToDestinationsMedianMs: median(clicks.map((c) => c.ms)),
      clickToDestinationsMaxFrames: Math.max(...clicks.map((c) => c.frames)),
    };
    fs.mkdirSync(OUTPUT, { recursive: true });
    fs.writeFileSync(path.join(OUTPUT, 'timing.json'), JSON.stringify(figures, null, 2));
    console.log(`first board: median ${figures.firstBoardMedianMs.toFixed(0)} ms; click to destinations: median ${figures.clickToDestinationsMedianMs.toFixed(1)} ms, at most ${figures.clickToDestinationsMaxFrames} frame(s)`);
    // Sanity only: every click did show destinations, and the board was drawn.
    assert.equal(clicks.length, 6);
    assert.ok(firstBoard.every((t) => t > 0));
    assert.deepEqual(errors, []);
  });
});
