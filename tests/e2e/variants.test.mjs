// The variants in the real page, through the real engine: choices between moves that share
// from and to in the picker, labelled by the engine (Bandit's tricks, Vagabond's free
// castling), actions of a piece on its own square (Quarter's driver), quadrant shifts,
// berserker jumps with rage, custodian captures, the quadrant double lines and the 4-D
// board's frames in both colour schemes and flipped. Expected position texts follow RULES.md and agree with
// `fairyboard play <game> --fen ... <moves>`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  launchForTests, openBoard, withBoard, center, position, clickSquare, dragSquare, settle, pixel, sameColour,
  screenshot, shownMoves, cellSize, messageText, cssColour,
  DESKTOP, PHONE_320, PHONE_360, startGame,
} from './support.mjs';
import { chooseGame } from './steps.mjs';


const env = launchForTests();

const start = startGame;

const pickerOpen = (page) => page.waitForSelector('#picker:not([hidden])');
const pickerClosed = (page) => page.waitForSelector('#picker', { state: 'hidden' });
const pickerLabels = (page) => page.$$eval('#picker-options button', (bs) => bs.map((b) => b.textContent.trim()));
const pickerTitle = async (page) => (await page.textContent('#picker-title')).trim();
const focusInPicker = (page) => page.waitForFunction(() => document.activeElement && document.activeElement.closest('#picker'));
const focusedId = (page) => page.evaluate(() => document.activeElement && document.activeElement.id);

/** Moves the keyboard focus in the open picker to the option labelled `label` and presses Enter. */
async function chooseByKeys(page, label) {
  await focusInPicker(page);
  const labels = await pickerLabels(page);
  const i = labels.indexOf(label);
  assert.ok(i >= 0, `"${label}" is offered (${labels.join(', ')})`);
  for (let k = 0; k < i; k++) await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.textContent.trim()), label);
  await page.keyboard.press('Enter');
  await pickerClosed(page);
  await settle(page);
}

/**
 * Reads canvas pixels along the screen segment from square `a`'s centre to square `b`'s
 * centre and returns the runs of dark pixels (opaque, luma under 90) as [start, length] pairs.
 */
async function darkRuns(page, a, b) {
  const p = await center(page, a);
  const q = await center(page, b);
  return page.evaluate(({ p, q }) => {
    const cv = document.getElementById('board');
    const r = cv.getBoundingClientRect();
    const k = cv.width / r.width;
    const ctx = cv.getContext('2d');
    const n = Math.round(Math.hypot(q.x - p.x, q.y - p.y) * k);
    const runs = [];
    let run = null;
    for (let i = 0; i <= n; i++) {
      const x = Math.floor((p.x + ((q.x - p.x) * i) / n - r.left) * k);
      const y = Math.floor((p.y + ((q.y - p.y) * i) / n - r.top) * k);
      const [R, G, B, A] = ctx.getImageData(x, y, 1, 1).data;
      const dark = A > 128 && 0.3 * R + 0.59 * G + 0.11 * B < 90; // transparent gaps are not
      if (dark && !run) { run = [i, 0]; runs.push(run); }
      if (dark) run[1]++;
      else run = null;
    }
    return runs;
  }, { p, q });
}

test("Bandit: a trickster's move offers its tricks in the picker, pictured and labelled", async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // The trickster c3 to e5 ends between the black rook d5 and bishop f5: it may turn
    // either into the other's type, or not trick at all.
    const fen = '3k3/7/7/7/3r1b1/7/2T4/7/K6 w - - 0 1';
    await start(page, 'bandit', fen);
    await clickSquare(page, 'c3');
    await clickSquare(page, 'e5');
    await pickerOpen(page);
    assert.equal(await pickerTitle(page), 'Trickster c3 to e5');
    const labels = await pickerLabels(page);
    assert.equal(labels[0], 'Trickster to e5', 'the plain move comes first');
    assert.deepEqual(labels.slice(1).sort(), ['Turn d5 into a bishop', 'Turn f5 into a rook']);
    const pictured = await page.$$eval('#picker-options button', (bs) => bs.map((b) => b.querySelector('svg') != null));
    assert.deepEqual(pictured, [false, true, true], 'a trick shows the piece it makes');
    await screenshot(page, 'bandit-trick-picker');
    await chooseByKeys(page, 'Turn f5 into a rook');
    assert.equal(await position(page), '3k3/7/7/7/3rTr1/7/7/7/K6 b - - 0 1');
    assert.deepEqual(await shownMoves(page), ['c3e5~f5R']);

    // Undo; the same squares by drag, and no trick this time (the mouse picks it).
    await page.click('#undo');
    await dragSquare(page, 'c3', 'e5');
    await pickerOpen(page);
    await page.getByRole('button', { name: 'Trickster to e5' }).click();
    await pickerClosed(page);
    assert.equal(await position(page), '3k3/7/7/7/3rTb1/7/7/7/K6 b - - 1 1');
    assert.deepEqual(errors, []);
  });
});

test('Riftwalker: each small board of the 4-D drawing has its frame, also flipped', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseGame(page, 'riftwalker');
    // From c3 to d3 (empty squares) the line crosses c's board frame, the gap and d's board
    // frame: two dark lines.
    for (const flipped of [false, true]) {
      if (flipped) { await page.click('#flip'); await settle(page); }
      for (const [a, b] of [['c3', 'd3'], ['f5', 'g5'], ['c7', 'd7']]) {
        const runs = await darkRuns(page, a, b);
        assert.equal(runs.length, 2, `${flipped ? 'flipped' : 'unflipped'}: two frame lines between ${a} and ${b} (${JSON.stringify(runs)})`);
      }
    }
    await screenshot(page, 'riftwalker-flipped');
    assert.deepEqual(errors, []);
  });
});

test('Vagabond: quadrant double lines in both schemes and flipped; a quadrant shift by clicks', async (t) => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseGame(page, 'vagabond');
    assert.equal(await position(page), 'reekaavr/pppppppp/8/8/8/8/PPPPPPPP/REEKAAVR w KQkq - 0 1');
    // Across the line between the d and e files, and across the one between ranks 4 and 5,
    // there are exactly two dark lines with a light gap between them.
    const check = async (where) => {
      for (const [a, b] of [['d3', 'e3'], ['f4', 'f5'], ['c5', 'c4'], ['e6', 'd6']]) {
        const runs = await darkRuns(page, a, b);
        assert.equal(runs.length, 2, `${where}: a double line from ${a} to ${b} (dark runs ${JSON.stringify(runs)})`);
      }
    };
    await check('light scheme');
    await screenshot(page, 'vagabond-start');

    // A quadrant shift: the vagabond g1 to the empty corresponding square g5.
    await clickSquare(page, 'g1');
    await clickSquare(page, 'g5');
    await settle(page);
    assert.equal(await position(page), 'reekaavr/pppppppp/8/6V1/8/8/PPPPPPPP/REEKAA1R b KQkq - 1 1');
    assert.deepEqual(await shownMoves(page), ['g1g5']);

    await page.click('#flip');
    await page.emulateMedia({ colorScheme: 'dark' });
    await settle(page);
    await check('dark scheme, flipped');
    const g5 = await center(page, 'g5');
    const g1 = await center(page, 'g1');
    assert.ok(g5.y > g1.y, 'flipped: rank 5 below rank 1');
    await screenshot(page, 'vagabond-flipped-dark');
    assert.deepEqual(errors, []);
  });
});

test('Pawnier: the missing squares are drawn as hatched holes, in both schemes and flipped', async () => {
  const { page, context, errors } = await openBoard(env, DESKTOP);
  /** The canvas colours across the middle of the hole between squares `a` and `b` (one rank). */
  const across = async (a, b) => {
    const side = (await center(page, b)).x > (await center(page, a)).x ? 1 : -1; // flipped or not
    const out = [];
    for (const t of [0.6, 0.8, 1, 1.2, 1.4]) out.push(await pixel(page, a, side * t, 0)); // clear of its edges
    return out;
  };
  const check = async (where) => {
    const hole = [await cssColour(page, '--hole'), await cssColour(page, '--hole-line')];
    const squares = [await cssColour(page, '--square-light'), await cssColour(page, '--square-dark')];
    for (const [a, b, name] of [['b5', 'd5', 'c5'], ['d6', 'f6', 'e6'], ['f7', 'h7', 'g7']]) {
      for (const c of await across(a, b)) {
        assert.ok(!squares.some((s) => sameColour(s, c)), `${where}: ${name} is not drawn as a square (${c})`);
        const near = hole.some((h) => c.slice(0, 3).every((v, i) => Math.abs(v - h[i]) <= 40));
        assert.ok(near && c[3] === 255, `${where}: ${name} is drawn in the hole's colours (${c})`);
      }
    }
  };
  try {
    await chooseGame(page, 'pawnier');
    await check('light scheme');
    await page.click('#flip');
    await page.emulateMedia({ colorScheme: 'dark' });
    await settle(page);
    await check('dark scheme, flipped');
    await screenshot(page, 'pawnier-holes-flipped-dark');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Vagabond: free castling chosen in the picker (king step or castling; which rook square)', async (t) => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // Black's king on e8: a rook on e1 would give check, so castling never puts it there.
    await start(page, 'vagabond', '4k3/8/8/8/8/8/8/R2K3R w KQ');
    const before = await position(page);

    // Castling onto the rook's own square takes nothing: its ring is dashed, not solid.
    const ring = async (name) => {
      const out = [];
      for (let k = 0; k < 36; k++) {
        const t = (k * Math.PI) / 18;
        out.push(await pixel(page, name, 0.44 * Math.cos(t), 0.44 * Math.sin(t)));
      }
      return out;
    };
    const plain = await ring('a1');
    await clickSquare(page, 'd1');
    const marked = (await ring('a1')).filter((c, k) => !sameColour(c, plain[k])).length;
    assert.ok(marked > 8 && marked < 32, `a dashed ring on a1 (${marked} of 36 points marked)`);

    // d1 to c1 is a king step and a castling with the rook to d1: the picker tells them apart.
    await clickSquare(page, 'c1');
    await pickerOpen(page);
    assert.equal(await pickerTitle(page), 'King d1 to c1');
    assert.deepEqual(await pickerLabels(page), ['King to c1', 'Castle, rook to d1']);
    await focusInPicker(page);
    await page.keyboard.press('Escape');
    await pickerClosed(page);
    assert.equal(await focusedId(page), 'board', 'focus returns to the board');
    assert.equal(await position(page), before, 'cancelling plays nothing');

    // King d1 to b1 by drag; the rook may go to c1 or d1: choose c1 with the keys.
    await dragSquare(page, 'd1', 'b1');
    await pickerOpen(page);
    assert.deepEqual([...await pickerLabels(page)].sort(), ['Castle, rook to c1', 'Castle, rook to d1']);
    await screenshot(page, 'vagabond-castling-picker');
    await chooseByKeys(page, 'Castle, rook to c1');
    assert.equal(await position(page), '4k3/8/8/8/8/8/8/1KR4R b - - 1 1');
    assert.deepEqual(await shownMoves(page), ['d1b1/c1']);
    assert.equal(await focusedId(page), 'board');

    // With Black's king on d8 a rook on d1 would give check: d1 to b1 has one castling, and
    // it plays at once.
    await start(page, 'vagabond', 'r2k3r/8/8/8/8/8/8/R2K3R w KQkq');
    await clickSquare(page, 'd1');
    await clickSquare(page, 'b1');
    await settle(page);
    assert.ok(await page.isHidden('#picker'), 'no picker for a single move');
    assert.equal(await position(page), 'r2k3r/8/8/8/8/8/8/1KR4R b kq - 1 1');
    assert.deepEqual(errors, []);
  });
});

test('Vagabond: a berserker jump with rage removes the agents diagonally in front', async (t) => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await start(page, 'vagabond', '7k/2p1p3/8/3p4/3E4/8/8/3K4 w - - 0 1');
    const c7Before = await pixel(page, 'c7', -0.42, -0.42);
    await dragSquare(page, 'd4', 'd6');
    await settle(page);
    assert.equal(await position(page), '7k/8/3E4/3p4/8/8/8/3K4 b - - 0 1');
    assert.ok(!sameColour(await pixel(page, 'c7', -0.42, -0.42), c7Before), 'a square emptied by rage is highlighted');
    await screenshot(page, 'vagabond-rage');
    assert.deepEqual(errors, []);
  });
});

test("Quarter: the driver's actions on its own square, by clicks, drag and keys", async (t) => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseGame(page, 'quarter');
    const startText = await position(page);
    assert.equal(startText, 'rndkadnr/pppmmppp/8/8/8/8/PPPMMPPP/RNDAKDNR w - - 0 1');

    // Picked, the driver's own square gets its ring (next to the piece, inside the square).
    const ringAt = () => pixel(page, 'c1', 0.41, 0.1);
    const ringBefore = await ringAt();
    await clickSquare(page, 'c1');
    await settle(page);
    assert.ok(!sameColour(await ringAt(), ringBefore), 'a ring on the driver\'s own square');
    await screenshot(page, 'quarter-driver-picked');
    assert.equal(await messageText(page),
      'Choose the driver on c1 again for its actions there: push c2, switch b1 and d1.');

    // Clicked again: the picker lists its actions by name.
    await clickSquare(page, 'c1');
    await pickerOpen(page);
    assert.equal(await pickerTitle(page), 'Driver on c1');
    assert.deepEqual([...await pickerLabels(page)].sort(), ['Push c2', 'Switch b1 and d1']);
    await screenshot(page, 'quarter-driver-picker');
    await page.getByRole('button', { name: 'Switch b1 and d1' }).click();
    await pickerClosed(page);
    await settle(page);
    assert.equal(await position(page), 'rndkadnr/pppmmppp/8/8/8/8/PPPMMPPP/RADNKDNR b - - 1 1');
    assert.deepEqual(await shownMoves(page), ['c1:switch:b1d1']);

    // Undo; by the keyboard: Enter on the driver twice opens the picker, Escape cancels.
    await page.click('#undo');
    assert.equal(await position(page), startText);
    await page.focus('#board');
    await page.keyboard.press('ArrowDown'); // the cursor appears in the middle
    const cursorTo = async (name) => {
      // Walk the cursor to `name` with arrow keys, reading where it is from the page.
      for (let i = 0; i < 16; i++) {
        const at = await page.evaluate(() => window.fairyboard.cursorName());
        if (at === name) return;
        const [f, r] = [at.charCodeAt(0) - name.charCodeAt(0), Number(at.slice(1)) - Number(name.slice(1))];
        await page.keyboard.press(r > 0 ? 'ArrowDown' : r < 0 ? 'ArrowUp' : f > 0 ? 'ArrowLeft' : 'ArrowRight');
      }
      assert.fail(`the cursor did not reach ${name}`);
    };
    await cursorTo('c1');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await pickerOpen(page);
    await focusInPicker(page);
    await page.keyboard.press('Escape');
    await pickerClosed(page);
    assert.equal(await focusedId(page), 'board');
    assert.equal(await position(page), startText);

    // A drag carried off the driver and dropped back on it opens the picker too.
    const c1 = await center(page, 'c1');
    const u = await cellSize(page);
    await page.mouse.move(c1.x, c1.y);
    await page.mouse.down();
    await page.mouse.move(c1.x + u, c1.y - u, { steps: 4 });
    await page.mouse.move(c1.x, c1.y, { steps: 4 });
    await page.mouse.up();
    await pickerOpen(page);
    await chooseByKeys(page, 'Push c2');
    assert.equal(await position(page), 'rndkadnr/pppmmppp/8/8/8/2P5/PP1MMPPP/RNDAKDNR b - - 0 1');
    assert.deepEqual(await shownMoves(page), ['c1:push:c2']);
    assert.deepEqual(errors, []);
  });
});

test('Quarter: a single action plays at once; a merchant custodian capture', async (t) => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // The a1 driver's only action is pushing the a2 pawn: choosing the driver again plays it.
    await start(page, 'quarter', '7k/8/8/8/8/7K/P7/D7 w - - 0 1');
    await clickSquare(page, 'a1');
    await clickSquare(page, 'a1');
    await settle(page);
    assert.ok(await page.isHidden('#picker'), 'no picker for one action');
    assert.deepEqual(await shownMoves(page), ['a1:push:a2']);
    assert.equal(await position(page), '7k/8/8/8/8/P6K/8/D7 b - - 0 1');

    // The merchant steps e3-e4; the black pawn d4 between it and the c4 merchant is removed.
    await start(page, 'quarter', '7k/8/8/8/2Mp4/4M3/8/K7 w - - 0 1');
    await clickSquare(page, 'e3');
    await clickSquare(page, 'e4');
    await settle(page);
    assert.equal(await position(page), '7k/8/8/8/2M1M3/8/8/K7 b - - 0 1');
    await screenshot(page, 'quarter-custodian');
    assert.deepEqual(errors, []);
  });
});

test('Quarter: frozen agents wear a snowflake, and picking one says why it cannot move', async () => {
  const { page, context, errors } = await openBoard(env, DESKTOP);
  // The badge's disc (radius 0.13) is centred 0.29 cell right of and above the cell's
  // centre; its snowflake's arms reach 0.09 from there. A point of the disc beyond them:
  const badge = (name) => pixel(page, name, 0.29 + 0.11, -0.29);
  try {
    // The white merchant d5 freezes the black rook d6 and the black king c5; the black
    // merchant f2 freezes the white knight f1. The white rook a8 is free.
    await start(page, 'quarter', 'R7/8/3r4/2kM4/8/8/5m2/K4N2 w - - 0 1');
    const disc = await cssColour(page, '--frozen-bg');
    for (const name of ['d6', 'c5', 'f1']) {
      assert.ok(sameColour(await badge(name), disc), `${name} wears the badge (${await badge(name)})`);
    }
    for (const name of ['a8', 'd5', 'a1']) {
      assert.ok(!sameColour(await badge(name), disc), `${name} does not`);
    }
    await clickSquare(page, 'f1');
    assert.equal(await messageText(page),
      'The knight on f1 is frozen by an enemy merchant beside it: it cannot move or attack.');
    // The merchant d5 steps away to e4: the rook d6 and the king c5 are free again (the
    // knight f1 stays frozen).
    await clickSquare(page, 'd5');
    await clickSquare(page, 'e4');
    await settle(page);
    assert.ok(!sameColour(await badge('d6'), disc) && !sameColour(await badge('c5'), disc), 'd6 and c5 are free');
    assert.ok(sameColour(await badge('f1'), disc));
    await screenshot(page, 'quarter-frozen');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Quarter on a 320 px phone: tap the driver twice, tap an action', async (t) => {
  await withBoard(env, PHONE_320, async ({ page, errors }) => {
    await chooseGame(page, 'quarter');
    const tap = async (name) => { const c = await center(page, name); await page.touchscreen.tap(c.x, c.y); };
    await tap('c1');
    await tap('c1');
    await pickerOpen(page);
    const box = await page.$eval('.picker-box', (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right }; });
    assert.ok(box.left >= 0 && box.right <= 320, `the picker fits the phone (${box.left}..${box.right})`);
    await screenshot(page, 'phone-320-driver-picker');
    const b = await page.getByRole('button', { name: 'Push c2' }).boundingBox();
    await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
    await pickerClosed(page);
    assert.deepEqual(await shownMoves(page), ['c1:push:c2']);
    assert.deepEqual(errors, []);
  });
});
