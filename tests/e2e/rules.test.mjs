// The rules panel for players (www/rules/rulespanel.js, the text in www/rules/games/<game>.js): for each
// game, the panel opened by a real click holds its goal, pieces and one section per special
// rule, each with a small live board (<fairyboard-board mode="explore">) made only when the
// panel opens; every board loads, shows its position with its arrows and marks, and lists
// the move it shows; in three games that move is played on the small board with the mouse
// and the board answers (fairyboard-move). The links between the page and the demo page.
// Screenshots of the panel at 1280x800 and 360 px wide. The single-file page from disk,
// where the small boards cannot load: the positions as text, nothing fetched.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  launch, withBoard, settle, DESKTOP, PHONE_360, OUTPUT, singleFile, pageWithErrors, gotoFileRecording,
} from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

const GAMES = ['orthodox', 'vagabond', 'bandit', 'quarter', 'pawnier', 'riftwalker'];
const rulesOf = async (id) => (await import(`../../www/rules/games/${id}.js`)).default;
// The special moves played with the mouse (plain from-to moves, no choice to make; the
// driver's pull, with its picker, has a test of its own).
const PLAYED = { vagabond: 'c3c5', bandit: 'e7c7', quarter: 'd3d4' };

/** Collects the small boards' events on the page (they bubble out of the shadow roots). */
async function listen(page) {
  await page.evaluate(() => {
    window.rulesEvents = [];
    for (const type of ['fairyboard-ready', 'fairyboard-move']) {
      document.addEventListener(type, (e) => window.rulesEvents.push({ type, move: e.target.dataset.move, detail: e.detail }));
    }
  });
}

/** The frame of the small board showing `move` once it is ready, and its iframe. */
async function boardFrame(page, move) {
  const board = page.locator(`#rules-body fairyboard-board[data-move="${move}"]`);
  await board.scrollIntoViewIfNeeded();
  const iframe = await board.locator('iframe').elementHandle();
  await page.waitForFunction((m) => window.rulesEvents.some((e) => e.type === 'fairyboard-ready' && e.move === m), move, { timeout: 20000 });
  const frame = await iframe.contentFrame();
  await frame.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
  await settle(frame);
  return { frame, iframe };
}

async function squareInPage(frame, iframe, name) {
  const box = await iframe.boundingBox();
  const c = await frame.evaluate((n) => window.fairyboard.squareCenter(n), name);
  return { x: box.x + c.x, y: box.y + c.y };
}

/** Chooses game `id` and opens the rules panel, by a click or (`keys`) Tab focus and Enter. */
async function openRules(page, id, keys = false) {
  await page.selectOption('#game', id);
  await settle(page);
  if (await page.getAttribute('#rules-panel', 'open') === null) {
    if (keys) {
      await page.focus('#rules-summary');
      await page.keyboard.press('Enter');
    } else {
      await page.click('#rules-summary');
    }
  }
  await page.waitForSelector(`#rules-body[data-game="${id}"]`);
}

test('each game\'s rules: sections, a small live board per special rule, the shown move legal there', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await listen(page);
    // Nothing is built before the panel opens: no boards, no board script.
    assert.equal(await page.locator('#rules-body fairyboard-board').count(), 0);
    assert.equal(await page.evaluate(() => !!document.getElementById('fairyboard-board-script')), false);
    for (const id of GAMES) {
      const data = await rulesOf(id);
      await openRules(page, id, id === 'orthodox');
      assert.match(await page.textContent('#rules-summary'), /^Rules of /);
      const headings = await page.$$eval('#rules-body h3', (hs) => hs.map((h) => h.textContent));
      assert.ok(headings.includes('Goal') && headings.includes('The pieces'), `${id}: ${headings}`);
      for (const rule of data.rules) assert.ok(headings.includes(rule.title), `${id}: a section on ${rule.title}`);
      // Each section is named by its heading, for screen readers.
      const named = await page.$$eval('#rules-body section.rules-rule', (ss) => ss.map((s) => document.getElementById(s.getAttribute('aria-labelledby'))?.textContent));
      assert.deepEqual(named, data.rules.map((r) => r.title));
      // The link to the demo page, at this game.
      assert.equal(await page.getAttribute('#rules-body .rules-demo a', 'href'), `docs/demo.html#${id}`);
      if (id !== 'orthodox') assert.ok((await page.textContent('#rules-body')).includes('Our reading: The original'), `${id}: reconstructions said in words`);
      // The words, without the boards' fallback text (their positions).
      const words = await page.$eval('#rules-body', (b) => {
        const copy = b.cloneNode(true);
        copy.querySelectorAll('fairyboard-board').forEach((e) => e.remove());
        return copy.textContent;
      });
      assert.ok(!/\b[VBQPR][0-9]{1,2}\b|tests\/|rulings-/.test(words), `${id}: no ruling or test names`);

      // Each board is found by the move it shows: one move per board in a game.
      assert.equal(new Set(data.rules.map((r) => r.board.move)).size, data.rules.length);
      const boards = page.locator('#rules-body fairyboard-board');
      assert.equal(await boards.count(), data.rules.filter((r) => r.board).length);
      for (const rule of data.rules) {
        const b = rule.board;
        const el = page.locator(`#rules-body fairyboard-board[data-move="${b.move}"]`);
        assert.equal(await el.getAttribute('game'), id);
        assert.equal(await el.getAttribute('mode'), 'explore');
        assert.equal(await el.getAttribute('loading'), 'lazy');
        assert.equal(await el.getAttribute('arrows'), b.arrows ?? null);
        assert.equal(await el.getAttribute('marks'), b.marks ?? null);
        const { frame } = await boardFrame(page, b.move);
        const shown = await frame.evaluate(() => ({
          position: window.fairyboard.positionText(),
          problems: window.fairyboard.embed.problems,
          game: window.fairyboard.game.gameId(),
        }));
        assert.deepEqual(shown.problems, [], `${id} ${rule.title}: no problems`);
        assert.equal(shown.game, id);
        assert.equal(shown.position, b.position, `${id} ${rule.title}: its position`);
        const legal = await frame.evaluate((m) => window.fairyboard.game.legalMoves().some((x) => x.text === m), b.move);
        assert.ok(legal, `${id} ${rule.title}: ${b.move} is legal on its board`);
      }
    }
    assert.deepEqual(errors, []);
  });
});

test('a move with a choice on a small board: Quarter\'s driver picked twice, Pull chosen in the picker', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await listen(page);
    await openRules(page, 'quarter');
    const { frame, iframe } = await boardFrame(page, 'd4:pull');
    const driver = await squareInPage(frame, iframe, 'd4');
    await page.mouse.click(driver.x, driver.y);
    await page.mouse.click(driver.x, driver.y); // picked again: its actions where it stands
    await frame.waitForSelector('#picker:not([hidden])');
    const labels = (await frame.$$eval('#picker-options button', (bs) => bs.map((b) => b.textContent.trim().toLowerCase())));
    for (const action of ['pull', 'switch', 'absorb']) {
      assert.ok(labels.some((l) => l.includes(action)), `the picker offers to ${action}: ${labels.join(', ')}`);
    }
    const pull = await frame.$$('#picker-options button');
    const index = labels.findIndex((l) => l.includes('pull'));
    await pull[index].click();
    await page.waitForFunction(() => window.rulesEvents.some((e) => e.type === 'fairyboard-move' && e.move === 'd4:pull'));
    const ev = await page.evaluate(() => window.rulesEvents.find((e) => e.type === 'fairyboard-move' && e.move === 'd4:pull'));
    assert.equal(ev.detail.by, 'person');
    assert.equal(ev.detail.position.split(' ')[0], '3k4/8/3p4/8/2NDr3/8/8/6K1', 'the pawn on d7 pulled to d6');
    assert.deepEqual(errors, []);
  });
});

test('the special move played on a small board with the mouse, in three games', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await listen(page);
    for (const [id, move] of Object.entries(PLAYED)) {
      await openRules(page, id);
      const { frame, iframe } = await boardFrame(page, move);
      const from = await squareInPage(frame, iframe, move.slice(0, 2));
      const to = await squareInPage(frame, iframe, move.slice(2, 4));
      await page.mouse.click(from.x, from.y);
      await page.mouse.click(to.x, to.y);
      await page.waitForFunction((m) => window.rulesEvents.some((e) => e.type === 'fairyboard-move' && e.move === m), move);
      const ev = await page.evaluate((m) => window.rulesEvents.find((e) => e.type === 'fairyboard-move' && e.move === m), move);
      assert.equal(ev.detail.move, move);
      assert.equal(ev.detail.by, 'person');
      assert.equal(ev.detail.game, id);
      assert.equal(await frame.evaluate(() => window.fairyboard.positionText()), ev.detail.position);
      // What the rule does, seen on the board after the move.
      const after = ev.detail.position;
      if (id === 'vagabond') assert.equal(after.split(' ')[0], '3k4/8/8/2E5/2P5/8/8/3K4', 'the rage removed b6 and d6');
      if (id === 'bandit') assert.equal(after.split(' ')[0], '4k2/7/2O4/7/7/7/7/7/3K3', 'both removed');
      if (id === 'quarter') assert.equal(after.split(' ')[0], '1k6/8/3M4/8/3M4/8/8/6K1', 'the knight captured');
    }
    assert.deepEqual(errors, []);
  });
});

test('the links: the rules panel to the demo page, the demo page back to the game', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await openRules(page, 'bandit');
    await page.click('#rules-body .rules-demo a');
    await page.waitForURL(/docs\/demo\.html#bandit$/);
    assert.equal(await page.textContent('h1'), 'The six games of fairyboard');
    await page.click('#quarter .play-link a');
    await page.waitForURL(/index\.html#g=quarter/);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await page.waitForFunction(() => window.fairyboard.game && window.fairyboard.game.gameId() === 'quarter');
    assert.equal(await page.inputValue('#game'), 'quarter');
    assert.equal(await page.textContent('#rules-summary'), 'Rules of Quarter Chess');
    await page.goto(`${env.url}docs/demo.html`);
    assert.equal(await page.getAttribute('main > p a', 'href'), '../index.html');
    assert.deepEqual(errors.filter((e) => !/favicon/.test(e)), []);
  });
});

test('screenshots of the panel at 1280x800 and 360 px', async () => {
  for (const [size, options] of [['1280', DESKTOP], ['360', PHONE_360]]) {
    await withBoard(env, options, async ({ page, errors }) => {
      await listen(page);
      for (const id of ['vagabond', 'quarter']) {
        const data = await rulesOf(id);
        await openRules(page, id);
        for (const rule of data.rules) await boardFrame(page, rule.board.move);
        // Nothing wider than the page.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `${id} at ${size}: ${overflow}px wider than the page`);
        // What the reader sees (a full-page capture would lay the page out anew, taller): the
        // panel's top, then each special rule's section from its heading.
        await page.evaluate(() => document.getElementById('rules-panel').scrollIntoView());
        await settle(page);
        await page.screenshot({ path: path.join(OUTPUT, `rules-${id}-${size}-0.png`) });
        for (let i = 0; i < data.rules.length; i += 1) {
          await page.evaluate((k) => document.querySelectorAll('#rules-body section.rules-rule')[k].scrollIntoView(), i);
          await settle(page);
          await page.screenshot({ path: path.join(OUTPUT, `rules-${id}-${size}-${i + 1}.png`) });
        }
      }
      assert.deepEqual(errors, []);
    });
  }
});

test('the single file from disk: each rule with its position as text, no board, nothing fetched', async () => {
  const file = singleFile();
  const context = await env.browser.newContext(DESKTOP);
  try {
    const { page, errors } = await pageWithErrors(context, { consoleErrors: true });
    const { url, requests } = await gotoFileRecording(page, file);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await openRules(page, 'vagabond');
    const data = await rulesOf('vagabond');
    assert.equal(await page.locator('#rules-body fairyboard-board').count(), 0);
    assert.deepEqual(await page.$$eval('#rules-body .rules-board-text code', (cs) => cs.map((c) => c.textContent)),
      data.rules.map((r) => r.board.position));
    // No demo page beside the file (built with no public address): named, not linked.
    assert.equal(await page.locator('#rules-body .rules-demo a').count(), 0);
    assert.match(await page.textContent('#rules-body .rules-demo'), /demo page/);
    assert.deepEqual(requests.filter((u) => u !== url && !u.startsWith('data:')), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
