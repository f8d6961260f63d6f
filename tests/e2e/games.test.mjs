// Whole games by the less common inputs, through the real engine: a game by keyboard alone
// (Tab to the board, arrows, Enter and Space, Escape, the picker by keys), a game by touch on a
// 360 px phone (taps, touch drags, the page not scrolling under a drag on the board), Pawnier's
// pawns in hand (dropped by click, drag, keys and touch), Riftwalker's 4-D neighbour marks (by
// mouse hover and by the keyboard cursor, checked against the rule), and a screenshot of every
// game at 1280 and 360 px wide. Expected position texts agree with `fairyboard play`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  launchForTests, withBoard, center, position, statusText, messageText, shownMoves, clickSquare,
  settle, pixel, sameColour, screenshot,
  DESKTOP, PHONE_320, PHONE_360, startGame,
} from './support.mjs';
import { chooseGame } from './steps.mjs';


const env = launchForTests();

const start = startGame;

const cursorName = (page) => page.evaluate(() => window.fairyboard.cursorName());
const focusedId = (page) => page.evaluate(() => document.activeElement && document.activeElement.id);
const marked = async (page) => (await page.evaluate(() => window.fairyboard.markedNeighbours())).sort();
const destinationNames = async (page) => (await page.evaluate(() => window.fairyboard.destinationNames())).sort();
const hand = (color) => `.hand[data-color="${color}"]`;
const handButton = (color) => `${hand(color)} button`;
const handCount = (page, color) => page.getAttribute(hand(color), 'data-count');
const handPicked = async (page, color) => (await page.getAttribute(handButton(color), 'aria-pressed')) === 'true';

/** The engine's drop squares for the side to move (from its legal moves with no origin). */
const engineDrops = (page) => page.evaluate(() => {
  const h = window.fairyboard.game;
  const cells = h.layout().cells;
  return [...new Set(h.legalMoves().filter((m) => m.from == null).map((m) => cells[m.to].name))].sort();
});

/** The piece on square `name` as colour and letter ('wP'), or null. */
const pieceOn = (page, name) => page.evaluate((n) => {
  const h = window.fairyboard.game;
  const cell = h.layout().cells.find((c) => c.name === n);
  const p = h.pieces()[cell.sq];
  return p ? p.color + p.letter.toUpperCase() : null;
}, name);

/** The engine's destination squares from square `from`. */
const engineDests = (page, from) => page.evaluate((f) => {
  const h = window.fairyboard.game;
  const cells = h.layout().cells;
  const sq = cells.find((c) => c.name === f).sq;
  return [...new Set(h.legalMoves().filter((m) => m.from === sq).map((m) => cells[m.to].name))].sort();
}, from);

/** Presses Tab until the element matching `selector` has the focus. */
async function tabTo(page, selector) {
  for (let i = 0; i < 80; i++) { // the page has many controls (legend, records, ...)
    if (await page.evaluate((s) => document.activeElement === document.querySelector(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${selector}`);
}

/** Walks the keyboard cursor to square `name` with the arrow keys, reading where it is. */
async function cursorTo(page, name) {
  const target = await center(page, name);
  for (let i = 0; i < 40; i++) {
    const at = await cursorName(page);
    if (at === name) return;
    let key = 'ArrowUp'; // with no cursor yet, any arrow shows it
    if (at != null) {
      const c = await center(page, at);
      const [dx, dy] = [target.x - c.x, target.y - c.y];
      key = Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
    }
    await page.keyboard.press(key);
  }
  assert.fail(`the cursor did not reach ${name} (it is on ${await cursorName(page)})`);
}

/** A move by keys only: the cursor to `from`, `key`, the cursor to `to`, `key`. */
async function keyMove(page, from, to, key = 'Enter') {
  await cursorTo(page, from);
  await page.keyboard.press(key);
  await cursorTo(page, to);
  await page.keyboard.press(key);
  await settle(page);
}

/** Centre of an element in client coordinates. */
async function middle(page, selector) {
  const b = await page.locator(selector).boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Real touch input through Chromium's input pipeline (start, moves, end). */
async function touchDrag(context, page, a, b, { steps = 8, during, hold = false } = {}) {
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [],
  });
  await touch('touchStart', a);
  for (let i = 1; i <= steps; i++) await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps });
  if (during) await during();
  // Resting the finger before lifting it ends a scroll without a fling.
  if (hold) for (let i = 0; i < 5; i++) { await touch('touchMove', b); await new Promise((r) => setTimeout(r, 30)); }
  await touch('touchEnd');
  await cdp.detach();
}

async function tap(page, name) {
  const c = await center(page, name);
  await page.touchscreen.tap(c.x, c.y);
}

/** The cells next to `name` on the 3x3x3x3 board by the rule (RULES.md 5), sorted. */
function ruleNeighbours(name) {
  const f = name.charCodeAt(0) - 97;
  const r = Number(name.slice(1)) - 1;
  const c = [Math.floor(f / 3), Math.floor(r / 3), f % 3, r % 3]; // X, Y, x, y
  const out = [];
  for (let d = 0; d < 4; d++) {
    for (const s of [-1, 1]) {
      const n = [...c];
      n[d] += s;
      if (n[d] < 0 || n[d] > 2) continue;
      out.push(String.fromCharCode(97 + n[0] * 3 + n[2]) + (n[1] * 3 + n[3] + 1));
    }
  }
  return out.sort();
}

test("a whole game by keyboard alone: fool's mate, Escape, and a promotion chosen by keys", async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await tabTo(page, '#board');
    await keyMove(page, 'f2', 'f3');
    await keyMove(page, 'e7', 'e5', ' '); // Space works as Enter
    await keyMove(page, 'g2', 'g4');
    const beforeMate = await position(page);
    // Pick the queen, Escape puts it down: Enter on h4 then picks nothing and moves nothing.
    // A screen reader hears each cell the cursor reaches.
    const cellSaid = () => page.textContent('#cell-speech');
    await cursorTo(page, 'd8');
    assert.equal(await cellSaid(), 'd8: black queen');
    await page.keyboard.press('Enter');
    await cursorTo(page, 'h4');
    assert.equal(await cellSaid(), 'h4: empty, a destination');
    await page.keyboard.press('Escape');
    await cursorTo(page, 'g4');
    assert.equal(await cellSaid(), 'g4: white pawn');
    await cursorTo(page, 'h4');
    assert.equal(await cellSaid(), 'h4: empty', 'no piece picked up: no destinations');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.equal(await position(page), beforeMate, 'Escape cancelled the pick');
    await keyMove(page, 'd8', 'h4');
    assert.equal(await statusText(page), 'Black wins by checkmate');
    assert.deepEqual(await shownMoves(page), ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    await screenshot(page, 'keyboard-fools-mate');

    // A promotion with a capture: the picker opens, Escape cancels, then the knight by arrows.
    const fen = 'r3k3/1P6/8/8/8/8/P7/4K3 w - - 0 1';
    await start(page, 'orthodox', fen);
    assert.equal(await focusedId(page), 'board', 'the board kept the focus');
    await keyMove(page, 'b7', 'a8');
    await page.waitForSelector('#picker:not([hidden])');
    await page.waitForFunction(() => document.activeElement && document.activeElement.closest('#picker'));
    await page.keyboard.press('Escape');
    await page.waitForSelector('#picker', { state: 'hidden' });
    assert.equal(await focusedId(page), 'board', 'focus back on the board');
    assert.equal(await position(page), fen);
    await keyMove(page, 'b7', 'a8', ' ');
    await page.waitForSelector('#picker:not([hidden])');
    await page.waitForFunction(() => document.activeElement && document.activeElement.closest('#picker'));
    for (let i = 0; i < 4 && (await page.evaluate(() => document.activeElement.textContent.trim())) !== 'Knight'; i++) {
      await page.keyboard.press('ArrowRight');
    }
    assert.equal(await page.evaluate(() => document.activeElement.textContent.trim()), 'Knight');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#picker', { state: 'hidden' });
    await settle(page);
    assert.equal(await position(page), 'N3k3/8/8/8/8/8/P7/4K3 b - - 0 1');
    assert.equal(await focusedId(page), 'board');
    // Black answers by keys too.
    await keyMove(page, 'e8', 'e7');
    assert.deepEqual(await shownMoves(page), ['b7a8n', 'e8e7']);
    assert.deepEqual(errors, []);
  });
});

test('the keyboard cursor reaches every cell of every board shape, holes and 4-D gaps skipped', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    for (const game of ['pawnier', 'riftwalker', 'bandit']) {
      await start(page, game);
      await tabTo(page, '#board');
      const names = await page.evaluate(() => window.fairyboard.game.layout().cells.map((c) => c.name));
      // The cursor first appears on a cell (the middle of Pawnier's drawing is a hole).
      await page.keyboard.press('ArrowUp');
      assert.ok(names.includes(await cursorName(page)), `${game}: the cursor is on a cell`);
      // Corner to corner and along the edges, then every cell by the greedy walk.
      for (const name of [names[0], names[names.length - 1], ...names]) await cursorTo(page, name);
      await page.keyboard.press('Escape');
    }
    // One arrow press jumps over a hole (Pawnier's e6) and across the gap between small boards.
    for (const [game, from, key, to] of [['pawnier', 'e5', 'ArrowUp', 'e7'], ['pawnier', 'd6', 'ArrowRight', 'f6'],
      ['riftwalker', 'c3', 'ArrowRight', 'd3'], ['riftwalker', 'e4', 'ArrowDown', 'e3']]) {
      await start(page, game);
      await cursorTo(page, from);
      await page.keyboard.press(key);
      assert.equal(await cursorName(page), to, `${game}: ${key} from ${from}`);
    }
    assert.deepEqual(errors, []);
  });
});

test('a game by touch on a 360 px phone: taps, touch drags, and no page scroll under a drag', async () => {
  await withBoard(env, PHONE_360, async ({ page, context, errors }) => {
    await tap(page, 'e2');
    await tap(page, 'e4'); // 1.e4 by two taps
    await touchDrag(context, page, await center(page, 'e7'), await center(page, 'e5')); // 1...e5
    await tap(page, 'g1');
    await tap(page, 'f3'); // 2.Nf3
    await touchDrag(context, page, await center(page, 'b8'), await center(page, 'c6')); // 2...Nc6
    await tap(page, 'f1');
    await tap(page, 'c4'); // 3.Bc4
    await touchDrag(context, page, await center(page, 'g8'), await center(page, 'f6'));
    await touchDrag(context, page, await center(page, 'f3'), await center(page, 'g5'));
    await tap(page, 'd7');
    await tap(page, 'd5');
    await touchDrag(context, page, await center(page, 'e4'), await center(page, 'd5')); // a capture
    await tap(page, 'f6');
    await tap(page, 'd5');
    await tap(page, 'g5');
    await tap(page, 'f7'); // 6.Nxf7, the fried liver
    await settle(page);
    assert.equal(await position(page), 'r1bqkb1r/ppp2Npp/2n5/3np3/2B5/8/PPPP1PPP/RNBQK2R b KQkq - 0 6');
    assert.equal(await statusText(page), 'Black to move');
    await screenshot(page, 'touch-360-game');

    // The page can scroll (a finger dragged up over the status line scrolls it)...
    await page.evaluate(() => { document.body.style.paddingBottom = '100vh'; }); // room to scroll
    await page.evaluate(() => window.scrollTo(0, 0));
    const status = await middle(page, '#status');
    await touchDrag(context, page, status, { x: status.x, y: status.y - 150 }, { hold: true });
    await settle(page);
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.ok(scrolled > 20, `a drag outside the board scrolls the page (scrollY ${scrolled})`);
    // ...but a drag on the board does not: pieces carried up and let go off the board.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    const during = [];
    const c6 = await center(page, 'c6');
    await touchDrag(context, page, c6, { x: c6.x, y: 2 }, {
      during: async () => during.push(await page.evaluate(() => window.scrollY)),
    });
    const h7 = await center(page, 'h7');
    await touchDrag(context, page, h7, { x: h7.x, y: 2 }, {
      during: async () => during.push(await page.evaluate(() => window.scrollY)),
    });
    await settle(page);
    assert.deepEqual([...during, await page.evaluate(() => window.scrollY)], [0, 0, 0], 'no scroll while dragging on the board');
    assert.equal(await position(page), 'r1bqkb1r/ppp2Npp/2n5/3np3/2B5/8/PPPP1PPP/RNBQK2R b KQkq - 0 6', 'no move');
    assert.deepEqual(errors, []);
  });
});

test('Pawnier: a pawn dropped from the hand by click, by mouse drag and by keys; an illegal drop refused', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseGame(page, 'pawnier');
    assert.equal(await position(page), await page.evaluate(() => window.fairyboard.game.startText()));
    assert.match(await position(page), /\[PPPPPPpppppp\] w /);
    assert.equal(await handCount(page, 'w'), '6');
    assert.equal(await handCount(page, 'b'), '6');
    assert.ok(await page.isEnabled(handButton('w')), "the side to move's hand is a button");
    assert.ok(await page.isDisabled(handButton('b')), "the other side's hand is not");
    // White is at the bottom of the board and its hand below it; Black's above.
    const layoutOrder = async () => page.evaluate(() => {
      const y = (s) => document.querySelector(s).getBoundingClientRect();
      const board = y('#board');
      return { w: y('.hand[data-color="w"]').top >= board.bottom - 1, b: y('.hand[data-color="b"]').bottom <= board.top + 1 };
    });
    assert.deepEqual(await layoutOrder(), { w: true, b: true }, 'white hand below, black hand above');
    // The other side's hand says why it does not drop now (information), and picks nothing.
    await page.click(handButton('b'), { force: true });
    assert.equal(await page.textContent('#message'), "Black's pawns in hand are dropped on Black's turn.");
    assert.equal(await page.getAttribute('#message', 'data-kind'), 'info');
    assert.ok(!(await handPicked(page, 'b')));

    // Click the hand: the drop squares are shown (a dot on e4), then click e4.
    const e4Before = await pixel(page, 'e4');
    await page.click(handButton('w'));
    await settle(page);
    assert.ok(await handPicked(page, 'w'));
    assert.deepEqual(await destinationNames(page), await engineDrops(page));
    assert.ok(!sameColour(await pixel(page, 'e4'), e4Before), 'a drop dot on e4');
    await screenshot(page, 'pawnier-hand-picked');
    await clickSquare(page, 'e4');
    await settle(page);
    assert.match(await position(page), /\[PPPPPpppppp\] b /);
    assert.equal(await pieceOn(page, 'e4'), 'wP');
    assert.deepEqual(await shownMoves(page), ['P@e4']);
    assert.equal(await handCount(page, 'w'), '5');
    assert.ok(await page.isEnabled(handButton('b')));
    assert.ok(await page.isDisabled(handButton('w')));

    // Black drags a pawn from its hand to e8; the pawn follows the pointer.
    const from = await middle(page, handButton('b'));
    const to = await center(page, 'e8');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    const floating = await page.evaluate(() => {
      const f = document.querySelector('.hand-drag');
      if (!f || f.hidden) return null;
      const r = f.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    assert.ok(floating && Math.hypot(floating.x - (from.x + to.x) / 2, floating.y - (from.y + to.y) / 2) < 2, 'the pawn is under the pointer');
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await screenshot(page, 'pawnier-hand-drag');
    await page.mouse.up();
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['P@e4', 'P@e8']);
    assert.equal(await handCount(page, 'b'), '5');
    assert.ok(await page.evaluate(() => document.querySelector('.hand-drag').hidden), 'the floating pawn is gone');

    // An illegal drop (White's rank 6) is refused with a message and nothing changes.
    const before = await position(page);
    await page.click(handButton('w'));
    await clickSquare(page, 'a6');
    assert.equal(await messageText(page), 'A pawn cannot be dropped on a6.');
    assert.equal(await position(page), before);
    assert.ok(!(await handPicked(page, 'w')));
    // A second click on the picked hand puts the pawn back; a click on a piece picks the piece.
    await page.click(handButton('w'));
    await page.click(handButton('w'));
    assert.ok(!(await handPicked(page, 'w')));
    assert.deepEqual(await destinationNames(page), []);
    await page.click(handButton('w'));
    await clickSquare(page, 'c3');
    assert.ok(!(await handPicked(page, 'w')));
    assert.deepEqual(await destinationNames(page), await engineDests(page, 'c3'), 'the sergeant on c3 is picked');
    await clickSquare(page, 'c3');

    // By keys: Tab to the hand, Enter picks it and the board takes the focus with its cursor
    // on a drop square; Escape cancels; again, and the cursor to d4 and Enter drops.
    await tabTo(page, handButton('w'));
    await page.keyboard.press('Enter');
    assert.ok(await handPicked(page, 'w'));
    assert.equal(await focusedId(page), 'board');
    assert.ok((await engineDrops(page)).includes(await cursorName(page)), 'the cursor is on a drop square');
    await page.keyboard.press('Escape');
    assert.ok(!(await handPicked(page, 'w')));
    assert.deepEqual(await destinationNames(page), []);
    await tabTo(page, handButton('w'));
    await page.keyboard.press(' ');
    assert.ok(await handPicked(page, 'w'));
    await cursorTo(page, 'd4');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['P@e4', 'P@e8', 'P@d4']);
    assert.equal(await handCount(page, 'w'), '4');

    // Flipped, Black is at the bottom and so is its hand; a click drop still lands.
    await page.click('#flip');
    await settle(page);
    assert.deepEqual(await layoutOrder(), { w: false, b: false }, 'hands swapped');
    await page.click(handButton('b'));
    await clickSquare(page, 'd8');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['P@e4', 'P@e8', 'P@d4', 'P@d8']);
    await screenshot(page, 'pawnier-flipped-hands');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.click(handButton('w'));
    await screenshot(page, 'pawnier-hands-dark');
    await page.keyboard.press('Escape');
    assert.ok(!(await handPicked(page, 'w')), 'Escape puts the pawn back wherever the focus is');

    // Undo gives the pawn back; games without hands show none.
    await page.click('#undo');
    assert.equal(await handCount(page, 'b'), '5');
    await page.selectOption('#game', 'orthodox');
    assert.ok(await page.isHidden(hand('w')) && await page.isHidden(hand('b')), 'no hands in orthodox');
    assert.deepEqual(errors, []);
  });
});

test('Pawnier on a phone: hands fit at 320 and 360 px; drops by tap and by touch drag without scrolling', async () => {
  for (const size of [PHONE_320, PHONE_360]) {
    await withBoard(env, size, async ({ page, context, errors }) => {
      await chooseGame(page, 'pawnier');
      const w = size.viewport.width;
      const m = await page.evaluate(() => {
        const r = (s) => document.querySelector(s).getBoundingClientRect();
        return {
          scrollWidth: document.documentElement.scrollWidth,
          board: r('#board'), w: r('.hand[data-color="w"] button'), b: r('.hand[data-color="b"] button'),
          touchAction: getComputedStyle(document.querySelector('.hand[data-color="w"] button')).touchAction,
        };
      });
      assert.ok(m.scrollWidth <= w, `no horizontal scroll at ${w} px (${m.scrollWidth})`);
      assert.ok(m.board.width >= w - 20, `the board fills the width (${m.board.width})`);
      for (const c of ['w', 'b']) {
        assert.ok(m[c].left >= 0 && m[c].right <= w && m[c].height >= 40, `${c} hand on screen and big enough to tap`);
      }
      assert.equal(m.touchAction, 'none');

      // Tap the hand, tap a square.
      await page.tap(handButton('w'));
      assert.ok(await handPicked(page, 'w'));
      await tap(page, 'b2');
      await settle(page);
      assert.deepEqual(await shownMoves(page), ['P@b2']);

      // Touch drag from Black's hand (above the board) down onto d8; and since the page may
      // scroll, check it does not move while the finger drags.
      await page.evaluate(() => { document.body.style.paddingBottom = '100vh'; window.scrollTo(0, 0); });
      const scrolls = [];
      await touchDrag(context, page, await middle(page, handButton('b')), await center(page, 'd8'), {
        during: async () => {
          scrolls.push(await page.evaluate(() => window.scrollY));
          const f = await page.evaluate(() => !document.querySelector('.hand-drag').hidden);
          assert.ok(f, 'the pawn follows the finger');
        },
      });
      await settle(page);
      assert.deepEqual(await shownMoves(page), ['P@b2', 'P@d8']);
      // White drags from its hand (below the board) up onto c4: a finger moving up.
      await touchDrag(context, page, await middle(page, handButton('w')), await center(page, 'c4'), {
        during: async () => scrolls.push(await page.evaluate(() => window.scrollY)),
      });
      await settle(page);
      scrolls.push(await page.evaluate(() => window.scrollY));
      assert.deepEqual(scrolls, [0, 0, 0], 'the page did not scroll');
      assert.deepEqual(await shownMoves(page), ['P@b2', 'P@d8', 'P@c4']);
      assert.equal(await handCount(page, 'w'), '4');
      await page.evaluate(() => { document.body.style.paddingBottom = ''; });
      await screenshot(page, `pawnier-phone-${w}-drops`);
      assert.deepEqual(errors, []);
    });
  }
});

test('Riftwalker: hovering or the keyboard cursor marks a cell\'s 4-D neighbours; none on flat boards', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // A flat board marks nothing.
    const e4 = await center(page, 'e4');
    await page.mouse.move(e4.x, e4.y);
    await settle(page);
    assert.deepEqual(await marked(page), []);

    await chooseGame(page, 'riftwalker');
    const cornerOf = (name) => pixel(page, name, -0.33, -0.435); // on a corner bracket's top arm
    const h5Before = await cornerOf('h5');
    const e5 = await center(page, 'e5');
    await page.mouse.move(e5.x, e5.y);
    await settle(page);
    assert.deepEqual(ruleNeighbours('e5'), ['b5', 'd5', 'e2', 'e4', 'e6', 'e8', 'f5', 'h5']);
    assert.deepEqual(await marked(page), ruleNeighbours('e5'), 'e5 (X1 Y1 x1 y1) has 8 neighbours');
    assert.ok(!sameColour(await cornerOf('h5'), h5Before), 'h5 is marked on the board');
    await screenshot(page, 'riftwalker-neighbours-e5');
    for (const name of ['a1', 'c3', 'd4', 'i9', 'f7']) {
      const c = await center(page, name);
      await page.mouse.move(c.x, c.y);
      assert.deepEqual(await marked(page), ruleNeighbours(name), `neighbours of ${name}`);
    }
    assert.equal((await marked(page)).length, 5, 'f7 (X1 Y2 x2 y0) has 5');
    await page.mouse.move(2, 2); // off the board: no marks
    assert.deepEqual(await marked(page), []);
    await settle(page);
    assert.ok(sameColour(await cornerOf('h5'), h5Before), 'the marks are gone');

    // The keyboard cursor marks too (with the mouse away), also flipped.
    await tabTo(page, '#board');
    for (const name of ['c3', 'g4', 'e5']) {
      await cursorTo(page, name);
      assert.deepEqual(await marked(page), ruleNeighbours(name), `cursor on ${name}`);
    }
    await page.click('#flip');
    await tabTo(page, '#board');
    await page.keyboard.press('ArrowLeft'); // flipped: left on screen is toward i
    assert.equal(await cursorName(page), 'f5');
    assert.deepEqual(await marked(page), ruleNeighbours('f5'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'riftwalker-neighbours-cursor-dark');
    await page.keyboard.press('Tab'); // focus leaves the board: the marks go
    assert.deepEqual(await marked(page), []);
    assert.deepEqual(errors, []);
  });
});

test('Riftwalker on a touch phone: a tap marks no neighbours (no hover)', async () => {
  await withBoard(env, PHONE_360, async ({ page, errors }) => {
    await chooseGame(page, 'riftwalker');
    await tap(page, 'e5');
    await settle(page);
    assert.deepEqual(await marked(page), []);
    assert.deepEqual(errors, []);
  });
});

test('screenshots of every game at 1280 and 360 px wide', async () => {
  for (const [label, size] of [['1280', DESKTOP], ['360', PHONE_360]]) {
    await withBoard(env, size, async ({ page, errors }) => {
      const ids = await page.$$eval('#game option', (os) => os.map((o) => o.value));
      assert.deepEqual([...ids].sort(), ['bandit', 'orthodox', 'pawnier', 'quarter', 'riftwalker', 'vagabond']);
      for (const id of ids) {
        await page.selectOption('#game', id);
        await settle(page);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${id}: no horizontal scroll at ${label}`);
        const file = await screenshot(page, `game-${id}-${label}`);
        assert.ok(fs.statSync(file).size > 2000, `${file} is a real picture`);
      }
      assert.deepEqual(errors, []);
    });
  }
});
