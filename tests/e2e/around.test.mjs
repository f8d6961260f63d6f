// The game around the board, in headless Chromium with real input: the move list (click a
// move to see its position), the keys (← → Home End f, Shift+arrows on the board), the piece
// legend and its marks for every game, the rules panel's title, the game kept across reloads per
// game, a corrupt saved game set aside, and the live region that says each move in words.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openBoard, withBoard, position, statusText, messageText, shownMoves, shownNames, playMove, clickSquare,
  settle, pixel, sameColour, screenshot, chooseSetting,
} from './support.mjs';
import { chooseGame } from './steps.mjs';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const ply = (page) => page.evaluate(() => window.fairyboard.game.ply());
const speech = async (page) => (await page.textContent('#speech')).trim();
const start = (page, id, fen) => page.evaluate(([g, f]) => window.fairyboard.start(g, f), [id, fen]);
const games = (page) => page.evaluate(() => window.fairyboard.around.games());
/** The move list as [text, later?, current?] per move. */
const listed = (page) => page.$$eval('#moves button.ply', (bs) => bs.map((b) => [
  b.textContent.trim(), b.classList.contains('later'), b.getAttribute('aria-current') === 'true',
]));

test('the move list: numbered pairs, a click shows that position, later moves stay', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playMove(page, 'e2e4');
    await playMove(page, 'e7e5');
    await playMove(page, 'g1f3');
    await settle(page);
    assert.deepEqual(await listed(page), [['e4', false, false], ['e5', false, false], ['Nf3', false, true]]);
    assert.equal(await page.$$eval('#moves li', (l) => l.length), 2, 'two numbered moves');
    const f3 = await pixel(page, 'f3');

    await page.click('#moves button[data-ply="1"]');
    await settle(page);
    assert.equal(await position(page), AFTER_E4);
    assert.deepEqual(await listed(page), [['e4', false, true], ['e5', true, false], ['Nf3', true, false]]);
    assert.deepEqual(await shownMoves(page), ['e2e4']);
    assert.ok(!sameColour(await pixel(page, 'f3'), f3), 'the knight is gone from f3 on the board');
    assert.equal(await statusText(page), 'Black to move');
    await screenshot(page, 'around-move-list');

    await page.click('#moves button[data-ply="3"]');
    await settle(page);
    assert.equal(await position(page), AFTER_NF3);
    assert.ok(sameColour(await pixel(page, 'f3'), f3), 'the knight is back on f3');

    // A Black-to-move start: the first pair starts with a gap, numbers follow the text.
    assert.equal(await start(page, 'orthodox', '4k3/8/8/8/8/8/4p3/4K3 b - - 0 7'), true);
    await playMove(page, 'e8d7');
    await playMove(page, 'e1d2');
    assert.deepEqual(await page.$$eval('#moves li', (l) => l.map((x) => x.value)), [7, 8]);
    assert.deepEqual(await page.$$eval('#moves li', (l) => l.map((x) => x.textContent.replace(/\s+/g, ' ').trim())),
      ['…Kd7', 'Kd2']);

    // The notation setting: coordinates instead of names, remembered over a reload.
    await chooseSetting(page, '#notation', 'coordinates');
    assert.deepEqual(await page.$$eval('#moves li', (l) => l.map((x) => x.textContent.replace(/\s+/g, ' ').trim())),
      ['…e8d7', 'e1d2']);
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready);
    assert.equal(await page.inputValue('#notation'), 'coordinates');
    assert.deepEqual(await shownNames(page), ['e8d7', 'e1d2']);
    await chooseSetting(page, '#notation', 'names');
    assert.deepEqual(await shownNames(page), ['Kd7', 'Kd2']);
    assert.deepEqual(errors, []);
  });
});

test('keys: ← → step, Home and End, f flips; on the board Shift+arrows step, arrows move the cursor', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playMove(page, 'e2e4');
    await playMove(page, 'e7e5');
    await playMove(page, 'g1f3');
    await page.click('#status'); // focus on nothing in particular
    // Each key in turn, and the position it leaves (or the ply, where it moves nothing:
    // nothing before the start, nothing after the end).
    for (const [key, want] of [
      ['ArrowLeft', AFTER_E5], ['Home', START], ['ArrowLeft', 0],
      ['ArrowRight', AFTER_E4], ['End', AFTER_NF3], ['ArrowRight', 3],
    ]) {
      await page.keyboard.press(key);
      assert.equal(typeof want === 'number' ? await ply(page) : await position(page), want, key);
    }
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'g1f3'], 'stepping loses no move');

    await page.keyboard.press('f');
    assert.equal(await page.getAttribute('#flip', 'aria-pressed'), 'true');
    await page.keyboard.press('f');
    assert.equal(await page.getAttribute('#flip', 'aria-pressed'), 'false');

    // On the focused board the arrows move the keyboard cursor, not the game.
    await page.focus('#board');
    await page.keyboard.press('ArrowLeft');
    const cursor = await page.evaluate(() => window.fairyboard.cursorName());
    assert.ok(cursor, 'the cursor shows');
    assert.equal(await ply(page), 3);
    await page.keyboard.press('ArrowLeft');
    assert.notEqual(await page.evaluate(() => window.fairyboard.cursorName()), cursor, 'the cursor moved');
    assert.equal(await ply(page), 3);
    await page.keyboard.press('Shift+ArrowLeft');
    assert.equal(await ply(page), 2, 'Shift+← steps back on the board');
    await page.keyboard.press('Shift+ArrowRight');
    assert.equal(await ply(page), 3);
    await page.keyboard.press('Home');
    assert.equal(await ply(page), 0, 'Home on the board too');

    // Keys are left alone in the game menu.
    await page.keyboard.press('End');
    await page.focus('#game');
    await page.keyboard.press('f');
    assert.equal(await page.getAttribute('#flip', 'aria-pressed'), 'false', 'f in the menu does not flip');

    // A new move after stepping back starts a variation; the list shows the line through it
    // (the engine keeps the moves it replaced as the main line: tests/tree.rs).
    await page.click('#moves button[data-ply="1"]');
    await playMove(page, 'c7c5');
    assert.deepEqual(await shownMoves(page), ['e2e4', 'c7c5']);
    assert.deepEqual(await page.$$eval('#moves .ply.aside', (bs) => bs.map((b) => b.textContent)), ['e5', 'Nf3'],
      'the line it replaced is kept, aside');
    assert.deepEqual(errors, []);
  });
});

test('the piece legend: every game lists its piece kinds; choosing one marks its moves', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    for (const g of await games(page)) {
      await page.selectOption('#game', g.id);
      await settle(page);
      const entries = await page.$$eval('#legend button', (bs) => bs.map((b) => ({
        kind: b.dataset.kind,
        name: b.querySelector('.legend-name').textContent,
        moves: b.querySelector('.legend-moves').textContent,
        glyph: !!b.querySelector('canvas'),
      })));
      assert.deepEqual(entries.map((e) => e.kind), g.pieces.map((p) => p.kind), `${g.id}: one entry per kind`);
      for (const e of entries) {
        assert.ok(e.name.length > 2 && e.moves.length > 10 && e.glyph, `${g.id} ${e.kind}: name, line and glyph`);
      }
      // Each entry marks every piece of its kind of the side to move, and only those.
      for (const e of entries) {
        await page.click(`#legend button[data-kind="${e.kind}"]`);
        const marks = await page.evaluate(() => window.fairyboard.around.legendMarks());
        const own = await page.evaluate((k) => {
          const h = window.fairyboard.game;
          const layout = h.layout();
          return h.pieces().map((p, i) => (p && p.kind === k && p.color === h.sideToMove() ? layout.cells[i].name : null))
            .filter(Boolean);
        }, e.kind);
        assert.equal(marks.kind, e.kind);
        assert.deepEqual([...marks.origins].sort(), [...own].sort(), `${g.id} ${e.kind}: its pieces`);
        assert.equal(await page.getAttribute(`#legend button[data-kind="${e.kind}"]`, 'aria-checked'), 'true');
      }
      await page.click(`#legend button[data-kind="${entries[entries.length - 1].kind}"]`);
      assert.equal(await page.evaluate(() => window.fairyboard.around.legendMarks()), null, `${g.id}: again clears`);
    }

    // Orthodox: the knights' destinations are drawn on the board, and Escape clears them.
    await chooseGame(page, 'orthodox');
    const f3 = await pixel(page, 'f3');
    const a3 = await pixel(page, 'a3');
    await page.click('#legend button[data-kind="knight"]');
    await settle(page);
    const marks = await page.evaluate(() => window.fairyboard.around.legendMarks());
    assert.deepEqual([...marks.dests].sort(), ['a3', 'c3', 'f3', 'h3']);
    assert.ok(!sameColour(await pixel(page, 'f3'), f3), 'f3 is marked');
    assert.ok(!sameColour(await pixel(page, 'a3'), a3), 'a3 is marked');
    await screenshot(page, 'around-legend-knight');
    await page.keyboard.press('Escape');
    await settle(page);
    assert.ok(sameColour(await pixel(page, 'f3'), f3), 'Escape clears the marks');
    assert.equal(await page.getAttribute('#legend button[data-kind="knight"]', 'aria-checked'), 'false');
    // Enter on a focused entry chooses it too.
    await page.focus('#legend button[data-kind="pawn"]');
    await page.keyboard.press('Enter');
    assert.equal((await page.evaluate(() => window.fairyboard.around.legendMarks())).dests.length, 16);
    assert.deepEqual(errors, []);
  });
});

test('the rules panel follows the game and is built only when opened', async () => {
  // What the panel holds for each game (sections, small boards, links) is tested in rules.test.mjs.
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    for (const g of await games(page)) {
      await page.selectOption('#game', g.id);
      assert.equal((await page.textContent('#rules-summary')).trim(), `Rules of ${g.name}`);
      assert.equal(await page.$$eval('#rules-body > *', (es) => es.length), 0, `${g.id}: nothing built while closed`);
    }
    await page.click('#rules-summary');
    assert.equal(await page.getAttribute('#rules-panel', 'open'), '');
    await page.waitForSelector('#rules-body[data-game] p');
    const text = await page.textContent('#rules-body');
    assert.match(text, /Our reading: The original/);
    await screenshot(page, 'around-rules-panel');
    assert.deepEqual(errors, []);
  });
});

test('reload restores the game in progress, each game its own, moves taken back included', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playMove(page, 'e2e4');
    await playMove(page, 'e7e5');
    const orthodox = await position(page);

    await chooseGame(page, 'bandit');
    await playMove(page, 'a3a4');
    await playMove(page, 'a7a6');
    await page.click('#undo'); // one move taken back: kept for redo
    const bandit = await position(page);

    await chooseGame(page, 'riftwalker');
    const riftStart = await position(page);
    await clickSquare(page, 'c4');
    await clickSquare(page, 'c5');
    const rift = await position(page);
    assert.notEqual(rift, riftStart);

    // Back to orthodox: its game is there, not a new one.
    await chooseGame(page, 'orthodox');
    assert.equal(await position(page), orthodox);
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5']);

    // Reload: the game on the board last comes back, then each other game on switching.
    await page.selectOption('#game', 'bandit');
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await settle(page);
    assert.equal(await page.$eval('#game', (s) => s.value), 'bandit');
    assert.equal(await position(page), bandit);
    assert.deepEqual(await shownMoves(page), ['a3a4']);
    assert.equal((await listed(page)).length, 2, 'the move taken back is still listed');
    assert.equal(await page.isDisabled('#redo'), false);
    await page.click('#redo');
    assert.deepEqual(await shownMoves(page), ['a3a4', 'a7a6']);

    await page.selectOption('#game', 'riftwalker');
    assert.equal(await position(page), rift);
    await page.selectOption('#game', 'orthodox');
    assert.equal(await position(page), orthodox);

    // New game starts that game afresh, and that too is kept.
    await page.click('#new-game'); // the dialog: two players by default
    await page.click('#new-game-dialog button[value=start]');
    // Reloaded once the new game is on the board (and so saved), as a person would see it.
    await page.waitForFunction((s) => window.fairyboard.positionText() === s, START);
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.equal(await position(page), START);
    await page.selectOption('#game', 'bandit');
    assert.deepEqual(await shownMoves(page), ['a3a4', 'a7a6']);
    assert.deepEqual(errors, []);
  });
});

test('a saved game that cannot be read is set aside with a message, and a new game starts', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playMove(page, 'e2e4');
    const bad = JSON.stringify({ v: 1, game: 'orthodox', start: START, moves: ['e2e4', 'e2e5'], ply: 2 });
    await page.evaluate((b) => {
      localStorage.setItem('fairyboard.game.orthodox', b);
      localStorage.setItem('fairyboard.game.vagabond', '{not json');
      // The bare address: a share link in it (share.js keeps it current) would win over storage.
      history.replaceState(null, '', location.pathname);
    }, bad);
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.equal(await position(page), START, 'a new game');
    assert.match(await messageText(page), /saved game could not be read \(move 2 \(e2e5\).*fairyboard\.unreadable\.orthodox/);
    assert.equal(await page.evaluate(() => localStorage.getItem('fairyboard.unreadable.orthodox')), bad, 'kept aside');
    await playMove(page, 'd2d4');
    assert.deepEqual(await shownMoves(page), ['d2d4'], 'the new game is played and saved');

    await chooseGame(page, 'vagabond');
    assert.equal(await position(page), 'reekaavr/pppppppp/8/8/8/8/PPPPPPPP/REEKAAVR w KQkq - 0 1');
    assert.match(await messageText(page), /could not be read/);
    assert.equal(await page.evaluate(() => localStorage.getItem('fairyboard.unreadable.vagabond')), '{not json');
    assert.equal(await statusText(page), 'White to move');
    await screenshot(page, 'around-unreadable-save');
    assert.deepEqual(errors.filter((e) => !/could not be read/.test(e)), []);
  });
});

/**
 * Puts share link `fragment` in the address of the open page (a hashchange) and waits until
 * the board shows it, or (`shown: false`, a link that cannot be shown as it is) until the
 * page has said something about it.
 */
async function typeLink(page, fragment, { shown = true } = {}) {
  await page.evaluate((f) => { location.hash = f; }, fragment);
  if (shown) await page.waitForFunction((f) => window.fairyboard.game.shareFragment() === f, fragment);
  else await page.waitForFunction(() => document.getElementById('message').textContent !== '');
  await settle(page);
}

test('a game a link replaces is kept, and "Switch to kept game" swaps the two back and forth', async () => {
  const { page, context, errors } = await openBoard(env, DESKTOP);
  const kept = () => page.isVisible('#kept-game');
  const openLink = (fragment) => typeLink(page, fragment);
  try {
    await playMove(page, 'e2e4');
    await playMove(page, 'e7e5');
    await settle(page);
    assert.ok(!(await kept()), 'nothing kept yet');
    // A link that carries the game on further loses nothing: nothing is kept.
    await openLink('g=orthodox&m=e2e4.e7e5.g1f3');
    assert.equal(await position(page), AFTER_NF3);
    assert.ok(!(await kept()));
    // Another game of the same id: the one in progress is kept, and the message says so.
    await openLink('g=orthodox&m=d2d4.d7d5');
    assert.deepEqual(await shownMoves(page), ['d2d4', 'd7d5']);
    assert.match(await messageText(page), /Your earlier game of Orthodox chess is kept: "Switch to kept game" brings it back\./);
    assert.ok(await kept());
    await page.click('#kept-game');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'g1f3']);
    assert.equal(await position(page), AFTER_NF3);
    // The linked game is kept in its place, across a reload too.
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await settle(page);
    assert.equal(await position(page), AFTER_NF3);
    assert.ok(await kept());
    await page.click('#kept-game');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['d2d4', 'd7d5']);
    // A link to another game leaves this one alone, and has nothing kept of its own.
    await openLink('g=vagabond&m=a2b3');
    assert.ok(!(await kept()));
    await chooseGame(page, 'orthodox');
    assert.deepEqual(await shownMoves(page), ['d2d4', 'd7d5']);
    assert.ok(await kept());
    // An unreadable kept game is set aside with a message; the game on the board stays.
    await page.evaluate(() => localStorage.setItem('fairyboard.kept.orthodox', '{broken'));
    await page.click('#kept-game');
    await settle(page);
    assert.match(await messageText(page), /kept game could not be read .*fairyboard\.unreadable\.orthodox/);
    assert.deepEqual(await shownMoves(page), ['d2d4', 'd7d5']);
    assert.ok(!(await kept()));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a second link does not push out the kept game for a linked game nobody played on', async () => {
  const { page, context, errors } = await openBoard(env, DESKTOP);
  const openLink = (fragment) => typeLink(page, fragment, { shown: false });
  try {
    for (const m of ['e2e4', 'e7e5', 'g1f3']) await playMove(page, m);
    // A link that opens in part: its first move is shown, the game in progress kept.
    await openLink('g=orthodox&m=d2d4.zz');
    assert.deepEqual(await shownMoves(page), ['d2d4']);
    assert.match(await messageText(page), /Your earlier game of Orthodox chess is kept/);
    // A second bad link before any move: the linked game gives way, the kept game stays.
    await openLink('g=orthodox&m=zz99');
    assert.deepEqual(await shownMoves(page), []);
    await page.click('#kept-game');
    await settle(page);
    assert.equal(await position(page), AFTER_NF3, 'the game played by hand is the one kept');
    // The linked game that was switched out is kept now; a game played on is the player's.
    await playMove(page, 'b8c6');
    await openLink('g=orthodox&m=c2c4');
    await page.click('#kept-game');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'g1f3', 'b8c6'],
      'a game played on after a switch is kept when a link replaces it');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('every game links replace is kept: "Switch to kept game" goes round them all', async () => {
  const { page, context, errors } = await openBoard(env, DESKTOP);
  const openLink = (fragment) => typeLink(page, fragment);
  const switchKept = async () => {
    await page.click('#kept-game');
    await settle(page);
    return shownMoves(page);
  };
  try {
    await playMove(page, 'e2e4'); // game A, played by hand
    await openLink('g=orthodox&m=d2d4.d7d5'); // B replaces A: A is kept
    await playMove(page, 'g1f3'); // B played on: the player's own now
    await openLink('g=orthodox&m=c2c4'); // C replaces B: B is kept too, A not lost
    assert.deepEqual(await switchKept(), ['d2d4', 'd7d5', 'g1f3'], 'the newest kept first: B');
    assert.match(await messageText(page), /2 games are kept, the one you left among them: switch again for the next/);
    assert.deepEqual(await switchKept(), ['e2e4'], 'then A');
    assert.deepEqual(await switchKept(), ['c2c4'], 'then C, the game left first');
    assert.deepEqual(await switchKept(), ['d2d4', 'd7d5', 'g1f3'], 'and round again');
    // The kept games are in storage: a reload keeps them all.
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await settle(page);
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('fairyboard.kept.orthodox')).length), 2);
    // An older page kept one record, not a list: it is still switched to.
    await page.evaluate(() => localStorage.setItem('fairyboard.kept.orthodox', JSON.stringify({
      v: 1, game: 'orthodox', start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', moves: ['h2h3'], ply: 1,
    })));
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await settle(page);
    assert.deepEqual(await switchKept(), ['h2h3']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a link that carries on a kept game takes it off the kept list: no game is kept twice', async () => {
  const { page, context, errors } = await openBoard(env, DESKTOP);
  const keptList = () => page.evaluate(() => JSON.parse(localStorage.getItem('fairyboard.kept.orthodox') || '[]')
    .map((r) => JSON.parse(r).moves.join(' ')));
  try {
    await playMove(page, 'e2e4');
    await playMove(page, 'e7e5');
    await typeLink(page, 'g=orthodox&m=d2d4'); // the e4 game is kept
    await playMove(page, 'd7d5');
    assert.deepEqual(await keptList(page), ['e2e4 e7e5']);
    // The e4 game comes back by a link: it is on the board, and the d4 game is kept instead.
    await typeLink(page, 'g=orthodox&m=e2e4.e7e5');
    assert.deepEqual(await keptList(page), ['d2d4 d7d5']);
    await page.click('#kept-game');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['d2d4', 'd7d5']);
    assert.deepEqual(await keptList(page), ['e2e4 e7e5']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the live region says each move in words: captures, promotions, tricks, take-backs', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    assert.equal(await page.getAttribute('#speech', 'aria-live'), 'polite');
    await playMove(page, 'g1f3');
    assert.equal(await speech(page), 'Nf3: White knight g1 to f3.');
    await playMove(page, 'd7d5');
    await playMove(page, 'e2e4');
    await playMove(page, 'd5e4');
    assert.equal(await speech(page), 'dxe4: Black pawn d5 to e4, captures the white pawn on e4.');
    await page.click('#undo');
    assert.equal(await speech(page), 'Move taken back: Black pawn d5 to e4, captures the white pawn on e4.');
    await page.click('#redo');
    assert.match(await speech(page), /^Move played again: Black pawn d5 to e4/);

    // A capture that promotes.
    assert.equal(await start(page, 'orthodox', 'r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1'), true);
    await playMove(page, 'b7a8');
    await page.waitForSelector('#picker:not([hidden])');
    await page.getByRole('button', { name: 'Queen' }).click();
    assert.equal(await speech(page),
      'bxa8=Q+: White pawn b7 to a8, captures the black rook on a8, promotes to queen, check by the queen on a8.');

    // Checkmate says the result.
    assert.equal(await start(page, 'orthodox', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'), true);
    await playMove(page, 'a1a8');
    assert.equal(await speech(page), 'Ra8#: White rook a1 to a8. White wins by checkmate.');

    // A trick transforms an enemy piece.
    assert.equal(await start(page, 'bandit', '3k3/7/7/7/3r1b1/7/2T4/7/K6 w - - 0 1'), true);
    await playMove(page, 'c3e5');
    await page.waitForSelector('#picker:not([hidden])');
    await page.getByRole('button', { name: 'Turn f5 into a rook' }).click();
    assert.equal(await speech(page), 'Te5/f5=R: White trickster c3 to e5, the bishop on f5 becomes a rook.');

    assert.deepEqual(errors, []);
  });
});

test('the board does not jump sideways when the game changes or the editor opens (1280x800)', async () => {
  await withBoard(env, { viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
    // The board's centre and the left edge of the column beside it (the side or the editor).
    const places = () => page.evaluate(() => {
      const b = document.getElementById('board').getBoundingClientRect();
      const column = [...document.querySelectorAll('.side, .editor')].find((el) => !el.hidden);
      return { centre: Math.round(b.left + b.width / 2), column: Math.round(column.getBoundingClientRect().left) };
    });
    const first = await places();
    const widths = new Set();
    for (const id of ['bandit', 'pawnier', 'riftwalker', 'vagabond', 'quarter', 'orthodox']) {
      await page.selectOption('#game', id);
      await settle(page);
      assert.deepEqual(await places(), first, `${id}: the board and the column stay where they were`);
      widths.add(await page.evaluate(() => Math.round(document.getElementById('board').getBoundingClientRect().width)));
    }
    assert.ok(widths.size > 1, 'the games have boards of different widths');
    await page.click('#edit-position');
    await settle(page);
    assert.deepEqual(await places(), first, 'the editor opens in the same places');
    assert.deepEqual(errors, []);
  });
});

test('the board stays in view while the side column scrolls (1280x800); a phone hides the key hints', async () => {
  await withBoard(env, { viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
    await page.click('#rules-summary'); // a long panel opens: the page scrolls
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    assert.ok(await page.evaluate(() => window.scrollY > 200), 'the page did scroll');
    const box = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().toJSON());
    assert.ok(box.top >= 0 && box.bottom <= 800, `the board is in view: ${JSON.stringify(box)}`);
    await screenshot(page, 'around-board-in-view');
    assert.deepEqual(errors, []);
  });
  const phone = await openBoard(env, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  try {
    assert.equal(await phone.page.isVisible('#keys-hint'), false, 'no key hints on a phone');
    assert.deepEqual(phone.errors, []);
  } finally {
    await phone.context.close();
  }
});

// ---- A move's words in a tooltip (movetip.js), from the speech's own words (speech.js) ----

const TIP = '#move-tip';
const plyButton = (page, text) => page.locator(`#moves button.ply[data-text="${text}"]`);
const box = (locator) => locator.evaluate((e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
/** Where every control of the page is (buttons, selects, inputs, the board), to see nothing moved. */
const controls = (page) => page.$$eval('button, select, input, textarea, canvas, summary', (els) => els
  .map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.textContent.trim().slice(0, 20), Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]; }));
const tipShown = (page) => page.locator(TIP).isVisible();
const tipText = async (page) => (await page.textContent(TIP)).trim();

/** The accessible description Chromium gives the element `selector` (what a screen reader reads). */
async function describedAs(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    return nodes[0].description?.value ?? null;
  } finally {
    await cdp.detach();
  }
}

/** Presses Tab until the element `selector` has the focus (as a keyboard user reaches it). */
async function tabTo(page, selector) {
  await page.locator('body').focus();
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
  }
  assert.fail(`Tab never reached ${selector}`);
}

test('a move in the list in words: on hover and keyboard focus, beside it, read by screen readers', async () => {
  await withBoard(env, { viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
    // Vagabond: a berserker jump with its rage (named E^d6/xc7xe7).
    await start(page, 'vagabond', '7k/2p1p3/8/3p4/3E4/8/8/3K4 w - - 0 1');
    await settle(page);
    const { dragSquare } = await import('./support.mjs');
    await dragSquare(page, 'd4', 'd6');
    await settle(page);
    const jump = plyButton(page, 'd4d6');
    assert.equal((await jump.textContent()).trim(), 'E^d6/xc7xe7');
    const words = 'White berserker d4 to d6, removes the black pawn on c7 in the berserker\'s rage, '
      + 'removes the black pawn on e7 in the berserker\'s rage';
    assert.equal(await speech(page), `E^d6/xc7xe7: ${words}.`, 'the speech says it so');
    assert.equal(await tipShown(page), false);

    // Hover: the words show beside the move, cover neither it nor the pointer, move nothing.
    const before = await controls(page);
    const scroll = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
    const b = await box(jump);
    await page.mouse.move(b.x + b.w / 2, b.y + b.h / 2, { steps: 3 });
    await page.waitForSelector(TIP, { state: 'visible', timeout: 3000 });
    assert.equal(await tipText(page), words);
    const t = await box(page.locator(TIP));
    assert.ok(!overlap(t, b), `the tip (${JSON.stringify(t)}) leaves the move (${JSON.stringify(b)}) in view`);
    assert.deepEqual(await controls(page), before, 'no control moved');
    assert.deepEqual(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]), scroll);
    await page.screenshot({ path: 'tests/output/move-tip-hover.png', clip: { x: Math.min(b.x, t.x) - 40, y: b.y - 60, width: Math.max(t.w, b.w) + 80, height: t.y + t.h - b.y + 100 } });
    await page.mouse.move(5, 5);
    await page.waitForSelector(TIP, { state: 'hidden', timeout: 3000 });

    // Keyboard: Tab to the move; the words show, and describe the button; Escape hides them.
    await tabTo(page, '#moves button.ply[data-text="d4d6"]');
    await page.waitForSelector(TIP, { state: 'visible', timeout: 3000 });
    assert.equal(await tipText(page), words);
    assert.equal(await jump.getAttribute('aria-describedby'), 'move-tip');
    assert.equal(await describedAs(page, '#moves button.ply[data-text="d4d6"]'), words, 'a screen reader reads the words');
    assert.ok(!overlap(await box(page.locator(TIP)), await box(jump)));
    await page.keyboard.press('Escape');
    await page.waitForSelector(TIP, { state: 'hidden', timeout: 3000 });
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.text), 'd4d6', 'Escape leaves the focus on the move');
    assert.equal(await describedAs(page, '#moves button.ply[data-text="d4d6"]'), words, 'still described with the tip hidden');

    // Orthodox: Nf3 is "White knight g1 to f3"; a click on a move still goes to it.
    await start(page, 'orthodox');
    await playMove(page, 'g1f3');
    await playMove(page, 'e7e5');
    await settle(page);
    const nf3 = plyButton(page, 'g1f3');
    const n = await box(nf3);
    await page.mouse.move(n.x + n.w / 2, n.y + n.h / 2, { steps: 3 });
    await page.waitForSelector(TIP, { state: 'visible', timeout: 3000 });
    assert.equal(await tipText(page), 'White knight g1 to f3');
    await nf3.click();
    await settle(page);
    assert.equal(await ply(page), 1, 'the click went to the move');
    assert.deepEqual(errors, []);
  });
});

test('a move in the list in words on a phone: a long press shows them and plays nothing', async () => {
  const { PHONE_360 } = await import('./support.mjs');
  await withBoard(env, PHONE_360, async ({ page, errors }) => {
    await playMove(page, 'g1f3');
    await playMove(page, 'e7e5');
    await settle(page);
    const nf3 = plyButton(page, 'g1f3');
    await nf3.scrollIntoViewIfNeeded();
    const b = await box(nf3);
    // A finger held on the move.
    const cdp = await page.context().newCDPSession(page);
    const at = [{ x: b.x + b.w / 2, y: b.y + b.h / 2 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at });
    await page.waitForTimeout(800);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForSelector(TIP, { state: 'visible', timeout: 3000 });
    assert.equal(await tipText(page), 'White knight g1 to f3');
    assert.ok(!overlap(await box(page.locator(TIP)), await box(nf3)), 'the finger\'s move stays in view');
    await settle(page);
    assert.equal(await ply(page), 2, 'the long press went nowhere');
    await page.screenshot({ path: 'tests/output/move-tip-phone.png' });
    // A tap elsewhere hides the words; a tap on the move goes to it.
    await page.touchscreen.tap(5, b.y - 20);
    await page.waitForSelector(TIP, { state: 'hidden', timeout: 3000 });
    await page.touchscreen.tap(b.x + b.w / 2, b.y + b.h / 2);
    await settle(page);
    assert.equal(await ply(page), 1, 'a tap goes to the move');
    await cdp.detach();
    assert.deepEqual(errors, []);
  });
});
