// Variations nested as deep as a PGN nests them (issue 41), on the real page: a legal PGN
// nested 11,000 deep is imported through the panel (pasted, listed on every keystroke, opened
// by a click), and 50 imports of a deep PGN that cannot be opened leave the wasm memory as it
// was (each refused import used to trap the engine and leak what it had made).

import { test } from 'node:test';
import assert from 'node:assert/strict';
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
