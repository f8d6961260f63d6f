// A live game with a friend (issue 43) between two players in two browser contexts of one
// headless Chromium (separate storage, as two people on two devices), connected directly over
// an RTCDataChannel with no ICE servers (one machine): the invitation made in New game and
// copied, the friend's page opening it and answering with a reply that goes back once, then
// moves and clocks arriving at once on the other board; a garbage message, a move for the
// wrong side refused with the game kept; a dropped
// connection shown at once, and a new invitation resuming the game from the record. A damaged
// invitation changes no game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchForTests, openBoard, settle, clickSquare, screenshot, messageText, shownMoves } from './support.mjs';

const env = launchForTests();
const PLAYER = { viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] };

/** Plays `from`-`to` on `page` with two clicks, as a person does. */
async function clickMove(page, from, to) {
  await clickSquare(page, from);
  await clickSquare(page, to);
  await settle(page);
}

/** Copy in the send box `prefix` (live-invite, live-reply): the text, as the clipboard has it. */
async function copied(page, prefix) {
  await page.waitForSelector(`#${prefix}-copy`, { state: 'visible', timeout: 20000 });
  await page.click(`#${prefix}-copy`);
  await page.waitForFunction((p) => !document.getElementById(`${p}-note`).hidden, prefix);
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The connection's state on `page` as its panel shows it (live-status's data-state). */
const liveState = (page) => page.getAttribute('#live-status', 'data-state');

/** Waits until `page`'s connection is in `state`. */
const reach = (page, state) => page.waitForFunction((s) => document.getElementById('live-status')?.dataset.state === s, state, { timeout: 20000 });

/** The friend opens `link` (a click in a messenger: the address). */
async function openLink(page, link) {
  await page.goto(link);
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
  await settle(page);
}

/** Bob takes Ann's invitation `link` with his name: his reply, copied. */
async function answerInvitation(page, link, name = null) {
  await openLink(page, link);
  if (name) {
    await page.waitForSelector('#adopt-dialog[open]');
    await page.fill('#adopt-name', name);
    await page.click('#adopt-dialog button[value=play]');
    await settle(page);
  }
  await reach(page, 'answering');
  return copied(page, 'live-reply');
}

/** Ann pastes Bob's `reply` and connects; both pages connected. */
async function connect(ann, bob, reply) {
  await ann.fill('#live-paste-text', reply);
  await ann.click('#live-connect');
  await reach(ann, 'open');
  await reach(bob, 'open');
}

/** The clock of `side` on `page` as it shows it ("4:58"). */
const clockText = (page, side) => page.textContent(`#clock-${side} .clock-time`);

/** A record made on `page` from `fragment` by its engine (a misbehaving page): `side` plays `move`. */
const recordWith = (page, fragment, side, move) => page.evaluate(async ([f, s, m]) => {
  const { withLink } = await import('/www/engine/engine.js');
  return withLink(f, (l) => { l.play(s, m, Math.floor(Date.now() / 60000)); return l.fragment(); });
}, [fragment, side, move]);

test('a live game over a direct connection: invitation, reply, moves and clocks at once, bad messages refused, a drop shown and resumed', async () => {
  const ann = await openBoard(env, PLAYER);
  const bob = await openBoard(env, PLAYER);
  const A = ann.page;
  const B = bob.page;
  try {
    // Ann: New game, "Play a friend live", White, 5 + 3.
    await A.click('#new-game');
    await A.selectOption('#new-game-game', 'orthodox');
    await A.check('input[name=opponent][value=live]');
    await A.check('input[name=color][value=w]');
    await A.fill('#new-game-your-name', 'Ann');
    await A.selectOption('#new-game-dialog select[name=clock]', '5+3');
    await A.click('#new-game-dialog button[value=start]');
    await settle(A);
    await reach(A, 'waiting');
    const invitation = await copied(A, 'live-invite');
    assert.match(invitation, /#lv=1&d=[A-Za-z0-9_-]+&k=[0-9a-f]{8}$/);
    await screenshot(A, 'live-ann-invitation');

    // A damaged invitation (a character changed on the way) is refused; Bob's page changes nothing.
    const damaged = invitation.replace(/&d=(.)/, (m, c) => `&d=${c === 'A' ? 'B' : 'A'}`);
    await openLink(B, damaged);
    await B.waitForFunction(() => /damaged/.test(document.getElementById('message').textContent));
    assert.match(await messageText(B), /^The invitation is damaged or cut short: its check \(k=\) does not match/);
    assert.equal(await B.evaluate(() => window.fairyboard.remote()), null, 'no game taken');
    assert.equal(await B.isVisible('#adopt-dialog[open]'), false);

    // Bob opens it, takes Black, and sends his reply back once; Ann pastes it: connected.
    const reply = await answerInvitation(B, invitation, 'Bob');
    assert.match(reply, /#lr=1&d=[A-Za-z0-9_-]+&k=[0-9a-f]{8}$/);
    await connect(A, B, reply);
    assert.match(await A.textContent('#live-status'), /Connected to Bob/);
    assert.match(await B.textContent('#live-status'), /Connected to Ann/);

    // Moves appear at once on the other board, with the mover's own clock.
    await clickMove(A, 'e2', 'e4');
    await B.waitForFunction(() => window.fairyboard.game.line().length === 1);
    assert.deepEqual(await shownMoves(B), ['e2e4']);
    assert.equal(await clockText(B, 'w'), await clockText(A, 'w'), "Ann's clock as her page counted it");
    assert.match(await clockText(B, 'w'), /^5:0[0-3]$/, 'the increment added, no lag charged');
    await clickMove(B, 'e7', 'e5');
    await A.waitForFunction(() => window.fairyboard.game.line().length === 2);
    assert.deepEqual(await shownMoves(A), ['e2e4', 'e7e5']);
    assert.equal(await clockText(A, 'b'), await clockText(B, 'b'));
    await clickMove(A, 'g1', 'f3');
    await B.waitForFunction(() => window.fairyboard.game.line().length === 3);
    await screenshot(B, 'live-bob-connected');
    const kept = await A.evaluate(() => window.fairyboard.remote().fragment);

    // Bob's page misbehaves: garbage, then a record with his move and one for Ann's side.
    await B.evaluate(() => window.fairyboard.remoteSend('garbage'));
    await A.waitForFunction(() => /refuses/.test(document.getElementById('message').textContent));
    assert.equal(await messageText(A), "Bob's page sent what this page refuses: a message that is not one of a live game. The game is kept as it was.");
    const bobs = await B.evaluate(() => window.fairyboard.remote().fragment);
    const forWhite = await recordWith(B, bobs, 'b', 'b8c6');
    const thenWhite = await recordWith(B, forWhite, 'w', 'f1c4');
    await B.evaluate((r) => window.fairyboard.remoteSend({ t: 'record', record: r }), thenWhite);
    await A.waitForFunction(() => /White, the side this page plays/.test(document.getElementById('message').textContent));
    assert.match(await messageText(A), /^Bob's page sent what this page refuses: .*White, the side this page plays/);
    assert.equal(await A.evaluate(() => window.fairyboard.remote().fragment), kept);
    assert.deepEqual(await shownMoves(A), ['e2e4', 'e7e5', 'g1f3']);
    // Bob's page told Ann's which record it refused; both boards still hold the same moves.
    await B.waitForFunction(() => /refused what this page sent/.test(document.getElementById('message').textContent));
    assert.deepEqual(await shownMoves(B), ['e2e4', 'e7e5', 'g1f3']);

    // The connection drops (Bob's page reloads): shown at once on Ann's page; both keep the game.
    await B.reload();
    await B.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await reach(A, 'dropped');
    assert.match(await A.textContent('#live-status'), /The connection to Bob dropped/);
    assert.match(await messageText(A), /The connection to Bob dropped/);
    assert.deepEqual(await shownMoves(A), ['e2e4', 'e7e5', 'g1f3']);
    await settle(B);
    assert.deepEqual(await shownMoves(B), ['e2e4', 'e7e5', 'g1f3'], "Bob's page keeps the game");
    await screenshot(A, 'live-ann-dropped');

    // A new invitation resumes it: Bob's page holds the game, so it answers at once.
    await A.click('#live-resume');
    await reach(A, 'waiting');
    const again = await copied(A, 'live-invite');
    const reply2 = await answerInvitation(B, again);
    await connect(A, B, reply2);
    await clickMove(B, 'b8', 'c6');
    await A.waitForFunction(() => window.fairyboard.game.line().length === 4);
    assert.deepEqual(await shownMoves(A), ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    assert.equal(await A.evaluate(() => window.fairyboard.remote().fragment), await B.evaluate(() => window.fairyboard.remote().fragment));
    assert.deepEqual(ann.errors, []);
    assert.deepEqual(bob.errors, []);
  } finally {
    await ann.context.close();
    await bob.context.close();
  }
});
