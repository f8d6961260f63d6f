// Arrows and circles a person draws (issue 18): a right-drag draws an arrow, a right-click a
// circle, Shift/Alt/Ctrl choose red/blue/yellow, the same again removes it; by keys `a` at
// the cursor twice; by touch with "Draw arrows" on. They belong to the position shown, are
// kept in its comment as lichess writes them ([%cal Ge2e4], [%csl Yd4]), survive a reload
// and a share link, and go into PGN and come back from it. Real input in headless Chromium.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, withBoard, center, rightDrag, playMove, settle, screenshot, pixel, sameColour, DESKTOP, PHONE_360, chooseSetting,
} from './support.mjs';
import { chooseGame, onAnotherBoard } from './steps.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** The person's shapes on the board, as the page reports its overlays (kinds G R B Y). */
const shapes = (page) => page.evaluate(() => {
  const o = window.fairyboard.overlays();
  const person = (k) => ['G', 'R', 'B', 'Y'].includes(k);
  return {
    arrows: o.arrows.filter((a) => person(a.kind)).map((a) => `${a.kind}${a.from}${a.to}`),
    rings: o.rings.filter((r) => person(r.kind)).map((r) => `${r.kind}${r.at}`),
  };
});

test('right-drag draws arrows, right-click circles, modifiers choose colours, again removes', async () => {
  await withBoard(env, DESKTOP, async ({ page, context, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    const e3 = await pixel(page, 'e3');
    await rightDrag(page, 'e2', 'e4');
    await rightDrag(page, 'd1', 'h5', 'Shift');
    await rightDrag(page, 'd4', 'd4', 'Control');
    await rightDrag(page, 'f6', 'f6', 'Alt');
    assert.deepEqual(await shapes(page), { arrows: ['Ge2e4', 'Rd1h5'], rings: ['Yd4', 'Bf6'] });
    assert.ok(!sameColour(await pixel(page, 'e3'), e3), 'the arrow is drawn across e3');
    assert.equal(await page.evaluate(() => window.fairyboard.game.comment(0)), '[%csl Yd4,Bf6] [%cal Ge2e4,Rd1h5]');
    assert.equal(await page.isVisible('#move-comment'), false, 'shapes are not words to show');
    await screenshot(page, 'shapes-desktop');
    // The same shape again removes it; another colour recolours it.
    await rightDrag(page, 'e2', 'e4');
    await rightDrag(page, 'd4', 'd4', 'Shift');
    assert.deepEqual(await shapes(page), { arrows: ['Rd1h5'], rings: ['Rd4', 'Bf6'] });
    assert.ok(sameColour(await pixel(page, 'e3'), e3), 'the arrow across e3 is gone');

    // They belong to the position: a move shows its own (none), back shows them again.
    await playMove(page, 'e2e4');
    await settle(page);
    assert.deepEqual(await shapes(page), { arrows: [], rings: [] });
    await rightDrag(page, 'g8', 'f6');
    await page.click('#undo');
    await settle(page);
    assert.deepEqual(await shapes(page), { arrows: ['Rd1h5'], rings: ['Rd4', 'Bf6'] });

    // Kept over a reload, in the link, and in PGN as lichess writes them; read back from PGN.
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.deepEqual(await shapes(page), { arrows: ['Rd1h5'], rings: ['Rd4', 'Bf6'] });
    const pgn = await page.evaluate(() => window.fairyboard.game.toPgn(null));
    assert.match(pgn, /\{ ?\[%csl Rd4,Bf6\] \[%cal Rd1h5\] ?\}/);
    assert.match(pgn, /1\. e4 \{ ?\[%cal Gg8f6\] ?\}/);
    await onAnotherBoard(env, DESKTOP, async ({ page: elsewhere }) => {
      await elsewhere.getByRole('button', { name: 'Import PGN' }).click();
      await elsewhere.fill('#records-text', pgn);
      await elsewhere.getByRole('button', { name: 'Open game' }).click();
      await elsewhere.keyboard.press('Home');
      await settle(elsewhere);
      assert.deepEqual(await shapes(elsewhere), { arrows: ['Rd1h5'], rings: ['Rd4', 'Bf6'] });
      await elsewhere.keyboard.press('Shift+ArrowRight'); // works with the board focused too
      await settle(elsewhere);
      assert.deepEqual(await shapes(elsewhere), { arrows: ['Gg8f6'], rings: [] });
    });
    assert.deepEqual(errors, []);
  });
});

test('by keys: a at the cursor starts a shape, a again ends it; Escape forgets it', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await page.focus('#board');
    await page.keyboard.press('ArrowUp'); // the cursor appears
    const at = async () => page.evaluate(() => window.fairyboard.cursorName && window.fairyboard.cursorName());
    const start = await at();
    assert.ok(start, 'the cursor is on a square');
    await page.keyboard.press('a');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    const end = await at();
    await page.keyboard.press('a');
    await page.keyboard.press('a');
    await page.keyboard.press('a'); // the same cell twice: a circle
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('a');
    await page.keyboard.press('Escape'); // begun, then forgotten
    assert.deepEqual(await shapes(page), { arrows: [`G${start}${end}`], rings: [`G${end}`] });
    assert.deepEqual(errors, []);
  });
});

test('by touch: Draw arrows, then taps draw in the colour chosen', async () => {
  await withBoard(env, PHONE_360, async ({ page, errors }) => {
    const tap = async (sq) => {
      const c = await center(page, sq);
      await page.touchscreen.tap(c.x, c.y);
    };
    await page.locator('#draw-shapes').tap();
    await page.selectOption('#shape-colour', 'B');
    await page.evaluate(() => window.scrollTo(0, 0));
    await tap('g1');
    await tap('f3');
    await tap('e4');
    await tap('e4');
    assert.deepEqual(await shapes(page), { arrows: ['Bg1f3'], rings: ['Be4'] });
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 0, 'no move was played');
    await page.locator('#draw-shapes').tap();
    await page.evaluate(() => window.scrollTo(0, 0));
    await tap('g1');
    await tap('f3');
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 1, 'taps play again');
    assert.deepEqual(errors, []);
  });
});

test("Pawnier: arrows from either hand by mouse, keys and touch, kept as P@ and p@, drawn in pictures", async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    await chooseGame(page, 'pawnier');
    const hand = (c) => page.locator(`.hand[data-color="${c}"] .hand-pawn`);
    const comment = () => page.evaluate(() => window.fairyboard.game.comment(window.fairyboard.game.currentNode()));
    // Mouse: a right-drag from White's hand (White to move) and, with Shift, from Black's.
    // The board's pixel 3/4 of the way from White's hand to e5 (on the arrow's shaft, once drawn).
    const onTheWay = async () => {
      const a = await hand('w').boundingBox();
      const b = await center(page, 'e5');
      const x = a.x + a.width / 2 + 0.75 * (b.x - a.x - a.width / 2);
      const y = a.y + a.height / 2 + 0.75 * (b.y - a.y - a.height / 2);
      return page.evaluate(({ x, y }) => {
        const cv = document.getElementById('board');
        const r = cv.getBoundingClientRect();
        const k = cv.width / r.width;
        return [...cv.getContext('2d').getImageData(Math.floor((x - r.left) * k), Math.floor((y - r.top) * k), 1, 1).data];
      }, { x, y });
    };
    const before = await onTheWay();
    const fromHand = async (c, to, modifier) => {
      const a = await hand(c).boundingBox();
      const b = await center(page, to);
      if (modifier) await page.keyboard.down(modifier);
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down({ button: 'right' });
      await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
      await page.mouse.move(b.x, b.y);
      await page.mouse.up({ button: 'right' });
      if (modifier) await page.keyboard.up(modifier);
    };
    await fromHand('w', 'e5');
    await fromHand('b', 'd7', 'Shift');
    assert.deepEqual(await shapes(page), { arrows: ['GP@e5', 'Rp@d7'], rings: [] });
    assert.equal(await comment(), '[%cal GP@e5,Rp@d7]');
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 0, 'nothing was dropped');
    assert.ok(!sameColour(await onTheWay(), before), 'the arrow runs from the hand towards e5');
    await screenshot(page, 'shapes-from-hand');

    // Keys: `a` on Black's hand (not to move, still focusable), then `a` at the board's cursor.
    await hand('b').focus();
    await page.keyboard.press('a');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'board', 'the board takes the keys');
    assert.ok(await hand('b').evaluate((b) => b.classList.contains('shape-start')), 'the hand shows the arrow begun');
    const cursor = await page.evaluate(() => window.fairyboard.cursorName());
    await page.keyboard.press('a');
    assert.ok(!(await hand('b').evaluate((b) => b.classList.contains('shape-start'))));
    assert.deepEqual((await shapes(page)).arrows, ['GP@e5', 'Rp@d7', `Gp@${cursor}`]);

    // The same again removes it; the comment's arrows go into PGN and come back.
    await fromHand('w', 'e5');
    assert.deepEqual((await shapes(page)).arrows, ['Rp@d7', `Gp@${cursor}`]);
    const pgn = await page.evaluate(() => window.fairyboard.game.toPgn(null));
    assert.match(pgn, new RegExp(`\\[%cal Rp@d7,Gp@${cursor}\\]`));

    assert.deepEqual(errors, []);
  });
});

test('Pawnier by touch: with Draw arrows on, a tap on a hand then on a cell draws an arrow', async () => {
  await withBoard(env, PHONE_360, async ({ page, errors }) => {
    await chooseGame(page, 'pawnier');
    await page.locator('#draw-shapes').tap();
    assert.match(await page.textContent('#message'), /^Drawing: tap a square or a hand, then another square/);
    await page.selectOption('#shape-colour', 'Y');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.hand[data-color="w"] .hand-pawn').tap();
    const c = await center(page, 'd5');
    await page.touchscreen.tap(c.x, c.y);
    assert.deepEqual(await shapes(page), { arrows: ['YP@d5'], rings: [] });
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 0, 'no pawn was dropped');
    assert.deepEqual(errors, []);
  });
});
