// Steps a person takes on the page that several test files share (beside support.mjs's input).

import assert from 'node:assert/strict';
import { settle, openBoard } from './support.mjs';

/** Opens the PGN `text` (game `index` of several) by Import PGN and Open game, as a person pastes it. */
export async function importPgn(page, text, index = null) {
  await page.click('#import-pgn');
  await page.fill('#records-text', text);
  if (index != null) await page.selectOption('#records-games', String(index));
  await page.click('#records-open');
  await settle(page);
}

/** Opens the Embed dialog for the game on the board and chooses what it embeds (`what`: embed-what's value). */
export async function openEmbedDialog(page, what) {
  await page.click('#embed-board');
  await page.waitForSelector('#embed-dialog[open]');
  await page.selectOption('#embed-what', what);
}

/** Chooses game `id` in the game select, as a person does, and waits for the board. */
export async function chooseGame(page, id) {
  await page.selectOption('#game', id);
  await settle(page);
}

/**
 * A second board in a context of its own (someone else's browser): `fn(other)` ({ page,
 * errors }), then no error on that page; closed however it ends.
 */
export async function onAnotherBoard(env, device, fn) {
  const other = await openBoard(env, device);
  try {
    await fn(other);
    assert.deepEqual(other.errors, []);
  } finally {
    await other.context.close();
  }
}
