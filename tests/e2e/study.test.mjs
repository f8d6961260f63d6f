// Boards that explain (issue 18): an embedded board given a study as PGN (`pgn`: moves,
// variations, comments with lichess's [%cal]/[%csl] arrows and circles) shows each move's
// comment under the board and its arrows as the reader steps; `arrows` and `marks` draw on
// the position given; bad ones are named. Real clicks in headless Chromium.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, settle, screenshot } from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const STUDY = '[Event "The centre"]\n\n{ [%csl Ge4,Gd4] Aim at the centre. } 1. e4 { [%cal Ge7e5] Black answers in kind. } e5 2. Nf3 $1 { [%cal Gf3e5] The knight attacks e5. } Nc6 $6 *';

async function openEmbed(query) {
  const context = await env.browser.newContext({ viewport: { width: 480, height: 640 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  await page.goto(`${env.url}embed.html?${query}`);
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 15000 });
  await settle(page);
  return { context, page, errors };
}

const shapes = (page) => page.evaluate(() => {
  const o = window.fairyboard.overlays();
  const person = (k) => ['G', 'R', 'B', 'Y'].includes(k);
  return [...o.arrows.filter((a) => person(a.kind)).map((a) => `${a.kind}${a.from}${a.to}`),
    ...o.rings.filter((r) => person(r.kind)).map((r) => `${r.kind}${r.at}`)];
});
const comment = async (page) => ((await page.isVisible('#move-comment')) ? (await page.textContent('#move-comment')).trim() : null);

test('a study in view mode: each step shows its comment and its arrows', async () => {
  const { context, page, errors } = await openEmbed(`mode=view&pgn=${encodeURIComponent(STUDY)}`);
  try {
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 0, 'the study starts at its start');
    assert.equal(await comment(page), 'Aim at the centre.');
    assert.deepEqual(await shapes(page), ['Ge4', 'Gd4']);
    await screenshot(page, 'study-start');
    await page.click('#redo');
    await settle(page);
    assert.equal(await comment(page), '1. e4 Black answers in kind.', 'with no move list, the move comes first');
    assert.deepEqual(await shapes(page), ['Ge7e5']);
    await page.click('#redo');
    await page.click('#redo');
    await settle(page);
    assert.equal(await comment(page), '2. Nf3! The knight attacks e5.', 'with its mark');
    assert.deepEqual(await shapes(page), ['Gf3e5']);
    await screenshot(page, 'study-step');
    await page.click('#redo');
    await settle(page);
    assert.equal(await comment(page), '2... Nc6?!', 'a mark alone shows with its move');
    await page.click('#undo');
    await page.click('#undo');
    await settle(page);
    assert.equal(await comment(page), null, 'a move without a comment shows none');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a study with variations: where it branches, the moves played there are buttons into each line', async () => {
  const study = '1. e4 { The king\'s pawn. } (1. d4 { The queen\'s pawn. } d5 $1) (1. c4?!) e5 *';
  const { context, page, errors } = await openEmbed(`mode=view&pgn=${encodeURIComponent(study)}`);
  try {
    const choices = () => page.$$eval('#move-choices:not([hidden]) button', (bs) => bs.map((b) => `${b.textContent}${b.getAttribute('aria-current') ? '*' : ''}`));
    assert.deepEqual(await choices(page), ['1. e4*', '1. d4', '1. c4?!'], 'at the start: the main move (on the line shown) and two variations');
    await screenshot(page, 'study-choices');
    // Each says which line it is and the move in words (movetip.js), on hover.
    await page.hover('#move-choices button:has-text("1. d4")');
    await page.waitForSelector('#move-tip', { state: 'visible', timeout: 3000 });
    assert.equal((await page.textContent('#move-tip')).trim(), 'A variation: White pawn d2 to d4');
    await page.click('#move-choices button:has-text("1. d4")');
    await settle(page);
    assert.equal(await comment(page), "1. d4 The queen's pawn.");
    assert.deepEqual(await choices(page), [], 'no branch after 1. d4');
    await page.click('#redo'); // › follows the variation now
    await settle(page);
    assert.equal(await comment(page), '1... d5!');
    assert.match(await page.evaluate(() => window.fairyboard.positionText()), /^rnbqkbnr\/ppp1pppp\/8\/3p4\/3P4\//);
    // Back to the start by keys: the choices again, the variation's move the one › takes.
    await page.click('#first');
    await settle(page);
    assert.deepEqual(await choices(page), ['1. e4', '1. d4*', '1. c4?!']);
    await page.focus('#move-choices button:has-text("1. e4")');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.equal(await comment(page), "1. e4 The king's pawn.");
    assert.equal(await page.evaluate(() => document.activeElement.id), 'board', 'the keys go on on the board');
    await page.keyboard.press('Shift+ArrowRight');
    await settle(page);
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 2, 'Shift+→ steps on along the main line');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('arrows and marks attributes draw on the position given; bad ones are named', async () => {
  const { context, page, errors } = await openEmbed('game=orthodox&mode=view&moves=e2e4&arrows=Gg1f3%20Rd1h5&marks=Yd4,Xz9');
  try {
    assert.deepEqual(await shapes(page), ['Gg1f3', 'Rd1h5', 'Yd4']);
    assert.match(await page.textContent('#embed-problems'), /Arrows and marks not drawn: Xz9/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
