// The analysis panel's lines (MultiPV, issue 29): 1 to 5 lines, each with its score and its
// moves as names, best first and beginning with different moves; a click on a move (or the
// keys: Tab to a line, arrows along and between lines, Enter) plays the line to there; the
// choice is kept over a reload; a game against the computer is not played on by a line; and
// the panel fits a 360 px phone. Real clicks and keys. Needs a full build (bash scripts/build.sh).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, withBoard, startGame, screenshot, shownNames, messageText, playComputer, DESKTOP, PHONE_360,
} from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** The lines shown: [{ score, names }]. */
const shownLines = (page) => page.$$eval('#analysis-pv .analysis-pvline', (rows) => rows.map((r) => ({
  score: r.querySelector('.analysis-pvscore')?.textContent || null,
  names: Array.from(r.querySelectorAll('button.pv-move'), (b) => b.textContent),
})));

/** White's view as a number: "+0.25", "−1.50" (a minus sign), mates far above or below. */
function pawns(text) {
  const mate = /^(White|Black) mates in (\d+)$/.exec(text);
  if (mate) return (mate[1] === 'White' ? 1000 : -1000) - (mate[1] === 'White' ? 1 : -1) * Number(mate[2]);
  return Number(text.replace('\u2212', '-'));
}

/**
 * Notes, as a click or tap lands, the names of the clicked move's line up to it (the lines
 * update as the search deepens: what counts is what was under the pointer).
 */
const noteClicks = (page) => page.evaluate(() => {
  document.getElementById('analysis-pv').addEventListener('click', (e) => {
    const b = e.target.closest('button.pv-move');
    const row = Array.from(b.parentElement.querySelectorAll('button.pv-move'));
    window.clickedLine = row.slice(0, row.indexOf(b) + 1).map((x) => x.textContent);
  }, true);
});

/** Waits until `n` lines of at least depth `depth` are shown. */
async function linesAt(page, n, depth) {
  await page.waitForFunction(([count, d]) => {
    const m = /depth (\d+)/.exec(document.getElementById('analysis-depth').textContent);
    return m && Number(m[1]) >= d && document.querySelectorAll('#analysis-pv .analysis-pvline').length === count;
  }, [n, depth], { timeout: 20000 });
}

test('three lines, best first, and a click plays a line to there', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await startGame(page, 'orthodox');
    await page.click('#analysis');
    await page.selectOption('#analysis-lines', '3');
    await linesAt(page, 3, 5);
    const lines = await shownLines(page);
    assert.equal(new Set(lines.map((l) => l.names[0])).size, 3, JSON.stringify(lines));
    const scores = lines.map((l) => pawns(l.score)); // White to move: best is highest
    assert.ok(scores.every((s, i) => i === 0 || s <= scores[i - 1]), JSON.stringify(lines));
    assert.ok(lines.every((l) => l.names.length >= 2), JSON.stringify(lines));
    await screenshot(page, 'analysis-lines');
    // The second move of the second line: both moves are played. The lines hold still
    // while the pointer is over them.
    await page.hover('#analysis-pv button[data-line="1"][data-ply="1"]');
    const wanted = await page.$$eval('#analysis-pv button[data-line="1"]', (bs) => bs.slice(0, 2).map((b) => b.textContent));
    await page.click('#analysis-pv button[data-line="1"][data-ply="1"]');
    await page.waitForFunction(() => window.fairyboard.game.ply() === 2);
    assert.deepEqual(await shownNames(page), wanted);
    // The choice is kept: after a reload, three lines again.
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.equal(await page.inputValue('#analysis-lines'), '3');
    assert.deepEqual(errors, []);
  });
});

test('by keys: Tab to the lines, Down and Right along them, Enter plays', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await startGame(page, 'vagabond');
    await page.click('#analysis');
    await page.focus('#analysis-lines');
    await page.keyboard.press('ArrowDown'); // 2 lines (a select takes its arrows)
    await linesAt(page, 2, 4);
    await page.keyboard.press('Tab');
    const at = () => page.evaluate(() => {
      const b = document.activeElement;
      return b && b.classList.contains('pv-move') ? `${b.dataset.line}.${b.dataset.ply}` : b && b.id;
    });
    assert.equal(await at(), '0.0');
    await page.keyboard.press('ArrowDown');
    assert.equal(await at(), '1.0');
    await page.keyboard.press('ArrowRight');
    assert.equal(await at(), '1.1');
    // The page's own arrow keys did not step through the game meanwhile.
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 0);
    const wanted = await page.$$eval('#analysis-pv button[data-line="1"]', (bs) => bs.slice(0, 2).map((b) => b.textContent));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.fairyboard.game.ply() === 2);
    assert.deepEqual(await shownNames(page), wanted);
    assert.deepEqual(errors, []);
  });
});

test('a game against the computer is not played on by a line', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playComputer(page, { game: 'orthodox', side: 'w', level: 1 });
    await page.click('#analysis');
    await linesAt(page, 1, 3);
    await page.click('#analysis-pv button[data-line="0"][data-ply="1"]');
    assert.match(await messageText(page), /against the computer goes on move by move/);
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 0);
    assert.deepEqual(errors, []);
  });
});

test('five lines fit a 360 px phone, and a tap plays', async () => {
  await withBoard(env, PHONE_360, async ({ page, errors }) => {
    await startGame(page, 'quarter');
    await page.tap('#analysis');
    await noteClicks(page);
    await page.selectOption('#analysis-lines', '5');
    await linesAt(page, 5, 3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);
    const box = await page.locator('#analysis-panel').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 360, JSON.stringify(box));
    await page.locator('#analysis-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-lines-phone');
    await page.tap('#analysis-pv button[data-line="4"][data-ply="0"]');
    await page.waitForFunction(() => window.fairyboard.game.ply() === 1);
    assert.deepEqual(await shownNames(page), await page.evaluate(() => window.clickedLine));
    assert.deepEqual(errors, []);
  });
});
