// Animated GIFs of a line (issue 28): "Save image" → GIF writes the moves played, each drawn
// by the board's own drawing code with its animation at fixed steps of time. Decoded here
// with gifuct-js: one frame for the start, one per animation step of each move and one for
// each position reached (as many steps as the board's own animation of that move lasts, in
// 50 ms frames); the first frame is the start, the last the final position, and the frames in
// the middle of a special move (a Vagabond wraparound, a Quarter driver's push) differ from
// both its ends. The embedded board's toGIF(), and a GIF made with the network cut after one
// visit (the encoder comes from the service worker's cache).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseGIF, decompressFrames } from 'gifuct-js';
import { launch, withBoard, startGame, settle, screenshot, OUTPUT, DESKTOP, welcomed } from './support.mjs';
import { startEmbedder, allReady } from './embedhost.mjs';

const FRAME_MS = 50; // www/images/gif.js

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** The GIF `bytes` decoded: { width, height, frames: [{ delay (ms), pixels (the whole picture, RGBA) }] }. */
function decodeGif(bytes) {
  const gif = parseGIF(new Uint8Array(bytes).buffer);
  const raw = decompressFrames(gif, true);
  const { width, height } = gif.lsd;
  const screen = new Uint8ClampedArray(width * height * 4);
  const frames = raw.map((f) => {
    const { left, top, width: w, height: h } = f.dims;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const s = (y * w + x) * 4;
        if (f.patch[s + 3] === 0) continue; // transparent: what was there stays
        const d = ((top + y) * width + left + x) * 4;
        screen[d] = f.patch[s]; screen[d + 1] = f.patch[s + 1]; screen[d + 2] = f.patch[s + 2]; screen[d + 3] = 255;
      }
    }
    return { delay: f.delay, pixels: screen.slice() };
  });
  return { width, height, frames };
}

/** The share of pixels that differ clearly between two pictures of the same size. */
function differ(a, b) {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 60) n++;
  }
  return n / (a.length / 4);
}

/**
 * Whether the cell at column `col`, row `row` (from the top left, `n` cells a side, the
 * board filling the width) holds a piece: the middle of the cell is not all one colour.
 */
function occupied(gif, pixels, col, row, n) {
  const cell = gif.width / n;
  const at = (x, y) => (Math.floor(y) * gif.width + Math.floor(x)) * 4;
  const ref = at(col * cell + cell * 0.12, row * cell + cell * 0.5); // the cell's own colour at its left edge
  let other = 0; let all = 0;
  for (let y = row * cell + cell * 0.25; y < (row + 1) * cell - cell * 0.25; y += 2) {
    for (let x = col * cell + cell * 0.25; x < (col + 1) * cell - cell * 0.25; x += 2) {
      const p = at(x, y);
      all++;
      if (Math.abs(pixels[p] - pixels[ref]) + Math.abs(pixels[p + 1] - pixels[ref + 1]) + Math.abs(pixels[p + 2] - pixels[ref + 2]) > 60) other++;
    }
  }
  return other / all > 0.1;
}

/** The frames expected from the board's own animations `log` (moves played, in order). */
const expectedFrames = (log) => 1 + log.reduce((n, a) => n + Math.max(1, Math.ceil(a.ms / FRAME_MS)), 0);

test('Save image → GIF: the moves played, one frame per animation step, from the start to the final position', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // A Vagabond vagabond's wraparound (b1 out past the bottom edge, in at the top to c8), then two king steps.
    await startGame(page, 'vagabond', '7k/8/8/8/8/8/8/1V5K w - - 0 1');
    for (const m of ['b1c8', 'h8g7', 'h1g2']) {
      await page.evaluate((t) => window.fairyboard.play(t), m);
      await page.waitForFunction(() => !window.fairyboard.animating());
    }
    const log = (await page.evaluate(() => window.fairyboard.animations())).slice(-3);
    assert.deepEqual(log.map((a) => a.kinds[0]), ['wrap', 'step', 'step'], 'the board animated the three moves');

    await page.click('#save-image');
    await page.check('#image-dialog input[name="format"][value="gif"]');
    assert.equal(await page.isVisible('#gif-options'), true, 'the GIF options show');
    await page.fill('#image-size', '480');
    assert.deepEqual(await page.$$eval('#image-dialog select[name="gifto"] option', (o) => o.map((x) => x.textContent)),
      ['1. V|c8', '1... Kg7', '2. Kg2'], 'the range offers the moves (a wraparound is named V|c8)');
    assert.match(await page.textContent('#image-note'), /480 × 511 pixels .*2 moves/);
    await screenshot(page, 'gif-dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#image-save')]);
    assert.equal(download.suggestedFilename(), 'fairyboard-vagabond.gif');
    const bytes = fs.readFileSync(await download.path());
    fs.writeFileSync(path.join(OUTPUT, 'gif-vagabond.gif'), bytes);
    assert.equal(bytes.subarray(0, 6).toString(), 'GIF89a');
    await page.waitForFunction(() => /Saved fairyboard-vagabond\.gif/.test(document.getElementById('message').textContent));

    const gif = decodeGif(bytes);
    assert.equal(gif.width, 480);
    assert.ok(gif.height > 480, 'the players and the moves are written under the board');
    assert.equal(gif.frames.length, expectedFrames(log), 'one frame for the start and one per animation step of each move');
    const first = gif.frames[0].pixels;
    const last = gif.frames[gif.frames.length - 1].pixels;
    // The start: the vagabond on b1, the kings on h8 and h1; the end: it is on c8, the kings on g7 and g2.
    assert.deepEqual([occupied(gif, first, 1, 7, 8), occupied(gif, first, 2, 0, 8), occupied(gif, first, 7, 0, 8)], [true, false, true]);
    assert.deepEqual([occupied(gif, last, 1, 7, 8), occupied(gif, last, 2, 0, 8), occupied(gif, last, 6, 1, 8), occupied(gif, last, 6, 6, 8)], [false, true, true, true]);
    // The wraparound: the frames between the start and the position after it.
    const steps = Math.ceil(log[0].ms / FRAME_MS);
    const after1 = gif.frames[steps].pixels;
    assert.equal(occupied(gif, after1, 2, 0, 8), true, 'after the first move the vagabond stands on c8');
    const middle = gif.frames.slice(1, steps);
    assert.ok(middle.length >= 4, `the wraparound takes ${middle.length} frames`);
    for (const [i, f] of middle.entries()) {
      assert.ok(differ(f.pixels, first) > 0.002, `wraparound frame ${i + 1} differs from the start`);
      assert.ok(differ(f.pixels, after1) > 0.002, `wraparound frame ${i + 1} differs from the position after it`);
    }
    // Halfway the vagabond is off its two cells (out past the edge, or coming back in).
    const half = middle[Math.floor(middle.length / 2)].pixels;
    assert.deepEqual([occupied(gif, half, 1, 7, 8), occupied(gif, half, 2, 0, 8)], [false, false]);
    // Each position is held; the animation steps are short.
    assert.ok(gif.frames[0].delay >= 500 && gif.frames[steps].delay >= 500, 'positions are held');
    assert.ok(middle.every((f) => f.delay >= 30 && f.delay <= 70), 'animation steps of about 50 ms');
    for (const [i, f] of [first, middle[2].pixels, half, after1, last].entries()) await writePng(page, gif, f, `gif-vagabond-frame-${i}`);
    assert.deepEqual(errors, []);
  });
});

test('frames drawn only where the animation reaches are the frames drawn whole, in every variant', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    for (const game of ['riftwalker', 'vagabond', 'bandit', 'quarter', 'pawnier']) {
      // Moves drawn from the legal ones by a fixed seed (Riftwalker's steps between its
      // small boards, jumps, pulls, tricks, drops, captures), played on the board.
      const moves = await page.evaluate(async (game) => {
        const engine = await import('/pkg/fairyboard.js'); // the page's own engine module, loaded already
        const h = new engine.GameHandle(game);
        const out = [];
        let x = 12345;
        for (let i = 0; i < 14; i++) {
          const legal = h.legalMoves();
          if (!legal.length) break;
          x = (x * 1103515245 + 12345) % 2147483648;
          out.push(h.play(legal[x % legal.length].text).text);
        }
        h.free();
        window.fairyboard.start(game);
        for (const m of out) window.fairyboard.play(m);
        return out;
      }, game);
      assert.ok(moves.length >= 6, `${game}: ${moves.length} moves`);
      await page.waitForFunction(() => !window.fairyboard.animating());
      const clipped = await page.evaluate(() => window.fairyboard.gif({ size: 320, names: true }, { data: true }));
      const whole = await page.evaluate(() => window.fairyboard.gif({ size: 320, names: true, fullFrames: true }, { data: true }));
      const a = decodeGif(Buffer.from(clipped.data, 'base64'));
      const b = decodeGif(Buffer.from(whole.data, 'base64'));
      assert.equal(a.frames.length, b.frames.length);
      // The canvas smooths a shape cut by a clip a shade differently: nothing more may differ.
      for (let i = 0; i < a.frames.length; i++) assert.equal(differ(a.frames[i].pixels, b.frames[i].pixels), 0, `${game}: frame ${i}`);
    }
    assert.deepEqual(errors, []);
  });
});

test('an embedded board answers toGIF() with a GIF of its moves: a Quarter driver\'s push animated', async () => {
  const embedder = await startEmbedder(env, 'fairyboard-gif-embed-');
  const context = await env.browser.newContext(DESKTOP);
  try {
    const url = embedder.write('index.html', `<fairyboard-board id="b" game="quarter" mode="view"
        position="7k/8/3p4/8/2nDN3/8/8/K7 w - - 0 1" moves="d4:push:e4" style="--fairyboard-size: 320px"></fairyboard-board>
      <fairyboard-board id="s" game="orthodox" mode="view" pgn="1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 *"></fairyboard-board>`, { title: 'GIF' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await allReady(page, errors);
    const answer = await page.evaluate(async () => {
      const blob = await document.getElementById('b').toGIF({ size: 240, speed: 'slow' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      return { type: blob.type, bytes: Array.from(bytes) };
    });
    // A study without animation: a frame a position. The main line: the start and three
    // moves; the whole study: then the variation's start (after 1. e4) and its three moves.
    const study = await page.evaluate(async () => {
      const s = document.getElementById('s');
      const count = async (o) => Array.from(new Uint8Array(await (await s.toGIF({ size: 120, speed: 'off', ...o })).arrayBuffer()));
      return { main: await count({}), all: await count({ line: 'study' }), part: await count({ from: 1, to: 2 }) };
    });
    assert.equal(decodeGif(Buffer.from(study.main)).frames.length, 4, 'the main line: 4 positions');
    assert.equal(decodeGif(Buffer.from(study.all)).frames.length, 8, 'the whole study: 4 + the branch point + 3 moves');
    assert.equal(decodeGif(Buffer.from(study.part)).frames.length, 2, 'plies 1 to 2: 2 positions');
    assert.equal(answer.type, 'image/gif');
    const bytes = Buffer.from(answer.bytes);
    fs.writeFileSync(path.join(OUTPUT, 'gif-quarter-embed.gif'), bytes);
    const gif = decodeGif(bytes);
    assert.deepEqual([gif.width, gif.height], [240, 240], 'no names asked for: the board alone');
    assert.ok(gif.frames.length >= 10, `a slow push: ${gif.frames.length} frames`);
    const first = gif.frames[0].pixels;
    const last = gif.frames[gif.frames.length - 1].pixels;
    assert.ok(differ(first, last) > 0.005, 'the push changed the picture');
    const middle = gif.frames.slice(1, -1);
    assert.ok(middle.every((f) => differ(f.pixels, first) > 0.001 && differ(f.pixels, last) > 0.001),
      'every step of the push differs from both its ends');
    await writePng(page, gif, middle[Math.floor(middle.length / 2)].pixels, 'gif-quarter-push-middle');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await embedder.close();
  }
});

test('with the network cut after one visit, the GIF is still made (the encoder comes from the cache)', async () => {
  const context = await env.browser.newContext(DESKTOP);
  await welcomed(context);
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(env.url);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    // Bounded: a worker that fails to install (an asset list older than the files) would leave `ready` pending.
    const installed = await page.evaluate(() => Promise.race([
      navigator.serviceWorker.ready.then(() => true),
      new Promise((resolve) => { setTimeout(() => resolve(false), 15000); }),
    ]));
    assert.ok(installed, 'the service worker installs within 15 s (is pkg/offline-assets.js older than www/? node scripts/offline.mjs)');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
    await page.waitForFunction(async () => (await caches.keys()).length === 1 && !!(await caches.match(new URL('pkg/gifenc.js', location.href).href)), null, { timeout: 15000 });
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await page.evaluate(() => { window.fairyboard.play('e2e4'); window.fairyboard.play('e7e5'); });
    await settle(page);
    await page.click('#save-image');
    await page.check('#image-dialog input[name="format"][value="gif"]');
    await page.fill('#image-size', '200');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#image-save')]);
    const gif = decodeGif(fs.readFileSync(await download.path()));
    assert.equal(gif.width, 200);
    assert.ok(gif.frames.length > 3);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** Writes the decoded picture `pixels` as tests/output/<name>.png (drawn by the page's canvas). */
async function writePng(page, gif, pixels, name) {
  const data = await page.evaluate(({ w, h, px }) => {
    const c = document.createElement('canvas');
    c.width = w; c.height = h;
    const bytes = Uint8ClampedArray.from(atob(px), (ch) => ch.charCodeAt(0));
    c.getContext('2d').putImageData(new ImageData(bytes, w, h), 0, 0);
    return c.toDataURL('image/png').split(',')[1];
  }, { w: gif.width, h: gif.height, px: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength).toString('base64') });
  fs.writeFileSync(path.join(OUTPUT, `${name}.png`), Buffer.from(data, 'base64'));
}
