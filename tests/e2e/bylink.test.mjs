// Games by link (issue 43) between two players in two browser contexts (separate storage, as
// two people on two devices): a game started in New game, each move sent as a link (Copy, the
// clipboard) and opened by the other player's page, which animates it from the position it had;
// a draw offer declined, a takeback asked and accepted, a resignation, and the same PGN exported
// on both pages, in orthodox chess, Pawnier Chess (a pawn dropped from the hand) and Vagabond
// Chess. Then a forged link (an earlier move changed, an action for the page's own side), a
// damaged one and an older one, each changing nothing; several games listed in Games by link
// and kept over a reload; a claim once the due date has passed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  launchForTests, openBoard, settle, clickSquare, screenshot, messageText, shownMoves, copySingleFile, pageWithErrors,
} from './support.mjs';

const env = launchForTests();
const PLAYER = { viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] };

/** A player: a page of their own browser (context). */
async function player() {
  const board = await openBoard(env, PLAYER);
  return board;
}

/**
 * Plays the legal move `text` on `page` as a person does: a click on the piece, then on its
 * destination (a pawn dropped: the hand, then the square); a choice among several in the picker.
 */
async function clickMove(page, text) {
  const m = await page.evaluate((t) => {
    const g = window.fairyboard.game;
    const cells = g.layout().cells;
    const mv = Array.from(g.legalMoves()).find((x) => x.text === t);
    return mv && { from: mv.from == null ? null : cells[mv.from].name, to: cells[mv.to].name, side: g.sideToMove() };
  }, text);
  assert.ok(m, `${text} is a legal move here`);
  if (m.from == null) await page.click(`.hand[data-color="${m.side}"] button`);
  else await clickSquare(page, m.from);
  await clickSquare(page, m.to);
  if (await page.isVisible('#picker-options')) await page.click(`#picker-options button[data-value="${text}"]`);
  await settle(page);
  assert.equal(await page.evaluate(() => window.fairyboard.game.line().at(-1)), text, `${text} was played`);
}

/**
 * The move a player chooses here, the same every run: the `k`-th (mod their number) of the
 * legal moves that go from one square to another with no choice, or with `drop` a pawn dropped
 * from the hand; never one that ends the game.
 */
function choose(page, k, { drop = false } = {}) {
  return page.evaluate(([n, dropping]) => {
    const g = window.fairyboard.game;
    const all = Array.from(g.legalMoves());
    const pairs = new Map();
    for (const m of all) pairs.set(`${m.from}-${m.to}`, (pairs.get(`${m.from}-${m.to}`) || 0) + 1);
    const fits = all.filter((m) => (dropping ? m.from == null : m.from != null && m.from !== m.to) && pairs.get(`${m.from}-${m.to}`) === 1)
      .map((m) => m.text).sort();
    return fits[n % fits.length];
  }, [k, drop]);
}

/** New game, "Play a friend by link": `game`, the colour, the name and the days a move, by clicks. */
async function startByLink(page, { game, color = 'w', name, days = '1' }) {
  await page.click('#new-game');
  await page.selectOption('#new-game-game', game);
  await page.check('input[name=opponent][value=link]');
  await page.check(`input[name=color][value=${color}]`);
  await page.fill('#new-game-your-name', name);
  await page.selectOption('#new-game-days', days);
  await page.click('#new-game-dialog button[value=start]');
  await settle(page);
}

/** Copy: the link to send, as the clipboard has it. */
async function copyLink(page) {
  await page.click('#remote-send-copy');
  await page.waitForFunction(() => !document.getElementById('remote-send-note').hidden);
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The friend opens `link` (a click in a messenger: the address). */
async function openLink(page, link) {
  await page.goto(link);
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
  await settle(page);
}

/** Takes the invitation on the page's adopt dialog with `name`. */
async function adopt(page, name) {
  await page.waitForSelector('#adopt-dialog[open]');
  await page.fill('#adopt-name', name);
  await page.click('#adopt-dialog button[value=play]');
  await settle(page);
}

/** The record's summary of the game with a friend on the board. */
const summary = (page) => page.evaluate(() => window.fairyboard.remote() && window.fairyboard.remote().summary);

/** Export PGN in the share panel: its text. */
async function exported(page) {
  await page.click('#export-pgn');
  const text = await page.inputValue('#records-text');
  await page.click('#records-close');
  return text;
}

/** The last move animated on `page`. */
const lastAnimated = (page) => page.evaluate(() => window.fairyboard.animations().at(-1)?.text ?? null);

/**
 * A whole game by links between Ann (White) and Bob (Black) in `game`: moves sent and opened in
 * turn, a draw offer declined, a takeback accepted, a resignation; both exports the same.
 */
async function wholeGame(game, { drop = false } = {}) {
  const ann = await player();
  const bob = await player();
  const A = ann.page;
  const B = bob.page;
  try {
    await startByLink(A, { game, name: 'Ann', days: '3' });
    assert.match(await A.textContent('#remote-title'), /your friend has not joined yet/);
    const m1 = await choose(A, 3, { drop });
    await clickMove(A, m1);
    const l1 = await copyLink(A);
    assert.match(l1, /#bl=1&id=[A-Za-z0-9_-]{16}&g=/);

    // Bob opens the invitation on his own device: he takes Black, with his name.
    await openLink(B, l1);
    await adopt(B, 'Bob');
    assert.deepEqual(await shownMoves(B), [m1]);
    assert.equal((await summary(B)).black, 'Bob');
    assert.equal(await B.evaluate(() => window.fairyboard.remote().side), 'b');
    const m2 = await choose(B, 5);
    await clickMove(B, m2);
    await B.click('#remote-offer-draw');
    assert.equal((await summary(B)).draw_offer, 'b');
    const l2 = await copyLink(B);

    // Ann opens Bob's link: his move slides in from the position her page had; his offer is said.
    await openLink(A, l2);
    assert.equal(await lastAnimated(A), m2, "Bob's move is animated on Ann's board");
    // No computer help while the game goes on (as on lichess).
    for (const id of ['hint', 'analysis', 'review-game']) assert.ok(await A.isDisabled(`#${id}`), `${id} is off during the game`);
    assert.deepEqual(await shownMoves(A), [m1, m2]);
    assert.match(await messageText(A), /^Bob plays .*\. Bob offers a draw\.$/);
    assert.match(await A.textContent('#remote-offer'), /Bob offers a draw/);
    await A.click('#remote-decline-draw');
    const m3 = await choose(A, 7);
    await clickMove(A, m3);
    await A.click('#remote-takeback');
    assert.equal((await summary(A)).takeback, 'w');
    const l3 = await copyLink(A);

    // Bob: Ann declined, moved, and asks to take her move back: he accepts.
    await openLink(B, l3);
    assert.match(await messageText(B), /Ann declines the draw offer\. Ann plays .*\. Ann asks to take back a move\./);
    assert.deepEqual(await shownMoves(B), [m1, m2, m3]);
    await B.click('#remote-accept-takeback');
    assert.deepEqual(await shownMoves(B), [m1, m2], 'the takeback takes Ann\'s move back');
    const l4 = await copyLink(B);

    await openLink(A, l4);
    assert.match(await messageText(A), /Bob accepts the takeback/);
    assert.deepEqual(await shownMoves(A), [m1, m2]);
    const m3b = await choose(A, 8);
    assert.notEqual(m3b, m3);
    await clickMove(A, m3b);
    const l5 = await copyLink(A);

    await openLink(B, l5);
    assert.equal(await lastAnimated(B), m3b);
    const m4 = await choose(B, 2);
    await clickMove(B, m4);
    const l6 = await copyLink(B);
    await openLink(A, l6);
    const m5 = await choose(A, 4);
    await clickMove(A, m5);
    const l7 = await copyLink(A);

    // Bob resigns: his page ends the game, and so does Ann's once she opens his last link.
    await openLink(B, l7);
    await B.click('#remote-resign');
    await B.click('#picker-options button[data-value=yes]');
    await settle(B);
    assert.equal((await summary(B)).result, '1-0');
    const l8 = await copyLink(B);
    await openLink(A, l8);
    const s = await summary(A);
    assert.equal(s.result, '1-0');
    assert.match(s.outcome, /resign/);
    assert.match(await A.textContent('#status'), /resign/);
    await A.waitForSelector('#game-over[open]');
    assert.equal(await A.textContent('#game-over-title'), 'You win');
    await screenshot(A, `bylink-${game}-ann-end`);
    for (const id of ['analysis', 'review-game']) assert.ok(await A.isEnabled(`#${id}`), `${id} is there once the game is over`);

    // The same record on both pages, and the same PGN exported.
    assert.equal(await A.evaluate(() => window.fairyboard.remote().fragment), await B.evaluate(() => window.fairyboard.remote().fragment));
    const pgnA = await exported(A);
    const pgnB = await exported(B);
    assert.equal(pgnA, pgnB, 'both pages export the same PGN');
    for (const tag of ['[Event "Game by link"]', '[Site "fairyboard, played by links"]', '[White "Ann"]', '[Black "Bob"]', '[Result "1-0"]', '[Termination "Normal"]']) {
      assert.ok(pgnA.includes(tag), `${tag} in\n${pgnA}`);
    }
    assert.match(pgnA, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
    assert.deepEqual(await shownMoves(A), [m1, m2, m3b, m4, m5]);
    assert.deepEqual(ann.errors, []);
    assert.deepEqual(bob.errors, []);
  } finally {
    await ann.context.close();
    await bob.context.close();
  }
}

test('a whole game of orthodox chess by links: offers, a takeback, a resignation, the same export on both pages', async () => {
  await wholeGame('orthodox');
});

test('a whole game of Pawnier Chess by links, opened with a pawn dropped from the hand', async () => {
  await wholeGame('pawnier', { drop: true });
});

test('a whole game of Vagabond Chess by links', async () => {
  await wholeGame('vagabond');
});

test('a forged, a damaged and an older link change nothing: each is refused or said, and the game is kept', async () => {
  const ann = await player();
  const bob = await player();
  const eve = await player(); // a third browser that writes links for Ann's game
  const A = ann.page;
  try {
    await startByLink(A, { game: 'orthodox', name: 'Ann' });
    await clickMove(A, 'e2e4');
    const l1 = await copyLink(A);
    await openLink(bob.page, l1);
    await adopt(bob.page, 'Bob');
    await clickMove(bob.page, 'e7e5');
    const l2 = await copyLink(bob.page);
    await openLink(A, l2);
    await clickMove(A, 'g1f3');
    const l3 = await copyLink(A);
    const kept = await A.evaluate(() => window.fairyboard.remote().fragment);

    // Eve opens Ann's first link as Bob and answers 1... d5: a link of the same game whose
    // earlier move differs from the one Ann's page holds.
    await openLink(eve.page, l1);
    await adopt(eve.page, 'Bob');
    await clickMove(eve.page, 'd7d5');
    const forged = await copyLink(eve.page);
    await openLink(A, forged);
    assert.equal(await messageText(A), "Refused: the link changes an earlier move: Black's move 1 is e5 in this game but d5 in the link. Your game is kept as it was.");
    assert.equal(await A.getAttribute('#message', 'data-kind'), 'error');
    assert.equal(await A.evaluate(() => window.fairyboard.remote().fragment), kept, "Ann's game is kept");
    assert.deepEqual(await shownMoves(A), ['e2e4', 'e7e5', 'g1f3']);

    // Eve takes Ann's latest link as White (as if it were her own device) and resigns for her.
    await eve.context.clearCookies();
    await eve.page.evaluate(() => localStorage.clear());
    await openLink(eve.page, l3);
    await eve.page.waitForSelector('#adopt-dialog[open]');
    await eve.page.check('#adopt-dialog input[name=side][value=w]');
    await eve.page.click('#adopt-dialog button[value=play]');
    await settle(eve.page);
    await eve.page.click('#remote-resign');
    await eve.page.click('#picker-options button[data-value=yes]');
    const forAnn = await copyLink(eve.page);
    await openLink(A, forAnn);
    assert.match(await messageText(A), /^Refused: the link holds an action for White, the side this page plays: White resigns\./);
    assert.equal(await A.evaluate(() => window.fairyboard.remote().fragment), kept);

    // A character changed on the way: the check finds it.
    const damaged = l3.replace(/&e=(.)/, (m, c) => `&e=${c === 'A' ? 'B' : 'A'}`);
    await openLink(A, damaged);
    assert.match(await messageText(A), /^This game link cannot be opened: the link is damaged/);
    assert.equal(await A.evaluate(() => window.fairyboard.remote().fragment), kept);

    // An older link opened again changes nothing, and says so as information.
    await openLink(A, l2);
    assert.equal(await messageText(A), 'This link is older than your game with Bob: it changes nothing.');
    assert.equal(await A.getAttribute('#message', 'data-kind'), 'info');
    assert.deepEqual(await shownMoves(A), ['e2e4', 'e7e5', 'g1f3']);
    assert.deepEqual(ann.errors, []);
  } finally {
    await ann.context.close();
    await bob.context.close();
    await eve.context.close();
  }
});

test('Games by link lists several games, whose turn and the last move, kept over a reload; a press shows one', async () => {
  const ann = await player();
  const bob = await player();
  const A = ann.page;
  try {
    await startByLink(A, { game: 'orthodox', name: 'Ann' });
    await clickMove(A, 'd2d4');
    const l1 = await copyLink(A);
    await startByLink(A, { game: 'quarter', name: 'Ann', color: 'b' });
    const invite = await copyLink(A);
    assert.doesNotMatch(invite, /&e=/, 'an invitation holds no event yet');
    await openLink(bob.page, l1);
    await adopt(bob.page, 'Bob');
    await clickMove(bob.page, 'g8f6');
    const l2 = await copyLink(bob.page);
    await openLink(A, l2);

    await A.reload();
    await A.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await A.click('#games-by-link > summary');
    const items = await A.$$eval('#link-list .link-game', (els) => els.map((e) => e.textContent));
    assert.equal(items.length, 2, items.join(' | '));
    assert.match(items[0], /^Bob, Orthodox chess.*your move · last move Nf6/);
    assert.match(items[1], /your friend \(not joined yet\), Quarter Chess.*their move · no move yet/);
    assert.match(await A.textContent('#games-by-link-summary'), /Games by link \(2, 1 your move\)/);
    assert.deepEqual(await shownMoves(A), ['d2d4', 'g8f6'], 'the reload shows the game by link again');
    assert.equal((await summary(A)).black, 'Bob');
    await screenshot(A, 'bylink-list');

    // The Quarter game from the list: its invitation is there to send again.
    await A.click('#link-list .link-game >> nth=1');
    await settle(A);
    assert.equal(await A.evaluate(() => window.fairyboard.game.gameId()), 'quarter');
    assert.equal(await A.inputValue('#remote-send-text'), invite);
    assert.deepEqual(ann.errors, []);
  } finally {
    await ann.context.close();
    await bob.context.close();
  }
});

test('once the due date has passed, the player waiting may claim the win; the friend\'s page ends the game too', async () => {
  const ann = await player();
  const bob = await player();
  const A = ann.page;
  try {
    await A.clock.install();
    await A.reload(); // the page's own timers on the installed clock too (the panel looks each minute)
    await A.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await startByLink(A, { game: 'orthodox', name: 'Ann', days: '1' });
    await clickMove(A, 'e2e4');
    await openLink(bob.page, await copyLink(A));
    await adopt(bob.page, 'Bob');
    await clickMove(bob.page, 'c7c5');
    await openLink(A, await copyLink(bob.page));
    await clickMove(A, 'g1f3');
    const l3 = await copyLink(A);
    assert.ok(await A.isHidden('#remote-claim'), 'no claim before the due date');
    assert.match(await A.textContent('#remote-state'), /Bob to move, due /);
    // A day and a minute later, Bob has not moved.
    await A.clock.fastForward(24 * 3600 * 1000 + 61000);
    await A.clock.runFor(61000); // the panel's next look, with the due date passed
    await A.waitForSelector('#remote-claim:not([hidden])', { timeout: 5000 });
    await A.click('#remote-claim');
    const s = await summary(A);
    assert.equal(s.result, '1-0');
    assert.match(s.outcome, /time/);
    await openLink(bob.page, l3);
    await openLink(bob.page, await copyLink(A));
    assert.equal((await summary(bob.page)).result, '1-0');
    assert.equal(await exported(A), await exported(bob.page));
    assert.ok((await exported(A)).includes('[Termination "Time forfeit"]'));
  } finally {
    await ann.context.close();
    await bob.context.close();
  }
});

test('a game by link from the single file, offline: the link made on one copy opens on another, all in its fragment', async () => {
  const copies = [copySingleFile('fairyboard.html'), copySingleFile('board of Bob.html')];
  const contexts = await Promise.all(copies.map(() => env.browser.newContext({ ...PLAYER, offline: true })));
  try {
    const [ann, bob] = await Promise.all(contexts.map((c) => pageWithErrors(c, { consoleErrors: true })));
    const A = ann.page;
    const B = bob.page;
    const ready = (page) => page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    const urls = copies.map(({ file }) => pathToFileURL(file).href);
    await A.goto(urls[0]);
    await ready(A);
    await startByLink(A, { game: 'bandit', name: 'Ann' });
    const m1 = await choose(A, 2);
    await clickMove(A, m1);
    // From a file the link names that file; the friend opens it in their own copy.
    assert.match(await A.textContent('#remote-send-label'), /opened from a file: your friend pastes the link into Games by link/);
    const link = await copyLink(A);
    assert.ok(link.startsWith(`${urls[0]}#bl=1&id=`), link);
    await B.goto(urls[1]);
    await ready(B);
    await B.click('#games-by-link > summary');
    await B.fill('#link-open-text', link);
    await B.click('#link-open-button');
    await adopt(B, 'Bob');
    assert.deepEqual(await shownMoves(B), [m1]);
    const m2 = await choose(B, 4);
    await clickMove(B, m2);
    // Bob's link, as the address of Ann's own copy with the fragment: her page continues the game.
    const back = (await copyLink(B)).replace(/^[^#]*/, urls[0]);
    await A.goto(back);
    await ready(A);
    await settle(A);
    assert.deepEqual(await shownMoves(A), [m1, m2]);
    assert.match(await messageText(A), /^Bob plays /);
    assert.deepEqual([...ann.errors, ...bob.errors], []);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    for (const { dir } of copies) fs.rmSync(dir, { recursive: true, force: true });
  }
});
