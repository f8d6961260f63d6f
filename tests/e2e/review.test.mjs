// Review game (issue 29): on a played game the computer judges every move of the main line
// with its progress shown; the blunder gets ?? with the better move as a variation, the
// summary gives each side's accuracy; the review is part of the game (PGN, a reload).
// Learn from your mistakes by mouse, and by keys alone (Tab, Enter, Space, the board's keys).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openBoard, settle, screenshot, playMove, PHONE_360, DESKTOP } from './support.mjs';
import { importPgn } from './steps.mjs';

// 3. Qxe5+?? gives the queen for a pawn; the rest is ordinary.
const GAME = '1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 4. Bc4 Nf6 5. d3 Nxc4 6. dxc4 Bb4+ *';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const ply = (page) => page.evaluate(() => window.fairyboard.game.ply());
const listText = (page) => page.$$eval('#moves .ply', (els) => els.map((e) => e.textContent.trim()));

test('Review game: progress, the blunder marked with the better move, accuracy, kept in PGN and over a reload', async () => {
  const { context, page, errors } = await openBoard(env, DESKTOP);
  try {
    await importPgn(page, GAME);
    await page.click('#review-game');
    await page.waitForSelector('#review-progress:not([hidden])');
    assert.match(await page.textContent('#review-progress-text'), /^Reviewing: position \d+ of 13$/);
    await page.waitForSelector('#review-summary:not([hidden])', { timeout: 120000 });
    const summary = await page.textContent('#review-summary');
    assert.match(summary, /^White: accuracy \d+\.\d, \d+ inaccurac(y|ies), \d+ mistakes?, 1 blunder\. Black: accuracy \d+\.\d/);
    await screenshot(page, 'review-done');
    // The blunder and, beside the main line, the better move.
    const list = await listText(page);
    assert.ok(list.includes('Qxe5+??'), list.join(' '));
    // The graph: shown, a click goes to that move, the keys step along it.
    assert.ok(await page.isVisible('#eval-graph'));
    const box = await page.locator('#eval-graph').boundingBox();
    await page.mouse.click(box.x + 1, box.y + box.height / 2);
    await settle(page);
    assert.equal(await ply(page), 0, 'the left end is the start');
    await page.focus('#eval-graph');
    await page.keyboard.press('End');
    await settle(page);
    assert.equal(await ply(page), 12);
    await page.keyboard.press('ArrowLeft');
    await settle(page);
    assert.equal(await ply(page), 11);
    assert.equal(await page.getAttribute('#eval-graph', 'aria-valuenow'), '11');

    // Learn from your mistakes: from the position before 3. Qxe5+??, find a better move.
    await page.click('#learn-start');
    await settle(page);
    assert.match(await page.textContent('#learn-text'), /^1 of 1: 3\. Qxe5\+ was not the best for White\. Find a better move\.$/);
    assert.equal(await ply(page), 4);
    const nodes = () => page.evaluate(() => window.fairyboard.game.tree().nodes.length);
    const before = await nodes();
    await playMove(page, 'h5f7'); // Qxf7+?? Kxf7: worse still
    await page.waitForFunction(() => /not good enough/.test(document.getElementById('learn-text').textContent), null, { timeout: 30000 });
    await settle(page);
    assert.equal(await ply(page), 4, 'taken back');
    assert.equal(await nodes(), before, 'and not kept as a variation');
    await playMove(page, 'h5e5', 'drag'); // the move of the game
    await page.waitForFunction(() => /move played in the game/.test(document.getElementById('learn-text').textContent));
    await settle(page);
    // The review's better move, by mouse.
    const better = await page.evaluate(() => {
      const t = window.fairyboard.game.tree();
      const parent = t.nodes.find((n) => n.ply === 4 && n.children.length > 1);
      return t.nodes.find((n) => n.id === parent.children[1]).text;
    });
    await playMove(page, better);
    await page.waitForFunction(() => /yes, that keeps the game/.test(document.getElementById('learn-text').textContent));
    await screenshot(page, 'review-learn');
    await page.click('#learn-next');
    assert.match(await page.textContent('#message'), /last one/);
    const pgn = await page.evaluate(() => window.fairyboard.game.toPgn('2026.11.27'));
    assert.match(pgn, /\[WhiteAccuracy "\d+\.\d"\]/);
    assert.match(pgn, /3\. Qxe5\+ \$4\s*\{\[%eval -\d+\.\d\d\] Blunder\. Best was \w+\.\}\s*\(3\. /);
    // A different move on the main line: the figures are said to be out of date.
    // (The board shows the better move the learner played, in its variation.)
    await page.click('#promote-line');
    await settle(page);
    assert.match(await page.textContent('#review-summary'), /^Out of date: the main line changed since the review/);
    // A reload keeps the review (the game is kept with its comments and marks).
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await settle(page);
    assert.ok((await listText(page)).includes('Qxe5+??'));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a lichess PGN with evaluations shows its graph at once, with no review; it fits a 360 px phone', async () => {
  const pgn = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'data', 'opera-lichess.pgn'), 'utf8');
  const { context, page, errors } = await openBoard(env, PHONE_360);
  try {
    await importPgn(page, pgn);
    assert.ok(await page.isVisible('#eval-graph'));
    assert.ok(await page.isHidden('#review-summary'));
    const box = await page.locator('#eval-graph').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 360, `inside the screen: ${JSON.stringify(box)}`);
    await page.locator('#eval-graph').scrollIntoViewIfNeeded();
    await screenshot(page, 'review-graph-360');
    await page.locator('#eval-graph').tap({ position: { x: box.width - 2, y: box.height / 2 } });
    await settle(page);
    assert.equal(await ply(page), 33, 'a tap at the right end goes to the last move');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// A reviewed game as Review game writes it: 3. Qxe5+?? with its verdict and the better move beside it.
const REVIEWED = '1. e4 {[%eval 0.30]} e5 {[%eval 0.30]} 2. Qh5 {[%eval 0.00]} Nc6 {[%eval 0.30]} '
  + '3. Qxe5+ $4 {[%eval -8.50] Blunder. Best was Nf3.} (3. Nf3 {[%eval 0.20]}) 3... Nxe5 {[%eval -8.60]} *';

const active = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

/** Presses Tab until the element `id` has the focus. */
async function tabTo(page, id) {
  for (let i = 0; i < 80; i++) { // the page has many controls
    if (await active(page) === id) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached #${id}`);
}

/** Walks the board's keyboard cursor to `name` with the arrow keys, reading where it is. */
async function cursorTo(page, name) {
  const centre = (n) => page.evaluate((s) => window.fairyboard.squareCenter(s), n);
  const target = await centre(name);
  for (let i = 0; i < 40; i++) {
    const at = await page.evaluate(() => window.fairyboard.cursorName());
    if (at === name) return;
    let key = 'ArrowUp'; // with no cursor yet, any arrow shows it
    if (at != null) {
      const c = await centre(at);
      const [dx, dy] = [target.x - c.x, target.y - c.y];
      key = Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
    }
    await page.keyboard.press(key);
  }
  assert.fail(`the cursor did not reach ${name}`);
}

/** A move by the board's keys: the cursor to `from`, Enter, the cursor to `to`, Enter. */
async function keyMove(page, from, to) {
  await cursorTo(page, from);
  await page.keyboard.press('Enter');
  await cursorTo(page, to);
  await page.keyboard.press('Enter');
  await settle(page);
}

test('Learn from your mistakes by keys alone: Tab and Enter to start, a wrong and a right move by the board\'s keys, Space for Next', async () => {
  const { context, page, errors } = await openBoard(env, DESKTOP);
  try {
    await importPgn(page, REVIEWED);
    await page.evaluate(() => document.activeElement?.blur());
    await tabTo(page, 'learn-start');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.match(await page.textContent('#learn-text'), /^1 of 1: 3\. Qxe5\+ was not the best for White\. Find a better move\.$/);
    assert.equal(await ply(page), 4);
    assert.equal(await active(page), 'board', 'the board has the focus, to enter the move');
    const nodes = () => page.evaluate(() => window.fairyboard.game.tree().nodes.length);
    const before = await nodes();
    await keyMove(page, 'h5', 'f7'); // Qxf7+?? Kxf7
    await page.waitForFunction(() => /not good enough/.test(document.getElementById('learn-text').textContent), null, { timeout: 30000 });
    await settle(page);
    assert.equal(await ply(page), 4, 'taken back');
    assert.equal(await nodes(), before, 'and not kept');
    assert.equal(await active(page), 'board');
    await keyMove(page, 'g1', 'f3'); // the review's better move
    await page.waitForFunction(() => /^Nf3: yes, that keeps the game/.test(document.getElementById('learn-text').textContent));
    await tabTo(page, 'learn-next');
    await page.keyboard.press(' ');
    await settle(page);
    assert.match(await page.textContent('#message'), /last one/);
    assert.ok(await page.isHidden('#learn'));
    assert.equal(await active(page), 'learn-start', 'the focus stays on the learner, not lost');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
