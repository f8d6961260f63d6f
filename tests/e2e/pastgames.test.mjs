// Finished games are not games in progress (issue 25): a game that ends is listed among the
// past games (newest first, with players, result and date), a rematch does not offer it as a
// kept game to switch to, and each past game opens, exports and (after asking) is deleted.
// Real clicks throughout.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  launch, withBoard, settle, statusText, playMove, messageText, DESKTOP, chooseSetting, computerAnswered, playComputer, resign,
} from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });


const pastItems = (page) => page.$$eval('#past-list .past-game', (items) => items.map((li) => ({
  name: li.querySelector('.past-name').textContent, meta: li.querySelector('.past-meta').textContent,
})));

test('a finished game goes to the past games, not among the games in progress; it opens, exports and is deleted', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    await playComputer(page);
    await playMove(page, 'e2e4');
    await computerAnswered(page);
    await resign(page);
    // Listed at once.
    await page.click('#past-games summary');
    let items = await pastItems(page);
    assert.equal(items.length, 1);
    assert.match(items[0].meta, /0-1 · \d{4}\.\d\d\.\d\d$/);
    // A rematch: the finished game is not offered as a game to switch back to.
    await page.click('#rematch');
    await settle(page);
    assert.equal(await page.isHidden('#kept-game'), true, 'no "Switch to kept game"');
    assert.match(await messageText(page), /among the past games/);
    assert.doesNotMatch(await messageText(page), /kept/);
    // The rematch (the person Black now) ends too: the newest first.
    await computerAnswered(page);
    await resign(page);
    await page.click('#game-over button[value=close]');
    items = await pastItems(page);
    assert.equal(items.length, 2);
    assert.match(items[0].meta, /1-0/, 'the newest (White won: the person, Black, resigned) first');
    assert.match(items[1].meta, /0-1/);
    // Export the older one as PGN.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('#past-list .past-game:nth-child(2) button:has-text("Export PGN")'),
    ]);
    const pgn = fs.readFileSync(await download.path(), 'utf8');
    assert.match(pgn, /\[Result "0-1"\]/);
    assert.match(pgn, /\n1\. e4 \S+ 0-1\n$/);
    // Open it: the board shows it, ended as it ended.
    await page.click('#past-list .past-game:nth-child(2) button:has-text("Open")');
    await settle(page);
    assert.equal(await statusText(page), 'Black wins by resignation');
    assert.equal(await page.evaluate(() => window.fairyboard.game.line().length), 2);
    // Delete asks first; "Keep it" keeps it.
    await page.click('#past-list .past-game:nth-child(1) button:has-text("Delete")');
    await page.click('#picker-options button[data-value=no]');
    assert.equal((await pastItems(page)).length, 2);
    await page.click('#past-list .past-game:nth-child(1) button:has-text("Delete")');
    await page.click('#picker-options button[data-value=yes]');
    items = await pastItems(page);
    assert.equal(items.length, 1);
    assert.match(items[0].meta, /0-1/);
    // Over a reload the list stays.
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await page.click('#past-games summary');
    assert.equal((await pastItems(page)).length, 1);
    assert.deepEqual(errors, []);
  });
});
