// Embedded boards (issue 7, item 4): a hand-written page on a SECOND origin loads
// www/fairyboard-board.js from the fairyboard server with one script tag and shows three
// boards of different games and modes; real mouse input in the iframes; the events on the
// right elements; the view board refuses moves but steps; the flipped board; a game's end;
// colours and size from CSS custom properties; the iframe address alone (embed.html) with
// its mode, position, moves and ply, and bad input; the demo page docs/demo.html.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settle, screenshot } from './support.mjs';
import {
  embeddingHost, openEmbedder, gotoFrame, withFrame, allReady, boardFrame, boardFrames, squareInPage, clickBoard, framePosition, framePly, frameText,
} from './embedhost.mjs';

const ORTHODOX_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const BANDIT_MOVES = ['d3d4', 'd7d6', 'c3c4', 'c7c5'];

// The fairyboard server (origin A) with Chromium, and the embedding pages' server (origin B).
const host = embeddingHost({ viewport: { width: 1280, height: 800 }, page: { title: 'Three boards' } });
const newPage = host.newPage;
const clickSquare = (page, board, name) => clickBoard(page, board, name);

async function dragSquare(page, board, from, to) {
  const a = await squareInPage(board, from);
  const b = await squareInPage(board, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** Writes the embedding page into origin B's folder and returns its address. */
const writeEmbedder = (name, body, head = '') => host.write(name, body, { head });

const eventsOf = (page, type) => page.evaluate((t) => window.events.filter((e) => e.type === t), type);

test('three boards of different games on a page of another origin: moves, events, view, flip', async () => {
  const url = writeEmbedder('three.html', `
    <div style="display: flex; gap: 16px; align-items: flex-start">
      <fairyboard-board id="play" game="orthodox" mode="play" label="Play board"><span id="fallback">A chess board (needs JavaScript)</span></fairyboard-board>
      <fairyboard-board id="view" game="bandit" mode="view" moves="1.${BANDIT_MOVES[0]} ${BANDIT_MOVES[1]} 2.${BANDIT_MOVES[2]} ${BANDIT_MOVES[3]}"></fairyboard-board>
      <fairyboard-board id="explore" game="riftwalker" mode="explore" orientation="black"></fairyboard-board>
    </div>`, `<style>
      fairyboard-board { --fairyboard-size: 340px; }
      #view { --fairyboard-light-square: #ffffff; --fairyboard-size: 300px; }
    </style>`);
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const [play, view, explore] = await boardFrames(page, '#play', '#view', '#explore');
    await settle(play.frame);
    await screenshot(page, 'embed-three-boards');

    // Each board runs its own game; the text inside the element was only for pages without the script.
    assert.ok(await page.isHidden('#fallback'));
    assert.equal(await play.iframe.getAttribute('title'), 'Play board');
    assert.equal(await framePosition(play.frame), ORTHODOX_START);
    assert.equal(await view.frame.evaluate(() => window.fairyboard.game.gameId()), 'bandit');
    assert.equal(await explore.frame.evaluate(() => window.fairyboard.game.gameId()), 'riftwalker');
    const ready = await eventsOf(page, 'fairyboard-ready');
    assert.deepEqual(ready.map((e) => e.id).sort(), ['explore', 'play', 'view']);
    assert.ok(ready.every((e) => e.detail.problems.length === 0), JSON.stringify(ready));

    // Size and colours from CSS custom properties; the board fills the frame's width.
    const viewBox = await view.iframe.boundingBox();
    assert.equal(Math.round(viewBox.width), 300);
    assert.equal(Math.round((await play.iframe.boundingBox()).width), 340);
    for (const b of [play, view, explore]) {
      const { canvas, width } = await b.frame.evaluate(() => ({
        canvas: document.getElementById('board').getBoundingClientRect().width, width: innerWidth,
      }));
      assert.ok(Math.abs(canvas - width) <= 1, `board ${canvas}px wide in a ${width}px frame`);
    }
    assert.equal(await view.frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--square-light').trim()), '#ffffff');
    const lightPixel = await view.frame.evaluate(() => {
      const g = window.fairyboard.game;
      const pieces = g.pieces();
      const cell = g.layout().cells.find((c) => !c.dark && !pieces[c.sq]);
      const p = window.fairyboard.squareCenter(cell.name);
      const cv = document.getElementById('board');
      const r = cv.getBoundingClientRect();
      const k = cv.width / r.width;
      return [...cv.getContext('2d').getImageData(Math.floor((p.x - r.left) * k), Math.floor((p.y - r.top) * k), 1, 1).data];
    });
    assert.deepEqual(lightPixel, [255, 255, 255, 255], 'light squares drawn in the colour given');

    // The play board: real mouse moves (click and drag), each a fairyboard-move on #play.
    await clickSquare(page, play, 'e2');
    await clickSquare(page, play, 'e4');
    await settle(play.frame);
    await dragSquare(page, play, 'e7', 'e5');
    await settle(play.frame);
    await page.waitForFunction(() => window.events.filter((e) => e.type === 'fairyboard-move').length === 2);
    const moves = await eventsOf(page, 'fairyboard-move');
    assert.deepEqual(moves.map((e) => e.id), ['play', 'play']);
    assert.deepEqual(moves.map((e) => e.detail.move), ['e2e4', 'e7e5']);
    assert.deepEqual(moves.map((e) => e.detail.ply), [1, 2]);
    assert.equal(moves[1].detail.game, 'orthodox');
    assert.equal(moves[1].detail.position, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    assert.equal(moves[1].detail.position, await framePosition(play.frame));

    // The view board shows all four moves and refuses to move a piece.
    assert.equal(await framePly(view.frame), 4);
    assert.equal(await frameText(view.frame, '#embed-ply'), '4/4');
    const viewStart = await framePosition(view.frame);
    await dragSquare(page, view, 'e3', 'e4');
    await settle(view.frame);
    await clickSquare(page, view, 'a3');
    await clickSquare(page, view, 'a4');
    await settle(view.frame);
    assert.equal(await framePosition(view.frame), viewStart, 'the view board moved nothing');
    assert.match(await frameText(view.frame, '#message'), /replays moves only/);
    // ... but steps: the back button, the arrow keys, the first and last buttons.
    await view.frame.click('#undo');
    await settle(view.frame);
    assert.equal(await framePly(view.frame), 3);
    await view.frame.focus('#board');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await settle(view.frame);
    assert.equal(await framePly(view.frame), 1);
    assert.equal(await frameText(view.frame, '#embed-ply'), '1/4');
    await page.keyboard.press('ArrowRight');
    assert.equal(await framePly(view.frame), 2);
    await view.frame.click('#first');
    assert.equal(await framePly(view.frame), 0);
    assert.ok(await view.frame.$eval('#first', (b) => b.disabled));
    await view.frame.click('#last');
    assert.equal(await framePly(view.frame), 4);
    assert.equal(await framePosition(view.frame), viewStart);
    assert.equal((await eventsOf(page, 'fairyboard-move')).length, 2, 'stepping is not moving');

    // The explore board is flipped: Black at the bottom (i9 low left of a1 at the top right).
    const a1 = await squareInPage(explore, 'a1');
    const i9 = await squareInPage(explore, 'i9');
    assert.ok(a1.y < i9.y && a1.x > i9.x, `a1 ${JSON.stringify(a1)} above and right of i9 ${JSON.stringify(i9)}`);
    // A move there is its own event; Reset goes back to the position given.
    const exploreStart = await framePosition(explore.frame);
    await clickSquare(page, explore, 'e4');
    await clickSquare(page, explore, 'e5');
    await settle(explore.frame);
    await page.waitForFunction(() => window.events.some((e) => e.type === 'fairyboard-move' && e.id === 'explore'));
    const exploreMove = (await eventsOf(page, 'fairyboard-move')).find((e) => e.id === 'explore');
    assert.equal(exploreMove.detail.move, 'e4e5');
    assert.equal(exploreMove.detail.game, 'riftwalker');
    assert.notEqual(await framePosition(explore.frame), exploreStart);
    await explore.frame.click('#reset');
    assert.equal(await framePosition(explore.frame), exploreStart);
    assert.equal(await framePly(explore.frame), 0);

    // The play board plays on to the end of a game: 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#.
    for (const m of ['d1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7']) {
      await clickSquare(page, play, m.slice(0, 2));
      await clickSquare(page, play, m.slice(2, 4));
      await settle(play.frame);
    }
    await page.waitForFunction(() => window.events.some((e) => e.type === 'fairyboard-end'));
    const ends = await eventsOf(page, 'fairyboard-end');
    assert.equal(ends.length, 1);
    assert.equal(ends[0].id, 'play');
    assert.equal(ends[0].detail.result, '1-0');
    assert.equal(ends[0].detail.reason, 'checkmate');
    assert.match(ends[0].detail.text, /checkmate/i);
    assert.match(await frameText(play.frame, '#status'), /checkmate/i);
    assert.deepEqual((await eventsOf(page, 'fairyboard-move')).filter((e) => e.id === 'play').map((e) => e.detail.move),
      ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7']);
    await screenshot(page, 'embed-three-boards-played');

    // Changing an attribute loads the board again from it.
    await page.evaluate(() => document.getElementById('view').setAttribute('ply', '1'));
    await page.waitForFunction(() => window.events.filter((e) => e.type === 'fairyboard-ready' && e.id === 'view').length === 2);
    const again = await boardFrame(page, '#view');
    assert.equal(await framePly(again.frame), 1);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the iframe address alone: mode, position, moves, ply, orientation and colours', async () => {
  const q = new URLSearchParams({
    game: 'orthodox', mode: 'view', position: '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1',
    moves: '1.e2e4 e8d7 2.e4e5', ply: '1', orientation: 'black', 'dark-square': 'rgb(0, 128, 0)',
  });
  await withFrame(host, { viewport: { width: 360, height: 430 } }, q, async ({ page, errors }) => {
    await settle(page);
    await screenshot(page, 'embed-iframe-address');
    assert.equal(await page.evaluate(() => window.fairyboard.positionText()), '4k3/8/8/8/4P3/8/8/4K3 b - - 0 1');
    assert.equal(await page.textContent('#embed-ply'), '1/3');
    assert.equal(await page.textContent('#status'), 'Black to move');
    assert.ok(await page.isHidden('#reset'), 'no reset in view mode');
    assert.ok(await page.isHidden('#embed-problems'));
    const a1 = await page.evaluate(() => window.fairyboard.squareCenter('a1'));
    const h8 = await page.evaluate(() => window.fairyboard.squareCenter('h8'));
    assert.ok(a1.y < h8.y && a1.x > h8.x, 'Black at the bottom');
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--square-dark').trim()), 'rgb(0, 128, 0)');
    // The board fits the frame: at most its width, the controls below it inside the frame.
    const fit = await page.evaluate(() => {
      const r = document.getElementById('board').getBoundingClientRect();
      const bar = document.querySelector('.embed-bar').getBoundingClientRect();
      return { w: r.width, bottom: r.bottom, barBottom: bar.bottom, innerWidth, innerHeight };
    });
    assert.ok(fit.w <= fit.innerWidth && fit.w > 250, JSON.stringify(fit));
    assert.ok(fit.bottom <= fit.barBottom && fit.barBottom <= fit.innerHeight + 0.5, JSON.stringify(fit));
    // The pieces do not move; the arrows step.
    const e4 = await page.evaluate(() => window.fairyboard.squareCenter('e4'));
    await page.mouse.click(e4.x, e4.y);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 3);
    assert.equal(await page.evaluate(() => window.fairyboard.positionText()), '8/3k4/8/4P3/8/8/8/4K3 b - - 0 2');
    assert.deepEqual(errors, []);

    // Play mode (the default) from a position given by its board and side only, and two
    // moves: they are the game so far, so Back takes back only the moves played here.
    await gotoFrame(page, host, `game=orthodox&moves=e1d1+e8d8&position=${encodeURIComponent('4k3/8/8/8/8/8/4P3/4K3 w')}`);
    await settle(page);
    const shown = () => page.evaluate(() => window.fairyboard.positionText());
    assert.equal(await shown(), '3k4/8/8/8/8/8/4P3/3K4 w - - 2 2');
    assert.ok(await page.isHidden('#first'));
    assert.ok(await page.isVisible('#reset'));
    assert.ok(await page.$eval('#undo', (b) => b.disabled), 'the moves given cannot be taken back');
    for (const sq of ['e2', 'e4']) {
      const c = await page.evaluate((n) => window.fairyboard.squareCenter(n), sq);
      await page.mouse.click(c.x, c.y);
    }
    assert.equal(await shown(), '3k4/8/8/8/4P3/8/8/3K4 b - - 0 2');
    await page.click('#undo');
    assert.equal(await shown(), '3k4/8/8/8/8/8/4P3/3K4 w - - 2 2');
    assert.ok(await page.$eval('#undo', (b) => b.disabled));
    await page.click('#redo');
    assert.equal(await shown(), '3k4/8/8/8/4P3/8/8/3K4 b - - 0 2');
    await page.click('#reset');
    assert.equal(await shown(), '3k4/8/8/8/8/8/4P3/3K4 w - - 2 2');
    assert.deepEqual(errors, []);
  });
});

test('a 320 px phone: the board fills the frame and plays by taps, the view board steps by taps', async () => {
  const { context, page, errors } = await newPage({
    viewport: { width: 320, height: 420 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2,
  });
  try {
    await gotoFrame(page, host, 'game=quarter&mode=explore');
    await settle(page);
    const width = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().width);
    assert.ok(width > 300 && width <= 320, `board ${width}px wide`);
    const tap = async (sq) => {
      const c = await page.evaluate((n) => window.fairyboard.squareCenter(n), sq);
      await page.touchscreen.tap(c.x, c.y);
    };
    await tap('a2');
    await tap('a3');
    await settle(page);
    assert.equal(await page.evaluate(() => window.fairyboard.game.history().join(' ')), 'a2a3');
    await screenshot(page, 'embed-phone-explore');

    await gotoFrame(page, host, 'game=pawnier&mode=view&moves=g4g6+c8d6');
    await page.tap('#undo');
    await page.tap('#undo');
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 0);
    await page.tap('#last');
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 2);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('bad input: a clear message on the board, which still plays the moves before it', async () => {
  const { context, page } = await newPage({ viewport: { width: 400, height: 520 } });
  try {
    const open = async (query) => {
      await gotoFrame(page, host, query);
      await settle(page);
      return (await page.textContent('#embed-problems')).trim();
    };
    // An illegal third move: the first two are played, the board plays on.
    let text = await open('game=orthodox&moves=e2e4%20e7e5%20e4e5%20d2d4');
    assert.match(text, /Move 3, "e4e5", cannot be played/);
    assert.ok(await page.isVisible('#embed-problems'));
    await screenshot(page, 'embed-bad-move');
    assert.equal(await page.evaluate(() => window.fairyboard.game.history().join(' ')), 'e2e4 e7e5');
    for (const sq of ['g1', 'f3']) {
      const c = await page.evaluate((n) => window.fairyboard.squareCenter(n), sq);
      await page.mouse.click(c.x, c.y);
    }
    assert.equal(await page.evaluate(() => window.fairyboard.game.history().join(' ')), 'e2e4 e7e5 g1f3');

    // A position that cannot be read: its reason, and the usual start.
    text = await open('game=bandit&position=xyz%20w');
    assert.match(text, /The position "xyz w" cannot be read: .+/);
    assert.equal(await page.evaluate(() => window.fairyboard.positionText()),
      'ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1');

    // Unknown game, mode, orientation, colour and ply: each named, the defaults used.
    text = await open('game=checkers&mode=watch&orientation=left&light-square=notacolour&ply=two');
    for (const part of [/Unknown game "checkers"/, /Unknown mode "watch"/, /Unknown orientation "left"/,
      /light-square="notacolour" is not a CSS colour/, /ply "two" is not a number/]) {
      assert.match(text, part);
    }
    assert.equal(await page.evaluate(() => window.fairyboard.game.gameId()), 'orthodox');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.mode), 'play');

    // A theme by name: the page's green theme; an unknown one named, the default colours kept.
    const light = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--square-light').trim());
    text = await open('game=orthodox');
    const plain = await light();
    text = await open('game=orthodox&theme=green');
    assert.equal(text, '');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'green');
    const green = await light();
    assert.notEqual(green, plain, 'the green theme has its own light squares');
    const drawn = await page.evaluate(() => {
      const canvas = document.getElementById('board');
      const c = window.fairyboard.squareCenter('a8');
      const r = canvas.getBoundingClientRect();
      const k = canvas.width / r.width;
      const [red, g, b] = canvas.getContext('2d').getImageData(Math.round((c.x - r.left) * k), Math.round((c.y - r.top - r.height / 20) * k), 1, 1).data;
      const probe = document.createElement('span');
      probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--square-light');
      document.body.append(probe);
      const want = getComputedStyle(probe).color;
      probe.remove();
      return { got: `rgb(${red}, ${g}, ${b})`, want };
    });
    assert.equal(drawn.got, drawn.want, 'a8, a light square, is drawn in the theme\'s colour');
    text = await open('game=orthodox&theme=pink');
    assert.match(text, /Unknown theme "pink" \(use auto, brown, green, blue, contrast\)/);
    assert.equal(await light(), plain);
  } finally {
    await context.close();
  }
});

test('the demo page: every embedded board ready, with no problem and no error', async () => {
  const { context, page, errors } = await newPage({ viewport: { width: 1000, height: 900 } });
  try {
    await page.goto(`${host.url}docs/demo.html`);
    await allReady(page, errors);
    const boards = await page.$$eval('fairyboard-board', (bs) => bs.map((b) => ({
      game: b.getAttribute('game'), moves: b.getAttribute('moves'), problems: b.problems,
    })));
    const games = new Set(boards.map((b) => b.game));
    for (const g of ['orthodox', 'vagabond', 'bandit', 'quarter', 'pawnier', 'riftwalker']) {
      assert.ok(games.has(g), `the demo shows ${g}`);
    }
    for (const b of boards) assert.deepEqual(b.problems, [], `${b.game} ${b.moves}`);
    // Every frame drew its board and shows no message.
    for (const handle of await page.locator('fairyboard-board iframe').elementHandles()) {
      const frame = await handle.contentFrame();
      const state = await frame.evaluate(() => ({
        ready: window.fairyboard.ready,
        problems: document.getElementById('embed-problems').textContent,
        status: document.getElementById('status').dataset.kind,
      }));
      assert.deepEqual(state, { ready: true, problems: '', status: state.status === 'error' ? 'not error' : state.status });
    }
    await screenshot(page, 'embed-demo');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
