// The variants in the real page, through the real engine: choices between moves that share
// from and to in the picker, labelled by the engine (Bandit's tricks), and the 4-D board's
// panel frames. Expected position texts follow RULES.md and agree with
// `fairyboard play <game> --fen ... <moves>`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openBoard, center, position, clickSquare, dragSquare, settle, pixel, sameColour,
  screenshot, shownMoves, cellSize,
} from './support.mjs';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE_320 = { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Starts `game` from position text `fen` (or its start) in the page. */
async function start(page, game, fen) {
  const ok = await page.evaluate(([g, f]) => window.fairyboard.start(g, f), [game, fen]);
  assert.ok(ok, `the page starts ${game} ${fen || ''}`);
  await settle(page);
}

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
  const { page, context, errors } = await openBoard(env, DESKTOP);
  try {
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
  } finally {
    await context.close();
  }
});

test('Riftwalker: each small board of the 4-D drawing has its frame, also flipped', async () => {
  const { page, context, errors } = await openBoard(env, DESKTOP);
  try {
    await page.selectOption('#game', 'riftwalker');
    await settle(page);
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
  } finally {
    await context.close();
  }
});
