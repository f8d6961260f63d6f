// Share links and game records on the real page: a link made in one browser context opened
// in another at the same ply; malformed and illegal links; PGN export then import in a new
// context; a bad PGN naming its first bad move; position text copied and pasted.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  launch, openBoard, withBoard, position, statusText, messageText, shownMoves, playMove, clickSquare, settle, screenshot,
} from './support.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const DESKTOP = { viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Opens `address` (a full link) in a fresh context and waits until the board is ready. */
async function openLink(address, options = DESKTOP) {
  const context = await env.browser.newContext(options);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  await page.goto(address);
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 15000 });
  await settle(page);
  return { context, page, errors };
}

const panelText = (page) => page.inputValue('#records-text');
const waitMessage = (page, part) => page.waitForFunction(
  (p) => document.getElementById('message').textContent.includes(p), part, { timeout: 5000 });
const fragmentOf = (address) => new URL(address).hash;
/** The message beside the panel's text, if it is shown and in the visible part of the page. */
const noteInView = (page) => page.evaluate(() => {
  const note = document.getElementById('records-note');
  const box = note.getBoundingClientRect();
  const seen = !note.hidden && box.height > 0 && box.top >= -1 && box.bottom <= innerHeight + 1; // a pixel for rounding
  return seen ? note.textContent : null;
});

test('a link made in one context opens in another at the same ply, redo included', async () => {
  const a = await openBoard(env, { ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
  let b;
  try {
    for (const m of ['e2e4', 'e7e5', 'g1f3', 'b8c6']) await playMove(a.page, m);
    await a.page.click('#undo');
    const shown = await position(a.page);
    await a.page.getByRole('button', { name: 'Copy link' }).click();
    await waitMessage(a.page, 'Link copied');
    const link = await panelText(a.page);
    assert.equal(fragmentOf(link), '#g=orthodox&m=e2e4.e7e5.g1f3.b8c6&ply=3');
    assert.equal(await a.page.evaluate(() => navigator.clipboard.readText()), link, 'the clipboard holds the link');
    assert.equal(a.page.url(), link, 'the address bar is the share link too');
    await screenshot(a.page, 'share-copy-link');

    b = await openLink(link);
    assert.equal(await position(b.page), shown);
    assert.deepEqual(await shownMoves(b.page), ['e2e4', 'e7e5', 'g1f3']);
    assert.equal(await messageText(b.page), '', 'a good link opens without a message');
    assert.equal(await b.page.isEnabled('#redo'), true, 'the move after the ply is there to redo');
    await b.page.click('#redo');
    assert.deepEqual(await shownMoves(b.page), ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    assert.equal(fragmentOf(b.page.url()), '#g=orthodox&m=e2e4.e7e5.g1f3.b8c6', 'the address follows the board');
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.context.close();
    await b?.context.close();
  }
});

test('a game from a pasted position travels in a link; bad position text keeps the game', async () => {
  const a = await openBoard(env, DESKTOP);
  let b;
  try {
    await playMove(a.page, 'd2d4');
    await a.page.getByRole('button', { name: 'Position text' }).click();
    assert.equal(await panelText(a.page), 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1');

    // A bad text: the engine's message, the game unchanged.
    const before = await position(a.page);
    await a.page.fill('#records-text', '4k3/8/8 w');
    await a.page.getByRole('button', { name: 'Start from this text' }).click();
    assert.match(await messageText(a.page),
      /^This position text cannot be used: the board has 8 ranks but the position text has 3\. The game in progress is unchanged\.$/);
    assert.equal(await noteInView(a.page), await messageText(a.page), 'the message is also beside the text, in sight');
    assert.equal(await position(a.page), before);
    assert.deepEqual(await shownMoves(a.page), ['d2d4']);

    // A good one: the board starts from it; castle by clicking king then destination.
    await a.page.fill('#records-text', '4k3/8/8/8/8/8/8/4K2R w');
    await a.page.getByRole('button', { name: 'Start from this text' }).click();
    assert.equal(await position(a.page), '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
    assert.equal(await a.page.isHidden('#records-panel'), true, 'the panel closes');
    assert.equal(await a.page.evaluate(() => document.activeElement.id), 'board', 'the board takes the focus');
    assert.ok(await a.page.evaluate(() => {
      const box = document.getElementById('message').getBoundingClientRect();
      return box.top >= -1 && box.bottom <= innerHeight + 1;
    }), 'the message line is in sight');
    assert.equal(await messageText(a.page),
      'Started from the position text. Your earlier game of Orthodox chess is kept: "Switch to kept game" brings it back.');
    await clickSquare(a.page, 'e1');
    await clickSquare(a.page, 'g1');
    const shown = await position(a.page);
    assert.equal(shown, '4k3/8/8/8/8/8/8/5RK1 b - - 1 1');
    const link = a.page.url();
    assert.equal(fragmentOf(link), '#g=orthodox&p=4k3/8/8/8/8/8/8/4K2R%20w%20K%20-%200%201&m=e1g1');

    b = await openLink(link);
    assert.equal(await position(b.page), shown);
    await b.page.click('#undo');
    assert.equal(await position(b.page), '4k3/8/8/8/8/8/8/4K2R w K - 0 1', 'the start came along');

    // Escape closes the panel and gives the focus back to its button.
    await b.page.getByRole('button', { name: 'Position text' }).click();
    await b.page.focus('#records-text');
    await b.page.keyboard.press('Escape');
    assert.equal(await b.page.isHidden('#records-panel'), true);
    assert.equal(await b.page.evaluate(() => document.activeElement.id), 'position-text');
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.context.close();
    await b?.context.close();
  }
});

test('a malformed link opens a playable board and says what was wrong', async () => {
  const { context, page, errors } = await openLink(`${env.url}#g=checkers&m=e2e4`);
  try {
    assert.equal(await messageText(page),
      "Could not open the link: the link's game: unknown game 'checkers' (expected one of: orthodox, vagabond, bandit, quarter, pawnier, riftwalker). The game in progress is unchanged.");
    assert.equal(await position(page), START);
    await playMove(page, 'e2e4');
    assert.deepEqual(await shownMoves(page), ['e2e4'], 'the board plays');

    // A link typed into the address of an open page (hashchange), with no game named.
    await page.evaluate(() => { location.hash = '#m=e2e4.e7e5'; });
    await waitMessage(page, 'the link names no game');
    assert.deepEqual(await shownMoves(page), ['e2e4'], 'the game in progress stays');
    assert.equal(fragmentOf(page.url()), '#g=orthodox&m=e2e4', 'the address links to it again');

    // Another game by hashchange, odd fields noted.
    await page.evaluate(() => { location.hash = '#g=bandit&zz=1&ply=x'; });
    await waitMessage(page, 'opened in part');
    assert.equal(await page.inputValue('#game'), 'bandit');
    const m = await messageText(page);
    assert.match(m, /field 'zz' is unknown/);
    assert.match(m, /ply 'x' is not a whole number/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an illegal link keeps its legal prefix and says how much was used', async () => {
  const { context, page, errors } = await openLink(`${env.url}#g=orthodox&m=e2e4.e7e5.e1e3.g8f6`);
  try {
    assert.equal(await messageText(page),
      'The link was opened in part. Could not play move 2 for White: e1e3 is not a legal move in this position. Kept the first 2 of 4 plies.');
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5']);
    assert.equal(await position(page), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    assert.equal(fragmentOf(page.url()), '#g=orthodox&m=e2e4.e7e5', 'the address shows what was used');
    await screenshot(page, 'share-illegal-link');
    await playMove(page, 'g1f3');
    assert.equal(await messageText(page), '', 'the message goes with the next move');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a record of any length gives a message a person reads: notes counted, the rest left out', async () => {
  // 20,000 comments on moves the link does not have: each its own note.
  const comments = Array.from({ length: 20000 }, (_, i) => `${i + 2}:a`).join('.');
  const { context, page, errors } = await openLink(`${env.url}#g=orthodox&m=e2e4&n=${comments}`);
  try {
    await waitMessage(page, 'opened in part');
    assert.equal(await messageText(page),
      "The link was opened in part. The link's comment on move 2 was left out: there is no such move. "
      + "The link's comment on move 3 was left out: there is no such move. The link's comment on move 4 was "
      + "left out: there is no such move. The link's comment on move 5 was left out: there is no such move. "
      + '19,996 more notes were left out of this message.');
    assert.deepEqual(await shownMoves(page), ['e2e4']);
    // 10,000 stray ')' in a PGN: one note, counted.
    await page.getByRole('button', { name: 'Import PGN' }).click();
    await page.fill('#records-text', `[Event "x"]\n\n1. d4 ${')'.repeat(10000)} d5 *`);
    await page.getByRole('button', { name: 'Open game' }).click();
    await waitMessage(page, '10,000 times');
    assert.match(await messageText(page),
      /^The PGN game was opened in part\. A '\)' closes no variation and was ignored \(10,000 times\)\. Your earlier game/);
    assert.deepEqual(await shownMoves(page), ['d2d4', 'd7d5']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('PGN exported in one context imports in another; a bad PGN names its first bad move', async () => {
  const a = await openBoard(env, { ...DESKTOP, acceptDownloads: true });
  let b;
  try {
    await a.page.selectOption('#game', 'vagabond');
    await a.page.waitForFunction(() => window.fairyboard.game.gameId() === 'vagabond');
    const [moves, names] = await a.page.evaluate(() => {
      const g = window.fairyboard.game;
      const out = [];
      const named = [];
      for (let i = 0; i < 6; i++) {
        const legal = g.legalMoves();
        const m = legal[(i * 5) % legal.length];
        out.push(m.text);
        named.push(m.name);
        g.play(out[i]);
      }
      for (let i = 0; i < 6; i++) g.undo();
      return [out, named];
    });
    // The page shows them once a link to them is in the address (hashchange).
    await a.page.evaluate((m) => { location.hash = `#g=vagabond&m=${m.join('.')}`; }, moves);
    await a.page.waitForFunction(() => window.fairyboard.game.ply() === 6);
    assert.deepEqual(await shownMoves(a.page), moves);
    const shown = await position(a.page);
    await a.page.getByRole('button', { name: 'Export PGN' }).click();
    const pgn = await panelText(a.page);
    assert.match(pgn, /^\[Event "\?"\]\n/);
    assert.match(pgn, /\n\[Date "\d{4}\.\d\d\.\d\d"\]\n/);
    assert.match(pgn, /\n\[Variant "vagabond"\]\n/);
    // The movetext gives the moves' names (SAN-style for the variants).
    assert.ok(pgn.includes(`1. ${names[0]} ${names[1]} 2. ${names[2]}`), pgn);
    const [download] = await Promise.all([
      a.page.waitForEvent('download'),
      a.page.getByRole('button', { name: 'Download' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^fairyboard-vagabond-\d{4}-\d\d-\d\d\.pgn$/);
    assert.equal(fs.readFileSync(await download.path(), 'utf8'), pgn, 'the file is the PGN shown');

    b = await openBoard(env, DESKTOP);
    await b.page.getByRole('button', { name: 'Import PGN' }).click();
    await b.page.fill('#records-text', pgn);
    await b.page.getByRole('button', { name: 'Open game' }).click();
    assert.equal(await messageText(b.page), 'Opened the PGN game: 3 moves.');
    assert.equal(await b.page.inputValue('#game'), 'vagabond');
    assert.equal(await position(b.page), shown);
    assert.deepEqual(await shownMoves(b.page), moves);

    // A bad PGN: the first bad move by number, and the game on the board untouched.
    await b.page.getByRole('button', { name: 'Import PGN' }).click();
    await b.page.fill('#records-text', '[Event "club"]\n\n1. e2e4 {good} e7e5 2. e1e3 g8f6 *');
    await b.page.getByRole('button', { name: 'Open game' }).click();
    assert.equal(await messageText(b.page),
      'Could not open the PGN game. Move 2 for White: e1e3 is not a legal move in this position. The game in progress is unchanged.');
    assert.equal(await noteInView(b.page), await messageText(b.page), 'the panel stays open, the message beside the text');
    assert.equal(await b.page.inputValue('#game'), 'vagabond', 'the game on the board stays');
    assert.equal(await position(b.page), shown);
    assert.deepEqual(await shownMoves(b.page), moves);
    // Mended in the panel, it opens: no Variant tag is orthodox chess.
    await b.page.fill('#records-text', '[Event "club"]\n\n1. e2e4 {good} e7e5 2. g1f3 g8f6 *');
    await b.page.getByRole('button', { name: 'Open game' }).click();
    assert.equal(await b.page.inputValue('#game'), 'orthodox', 'no Variant tag: orthodox chess');
    assert.deepEqual(await shownMoves(b.page), ['e2e4', 'e7e5', 'g1f3', 'g8f6']);

    // A PGN with no usable game: the game in progress stays.
    await b.page.getByRole('button', { name: 'Import PGN' }).click();
    await b.page.fill('#records-text', '[Variant "checkers"]\n1. e2e4 *');
    await b.page.getByRole('button', { name: 'Open game' }).click();
    assert.match(await messageText(b.page), /^Could not open the PGN game: the Variant tag names an unknown game 'checkers'/);
    assert.equal(await noteInView(b.page), await messageText(b.page));
    assert.deepEqual(await shownMoves(b.page), ['e2e4', 'e7e5', 'g1f3', 'g8f6']);
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.context.close();
    await b?.context.close();
  }
});

test('the record controls fit a 320 px wide phone', async () => {
  await withBoard(env, {
    viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  }, async ({ page, errors }) => {
    await page.getByRole('button', { name: 'Export PGN' }).tap();
    assert.equal(await page.isVisible('#records-text'), true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
    await page.locator('#records-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'share-phone-pgn');
    assert.deepEqual(errors, []);
  });
});

test('a PGN text of several games: choose one to open', async () => {
  const { context, page, errors } = await openLink(env.url);
  try {
    const text = fs.readFileSync(new URL('../data/three-games.pgn', import.meta.url), 'utf8');
    await page.getByRole('button', { name: 'Import PGN' }).click();
    await page.fill('#records-text', text);
    assert.equal(await page.isVisible('#records-games'), true, 'several games: a choice');
    const options = await page.$$eval('#records-games option', (os) => os.map((o) => o.textContent));
    assert.equal(options.length, 3);
    assert.match(options[0], /^1\. Anderssen, Adolf – Dufresne, Jean, 1-0, Casual game, 1852\.\?\?\.\?\? \(Orthodox chess, 24 moves\)$/);
    assert.match(options[1], /^2\. Morphy, Paul – Duke Karl \/ Count Isouard, 1-0/);
    await page.selectOption('#records-games', '1');
    await page.getByRole('button', { name: 'Open game' }).click();
    await page.waitForFunction(() => window.fairyboard.game.line().length > 0);
    // The Opera game: 17. Rd8# ends it; long algebraic in the file, names in the list.
    const names = await page.$$eval('#moves .ply:not(.aside)', (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(names.slice(0, 4), ['e4', 'e5', 'Nf3', 'd6']);
    assert.equal(names[names.length - 1], 'Rd8#');
    assert.equal(await statusText(page), 'White wins by checkmate');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
