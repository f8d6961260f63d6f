// Records and the game's flow (issue 40): a past game opened again keeps what was added to
// it (a comment, a review), wherever it is opened from; a clocked game writes and reads
// [TimeControl]; New game's words for a finished game; clocks that run while a player looks
// back, and a game aborted when its first move does not come; Learn from your mistakes
// without the answer shown; Switch to kept game as information, a finished game left going to
// the past games, a kept game's review summary; the game-over panel closed by New game; a
// rematch keeping its clock. Real clicks and keys; reloads where storage is involved.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, withBoard, settle, statusText, messageText, playMove, chooseSetting, screenshot, DESKTOP,
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

/**
 * On a fresh board (animations off): a game started by the New game dialog (`choice`, as
 * newGameByDialog takes it) and lost by the fool's mate, its panel open; then `fn({ page, errors })`.
 */
function afterFoolsMate(fn, choice = {}) {
  return withBoard(env, DESKTOP, async (board) => {
    await chooseSetting(board.page, '#speed', 'off');
    await newGameByDialog(board.page, choice);
    await foolsMate(board.page);
    await fn(board);
  });
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
  await afterFoolsMate(async ({ page, errors }) => {
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

const clockFaces = (page) => page.evaluate(() => ['w', 'b'].map((s) => {
  const face = document.getElementById(`clock-${s}`);
  return face.hidden ? null : face.querySelector('.clock-time').textContent;
}));

/** The PGN of the game on the board, as "Export PGN" shows it in the records panel. */
async function exportedPgn(page) {
  await page.getByRole('button', { name: 'Export PGN' }).click();
  return page.inputValue('#records-text');
}

test('a game played with a clock exports its [TimeControl] beside the moves\' [%clk]', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    for (const [clock, tag] of [['3+2', '180+2'], ['1+0', '60+0']]) {
      await newGameByDialog(page, { clock });
      for (const m of ['e2e4', 'e7e5']) { await playMove(page, m); await settle(page); }
      const pgn = await exportedPgn(page);
      assert.match(pgn, new RegExp(`\\n\\[TimeControl "${tag.replace('+', '\\+')}"\\]\\n`), pgn);
      assert.match(pgn, /\{ ?\[%clk 0:0\d:\d\d\] ?\}/, pgn);
      await page.click('#records-close');
    }
    assert.deepEqual(errors, []);
  });
});

const CLOCKED = `[Event "Rated blitz game"]
[White "A"]
[Black "B"]
[Result "0-1"]
[TimeControl "180+2"]
[Termination "Normal"]

1. f3 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. g4 { [%clk 0:02:51] } 2... Qh4# { [%clk 0:02:40] } 0-1
`;

test('a PGN with [TimeControl "180+2"] and clocks opens with that clock, showing each move\'s time (over a reload)', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await page.getByRole('button', { name: 'Import PGN' }).click();
    await page.fill('#records-text', CLOCKED);
    await page.getByRole('button', { name: 'Open game' }).click();
    await settle(page);
    assert.equal(await page.evaluate(() => window.fairyboard.versus().clock), '3+2', 'the clock choice is 3+2');
    assert.deepEqual(await clockFaces(page), ['2:51', '2:40'], 'the times at the end');
    await page.click('#moves .ply[data-text="f2f3"]');
    await settle(page);
    assert.deepEqual(await clockFaces(page), ['3:00', '3:00'], 'the times after the first move');
    await page.keyboard.press('Home');
    await settle(page);
    assert.deepEqual(await clockFaces(page), ['3:00', '3:00'], 'the start: the full time');
    await page.keyboard.press('End');
    await settle(page);
    assert.equal((await page.evaluate(() => window.fairyboard.clocks())).running, null, 'the clocks do not run');
    await reload(page);
    assert.equal(await page.evaluate(() => window.fairyboard.versus().clock), '3+2');
    assert.deepEqual(await clockFaces(page), ['2:51', '2:40'], 'over a reload');
    // Exported again, the tag is kept as it was.
    assert.match(await exportedPgn(page), /\n\[TimeControl "180\+2"\]\n/);
    assert.deepEqual(errors, []);
  });
});

test('New game calls a finished game finished, also looked back into: it goes to the past games, nothing is kept', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    // A game lost on time (a clock of 3 s), then Undo: the board shows an earlier position.
    await page.evaluate(() => window.fairyboard.startChosen('orthodox', { opponent: 'human', side: 'w', clock: '0.05+0' }));
    await settle(page);
    await playMove(page, 'e2e4');
    await page.waitForSelector('#game-over[open]', { timeout: 10000 });
    assert.match(await statusText(page), /time/);
    await page.click('#game-over button[value=close]');
    await page.click('#undo');
    await settle(page);
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    const note = await page.textContent('#new-game-note');
    assert.doesNotMatch(note, /in progress|kept/, note);
    assert.match(note, /finished game .*past games/, note);
    await page.click('#new-game-dialog button[value=start]');
    await settle(page);
    assert.match(await messageText(page), /among the past games/);
    assert.equal(await page.isHidden('#kept-game'), true, 'no kept game to switch to');
    await reload(page);
    assert.equal(await page.isHidden('#kept-game'), true, 'nor after a reload');
    await page.click('#past-games summary');
    assert.equal((await page.$$('#past-list .past-game')).length, 1, 'the game is among the past games');
    // A finished game looked back into (←): the same words.
    await foolsMate(page);
    await page.click('#game-over button[value=close]');
    await page.keyboard.press('ArrowLeft');
    await settle(page);
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    assert.match(await page.textContent('#new-game-note'), /finished game .*past games/);
    await page.click('#new-game-dialog button[value=cancel]');
    assert.deepEqual(errors, []);
  });
});

test('the game-over panel closes when the New game dialog opens', async () => {
  await afterFoolsMate(async ({ page, errors }) => {
    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    assert.equal(await page.$eval('#game-over', (d) => d.open), false, 'the panel is closed under the dialog');
    await page.click('#new-game-dialog button[value=cancel]');
    assert.equal(await page.$eval('#game-over', (d) => d.open), false, 'and stays closed after Cancel');
    assert.deepEqual(errors, []);
  });
});

const FINISHED = `[Event "Imported"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 1-0
`;

/** Opens `pgn` by Import PGN and Open game, with real clicks. */
async function importPgn(page, pgn) {
  await page.getByRole('button', { name: 'Import PGN' }).click();
  await page.fill('#records-text', pgn);
  await page.getByRole('button', { name: 'Open game' }).click();
  await settle(page);
}

/** The message line: its text, kind, colour, and the page's text colour (information's). */
const message = (page) => page.$eval('#message', (el) => {
  const probe = document.createElement('div');
  probe.style.color = 'var(--fg)';
  document.body.append(probe);
  const text = getComputedStyle(probe).color;
  probe.remove();
  return { text: el.textContent, kind: el.dataset.kind, colour: getComputedStyle(el).color, textColour: text };
});

test('Switch to kept game is information, not an error; the finished imported game left goes to the past games, not the kept ones', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    await newGameByDialog(page);
    await playMove(page, 'd2d4');
    await settle(page);
    await importPgn(page, FINISHED); // the game in progress is kept
    assert.match(await messageText(page), /kept/);
    await page.click('#kept-game');
    await settle(page);
    assert.deepEqual(await page.evaluate(() => Array.from(window.fairyboard.game.line())), ['d2d4'], 'the kept game is back');
    const m = await message(page);
    assert.equal(m.kind, 'info', m.text);
    assert.equal(m.colour, m.textColour, 'in the text\'s colour, not red');
    assert.match(m.text, /finished game .*past games/, m.text);
    assert.doesNotMatch(m.text, /kept in its place/, m.text);
    assert.equal(await page.isHidden('#kept-game'), true, 'the finished game is not kept to switch to');
    await reload(page);
    assert.equal(await page.isHidden('#kept-game'), true, 'nor after a reload');
    await page.click('#past-games summary');
    const items = await page.$$eval('#past-list .past-game', (li) => li.map((e) => e.textContent));
    assert.equal(items.length, 1);
    assert.match(items[0], /A – B/);
    assert.match(items[0], /1-0/);
    assert.deepEqual(errors, []);
  });
});

test('a reviewed game comes back with its accuracy summary: switched back to as a kept game, and over a reload', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    await newGameByDialog(page);
    for (const m of ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'h5e5', 'c6e5']) { await playMove(page, m); await settle(page); }
    await page.click('#review-game');
    await page.waitForSelector('#review-summary:not([hidden])', { timeout: 120000 });
    const summary = await page.textContent('#review-summary');
    assert.match(summary, /^White: accuracy \d+\.\d, .*1 blunder\. Black: accuracy \d+\.\d/);
    await importPgn(page, FINISHED); // the reviewed game in progress is kept
    assert.equal(await page.isHidden('#review-summary'), true, 'the imported game has no review');
    await page.click('#kept-game');
    await settle(page);
    assert.equal(await page.textContent('#review-summary'), summary, 'the kept game comes back with its summary');
    assert.equal(await page.isVisible('#review-summary'), true);
    assert.equal(await page.isVisible('#learn-start'), true, 'and Learn from your mistakes');
    await reload(page);
    assert.equal(await page.textContent('#review-summary'), summary, 'over a reload');
    assert.equal(await page.isVisible('#review-summary'), true);
    // A move added since: the summary says it is out of date.
    await page.keyboard.press('End');
    await playMove(page, 'b1c3');
    await settle(page);
    assert.match(await page.textContent('#review-summary'), /^Out of date/);
    await reload(page);
    assert.match(await page.textContent('#review-summary'), /^Out of date/, 'also over a reload');
    assert.deepEqual(errors, []);
  });
});

test('a past game reviewed and opened again keeps its review: evaluations, accuracy and Learn (over a reload)', async () => {
  await afterFoolsMate(async ({ page, errors }) => {
    await page.click('#game-over button[value=close]');
    await openPast(page);
    await page.click('#review-game');
    await page.waitForSelector('#review-summary:not([hidden])', { timeout: 120000 });
    const summary = await page.textContent('#review-summary');
    const evals = () => page.evaluate(() => window.fairyboard.game.tree().nodes.filter((n) => /\[%eval /.test(n.comment)).length);
    const evaluated = await evals();
    assert.ok(evaluated >= 3, `evaluations written: ${evaluated}`);
    assert.equal(await page.isVisible('#learn-start'), true);
    await reload(page);
    await openPast(page);
    assert.equal(await evals(), evaluated, 'the evaluations are kept');
    assert.equal(await page.textContent('#review-summary'), summary, 'the accuracy');
    assert.equal(await page.isVisible('#learn-start'), true, 'and Learn from your mistakes');
    assert.deepEqual(errors, []);
  });
});

// A review as Review game writes it: 2... Qg5?? (Black; better 2... Nc6 3. Bb5) and 4. a3?! (White; better 4. Nc3).
const TWO_MISTAKES = '1. e4 {[%eval 0.30]} e5 {[%eval 0.30]} 2. Nf3 {[%eval 0.25]} '
  + 'Qg5 $4 {[%eval 9.00] Blunder. Best was Nc6.} (2... Nc6 {[%eval 0.30]} 3. Bb5 {[%eval 0.30]}) '
  + '3. Nxg5 {[%eval 9.10]} Nf6 {[%eval 9.10]} 4. a3 $6 {[%eval 8.00] Inaccuracy. Best was Nc3.} (4. Nc3 {[%eval 9.20]}) '
  + '4... d6 {[%eval 8.00]} *';

/** Whether Black is at the bottom of the board (a8 drawn below a1). */
const blackAtBottom = (page) => page.evaluate(() => window.fairyboard.squareCenter('a8').y > window.fairyboard.squareCenter('a1').y);
const listed = (page) => page.$$eval('#moves .ply', (els) => els.map((e) => e.dataset.text));
const learnText = (page) => page.textContent('#learn-text');

test('Learn from your mistakes hides the answer until found or shown, turns the board to the side to find it, and keeps what was solved (over reloads)', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    await importPgn(page, TWO_MISTAKES);
    assert.equal(await blackAtBottom(page), false);
    await page.click('#learn-start');
    await settle(page);
    assert.equal(await learnText(page), '1 of 2: 2... Qg5 was not the best for Black. Find a better move.');
    assert.equal(await blackAtBottom(page), true, 'the board turned to Black, who must find it');
    const moves = await page.textContent('#moves');
    assert.doesNotMatch(moves, /Best was|Blunder|Inaccuracy/, moves);
    let shown = await listed(page);
    for (const hidden of ['b8c6', 'f1b5', 'b1c3']) assert.ok(!shown.includes(hidden), `${hidden} is not listed: ${shown}`);
    assert.ok(shown.includes('d8g5') && shown.includes('a2a3'), 'the game\'s own moves are');
    // Found, by clicks on the turned board: the answer is listed again.
    await playMove(page, 'b8c6');
    await page.waitForFunction(() => /^Nc6: yes, that keeps the game/.test(document.getElementById('learn-text').textContent));
    await settle(page);
    assert.match(await page.textContent('#moves'), /Blunder\. Best was Nc6\./);
    shown = await listed(page);
    assert.ok(shown.includes('b8c6') && shown.includes('f1b5'), 'the better line is listed');
    assert.ok(!shown.includes('b1c3'), 'the next one\'s answer is still not');
    // The next one is White's: the board turns back.
    await page.click('#learn-next');
    await settle(page);
    assert.equal(await learnText(page), '2 of 2: 4. a3 was not the best for White. Find a better move.');
    assert.equal(await blackAtBottom(page), false);
    await page.click('#learn-answer'); // shown, not found
    await settle(page);
    assert.ok((await listed(page)).includes('b1c3'));
    await page.click('#learn-stop');
    await settle(page);
    assert.equal(await blackAtBottom(page), false, 'the board as it was before Learn');
    // Over a reload: one of two solved (the answer shown does not count); Learn starts at the one to find.
    await reload(page);
    assert.equal(await page.textContent('#learn-start'), 'Learn from your mistakes (1 of 2 solved)');
    await page.click('#learn-start');
    await settle(page);
    assert.equal(await learnText(page), '2 of 2: 4. a3 was not the best for White. Find a better move.');
    assert.doesNotMatch(await page.textContent('#moves'), /Best was Nc3/);
    assert.match(await page.textContent('#moves'), /Best was Nc6/, 'the one solved before shows its answer');
    await playMove(page, 'b1c3');
    await page.waitForFunction(() => /^Nc3: yes, that keeps the game/.test(document.getElementById('learn-text').textContent));
    await page.click('#learn-stop');
    await reload(page);
    assert.equal(await page.textContent('#learn-start'), 'Learn from your mistakes (2 of 2 solved)');
    await page.click('#learn-start');
    await settle(page);
    assert.equal(await learnText(page), '1 of 2 (solved before): 2... Qg5 was not the best for Black. Find a better move.');
    assert.doesNotMatch(await page.textContent('#moves'), /Best was Nc6/, 'its answer hidden again while it is the task');
    assert.deepEqual(errors, []);
  });
});

const clocks = (page) => page.evaluate(() => window.fairyboard.clocks());
const ply = (page) => page.evaluate(() => window.fairyboard.game.ply());

test('a clock keeps running while its player looks back through the moves, and a flag falls there too', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    await newGameByDialog(page, { clock: '1+0' });
    for (const m of ['e2e4', 'e7e5']) { await playMove(page, m); await settle(page); }
    assert.equal((await clocks(page)).running, 'w');
    // White looks back (←, then a click on the first move in the list): its clock runs on.
    await page.keyboard.press('ArrowLeft');
    await page.click('#moves .ply[data-text="e2e4"]');
    await settle(page);
    assert.equal(await ply(page), 1);
    const before = await clocks(page);
    assert.equal(before.running, 'w', 'still running while an earlier position is shown');
    await page.waitForTimeout(1500);
    const after = await clocks(page);
    assert.ok(before.w - after.w >= 1300, `White's time went on: ${before.w} -> ${after.w}`);
    assert.equal(after.b, before.b, 'Black\'s clock stands');
    const face = await page.textContent('#clock-w .clock-time');
    assert.notEqual(face, '1:00', 'the face shows it');
    // Over a reload (the board at the earlier position), the time spent is kept and it runs on.
    await reload(page);
    assert.equal(await ply(page), 1);
    const reloaded = await clocks(page);
    assert.equal(reloaded.running, 'w');
    assert.ok(reloaded.w <= after.w, `kept over the reload: ${reloaded.w}`);
    // A flag that falls while White looks back: lost on time, the board at the end.
    await page.evaluate(() => window.fairyboard.startChosen('orthodox', { opponent: 'human', side: 'w', clock: '0.05+0' }));
    await settle(page);
    for (const m of ['e2e4', 'e7e5']) { await playMove(page, m); await settle(page); }
    await page.keyboard.press('Home');
    await settle(page);
    assert.equal(await ply(page), 0);
    await page.waitForSelector('#game-over[open]', { timeout: 10000 });
    assert.match(await page.textContent('#game-over-reason'), /time/);
    assert.equal(await ply(page), 2, 'the board shows the end');
    assert.deepEqual(errors, []);
  });
});

test('a game with a clock whose first move is not played within 30 seconds is aborted (the wait goes on over a reload)', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    const started = Date.now();
    await newGameByDialog(page, { clock: '3+2' });
    assert.match(await messageText(page), /White has 30 seconds to play the first move/);
    await page.waitForTimeout(5000);
    await reload(page);
    assert.equal(await page.evaluate(() => window.fairyboard.versus().opponent), 'human', 'still the game being played');
    await page.waitForSelector('#game-over[open]', { timeout: 40000 });
    const waited = Date.now() - started;
    assert.ok(waited >= 29000 && waited < 40000, `aborted 30 s after the start, the reload included: ${waited} ms`);
    await screenshot(page, 'flow-aborted');
    assert.equal(await page.textContent('#game-over-title'), 'Game aborted');
    assert.match(await page.textContent('#game-over-reason'), /White did not play the first move within 30 seconds/);
    assert.equal(await page.isHidden('#game-over-review'), true);
    assert.equal(await page.evaluate(() => window.fairyboard.versus().opponent), 'analysis', 'no longer played');
    assert.equal(await clocks(page), null, 'no clocks');
    assert.equal(await page.isHidden('#resign'), true);
    // Play again: the same game with its clock, waiting for its first move again.
    await page.click('#rematch');
    await settle(page);
    assert.equal((await page.evaluate(() => window.fairyboard.versus())).opponent, 'human');
    assert.deepEqual(await clockFaces(page), ['3:00', '3:00']);
    assert.match(await messageText(page), /White has 30 seconds/);
    await playMove(page, 'e2e4');
    await settle(page);
    assert.equal((await clocks(page)).running, 'b', 'played in time: the game goes on');
    await reload(page);
    assert.equal(await page.evaluate(() => window.fairyboard.versus().opponent), 'human');
    await page.click('#past-games summary');
    assert.equal((await page.$$('#past-list .past-game')).length, 0, 'the aborted game is no past game');
    assert.deepEqual(errors, []);
  });
});

test('a rematch between two players keeps the clock they played with', async () => {
  await afterFoolsMate(async ({ page, errors }) => {
    await page.click('#rematch');
    await settle(page);
    assert.equal(await page.evaluate(() => window.fairyboard.versus().clock), '3+2');
    assert.deepEqual(await clockFaces(page), ['3:00', '3:00']);
    assert.deepEqual(errors, []);
  }, { clock: '3+2' });
});
