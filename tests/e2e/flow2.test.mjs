// Records and the game's flow (issue 40): a past game opened again keeps what was added to
// it, wherever it is opened from. Real clicks and keys; reloads where storage is involved.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, withBoard, settle, statusText, messageText, playMove, chooseSetting, DESKTOP,
} from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** New game by its dialog, with real clicks: `opponent` 'human' or 'analysis', `clock` ('none', '3+2', ...). */
async function newGameByDialog(page, { opponent = 'human', clock = 'none' } = {}) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.check(`#new-game-dialog input[name=opponent][value=${opponent}]`);
  if (opponent !== 'analysis') await page.selectOption('#new-game-dialog select[name=clock]', clock);
  await page.click('#new-game-dialog button[value=start]');
  await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
  await settle(page);
}

/** The fool's mate, played by clicks: the game ends (0-1) and its panel opens. */
async function foolsMate(page) {
  for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) { await playMove(page, m); await settle(page); }
  await page.waitForSelector('#game-over[open]');
}

/** The page again after a reload, ready. */
async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
  await settle(page);
}

/** Opens past games' entry `n` (1: the newest) by its Open button. */
async function openPast(page, n = 1) {
  const open = await page.$eval('#past-games', (d) => d.open);
  if (!open) await page.click('#past-games summary');
  await page.click(`#past-list .past-game:nth-child(${n}) button:has-text("Open")`);
  await settle(page);
}

/** Writes `text` as the comment on the move shown: Comment, the text, Save comment. */
async function comment(page, text) {
  await page.click('#comment-move');
  await page.fill('#comment-text', text);
  await page.click('#comment-editor button[type=submit]');
  await settle(page);
}

const comments = (page) => page.$$eval('#moves .comment', (cs) => cs.map((c) => c.textContent));

test('a past game opened again keeps the comment added to it (over two reloads), and so does its past-games entry', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    await newGameByDialog(page);
    await foolsMate(page);
    await page.click('#game-over button[value=close]');
    await openPast(page);
    assert.equal(await statusText(page), 'Black wins by checkmate');
    await page.click('#moves .ply[data-text="g2g4"]');
    await settle(page);
    await comment(page, 'The losing move.');
    assert.deepEqual(await comments(page), ['The losing move.']);
    await reload(page);
    assert.deepEqual(await comments(page), ['The losing move.'], 'the comment survives a reload');
    // The same past game opened again: the comment is still there.
    await openPast(page);
    assert.deepEqual(await comments(page), ['The losing move.'], 'opened again, the comment stays');
    assert.doesNotMatch(await messageText(page), /kept/);
    await reload(page);
    assert.deepEqual(await comments(page), ['The losing move.'], 'and over a second reload');
    // The past-games entry itself has it: its PGN, and opened after another game took the board.
    await newGameByDialog(page, { opponent: 'analysis' });
    assert.deepEqual(await comments(page), []);
    await openPast(page);
    assert.deepEqual(await comments(page), ['The losing move.'], 'opened from the list after another game');
    assert.equal((await page.$$('#past-list .past-game')).length, 1, 'still one past game');
    assert.deepEqual(errors, []);
  });
});
