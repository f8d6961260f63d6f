// A takeback takes back (issue 25): in a game being played (against the computer, or a friend
// at this board) Undo removes the moves, so the game played stays the main line with its
// result, in the move list, the game-over text, PGN, the link and over a reload; Resign and
// Offer draw stay available after it, by mouse and by tap. On an analysis board a move at an
// earlier position still starts a variation. Real clicks and taps throughout.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, withBoard, settle, statusText, clickSquare, playMove, shownMoves, DESKTOP, PHONE_360, chooseSetting, computerAnswered, openLinkAfresh,
} from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Starts a game against the computer through the New game dialog, by clicks (or taps). */
async function newGameAgainstComputer(page, { color = 'w', level = 1, tap = false } = {}) {
  const press = (sel) => (tap ? page.tap(sel) : page.click(sel));
  await press('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await press('#new-game-dialog input[name=opponent][value=computer]');
  await press(`#new-game-dialog input[name=color][value=${color}]`);
  await page.selectOption('#new-game-dialog select[name=level]', String(level));
  await press('#new-game-dialog button[value=start]');
  await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
}


const mainLine = (page) => page.evaluate(() => {
  const t = window.fairyboard.game.tree();
  const nodes = new Map(t.nodes.map((n) => [n.id, n]));
  const out = [];
  for (let n = nodes.get(0); n.children.length; n = nodes.get(n.children[0])) out.push(nodes.get(n.children[0]).text);
  return { main: out, variations: t.nodes.filter((n) => n.id !== 0 && nodes.get(n.parent).children[0] !== n.id).length };
});

test('a takeback against the computer removes the moves: the game played is the main line, with its result, in the list, PGN, the link and a reload', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    await newGameAgainstComputer(page, { color: 'w', level: 1 });
    for (const m of ['e2e4', 'g1f3', 'b1c3']) {
      await playMove(page, m);
      await computerAnswered(page);
    }
    const before = await mainLine(page);
    assert.equal(before.main.length, 6);
    await page.click('#undo');
    await settle(page);
    assert.equal((await mainLine(page)).main.length, 4, 'one takeback: Nc3 and its reply are gone');
    await page.click('#undo');
    await settle(page);
    const after2 = await mainLine(page);
    assert.deepEqual(after2, { main: before.main.slice(0, 2), variations: 0 }, 'two takebacks: back to after 1. e4, nothing kept aside');
    assert.equal(await page.isDisabled('#redo'), true, 'nothing to redo: the moves were taken back');
    // Resign and Offer draw stay available after a takeback.
    assert.equal(await page.isDisabled('#resign'), false);
    assert.equal(await page.isDisabled('#offer-draw'), false);
    await playMove(page, 'd2d4');
    await computerAnswered(page);
    const played = await mainLine(page);
    assert.deepEqual(played.main.slice(0, 3), [...before.main.slice(0, 2), 'd2d4']);
    assert.equal(played.main.length, 4);
    assert.equal(played.variations, 0, 'no variation was made');
    await page.click('#resign');
    await page.click('#picker-options button[data-value=yes]');
    await page.waitForSelector('#game-over[open]');
    assert.match(await page.textContent('#game-over-reason'), /Black wins by resignation after 2\.\.\. \S+\. Result 0-1\./);
    assert.equal(await statusText(page), 'Black wins by resignation');
    // The list: four moves in two pairs, then the result, and no variation.
    assert.equal(await page.locator('#moves .ply').count(), 4);
    assert.equal(await page.locator('#moves .variations, #moves .inline-variation').count(), 0);
    assert.equal((await page.textContent('#moves .result')).trim(), '0-1');
    // PGN: the result in the tag and at the end of the movetext, the game played as its moves.
    const pgn = await page.evaluate(() => window.fairyboard.game.toPgn('2026.11.27'));
    assert.match(pgn, /\[Result "0-1"\]/);
    assert.match(pgn, /\n1\. e4 \S+ 2\. d4 \S+ 0-1\n$/);
    assert.doesNotMatch(pgn, /\(/, 'no variation in the record');
    // Over a reload: the same main line and the same result.
    const link = await page.evaluate(() => window.fairyboard.shareLink());
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await settle(page);
    assert.deepEqual(await mainLine(page), played);
    assert.equal(await statusText(page), 'Black wins by resignation');
    // The link opens the same game, ended the same way.
    await openLinkAfresh(page, link);
    assert.deepEqual(await mainLine(page), played, 'the link holds the game played');
    assert.equal(await statusText(page), 'Black wins by resignation', 'and its result');
    assert.deepEqual(errors, []);
  });
});

test('Resign after Undo by tap on a phone; a move at an earlier position of a game being played is refused, said as information', async () => {
  await withBoard(env, PHONE_360, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    await newGameAgainstComputer(page, { color: 'w', level: 1, tap: true });
    const tapSquare = async (name) => {
      await page.evaluate(() => document.getElementById('board').scrollIntoView({ block: 'nearest' }));
      const c = await page.evaluate((n) => window.fairyboard.squareCenter(n), name);
      await page.touchscreen.tap(c.x, c.y);
    };
    for (const m of ['e2e4', 'd2d4']) {
      await tapSquare(m.slice(0, 2));
      await tapSquare(m.slice(2, 4));
      await computerAnswered(page);
    }
    // Back one step through the list (not a takeback), then a move there: refused.
    await page.tap('#moves .ply[data-ply="2"]');
    await settle(page);
    await tapSquare('g1');
    await tapSquare('f3');
    await settle(page);
    assert.equal(await page.evaluate(() => window.fairyboard.game.line().length), 4, 'nothing was added');
    assert.equal(await page.getAttribute('#message', 'data-kind'), 'info');
    assert.match(await page.textContent('#message'), /earlier position of the game/);
    // Undo from there takes back from the end of the game.
    await page.tap('#undo');
    await settle(page);
    assert.deepEqual(await page.evaluate(() => Array.from(window.fairyboard.game.line()).length), 2);
    assert.equal(await page.isDisabled('#resign'), false, 'Resign answers after Undo');
    await page.tap('#resign');
    await page.waitForSelector('#picker:not([hidden])');
    await page.tap('#picker-options button[data-value=yes]');
    await page.waitForSelector('#game-over[open]');
    assert.equal(await statusText(page), 'Black wins by resignation');
    assert.deepEqual(errors, []);
  });
});

test('a friend at this board: Undo takes back one move, Offer draw is not there; an analysis board keeps variations', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    await page.evaluate(() => window.fairyboard.startChosen('orthodox', { opponent: 'human', side: 'w' }));
    await settle(page);
    assert.equal(await page.isHidden('#offer-draw'), true, 'no draw offered to oneself');
    assert.equal(await page.isVisible('#resign'), true);
    for (const m of ['e2e4', 'e7e5', 'g1f3']) await playMove(page, m);
    await settle(page);
    await page.click('#undo');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5']);
    assert.deepEqual(await mainLine(page), { main: ['e2e4', 'e7e5'], variations: 0 });
    // An analysis board: Undo steps back, a new move there is a variation; no Resign, no draw.
    await page.evaluate(() => window.fairyboard.startChosen('orthodox', { opponent: 'analysis' }));
    await settle(page);
    assert.equal(await page.isHidden('#resign'), true);
    assert.equal(await page.isHidden('#offer-draw'), true);
    for (const m of ['e2e4', 'e7e5']) await playMove(page, m);
    await settle(page);
    await page.click('#undo');
    await settle(page);
    await playMove(page, 'c7c5');
    await settle(page);
    assert.deepEqual(await mainLine(page), { main: ['e2e4', 'e7e5'], variations: 1 });
    assert.deepEqual(errors, []);
  });
});
