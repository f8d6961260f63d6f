// Images of positions (issue 18): "Save image" writes the position shown, with the person's
// arrows and circles, the last move and check, as PNG and SVG at a chosen size. The SVG is
// drawn by the board's own drawing code through a recording context (www/images/svgcontext.js), so
// drawn by the browser it must look like the PNG of the same position. Real input in headless
// Chromium: shapes by right-drag and right-click, the dialog by mouse, keyboard and touch, the
// files through real downloads; the embedded board's toSVG() and toPNG(); the single file.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  launch, withBoard, rightDrag, playMove, settle, screenshot, cssColour, OUTPUT, DESKTOP, PHONE_360, chooseSetting,
  singleFile, pageWithErrors, gotoFileRecording,
} from './support.mjs';
import { startEmbedder } from './embedhost.mjs';

const GREEN = 'rgb(21,120,27)'; // a person's G arrow (overlays.js SHAPE_COLOURS)
const YELLOW = 'rgb(230,143,0)'; // a Y circle
const WHITE_FILL = '#fbfaf5'; // the classic palette's piece fills (pieces.js)
const BLACK_FILL = '#2a2a2a';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Saves through the open dialog's Save button; the download's file name and bytes. */
async function saveFromDialog(page, act) {
  const [download] = await Promise.all([page.waitForEvent('download'), act()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
}

/**
 * What an SVG text holds, read in the page (DOMParser, then measured in the document):
 * its size, the boxes of the paths stroked or filled in `colours`, the pieces (distinct
 * placements of the piece fills), whether it has a gradient (the check) and parse errors.
 */
function readSvg(page, text) {
  return page.evaluate(({ text, colours, fills }) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const svg = doc.documentElement;
    const out = {
      root: svg.nodeName, error: doc.querySelector('parsererror')?.textContent || null,
      width: svg.getAttribute('width'), height: svg.getAttribute('height'), viewBox: svg.getAttribute('viewBox'),
      title: svg.querySelector('title')?.textContent || '', gradient: !!svg.querySelector('radialGradient'),
      texts: [...svg.querySelectorAll('text')].map((t) => t.textContent),
    };
    const shown = document.importNode(svg, true);
    shown.style.position = 'absolute';
    document.body.append(shown);
    const box = (el) => { const b = el.getBBox(); return { x: b.x, y: b.y, w: b.width, h: b.height }; };
    for (const [key, c] of Object.entries(colours)) {
      out[key] = {
        stroked: [...shown.querySelectorAll(`path[stroke="${c}"]`)].map(box),
        filled: [...shown.querySelectorAll(`path[fill="${c}"]`)].map(box),
      };
    }
    for (const [key, c] of Object.entries(fills)) {
      out[key] = new Set([...shown.querySelectorAll(`path[fill="${c}"][transform]`)].map((p) => p.getAttribute('transform'))).size;
    }
    shown.remove();
    return out;
  }, { text, colours: { green: GREEN, yellow: YELLOW }, fills: { white: WHITE_FILL, black: BLACK_FILL } });
}

/**
 * Decodes a PNG (bytes) and the SVG (text) in the page at the PNG's size and compares them:
 * { width, height, pixels at points (fractions of the size), the share of pixels that differ
 * clearly between the two }.
 */
function comparePngSvg(page, png, svg, points) {
  return page.evaluate(async ({ png, svg, points }) => {
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const { width, height } = bitmap;
    const pixelsOf = async (source) => {
      const c = document.createElement('canvas');
      c.width = width;
      c.height = height;
      const g = c.getContext('2d');
      g.drawImage(source, 0, 0, width, height);
      return g.getImageData(0, 0, width, height).data;
    };
    const a = await pixelsOf(bitmap);
    let b = null;
    if (svg) {
      const img = new Image();
      const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      img.src = url;
      await img.decode();
      b = await pixelsOf(img);
      URL.revokeObjectURL(url);
    }
    const at = ([fx, fy]) => {
      const i = (Math.floor(fy * height) * width + Math.floor(fx * width)) * 4;
      return [a[i], a[i + 1], a[i + 2], a[i + 3]];
    };
    let differ = 0;
    if (b) {
      for (let i = 0; i < a.length; i += 4) {
        const d = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]), Math.abs(a[i + 3] - b[i + 3]));
        if (d > 60) differ += 1;
      }
    }
    return { width, height, pixels: points.map(at), differ: b ? differ / (width * height) : null };
  }, { png: png.toString('base64'), svg, points });
}

const near = (a, b, tol = 12) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

test('Save image: the arrow and circle drawn with the mouse, the last move and check, as SVG and PNG at the size chosen', async (t) => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    // 1. e4 f5 2. Qh5+: the last move, a check with its line.
    for (const m of ['e2e4', 'f7f5', 'd1h5']) { await playMove(page, m); await settle(page); }
    await rightDrag(page, 'b1', 'c3'); // a green arrow
    await rightDrag(page, 'd4', 'd4', 'Control'); // a yellow circle
    assert.equal(await page.evaluate(() => window.fairyboard.game.comment(window.fairyboard.game.currentNode())),
      '[%csl Yd4] [%cal Gb1c3]');

    // SVG at 640 px, by mouse: the format, the size typed, Save.
    await page.click('#save-image');
    await page.waitForSelector('#image-dialog[open]');
    await page.waitForFunction(() => document.getElementById('image-preview').complete
      && document.getElementById('image-preview').naturalWidth > 0);
    await page.check('#image-dialog input[value="svg"]');
    await page.fill('#image-size', '640');
    assert.match(await page.textContent('#image-note'), /640 × 640 pixels/);
    await screenshot(page, 'image-dialog');
    const svgFile = await saveFromDialog(page, () => page.click('#image-save'));
    assert.equal(await page.isVisible('#image-dialog'), false, 'the dialog closed');
    assert.equal(svgFile.name, 'fairyboard-orthodox-3.svg');
    const svg = svgFile.bytes.toString('utf8');
    fs.writeFileSync(path.join(OUTPUT, 'image-example.svg'), svg);
    const s = await readSvg(page, svg);
    assert.equal(s.error, null, 'the SVG parses');
    assert.equal(s.root, 'svg');
    assert.deepEqual([s.width, s.height, s.viewBox], ['640', '640', '0 0 640 640']);
    assert.match(s.title, /^Orthodox.*: rnbqkbnr\/ppppp1pp\/8\/5p1Q\/4P3\/8\/PPPP1PPP\/RNB1KBNR b KQkq - 1 2$/i);
    assert.equal(s.white, 16, 'sixteen white pieces');
    assert.equal(s.black, 16, 'sixteen black pieces');
    assert.ok(s.gradient, 'the check mark (a radial gradient on the king)');
    assert.ok(s.texts.includes('a') && s.texts.includes('8'), 'the coordinates');
    // The arrow: its shaft and head in green, from b1 (x 40-120, y 560-640) to c3 (120-200, 400-480).
    const u = 80;
    assert.equal(s.green.stroked.length, 1, 'one green shaft');
    assert.equal(s.green.filled.length, 1, 'one green head');
    const shaft = s.green.stroked[0];
    const head = s.green.filled[0];
    assert.ok(shaft.x >= 1.2 * u && shaft.x + shaft.w <= 2.5 * u && shaft.y + shaft.h <= 7.6 * u && shaft.y >= 5.5 * u, `shaft ${JSON.stringify(shaft)}`);
    assert.ok(head.x + head.w / 2 > 2 * u && head.x + head.w / 2 < 2.5 * u && head.y + head.h / 2 > 5.5 * u && head.y + head.h / 2 < 6 * u, `head ${JSON.stringify(head)}`);
    // The circle: a yellow ring round d4 (centre 280, 360).
    assert.equal(s.yellow.stroked.length, 1, 'one yellow ring');
    const ring = s.yellow.stroked[0];
    assert.ok(Math.abs(ring.x + ring.w / 2 - 3.5 * u) < 1 && Math.abs(ring.y + ring.h / 2 - 4.5 * u) < 1, `ring ${JSON.stringify(ring)}`);
    assert.ok(Math.abs(ring.w - 0.84 * u) < 1, 'its radius is 0.42 of a cell, as on the board');

    // PNG at 640 px, the format chosen by the keyboard this time, the size kept from before.
    await page.click('#save-image');
    await page.waitForSelector('#image-dialog[open]');
    assert.equal(await page.inputValue('#image-size'), '640', 'the last size is offered again');
    assert.equal(await page.isChecked('#image-dialog input[value="svg"]'), true, 'and the last format');
    await page.focus('#image-dialog input[value="svg"]');
    await page.keyboard.press('ArrowUp'); // radio buttons: to PNG
    assert.equal(await page.isChecked('#image-dialog input[value="png"]'), true);
    const pngFile = await saveFromDialog(page, () => page.keyboard.press('Enter'));
    assert.equal(pngFile.name, 'fairyboard-orthodox-3.png');
    fs.writeFileSync(path.join(OUTPUT, 'image-example.png'), pngFile.bytes);
    const dark = await cssColour(page, '--square-dark');
    const light = await cssColour(page, '--square-light');
    // a3 (dark, empty), a4 (light, empty), the top of the circle round d4, and the middle of
    // the arrow from b1 to c3 (on the edge between b2 and c2).
    const cell = (f, r, dx = 0.5, dy = 0.5) => [(f + dx) / 8, (8 - r + dy) / 8];
    const cmp = await comparePngSvg(page, pngFile.bytes, svg, [cell(0, 3), cell(0, 4), cell(3, 4, 0.5, 0.08), cell(2, 2, 0, 0.5)]);
    assert.deepEqual([cmp.width, cmp.height], [640, 640], 'the PNG has the size chosen');
    assert.ok(near(cmp.pixels[0], dark), `a3 is a dark square: ${cmp.pixels[0]} vs ${dark}`);
    assert.ok(near(cmp.pixels[1], light), `a4 is a light square: ${cmp.pixels[1]} vs ${light}`);
    assert.ok(!near(cmp.pixels[0], cmp.pixels[1], 20), 'dark and light squares differ: not blank');
    assert.ok(!near(cmp.pixels[2], light, 20) && !near(cmp.pixels[2], dark, 20), `the circle is drawn on d4: ${cmp.pixels[2]}`);
    assert.ok(!near(cmp.pixels[3], light, 20) && !near(cmp.pixels[3], dark, 20), `the arrow is drawn: ${cmp.pixels[3]}`);
    // The SVG drawn by the browser looks like the PNG: only edges (text, anti-aliasing) differ.
    t.diagnostic(`orthodox with shapes and check: SVG ${svg.length} bytes, PNG ${pngFile.bytes.length} bytes, ${(cmp.differ * 100).toFixed(2)}% of pixels differ`);
    assert.ok(cmp.differ < 0.005, `SVG and PNG differ in ${(cmp.differ * 100).toFixed(2)}% of the pixels`);

    // Cancel and Escape save nothing.
    await page.click('#save-image');
    await page.keyboard.press('Escape');
    await page.click('#save-image');
    await page.click('#image-dialog button[value="cancel"]');
    assert.equal(await page.isVisible('#image-dialog'), false);
    assert.deepEqual(errors, []);
  });
});

test('Save image by keyboard on a 360 px phone: the dialog fits, a common size, the file saved', async () => {
  await withBoard(env, PHONE_360, async ({ page, errors }) => {
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.focus('#save-image');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#image-dialog[open]');
    const box = await page.locator('#image-dialog').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 360, `the dialog fits the width: ${JSON.stringify(box)}`);
    await page.waitForFunction(() => document.getElementById('image-preview').naturalWidth > 0);
    await screenshot(page, 'image-dialog-phone');
    // Every control has a name.
    const names = await page.$$eval('#image-dialog input, #image-dialog button', (els) => els.map((el) => {
      const label = el.labels && el.labels[0] ? el.labels[0].textContent.trim() : '';
      return label || el.getAttribute('aria-label') || el.textContent.trim();
    }));
    assert.ok(names.every(Boolean), `labelled: ${names.join(' | ')}`);
    // Tab to the 1600 button: format radios (one stop), size, 400, 800, 1600.
    const focusedText = () => page.evaluate(() => document.activeElement.textContent.trim() || document.activeElement.id);
    let steps = 0;
    while ((await focusedText()) !== '1600' && steps < 8) { await page.keyboard.press('Tab'); steps += 1; }
    assert.equal(await focusedText(), '1600', 'the common sizes are reached by Tab');
    await page.keyboard.press('Enter');
    assert.equal(await page.inputValue('#image-size'), '1600');
    assert.match(await page.textContent('#image-note'), /1600 × 1600 pixels/);
    await page.focus('#image-save');
    const file = await saveFromDialog(page, () => page.keyboard.press('Enter'));
    const cmp = await comparePngSvg(page, file.bytes, null, [[0.5 / 8, 5.5 / 8], [0.5 / 8, 4.5 / 8]]);
    assert.deepEqual([cmp.width, cmp.height], [1600, 1600]);
    assert.ok(!near(cmp.pixels[0], cmp.pixels[1], 20), 'not blank');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'save-image', 'the focus comes back to the button');
    assert.match(await page.textContent('#message'), /Saved fairyboard-orthodox-0\.png \(1600 × 1600 pixels\)/);
    assert.deepEqual(requests.filter((u) => !u.startsWith('blob:') && !u.startsWith('data:')), [], 'nothing fetched');
    assert.deepEqual(errors, []);
  });
});

test('Save image from the position editor: the position being set up, before it is played', async () => {
  await withBoard(env, { ...DESKTOP, acceptDownloads: true }, async ({ page, errors }) => {
    await page.click('#edit-position');
    await page.waitForSelector('#editor', { state: 'visible' });
    // A position nobody could reach by playing: three queens against a king, in the editor only.
    const text = '4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1';
    await page.fill('#editor-text', text);
    await page.click('#editor [data-role="image"]');
    await page.waitForSelector('#image-dialog[open]');
    await page.check('#image-dialog input[name=format][value=svg]');
    await page.fill('#image-size', '400');
    const file = await saveFromDialog(page, () => page.click('#image-save'));
    assert.equal(file.name, 'fairyboard-orthodox-position.svg');
    const svg = await readSvg(page, file.bytes.toString('utf8'));
    assert.equal(svg.error, null);
    assert.equal(svg.title, `Orthodox chess: ${text}`);
    assert.deepEqual([svg.white, svg.black], [4, 1], 'the pieces being set up, not the game\'s');
    assert.match(await page.textContent('#editor [data-role="note"]'), /Saved fairyboard-orthodox-position\.svg/,
      'said in the editor, whose panel is what shows');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.role), 'image', 'the focus comes back to its button');
    assert.equal(await page.isVisible('#editor'), true, 'still editing');
    assert.deepEqual(errors, []);
  });
});

test('an embedded board with arrows="..." answers toSVG() and toPNG() with the same drawing', async () => {
  const embedder = await startEmbedder(env, 'fairyboard-image-embed-');
  const context = await env.browser.newContext(DESKTOP);
  try {
    const url = embedder.write('index.html', `<fairyboard-board id="b" game="orthodox" mode="view" moves="e2e4 e7e5" arrows="Gg1f3 Rd8h4" marks="Yd4"
        style="--fairyboard-size: 320px"></fairyboard-board>`, { title: 'Images' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    // Asked before the board is ready: the answer waits for it.
    const answers = await page.evaluate(async () => {
      const b = document.getElementById('b');
      const svg = await b.toSVG({ size: 500 });
      const png = await b.toPNG({ size: 300 });
      const bitmap = await createImageBitmap(png);
      const plain = await b.toSVG();
      // Asked just after an attribute changed: the board loads anew, then answers with the new arrow.
      b.setAttribute('arrows', 'Bb1c3');
      const after = await b.toSVG({ size: 200 });
      // An attribute set to what it was loads nothing, and the answer still comes.
      b.setAttribute('arrows', 'Bb1c3');
      const same = await b.toSVG({ size: 100 });
      return {
        ready: b.ready, svg, type: png.type, size: [bitmap.width, bitmap.height], plain: plain.slice(0, 200),
        blue: after.includes('stroke="rgb(0,48,136)"'), green: after.includes('stroke="rgb(21,120,27)"'), same: same.slice(0, 200),
      };
    });
    assert.equal(answers.ready, true);
    assert.equal(answers.type, 'image/png');
    assert.deepEqual(answers.size, [300, 300]);
    assert.match(answers.plain, /width="800" height="800"/, 'the default size is 800');
    assert.deepEqual([answers.blue, answers.green], [true, false], 'after arrows="Bb1c3": the blue arrow alone');
    assert.match(answers.same, /width="100" height="100"/);
    const s = await readSvg(page, answers.svg);
    assert.equal(s.error, null);
    assert.deepEqual([s.width, s.height], ['500', '500']);
    assert.equal(s.green.stroked.length, 1, 'the green arrow g1-f3 is in it');
    assert.equal(s.yellow.stroked.length, 1, 'the yellow circle on d4');
    assert.match(answers.svg, /stroke="rgb\(136,32,32\)"/, 'the red arrow d8-h4');
    assert.equal(s.white + s.black, 32);
    fs.writeFileSync(path.join(OUTPUT, 'image-embed.svg'), answers.svg);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await embedder.close();
  }
});

test('an embedded Pawnier board draws arrows="GP@e5 Yp@d7" from its hands, in the picture from the board\'s edges', async () => {
  const embedder = await startEmbedder(env, 'fairyboard-image-hands-');
  const context = await env.browser.newContext(DESKTOP);
  try {
    const url = embedder.write('index.html', `<fairyboard-board id="b" game="pawnier" mode="view" arrows="GP@e5 Yp@d7 Gx@e5"
        style="--fairyboard-size: 320px"></fairyboard-board>`, { title: 'Hands' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    const svg = await page.evaluate(() => document.getElementById('b').toSVG({ size: 440 }));
    const s = await readSvg(page, svg);
    assert.equal(s.error, null);
    const [w, h] = [Number(s.width), Number(s.height)];
    assert.deepEqual([w, h], [360, 440], 'Pawnier is 9 by 11 cells');
    // The green arrow comes in over the bottom edge (White's hand, below), the yellow over the top.
    assert.equal(s.green.stroked.length, 1, 'one green arrow');
    const g = s.green.stroked[0];
    assert.ok(g.y + g.h > h, `the green arrow starts below the board (${JSON.stringify(g)})`);
    const head = s.green.filled.map((b) => b.y);
    assert.ok(head.length === 1 && head[0] > h * (6 / 11) && head[0] < h * (7 / 11), `its head is in e5 (${head})`);
    assert.equal(s.yellow.stroked.length, 1, 'one yellow arrow');
    const y = s.yellow.stroked[0];
    assert.ok(y.y < 0, `the yellow arrow comes from above the board (${JSON.stringify(y)})`);
    const tip = s.yellow.filled.map((b) => b.y + b.h);
    assert.ok(tip.length === 1 && tip[0] > h * (4 / 11) && tip[0] < h * (5 / 11), `its head is in d7 (${tip})`);
    // The bad one (no hand "x@") is named on the board.
    const frame = page.frames().find((f) => f !== page.mainFrame());
    assert.match(await frame.textContent('body'), /Arrows and marks not drawn: Gx@e5/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await embedder.close();
  }
});

test('the single file saves images from file:// with nothing fetched', async () => {
  const built = singleFile();
  const context = await env.browser.newContext(DESKTOP);
  try {
    const { page, errors } = await pageWithErrors(context);
    const { url, requests } = await gotoFileRecording(page, built);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 20000 });
    await rightDrag(page, 'e2', 'e4');
    await page.click('#save-image');
    await page.check('#image-dialog input[value="svg"]');
    await page.click('#image-dialog button[data-size="400"]');
    const file = await saveFromDialog(page, () => page.click('#image-save'));
    const s = await readSvg(page, file.bytes.toString('utf8'));
    assert.deepEqual([s.width, s.height], ['400', '400']);
    assert.equal(s.green.stroked.length, 1);
    assert.deepEqual(requests.filter((u) => u !== url && !u.startsWith('data:') && !u.startsWith('blob:')), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('every game: its SVG drawn by the browser looks like its PNG (holes, separators, flipped)', async (t) => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    const games = await page.$$eval('#game option', (o) => o.map((x) => x.value));
    assert.equal(games.length, 6);
    for (const id of games) {
      await page.selectOption('#game', id);
      await settle(page);
      if (id === 'riftwalker') { await page.click('#flip'); await settle(page); }
      const files = {};
      for (const format of ['svg', 'png']) {
        await page.click('#save-image');
        await page.check(`#image-dialog input[value="${format}"]`);
        await page.fill('#image-size', '480');
        files[format] = await saveFromDialog(page, () => page.click('#image-save'));
      }
      const svg = files.svg.bytes.toString('utf8');
      fs.writeFileSync(path.join(OUTPUT, `image-${id}.svg`), svg);
      const s = await readSvg(page, svg);
      assert.equal(s.error, null, `${id}: the SVG parses`);
      const cmp = await comparePngSvg(page, files.png.bytes, svg, []);
      assert.equal(Math.max(cmp.width, cmp.height), 480, `${id}: the longer side is the size chosen`);
      assert.equal(`${cmp.width}`, s.width, `${id}: SVG and PNG have the same size`);
      assert.equal(`${cmp.height}`, s.height);
      t.diagnostic(`${id}: ${cmp.width}x${cmp.height}, SVG ${Math.round(svg.length / 1024)} KB, PNG ${Math.round(files.png.bytes.length / 1024)} KB, ${(cmp.differ * 100).toFixed(2)}% of pixels differ`);
      assert.ok(cmp.differ < 0.005, `${id}: SVG and PNG differ in ${(cmp.differ * 100).toFixed(2)}% of the pixels`);
    }
    assert.deepEqual(errors, []);
  });
});

test('the recording context draws what a canvas draws: turns, ellipses, dashes, clips, gradients, text, a lettered piece', async (t) => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    const result = await page.evaluate(async () => {
      const { makeSvgContext } = await import('./www/images/svgcontext.js');
      const { drawPiece } = await import('./www/board/pieces.js');
      const W = 300;
      const H = 200;
      // One scene with every call the board's drawing code makes (see the header of svgcontext.js).
      const scene = (ctx) => {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, W, H);
        ctx.fillStyle = '#eedcb8';
        ctx.fillRect(0, 0, W, H);
        ctx.save();
        ctx.beginPath();
        ctx.rect(10, 10, 120, 80);
        ctx.clip();
        ctx.strokeStyle = 'hsl(200 60% 30%)';
        ctx.lineWidth = 6;
        for (let k = -100; k < 200; k += 20) { ctx.beginPath(); ctx.moveTo(k, 100); ctx.lineTo(k + 100, 0); ctx.stroke(); }
        ctx.restore();
        const g = ctx.createRadialGradient(220, 60, 0, 220, 60, 50);
        g.addColorStop(0, 'red');
        g.addColorStop(0.5, 'rgba(255, 0, 0, 0.6)');
        g.addColorStop(1, 'rgba(0,0,0,0)');
        ctx.fillStyle = g;
        ctx.fillRect(170, 10, 100, 100);
        ctx.save();
        ctx.translate(80, 150);
        ctx.rotate(0.4);
        ctx.scale(1.5, 0.8);
        ctx.globalAlpha = 0.7;
        ctx.fillStyle = 'navy';
        ctx.beginPath();
        ctx.ellipse(0, 0, 30, 15, 0.3, 0, Math.PI * 1.5);
        ctx.closePath();
        ctx.fill();
        ctx.restore();
        ctx.save();
        ctx.strokeStyle = '#146e3c';
        ctx.lineWidth = 5;
        ctx.lineCap = 'round';
        ctx.setLineDash([12, 8]);
        ctx.beginPath();
        ctx.arc(200, 150, 35, Math.PI, 0.2, true);
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.lineJoin = 'round';
        ctx.strokeRect(140, 120, 20, 60);
        ctx.restore();
        ctx.fillStyle = '#222';
        ctx.font = 'bold 20px system-ui, sans-serif';
        ctx.textAlign = 'right';
        ctx.textBaseline = 'bottom';
        ctx.fillText('e4 <&>', W - 6, H - 4);
        ctx.save();
        ctx.translate(40, 160);
        ctx.rotate(-0.3);
        drawPiece(ctx, { color: 'b', kind: 'zebra', letter: 'z' }, 0, 0, 60, 0.9);
        ctx.restore();
        drawPiece(ctx, { color: 'w', kind: 'knight' }, 265, 165, 60);
      };
      const canvas = document.createElement('canvas');
      canvas.width = W;
      canvas.height = H;
      const c2d = canvas.getContext('2d');
      scene(c2d);
      const rec = makeSvgContext(W, H);
      scene(rec);
      const svg = rec.toSVG({ title: 'scene' });
      const img = new Image();
      img.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      await img.decode();
      const other = document.createElement('canvas');
      other.width = W;
      other.height = H;
      other.getContext('2d').drawImage(img, 0, 0);
      const a = c2d.getImageData(0, 0, W, H).data;
      const b = other.getContext('2d').getImageData(0, 0, W, H).data;
      let differ = 0;
      for (let i = 0; i < a.length; i += 4) {
        const d = Math.max(...[0, 1, 2, 3].map((k) => Math.abs(a[i + k] - b[i + k])));
        if (d > 60) differ += 1;
      }
      const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml');
      return { svg, differ: differ / (W * H), error: parsed.querySelector('parsererror')?.textContent || null };
    });
    fs.writeFileSync(path.join(OUTPUT, 'image-scene.svg'), result.svg);
    t.diagnostic(`scene: ${(result.differ * 100).toFixed(2)}% of pixels differ, SVG ${result.svg.length} bytes`);
    assert.equal(result.error, null);
    assert.match(result.svg, /<clipPath id="c\d+">/);
    assert.match(result.svg, /clip-path="url\(#c\d+\)"/);
    assert.match(result.svg, /<radialGradient /);
    assert.match(result.svg, /stroke-dasharray="12 8"/);
    assert.match(result.svg, />e4 &lt;&amp;&gt;<\/text>/);
    assert.match(result.svg, />Z<\/text>/, 'the lettered disc of a kind without a picture');
    assert.ok(result.differ < 0.008, `${(result.differ * 100).toFixed(2)}% of pixels differ`);
    assert.deepEqual(errors, []);
  });
});
