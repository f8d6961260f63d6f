// Animations in the real page: for each of the six games, moves played through the page
// (mouse clicks and drags where a from-to pair names one move, the page's own play path by
// text for moves with a choice or a drop) that produce every effect kind the game has; each
// must start the animation its effects call for and run it to the end with frames drawn.
// Also: undo plays it backwards and redo forwards, a new input finishes it at once, the speed
// control (remembered across reloads), a dragged piece that does not slide again, reduced
// motion (no frames at all), and the frame intervals during the longest animations, written
// to tests/output/frame-timing.json (a reported figure, not an assertion).
//
// The page's test hook reports what it animated: fairyboard.animations() lists, per move,
// the animation kinds it started (one per track), the move's effects, the direction, the
// length, the number of frames drawn, their intervals and how it ended.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  launchForTests, withBoard, position, clickSquare, dragSquare, settle, screenshot, OUTPUT,
  DESKTOP, PHONE_320, PHONE_360, startGame, chooseSetting,
} from './support.mjs';


const env = launchForTests();

const start = startGame;

const log = (page) => page.evaluate(() => window.fairyboard.animations());
const animating = (page) => page.evaluate(() => window.fairyboard.animating());
const logLength = async (page) => (await log(page)).length;

/** Waits until no animation runs and returns the log entries added since `from`. */
async function entriesSince(page, from) {
  await page.waitForFunction((n) => window.fairyboard.animations().length > n && !window.fairyboard.animating(), from);
  return (await log(page)).slice(from);
}

/** Counts of each kind in a list. */
const counts = (kinds) => kinds.reduce((m, k) => m.set(k, (m.get(k) || 0) + 1), new Map());

/**
 * Asserts that `entry` is one complete animation of `text` that started every kind in
 * `expected` (a kind listed twice must have started at least twice).
 */
function assertRan(entry, text, expected, direction = 'forward') {
  assert.equal(entry.text, text, 'the animation is of the move played');
  assert.equal(entry.direction, direction, `${text} plays ${direction}`);
  assert.equal(entry.ended, 'done', `${text}: the animation ran to its end (${entry.ended})`);
  assert.ok(entry.ms > 0 && entry.frames >= 3, `${text}: frames were drawn (${entry.frames} in ${entry.ms} ms)`);
  const have = counts(entry.kinds);
  for (const [kind, n] of counts(expected)) {
    assert.ok((have.get(kind) || 0) >= n, `${text} (${entry.effects.join(', ')}): animation "${kind}" x${n} started; got ${entry.kinds.join(', ')}`);
  }
}

/**
 * Plays one move and checks its animation. `how`: 'click' (click from, click to), 'drag', or
 * 'text' (the page's play path by move text, for choices and drops).
 */
async function playAndCheck(page, { move, how = 'click', label, expect }) {
  const n = await logLength(page);
  if (how === 'text') {
    const played = await page.evaluate((t) => window.fairyboard.play(t), move);
    assert.ok(played, `the page plays ${move}`);
  } else if (how === 'picker') {
    // An action of the piece on its own square: pick it, pick it again, choose in the picker.
    const [sq] = move.match(/[a-z]+\d+/g);
    await clickSquare(page, sq);
    await clickSquare(page, sq);
    await page.click(`#picker-options button:has-text("${label}")`);
  } else {
    const [from, to] = move.match(/[a-z]+\d+/g);
    if (how === 'drag') await dragSquare(page, from, to);
    else { await clickSquare(page, from); await clickSquare(page, to); }
  }
  const [entry] = await entriesSince(page, n);
  assertRan(entry, move, expect);
  return entry;
}

/** Undo then redo of the last move: the same animation backwards, then forwards. */
async function undoRedo(page, move, expect) {
  const n = await logLength(page);
  await page.click('#undo');
  const [back] = await entriesSince(page, n);
  assertRan(back, move, expect, 'backward');
  await page.click('#redo');
  const [fwd] = await entriesSince(page, n + 1);
  assertRan(fwd, move, expect, 'forward');
}

// Per game: positions and moves that make every effect kind the game has. Position texts
// and moves checked with `fairyboard moves <game> --fen ... --json`.
const GAMES = {
  orthodox: [
    { fen: null, moves: [{ move: 'e2e4', expect: ['slide'] }, { move: 'g8f6', expect: ['leap'] }] },
    { fen: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', moves: [{ move: 'e1g1', expect: ['castle', 'castle'] }, { move: 'e8c8', expect: ['castle', 'castle'] }] },
    { fen: '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1', moves: [{ move: 'e5d6', expect: ['step', 'capture'] }] },
    { fen: '1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1', moves: [{ move: 'a7b8q', how: 'text', expect: ['step', 'capture', 'promote'] }] },
  ],
  vagabond: [
    { fen: null, moves: [{ move: 'b1c3', expect: ['leap'] }] },
    { fen: '7k/2p1p3/8/3P4/3E4/8/8/K7 w - - 0 1', moves: [{ move: 'd4d6', expect: ['jump', 'rage', 'rage'] }] },
    { fen: '7k/8/8/8/8/8/8/1V5K w - - 0 1', moves: [{ move: 'b1c8', expect: ['wrap'] }] },
    { fen: '7k/8/8/8/8/8/1R6/7K w - - 0 1', moves: [{ move: 'b2f6', expect: ['shift'] }] },
    { fen: '3k4/8/8/8/8/8/8/R2K3R w KQ - 0 1', moves: [{ move: 'd1b1/c1', how: 'text', expect: ['castle', 'castle'] }] },
  ],
  bandit: [
    { fen: null, moves: [{ move: 'a2b4', expect: ['leap'] }, { move: 'd7d6', expect: ['slide'] }] },
    { fen: '3k3/7/7/7/7/7/7/3O3/3K3 w - - 0 1', moves: [{ move: 'd2f6', expect: ['bounce'] }] },
    { fen: '3k3/7/7/7/3r3/3N3/3O3/7/3K3 w - - 0 1', moves: [{ move: 'd3d5', expect: ['slide', 'outlaw', 'outlaw'] }] },
    { fen: '3k3/7/7/7/3o3/7/7/7/3RK2 w - - 0 1', moves: [{ move: 'd1d5', how: 'drag', expect: ['slide', 'capture', 'destroyed'] }] },
    { fen: '3k3/7/7/7/7/7/4r1n/7/3TK2 w - - 0 1', moves: [{ move: 'd1f3~e3N', how: 'text', expect: ['slide', 'transform'] }] },
    { fen: '3k3/1P5/7/7/7/7/7/7/3K3 w - - 0 1', moves: [{ move: 'b8b9c', how: 'text', expect: ['slide', 'promote'] }] },
  ],
  quarter: [
    { fen: '7k/8/3p4/8/2nDN3/8/8/K7 w - - 0 1', moves: [{ move: 'd4:pull', how: 'picker', label: 'Pull', expect: ['pull', 'act'] }] },
    { fen: '7k/8/3p4/8/2nDN3/8/8/K7 w - - 0 1', moves: [{ move: 'd4:push:e4', how: 'text', expect: ['push', 'act'] }] },
    { fen: '7k/8/3p4/8/2nDN3/8/8/K7 w - - 0 1', moves: [{ move: 'd4:switch:c4e4', how: 'text', expect: ['switch', 'switch', 'act'] }] },
    { fen: '7k/8/3p4/8/2nDN3/8/8/K7 w - - 0 1', moves: [{ move: 'd4:absorb:c4', how: 'text', expect: ['absorb', 'act'] }] },
    { fen: '7k/8/3p4/8/2nDN3/8/8/K7 w - - 0 1', moves: [{ move: 'd4h4', expect: ['shift'] }] },
    { fen: '7k/8/4M3/4p3/8/4M3/8/K7 w - - 0 1', moves: [{ move: 'e3e4', expect: ['step', 'custodian'] }] },
    { fen: '8/8/4M3/4k3/8/4M3/8/K7 w - - 0 1', moves: [{ move: 'e3e4', expect: ['step', 'backstab'] }] },
  ],
  pawnier: [
    { fen: null, moves: [{ move: 'c2c1', expect: ['slide'] }] },
    { fen: null, moves: [{ move: 'P@e4', how: 'text', expect: ['drop'] }] },
    { fen: '9/1k7/9/4S4/6*2/4*4/2*6/9/9/7K1/9[Pp] w - - 0 1', moves: [{ move: 'e8e9n', how: 'text', expect: ['step', 'promote'] }] },
  ],
  riftwalker: [
    { fen: null, moves: [{ move: 'd2d5', expect: ['step', 'cross'] }, { move: 'a8e5', expect: ['leap', 'cross'] }] },
    { fen: '4k4/1P7/9/9/9/9/9/9/4K4 w - - 0 1', moves: [{ move: 'b8b9q', how: 'text', expect: ['step', 'promote'] }] },
  ],
};

for (const [game, scenarios] of Object.entries(GAMES)) {
  test(`${game}: every effect kind animates, undo backwards and redo forwards`, async () => {
    await withBoard(env, DESKTOP, async ({ page, errors }) => {
      for (const { fen, moves } of scenarios) {
        await start(page, game, fen);
        for (const m of moves) await playAndCheck(page, m);
        const last = moves[moves.length - 1];
        await undoRedo(page, last.move, last.expect);
      }
      await screenshot(page, `anim-${game}`);
      assert.deepEqual(errors, []);
    });
  });
}

/**
 * Starts an animation with `begin`, waits until it runs, then gives the input `interrupt`;
 * the animation must end at once, cut short. On a slow machine the animation may end on its
 * own before the input arrives: then it tries again (`reset` puts the board back).
 */
async function assertInterrupts(page, { begin, interrupt, reset, what, startsAnother = false }) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const n = await logLength(page);
    await begin();
    await page.waitForFunction(() => window.fairyboard.animating());
    await interrupt();
    // (An input that starts an animation of its own, e.g. redo, leaves that one running.)
    if (!startsAnother) assert.equal(await animating(page), false, `${what} ends the animation at once`);
    const [entry] = (await log(page)).slice(n);
    if (entry.ended === 'cut') return;
    assert.equal(entry.ended, 'done');
    await reset();
  }
  assert.fail(`${what}: the animation always ended before the input came`);
}

test('a new input finishes the running animation at once; a dragged piece does not slide again', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'slow');
    // A berserker's jump with its rage (the longest kind), then inputs while it runs.
    const fen = '7k/2p1p3/8/3P4/3E4/8/8/K7 w - - 0 1';
    await start(page, 'vagabond', fen);
    const jump = async () => { await clickSquare(page, 'd4'); await clickSquare(page, 'd6'); };
    const back = async () => { await settle(page); await start(page, 'vagabond', fen); };
    await assertInterrupts(page, { what: 'a key press', begin: jump, interrupt: () => page.keyboard.press('Shift'), reset: back });
    assert.equal(await position(page), '7k/8/3E4/3P4/8/8/8/K7 b - - 0 1');
    await back();
    await assertInterrupts(page, { what: 'a click on the board', begin: jump, interrupt: () => clickSquare(page, 'h8'), reset: back });
    await back();
    await jump();
    await settle(page);
    // The redo button cuts the undo's animation short (and plays its own).
    await assertInterrupts(page, {
      what: 'the redo button',
      startsAnother: true,
      begin: () => page.click('#undo'),
      interrupt: () => page.click('#redo'),
      reset: () => settle(page),
    });
    await settle(page);
    assert.equal(await position(page), '7k/8/3E4/3P4/8/8/8/K7 b - - 0 1');

    // A dragged piece is already where it goes: a quiet drag animates nothing.
    await chooseSetting(page, '#speed', 'normal');
    await start(page, 'orthodox', null);
    let n = await logLength(page);
    await dragSquare(page, 'e2', 'e4');
    let [entry] = await entriesSince(page, n);
    assert.equal(entry.ended, 'instant', 'a dragged quiet move does not slide again');
    assert.equal(entry.frames, 0);
    // ...but what it captures still goes visibly.
    await start(page, 'orthodox', '4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1');
    n = await logLength(page);
    await dragSquare(page, 'e4', 'd5');
    [entry] = await entriesSince(page, n);
    assertRan(entry, 'e4d5', ['capture']);
    assert.deepEqual(errors, []);
  });
});

test('a drop comes from the hand beside the board, or from the edge when no hand is shown', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await start(page, 'pawnier', null);
    // Real input: pick White's pawn in hand (hand.js), then the square.
    let n = await logLength(page);
    await page.click('.hand[data-color="w"] .hand-pawn');
    await clickSquare(page, 'e4');
    let [entry] = await entriesSince(page, n);
    assertRan(entry, 'P@e4', ['drop']);
    assert.deepEqual(entry.dropsFrom, ['hand'], 'from the hand element');
    // With the hands hidden, the drop enters from the board edge on the mover's side.
    await page.evaluate(() => { for (const h of document.querySelectorAll('.hand')) h.style.display = 'none'; });
    n = await logLength(page);
    await page.evaluate(() => window.fairyboard.play('P@e8'));
    [entry] = await entriesSince(page, n);
    assertRan(entry, 'P@e8', ['drop']);
    assert.deepEqual(entry.dropsFrom, ['edge'], 'no hand shown: from the board edge');
    assert.deepEqual(errors, []);
  });
});

test('the speed control: off, fast, normal and slow, remembered across reloads', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    const lengthAt = async (speed) => {
      await chooseSetting(page, '#speed', speed);
      await start(page, 'orthodox', null);
      const n = await logLength(page);
      await clickSquare(page, 'e2');
      await clickSquare(page, 'e4');
      const [entry] = await entriesSince(page, n);
      return entry;
    };
    const normal = await lengthAt('normal');
    const fast = await lengthAt('fast');
    const slow = await lengthAt('slow');
    const off = await lengthAt('off');
    assert.ok(normal.ms > 0 && normal.ended === 'done');
    assert.equal(fast.ms * 2, normal.ms, 'fast is twice as fast');
    assert.equal(slow.ms, normal.ms * 2, 'slow is twice as slow');
    assert.equal(off.ms, 0);
    assert.equal(off.ended, 'instant');
    assert.equal(off.frames, 0);
    await chooseSetting(page, '#speed', 'fast');
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.equal(await page.inputValue('#speed'), 'fast', 'the speed is remembered');
    assert.equal(await page.evaluate(() => localStorage.getItem('fairyboard.speed')), 'fast');
    assert.deepEqual(errors, []);
  });
});

test('reduced motion: every change is instant, no animation frames', async () => {
  await withBoard(env, { ...DESKTOP, reducedMotion: 'reduce' }, async ({ page, errors }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await start(page, 'vagabond', '7k/2p1p3/8/3P4/3E4/8/8/K7 w - - 0 1');
    const n = await logLength(page);
    await clickSquare(page, 'd4');
    await clickSquare(page, 'd6');
    assert.equal(await animating(page), false, 'nothing runs after the move');
    await page.click('#undo');
    assert.equal(await animating(page), false, 'nothing runs after undo');
    await page.click('#redo');
    await settle(page);
    const entries = (await log(page)).slice(n);
    assert.equal(entries.length, 3);
    for (const e of entries) {
      assert.equal(e.ended, 'instant', `${e.text} ${e.direction} is instant`);
      assert.equal(e.frames, 0, 'no animation frames');
      assert.ok(e.kinds.includes('jump') && e.kinds.includes('rage'), 'the kinds are still known');
    }
    assert.equal(await position(page), '7k/8/3E4/3P4/8/8/8/K7 b - - 0 1');
    assert.deepEqual(errors, []);
  });
});

// The longest animations (a move, then removals after it, or glyph changes) played several
// times; frame intervals from requestAnimationFrame timestamps as the page's animator saw
// them.
const LONGEST = [
  { game: 'vagabond', fen: '7k/2p1p3/8/3P4/3E4/8/8/K7 w - - 0 1', move: 'd4d6' },
  { game: 'bandit', fen: '3k3/7/7/7/3o3/7/7/7/3RK2 w - - 0 1', move: 'd1d5' },
  { game: 'orthodox', fen: '1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1', move: 'a7b8q' },
];

test('frame timing during the longest animations (reported in tests/output/frame-timing.json)', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    const intervals = [];
    const drawMs = [];
    const runs = [];
    for (const { game, fen, move } of LONGEST) {
      await start(page, game, fen);
      let n = await logLength(page);
      await page.evaluate((t) => window.fairyboard.play(t), move);
      await entriesSince(page, n);
      n = await logLength(page);
      for (let i = 0; i < 4; i++) {
        await page.click('#undo');
        await page.waitForFunction((k) => !window.fairyboard.animating() && window.fairyboard.animations().length > k, n + 2 * i);
        await page.click('#redo');
        await page.waitForFunction((k) => !window.fairyboard.animating() && window.fairyboard.animations().length > k, n + 2 * i + 1);
      }
      const entries = await entriesSince(page, n);
      for (const e of entries) {
        assert.equal(e.ended, 'done');
        intervals.push(...e.intervals);
        drawMs.push(...e.drawMs);
        runs.push({ game, move, direction: e.direction, ms: e.ms, frames: e.frames });
      }
      n = await logLength(page);
    }
    const sorted = [...intervals].sort((a, b) => a - b);
    const quantile = (xs, q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];
    const at = (q) => quantile(sorted, q);
    const draws = [...drawMs].sort((a, b) => a - b);
    const report = {
      what: 'requestAnimationFrame intervals (ms) during the longest animations, headless Chromium',
      frames: sorted.length,
      median: Number(at(0.5).toFixed(2)),
      p95: Number(at(0.95).toFixed(2)),
      max: Number(sorted[sorted.length - 1].toFixed(2)),
      target: { median: 17, p95: 25 },
      drawing: {
        what: 'time to draw one animation frame (ms)',
        median: Number(quantile(draws, 0.5).toFixed(2)),
        p95: Number(quantile(draws, 0.95).toFixed(2)),
      },
      runs,
    };
    fs.writeFileSync(path.join(OUTPUT, 'frame-timing.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`# frame intervals: median ${report.median} ms, p95 ${report.p95} ms, max ${report.max} ms over ${report.frames} frames; drawing a frame: median ${report.drawing.median} ms, p95 ${report.drawing.p95} ms`);
    // Only a loose sanity bound: the animation is drawn frame by frame, not in one jump.
    assert.ok(sorted.length >= 20 && report.median < 100, 'frames come at animation rate');
    assert.deepEqual(errors, []);
  });
});
