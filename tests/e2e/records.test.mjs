// Records kept whole (issue 25): a real PGN (Kasparov–Topalov, Wijk aan Zee 1999, with all its
// tags, [%clk] clocks, an [%eval], a variation, a comment, a NAG and an arrow) imported through
// the page and exported again holds the same tags and moves, over a reload and through a share
// link; the players show beside the board and the event and date in Game info, where they can
// be edited; the clocks show in the move list. A resigned game's link carries its result.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  launch, withBoard, settle, statusText, messageText, playMove, openLinkAfresh, DESKTOP,
} from './support.mjs';

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'kasparov-topalov-1999.pgn');
const ORIGINAL = fs.readFileSync(DATA, 'utf8');

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** The tags of a PGN text, in order: [[name, value]]. */
const tagsOf = (pgn) => [...pgn.matchAll(/^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/gm)].map((m) => [m[1], m[2].replace(/\\(.)/g, '$1')]);

/**
 * The main line of a PGN's movetext: each move's name (without check signs or glyphs) with
 * the commands of the comments after it ({ name, clk, eval, cal }), variations left out.
 */
function mainLine(pgn) {
  const text = pgn.replace(/^\[.*\]\s*$/gm, '');
  const out = [];
  let depth = 0;
  for (const m of text.matchAll(/\{([^}]*)\}|\(|\)|(\d+\.(?:\.\.)?)|(\$\d+)|([^\s{}()]+)/g)) {
    const [tok, comment, , , word] = m;
    if (tok === '(') { depth += 1; continue; }
    if (tok === ')') { depth -= 1; continue; }
    if (depth > 0) continue;
    if (comment != null) {
      const last = out[out.length - 1];
      if (!last) continue;
      for (const c of comment.matchAll(/\[%(\w+)\s+([^\]]*)\]/g)) last[c[1]] = c[2].trim();
      continue;
    }
    if (word && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(word)) out.push({ name: word.replace(/[+#!?]+$/, '') });
  }
  return out;
}

async function importFile(page) {
  await page.click('#import-pgn');
  await page.setInputFiles('#records-file', DATA);
  await settle(page);
}

const exported = async (page) => {
  await page.click('#export-pgn');
  const text = await page.inputValue('#records-text');
  await page.click('#records-close');
  return text;
};

function sameRecord(back, label) {
  const want = tagsOf(ORIGINAL);
  const got = new Map(tagsOf(back).map(([k, v]) => [k, v]));
  for (const [name, value] of want) assert.equal(got.get(name), value, `${label}: tag ${name}`);
  assert.deepEqual(tagsOf(back).slice(0, 7).map(([k]) => k), ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'], `${label}: the Seven Tag Roster first`);
  assert.deepEqual(mainLine(back), mainLine(ORIGINAL), `${label}: the moves with their clocks, evaluation and arrow`);
  assert.match(back, /\(24\. Qxf6/, `${label}: the variation`);
  assert.match(back, /\$3|Rxd4!!/, `${label}: the NAG`);
  assert.match(back, /\{[^}]*One of the most famous combinations ever played\.[^}]*\}/, `${label}: the comment`);
  assert.match(back, /\s1-0\n$/, `${label}: the result`);
}

test('Kasparov–Topalov imported and exported: every tag, move, clock, comment, NAG, arrow and the variation; over a reload and a link', async () => {
  assert.ok(mainLine(ORIGINAL).length === 87, 'the record has its 87 plies');
  assert.ok(mainLine(ORIGINAL).filter((m) => m.clk).length >= 20, 'with clocks');
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await importFile(page);
    assert.match(await messageText(page), /Opened the PGN game: 44 moves/);
    sameRecord(await exported(page), 'export');
    // The players beside the board, from the record, with their ratings.
    const rows = await page.$$eval('.player', (els) => els.map((e) => [e.dataset.color, e.dataset.at, e.querySelector('.player-name').textContent]));
    assert.deepEqual(rows, [['b', 'top', 'Topalov, Veselin (2700)'], ['w', 'bottom', 'Kasparov, Garry (2812)']]);
    // Game info: the event and date, and the record's other tags.
    await page.click('#game-info summary');
    assert.equal(await page.inputValue('#tag-event'), 'Hoogovens Group A');
    assert.equal(await page.inputValue('#tag-date'), '1999.01.20');
    assert.match(await page.textContent('#game-info .game-info-others'), /ECOB06/);
    // The clocks in the move list, as lichess shows them.
    const firstClock = mainLine(ORIGINAL)[0].clk.replace(/^0:0?/, '');
    assert.equal((await page.textContent('#moves .move-clock')).trim(), firstClock);
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await settle(page);
    sameRecord(await exported(page), 'after a reload');
    const link = await page.evaluate(() => window.fairyboard.shareLink());
    await openLinkAfresh(page, link);
    sameRecord(await exported(page), 'through the link');
    assert.deepEqual(errors, []);
  });
});

test('Game info: the players, event and date are edited there; a bad date is named and the game kept', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playMove(page, 'e2e4');
    await page.click('#game-info summary');
    await page.fill('#tag-white', 'Ada');
    await page.press('#tag-white', 'Enter');
    await page.fill('#tag-event', 'Club night');
    await page.press('#tag-event', 'Enter');
    await page.fill('#tag-date', '27 November');
    await page.press('#tag-date', 'Enter');
    assert.match(await messageText(page), /not a date/);
    assert.equal(await page.getAttribute('#message', 'data-kind'), 'error');
    await page.fill('#tag-date', '2026.11.27');
    await page.press('#tag-date', 'Enter');
    assert.equal(await page.textContent('.player[data-color=w] .player-name'), 'Ada');
    const pgn = await exported(page);
    assert.match(pgn, /\[Event "Club night"\]\n\[Site "[^"]*"\]\n\[Date "2026\.11\.27"\]/);
    assert.match(pgn, /\[White "Ada"\]/);
    assert.match(pgn, /\n1\. e4 \*\n$/, 'the game is untouched');
    assert.deepEqual(errors, []);
  });
});

test('a game against the computer names its players and date; its resignation travels in the link', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await page.evaluate(() => window.fairyboard.startChosen('orthodox', { opponent: 'computer', side: 'w', level: 5 }));
    await settle(page);
    await playMove(page, 'e2e4');
    await page.waitForFunction(() => window.fairyboard.game.line().length === 2, null, { timeout: 20000 });
    await page.click('#resign');
    await page.click('#picker-options button[data-value=yes]');
    await page.waitForSelector('#game-over[open]');
    const pgn = await exported(page);
    assert.match(pgn, /\[White "You"\]\n\[Black "fairyboard, level 5"\]\n\[Result "0-1"\]/);
    assert.match(pgn, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
    assert.match(pgn, /\[Termination "Normal"\]/);
    const link = await page.evaluate(() => window.fairyboard.shareLink());
    await openLinkAfresh(page, link);
    assert.equal(await statusText(page), 'Black wins by resignation', 'the link holds the result');
    assert.equal(await page.textContent('.player[data-color=b] .player-name'), 'fairyboard, level 5');
    assert.deepEqual(errors, []);
  });
});
