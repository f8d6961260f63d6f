// Desktop browser tests: a person plays on the real page with the mouse (clicks and drags),
// and the tests check what the page shows (status, message, move list, position text, pixels).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, withBoard, center, position, statusText, messageText, shownMoves, clickSquare,
  dragSquare, playMove, settle, pixel, sameColour, screenshot,
} from './support.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const DESKTOP = { viewport: { width: 1280, height: 800 } };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('a game by clicks and drags, with captures and a promotion chosen in the picker', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    assert.equal(await position(page), START);
    assert.equal(await statusText(page), 'White to move');
    await screenshot(page, 'desktop-start');

    // Picking a piece draws its destinations: e3 gets a dot.
    const e3Before = await pixel(page, 'e3');
    await clickSquare(page, 'e2');
    await settle(page);
    assert.ok(!sameColour(await pixel(page, 'e3'), e3Before), 'a destination dot is drawn on e3');
    await clickSquare(page, 'e4'); // 1.e4 (click, click)
    await settle(page);
    assert.ok(sameColour(await pixel(page, 'e3'), e3Before), 'the dots go once the move is played');
    assert.equal(await statusText(page), 'Black to move');

    await playMove(page, 'd7d5', 'drag'); // 1...d5 (drag)

    // A capture is shown as a ring round the piece that can be taken.
    const ringPoint = async () => pixel(page, 'd5', 0.45, 0);
    const ringBefore = await ringPoint();
    await clickSquare(page, 'e4');
    await settle(page);
    assert.ok(!sameColour(await ringPoint(), ringBefore), 'a capture ring is drawn on d5');
    await screenshot(page, 'desktop-capture-ring');
    await clickSquare(page, 'd5'); // 2.exd5 (click capture)

    await playMove(page, 'c7c6', 'drag'); // 2...c6
    await playMove(page, 'd5c6', 'drag'); // 3.dxc6 (drag capture)
    await playMove(page, 'g8f6', 'click'); // 3...Nf6
    await playMove(page, 'c6b7', 'click'); // 4.cxb7
    await playMove(page, 'b8d7', 'drag'); // 4...Nbd7
    const beforePromotion = await position(page);
    assert.equal(beforePromotion, 'r1bqkb1r/pP1npppp/5n2/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 5');

    // 5.bxa8: four legal moves share b7-a8, so the picker opens; Escape cancels it.
    await dragSquare(page, 'b7', 'a8');
    await page.waitForSelector('#picker:not([hidden])');
    const labels = await page.$$eval('#picker-options button', (bs) => bs.map((b) => b.textContent.trim()));
    assert.deepEqual([...labels].sort(), ['Bishop', 'Knight', 'Queen', 'Rook']);
    await page.waitForFunction(() => document.activeElement && document.activeElement.closest('#picker'));
    await screenshot(page, 'desktop-promotion-picker');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#picker', { state: 'hidden' });
    assert.equal(await position(page), beforePromotion, 'cancelling the picker plays nothing');

    // Again by clicks, and choose the queen with the mouse.
    await playMove(page, 'b7a8', 'click');
    await page.waitForSelector('#picker:not([hidden])');
    await page.getByRole('button', { name: 'Queen' }).click();
    await page.waitForSelector('#picker', { state: 'hidden' });

    assert.equal(await position(page), 'Q1bqkb1r/p2npppp/5n2/8/8/8/PPPP1PPP/RNBQKBNR b KQk - 0 5');
    assert.deepEqual(await shownMoves(page),
      ['e2e4', 'd7d5', 'e4d5', 'c7c6', 'd5c6', 'g8f6', 'c6b7', 'b8d7', 'b7a8q']);
    assert.equal(await page.$$eval('#moves li', (l) => l.length), 5, 'five numbered moves');
    assert.equal(await statusText(page), 'Black to move');
    await screenshot(page, 'desktop-after-promotion');

    // The picker is keyboard-usable: undo, promote again, choose the knight with arrows + Enter.
    await page.click('#undo');
    assert.equal(await position(page), beforePromotion);
    await playMove(page, 'b7a8', 'drag');
    await page.waitForSelector('#picker:not([hidden])');
    await page.waitForFunction(() => document.activeElement && document.activeElement.closest('#picker'));
    const order = await page.$$eval('#picker-options button', (bs) => bs.map((b) => b.textContent.trim()));
    for (let i = 0; i < order.indexOf('Knight'); i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#picker', { state: 'hidden' });
    assert.equal(await position(page), 'N1bqkb1r/p2npppp/5n2/8/8/8/PPPP1PPP/RNBQKBNR b KQk - 0 5');

    assert.deepEqual(errors, []);
  });
});

test('an illegal drag snaps back with a message, and the game goes on', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // Drag e2 to e5 by hand: while held, the piece follows the pointer (screenshot), then
    // on release it is refused.
    const e2 = await center(page, 'e2');
    const e5 = await center(page, 'e5');
    await page.mouse.move(e2.x, e2.y);
    await page.mouse.down();
    await page.mouse.move((e2.x + e5.x) / 2 + 20, (e2.y + e5.y) / 2, { steps: 5 });
    await page.mouse.move(e5.x, e5.y, { steps: 5 });
    await settle(page);
    await screenshot(page, 'desktop-dragging');
    await page.mouse.up();
    assert.equal(await position(page), START, 'position unchanged');
    assert.match(await messageText(page), /illegal move: e2 to e5/i);
    assert.equal(await statusText(page), 'White to move');
    await screenshot(page, 'desktop-illegal');

    // Click-click to an illegal square is refused the same way.
    await clickSquare(page, 'g1');
    await clickSquare(page, 'g3');
    assert.equal(await position(page), START);
    assert.match(await messageText(page), /illegal move: g1 to g3/i);

    // Pressing the opponent's piece says whose turn it is; nothing moves.
    await clickSquare(page, 'e7');
    assert.match(await messageText(page), /white to move/i);

    // And a legal move still works afterwards.
    await playMove(page, 'g1f3', 'drag');
    assert.match(await position(page), /^rnbqkbnr\/pppppppp\/8\/8\/8\/5N2\/PPPPPPPP\/RNBQKB1R b /);
    assert.equal(await messageText(page), '', 'the message clears when a move is played');

    // An error thrown by the engine is shown and the game is kept.
    const before = await position(page);
    await page.evaluate(() => {
      window.fairyboard.game.play = () => { throw new Error('engine says no'); };
    });
    await playMove(page, 'e7e5');
    assert.equal(await messageText(page), 'engine says no');
    assert.equal(await position(page), before);
    await page.evaluate(() => { delete window.fairyboard.game.play; });
    await playMove(page, 'e7e5', 'drag');
    assert.match(await position(page), /^rnbqkbnr\/pppp1ppp\/8\/4p3\/8\/5N2\/PPPPPPPP\/RNBQKB1R w /);

    // The game selector lists every game the engine plays, by name, all enabled.
    const options = await page.$$eval('#game option', (os) => os.map((o) => ({ id: o.value, text: o.textContent, disabled: o.disabled })));
    const games = await page.evaluate(async () => (await import(new URL('pkg/fairyboard.js', location.href).href)).games());
    assert.equal(options.length, games.length);
    for (const g of games) {
      const o = options.find((x) => x.id === g.id);
      assert.ok(o, `game ${g.id} listed`);
      assert.equal(o.text, g.name);
      assert.equal(o.disabled, false, `${g.id} enabled`);
    }
    assert.deepEqual(errors, []);
  });
});

test('undo, redo, new game and flip (clicks still land on the right squares)', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    assert.ok(await page.isDisabled('#undo'));
    assert.ok(await page.isDisabled('#redo'));
    await playMove(page, 'e2e4');
    const afterE4 = await position(page);
    await playMove(page, 'e7e5', 'drag');
    const afterE5 = await position(page);

    await page.click('#undo');
    assert.equal(await position(page), afterE4);
    assert.deepEqual(await shownMoves(page), ['e2e4']);
    await page.click('#undo');
    assert.equal(await position(page), START);
    assert.ok(await page.isDisabled('#undo'));
    await page.click('#redo');
    await page.click('#redo');
    assert.equal(await position(page), afterE5);
    assert.ok(await page.isDisabled('#redo'));
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5']);

    // Undo then a different move drops the redo branch.
    await page.click('#undo');
    await playMove(page, 'c7c5');
    assert.ok(await page.isDisabled('#redo'));
    assert.deepEqual(await shownMoves(page), ['e2e4', 'c7c5']);

    // Flip: the same square is now elsewhere, Black is at the bottom, clicks still land right.
    const e2 = await center(page, 'e2');
    const e7 = await center(page, 'e7');
    assert.ok(e2.y > e7.y, 'White at the bottom before flipping');
    await page.click('#flip');
    await settle(page);
    assert.equal(await page.getAttribute('#flip', 'aria-pressed'), 'true');
    const e2f = await center(page, 'e2');
    const e7f = await center(page, 'e7');
    assert.ok(e2f.y < e7f.y, 'White at the top after flipping');
    assert.ok(Math.abs(e2f.x - e2.x) > 1, 'files are mirrored');
    await screenshot(page, 'desktop-flipped');
    await playMove(page, 'g1f3'); // by clicks on the flipped board
    await playMove(page, 'b8c6', 'drag'); // by drag on the flipped board
    assert.equal(await position(page), 'r1bqkbnr/pp1ppppp/2n5/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
    await page.click('#flip');
    assert.deepEqual(await center(page, 'e2'), e2);

    // New game starts over.
    await page.click('#new-game'); // the dialog: two players by default
    await page.click('#new-game-dialog button[value=start]');
    assert.equal(await position(page), START);
    assert.deepEqual(await shownMoves(page), []);
    assert.ok(await page.isDisabled('#undo'));
    assert.deepEqual(errors, []);
  });
});

test("fool's mate ends the game and the page says so", async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playMove(page, 'f2f3');
    await playMove(page, 'e7e5', 'drag');
    await playMove(page, 'g2g4');
    const lastFromBefore = await pixel(page, 'd8', -0.42, -0.42);
    const kingCornerBefore = await pixel(page, 'e1', -0.35, -0.25);
    await playMove(page, 'd8h4', 'drag');
    await settle(page);
    assert.equal(await statusText(page), 'Black wins by checkmate');
    assert.equal(await page.getAttribute('#status', 'aria-live'), 'polite');
    assert.deepEqual(await shownMoves(page), ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    // The last move's squares and the king in check are highlighted on the board.
    assert.ok(!sameColour(await pixel(page, 'd8', -0.42, -0.42), lastFromBefore), 'last move highlighted');
    const [r, g] = await pixel(page, 'e1', -0.35, -0.25);
    assert.ok(r - g > 100, `king in check drawn red (was ${kingCornerBefore}, now ${[r, g]})`);
    await screenshot(page, 'desktop-checkmate');

    // No more moves once the game is over; undo still works.
    const mated = await position(page);
    await playMove(page, 'a2a3');
    assert.equal(await position(page), mated);
    assert.match(await messageText(page), /game is over/i);
    await page.click('#undo');
    assert.equal(await statusText(page), 'Black to move');

    // Dark colour scheme: still draws, and the result screenshot for a look.
    await page.click('#redo');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'desktop-checkmate-dark');
    assert.deepEqual(errors, []);
  });
});

test('the keyboard alone can play: arrows move the cursor, Enter picks up and puts down', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await page.focus('#board');
    await page.keyboard.press('ArrowDown'); // the cursor appears in the middle (e4)
    await page.keyboard.press('ArrowDown'); // e3
    await page.keyboard.press('ArrowDown'); // e2
    await page.keyboard.press('Enter'); // pick up the e2 pawn
    await page.keyboard.press('ArrowUp'); // e3
    await page.keyboard.press('ArrowUp'); // e4
    await settle(page);
    await screenshot(page, 'desktop-keyboard');
    await page.keyboard.press('Enter'); // put it down
    assert.match(await position(page), /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b /);
    assert.deepEqual(errors, []);
  });
});
