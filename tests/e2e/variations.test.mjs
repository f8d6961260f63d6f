// Variations and comments in the page (issue 17): playing another move from an earlier
// position starts a variation instead of deleting the line; the move list shows it indented,
// a click, ↑/↓ or a tap walks into it; "Make main line" and "Delete from here"; a comment
// per move written in the page, shown under the board and in the list; all of it kept over
// a reload and in the share link. Real mouse, keys and touch (screenshots in tests/output/).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, withBoard, position, shownMoves, shownNames, playMove, rightDrag, settle, screenshot, DESKTOP, PHONE_360,
  chooseSetting,
} from './support.mjs';
import { onAnotherBoard } from './steps.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** The move list's rows as they read, "<class>: <words>": pairs and variation rows. */
const rows = (page) => page.$$eval('#moves > li', (ls) => ls.map((l) => {
  const words = [];
  const walk = (node) => {
    if (node.nodeType === 3) words.push(node.textContent.trim());
    else if (node.children.length === 0) words.push(node.textContent.trim());
    else node.childNodes.forEach(walk);
  };
  l.childNodes.forEach(walk);
  return `${l.className}: ${words.filter(Boolean).join(' ')}`;
}));
/** The names of the moves listed aside (in lines other than the one shown). */
const aside = (page) => page.$$eval('#moves .ply.aside', (bs) => bs.map((b) => b.textContent.trim()));
const moveButton = (page, name) => page.locator('#moves button.ply', { hasText: new RegExp(`^${name.replace(/[+#]/g, '\\$&')}$`) });

test('another move from an earlier position starts a variation; promote and delete it', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    for (const m of ['e2e4', 'e7e5', 'g1f3', 'b8c6']) await playMove(page, m);
    // Back to after 1... e5 by the move list, then 2. d4: a variation, the main line kept.
    await moveButton(page, 'e5').click();
    await playMove(page, 'd2d4');
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'd2d4']);
    assert.deepEqual(await aside(page), ['Nf3', 'Nc6'], 'the main line stays, aside');
    // As lichess lays it out: the pair breaks at 2. Nf3, the variation, then 2... Nc6.
    assert.deepEqual(await rows(page), ['pair: e4 e5', 'pair: Nf3', 'variations: 2. d4', 'pair: … Nc6']);
    assert.equal(await page.isEnabled('#promote-line'), true, 'a variation can be made the main line');
    await screenshot(page, 'variations-list');

    // ↑/↓ switch to the other move played at the same point; ← → walk the line shown.
    await page.click('#status'); // focus off the board: plain arrows walk the moves
    await page.keyboard.press('ArrowUp');
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'g1f3']);
    await page.keyboard.press('ArrowDown');
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'd2d4']);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'd2d4'], '→ follows the line shown into the variation');
    // Its reply: the variation grows, the main line is untouched.
    await playMove(page, 'e5d4');
    assert.deepEqual(await rows(page), ['pair: e4 e5', 'pair: Nf3', 'variations: 2. d4 exd4', 'pair: … Nc6']);

    // Make main line: 2. d4 exd4 becomes the main line, 2. Nf3 Nc6 the variation.
    await page.click('#promote-line');
    assert.deepEqual(await rows(page), ['pair: e4 e5', 'pair: d4', 'variations: 2. Nf3 Nc6', 'pair: … exd4']);
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'd2d4', 'e5d4'], 'the position shown stays');
    assert.equal(await page.isDisabled('#promote-line'), true, 'the main line cannot be promoted');

    // Delete from here: the variation 2. Nf3 Nc6 goes, the board goes back to 1... e5.
    await moveButton(page, 'Nf3').click();
    await settle(page);
    await page.click('#delete-line');
    assert.deepEqual(await rows(page), ['pair: e4 e5', 'pair: d4 exd4']);
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5']);
    assert.equal(await position(page), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    assert.deepEqual(errors, []);
  });
});

test('comments: written in the page, under the board and in the list, kept over a reload and in the link', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    for (const m of ['e2e4', 'c7c5', 'g1f3']) await playMove(page, m);
    await moveButton(page, 'c5').click();
    await playMove(page, 'b1c3'); // 2. Nc3: a variation
    await page.click('#comment-move');
    assert.equal(await page.textContent('#comment-label'), 'Comment on 2. Nc3');
    await page.fill('#comment-text', 'The closed Sicilian.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Save comment, by keys
    assert.equal(await page.isVisible('#comment-editor'), false);
    assert.equal(await page.textContent('#move-comment'), 'The closed Sicilian.');
    assert.equal(await page.isVisible('#move-comment'), true);
    assert.equal(await page.getAttribute('#message', 'data-kind'), 'info', '"Comment saved." is information, not an error');
    assert.deepEqual(await page.$$eval('#moves .comment', (cs) => cs.map((c) => c.textContent)), ['The closed Sicilian.']);
    await screenshot(page, 'variations-comment');
    // Another move shown: its own (no) comment.
    await moveButton(page, 'Nf3').click();
    await settle(page);
    assert.equal(await page.isVisible('#move-comment'), false);

    // A reload keeps the variation, the comment and the move shown.
    const tree = await page.evaluate(() => window.fairyboard.game.tree());
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.deepEqual(await page.evaluate(() => window.fairyboard.game.tree()), tree);
    assert.deepEqual(await shownNames(page), ['e4', 'c5', 'Nf3']);
    assert.deepEqual(await aside(page), ['Nc3']);

    // The share link carries them to another browser.
    const link = await page.evaluate(() => location.href);
    const other = await env.browser.newContext(DESKTOP);
    try {
      const p2 = await other.newPage();
      await p2.goto(link);
      await p2.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
      assert.deepEqual(await p2.evaluate(() => window.fairyboard.game.tree()), tree);
      await moveButton(p2, 'Nc3').click();
      assert.equal(await p2.textContent('#move-comment'), 'The closed Sicilian.');
    } finally {
      await other.close();
    }
    // Emptied, the comment goes.
    await moveButton(page, 'Nc3').click();
    await page.click('#comment-move');
    assert.equal(await page.inputValue('#comment-text'), 'The closed Sicilian.');
    await page.fill('#comment-text', '');
    await page.click('#comment-editor button[type=submit]');
    assert.deepEqual(await page.$$eval('#moves .comment', (cs) => cs.length), 0);
    assert.deepEqual(errors, []);
  });
});

test('a comment keeps its words as typed: two lines, a double space and a paragraph, over a reload and through PGN into a fresh page', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    for (const m of ['e2e4', 'e7e5']) await playMove(page, m);
    await moveButton(page, 'e4').click();
    await settle(page);
    await rightDrag(page, 'd2', 'd4'); // an arrow: a command in the same comment
    // Typed with the keyboard: Enter in the comment starts a new line, twice a paragraph.
    const typed = 'Line one:  two spaces.\nLine two.\n\nA paragraph.';
    await page.click('#comment-move');
    await page.locator('#comment-text').pressSequentially('Line one:  two spaces.');
    await page.keyboard.press('Enter');
    await page.locator('#comment-text').pressSequentially('Line two.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.locator('#comment-text').pressSequentially('A paragraph.');
    await page.click('#comment-editor button[type=submit]');
    assert.equal(await page.evaluate(() => window.fairyboard.game.comment(1)), `[%cal Gd2d4] ${typed}`);
    // Shown as text reads (innerText is what is rendered): spaces kept, a single line break
    // a space (as in a PGN wrapped at 80 columns), a blank line a paragraph (issue 40).
    const read = 'Line one:  two spaces. Line two.\nA paragraph.';
    const shown = (p) => p.$eval('#move-comment', (e) => e.innerText);
    const listed = (p) => p.$$eval('#moves .comment', (cs) => cs.map((c) => c.innerText));
    assert.equal(await shown(page), read);
    assert.deepEqual(await listed(page), [read]);
    await screenshot(page, 'variations-comment-lines');
    // The editor opens on the words as typed.
    await page.click('#comment-move');
    assert.equal(await page.inputValue('#comment-text'), typed);
    await page.click('#comment-cancel');

    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.equal(await shown(page), read, 'the saved game keeps them');
    await page.getByRole('button', { name: 'Export PGN' }).click();
    const pgn = await page.inputValue('#records-text');
    assert.ok(pgn.includes(`1. e4 {[%cal Gd2d4] ${typed}} 1... e5`), pgn);

    await onAnotherBoard(env, DESKTOP, async ({ page: elsewhere }) => {
      await elsewhere.getByRole('button', { name: 'Import PGN' }).click();
      await elsewhere.fill('#records-text', pgn);
      await elsewhere.getByRole('button', { name: 'Open game' }).click();
      await moveButton(elsewhere, 'e4').click();
      await settle(elsewhere);
      assert.equal(await shown(elsewhere), read);
      assert.deepEqual(await listed(elsewhere), [read]);
      assert.equal(await elsewhere.evaluate(() => window.fairyboard.game.comment(1)), `[%cal Gd2d4] ${typed}`);
      // A record's comment with a tab and spaces around a clock: its spaces as written, its line break a space.
      await elsewhere.getByRole('button', { name: 'Import PGN' }).click();
      await elsewhere.fill('#records-text', '1. e4 {[%clk 0:03:00] a\tb  c\n  d} {[%csl Gd4]} e5 *');
      await elsewhere.getByRole('button', { name: 'Open game' }).click();
      await moveButton(elsewhere, 'e4').click();
      await settle(elsewhere);
      assert.equal(await shown(elsewhere), 'a\tb  c d');
    });
    assert.deepEqual(errors, []);
  });
});

test('marks on moves (!, ?, +=): chosen with the comment, shown in the list, kept in the link and PGN, read from lichess', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    for (const m of ['e2e4', 'e7e5', 'g1f3']) await playMove(page, m);
    await moveButton(page, 'e4').click();
    await page.click('#comment-move');
    assert.equal(await page.textContent('#marks-label'), 'Mark 1. e4:');
    await page.selectOption('#move-mark', '1');
    await page.selectOption('#position-mark', '14');
    await page.click('#comment-editor button[type=submit]');
    assert.deepEqual(await shownNames(page), ['e4!+='], 'the list shows the marks after the name (the moves after it are later)');
    assert.match(await page.getAttribute('#moves button.ply[data-node="1"]', 'aria-label'), /e4, good move, White is slightly better/);
    assert.match(await page.textContent('#message'), /Marked ! \+=\./);
    // Another mark on Black's move, by keys in the form.
    await moveButton(page, 'e5').click();
    await page.click('#comment-move');
    await page.focus('#move-mark');
    await page.keyboard.press('ArrowDown'); // none -> !
    await page.keyboard.press('ArrowDown'); // ! -> ?
    await page.focus('#comment-text');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => JSON.stringify(window.fairyboard.game.tree().nodes.map((n) => n.nags))), '[[],[1,14],[2],[]]');
    await screenshot(page, 'variations-marks');

    // Written into PGN as NAGs; the start offers no marks.
    const pgn = await page.evaluate(() => window.fairyboard.game.toPgn(null));
    assert.match(pgn, /1\. e4 \$1 \$14 e5 \$2 2\. Nf3/);
    await page.keyboard.press('Home');
    await page.click('#comment-move');
    assert.equal(await page.isVisible('#comment-marks'), false, 'the start has no move to mark');
    await page.click('#comment-cancel');

    // The link carries them to another browser; a lichess study's glyphs read in.
    const link = await page.evaluate(() => location.href);
    assert.match(link, /[#&]a=1:1,14\.2:2/);
    const other = await env.browser.newContext(DESKTOP);
    try {
      const p2 = await other.newPage();
      await p2.goto(link);
      await p2.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
      assert.equal(await p2.textContent('#moves button.ply[data-node="2"]'), 'e5?');
      await p2.getByRole('button', { name: 'Import PGN' }).click();
      await p2.fill('#records-text', '[Event "study"]\n\n1. d4!? d5 2. c4 $146 dxc4?! *');
      await p2.getByRole('button', { name: 'Open game' }).click();
      await settle(p2);
      assert.deepEqual(await shownNames(p2), ['d4!?', 'd5', 'c4N', 'dxc4?!']);
    } finally {
      await other.close();
    }
    assert.deepEqual(errors, []);
  });
});

test('a phone: variations by taps', async () => {
  await withBoard(env, PHONE_360, async ({ page, errors }) => {
    await chooseSetting(page, '#speed', 'off');
    const tap = async (sq) => {
      const c = await page.evaluate((n) => window.fairyboard.squareCenter(n), sq);
      await page.touchscreen.tap(c.x, c.y);
    };
    for (const [a, b] of [['e2', 'e4'], ['e7', 'e5']]) { await tap(a); await tap(b); }
    await moveButton(page, 'e4').tap();
    await page.evaluate(() => window.scrollTo(0, 0)); // back up to the board
    await tap('c7');
    await tap('c5');
    assert.deepEqual(await shownMoves(page), ['e2e4', 'c7c5']);
    assert.deepEqual(await aside(page), ['e5']);
    await page.locator('#promote-line').tap();
    assert.deepEqual(await rows(page), ['pair: e4 c5', 'variations: 1... e5']);
    await moveButton(page, 'e5').tap();
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5']);
    await page.locator('#moves').scrollIntoViewIfNeeded();
    await screenshot(page, 'variations-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(overflow, false);
    assert.deepEqual(errors, []);
  });
});
