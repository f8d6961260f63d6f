// Embedded boards against the computer (issue 16 follow-up): <fairyboard-board
// opponent="computer" level="1" player="white"> in a page of ANOTHER origin; the person plays
// by real clicks in the iframe, the computer replies, and both moves come out as
// fairyboard-move events saying who moved (detail.by); player="black" turns the board and
// the computer opens; the thinking line and the game-over panel in a small frame
// (screenshots in tests/output/); bad opponent, level and player values named on the board.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settle, screenshot } from './support.mjs';
import {
  embeddingHost, openEmbedder, boardFrame, clickBoard, gotoFrame, withFrame,
} from './embedhost.mjs';


// The fairyboard server (origin A) with Chromium, and the embedding pages' server (origin B).
const host = embeddingHost({ viewport: { width: 1000, height: 800 }, page: { title: 'Play the computer' } });
/** Writes the embedding page into origin B's folder and returns its address. */
const writeEmbedder = (name, body, head = '') => host.write(name, body, { head });

const eventsOf = (page, type, id) => page.evaluate(([t, i]) => window.events
  .filter((e) => e.type === t && (!i || e.id === i)), [type, id]);

/** Waits for `n` fairyboard-move events of board `id`, and returns them. */
async function movesOf(page, id, n, timeout = 15000) {
  await page.waitForFunction(([i, k]) => window.events
    .filter((e) => e.type === 'fairyboard-move' && e.id === i).length >= k, [id, n], { timeout });
  return eventsOf(page, 'fairyboard-move', id);
}

const clickSquare = (page, board, name) => clickBoard(page, board, name);

/** One legal move of the side to move that a click from a cell to another plays without a choice. */
function clickableMove(frame, n = 0) {
  return frame.evaluate((k) => {
    const g = window.fairyboard.game;
    const cells = g.layout().cells;
    const moves = Array.from(g.legalMoves());
    const count = new Map();
    for (const m of moves) if (m.from != null && m.from !== m.to) count.set(`${m.from}-${m.to}`, (count.get(`${m.from}-${m.to}`) || 0) + 1);
    const plain = moves.filter((m) => m.from != null && m.from !== m.to && count.get(`${m.from}-${m.to}`) === 1);
    const m = plain[(k * 7) % plain.length];
    return m ? { from: cells[m.from].name, to: cells[m.to].name, text: m.text } : null;
  }, n);
}

const versusOf = (frame) => frame.evaluate(() => window.fairyboard.versus());
const positionOf = (frame) => frame.evaluate(() => window.fairyboard.positionText());
const lineOf = (frame) => frame.evaluate(() => Array.from(window.fairyboard.game.line()));

test('a board of another origin plays the computer: clicks, replies, events saying who moved', async () => {
  const url = writeEmbedder('versus.html', `
    <fairyboard-board id="vs" game="orthodox" opponent="computer" level="1" player="white" label="Play the computer"></fairyboard-board>
    <fairyboard-board id="two" game="orthodox"></fairyboard-board>`,
  '<style>fairyboard-board { --fairyboard-size: 320px; display: inline-block; vertical-align: top; }</style>');
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const vs = await boardFrame(page, '#vs');
    await boardFrame(page, '#two');
    await settle(vs.frame);
    const v = await versusOf(vs.frame);
    assert.deepEqual([v.opponent, v.side, v.level, v.computerSide], ['computer', 'w', 1, 'b']);
    const ready = (await eventsOf(page, 'fairyboard-ready')).find((e) => e.id === 'vs');
    assert.deepEqual(ready.detail.problems, []);
    // White at the bottom: the person's colour.
    const a1 = await vs.frame.evaluate(() => window.fairyboard.squareCenter('a1'));
    const h8 = await vs.frame.evaluate(() => window.fairyboard.squareCenter('h8'));
    assert.ok(a1.y > h8.y, 'White at the bottom');

    // Three moves each: the person by clicks, the computer by itself; each one an event.
    for (let i = 0; i < 3; i += 1) {
      const m = i === 0 ? { from: 'e2', to: 'e4', text: 'e2e4' } : await clickableMove(vs.frame, i);
      await clickSquare(page, vs, m.from);
      await clickSquare(page, vs, m.to);
      const moves = await movesOf(page, 'vs', 2 * i + 2);
      assert.equal(moves[2 * i].detail.move, m.text);
      assert.equal(moves[2 * i].detail.by, 'person');
      assert.equal(moves[2 * i + 1].detail.by, 'computer');
      assert.equal(moves[2 * i + 1].detail.ply, 2 * i + 2);
      await settle(vs.frame);
    }
    const moves = await eventsOf(page, 'fairyboard-move', 'vs');
    assert.equal(moves.length, 6);
    assert.deepEqual(moves.map((e) => e.detail.move), await lineOf(vs.frame), 'the events name the moves of the game');
    assert.deepEqual(moves.map((e) => e.detail.ply), [1, 2, 3, 4, 5, 6]);
    assert.equal(moves[5].detail.position, await positionOf(vs.frame));
    assert.ok(moves.every((e) => e.detail.game === 'orthodox'));
    await screenshot(page, 'embed-computer-played');

    // Back takes back the person's move with the computer's reply.
    await vs.frame.click('#undo');
    await settle(vs.frame);
    assert.equal(await vs.frame.evaluate(() => window.fairyboard.game.ply()), 4);
    assert.equal(await vs.frame.evaluate(() => window.fairyboard.game.sideToMove()), 'w');

    // The other board still plays two people: both sides' moves are the person's.
    const two = await boardFrame(page, '#two');
    assert.equal((await versusOf(two.frame)).opponent, 'human');
    for (const sq of ['d2', 'd4', 'd7', 'd5']) await clickSquare(page, two, sq);
    const twoMoves = await movesOf(page, 'two', 2);
    assert.deepEqual(twoMoves.map((e) => [e.detail.move, e.detail.by]), [['d2d4', 'person'], ['d7d5', 'person']]);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('player="black": the board turns and the computer opens', async () => {
  const url = writeEmbedder('black.html', `
    <fairyboard-board id="vs" game="bandit" opponent="computer" level="2" player="black"></fairyboard-board>`,
  '<style>fairyboard-board { --fairyboard-size: 340px; }</style>');
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const vs = await boardFrame(page, '#vs');
    const first = await movesOf(page, 'vs', 1);
    assert.equal(first[0].detail.by, 'computer');
    assert.equal(first[0].detail.ply, 1);
    assert.equal(first[0].detail.game, 'bandit');
    await settle(vs.frame);
    const v = await versusOf(vs.frame);
    assert.deepEqual([v.opponent, v.side, v.level, v.computerSide], ['computer', 'b', 2, 'w']);
    const cells = await vs.frame.evaluate(() => window.fairyboard.game.layout().cells.map((c) => c.name));
    const low = await vs.frame.evaluate((n) => window.fairyboard.squareCenter(n), cells[0]);
    const high = await vs.frame.evaluate((n) => window.fairyboard.squareCenter(n), cells[cells.length - 1]);
    assert.ok(low.y < high.y, 'Black at the bottom');

    // The person (Black) answers by clicks; the computer replies.
    const m = await clickableMove(vs.frame, 1);
    await clickSquare(page, vs, m.from);
    await clickSquare(page, vs, m.to);
    const moves = await movesOf(page, 'vs', 3);
    assert.deepEqual(moves.map((e) => e.detail.by), ['computer', 'person', 'computer']);
    assert.equal(moves[1].detail.move, m.text);
    await settle(vs.frame);

    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a small frame: the thinking line in place of the status, and the game-over panel', async () => {
  // Level 8 thinks for a second: the line shows meanwhile, on one line, the bar no taller.
  const query = 'game=quarter&opponent=computer&level=8&player=black';
  await withFrame(host, { viewport: { width: 300, height: 370 } }, query, async ({ page, errors }) => {
    const barBefore = await page.evaluate(() => document.querySelector('.embed-bar').getBoundingClientRect().height);
    await page.waitForSelector('#thinking:not([hidden])', { timeout: 5000 });
    // Its pieces are its own: on its turn a click-move of a White piece does nothing.
    const w = await page.evaluate(() => {
      const g = window.fairyboard.game;
      const cells = g.layout().cells;
      const m = Array.from(g.legalMoves()).find((x) => x.from != null && x.from !== x.to);
      return { from: cells[m.from].name, to: cells[m.to].name, ply: g.ply(), side: g.sideToMove() };
    });
    assert.deepEqual([w.ply, w.side], [0, 'w']);
    for (const sq of [w.from, w.to]) {
      const c = await page.evaluate((n) => window.fairyboard.squareCenter(n), sq);
      await page.mouse.click(c.x, c.y);
    }
    const after = await page.evaluate(() => ({ ply: window.fairyboard.game.ply(), thinking: window.fairyboard.versus().thinking }));
    if (after.thinking) assert.equal(after.ply, 0, 'the person cannot move the computer\'s pieces');
    await page.waitForFunction(() => /depth \d+/.test(document.getElementById('thinking-text').textContent), null, { timeout: 5000 });
    assert.match(await page.textContent('#thinking-text'), /The computer \(White, level 8\) is thinking: depth \d+/);
    // In a frame this narrow the side and level are left out: "The computer is thinking: depth 7".
    assert.match(await page.innerText('#thinking-text'), /^The computer is thinking: depth \d+$/);
    assert.ok(await page.$eval('#thinking-text', (el) => el.scrollWidth <= el.clientWidth), 'the whole line shows');
    assert.ok(await page.isHidden('#status'), 'the thinking line takes the status\'s place');
    const thinking = await page.evaluate(() => ({
      bar: document.querySelector('.embed-bar').getBoundingClientRect().height,
      line: document.getElementById('thinking').getBoundingClientRect().height,
    }));
    assert.ok(Math.abs(thinking.bar - barBefore) <= 1, `bar ${barBefore}px, ${thinking.bar}px while thinking`);
    assert.ok(thinking.line < 30, `the thinking line is one line (${thinking.line}px)`);
    await screenshot(page, 'embed-computer-thinking');
    await page.waitForSelector('#thinking', { state: 'hidden', timeout: 15000 });
    assert.ok(await page.isVisible('#status'));
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 1);

    // A mate in one for the person (White) from a position given: the panel in the frame.
    const position = encodeURIComponent('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    await gotoFrame(page, host, `game=orthodox&opponent=computer&level=1&position=${position}`);
    await settle(page);
    for (const sq of ['a1', 'a8']) {
      const c = await page.evaluate((n) => window.fairyboard.squareCenter(n), sq);
      await page.mouse.click(c.x, c.y);
    }
    await page.waitForSelector('#game-over[open]', { timeout: 5000 });
    assert.equal(await page.textContent('#game-over-title'), 'You win');
    assert.equal(await page.textContent('#game-over-reason'), 'White wins by checkmate after 1. Ra8#. Result 1-0.');
    assert.match(await page.textContent('#rematch'), /you play Black/);
    assert.ok(await page.isHidden('#game-over button[value="new"]'), 'no New game in a frame: Rematch and Reset');
    // The panel fits inside the frame.
    const box = await page.evaluate(() => {
      const r = document.getElementById('game-over').getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, w: innerWidth, h: innerHeight };
    });
    assert.ok(box.left >= 0 && box.top >= 0 && box.right <= box.w && box.bottom <= box.h, JSON.stringify(box));
    await screenshot(page, 'embed-computer-game-over');

    // Rematch: from the position given again, the colours swapped, the board turned.
    // (The computer, White now, may well mate at once: the panel then comes back for it.)
    await page.click('#rematch');
    await page.waitForFunction(() => window.fairyboard.versus().side === 'b');
    const v = await page.evaluate(() => window.fairyboard.versus());
    assert.deepEqual([v.opponent, v.side, v.computerSide], ['computer', 'b', 'w']);
    const a1 = await page.evaluate(() => window.fairyboard.squareCenter('a1'));
    const h8 = await page.evaluate(() => window.fairyboard.squareCenter('h8'));
    assert.ok(a1.y < h8.y, 'Black at the bottom after the rematch');
    await page.waitForFunction(() => window.fairyboard.game.ply() === 1 && !window.fairyboard.versus().thinking, null, { timeout: 15000 });
    assert.equal(await page.evaluate(() => window.fairyboard.game.startText()), '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    assert.deepEqual(errors, []);
  });
});

test('moves given: the computer answers when the moves leave it to move', async () => {
  const query = 'game=orthodox&opponent=computer&level=1&player=black&moves=e2e4+e7e5';
  await withFrame(host, { viewport: { width: 360, height: 440 } }, query, async ({ page, errors }) => {
    await page.waitForFunction(() => window.fairyboard.game.ply() === 3, null, { timeout: 15000 });
    const line = await page.evaluate(() => Array.from(window.fairyboard.game.line()));
    assert.deepEqual(line.slice(0, 2), ['e2e4', 'e7e5']);
    // Reset: back to the moves given, and the computer moves again.
    await page.waitForFunction(() => !window.fairyboard.versus().thinking);
    await page.click('#reset');
    await page.waitForFunction(() => window.fairyboard.game.ply() === 3, null, { timeout: 15000 });
    assert.deepEqual((await page.evaluate(() => Array.from(window.fairyboard.game.line()))).slice(0, 2), ['e2e4', 'e7e5']);
    assert.deepEqual(errors, []);
  });
});

test('bad opponent, level and player: each named on the board, the defaults used; player="random"', async () => {
  const url = writeEmbedder('bad.html', `
    <fairyboard-board id="bad" game="orthodox" opponent="robot" level="9" player="green"></fairyboard-board>
    <fairyboard-board id="view" game="orthodox" mode="view" opponent="computer"></fairyboard-board>
    <fairyboard-board id="rnd" game="orthodox" opponent="computer" level="1" player="random"></fairyboard-board>`,
  '<style>fairyboard-board { --fairyboard-size: 320px; }</style>');
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const bad = await boardFrame(page, '#bad');
    const view = await boardFrame(page, '#view');
    const problems = await page.$eval('#bad', (b) => b.problems);
    assert.equal(problems.length, 3, JSON.stringify(problems));
    assert.match(problems[0], /Unknown opponent "robot" \(use computer or human\)/);
    assert.match(problems[1], /The level "9" is not a level from 1 to 8/);
    assert.match(problems[2], /Unknown player "green" \(use white, black or random\)/);
    const shown = (await bad.frame.textContent('#embed-problems')).trim();
    for (const p of problems) assert.ok(shown.includes(p), `shown on the board: ${p}`);
    assert.ok(await bad.frame.isVisible('#embed-problems'));
    const v = await versusOf(bad.frame);
    assert.deepEqual([v.opponent, v.side, v.level], ['human', 'w', 3]);
    await screenshot(page, 'embed-computer-bad');
    const viewProblems = await page.$eval('#view', (b) => b.problems);
    assert.match(viewProblems.join(' '), /opponent="computer" plays only in play or explore mode/);
    assert.equal((await versusOf(view.frame)).opponent, 'human');
    // The board with bad values still plays, two people.
    for (const sq of ['e2', 'e4', 'e7', 'e5']) await clickSquare(page, bad, sq);
    const moves = await movesOf(page, 'bad', 2);
    assert.deepEqual(moves.map((e) => e.detail.by), ['person', 'person']);
    // player="random": a side drawn, the board turned to it, the computer opening for Black.
    const rnd = await boardFrame(page, '#rnd');
    const r = await versusOf(rnd.frame);
    assert.ok(['w', 'b'].includes(r.side) && r.computerSide !== r.side && r.opponent === 'computer', JSON.stringify(r));
    const a1 = await rnd.frame.evaluate(() => window.fairyboard.squareCenter('a1'));
    const h8 = await rnd.frame.evaluate(() => window.fairyboard.squareCenter('h8'));
    assert.equal(a1.y > h8.y, r.side === 'w', 'the person\'s side at the bottom');
    assert.deepEqual(await page.$eval('#rnd', (el) => el.problems), []);
    if (r.side === 'b') assert.equal((await movesOf(page, 'rnd', 1))[0].detail.by, 'computer');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
