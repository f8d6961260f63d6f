// Variations nested as deep as a PGN nests them (issue 41), on the real page: a legal PGN
// nested 11,000 deep is imported through the panel (pasted, listed on every keystroke, opened
// by a click), and 50 imports of a deep PGN that cannot be opened leave the wasm memory as it
// was (each refused import used to trap the engine and leak what it had made); a game tree
// whose variations nest 3,000 deep, each a move further on, opens and is listed (the list
// wrote each level inside the one before it, slower by the square of the depth).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { launchForTests, withBoard, messageText, shownMoves, screenshot } from './support.mjs';

const env = launchForTests();
const DESKTOP = { viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' };
const DEPTH = 11000;

/** `1. e4 e5 2. Nf3 (2. Nc3 (2. Nc3 ... ) 2... Nc6` nested `depth` deep, then `tail`. */
const deepPgn = (depth, tail = '2... Nc6 *') =>
  `[Event "deep"]\n\n1. e4 e5 2. Nf3 ${'(2. Nc3 '.repeat(depth)}${')'.repeat(depth)} ${tail}\n`;

/** The engine's wasm memory in bytes (the page's own module: importing it again gives it). */
const wasmBytes = (page) => page.evaluate(async () => {
  const engine = await import(new URL('pkg/fairyboard.js', document.baseURI).href);
  const wasm = await engine.default();
  return wasm.memory.buffer.byteLength;
});

test('a legal PGN nested 11,000 deep opens from the import panel', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    const text = deepPgn(DEPTH);
    assert.ok(text.length > 90_000, `${text.length} bytes`);
    await page.getByRole('button', { name: 'Import PGN' }).click();
    await page.fill('#records-text', text);
    await page.getByRole('button', { name: 'Open game' }).click();
    assert.equal(await messageText(page), 'Opened the PGN game: 2 moves.');
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    // Every `(2. Nc3` is the same move: one variation in the move list.
    const aside = await page.$$eval('#moves .ply.aside', (els) => els.map((e) => e.textContent.trim()));
    assert.deepEqual(aside, ['Nc3']);
    // Export writes it back, once.
    await page.getByRole('button', { name: 'Export PGN' }).click();
    assert.match(await page.inputValue('#records-text'), /2\. Nf3 \(2\. Nc3\) 2\.\.\. Nc6 \*/);
    await screenshot(page, 'deeppgn-opened');
    assert.deepEqual(errors, []);
  });
});

test('50 refused imports of a deep PGN do not grow the wasm memory', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // Legal to its last move, which is not: the import is refused, the game kept.
    const text = deepPgn(DEPTH, '2... Ke5 *');
    await page.getByRole('button', { name: 'Import PGN' }).click();
    const refuse = async () => {
      await page.fill('#records-text', text);
      await page.getByRole('button', { name: 'Open game' }).click();
      assert.match(await messageText(page), /^Could not open the PGN game/);
    };
    await refuse();
    const first = await wasmBytes(page);
    for (let i = 1; i < 50; i++) await refuse();
    const last = await wasmBytes(page);
    assert.ok(last - first <= 1 << 20, `the wasm memory grew from ${first} to ${last} bytes over 49 refused imports`);
    // Refused for its bad move, named as the engine names it.
    assert.match(await messageText(page), /^Could not open the PGN game\. Move 2 for Black: Ke5/);
    assert.deepEqual(await shownMoves(page), [], 'the game in progress stays');
    assert.deepEqual(errors, []);
  });
});

test('a game tree nested 3,000 deep opens and is listed', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // Along the first 3,000 plies of the long game (tests/data/riftwalker-12000.pgn), another
    // legal move first and the game's own as the variation to it: `o1 (m1 o2 (m2 o3 (...`.
    const long = fs.readFileSync(new URL('../data/riftwalker-12000.pgn', import.meta.url), 'utf8');
    const text = await page.evaluate(async ([long, depth]) => {
      const engine = await import(new URL('pkg/fairyboard.js', document.baseURI).href);
      const opened = engine.openPgn(long);
      const line = Array.from(opened.handle.line()).slice(0, depth);
      opened.handle.free();
      const g = new engine.GameHandle('riftwalker');
      const parts = ['[Variant "riftwalker"]\n\n'];
      for (const m of line) {
        const other = Array.from(g.legalMoves()).find((o) => o.text !== m);
        parts.push(other ? `${other.text} (${m} ` : `${m} `);
        g.play(m);
      }
      g.free();
      return `${parts.join('')}${')'.repeat(line.length)} *\n`;
    }, [long, 3000]);
    await page.getByRole('button', { name: 'Import PGN' }).click();
    await page.evaluate((t) => { const a = document.getElementById('records-text'); a.value = t; a.dispatchEvent(new Event('input')); }, text);
    const t = Date.now();
    await page.getByRole('button', { name: 'Open game' }).click();
    await page.waitForFunction(() => /^Opened the PGN game/.test(document.getElementById('message').textContent), null, { timeout: 120000 });
    const took = Date.now() - t;
    console.log(`a tree nested 3,000 deep opened in ${took} ms`);
    assert.match(await messageText(page), /^Opened the PGN game: 1 move/);
    // Every move of the tree is listed: the game's 3,000 and the 3,000 others before them.
    assert.equal(await page.locator('#moves button.ply').count(), 6000);
    assert.ok(took < 20000, `${took} ms`);
    assert.deepEqual(errors, []);
  });
});
