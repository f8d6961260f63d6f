// The Embed dialog (issue 28): the code it writes for what is on the board, pasted into a page
// of another origin, shows the same thing there: a study with its variation, comment, mark
// and arrow; a puzzle from here that solves with the moves played and refuses a wrong one
// (and a position that is no puzzle refused before any code is written); the iframe form
// posts ready. The dialog's own preview runs the same code.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openBoard, settle, screenshot, startGame, playMove, DESKTOP } from './support.mjs';
import { startEmbedder, newPage, allReady, boardFrame, clickBoard, frameText } from './embedhost.mjs';
import { importPgn } from './steps.mjs';

const STUDY = `[Event "Embed study"]

1. e4 {The king's pawn. [%cal Ge7e5]} e5 (1... c5 {Sicilian}) 2. Nf3! *`;
const MATE_IN_TWO = '7k/8/8/8/8/8/1R6/R1K1Q3 w - - 0 1';

let env;
let embedder;
before(async () => {
  env = await launch();
  embedder = await startEmbedder(env, 'fairyboard-pasted-');
});
after(async () => {
  await embedder?.close();
  await env?.close();
});

/** Opens the Embed dialog, makes the choices (select and radio values by name) and returns the code. */
async function embedCodeFor(page, choices) {
  await page.click('#embed-board');
  await page.waitForSelector('#embed-dialog[open]');
  for (const [name, value] of Object.entries(choices)) {
    const field = page.locator(`#embed-dialog [name="${name}"]`);
    if ((await field.count()) > 1) await page.check(`#embed-dialog [name="${name}"][value="${value}"]`);
    else if (await field.evaluate((e) => e.tagName === 'SELECT')) await field.selectOption(value);
    else await field.fill(value);
  }
  await page.waitForFunction(() => document.getElementById('embed-code').value !== ''
    || /^No code/.test(document.getElementById('embed-check').textContent), null, { timeout: 30000 });
  return page.inputValue('#embed-code');
}

/** Runs `make(page)` on the game page and gives what it returns (the code), the page then closed. */
async function codeFromPage(make) {
  const board = await openBoard(env, DESKTOP);
  try {
    const code = await make(board.page);
    assert.deepEqual(board.errors, []);
    return code;
  } finally {
    await board.context.close();
  }
}

/** Pastes `code` into a page on the embedder's origin, waits for its boards and runs `use(page)`. */
async function inPastedPage(code, use) {
  const url = embedder.write('pasted.html', code);
  assert.notEqual(new URL(url).origin, new URL(env.url).origin);
  const { context, page, errors } = await newPage(env, DESKTOP);
  try {
    await page.goto(url);
    await allReady(page, errors);
    await use(page);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

const shapesIn = (frame) => frame.evaluate(() => window.fairyboard.overlays().arrows
  .filter((a) => ['G', 'R', 'B', 'Y'].includes(a.kind)).map((a) => `${a.kind}${a.from}${a.to}`));

test('a study from the page, pasted on another origin: its moves, variation, comment, mark and arrow', async () => {
  const code = await codeFromPage(async (page) => {
    await importPgn(page, STUDY);
    const study = await embedCodeFor(page, { what: 'study' });
    assert.match(study, /^<script src="http:\/\/127\.0\.0\.1:\d+\/www\/fairyboard-board\.js"><\/script>\n<fairyboard-board game="orthodox" mode="view" pgn="/);
    // The preview in the dialog is the same code running.
    await page.waitForFunction(() => document.querySelector('#embed-preview fairyboard-board')?.ready === true, null, { timeout: 30000 });
    await screenshot(page, 'embed-dialog-study');
    await page.click('#embed-dialog button[value="close"]');
    return study;
  });

  await inPastedPage(code, async (page) => {
    const study = await boardFrame(page, 'fairyboard-board');
    await study.frame.click('#redo');
    await settle(study.frame);
    assert.equal(await frameText(study.frame, '#move-comment'), "1. e4 The king's pawn.");
    assert.deepEqual(await shapesIn(study.frame), ['Ge7e5']);
    // Where the study branches, both Black answers are offered.
    assert.match(await frameText(study.frame, 'body'), /1\.\.\. e5[\s\S]*1\.\.\. c5|c5[\s\S]*e5/);
    await study.frame.click('#redo');
    await study.frame.click('#redo');
    await settle(study.frame);
    assert.equal(await frameText(study.frame, '#move-comment'), '2. Nf3!');
  });
});

test('a puzzle from here: judged by the engine, solved with the moves played, a wrong move refused; no puzzle, no code', async () => {
  const code = await codeFromPage(async (page) => {
    await startGame(page, 'orthodox', MATE_IN_TWO);
    for (const move of ['b2b7', 'h8g8', 'a1a8']) await playMove(page, move);
    await page.focus('#moves');
    await page.keyboard.press('Home'); // back to the puzzle's start, as a person steps back
    await settle(page);
    assert.equal(await page.evaluate(() => window.fairyboard.positionText()), MATE_IN_TWO);
    const puzzle = await embedCodeFor(page, { what: 'puzzle' });
    assert.match(await page.textContent('#embed-check'), /A puzzle by the engine's judgement: Rb7 \(mate in 2\) wins\./);
    assert.match(puzzle, /mode="puzzle" position="7k\/8\/8\/8\/8\/8\/1R6\/R1K1Q3 w - - 0 1" solution="b2b7 h8g8 a1a8"/);
    await screenshot(page, 'embed-dialog-puzzle');
    await page.click('#embed-dialog button[value="close"]');

    // The start position with 1. e4 is no puzzle: the dialog says why and writes nothing.
    await startGame(page, 'orthodox');
    await playMove(page, 'e2e4');
    await page.focus('#moves');
    await page.keyboard.press('Home');
    await settle(page);
    assert.equal(await embedCodeFor(page, { what: 'puzzle' }), '');
    assert.match(await page.textContent('#embed-check'), /^No code for this puzzle: (The engine prefers|Not a puzzle by the engine's judgement)/);
    await page.click('#embed-dialog button[value="close"]');
    return puzzle;
  });

  await inPastedPage(code, async (page) => {
    const puzzle = await boardFrame(page, 'fairyboard-board');
    await clickBoard(page, puzzle, 'a1', 'a8'); // a check, not the move
    await puzzle.frame.waitForFunction(() => /Not the move/.test(document.getElementById('message').textContent));
    await settle(puzzle.frame);
    await clickBoard(page, puzzle, 'b2', 'b7');
    await puzzle.frame.waitForFunction(() => window.fairyboard.game.ply() === 2, null, { timeout: 5000 });
    await settle(puzzle.frame);
    await clickBoard(page, puzzle, 'a1', 'a8');
    await page.waitForFunction(() => window.events.some((e) => e.type === 'fairyboard-end'), null, { timeout: 5000 });
    assert.match(await frameText(puzzle.frame, '#status'), /solved/i);
  });
});

test('the iframe form: the embed address alone, on another origin, posts ready', async () => {
  const code = await codeFromPage(async (page) => {
    await startGame(page, 'bandit');
    return embedCodeFor(page, { what: 'explore', form: 'iframe', orientation: 'black', label: 'A Bandit board' });
  });
  assert.match(code, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html\?game=bandit&amp;mode=explore&amp;orientation=black" title="A Bandit board"/);
  const url = embedder.write('iframe.html', `${code}
    <script>
      window.readyFrom = null;
      addEventListener('message', (e) => { if (e.data && e.data.fairyboard === 1 && e.data.type === 'ready') window.readyFrom = e.data; });
    </script>`);
  const { context, page, errors } = await newPage(env, DESKTOP);
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.readyFrom !== null, null, { timeout: 30000 });
    const ready = await page.evaluate(() => window.readyFrom);
    assert.equal(ready.game, 'bandit');
    assert.equal(ready.mode, 'explore');
    assert.deepEqual(ready.problems, []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
