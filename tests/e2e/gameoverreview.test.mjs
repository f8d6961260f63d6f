// The game-over panel offers Review game (issue 29): after a game two people played to
// mate on one device, the panel's Review game closes the panel and runs the review, with its
// marks and summary; after a resignation the last move is judged too (issue 40). Real clicks.
// Needs a full build (bash scripts/build.sh).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, withBoard, clickSquare, settle, resign, DESKTOP } from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** A game between two people at this board, its `moves` ([from, to] cells) played by clicks. */
async function playedByClicks(page, moves) {
  await page.evaluate(() => window.fairyboard.startChosen('orthodox', { opponent: 'human' }));
  await settle(page);
  for (const [from, to] of moves) {
    await clickSquare(page, from);
    await clickSquare(page, to);
    await settle(page);
  }
}

test('after a mate, the game-over panel reviews the game', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // Fool's mate: 1. f3 e5 2. g4?? Qh4#.
    await playedByClicks(page, [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]);
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

test('after a resignation, the review judges the last move too', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playedByClicks(page, [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6']]);
    await resign(page);
    await page.click('#game-over-review');
    await page.waitForSelector('#review-summary:not([hidden])', { timeout: 60000 });
    // Every move of the main line has its evaluation, 2... Nc6 (before the resignation) too.
    const comments = await page.evaluate(() => {
      const tree = window.fairyboard.game.tree();
      const byId = new Map(tree.nodes.map((n) => [n.id, n]));
      const out = [];
      for (let n = byId.get(byId.get(0).children[0]); n; n = byId.get(n.children[0])) out.push(n.comment);
      return out;
    });
    assert.equal(comments.length, 4);
    for (const c of comments) assert.match(c, /^\[%eval -?\d+\.\d\d\]/, comments.join(' | '));
    // The game stays resigned.
    assert.match(await page.textContent('#status'), /resign/i);
    assert.deepEqual(errors, []);
  });
});
