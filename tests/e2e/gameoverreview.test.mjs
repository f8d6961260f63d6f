// The game-over panel offers Review game (issue 29): after a game two people played to
// mate on one device, the panel's Review game closes the panel and runs the review, with its
// marks and summary. Real clicks.
// Needs a full build (bash scripts/build.sh).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, withBoard, clickSquare, settle, DESKTOP } from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('after a mate, the game-over panel reviews the game', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await page.evaluate(() => window.fairyboard.startChosen('orthodox', { opponent: 'human' }));
    await settle(page);
    // Fool's mate: 1. f3 e5 2. g4?? Qh4#.
    for (const [from, to] of [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) {
      await clickSquare(page, from);
      await clickSquare(page, to);
      await settle(page);
    }
    await page.waitForSelector('#game-over[open]');
    assert.equal(await page.isVisible('#game-over-review'), true);
    await page.click('#game-over-review');
    assert.equal(await page.isVisible('#game-over'), false);
    await page.waitForSelector('#review-summary:not([hidden])', { timeout: 60000 });
    assert.match(await page.textContent('#review-summary'), /White: accuracy \d+\.\d.*1 blunder/);
    const list = await page.$$eval('#moves .ply', (els) => els.map((e) => e.textContent.trim()));
    assert.ok(list.some((t) => /^g4(\?\?|\?)/.test(t)), list.join(' '));
    assert.deepEqual(errors, []);
  });
});
