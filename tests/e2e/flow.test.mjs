// A flow without rough edges (issue 25): the controls never move under the pointer while the
// computer thinks, a message goes when the game changes (the computer's refusal of a draw does
// not stay under a resignation), and after an import or a link ← and → step through the moves
// rather than moving the board's cursor. Real clicks and keys.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, withBoard, settle, statusText, messageText, playMove, chooseSetting, playComputer, offerDrawDeclined, resign,
  DESKTOP, PHONE_360,
} from './support.mjs';
import { importPgn } from './steps.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const boxes = (page) => page.evaluate(() => ['hint', 'analysis', 'offer-draw', 'resign', 'undo', 'moves'].map((id) => {
  const r = document.getElementById(id).getBoundingClientRect();
  return [id, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
}));

for (const [size, options] of [['1280x800', DESKTOP], ['360x740', PHONE_360]]) {
  test(`${size}: the buttons keep their boxes while the computer thinks and while messages come and go`, async () => {
    await withBoard(env, options, async ({ page, errors }) => {
      await chooseSetting(page, '#speed', 'off');
      await playComputer(page, { level: 8 });
      const before = await boxes(page);
      await page.evaluate(() => window.fairyboard.play('e2e4'));
      await page.waitForFunction(() => window.fairyboard.versus().thinking, null, { timeout: 5000 });
      // The line is drawn at the next redraw after the search starts (a busy machine may
      // take a moment): wait for it, then measure.
      await page.waitForSelector('#thinking', { state: 'visible', timeout: 5000 });
      assert.deepEqual(await boxes(page), before, 'nothing moved while the computer thinks');
      // A long message (an illegal move's, a hint's) scrolls in its slot; nothing moves either.
      await page.evaluate(() => window.fairyboard.say('A long message. '.repeat(30)));
      assert.deepEqual(await boxes(page), before, 'nothing moved for a long message');
      await page.waitForFunction(() => !window.fairyboard.versus().thinking, null, { timeout: 30000 });
      await settle(page);
      assert.deepEqual(await boxes(page), before, 'nor when it has moved');
      assert.deepEqual(errors, []);
    });
  });
}

test('a message goes when the game changes: the computer\'s refusal of a draw does not stay under a resignation', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // The computer (Black) has an extra queen: it declines.
    await playComputer(page, { fen: '3qk3/8/8/8/8/8/8/4K3 w - - 0 1' });
    await offerDrawDeclined(page);
    await resign(page);
    assert.equal(await statusText(page), 'Black wins by resignation');
    assert.doesNotMatch(await messageText(page), /declines/);
    assert.deepEqual(errors, []);
  });
});

const PGN = `[Event "Casual"]
[White "A"]
[Black "B"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *
`;

test('after an import, ← and → step through the moves (not the board\'s cursor); so after a link', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await importPgn(page, PGN);
    const ply = () => page.evaluate(() => window.fairyboard.game.ply());
    assert.equal(await ply(), 6);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await settle(page);
    assert.equal(await ply(), 4, '← stepped back twice');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal(await ply(), 5, '→ stepped forward');
    assert.equal(await page.evaluate(() => window.fairyboard.cursorName()), null, 'the board\'s cursor did not move');
    // The board's cursor keys still work once the board is chosen (Tab to it).
    await page.focus('#board');
    await page.keyboard.press('ArrowRight');
    assert.notEqual(await page.evaluate(() => window.fairyboard.cursorName()), null, 'on the board the arrows move its cursor');
    assert.equal(await ply(), 5);
    assert.deepEqual(errors, []);
  });
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await page.goto(`${env.url}#g=orthodox&m=e2e4.e7e5.g1f3&ply=1`);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await settle(page);
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 2);
    assert.deepEqual(errors, []);
  });
});
