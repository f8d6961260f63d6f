// What a newcomer sees (issue 40): moves counted as chess players count them, the Save
// image dialog saying the GIF's real size, comments read as text rather than as the PGN's
// line breaks, controls that keep their places, a move's words that cover nothing under it,
// a move list as tall as the room beside the board, the computer's whole thinking line, the
// Embed dialog's defaults and frame size for a game, and the welcome's word and picture of
// the game chosen. Each at 1280 px and on a phone where the layout matters.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseGIF } from 'gifuct-js';
import {
  launchForTests, withBoard, settle, screenshot, messageText, startGame, playMove, playComputer, computerAnswered,
  DESKTOP, PHONE_360, OUTPUT,
} from './support.mjs';
import { startEmbedder } from './embedhost.mjs';
import { importPgn } from './steps.mjs';

const env = launchForTests();

const OPERA = fs.readFileSync(new URL('../data/opera-lichess.pgn', import.meta.url), 'utf8');
const THREE = fs.readFileSync(new URL('../data/three-games.pgn', import.meta.url), 'utf8');
const DESKTOP_900 = { viewport: { width: 1280, height: 900 } };

test('moves are counted as chess players count them: the PGN opened, the PGN list, the GIF, the graph', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // Three games in one text: the Evergreen game ends 24. Bxe7# (47 plies).
    await page.click('#import-pgn');
    await page.fill('#records-text', THREE);
    const options = await page.$$eval('#records-games option', (os) => os.map((o) => o.textContent));
    assert.match(options[0], /\(Orthodox chess, 24 moves\)$/);
    assert.match(options[1], /\(Orthodox chess, 17 moves\)$/);
    await page.click('#import-pgn'); // closed again

    // The Opera game ends 17. Rd8# (33 plies).
    await importPgn(page, OPERA);
    assert.equal(await messageText(page), 'Opened the PGN game: 17 moves.');
    // Its evaluations draw the graph, which says where it is by the move's own number.
    assert.equal(await page.getAttribute('#eval-graph', 'aria-valuetext'), 'After 17. Rd8#, ply 33 of 33');

    await page.click('#save-image');
    await page.check('#image-dialog input[name="format"][value="gif"]');
    assert.match(await page.textContent('#image-note'), /: 17 moves, each animated/);
    // From after 14... Qe6 to the end: 15. Bxd7+ to 17. Rd8#, three moves in five plies.
    await page.selectOption('#image-dialog select[name="giffrom"]', { label: '14... Qe6' });
    assert.match(await page.textContent('#image-note'), /: 3 moves, each animated/);
    await page.click('#image-dialog button[value="cancel"]');
    assert.deepEqual(errors, []);
  });
});

test('a comment from a hard-wrapped PGN reads as text: a line break is a space, a blank line a paragraph; the record keeps it', async () => {
  const pgn = `[Event "Wrapped"]

{A start comment
on two lines.} 1. e4 {White's pawn
becomes a monster.} 1... e5 {One line.

A second paragraph.} 2. Nf3 (2. f4 {The King's
Gambit.}) *`;
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await importPgn(page, pgn);
    const listed = () => page.$$eval('#moves .comment, #moves .start-comment', (cs) => cs.map((c) => c.innerText));
    assert.deepEqual(await listed(), [
      'A start comment on two lines.',
      "White's pawn becomes a monster.",
      'One line.\nA second paragraph.',
      "The King's Gambit.",
    ]);
    await page.click('#moves button[data-text="e2e4"]');
    await settle(page);
    assert.equal(await page.$eval('#move-comment', (e) => e.innerText), "White's pawn becomes a monster.");
    await page.click('#moves button[data-text="e7e5"]');
    await settle(page);
    assert.equal(await page.$eval('#move-comment', (e) => e.innerText), 'One line.\nA second paragraph.');
    await screenshot(page, 'looks-comment-paragraphs');
    // The record is as it was written: its line breaks stay, in the game and in its PGN.
    assert.equal(await page.evaluate(() => window.fairyboard.game.comment(1)), "White's pawn\nbecomes a monster.");
    await page.getByRole('button', { name: 'Export PGN' }).click();
    assert.match(await page.inputValue('#records-text'), /\{White's pawn\nbecomes a monster\.\}/);
    assert.deepEqual(errors, []);
  });
});

test('the GIF dialog says the size of the file it saves, the players\' strip included', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    /** The size the dialog's note says, and the size of the GIF its Save downloads. */
    async function saidAndSaved() {
      const said = (await page.textContent('#image-note')).match(/^(\d+) × (\d+) pixels/).slice(1).map(Number);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#image-save')]);
      const { lsd } = parseGIF(new Uint8Array(fs.readFileSync(await download.path())).buffer);
      return { said, saved: [lsd.width, lsd.height] };
    }
    async function openGif(size, names) {
      await page.click('#save-image');
      await page.check('#image-dialog input[name="format"][value="gif"]');
      await page.selectOption('#image-dialog select[name="gifspeed"]', 'off'); // few frames: quick
      await page.fill('#image-size', String(size));
      await page.setChecked('#image-dialog input[name="gifnames"]', names);
    }
    // Bandit's board is 7 files by 9 ranks: taller than wide.
    for (const game of ['orthodox', 'bandit']) {
      await startGame(page, game);
      await playMove(page, game === 'orthodox' ? 'e2e4' : 'd3d4');
      for (const names of [true, false]) {
        await openGif(480, names);
        const { said, saved } = await saidAndSaved();
        assert.deepEqual(said, saved, `${game}, ${names ? 'with' : 'without'} the players: the note says the file's size`);
        await page.waitForFunction(() => /^Saved /.test(document.getElementById('message').textContent));
      }
    }
    assert.deepEqual(errors, []);
  });
});

/** Where each control under the move list is, by id: its box rounded to the pixel. */
const toolBoxes = (page) => page.$$eval('#line-tools > *, #records button', (els) => Object.fromEntries(els.map((e) => {
  const r = e.getBoundingClientRect();
  return [e.id, [r.left, r.top, r.width, r.height].map(Math.round).join(' ')];
})));

for (const [name, device] of [['1280 px', DESKTOP_900], ['a phone', PHONE_360]]) {
  test(`the controls under the move list keep their places as moves, variations and drawing make them usable (${name})`, async () => {
    await withBoard(env, device, async ({ page, errors }) => {
      const at = async () => { await settle(page); await page.evaluate(() => scrollTo(0, 0)); return toolBoxes(page); };
      const start = await at();
      assert.equal(await page.isDisabled('#delete-line'), true, 'nothing to delete at the start');
      await page.click('#moves'); // nothing there: the tools stay
      await playMove(page, 'e2e4');
      assert.deepEqual(await at(), start, 'the first move: "Delete from here" usable, nothing moved');
      assert.equal(await page.isEnabled('#delete-line'), true);
      await playMove(page, 'e7e5');
      await page.click('#moves button[data-text="e2e4"]');
      await playMove(page, 'c7c5'); // a variation: it can be made the main line
      assert.equal(await page.isEnabled('#promote-line'), true);
      assert.deepEqual(await at(), start, 'a variation: "Make main line" usable, nothing moved');
      await page.click('#draw-shapes');
      assert.equal(await page.isEnabled('#shape-colour'), true, 'drawing: the colour can be chosen');
      assert.deepEqual(await at(), start, 'drawing: the colour usable, nothing moved');
      await screenshot(page, `looks-line-tools-${device.viewport.width}`);
      assert.deepEqual(errors, []);
    });
  });
}

test('a move\'s words in its tooltip cover neither the move nor the review\'s verdict under it', async () => {
  await withBoard(env, DESKTOP_900, async ({ page, errors }) => {
    await importPgn(page, OPERA); // lichess's review: "Inaccuracy. exd4 was best." under 3... Bg4?!
    const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const rect = (selector) => page.$eval(selector, (e) => e.getBoundingClientRect().toJSON());
    // 3... Bg4?! (its verdict under it) and 6. Bc4, whose partner 6... Nf6? has its verdict under their row.
    for (const [text, verdict] of [['c8g4', 'Inaccuracy'], ['f1c4', 'Mistake. Qf6 was best']]) {
      const move = `#moves button[data-text="${text}"]`;
      await page.$eval(move, (e) => e.scrollIntoView({ block: 'center' }));
      await page.mouse.move(0, 0);
      await page.hover(move);
      await page.waitForSelector('#move-tip:not([hidden])');
      const tip = await rect('#move-tip');
      const words = await page.$$eval('#moves .comment', (cs, v) => cs.filter((c) => c.textContent.includes(v))
        .map((c) => c.getBoundingClientRect().toJSON()), verdict);
      assert.equal(words.length, 1, verdict);
      assert.equal(overlap(tip, await rect(move)), false, `${text}: the tip covers its move`);
      assert.equal(overlap(tip, words[0]), false, `${text}: the tip covers "${verdict}" under it`);
      await screenshot(page, `looks-move-tip-${text}`);
    }
    assert.deepEqual(errors, []);
  });
});

const KASPAROV = fs.readFileSync(new URL('../data/kasparov-topalov-1999.pgn', import.meta.url), 'utf8');

for (const [name, device] of [['1280 × 900', DESKTOP_900], ['1280 × 800', DESKTOP]]) {
  test(`the move list takes the height free beside the board, its tools still in the window (${name})`, async () => {
    await withBoard(env, device, async ({ page, errors }) => {
      await importPgn(page, KASPAROV); // 44 moves
      await page.evaluate(() => scrollTo(0, 0));
      await settle(page);
      const box = (s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON());
      // Its tools and the first row of the record controls stay on the first screen
      // (firstscreen.test.mjs), and no more room is left under them.
      const tools = await box('#line-tools');
      const records = await box('#export-pgn');
      const list = await box('#moves');
      const height = device.viewport.height;
      assert.ok(tools.bottom <= height, `the tools under the list stay in the window: ${tools.bottom} > ${height}`);
      assert.ok(records.bottom <= height, `Export PGN stays in the window: ${records.bottom} > ${height}`);
      assert.ok(records.bottom >= height - 24, `the list leaves no room unused: the controls end at ${records.bottom} of ${height}`);
      const rows = await page.$$eval('#moves li', (lis, l) => lis.filter((li) => {
        const r = li.getBoundingClientRect();
        return r.top >= l.top && r.bottom <= l.bottom;
      }).length, list);
      assert.ok(rows >= (device.viewport.height >= 900 ? 8 : 5), `${rows} rows of moves in view (5 in style.css's height)`);
      await screenshot(page, `looks-move-list-${device.viewport.height}`);

      // The analysis panel opening above the list: the list gives it room, the tools stay
      // (unless the list is down to style.css's height, 9.5rem).
      await page.click('#analysis');
      await page.waitForSelector('#analysis-panel:not([hidden])');
      await page.waitForFunction(() => document.getElementById('analysis-depth').textContent !== '');
      await settle(page);
      await page.evaluate(() => scrollTo(0, 0));
      const after = await box('#export-pgn');
      const least = (await box('#moves')).height <= 9.5 * 16 + 1;
      assert.ok(least || Math.abs(after.bottom - records.bottom) <= 1, `the controls stay put: ${records.bottom} then ${after.bottom}`);
      assert.ok((await box('#line-tools')).bottom <= height, 'the tools are still in the window');
      await page.click('#analysis');
      assert.deepEqual(errors, []);
    });
  });
}

test('on a phone the move list keeps its height under the board', async () => {
  await withBoard(env, PHONE_360, async ({ page, errors }) => {
    await importPgn(page, KASPAROV);
    const list = await page.$eval('#moves', (e) => e.getBoundingClientRect().height);
    assert.ok(list >= 140 && list <= 160, `${list} px`);
    await page.$eval('#moves', (e) => e.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'looks-move-list-phone');
    assert.deepEqual(errors, []);
  });
});

for (const [name, device] of [['1280 px', DESKTOP_900], ['a phone', PHONE_360]]) {
  test(`the computer's thinking line shows whole, its depth too, and moves nothing (${name})`, async () => {
    await withBoard(env, device, async ({ page, errors }) => {
      await playComputer(page, { side: 'w', level: 8 });
      const undoTop = () => page.$eval('#undo', (e) => Math.round(e.getBoundingClientRect().top + scrollY));
      const before = await undoTop();
      await playMove(page, 'e2e4');
      await page.waitForFunction(() => /depth \d+/.test(document.getElementById('thinking-text').textContent), null, { timeout: 10000 });
      const line = await page.$eval('#thinking-text', (e) => ({
        text: e.innerText, whole: e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1,
      }));
      assert.ok(line.whole, `cut: "${line.text}"`);
      const phone = device.viewport.width < 520;
      assert.match(line.text, phone ? /^The computer is thinking: depth \d+$/ : /^The computer \(Black, level 8\) is thinking: depth \d+$/);
      assert.equal(await undoTop(), before, 'the controls under it stay put');
      await page.$eval('#status-slot', (e) => e.scrollIntoView());
      // While it thinks (screenshot() would wait for the board to settle: it may have moved by then).
      await page.screenshot({ path: path.join(OUTPUT, `looks-thinking-${device.viewport.width}.png`) });
      await computerAnswered(page, 30000);
      assert.deepEqual(errors, []);
    });
  });
}

/** Opens the Embed dialog by its button and waits for its code. */
async function openEmbed(page) {
  await page.click('#embed-board');
  await page.waitForSelector('#embed-dialog[open]');
  await page.waitForFunction(() => document.getElementById('embed-code').value !== '');
  return { what: await page.inputValue('#embed-what'), review: await page.isChecked('#embed-review-on'), code: await page.inputValue('#embed-code') };
}

test('the Embed dialog offers a finished game whole, with its review where it has one; a position without moves to play on', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    let shown = await openEmbed(page);
    assert.deepEqual([shown.what, shown.review], ['play', false], 'no moves yet: the position, to play on from');
    await page.click('#embed-dialog button[value="close"]');

    // The fool's mate, played by hand: over, in checkmate.
    for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) await playMove(page, m);
    assert.match(await page.textContent('#status'), /checkmate/i);
    shown = await openEmbed(page);
    assert.deepEqual([shown.what, shown.review], ['replay', false], 'the game, replayed, not its checkmated position to play on');
    assert.match(shown.code, / mode="view" moves="f2f3 e7e5 g2g4 d8h4" ply="4"/);
    await screenshot(page, 'looks-embed-finished');
    await page.click('#embed-dialog button[value="close"]');

    // The Opera game from lichess: evaluations on every move, and variations.
    await importPgn(page, OPERA);
    shown = await openEmbed(page);
    assert.deepEqual([shown.what, shown.review], ['study', true], 'the whole study, with its review');
    assert.match(shown.code, / mode="view" pgn="[^"]*\[%eval [^"]*" review="on"/);
    await page.click('#embed-dialog button[value="close"]');
    assert.deepEqual(errors, []);
  });
});

/** The Embed dialog's iframe code for `what` at `size` px (the review as the dialog offers it, or `review`). */
async function iframeCode(page, what, size, review = null) {
  await page.click('#embed-board');
  await page.waitForSelector('#embed-dialog[open]');
  await page.selectOption('#embed-what', what);
  if (review != null) await page.setChecked('#embed-review-on', review);
  await page.check('#embed-dialog input[name="form"][value="iframe"]');
  await page.fill('#embed-size', String(size));
  await page.waitForFunction((w) => new RegExp(`^<iframe [^>]* width="${w}"`).test(document.getElementById('embed-code').value), size);
  const code = await page.inputValue('#embed-code');
  await page.click('#embed-dialog button[value="close"]');
  return code;
}

/**
 * Pastes iframe `code` into a page and steps its board through every position with its own
 * › button: at each, the board is as wide as the frame and nothing under it is cut off.
 */
async function frameShowsAll(embedder, code, label) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 1300 } });
  try {
    const page = await context.newPage();
    await page.goto(embedder.write(`${label.replace(/\W+/g, '-')}.html`, code));
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    await frame.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 15000 });
    const width = Number(await page.getAttribute('iframe', 'width'));
    const look = () => frame.evaluate(() => {
      const board = document.getElementById('board').getBoundingClientRect().width;
      const shown = [...document.body.children].filter((e) => e.checkVisibility() && getComputedStyle(e).position !== 'fixed');
      const foot = Math.max(...shown.map((e) => e.getBoundingClientRect().bottom));
      return { board, foot, height: innerHeight, ply: window.fairyboard.game.ply() };
    });
    if (await frame.isVisible('#first') && await frame.isEnabled('#first')) await frame.click('#first');
    let worst = null;
    for (let step = 0; step < 200; step += 1) {
      await settle(frame);
      const now = await look();
      if (!worst || now.board < worst.board) worst = now;
      assert.ok(now.board >= width - 1, `${label}: the board is ${now.board} px in a ${width} px frame at ply ${now.ply}`);
      assert.ok(now.foot <= now.height + 1, `${label}: cut off at ply ${now.ply}: ${now.foot} px in a ${now.height} px frame`);
      if (!(await frame.isVisible('#redo')) || await frame.isDisabled('#redo')) break;
      await frame.click('#redo');
      await frame.waitForFunction((p) => window.fairyboard.game.ply() !== p, now.ply);
    }
    const box = await (await page.$('iframe')).boundingBox();
    await page.screenshot({ path: path.join(OUTPUT, `looks-frame-${label.replace(/\W+/g, '-')}.png`), clip: box });
    return worst;
  } finally {
    await context.close();
  }
}

test('the iframe code is sized for what it shows: a reviewed game, a study, a Bandit board', async () => {
  const codes = await withBoard(env, DESKTOP, async ({ page, errors }) => {
    const out = {};
    await importPgn(page, OPERA);
    out['opera study reviewed 384'] = await iframeCode(page, 'study', 384);
    out['opera replay reviewed 320'] = await iframeCode(page, 'replay', 320, true);
    await importPgn(page, THREE, 0);
    out['evergreen study 320'] = await iframeCode(page, 'study', 320);
    await startGame(page, 'bandit');
    out['bandit play 384'] = await iframeCode(page, 'play', 384);
    assert.deepEqual(errors, []);
    return out;
  });
  assert.match(codes['opera study reviewed 384'], /review=on/);
  const embedder = await startEmbedder(env, 'fairyboard-looks-');
  try {
    for (const [label, code] of Object.entries(codes)) await frameShowsAll(embedder, code, label);
  } finally {
    await embedder.close();
  }
});

for (const [name, device] of [['1280 px', DESKTOP], ['a phone', PHONE_360]]) {
  test(`the welcome says what the game chosen is, with a small picture of its start (${name})`, async () => {
    const context = await env.browser.newContext({ ...device, firstVisit: true });
    try {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(env.url);
      await page.waitForSelector('#new-game-dialog[open]');
      const about = () => page.evaluate(async () => {
        const img = document.getElementById('new-game-picture');
        await img.decode().catch(() => {});
        const svg = img.src ? await (await fetch(img.src)).text() : '';
        return {
          line: document.getElementById('new-game-line').textContent,
          shown: img.checkVisibility() && img.naturalWidth > 0,
          shape: img.naturalWidth / img.naturalHeight,
          title: (svg.match(/<title>([^<]*)<\/title>/) || [])[1] || '',
          alt: img.alt,
        };
      });
      let seen = await about();
      assert.match(seen.line, /tournaments/);
      assert.ok(seen.shown, 'a picture of the start');
      for (const [id, label, words, shape] of [['vagabond', 'Vagabond Chess', /four quarters/, 1], ['bandit', 'Bandit Chess', /7×9/, 7 / 9]]) {
        await page.selectOption('#new-game-game', { label });
        seen = await about();
        assert.match(seen.line, words, `${id}: its line`);
        assert.ok(seen.shown, `${id}: its picture`);
        assert.ok(Math.abs(seen.shape - shape) < 0.02, `${id}: its board's shape, ${seen.shape}`);
        const start = await page.evaluate((g) => window.fairyboard.around.games().find((x) => x.id === g).start, id);
        assert.equal(seen.title, `${id}: ${start}`, `${id}: the picture is its start`);
        assert.equal(seen.alt, `The start of ${label}`);
      }
      // The dialog fits the screen: its Play button in view without scrolling the page.
      const play = await page.$eval('#new-game-dialog button[value="start"]', (b) => b.getBoundingClientRect().toJSON());
      assert.ok(play.bottom <= device.viewport.height, `Play at ${play.bottom}`);
      await screenshot(page, `looks-welcome-${device.viewport.width}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
