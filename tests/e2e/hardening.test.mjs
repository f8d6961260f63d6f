// What the browser keeps, hardened (issue 41): the page starts whatever is in storage, an
// entry that cannot be read is set aside with a message and the rest load, and a failure while
// the page starts is said instead of "Loading…" for ever. Storage is set as a person (or an
// older page) would leave it, and the page reloaded.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  launchForTests, withBoard, settle, playMove, messageText, statusText, DESKTOP, screenshot, pageWithErrors, shownMoves,
} from './support.mjs';
import { seededRandom as random } from '../../scripts/random.mjs'; // the same seed, the same states

const env = launchForTests();

/** Reloads `page` at its bare address (no share link to win over storage) and waits until it is ready. */
async function reload(page) {
  await page.evaluate(() => history.replaceState(null, '', location.pathname));
  await page.reload();
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 15000 });
  await settle(page);
}

/** Sets the entries of `items` ({ key: text }) in the page's storage (null: removes the key). */
const setStored = (page, items) => page.evaluate((all) => {
  for (const [k, v] of Object.entries(all)) {
    if (v == null) localStorage.removeItem(k);
    else localStorage.setItem(k, v);
  }
}, items);
const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

/** Plays the fool's mate between two people at this board: a finished game, among the past games. */
async function foolsMate(page) {
  await page.evaluate(() => window.fairyboard.startChosen('orthodox', { opponent: 'human' }));
  await settle(page);
  for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) await playMove(page, m);
  await page.waitForSelector('#game-over[open]');
  await page.click('#game-over button[value=close]');
}

const pastItems = async (page) => {
  if (!(await page.$eval('#past-games', (d) => d.open))) await page.click('#past-games summary');
  return page.$$eval('#past-list .past-game .past-meta', (els) => els.map((e) => e.textContent));
};

test('a past game that cannot be read is set aside with a message; the page starts and the others are listed', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await foolsMate(page);
    const good = JSON.parse(await stored(page, 'fairyboard.past'));
    assert.equal(good.length, 1);
    // The issue's entry: no `when`; and more that an older page or a hand could leave.
    const bad = [
      { key: 'k', record: 'x', game: 'orthodox', result: '1-0' },
      { key: 'k2', record: 'x', game: 'orthodox', result: '1-0', when: 'yesterday' },
      { key: 'k3', record: 'x', game: 'orthodox', result: '1-0', when: 1e20 },
    ];
    await setStored(page, { 'fairyboard.past': JSON.stringify([bad[0], ...good, bad[1], bad[2]]) });
    await reload(page);
    assert.equal(await statusText(page), 'Black wins by checkmate', 'the page started, with the game played');
    const message = await messageText(page);
    assert.match(message, /3 past games could not be read \(no time it was finished: null; no time it was finished: "yesterday"; no time it was finished: 10000000000000000000\); they are kept as fairyboard\.unreadable\.past, fairyboard\.unreadable\.past\.2, fairyboard\.unreadable\.past\.3/);
    await screenshot(page, 'hardening-past-set-aside');
    assert.deepEqual(JSON.parse(await stored(page, 'fairyboard.unreadable.past')), bad[0]);
    assert.deepEqual(JSON.parse(await stored(page, 'fairyboard.unreadable.past.3')), bad[2]);
    const items = await pastItems(page);
    assert.equal(items.length, 1, 'the readable past game is listed');
    assert.match(items[0], /^0-1 · \d{4}\.\d\d\.\d\d$/);
    assert.deepEqual(JSON.parse(await stored(page, 'fairyboard.past')), good, 'the list keeps the readable ones');
    // Said once: the next reload has nothing to say.
    await reload(page);
    assert.equal(await messageText(page), '');
    // A list that is no list at all is set aside whole.
    await setStored(page, { 'fairyboard.past': '{"a": 1}' });
    await reload(page);
    assert.match(await messageText(page), /The list of past games could not be read \(it is not a list\); it is kept as fairyboard\.unreadable\.past\.4/);
    assert.deepEqual(await pastItems(page), []);
    assert.deepEqual(errors, []);
  });
});

test('a failure while the page starts is said in the status line, not "Loading…" for ever', async () => {
  const context = await env.browser.newContext(DESKTOP);
  try {
    // A page that embeds the board with a broken setting of its own: reading it throws.
    await context.addInitScript(() => {
      window.fairyboardConfig = { get animationMs() { throw new Error('this page\'s setting is broken'); } };
    });
    const { page } = await pageWithErrors(context);
    await page.goto(env.url);
    await page.waitForFunction(() => document.getElementById('status').dataset.kind === 'error', null, { timeout: 15000 });
    assert.match(await statusText(page), /^The page could not start: this page's setting is broken\. Reload to try again; the games kept in this browser are left as they are\.$/);
  } finally {
    await context.close();
  }
});

test('a theme kept as constructor, __proto__ or toString is set aside: the board keeps its own colours', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    for (const [i, name] of ['constructor', '__proto__', 'toString'].entries()) {
      await setStored(page, { 'fairyboard.theme': name });
      await reload(page);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme ?? null), null, `${name}: the Automatic theme`);
      assert.equal(await page.$eval('#theme', (el) => el.value), 'auto');
      const aside = `fairyboard.unreadable.theme${i ? `.${i + 1}` : ''}`;
      assert.equal(await messageText(page), `The board's theme could not be read ('${name}' is not a theme); it is kept as ${aside} in this browser's storage, and the Automatic theme is used.`);
      assert.equal(await stored(page, aside), name);
      assert.equal(await stored(page, 'fairyboard.theme'), null);
    }
    // A theme of its own still loads.
    await setStored(page, { 'fairyboard.theme': 'green' });
    await reload(page);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'green');
    assert.equal(await messageText(page), '');
    // Coordinates and sounds are on or off, nothing else.
    await setStored(page, { 'fairyboard.coordinates': 'valueOf', 'fairyboard.mute': 'yes' });
    await reload(page);
    assert.match(await messageText(page), /The coordinates setting could not be read \('valueOf' is neither on nor off\).*The sounds setting could not be read \('yes' is neither on nor off\)/);
    // An embedded board's theme by name: the same own names only.
    await page.goto(`${env.url}embed.html?game=orthodox&theme=constructor`);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.match(await page.textContent('#embed-problems'), /Unknown theme "constructor" \(use auto, brown, green, blue, contrast\)/);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme ?? null), null);
    assert.deepEqual(errors, []);
  });
});

test('kept clocks that no clock could show (Infinity, -5) are set aside at reload; the game goes on, not lost on time', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await page.evaluate(() => window.fairyboard.startChosen('orthodox', { opponent: 'human', clock: '5+3' }));
    await settle(page);
    for (const m of ['e2e4', 'e7e5', 'g1f3']) await playMove(page, m);
    await settle(page);
    const kept = JSON.parse(await stored(page, 'fairyboard.clock.orthodox'));
    assert.equal(kept.plies, 3);
    await setStored(page, { 'fairyboard.clock.orthodox': JSON.stringify({ ...kept, w: 'Infinity', b: -5 }) });
    await reload(page);
    assert.equal(await statusText(page), 'Black to move', 'not lost on time');
    assert.match(await messageText(page), /^The clocks of this game could not be read \(White's time "Infinity" is not a time of this clock\); it is kept as fairyboard\.unreadable\.clock\.orthodox in this browser's storage, and they start again from the full time\.$/);
    const clocks = await page.evaluate(() => [...document.querySelectorAll('#clock-w .clock-time, #clock-b .clock-time')].map((e) => e.textContent));
    assert.ok(clocks.every((t) => /^[45]:\d\d$/.test(t)), `full times: ${clocks}`);
    // Black's clock runs and the game goes on.
    await playMove(page, 'b8c6');
    await page.waitForTimeout(400);
    assert.equal(await statusText(page), 'White to move');
    // Black's time at 0 in a game that goes on: set aside too, not lost on time.
    const now = JSON.parse(await stored(page, 'fairyboard.clock.orthodox'));
    await setStored(page, { 'fairyboard.clock.orthodox': JSON.stringify({ ...now, w: -5 }) });
    await reload(page);
    assert.match(await messageText(page), /White's time -5 is not a time of this clock\); it is kept as fairyboard\.unreadable\.clock\.orthodox\.2/);
    await setStored(page, { 'fairyboard.clock.orthodox': JSON.stringify({ ...now, w: 0 }) });
    await reload(page);
    assert.match(await messageText(page), /White's time is up in a game that goes on\); it is kept as fairyboard\.unreadable\.clock\.orthodox\.3/);
    await page.waitForTimeout(400);
    assert.equal(await statusText(page), 'White to move');
    // Times a clock can show still load: the game goes on at them.
    await setStored(page, { 'fairyboard.clock.orthodox': JSON.stringify({ ...now, w: 61000, b: 62000 }) });
    await reload(page);
    assert.equal(await messageText(page), '');
    assert.match(await page.textContent('#clock-b .clock-time'), /^1:02$/);
    assert.deepEqual(errors, []);
  });
});

test('a second unreadable record does not replace the first: each is kept under a key of its own', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    const bad = (n) => JSON.stringify({ v: 1, game: 'orthodox', start: 'nonsense', moves: [], ply: 0, n });
    await setStored(page, { 'fairyboard.game.orthodox': bad(1) });
    await reload(page);
    assert.match(await messageText(page), /saved game could not be read .*it is kept as fairyboard\.unreadable\.orthodox in this browser's storage/);
    await setStored(page, { 'fairyboard.game.orthodox': bad(2) });
    await reload(page);
    assert.match(await messageText(page), /saved game could not be read .*it is kept as fairyboard\.unreadable\.orthodox\.2 in this browser's storage/);
    assert.equal(await stored(page, 'fairyboard.unreadable.orthodox'), bad(1), 'the first is still kept');
    assert.equal(await stored(page, 'fairyboard.unreadable.orthodox.2'), bad(2));
    // An unreadable kept game: a third key, the two before untouched.
    await playMove(page, 'e2e4');
    await setStored(page, { 'fairyboard.kept.orthodox': JSON.stringify([bad(3)]) });
    await reload(page);
    await page.click('#kept-game');
    await settle(page);
    assert.match(await messageText(page), /kept game could not be read .*it is kept as fairyboard\.unreadable\.orthodox\.3 in this browser's storage/);
    assert.deepEqual(await Promise.all([1, 2, 3].map((n) => stored(page, `fairyboard.unreadable.orthodox${n > 1 ? `.${n}` : ''}`))), [bad(1), bad(2), bad(3)]);
    assert.deepEqual(errors.filter((e) => !/could not be read/.test(e)), []);
  });
});

/**
 * Fills the page's storage until it takes not one more character, as a browser's quota does:
 * filler items halving in size. Returns how many were written (removeFiller() takes them out).
 */
const fillStorage = (page) => page.evaluate(() => {
  let n = 0;
  for (let size = 1 << 21; size >= 1;) {
    try { localStorage.setItem(`filler.${n}`, 'x'.repeat(size)); n += 1; } catch { size = Math.floor(size / 2); }
  }
  return n;
});
const removeFiller = (page) => page.evaluate(() => {
  for (const k of Object.keys(localStorage)) if (k.startsWith('filler.')) localStorage.removeItem(k);
});
const pickerTitle = (page) => page.textContent('#picker-title');
const pgnDownload = async (page, click) => {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: fs.readFileSync(await download.path(), 'utf8') };
};

test('storage full: a link over a game that cannot be kept asks first, and offers its PGN as a file', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    for (const m of ['e2e4', 'e7e5', 'g1f3']) await playMove(page, m);
    await settle(page);
    assert.ok(await fillStorage(page) > 0);
    // A link opened over it: nothing replaced before the person says so.
    await page.evaluate(() => { location.hash = 'g=orthodox&m=d2d4.d7d5'; });
    await page.waitForSelector('#picker:not([hidden])');
    assert.equal(await pickerTitle(page), "Your game of Orthodox chess could not be kept (this browser's storage for the page is full). Save it as a PGN file before it is replaced?");
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'g1f3'], 'the game is still on the board');
    await screenshot(page, 'hardening-storage-full-link');
    // Keep my game: it stays, and the address is its link again.
    await page.click('#picker-options button[data-value=stay]');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'g1f3']);
    assert.match(await page.evaluate(() => location.hash), /e2e4\.e7e5\.g1f3/);
    // Again, saving the PGN first: the file holds the game, then the link's game is shown.
    await page.evaluate(() => { location.hash = 'g=orthodox&m=d2d4.d7d5'; });
    await page.waitForSelector('#picker:not([hidden])');
    const pgn = await pgnDownload(page, () => page.click('#picker-options button[data-value=save]'));
    assert.match(pgn.name, /^fairyboard-orthodox-\d{4}-\d\d-\d\d\.pgn$/);
    assert.match(pgn.text, /\n1\. e4 e5 2\. Nf3 \*\n$/);
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['d2d4', 'd7d5']);
    assert.match(await messageText(page), new RegExp(`The game is on the board\\. Your earlier game was saved as ${pgn.name.replaceAll('.', '\\.')}\\.`));
    // A PGN game pasted over it, going on without it: the pasted game is shown.
    await playMove(page, 'c2c4');
    await page.click('#import-pgn');
    await page.fill('#records-text', '1. b3 b6');
    await page.click('#records-open');
    await page.waitForSelector('#picker:not([hidden])');
    assert.match(await pickerTitle(page), /^Your game of Orthodox chess could not be kept/);
    await page.click('#picker-options button[data-value=drop]');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['b2b3', 'b7b6']);
    await removeFiller(page);
    assert.deepEqual(errors, []);
  });
});

test('storage full: a finished game is said once, and New game asks before it replaces it', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await page.evaluate(() => window.fairyboard.startChosen('orthodox', { opponent: 'human' }));
    await settle(page);
    for (const m of ['f2f3', 'e7e5', 'g2g4']) await playMove(page, m);
    await settle(page);
    await fillStorage(page);
    await playMove(page, 'd8h4');
    await page.waitForSelector('#game-over[open]');
    await page.click('#game-over button[value=close]');
    assert.match(await messageText(page), /could not be (saved in this browser|kept among the past games) \(this browser's storage for the page is full\): Export PGN saves it as a file\./);
    // New game: asked first, the finished game's PGN offered.
    await page.click('#new-game');
    await page.click('#new-game-dialog button[value=start]');
    await page.waitForSelector('#picker:not([hidden])');
    assert.equal(await pickerTitle(page), "Your finished game of Orthodox chess could not be kept among the past games (this browser's storage for the page is full). Save it as a PGN file before it is replaced?");
    assert.equal(await statusText(page), 'Black wins by checkmate', 'still on the board');
    const pgn = await pgnDownload(page, () => page.click('#picker-options button[data-value=save]'));
    assert.match(pgn.text, /\[Result "0-1"\]/);
    assert.match(pgn.text, /\n1\. f3 e5 2\. g4 Qh4# 0-1\n$/);
    await settle(page);
    assert.equal(await statusText(page), 'White to move', 'the new game');
    assert.deepEqual(await shownMoves(page), []);
    assert.match(await messageText(page), /Your earlier game was saved as fairyboard-orthodox-/);
    await removeFiller(page);
    assert.deepEqual(errors, []);
  });
});

test('storage full: "Switch to kept game" leaves the game on the board when it cannot be kept in its place', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playMove(page, 'e2e4');
    await page.evaluate(() => { location.hash = 'g=orthodox&m=d2d4'; });
    await page.waitForFunction(() => window.fairyboard.game.line().length === 1 && window.fairyboard.game.line()[0] === 'd2d4');
    await settle(page);
    for (const m of ['d7d5', 'c2c4', 'e7e6']) await playMove(page, m);
    await settle(page);
    await fillStorage(page);
    await page.click('#kept-game');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['d2d4', 'd7d5', 'c2c4', 'e7e6'], 'the game on the board stays');
    assert.match(await messageText(page), /^The game on the board could not be kept to switch back to \(this browser's storage for the page is full\), so it stays/);
    await removeFiller(page);
    await page.click('#kept-game');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['e2e4'], 'with room, the switch is made');
    await page.click('#kept-game');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['d2d4', 'd7d5', 'c2c4', 'e7e6'], 'and back');
    assert.deepEqual(errors, []);
  });
});

test('a game whose link is over 2 MB is not lost on reload: the address is bare and says why; an older address does not open over it', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playMove(page, 'e2e4');
    await settle(page);
    assert.equal(await page.evaluate(() => location.hash), '#g=orthodox&m=e2e4');
    // A comment of 2.2 million characters: the game's link is over 2 MB.
    const long = `${'Long notes on the move. '.repeat(92000)}The end.`;
    await page.click('#comment-move');
    await page.fill('#comment-text', long);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.match(await messageText(page), /^Comment saved\. This game is too large for a link \(2\.\d MB; browsers keep addresses up to 2 MB\), so the address no longer follows it; it is kept in this browser, and Export PGN saves or shares it\.$/);
    assert.equal(await page.evaluate(() => location.hash), '', 'the bare address, not a link the browser would not keep');
    // Copy link says so too, and copies nothing.
    await page.click('#copy-link');
    assert.match(await page.textContent('#message'), /^This game is too large for a link/);
    // A reload (the address as the browser kept it): the game with its comment.
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 30000 });
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['e2e4']);
    assert.equal(await page.evaluate(() => window.fairyboard.game.comment(window.fairyboard.game.tree().line[1]).length), long.length);
    assert.match(await messageText(page), /^This game is too large for a link/, 'said again after the reload');
    // The comment emptied: the link fits, and the address follows the game again.
    await page.click('#comment-move');
    await page.fill('#comment-text', '');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.equal(await page.evaluate(() => location.hash), '#g=orthodox&m=e2e4');
    // An address the page did not write last (what a browser that does not take a link
    // keeps) does not open over the game at a reload.
    await playMove(page, 'e7e5');
    await settle(page);
    await page.evaluate(() => history.replaceState(null, '', '#g=orthodox'));
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5'], 'the game kept, not the older address');
    assert.equal(await page.evaluate(() => location.hash), '#g=orthodox&m=e2e4.e7e5');
    // A link typed into the address still opens, and so does one in a fresh tab.
    await page.evaluate(() => { location.hash = 'g=orthodox&m=d2d4'; });
    await page.waitForFunction(() => window.fairyboard.game.line()[0] === 'd2d4');
    const other = await page.context().newPage();
    await other.goto(`${env.url}#g=orthodox&m=c2c4`);
    await other.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.deepEqual(await other.evaluate(() => Array.from(window.fairyboard.game.line())), ['c2c4']);
    await other.close();
    assert.deepEqual(errors, []);
  });
});

// ---- storage states fuzzed: whatever is kept, the page starts ----

const GAMES = ['orthodox', 'vagabond', 'bandit', 'quarter', 'pawnier', 'riftwalker'];
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** Values of any JSON type, the odd names and numbers people and old pages leave. */
const ODD = [
  null, true, false, 0, -5, 1, 3, 9, 1e20, -1e20, 0.5, 'Infinity', 'NaN', '', 'x', 'on', 'off',
  'constructor', '__proto__', 'toString', 'hasOwnProperty', 'orthodox', 'e2e4', '1-0', '*', '5+3', '999999999+0',
  [], [null], ['e2e4'], [1, 2], {}, { __proto__: null }, { a: 1 }, START,
];
const RAW = ['', '{', '[', 'null', 'true', '0', '-5', '1e400', 'NaN', '"text"', '{}', '[]', '[{}]', '[null]', '{"__proto__":{"x":1}}', 'undefined'];

function fuzzState(rnd) {
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const odd = () => pick(ODD);
  const maybe = (value) => (rnd() < 0.6 ? value : odd());
  const game = pick(GAMES);
  const moves = maybe(pick([[], ['e2e4'], ['e2e4', 'e7e5'], ['e2e5']]));
  const record = () => ({
    v: maybe(1), game: maybe(game), start: maybe(START), moves, ply: maybe(Array.isArray(moves) ? moves.length : 0),
    end: rnd() < 0.3 ? { how: pick(['resign', 'agree', 'flag', 'x']), color: odd() } : null,
    tree: rnd() < 0.5 ? maybe(pick(['g=orthodox&m=e2e4', 'g=orthodox&m=zz', 'g=nothing', ''])) : undefined,
    playing: maybe({ opponent: maybe('computer'), level: maybe(3), side: maybe('w'), clock: maybe('5+3') }),
    result: maybe(pick([null, '1-0'])), key: rnd() < 0.3 ? maybe('k') : null, white: odd(), black: odd(), date: odd(),
  });
  const text = (value) => (rnd() < 0.15 ? pick(RAW) : JSON.stringify(value));
  const plain = (value) => (typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined');
  const past = () => ({
    key: maybe(`k${Math.floor(rnd() * 3)}`), record: maybe(JSON.stringify(record())), game: maybe(game), result: maybe('1-0'),
    when: maybe(1760000000000), white: maybe('A'), black: maybe(null), date: maybe('2026.11.28'), playing: maybe(null),
  });
  const clock = () => ({
    control: maybe({ base: maybe(300000), increment: maybe(3000) }), w: odd(), b: maybe(250000), plies: maybe(Array.isArray(moves) ? moves.length : 0),
  });
  const choice = () => ({ opponent: maybe(pick(['computer', 'human', 'analysis'])), color: maybe('w'), level: maybe(3), side: maybe('b'), clock: maybe('5+3') });
  const entries = {
    'fairyboard.current': rnd() < 0.7 ? game : plain(odd()),
    [`fairyboard.game.${game}`]: text(record()),
    [`fairyboard.kept.${game}`]: text([JSON.stringify(record()), text(record())]),
    [`fairyboard.opened.${game}`]: text(record()),
    'fairyboard.past': text([past(), past(), past()]),
    [`fairyboard.clock.${game}`]: text(clock()),
    [`fairyboard.opponent.${game}`]: text(choice()),
    [`fairyboard.playing.${game}`]: text(choice()),
    'fairyboard.theme': plain(maybe(pick(['brown', 'blue', 'contrast', 'auto']))),
    'fairyboard.coordinates': plain(maybe('off')),
    'fairyboard.mute': plain(maybe('on')),
    'fairyboard.speed': plain(maybe('off')),
    'fairyboard.notation': plain(maybe('coordinates')),
    'fairyboard.analysisLines': plain(odd()),
    'fairyboard.image': text({ format: maybe('svg'), size: maybe(400) }),
    'fairyboard.welcomed': plain(odd()),
  };
  // Each entry there or not.
  return Object.fromEntries(Object.entries(entries).filter(() => rnd() < 0.7));
}

test('the page starts whatever this browser keeps (40 storage states, fuzzed); the panels that read storage open', async () => {
  const seed = Number(process.env.FUZZ_SEED || 41);
  const rnd = random(seed);
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    for (let i = 0; i < 40; i += 1) {
      const state = fuzzState(rnd);
      const what = `state ${i} of seed ${seed}: ${JSON.stringify(state)}`;
      await page.evaluate(() => localStorage.clear());
      await setStored(page, state);
      try {
        await reload(page);
      } catch (e) {
        throw new Error(`the page did not start (status: ${await statusText(page).catch(() => '?')}) with ${what}`);
      }
      assert.match(await statusText(page), /to move|wins|draw/i, what);
      // The panels that read what is kept: past games, settings, the kept game.
      await pastItems(page);
      await page.click('#settings-panel summary');
      if (await page.isVisible('#kept-game')) await page.click('#kept-game');
      await page.click('#settings-panel summary');
      await playMove(page, 'a2a3'); // a move (when the game has one there): the game is saved again
      await settle(page);
      assert.deepEqual(errors.filter((e) => !/could not be read/.test(e)), [], what);
    }
  });
});
