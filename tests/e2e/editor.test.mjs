// The position editor in the real page, through the real engine: positions built with real
// clicks, drags, taps and keys; the engine's validation messages shown live (no king, a piece
// on a missing square, a side in check with the other to move, castling rights without their
// rook); play from the position and make a move; Cancel keeps the game in progress; typed
// position text; Share's link. Expected texts agree with `fairyboard play <game> --fen ...`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, withBoard, center, position, clickSquare, dragSquare, playMove, settle, shownMoves,
  statusText, screenshot,
} from './support.mjs';
import { chooseGame } from './steps.mjs';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE_360_DARK = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3, colorScheme: 'dark' };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const panelShown = (page) => page.isVisible('#editor');
const checkText = async (page) => (await page.textContent('#editor-check')).trim();
const editorText = (page) => page.inputValue('#editor-text');
const playDisabled = (page) => page.isDisabled('#editor [data-role="play"]');
const button = (page, role) => page.locator(`#editor [data-role="${role}"]`);
/** The palette button for a piece letter (capital for White) or "erase". */
const tool = (page, letter) => page.locator(`#editor .palette-piece[data-tool="${letter}"]`);

async function openEditor(page, game = null) {
  if (game) await chooseGame(page, game);
  await page.click('#edit-position');
  await page.waitForSelector('#editor', { state: 'visible' });
  await settle(page);
}

/** Chooses a palette piece and clicks each square. */
async function placeAt(page, letter, ...squares) {
  await tool(page, letter).click();
  for (const sq of squares) await clickSquare(page, sq);
  await settle(page);
}

async function typeText(page, text) {
  await page.fill('#editor-text', text);
  await settle(page);
}

async function playFromHere(page) {
  await button(page, 'play').click();
  await page.waitForSelector('#editor', { state: 'hidden' });
  await settle(page);
}

test('orthodox: build a position by clicks, with live validation and castling rights, then play from it', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playMove(page, 'e2e4');
    await settle(page);
    await openEditor(page);
    assert.ok(!(await page.isVisible('.side')), 'the game panel makes way for the editor');
    assert.equal(await editorText(page), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    assert.equal(await checkText(page), 'Ready to play: Black to move.');
    assert.ok(await page.isVisible('#editor [data-role="castling"]'), 'orthodox offers castling rights');
    assert.ok(!(await page.isVisible('#editor [data-role="hands"]')), 'orthodox has no hands');

    await button(page, 'clear').click();
    assert.equal(await editorText(page), '8/8/8/8/8/8/8/8 b - - 0 1');
    assert.equal(await checkText(page), 'White has no king');
    assert.ok(await playDisabled(page), 'Play from here is disabled while the position is not playable');
    assert.ok(await button(page, 'share').isDisabled());

    await page.check('#editor [data-role="white"]');
    await placeAt(page, 'K', 'e1');
    assert.equal(await checkText(page), 'Black has no king');
    await placeAt(page, 'k', 'e8');
    await placeAt(page, 'R', 'h1', 'e4');
    assert.equal(await editorText(page), '4k3/8/8/8/4R3/8/8/4K2R w - - 0 1');
    assert.equal(await checkText(page), 'Black is in check but it is White to move');
    assert.ok(await playDisabled(page));
    await screenshot(page, 'editor-side-in-check');

    // Black to move makes it playable; back to White, and the same rook again takes it off.
    await page.check('#editor [data-role="black"]');
    assert.equal(await checkText(page), 'Ready to play: Black to move.');
    await page.check('#editor [data-role="white"]');
    await clickSquare(page, 'e4');
    await settle(page);
    assert.equal(await editorText(page), '4k3/8/8/8/8/8/8/4K2R w - - 0 1');
    assert.equal(await checkText(page), 'Ready to play: White to move.');

    // Castling rights: K is backed by the rook on h1; Q has no rook on a1, so it is not
    // offered (typed text that claims it is refused with a message, above).
    await page.check('#editor [data-role="castle-K"]');
    assert.equal(await editorText(page), '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
    assert.ok(await page.isDisabled('#editor [data-role="castle-Q"]'));
    assert.ok(!(await playDisabled(page)));

    await playFromHere(page);
    assert.ok(await page.isVisible('.side'));
    assert.equal(await page.evaluate(() => document.activeElement.id), 'board', 'focus goes to the board');
    assert.equal(await position(page), '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
    assert.equal(await statusText(page), 'White to move');
    await playMove(page, 'e1g1'); // castling, allowed by the right set in the editor
    await settle(page);
    assert.equal(await position(page), '4k3/8/8/8/8/8/8/5RK1 b - - 1 1');
    assert.deepEqual(await shownMoves(page), ['e1g1']);
    assert.deepEqual(errors, []);
  });
});

test('moving a king or rook off its square clears its castling rights; back home they can be given again', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await openEditor(page);
    const box = (l) => `#editor [data-role="castle-${l}"]`;
    assert.equal(await editorText(page), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    // The h1 rook to h4 (through the empty h2 after taking the pawn off): K goes, Q stays.
    await placeAt(page, 'erase', 'h2');
    await page.focus('#board');
    await page.keyboard.press('Escape');
    await dragSquare(page, 'h1', 'h4');
    await settle(page);
    assert.equal(await editorText(page), 'rnbqkbnr/pppppppp/8/8/7R/8/PPPPPPP1/RNBQKBN1 w Qkq - 0 1');
    assert.ok(!(await page.isChecked(box('K'))) && (await page.isDisabled(box('K'))));
    assert.ok(await page.isChecked(box('Q')));
    assert.equal(await checkText(page), 'Ready to play: White to move.');
    // Black's king steps off e8: both of Black's rights go.
    await dragSquare(page, 'e8', 'e6');
    await settle(page);
    assert.equal(await editorText(page), 'rnbq1bnr/pppppppp/4k3/8/7R/8/PPPPPPP1/RNBQKBN1 w Q - 0 1');
    assert.ok(await page.isDisabled(box('k')) && (await page.isDisabled(box('q'))));
    // Back on e8 the rights may be given again, but are not given by themselves.
    await dragSquare(page, 'e6', 'e8');
    await settle(page);
    assert.equal(await editorText(page), 'rnbqkbnr/pppppppp/8/8/7R/8/PPPPPPP1/RNBQKBN1 w Q - 0 1');
    assert.ok(!(await page.isDisabled(box('q'))));
    await page.check(box('q'));
    assert.equal(await editorText(page), 'rnbqkbnr/pppppppp/8/8/7R/8/PPPPPPP1/RNBQKBN1 w Qq - 0 1');
    assert.deepEqual(errors, []);
  });
});

test('Cancel leaves the game in progress untouched, even after editing another game', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await playMove(page, 'e2e4');
    await playMove(page, 'e7e5');
    await settle(page);
    const before = await position(page);
    await openEditor(page);
    await button(page, 'clear').click();
    await placeAt(page, 'Q', 'd4', 'a8');
    // Another game in the selector edits that game; the orthodox game still waits.
    await chooseGame(page, 'bandit');
    assert.equal(await page.evaluate(() => window.fairyboard.editor().id), 'bandit');
    assert.equal(await editorText(page), 'ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1');
    assert.ok(!(await page.isVisible('#editor [data-role="castling"]')), 'bandit has no castling');
    await button(page, 'cancel').click();
    await page.waitForSelector('#editor', { state: 'hidden' });
    await settle(page);
    assert.equal(await page.inputValue('#game'), 'orthodox');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'edit-position', 'focus returns to the button');
    assert.equal(await position(page), before);
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5']);
    assert.equal(await page.evaluate(() => window.fairyboard.editor()), null);
    // The board takes moves again, in the same game.
    await playMove(page, 'g1f3');
    await settle(page);
    assert.deepEqual(await shownMoves(page), ['e2e4', 'e7e5', 'g1f3']);
    // Undo still reaches the moves played before editing.
    await page.click('#undo');
    await settle(page);
    assert.equal(await position(page), before);
    assert.deepEqual(errors, []);
  });
});

test('pawnier: hands, missing squares (refused in typed text, not placeable by click), play from the position', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await openEditor(page, 'pawnier');
    assert.ok(await page.isVisible('#editor [data-role="hands"]'), 'pawnier has pawns in hand');
    assert.ok(!(await page.isVisible('#editor [data-role="castling"]')));
    assert.equal(await page.inputValue('#editor [data-role="hand-w"]'), '6');
    await page.fill('#editor [data-role="hand-w"]', '2');
    await settle(page);
    assert.match(await editorText(page), /\[PPpppppp\] w /);

    await button(page, 'clear').click();
    assert.equal(await editorText(page), '9/9/9/9/6*2/4*4/2*6/9/9/9/9[] w - - 0 1');
    assert.equal(await checkText(page), 'White has no king');
    await placeAt(page, 'K', 'h2');
    await placeAt(page, 'k', 'b10');
    await placeAt(page, 'P', 'e2');
    // A click where the missing square c5 is drawn places nothing: it is no square.
    const b5 = await center(page, 'b5');
    const d5 = await center(page, 'd5');
    await tool(page, 'N').click();
    await page.mouse.click((b5.x + d5.x) / 2, (b5.y + d5.y) / 2);
    await settle(page);
    const built = '9/1k7/9/9/6*2/4*4/2*6/9/9/4P2K1/9[] w - - 0 1';
    assert.equal(await editorText(page), built);
    assert.equal(await checkText(page), 'Ready to play: White to move.');

    // Typed text with a piece where c5 is missing: the engine says so, nothing is played.
    await typeText(page, '9/1k7/9/9/6*2/4*4/2N6/9/9/4P2K1/9[] w');
    assert.equal(await checkText(page), 'c5 is a missing square: nothing can stand on it');
    assert.ok(await playDisabled(page));

    // Hands by the number fields, then play from here and move.
    await typeText(page, built);
    await page.fill('#editor [data-role="hand-w"]', '1');
    await page.fill('#editor [data-role="hand-b"]', '3');
    await settle(page);
    const withHands = '9/1k7/9/9/6*2/4*4/2*6/9/9/4P2K1/9[Pppp] w - - 0 1';
    assert.equal(await editorText(page), withHands);
    await screenshot(page, 'editor-pawnier');
    await playFromHere(page);
    assert.equal(await position(page), withHands);
    await playMove(page, 'e2e3');
    await settle(page);
    assert.equal(await position(page), '9/1k7/9/9/6*2/4*4/2*6/9/4P4/7K1/9[Pppp] b - - 0 1');
    assert.deepEqual(errors, []);
  });
});

test('riftwalker: keyboard placement with the cursor, Enter, piece letters and Delete', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await openEditor(page, 'riftwalker');
    // The palette is real buttons; opening the editor focuses the first (the white king).
    assert.equal(await page.evaluate(() => document.activeElement.dataset.tool), 'K');
    await button(page, 'clear').click();
    await tool(page, 'K').focus();
    await page.keyboard.press('Enter'); // choose the white king
    assert.equal(await tool(page, 'K').getAttribute('aria-pressed'), 'true');
    await page.focus('#board');
    const cursor = () => page.evaluate(() => window.fairyboard.editor().cursor);
    const press = async (key, times = 1) => { for (let i = 0; i < times; i++) await page.keyboard.press(key); };
    await press('ArrowDown'); // the cursor appears mid-board
    assert.equal(await cursor(), 'e5');
    await press('ArrowDown', 5);
    await press('ArrowLeft', 5);
    assert.equal(await cursor(), 'a1');
    await press('Enter'); // places the chosen white king
    await press('ArrowRight');
    await press('Shift+R'); // a capital letter places a white piece: a rook on b1
    await press('ArrowUp', 9);
    await press('ArrowRight', 9);
    assert.equal(await cursor(), 'i9');
    await press('k'); // a lower-case letter places a black piece
    await press('ArrowLeft');
    await press('Shift+W'); // a white wizard on h9
    await settle(page);
    let text = await editorText(page);
    for (const [l, n] of [['K', 1], ['k', 1], ['R', 1], ['W', 1]]) {
      assert.equal(text.split('').filter((c) => c === l).length, n, `${l} in ${text}`);
    }
    // Delete takes the wizard off again.
    await press('Delete');
    await settle(page);
    text = await editorText(page);
    assert.ok(!text.includes('W'), text);
    // The same piece again on its square takes it off.
    await press('ArrowRight');
    await press('k');
    assert.equal(await checkText(page), 'Black has no king');
    await press('k');
    assert.equal(await checkText(page), 'Ready to play: White to move.');
    await screenshot(page, 'editor-riftwalker-keys');

    await playFromHere(page);
    const fen = await position(page);
    assert.equal(fen, await page.evaluate(() => window.fairyboard.game.startText()));
    // A move by clicks: the first legal move the engine lists.
    const [from, to] = await page.evaluate(() => {
      const g = window.fairyboard.game;
      const cells = g.layout().cells;
      const m = g.legalMoves().find((x) => x.from != null && x.to !== x.from);
      return [cells[m.from].name, cells[m.to].name];
    });
    assert.ok(['a1', 'b1'].includes(from), from);
    await clickSquare(page, from);
    await clickSquare(page, to);
    await settle(page);
    assert.deepEqual(await shownMoves(page), [`${from}${to}`]);
    assert.deepEqual(errors, []);
  });
});

test('typed position text loads into the editor; malformed text is explained and not played', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await openEditor(page, 'vagabond');
    assert.ok(await page.isVisible('#editor [data-role="castling"]'), 'vagabond has castling rights');
    assert.ok(await page.isChecked('#editor [data-role="castle-K"]'));
    await typeText(page, 'reek3r/8/8/8/8/8/8/R2K3R b');
    assert.equal(await checkText(page), 'Ready to play: Black to move.');
    assert.ok(await page.isChecked('#editor [data-role="black"]'));
    for (const l of ['K', 'Q', 'k', 'q']) {
      assert.ok(await page.isChecked(`#editor [data-role="castle-${l}"]`), `castling ${l} defaults from the king and rook on their squares`);
    }
    // The typed text is read into the board: a click with the eraser changes it and the
    // engine writes the text anew; the right the rook had goes with it.
    await placeAt(page, 'erase', 'a1');
    assert.equal(await editorText(page), 'reek3r/8/8/8/8/8/8/3K3R b Kkq - 0 1');
    assert.ok(await page.isDisabled('#editor [data-role="castle-Q"]'));
    assert.equal(await checkText(page), 'Ready to play: Black to move.');

    await typeText(page, 'reek3r/8/8 w');
    assert.equal(await checkText(page), 'the board has 8 ranks but the position text has 3');
    assert.ok(await playDisabled(page));
    await typeText(page, 'rzek3r/8/8/8/8/8/8/R2K3R w');
    assert.match(await checkText(page), /^unknown piece letter 'z'/);
    await typeText(page, '4k3/8/8/8/8/8/8/3K3R w KQ');
    assert.equal(await checkText(page), 'castling rights need a White rook on a1');
    await typeText(page, '3k4/8/8/8/8/8/8/3R3K w');
    assert.equal(await checkText(page), 'Black is in check but it is White to move');
    await typeText(page, '3k4/8/8/8/8/8/8/3R3K b - - 5 40');
    assert.equal(await checkText(page), 'Ready to play: Black to move.');
    // Played as typed: the counters of the typed text are kept.
    await playFromHere(page);
    assert.equal(await position(page), '3k4/8/8/8/8/8/8/3R3K b - - 5 40');
    assert.deepEqual(errors, []);
  });
});

test('drag from the palette, move a piece by dragging, drag it off the board to remove it; Share gives the link', async () => {
  const context0 = { ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] };
  await withBoard(env, context0, async ({ page, errors }) => {
    await openEditor(page);
    await typeText(page, '4k3/8/8/8/8/8/8/P3K3 w');
    assert.equal(await checkText(page), 'a pawn cannot stand on a1 (first or last rank)');
    await button(page, 'clear').click();
    const dragFrom = async (locator, to) => {
      const box = await locator.boundingBox();
      const b = await center(page, to);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2, { steps: 3 });
      await page.mouse.move(b.x, b.y, { steps: 8 });
      await page.mouse.up();
      await settle(page);
    };
    await dragFrom(tool(page, 'K'), 'g1');
    await dragFrom(tool(page, 'k'), 'b8');
    await dragFrom(tool(page, 'N'), 'c3');
    assert.equal(await editorText(page), '1k6/8/8/8/8/2N5/8/6K1 w - - 0 1');
    // Clear the tool (Escape on the board) so a press on a piece picks it up.
    await page.focus('#board');
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => window.fairyboard.editor().tool), null);
    await dragSquare(page, 'c3', 'e4');
    await settle(page);
    assert.equal(await editorText(page), '1k6/8/8/8/4N3/8/8/6K1 w - - 0 1');
    // Off the board: gone.
    const e4 = await center(page, 'e4');
    const rect = await page.locator('#board').boundingBox();
    await page.mouse.move(e4.x, e4.y);
    await page.mouse.down();
    await page.mouse.move(e4.x + 30, e4.y, { steps: 3 });
    await page.mouse.move(rect.x + rect.width + 40, e4.y, { steps: 8 });
    await page.mouse.up();
    await settle(page);
    assert.equal(await editorText(page), '1k6/8/8/8/8/8/8/6K1 w - - 0 1');

    await button(page, 'share').click();
    await page.waitForSelector('#editor-link', { state: 'visible' });
    const link = await page.inputValue('#editor-link');
    const text = '1k6/8/8/8/8/8/8/6K1 w - - 0 1';
    assert.equal(link, `${env.url.replace(/\/?$/, '/')}#g=orthodox&p=${encodeURIComponent(text)}`);
    const note = (await page.textContent('#editor [data-role="link-note"]')).trim();
    if (note === 'Link copied.') {
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    } else {
      assert.equal(note, 'Copy this link:');
    }
    assert.deepEqual(errors, []);
  });
});

test('at 360 px wide (dark scheme) the editor fits and works by taps', async () => {
  await withBoard(env, PHONE_360_DARK, async ({ page, errors }) => {
    await openEditor(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
    const boxes = await page.$$eval('#editor .palette-piece, #editor button, #editor textarea',
      (els) => els.map((e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, h: r.height }; }));
    for (const b of boxes) {
      assert.ok(b.left >= 0 && b.right <= 360, `a control lies inside the screen (${b.left}-${b.right})`);
    }
    assert.ok(boxes.every((b) => b.h >= 40), 'controls are big enough to tap');
    await button(page, 'clear').tap(); // below the fold: the page scrolls to it
    await page.evaluate(() => window.scrollTo(0, 0)); // and back up, as a person would
    // The whole board and the palette are on screen together.
    const board = await page.locator('#board').boundingBox();
    const lastPiece = await page.locator('#editor .palette-row').last().boundingBox();
    assert.ok(board.y >= 0 && lastPiece.y + lastPiece.height <= 740,
      `board (from ${board.y}) and palette (to ${lastPiece.y + lastPiece.height}) fit in 740 px`);
    await tool(page, 'K').tap();
    let c = await center(page, 'e1');
    await page.touchscreen.tap(c.x, c.y);
    await tool(page, 'k').tap();
    c = await center(page, 'e8');
    await page.touchscreen.tap(c.x, c.y);
    await settle(page);
    assert.equal(await editorText(page), '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    assert.equal(await checkText(page), 'Ready to play: White to move.');
    await screenshot(page, 'editor-phone-360-dark');
    await button(page, 'play').tap();
    await page.waitForSelector('#editor', { state: 'hidden' });
    assert.equal(await position(page), '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    assert.deepEqual(errors, []);
  });
});
