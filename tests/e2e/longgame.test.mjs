// A very long game on the real page (issue 41): 12,000 plies of random legal Riftwalker play
// (tests/data/riftwalker-12000.pgn, from a fixed seed: tests/all/long_game.rs) imported by
// the panel, then Home, End and a step back by the keys, and a reload, each timed. The
// figures are printed (docs/benchmark.md keeps them); the bounds are generous, for a busy
// machine: each jump and step under 3 s, the reload (the faster of two) under 3 s more than
// a reload of the page with no moves at the same moment (the page's own start), the import
// under 20 s.
// Before (issue 41): 15 to 23 s each, the reload 29 s, the import 48 s.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { launchForTests, withBoard, messageText, settle, screenshot } from './support.mjs';

const env = launchForTests();
const DESKTOP = { viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', permissions: ['clipboard-read', 'clipboard-write'] };
const PLIES = 12000;
const text = fs.readFileSync(new URL('../data/riftwalker-12000.pgn', import.meta.url), 'utf8');

/** Milliseconds from `act()` until the page shows ply `ply` and has painted. */
async function timed(page, act, ply) {
  const t = Date.now();
  await act();
  await page.waitForFunction((p) => window.fairyboard.game && window.fairyboard.game.ply() === p, ply, { timeout: 120000 });
  await settle(page);
  return Date.now() - t;
}

/**
 * Milliseconds from a reload until the page is ready, shows ply `ply` and has painted: the
 * faster of two reloads (one busy moment on a shared machine can stall one).
 */
async function reloadTime(page, ply) {
  const once = () => timed(page, async () => {
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 120000 });
  }, ply);
  return Math.min(await once(), await once());
}

/** Whether the move shown is in the move list's view (or the list is at its top at the start). */
const shownInView = (page) => page.evaluate(() => {
  const list = document.getElementById('moves');
  const b = list.querySelector('[aria-current="true"]');
  if (!b) return list.scrollTop === 0;
  const box = list.getBoundingClientRect();
  const r = b.getBoundingClientRect();
  return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
});

/** The move shown in the move list: its ply, or null. */
const currentPly = (page) => page.evaluate(() => {
  const b = document.querySelector('#moves [aria-current="true"]');
  return b ? Number(b.dataset.ply) : null;
});

test('a game of 12,000 plies: import, Home, End, a step and a reload', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    const figures = {};
    // The page's own start, for the reload's bound: a reload with no moves.
    figures.emptyReload = await reloadTime(page, 0);
    await page.getByRole('button', { name: 'Import PGN' }).click();
    // Pasted as a person pastes it: one input event (Playwright's fill types it line by line).
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.focus('#records-text');
    let t = Date.now();
    await page.keyboard.press('ControlOrMeta+V');
    await page.waitForFunction((n) => document.getElementById('records-text').value.length === n, text.length);
    figures.paste = Date.now() - t;
    t = Date.now();
    await page.getByRole('button', { name: 'Open game' }).click({ timeout: 120000 }); // a busy page takes it late
    await page.waitForFunction(() => /^Opened the PGN game/.test(document.getElementById('message').textContent), null, { timeout: 120000 });
    await settle(page);
    figures.import = Date.now() - t;
    assert.equal(await messageText(page), `Opened the PGN game: ${PLIES / 2} moves.`); // moves as players count them
    console.log(`imported (ms): ${JSON.stringify(figures)}`);
    assert.equal(await page.inputValue('#game'), 'riftwalker');
    assert.equal(await currentPly(page), PLIES);
    assert.ok(await shownInView(page), 'the last move in view');

    await page.focus('#moves');
    figures.home = await timed(page, () => page.keyboard.press('Home'), 0);
    assert.equal(await currentPly(page), null, 'the start: no move marked');
    assert.ok(await shownInView(page), 'the list at its top');
    figures.end = await timed(page, () => page.keyboard.press('End'), PLIES);
    assert.equal(await currentPly(page), PLIES);
    assert.ok(await shownInView(page), 'the last move in view again');
    figures.back = await timed(page, () => page.keyboard.press('ArrowLeft'), PLIES - 1);
    assert.equal(await currentPly(page), PLIES - 1);
    assert.ok(await shownInView(page));
    const shown = await page.evaluate(() => window.fairyboard.positionText());

    figures.reload = await reloadTime(page, PLIES - 1);
    assert.equal(await page.evaluate(() => window.fairyboard.positionText()), shown, 'the same position after a reload');
    assert.equal(await currentPly(page), PLIES - 1);
    assert.ok(await shownInView(page), 'the move shown in view after the reload');
    // The rows' numbers have the room before the rows that the longest needs (`6000. `): a
    // longer number ran past the list's left edge and was cut.
    const room = await page.evaluate(() => {
      const list = document.getElementById('moves');
      const row = list.querySelector('li.pair[value]');
      const probe = document.createElement('span');
      probe.textContent = '6000. ';
      probe.style.whiteSpace = 'pre';
      row.appendChild(probe);
      const needs = probe.getBoundingClientRect().width;
      probe.remove();
      return { needs, has: parseFloat(getComputedStyle(list).paddingLeft) };
    });
    assert.ok(room.has >= room.needs, `${room.has} px before the rows, ${room.needs} px needed`);
    // And the number of the move shown's row is drawn there (a row out of view is not laid
    // out, and its painting is clipped to its box and a margin: the number must be in it).
    const box = await page.evaluate(() => {
      const list = document.getElementById('moves');
      const row = list.querySelector('[aria-current="true"]').closest('li');
      const l = list.getBoundingClientRect();
      const r = row.getBoundingClientRect();
      return { x: l.left + 2, y: r.top, width: r.left - l.left - 2, height: r.height };
    });
    const png = (await page.screenshot({ clip: box })).toString('base64');
    const ink = await page.evaluate(async (data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const c = new OffscreenCanvas(bitmap.width, bitmap.height);
      const g = c.getContext('2d');
      g.drawImage(bitmap, 0, 0);
      const d = g.getImageData(0, 0, c.width, c.height).data;
      let n = 0; // pixels far from the first (the list's background)
      for (let i = 0; i < d.length; i += 4) {
        if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 120) n += 1;
      }
      return n;
    }, png);
    assert.ok(ink > 20, `the row's number drawn: ${ink} pixels of ink`);
    await screenshot(page, 'longgame-reloaded');
    console.log(`12,000 plies (ms): ${JSON.stringify(figures)}`);
    for (const k of ['home', 'end', 'back']) assert.ok(figures[k] < 3000, `${k}: ${figures[k]} ms`);
    assert.ok(figures.reload < figures.emptyReload + 3000, `reload: ${figures.reload} ms, ${figures.emptyReload} ms with no moves`);
    assert.ok(figures.import < 20000, `import: ${figures.import} ms`);
    assert.deepEqual(errors, []);
  });
});
