// The Settings panel and what goes with it, in headless Chromium with real input: coordinates
// on or off, colour themes (board and pieces), each remembered over a reload; move sounds
// (counted through window.fairyboard.sounds(), the names the page sounded) for a move, a
// capture, a check and the end, none before the first press, none when muted, no errors
// without an AudioContext; the pieces each side has lost beside the board and the lead in
// the game's own pawns; and the coordinates clear of every piece of each game (pixels of the
// page's own drawing, at 1280 and 360 px; screenshots in tests/output/coordinates-*.png).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, withBoard, playMove, settle, pixel, sameColour, cssColour, screenshot, startGame, PHONE_360 } from './support.mjs';

const DESKTOP = { viewport: { width: 1280, height: 900 } };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/**
 * How many canvas pixels in the part of square `name` from (u0, v0) to (u1, v1) (cell units
 * from its top left corner) differ from the square's colour at its centre.
 */
async function inkIn(page, name, [u0, v0, u1, v1]) {
  return page.evaluate(({ n, box }) => {
    const cv = document.getElementById('board');
    const r = cv.getBoundingClientRect();
    const c = window.fairyboard.squareCenter(n);
    const k = cv.width / r.width;
    const shown = window.fairyboard.game.layout();
    const cell = r.width / shown.width; // CSS px per cell (square cells)
    const x0 = (c.x - r.left - cell / 2) * k;
    const y0 = (c.y - r.top - cell / 2) * k;
    const ctx = cv.getContext('2d');
    const bg = ctx.getImageData(Math.floor(x0 + cell * k / 2), Math.floor(y0 + cell * k / 2), 1, 1).data;
    const w = Math.floor((box[2] - box[0]) * cell * k);
    const h = Math.floor((box[3] - box[1]) * cell * k);
    const d = ctx.getImageData(Math.floor(x0 + box[0] * cell * k), Math.floor(y0 + box[1] * cell * k), w, h).data;
    let n2 = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - bg[0]) + Math.abs(d[i + 1] - bg[1]) + Math.abs(d[i + 2] - bg[2]) > 30) n2 += 1;
    }
    return n2;
  }, { n: name, box: [u0, v0, u1, v1] });
}
const RANK_LABEL = [0.02, 0.6, 0.4, 0.98]; // where a4's rank label "4" is drawn (bottom left)
const FILE_LABEL = [0.6, 0.6, 0.98, 0.98]; // where b1's file label "b" is drawn (bottom right)

async function openSettings(page) {
  await page.evaluate(() => { document.getElementById('settings-panel').open = true; });
}
async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready);
  await settle(page);
}
const sounds = (page) => page.evaluate(() => window.fairyboard.sounds());
const material = (page) => page.evaluate(() => window.fairyboard.material());

test('coordinates on and off: drawn or not, remembered over a reload', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await startGame(page, 'orthodox', '4k3/8/8/8/8/8/8/4K3 w - - 0 1'); // b1 empty: its file label shows
    await settle(page);
    assert.ok(await inkIn(page, 'a4', RANK_LABEL) > 5, 'the rank label is drawn by default');
    assert.ok(await inkIn(page, 'b1', FILE_LABEL) > 5, 'the file label too');
    await openSettings(page);
    assert.equal(await page.isChecked('#coordinates'), true);
    await page.click('#coordinates');
    await settle(page);
    assert.equal(await inkIn(page, 'a4', RANK_LABEL), 0, 'no label with coordinates off');
    assert.equal(await inkIn(page, 'b1', FILE_LABEL), 0, 'no file label either');
    await reload(page);
    assert.equal(await page.isChecked('#coordinates'), false, 'remembered');
    assert.equal(await inkIn(page, 'a4', RANK_LABEL), 0, 'still off after the reload');
    await openSettings(page);
    await page.click('#coordinates');
    await settle(page);
    assert.ok(await inkIn(page, 'a4', RANK_LABEL) > 5, 'back on');
    assert.deepEqual(errors, []);
  });
});

test('colour themes: the squares and the pieces change, remembered over a reload', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    const light0 = await pixel(page, 'a4');
    const dark0 = await pixel(page, 'a3');
    const blackPawn0 = await pixel(page, 'e7', 0, 0.2);
    // The piece legend's glyph (a small canvas drawn with the piece colours of the theme).
    const legendGlyph = () => page.$eval('#legend button[data-kind="pawn"] canvas', (c) => c.toDataURL());
    const legend0 = await legendGlyph();
    assert.ok(sameColour(dark0, await cssColour(page, '--square-dark')));
    await openSettings(page);
    const options = await page.$$eval('#theme option', (os) => os.map((o) => o.value));
    assert.deepEqual(options, ['auto', 'brown', 'green', 'blue', 'contrast']);

    await page.selectOption('#theme', 'green');
    await settle(page);
    assert.ok(sameColour(await pixel(page, 'a3'), [0x86, 0xa6, 0x66, 255]), 'green dark squares');
    assert.ok(sameColour(await pixel(page, 'a4'), [0xee, 0xee, 0xd2, 255]), 'green light squares');
    assert.ok(!sameColour(await pixel(page, 'a3'), dark0));
    await screenshot(page, 'settings-panel-green');
    await page.locator('#settings-panel').screenshot({ path: 'tests/output/settings-panel.png' });

    await page.selectOption('#theme', 'contrast');
    await settle(page);
    assert.ok(sameColour(await pixel(page, 'a3'), [0x8a, 0x8a, 0x8a, 255]), 'grey dark squares');
    assert.ok(sameColour(await pixel(page, 'a4'), [255, 255, 255, 255]), 'white light squares');
    const blackPawn = await pixel(page, 'e7', 0, 0.2);
    assert.ok(!sameColour(blackPawn, blackPawn0), `the black pawn's colour changes (${blackPawn0} -> ${blackPawn})`);
    assert.ok(sameColour(blackPawn, [0, 0, 0, 255]), `pure black pieces (${blackPawn})`);
    const legendContrast = await legendGlyph();
    assert.notEqual(legendContrast, legend0, 'the legend is drawn again in the new piece colours');
    await screenshot(page, 'settings-theme-contrast');

    await reload(page);
    assert.equal(await page.inputValue('#theme'), 'contrast', 'remembered');
    assert.ok(sameColour(await pixel(page, 'a3'), [0x8a, 0x8a, 0x8a, 255]), 'still grey after the reload');
    assert.ok(sameColour(await pixel(page, 'e7', 0, 0.2), [0, 0, 0, 255]));
    assert.equal(await legendGlyph(), legendContrast, 'as a fresh page draws it');

    await openSettings(page);
    await page.selectOption('#theme', 'auto');
    await settle(page);
    assert.ok(sameColour(await pixel(page, 'a4'), light0), 'back to the automatic colours');
    assert.ok(sameColour(await pixel(page, 'e7', 0, 0.2), blackPawn0));
    assert.deepEqual(errors, []);
  });
});

test('move sounds: a move, a capture, a check, the end; none before a press; mute stops them', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // Before the person's first press or key: silent (the browser's autoplay rules).
    await page.evaluate(() => window.fairyboard.play('e2e4'));
    await settle(page);
    assert.deepEqual(await sounds(page), [], 'no sound before an interaction');
    await page.evaluate(() => window.fairyboard.start('orthodox'));

    await playMove(page, 'e2e4');
    await settle(page);
    assert.deepEqual(await sounds(page), ['move']);
    // Real Web Audio, made in the person's gesture, not a mock.
    assert.equal(await page.evaluate(() => window.fairyboard.audioState()), 'running');
    await playMove(page, 'd7d5');
    await playMove(page, 'f1b5'); // check
    await settle(page);
    assert.deepEqual((await sounds(page)).slice(1), ['move', 'move', 'check']);
    await playMove(page, 'c7c6');
    await playMove(page, 'e4d5'); // a capture
    await settle(page);
    assert.deepEqual((await sounds(page)).slice(-2), ['move', 'capture']);

    // The end: fool's mate.
    await page.evaluate(() => window.fairyboard.start('orthodox'));
    const n = (await sounds(page)).length;
    for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) await playMove(page, m);
    await settle(page);
    assert.deepEqual((await sounds(page)).slice(n), ['move', 'move', 'move', 'move', 'check', 'end']);
    await page.keyboard.press('Escape'); // the game-over dialog

    // Muted: nothing more, remembered over a reload.
    await page.evaluate(() => window.fairyboard.start('orthodox'));
    await openSettings(page);
    await page.click('#mute');
    const m = (await sounds(page)).length;
    await playMove(page, 'e2e4');
    await settle(page);
    assert.equal((await sounds(page)).length, m, 'muted: no sound');
    await reload(page);
    assert.equal(await page.isChecked('#mute'), true, 'the mute is remembered');
    await playMove(page, 'e7e5');
    await settle(page);
    assert.deepEqual(await sounds(page), []);
    await openSettings(page);
    await page.click('#mute');
    await playMove(page, 'g1f3');
    await settle(page);
    assert.deepEqual(await sounds(page), ['move'], 'unmuted again');
    assert.deepEqual(errors, []);
  });
});

test('no AudioContext: moves play without errors', async () => {
  const context = await env.browser.newContext(DESKTOP);
  await context.addInitScript(() => { delete window.AudioContext; delete window.webkitAudioContext; });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  try {
    await page.goto(env.url);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready);
    assert.equal(await page.evaluate(() => typeof window.AudioContext), 'undefined');
    await playMove(page, 'e2e4');
    await playMove(page, 'd7d5');
    await playMove(page, 'e4d5');
    await settle(page);
    assert.equal(await page.evaluate(() => window.fairyboard.positionText().split(' ')[0]), 'rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR');
    assert.equal(await page.evaluate(() => window.fairyboard.audioState()), null);
    assert.deepEqual(await page.evaluate(() => window.fairyboard.sounds()), ['move', 'move', 'capture'], 'the sounds are still chosen, silently');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('material: the pieces each side has lost, beside the board; hands count in Pawnier', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    assert.deepEqual(await material(page), { w: [], b: [] });
    assert.equal(await page.locator('.material-row .material-glyphs svg').count(), 0);
    // Two people on this device: the rows are named by colour alone, with no placeholder glyph.
    assert.deepEqual(await page.$$eval('.player .player-name', (els) => els.map((e) => [e.closest('.player').dataset.at, e.textContent])),
      [['top', 'Black'], ['bottom', 'White']]);
    assert.equal((await page.textContent('#material-w .material-glyphs')).trim(), '');
    await playMove(page, 'e2e4');
    await playMove(page, 'd7d5');
    await playMove(page, 'e4d5');
    await settle(page);
    assert.deepEqual(await material(page), { w: [], b: ['pawn'] });
    assert.equal(await page.locator('#material-b svg').count(), 1);
    assert.equal(await page.locator('#material-w svg').count(), 0);
    assert.match(await page.textContent('#material-b'), /has lost a pawn/);
    // White is a pawn ahead: "+1" on White's row, said in words.
    assert.equal(await page.evaluate(() => window.fairyboard.materialBalance()), 1);
    assert.equal(await page.textContent('#material-w .material-balance'), '+1');
    assert.match(await page.textContent('#material-w'), /ahead by 1 pawn in material/);
    assert.equal(await page.locator('#material-b .material-balance').count(), 0);
    await page.locator('.board-wrap').screenshot({ path: 'tests/output/settings-material-ahead.png' });
    await playMove(page, 'd8d5'); // the queen takes back
    await settle(page);
    assert.deepEqual(await material(page), { w: ['pawn'], b: ['pawn'] });
    assert.equal(await page.locator('.material-row .material-balance').count(), 0, 'even: no one is ahead');
    await page.locator('.board-wrap').screenshot({ path: 'tests/output/settings-material.png' });

    // Pawnier: pawns in hand are the side's own; a drop loses nothing.
    await startGame(page, 'pawnier');
    assert.deepEqual(await material(page), { w: [], b: [] });
    const drop = await page.evaluate(() => window.fairyboard.game.legalMoves().find((x) => x.from == null)?.text);
    assert.ok(drop, 'a drop is legal at the start');
    await page.evaluate((t) => window.fairyboard.play(t), drop);
    await settle(page);
    assert.deepEqual(await material(page), { w: [], b: [] }, 'a dropped pawn is not lost');
    assert.equal(await page.evaluate(() => window.fairyboard.materialBalance()), 0, 'nor is it material gained');
    assert.deepEqual(errors, []);
  });
});

// The lead beside the board, as the side ahead's row shows it ("+3") and says it in words.
const leadShown = async (page, c) => {
  const plus = page.locator(`#material-${c} .material-balance`);
  return (await plus.count()) ? plus.textContent() : null;
};
const rowWords = (page, c) => page.textContent(`#material-${c} .visually-hidden`);

test('material: the lead in the game\'s own pawns, its pieces counted as people count them', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // Orthodox, White wins a knight for nothing: 1. e4 Nc6 2. Nf3 Nd4 3. Nxd4.
    for (const m of ['e2e4', 'b8c6', 'g1f3', 'c6d4', 'f3d4']) await playMove(page, m);
    await settle(page);
    assert.equal(await leadShown(page, 'w'), '+3');
    assert.match(await rowWords(page, 'w'), /ahead by 3 pawns in material/);
    // Counted 1/3/3/5/9, not by the computer's 100/325/330/495/950.
    const orthodox = [
      ['1n2k3/8/8/8/8/8/8/R3K3 w - - 0 1', 'w', '+2', 'a rook against a knight'],
      ['r3k3/8/8/8/8/8/8/1NB1K3 w - - 0 1', 'w', '+1', 'a knight and a bishop against a rook'],
      ['4k3/8/8/8/8/8/8/3QK3 w - - 0 1', 'w', '+9', 'a queen'],
      ['2b1k3/8/8/8/8/8/8/1N2K3 w - - 0 1', null, null, 'a knight against a bishop: even'],
    ];
    for (const [fen, side, shown, what] of orthodox) {
      await startGame(page, 'orthodox', fen);
      assert.equal(await leadShown(page, 'w'), side === 'w' ? shown : null, what);
      assert.equal(await leadShown(page, 'b'), null, what);
    }

    // Pawnier: the game's pawn is worth about 500 to the computer; one pawn is still +1.
    await startGame(page, 'pawnier');
    for (const m of ['c2c1', 'a8a4', 'g4a4']) await playMove(page, m);
    await settle(page);
    assert.deepEqual(await material(page), { w: [], b: ['pawn'] });
    assert.equal(await leadShown(page, 'w'), '+1');
    assert.match(await rowWords(page, 'w'), /ahead by 1 pawn in material/);
    assert.equal(await page.evaluate(() => window.fairyboard.materialBalance()), 1);
    await page.locator('.side').screenshot({ path: 'tests/output/settings-material-pawnier.png' });
    // Its sergeant is worth less than a pawn (200 to 505): half a pawn.
    await startGame(page, 'pawnier');
    for (const m of ['g2f4', 'a8a7', 'f4f9']) await playMove(page, m);
    await settle(page);
    assert.deepEqual(await material(page), { w: [], b: ['sergeant'] });
    assert.equal(await leadShown(page, 'w'), '+½');
    assert.match(await rowWords(page, 'w'), /ahead by half a pawn in material/);
    await page.locator('.board-wrap').screenshot({ path: 'tests/output/settings-material-half.png' });

    // Riftwalker: its pawn (330) is 1; a mystic taking a pawn is one pawn up.
    await startGame(page, 'riftwalker');
    await playMove(page, 'a2d6');
    await settle(page);
    assert.equal(await leadShown(page, 'w'), '+1');
    assert.match(await rowWords(page, 'w'), /ahead by 1 pawn in material/);
    assert.deepEqual(errors, []);
  });
});

/**
 * The coordinate labels' ink on the board shown, by cell: the device pixels that differ
 * between the board drawn with coordinates and without (the page's own drawing, of an empty
 * board in the editor so that no piece hides a label). Returns { dpr, unit, cells: [{ name,
 * center: {x, y} (canvas CSS px), ink: [[px, py]...] (device px) }] } for the cells with a label.
 */
async function labelInk(page) {
  // Kept in the page: a board's pixels are too many to carry to the test and back.
  const snap = (name) => page.evaluate((n) => {
    const cv = document.getElementById('board');
    window[n] = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
  }, name);
  const emptyBoard = async (coordinates, name) => {
    await openSettings(page);
    if (await page.isChecked('#coordinates') !== coordinates) await page.click('#coordinates');
    await page.click('#edit-position');
    await page.locator('#editor [data-role="clear"]').click();
    await settle(page);
    await snap(name);
  };
  await emptyBoard(false, 'labelsOff');
  await page.locator('#editor [data-role="cancel"]').click();
  await emptyBoard(true, 'labelsOn');
  return page.evaluate(() => {
    const on = window.labelsOn;
    const off = window.labelsOff;
    const cv = document.getElementById('board');
    const r = cv.getBoundingClientRect();
    const k = cv.width / r.width;
    const layout = window.fairyboard.game.layout();
    const unit = Math.min(r.width / layout.width, r.height / layout.height);
    const cells = [];
    for (const c of layout.cells) {
      const ctr = window.fairyboard.squareCenter(c.name);
      const center = { x: ctr.x - r.left, y: ctr.y - r.top };
      const ink = [];
      const x0 = Math.floor((center.x - unit / 2) * k);
      const y0 = Math.floor((center.y - unit / 2) * k);
      for (let py = y0; py < y0 + unit * k; py += 1) {
        for (let px = x0; px < x0 + unit * k; px += 1) {
          const i = (py * cv.width + px) * 4;
          if (Math.abs(on[i] - off[i]) + Math.abs(on[i + 1] - off[i + 1]) + Math.abs(on[i + 2] - off[i + 2]) > 40) ink.push([px, py]);
        }
      }
      if (ink.length) cells.push({ name: c.name, center, ink });
    }
    return { dpr: k, unit, cells };
  });
}

/**
 * For each labelled cell and each kind of piece of game `id`, the label pixels that the kind's
 * picture (drawn by the page's drawPiece where a piece on that cell stands) covers or comes
 * within `clearance` cells of (a label touching a piece reads as part of it).
 */
async function labelsUnderPieces(page, id, labels, clearance) {
  return page.evaluate(async ({ id, labels, clearance }) => {
    const { drawPiece } = await import('/www/board/pieces.js');
    const { legend } = await import('/pkg/fairyboard.js');
    const kinds = legend(id).map((e) => e.kind);
    const { dpr, unit, cells } = labels;
    const size = unit * window.fairyboard.pieceScale;
    const near = Math.max(1, Math.round(clearance * unit * dpr)); // device px
    const side = Math.ceil(unit * dpr) + 2 * near + 4;
    const cv = new OffscreenCanvas(side, side);
    const ctx = cv.getContext('2d', { willReadFrequently: true });
    const hits = [];
    for (const cell of cells) {
      // This canvas covers the cell and a little round it: board pixel (px, py) is (px - ox, py - oy) here.
      const ox = Math.floor((cell.center.x - unit / 2) * dpr) - near - 2;
      const oy = Math.floor((cell.center.y - unit / 2) * dpr) - near - 2;
      for (const kind of kinds) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, side, side);
        ctx.setTransform(dpr, 0, 0, dpr, -ox, -oy);
        drawPiece(ctx, { kind, color: 'w', letter: '?' }, cell.center.x, cell.center.y, size);
        const a = ctx.getImageData(0, 0, side, side).data;
        const inked = (x, y) => x >= 0 && y >= 0 && x < side && y < side && a[(y * side + x) * 4 + 3] > 16;
        const close = ([px, py]) => {
          for (let dy = -near; dy <= near; dy += 1) {
            for (let dx = -near; dx <= near; dx += 1) if (inked(px - ox + dx, py - oy + dy)) return true;
          }
          return false;
        };
        const n = cell.ink.filter(close).length;
        if (n) hits.push(`${kind} on ${cell.name}: ${n} px`);
      }
    }
    return hits;
  }, { id, labels, clearance });
}

const GAMES = ['orthodox', 'vagabond', 'bandit', 'quarter', 'pawnier', 'riftwalker'];
for (const [size, options] of [['1280', { viewport: { width: 1280, height: 800 } }], ['360', PHONE_360]]) {
  test(`coordinates clear of the pieces: no label under any piece of its game, at ${size} px`, async () => {
    await withBoard(env, options, async ({ page, errors }) => {
      const touching = {};
      for (const id of GAMES) {
        await startGame(page, id);
        const boardInView = () => page.evaluate(() => document.getElementById('board').scrollIntoView({ block: 'start' }));
        await boardInView();
        await screenshot(page, `coordinates-${id}-${size}`);
        const labels = await labelInk(page);
        await boardInView();
        await screenshot(page, `coordinates-empty-${id}-${size}`);
        await page.locator('#editor [data-role="cancel"]').click();
        await settle(page);
        assert.ok(labels.cells.some((c) => c.name === 'a1'), `${id}: a1 has a label`);
        assert.ok(labels.cells.length >= 10, `${id}: the labels are drawn (${labels.cells.length} cells)`);
        const hits = await labelsUnderPieces(page, id, labels, 0.04);
        if (hits.length) touching[id] = hits.length > 6 ? [...hits.slice(0, 6), `and ${hits.length - 6} more`] : hits;
      }
      assert.deepEqual(touching, {}, 'labels under or touching a piece');
      assert.deepEqual(errors, []);
    });
  });
}
