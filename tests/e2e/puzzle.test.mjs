// Puzzles on embedded boards (issue 18): a page on a SECOND origin shows <fairyboard-board
// mode="puzzle"> boards; real mouse input in the iframes. A puzzle solved with a wrong try
// taken back (the message, the position, the events), Hint; another winning move accepted at
// the last step; a solution move that cannot be played named on the board; the iframe
// address alone with a variant's special win (Quarter Chess: the king caught between two
// merchants).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settle, screenshot } from './support.mjs';
import {
  embeddingHost, openEmbedder, boardFrames, clickBoard, framePosition, frameText,
} from './embedhost.mjs';

// White mates in two: 1. Rb7 (the only black move is Kg8) 2. Ra8#, or 2. Qe8#.
const MATE_IN_TWO = '7k/8/8/8/8/8/1R6/R1K1Q3 w - - 0 1';
const AFTER_RB7 = '7k/1R6/8/8/8/8/8/R1K1Q3 b - - 1 1';
const AFTER_KG8 = '6k1/1R6/8/8/8/8/8/R1K1Q3 w - - 2 2';

// The fairyboard server (origin A) with Chromium, and the puzzle pages' server (origin B).
const host = embeddingHost({
  viewport: { width: 1280, height: 800 },
  prefix: 'fairyboard-puzzler-',
  page: {
    title: 'Puzzles',
    head: '<style>fairyboard-board { --fairyboard-size: 400px; }</style>',
    events: ['fairyboard-ready', 'fairyboard-move', 'fairyboard-end', 'fairyboard-puzzle'],
  },
});
const newPage = host.newPage;
const writeEmbedder = host.write;
/** Clicks square `from` then `to` of the board in `board.frame` with the page's mouse. */
const clickMove = (page, board, from, to) => clickBoard(page, board, from, to);

const eventsOf = (page, type, id) => page.evaluate(([t, i]) => window.events.filter((e) => e.type === t && e.id === i).map((e) => e.detail), [type, id]);
const waitEvents = (page, type, id, n) => page.waitForFunction(([t, i, k]) => window.events.filter((e) => e.type === t && e.id === i).length >= k, [type, id, n], { timeout: 10000 });
/** Waits for `n` fairyboard-puzzle events of board `id`, and returns their details. */
const puzzleEvents = async (page, id, n) => {
  await waitEvents(page, 'fairyboard-puzzle', id, n);
  return eventsOf(page, 'fairyboard-puzzle', id);
};

test('puzzles on a page of another origin: solved after a wrong try, another mate at the last step, a bad solution named', async () => {
  const url = writeEmbedder('puzzles.html', `<div style="display: flex; gap: 8px; align-items: flex-start">
    <fairyboard-board id="solve" game="orthodox" mode="puzzle" position="${MATE_IN_TWO}" solution="1. Rb7 Kg8 2. Ra8#"></fairyboard-board>
    <fairyboard-board id="other" game="orthodox" mode="puzzle" position="${MATE_IN_TWO}" solution="b2b7 h8g8 a1a8"></fairyboard-board>
    <fairyboard-board id="bad" game="orthodox" mode="puzzle" position="${MATE_IN_TWO}" solution="Rb7 Kg7 Ra8#"></fairyboard-board></div>`);
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const [solve, other, bad] = await boardFrames(page, '#solve', '#other', '#bad');
    await settle(solve.frame);

    const ready = await page.evaluate(() => window.events.filter((e) => e.type === 'fairyboard-ready').map((e) => ({ id: e.id, ...e.detail })));
    const solveReady = ready.find((e) => e.id === 'solve');
    assert.deepEqual(solveReady.problems, []);
    assert.deepEqual(solveReady.puzzle, { solver: 'w', moves: 3 });
    assert.match(await frameText(solve.frame, '#status'), /White to play/);
    assert.ok(await solve.frame.isVisible('#puzzle-hint'));
    assert.ok(await solve.frame.isVisible('#puzzle-solution'));

    // Hint: the piece first, then the move.
    await solve.frame.click('#puzzle-hint');
    assert.match(await frameText(solve.frame, '#status'), /rook on b2/i);
    await solve.frame.click('#puzzle-hint');
    assert.equal(await frameText(solve.frame, '#status'), 'Hint: Rb7.');

    // A wrong move (a check, not the move) is played, then taken back with the message.
    await clickMove(page, solve, 'a1', 'a8');
    assert.deepEqual(await puzzleEvents(page, 'solve', 1), [{ ply: 1, move: 'a1a8', name: 'Ra8+', correct: false }]);
    await solve.frame.waitForFunction((p) => window.fairyboard.positionText() === p, MATE_IN_TWO, { timeout: 5000 });
    assert.equal(await frameText(solve.frame, '#message'), 'Not the move: try again.');
    await settle(solve.frame);
    await screenshot(page, 'puzzle-wrong-move');
    assert.equal(await solve.frame.evaluate(() => window.fairyboard.game.line().length), 0, 'the wrong move is gone, not kept for Forward');
    assert.ok(await solve.frame.isDisabled('#redo'));

    // The right move; the board answers with Black's move from the solution after a pause.
    await clickMove(page, solve, 'b2', 'b7');
    await waitEvents(page, 'fairyboard-puzzle', 'solve', 2);
    await solve.frame.waitForFunction((p) => window.fairyboard.positionText() === p, AFTER_KG8, { timeout: 5000 });
    const moves = await eventsOf(page, 'fairyboard-move', 'solve');
    assert.deepEqual(moves.map((m) => [m.move, m.by]), [['a1a8', 'person'], ['b2b7', 'person'], ['h8g8', 'puzzle']]);
    assert.equal(moves[1].position, AFTER_RB7);
    await settle(solve.frame);
    // The mate ends it: solved, said on the board and by an event.
    await clickMove(page, solve, 'a1', 'a8');
    assert.deepEqual(await puzzleEvents(page, 'solve', 4), [
      { ply: 1, move: 'a1a8', name: 'Ra8+', correct: false },
      { ply: 1, move: 'b2b7', name: 'Rb7', correct: true },
      { ply: 3, move: 'a1a8', name: 'Ra8#', correct: true },
      { solved: true, tries: 3, mistakes: 1, hints: 2 },
    ]);
    await settle(solve.frame);
    assert.match(await frameText(solve.frame, '#status'), /^Solved!/);
    assert.ok(!(await solve.frame.evaluate(() => document.getElementById('game-over').open)), 'no end-of-game panel over the puzzle');
    assert.ok(await solve.frame.isDisabled('#puzzle-hint'));
    await screenshot(page, 'puzzle-solved');
    const end = await eventsOf(page, 'fairyboard-end', 'solve');
    assert.equal(end.length, 1);
    assert.equal(end[0].winner, 'w');

    // Another mate at the last step (Qe8# where the solution says Ra8#) solves it too.
    await clickMove(page, other, 'b2', 'b7');
    await other.frame.waitForFunction((p) => window.fairyboard.positionText() === p, AFTER_KG8, { timeout: 5000 });
    await settle(other.frame);
    await clickMove(page, other, 'e1', 'e8');
    assert.deepEqual(await puzzleEvents(page, 'other', 3), [
      { ply: 1, move: 'b2b7', name: 'Rb7', correct: true },
      { ply: 3, move: 'e1e8', name: 'Qe8#', correct: true },
      { solved: true, tries: 2, mistakes: 0, hints: 0 },
    ]);
    assert.match(await frameText(other.frame, '#status'), /^Solved!/);
    // Reset starts the puzzle again.
    await other.frame.click('#reset');
    assert.equal(await framePosition(other.frame), MATE_IN_TWO);
    assert.match(await frameText(other.frame, '#status'), /White to play/);

    // A solution move that cannot be played is named on the board and in `problems`.
    const problems = await page.$eval('#bad', (b) => b.problems);
    assert.equal(problems.length, 1, JSON.stringify(problems));
    assert.match(problems[0], /Solution move 2, "Kg7", cannot be played/);
    assert.ok(await bad.frame.isVisible('#embed-problems'));
    assert.match(await frameText(bad.frame, '#embed-problems'), /Solution move 2, "Kg7"/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the iframe address alone: a Quarter Chess puzzle solved by catching the king; Solution plays it out', async () => {
  const position = '8/8/8/2Mk1M2/8/8/8/6K1 w - - 0 1';
  const src = `${host.url}embed.html?mode=puzzle&game=quarter&position=${encodeURIComponent(position)}&solution=${encodeURIComponent('Me5')}`;
  const url = writeEmbedder('frame.html', `
    <iframe id="quarter" src="${src}" style="width: 360px; height: 440px; border: 0"></iframe>
    <iframe id="shown" src="${src}" style="width: 360px; height: 440px; border: 0"></iframe>
    <script>
      window.frameEvents = [];
      addEventListener('message', (e) => {
        if (e.data && e.data.fairyboard === 1) window.frameEvents.push({ from: e.source === document.getElementById('quarter').contentWindow ? 'quarter' : 'shown', ...e.data });
      });
    </script>`);
  const { context, page, errors } = await newPage();
  try {
    await page.goto(url);
    const frameOf = async (id) => {
      const handle = await page.locator(`#${id}`).elementHandle();
      const frame = await handle.contentFrame();
      await frame.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 60000 });
      await settle(frame);
      return { frame, iframe: handle };
    };
    const quarter = await frameOf('quarter');
    const shown = await frameOf('shown');
    await clickMove(page, quarter, 'f5', 'e5');
    await page.waitForFunction(() => window.frameEvents.some((e) => e.from === 'quarter' && e.type === 'puzzle' && e.solved));
    const puzzle = await page.evaluate(() => window.frameEvents.filter((e) => e.from === 'quarter' && e.type === 'puzzle')
      .map(({ from, fairyboard, type, ...d }) => d));
    assert.deepEqual(puzzle, [
      { ply: 1, move: 'f5e5', name: 'Me5/xd5#', correct: true },
      { solved: true, tries: 1, mistakes: 0, hints: 0 },
    ]);
    assert.match(await frameText(quarter.frame, '#status'), /^Solved!/);

    // Solution plays the rest; the end says so, not solved.
    await shown.frame.click('#puzzle-solution');
    await page.waitForFunction(() => window.frameEvents.some((e) => e.from === 'shown' && e.type === 'puzzle' && e.shown));
    const told = await page.evaluate(() => window.frameEvents.filter((e) => e.from === 'shown' && e.type === 'puzzle')
      .map(({ from, fairyboard, type, ...d }) => d));
    assert.deepEqual(told, [{ solved: false, shown: true, tries: 0, mistakes: 0, hints: 0 }]);
    assert.equal(await shown.frame.evaluate(() => window.fairyboard.game.line().join(' ')), 'f5e5');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
