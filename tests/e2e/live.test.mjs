// A live game with a friend (issue 43) between two players in two browser contexts of one
// headless Chromium (separate storage, as two people on two devices), connected directly over
// an RTCDataChannel with no ICE servers (one machine): the invitation made in New game and
// copied, the friend's page opening it and answering with a reply that goes back once, then
// moves and clocks arriving at once on the other board; a garbage message, a move for the
// wrong side refused with the game kept; a dropped
// connection shown at once, and a new invitation resuming the game from the record. A damaged
// invitation, a forged one and a reply cut short change no game.

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
    // The first move waits until the friend is connected.
    await clickMove(A, 'e2', 'e4');
    assert.deepEqual(await shownMoves(A), [], 'no move before the friend is there');
    assert.match(await A.textContent('#live-status'), /The game starts once your pages are connected\./);
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
    // A reply cut short on the way is refused, and the invitation still waits for a good one.
    await A.fill('#live-paste-text', reply.slice(0, -30));
    await A.click('#live-connect');
    await A.waitForFunction(() => /cut short/.test(document.getElementById('message').textContent));
    assert.match(await messageText(A), /^The reply is (damaged or )?cut short.*The invitation still waits for a good one\.$/);
    assert.equal(await liveState(A), 'waiting');
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
    // A forged invitation (its check good, its record holding a move for Bob's side that he
    // never made) is refused on Bob's page, which keeps the game.
    const forged = await B.evaluate(async ([text, now]) => {
      const { readCode, writeCode } = await import('/www/remote/signal.js');
      const { withLink } = await import('/www/engine/engine.js');
      const { payload } = await readCode(text);
      const record = withLink(payload.record, (l) => { l.play('b', 'a7a6', now); return l.fragment(); });
      return `${text.split('#')[0]}#${await writeCode('lv', { ...payload, record })}`;
    }, [again, Math.floor(Date.now() / 60000)]);
    await openLink(B, forged);
    await B.waitForFunction(() => /does not continue/.test(document.getElementById('message').textContent));
    assert.match(await messageText(B), /^This invitation does not continue your game with Ann: the link makes a move for Black, the side this page plays: Black plays 2\.\.\. a6\. Your game is kept as it was\.$/);
    assert.deepEqual(await shownMoves(B), ['e2e4', 'e7e5', 'g1f3']);
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

/** Export PGN in the share panel: its text. */
async function exported(page) {
  await page.click('#export-pgn');
  const text = await page.inputValue('#records-text');
  await page.click('#records-close');
  return text;
}

/** Waits until `page`'s game with a friend has `n` plies. */
const plies = (page, n) => page.waitForFunction((k) => window.fairyboard.remote()?.summary.plies === k, n, { timeout: 10000 });

test('over the channel: a draw declined, a takeback accepted, a resignation, the same export, and a rematch with the colours swapped', async () => {
  const ann = await openBoard(env, PLAYER);
  const bob = await openBoard(env, PLAYER);
  const A = ann.page;
  const B = bob.page;
  try {
    await A.click('#new-game');
    await A.selectOption('#new-game-game', 'orthodox');
    await A.check('input[name=opponent][value=live]');
    await A.check('input[name=color][value=b]');
    await A.fill('#new-game-your-name', 'Ann');
    await A.click('#new-game-dialog button[value=start]');
    await settle(A);
    await reach(A, 'waiting');
    const reply = await answerInvitation(B, await copied(A, 'live-invite'), 'Bob');
    await connect(A, B, reply);
    assert.equal(await B.evaluate(() => window.fairyboard.remote().side), 'w', 'Bob takes the side Ann left');

    await clickMove(B, 'e2', 'e4');
    await plies(A, 1);
    // Ann offers a draw; Bob's page shows it at once, and he declines.
    await A.click('#remote-offer-draw');
    await B.waitForSelector('#remote-decline-draw:not([hidden])');
    assert.match(await B.textContent('#remote-offer'), /Ann offers a draw/);
    await B.click('#remote-decline-draw');
    await A.waitForFunction(() => window.fairyboard.remote().summary.draw_offer === null);
    await A.waitForFunction(() => /Bob declines the draw offer/.test(document.getElementById('message').textContent));
    await clickMove(A, 'e7', 'e5');
    await plies(B, 2);
    // Ann asks to take her move back; Bob accepts: both boards go back to 1. e4.
    await A.click('#remote-takeback');
    await B.waitForSelector('#remote-accept-takeback:not([hidden])');
    await B.click('#remote-accept-takeback');
    await plies(A, 1);
    assert.deepEqual(await shownMoves(A), ['e2e4']);
    assert.deepEqual(await shownMoves(B), ['e2e4']);
    await clickMove(A, 'd7', 'd5');
    await plies(B, 2);
    // Bob resigns: both pages end the game, and export the same record.
    await B.click('#remote-resign');
    await B.click('#picker-options button[data-value=yes]');
    await A.waitForSelector('#game-over[open]');
    assert.equal(await A.textContent('#game-over-title'), 'You win');
    assert.equal((await A.evaluate(() => window.fairyboard.remote().summary)).result, '0-1');
    await B.waitForSelector('#game-over[open]');
    await B.click('#game-over button[value=close]');
    const pgnB = await exported(B);

    // A rematch over the same connection, from Ann's end panel: Bob accepts, the colours swap.
    const first = await A.evaluate(() => window.fairyboard.remote().id);
    await A.click('#rematch');
    await B.waitForSelector('#live-rematch-accept:not([hidden])');
    assert.match(await B.textContent('#live-rematch-offer'), /Ann offers a rematch: you would play Black/);
    await B.click('#live-rematch-accept');
    await A.waitForFunction((id) => window.fairyboard.remote().id !== id, first);
    await B.waitForFunction((id) => window.fairyboard.remote().id !== id, first);
    assert.equal(await A.evaluate(() => window.fairyboard.remote().side), 'w');
    assert.equal(await B.evaluate(() => window.fairyboard.remote().side), 'b');
    assert.equal(await A.evaluate(() => window.fairyboard.remote().id), await B.evaluate(() => window.fairyboard.remote().id));
    assert.equal(await liveState(A), 'open');
    await clickMove(A, 'e2', 'e4');
    await plies(B, 1);

    // The first game, from Games by link: Ann's page exports the record Bob's did.
    await A.click('#games-by-link > summary');
    await A.click(`#link-list .link-game[data-id="${first}"]`);
    await settle(A);
    const pgnA = await exported(A);
    assert.equal(pgnA, pgnB, 'both pages export the same PGN');
    for (const tag of ['[Event "Live game"]', '[Site "fairyboard, played live over a direct connection"]', '[White "Bob"]', '[Black "Ann"]', '[Result "0-1"]']) {
      assert.ok(pgnA.includes(tag), `${tag} in\n${pgnA}`);
    }
    assert.deepEqual(ann.errors, []);
    assert.deepEqual(bob.errors, []);
  } finally {
    await ann.context.close();
    await bob.context.close();
  }
});

test('the servers for live games: none by default, a line that is no server address refused by name, a STUN server kept over a reload', async () => {
  const { context, page, errors } = await openBoard(env, PLAYER);
  try {
    await page.click('#games-by-link > summary');
    await page.click('#live-servers > summary');
    assert.equal(await page.inputValue('#live-servers-text'), '', 'none by default');
    await page.fill('#live-servers-text', 'stun:stun.example.org:3478\nhttps://turn.example.org');
    await page.click('#live-servers-save');
    assert.equal(await page.textContent('#live-servers-note'),
      "Not saved: 'https://turn.example.org' is not a server address (stun:host:port, or turn:user:password@host:port).");
    await page.fill('#live-servers-text', 'turn:turn.example.org:3478');
    await page.click('#live-servers-save');
    assert.match(await page.textContent('#live-servers-note'), /^Not saved: the TURN server 'turn:turn.example.org:3478' needs a user and a password/);
    await page.fill('#live-servers-text', 'stun:stun.example.org:3478');
    await page.click('#live-servers-save');
    assert.equal(await page.textContent('#live-servers-note'), 'Saved: 1 server, used by your next live invitation or reply.');
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await page.click('#games-by-link > summary');
    await page.click('#live-servers > summary');
    assert.equal(await page.inputValue('#live-servers-text'), 'stun:stun.example.org:3478', 'kept over a reload');
    await screenshot(page, 'live-servers');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
