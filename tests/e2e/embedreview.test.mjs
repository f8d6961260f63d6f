// An embedded board's review="on" (issue 29), in a 320 px wide <fairyboard-board> on a page
// of another origin, with real clicks: a lichess PGN with [%eval] comments shows its graph
// and its judged moves at once, with no review run; a click on the graph moves the board,
// and so does a judged move's button; a short game without evaluations offers Review, which
// runs in the embed and then shows the graph and the marks. The Embed dialog offers the review
// for a game replayed and a study, and its code shows it. review="on" on a puzzle is refused.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { settle, screenshot, openBoard, DESKTOP } from './support.mjs';
import { embeddingHost, openEmbedder, boardFrame, framePly, frameText, withFrame } from './embedhost.mjs';
import { importPgn, openEmbedDialog } from './steps.mjs';

const host = embeddingHost({ viewport: { width: 800, height: 900 }, page: { title: 'Reviewed boards' } });
const OPERA = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'data', 'opera-lichess.pgn'), 'utf8');
// 3. Qxe5+?? gives the queen for a pawn: a short game, quick to review.
const BLUNDER = 'e2e4 e7e5 d1h5 b8c6 h5e5 c6e5 f1c4 g8f6 d2d3 e5c4 d3c4 f8b4';

const attr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Clicks the embedded graph of `board` at `fraction` of its width (0 the left end), with the page's mouse. */
async function clickGraph(page, board, fraction) {
  const g = await board.frame.locator('#eval-graph').boundingBox(); // in the page's coordinates
  const x = g.x + Math.max(1, Math.min(g.width - 1, fraction * g.width));
  await page.mouse.click(x, g.y + g.height / 2);
  await settle(board.frame);
}

test('a PGN with evaluations: the graph and the judged moves at once, no review; the graph and the marks go to their moves', async () => {
  const url = host.write('opera.html', `<fairyboard-board id="b" mode="view" review="on" pgn="${attr(OPERA)}" style="--fairyboard-size: 320px"></fairyboard-board>`);
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const board = await boardFrame(page, '#b');
    const { frame, iframe } = board;
    await frame.waitForSelector('#eval-graph:not([hidden])');
    assert.ok(await frame.isHidden('#embed-review-run'), 'no Review button: the evaluations are there');
    assert.equal(await frameText(frame, '#embed-review-status'), '', 'nothing analysed');
    assert.equal(await frame.evaluate(() => performance.getEntriesByType('resource').some((e) => /worker\.js/.test(e.name))), false,
      'no worker started');
    // It fits the 320 px frame: the graph as wide as the frame, inside it, and the frame tall enough to show it.
    // (Boxes are in the page's coordinates: the frame's box holds the graph's.)
    const frameBox = await iframe.boundingBox();
    assert.equal(Math.round(frameBox.width), 320);
    const g = await frame.locator('#eval-graph').boundingBox();
    assert.ok(g.x >= frameBox.x && g.x + g.width <= frameBox.x + 320 && g.width >= 280, JSON.stringify(g));
    const marks = (await frame.$$eval('#embed-review-marks button', (bs) => bs.map((b) => b.textContent)));
    assert.ok(marks.includes('3…Bg4?!'), marks.join(' '));
    await settle(frame);
    const last = await frame.locator('#embed-review').boundingBox();
    const tall = await iframe.boundingBox();
    assert.ok(last.y + last.height <= tall.y + tall.height + 1, `the frame is tall enough for the review: ${JSON.stringify([last, tall])}`);
    await screenshot(page, 'embed-review-opera-320');

    assert.equal(await framePly(frame), 0);
    await clickGraph(page, board, 1);
    assert.equal(await framePly(frame), 33, 'the right end is the last move');
    await clickGraph(page, board, 0.5);
    const middle = await framePly(frame);
    assert.ok(Math.abs(middle - 16.5) <= 1.5, `the middle: ply ${middle}`);
    assert.equal(await frame.getAttribute('#eval-graph', 'aria-valuenow'), String(middle));
    // A judged move's button goes to it; its mark and verdict are under the board.
    await frame.click('#embed-review-marks button:text("3…Bg4?!")');
    await settle(frame);
    assert.equal(await framePly(frame), 6);
    assert.match(await frameText(frame, '#move-comment'), /^3\.\.\. Bg4\?! .*Inaccuracy\. exd4 was best\./);
    assert.equal(await frame.getAttribute('#embed-review-marks button[aria-current="true"]', 'data-node') !== null, true);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a game without evaluations: Review runs in the embed, then the graph and the blunder marked', async () => {
  const url = host.write('blunder.html', `<fairyboard-board id="b" mode="view" review="on" moves="${BLUNDER}" style="--fairyboard-size: 320px"></fairyboard-board>`);
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const { frame } = await boardFrame(page, '#b');
    assert.ok(await frame.isHidden('#eval-graph'), 'no evaluations yet');
    assert.ok(await frame.isHidden('#embed-review-marks'));
    // Every status said on the way (the review of 13 positions may take only a few seconds).
    await frame.evaluate(() => {
      window.said = [];
      const status = document.getElementById('embed-review-status');
      const stop = document.getElementById('embed-review-stop');
      new MutationObserver(() => window.said.push([status.textContent, !stop.hidden])).observe(status, { childList: true, characterData: true, subtree: true });
    });
    await frame.click('#embed-review-run');
    await frame.waitForFunction(() => /^Accuracy: White \d+\.\d, Black \d+\.\d$/.test(document.getElementById('embed-review-status').textContent),
      null, { timeout: 120000 });
    await settle(frame);
    const said = await frame.evaluate(() => window.said);
    assert.deepEqual(said.filter(([t]) => t.startsWith('Reviewing')).map(([t, stop]) => [t, stop]),
      Array.from({ length: 13 }, (_, i) => [`Reviewing ${i}/13`, true]), 'the progress, with Stop');
    assert.ok(await frame.isVisible('#eval-graph'));
    assert.ok(await frame.isHidden('#embed-review-run'), 'reviewed: no Review button');
    assert.ok(await frame.isHidden('#embed-review-stop'));
    const marks = await frame.$$eval('#embed-review-marks button', (bs) => bs.map((b) => b.textContent));
    assert.ok(marks.includes('3.Qxe5+??'), marks.join(' '));
    await screenshot(page, 'embed-review-done-320');
    await frame.click('#embed-review-marks button:text("3.Qxe5+??")');
    await settle(frame);
    assert.equal(await framePly(frame), 5);
    assert.match(await frameText(frame, '#move-comment'), /^3\. Qxe5\+\?\? Blunder\. Best was /);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('review="on" on a puzzle is named as a problem; an unknown value too', async () => {
  await withFrame(host, { viewport: { width: 320, height: 480 } }, 'mode=puzzle&position=7k/8/8/8/8/8/1R6/R1K1Q3%20w%20-%20-%200%201&solution=a1a8&review=on', async ({ page, errors }) => {
    assert.match(await page.textContent('#embed-problems'), /review="on" shows a game or a study, not a puzzle/);
    assert.ok(await page.isHidden('#embed-review'));
    assert.deepEqual(errors, []);
  });
  await withFrame(host, { viewport: { width: 320, height: 480 } }, 'moves=e2e4&review=maybe', async ({ page }) => {
    assert.match(await page.textContent('#embed-problems'), /review="maybe": use on or off/);
  });
});

test('the Embed dialog offers the review for a game or a study; its code shows the graph', async () => {
  const board = await openBoard(host.env, DESKTOP);
  let code;
  try {
    const { page } = board;
    await importPgn(page, OPERA);
    await openEmbedDialog(page, 'play');
    assert.ok(await page.isHidden('#embed-review-row'), 'not for a position');
    await page.selectOption('#embed-what', 'replay');
    await page.check('#embed-review-on');
    await page.waitForFunction(() => /review="on"/.test(document.getElementById('embed-code').value));
    code = await page.inputValue('#embed-code');
    assert.match(code, / mode="view" /);
    assert.match(code, / pgn="[^"]*\[%eval /, 'the replayed game goes as PGN, with its evaluations');
    assert.doesNotMatch(code, / moves="/);
    await page.selectOption('#embed-what', 'study');
    await page.waitForFunction(() => !/ ply="/.test(document.getElementById('embed-code').value));
    assert.match(await page.inputValue('#embed-code'), / review="on"/);
    assert.deepEqual(board.errors, []);
  } finally {
    await board.context.close();
  }
  const url = host.write('pasted.html', code);
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const { frame } = await boardFrame(page, 'fairyboard-board');
    await frame.waitForSelector('#eval-graph:not([hidden])');
    assert.ok(await frame.isHidden('#embed-review-run'));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
