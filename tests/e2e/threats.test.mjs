// Threats made visible (www/board/overlays.js): a check's line and checking piece in orthodox
// chess and along a 4-D line in Riftwalker, a Bandit outlaw's bounce paths when it is picked,
// and a Vagabond berserker's destinations that would remove a piece of its own side. Moves
// and picks are made with the real mouse; what is drawn is read through the page's hook
// (`fairyboard.overlays()`, in cell names) and checked on the canvas's pixels. A picture of
// each goes to tests/output/threats-*.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  launch, withBoard, clickSquare, settle, pixel, sameColour, startGame, statusText, OUTPUT,
} from './support.mjs';

const DESKTOP = { viewport: { width: 1280, height: 800 } };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const overlays = (page) => page.evaluate(() => window.fairyboard.overlays());

/** Clicks the squares `names` in turn, then reads the overlays once the board has settled. */
async function overlaysAfterClicks(page, ...names) {
  for (const name of names) await clickSquare(page, name);
  await settle(page);
  return overlays(page);
}

/** A picture of the board alone (the canvas and a margin) in tests/output/<name>.png. */
async function boardShot(page, name) {
  await settle(page);
  const box = await page.locator('#board').boundingBox();
  const m = 8;
  await page.screenshot({
    path: path.join(OUTPUT, `${name}.png`),
    clip: { x: Math.max(0, box.x - m), y: Math.max(0, box.y - m), width: box.width + 2 * m, height: box.height + 2 * m },
  });
}

test('a check in orthodox chess: the checking rook is ringed and an arrow runs up the file', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await startGame(page, 'orthodox', '4k3/8/8/8/8/8/8/K2R4 w - - 0 1');
    assert.deepEqual((await overlays(page)).arrows, [], 'no check, no arrow');
    const e5Before = await pixel(page, 'e5');
    await clickSquare(page, 'd1');
    await clickSquare(page, 'e1'); // Re1+
    await settle(page);
    assert.equal(await statusText(page), 'Black to move, in check');
    const o = await overlays(page);
    assert.deepEqual(o.arrows, [{ from: 'e1', to: 'e8', via: ['e2', 'e3', 'e4', 'e5', 'e6', 'e7'], kind: 'check' }]);
    assert.deepEqual(o.rings, [{ at: 'e1', kind: 'check' }]);
    assert.ok(!sameColour(await pixel(page, 'e5'), e5Before), 'the check line is drawn across e5');
    await boardShot(page, 'threats-orthodox-check');
    // The king steps out of check: the marks go.
    assert.deepEqual(await overlaysAfterClicks(page, 'e8', 'd7'), { arrows: [], rings: [], ownCaptures: [] });
    assert.ok(sameColour(await pixel(page, 'e5'), e5Before), 'the line is gone');
    assert.deepEqual(errors, []);
  });
});

test('a double check: both checkers ringed, the leap as a straight arrow', async () => {
  await withBoard(env, { ...DESKTOP, colorScheme: 'dark' }, async ({ page, errors }) => {
    // Nd7-f6 uncovers the bishop on a4 (a4-e8 diagonal) and checks from f6: double check.
    await startGame(page, 'orthodox', '4k3/3N4/8/8/B7/8/8/K7 w - - 0 1');
    const o = await overlaysAfterClicks(page, 'd7', 'f6');
    const byFrom = Object.fromEntries(o.arrows.map((a) => [a.from, a]));
    assert.deepEqual(Object.keys(byFrom).sort(), ['a4', 'f6']);
    assert.deepEqual(byFrom.a4.via, ['b5', 'c6', 'd7']);
    assert.deepEqual(byFrom.f6.via, []);
    assert.deepEqual(o.rings.map((r) => r.at).sort(), ['a4', 'f6']);
    await boardShot(page, 'threats-orthodox-double-check-dark');
    assert.deepEqual(errors, []);
  });
});

test('a check along a 4-D line in Riftwalker crosses the small boards', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // The rook b1 = (0,0,1,0) steps to b2 = (0,0,1,1); from there two steps in X
    // (e2 = (1,0,1,1), then h2) reach the king.
    await startGame(page, 'riftwalker', '8K/9/9/9/9/9/9/7k1/1R7 w - - 0 1');
    const o = await overlaysAfterClicks(page, 'b1', 'b2');
    assert.deepEqual(o.arrows, [{ from: 'b2', to: 'h2', via: ['e2'], kind: 'check' }]);
    assert.deepEqual(o.rings, [{ at: 'b2', kind: 'check' }]);
    await boardShot(page, 'threats-riftwalker-check');
    assert.deepEqual(errors, []);
  });
});

test('a picked Bandit outlaw shows its bounce paths, turning at the edge', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    await startGame(page, 'bandit', '3k3/7/7/7/7/7/7/7/1O1K3 w - - 0 1');
    const o = await overlaysAfterClicks(page, 'b1');
    const to = Object.fromEntries(o.arrows.map((a) => [a.to, a]));
    assert.ok(o.arrows.every((a) => a.kind === 'path' && a.from === 'b1'));
    // North-west it turns on a2 at the a-file; north-east it turns on g6 at the g-file.
    assert.deepEqual(to.c4.via, ['a2', 'b3']);
    assert.deepEqual(to.g8.via, ['a2', 'b3', 'c4', 'd5', 'e6', 'f7']);
    assert.deepEqual(to.e8.via, ['c2', 'd3', 'e4', 'f5', 'g6', 'f7']);
    assert.equal(to.e4, undefined, 'a straight line is only a dot');
    await boardShot(page, 'threats-bandit-outlaw');
    // Putting it down again clears the paths.
    assert.deepEqual((await overlaysAfterClicks(page, 'b1')).arrows, []);
    assert.deepEqual(errors, []);
  });
});

test("a Vagabond berserker's destinations that remove its own pieces get their own mark", async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // Berserker d4: jumping d5 to d6 rages on c7 (a White pawn) and e7 (a Black rook); its
    // leap to f5 takes a White pawn, to b5 a Black one.
    await startGame(page, 'vagabond', '7k/2P1r3/8/1p1P1P2/3E4/8/8/3K4 w - - 0 1');
    const ringPoint = (sq) => pixel(page, sq, 0.31, 0.31); // on a ring, bottom right
    const before = { d6: await ringPoint('d6'), b5: await ringPoint('b5') };
    const o = await overlaysAfterClicks(page, 'd4');
    assert.deepEqual([...o.ownCaptures].sort(), ['d6', 'f5']);
    const dests = await page.evaluate(() => window.fairyboard.destinationNames());
    assert.ok(dests.includes('b5') && dests.includes('d6') && dests.includes('f5'));
    // The enemy capture on b5 keeps its full ring; d6's mark is open at the diagonals.
    assert.ok(!sameColour(await ringPoint('b5'), before.b5), 'b5 has its capture ring');
    assert.ok(sameColour(await ringPoint('d6'), before.d6), "d6's mark is not the capture ring");
    await boardShot(page, 'threats-vagabond-own-capture');
    assert.deepEqual(errors, []);
  });
});

test('drawArrows and drawRings draw the hint interface: arrows with via, drops from an origin, rings', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    // On a plain canvas with a made-up 8x8 geometry of 50 px cells (cell = rank * 8 + file,
    // rank 0 at the bottom), so only overlays.js is exercised.
    const result = await page.evaluate(async () => {
      const { drawArrows, drawRings } = await import('/www/board/overlays.js');
      const canvas = document.createElement('canvas');
      canvas.width = 400; canvas.height = 400;
      const ctx = canvas.getContext('2d');
      const u = 50;
      const at = (sq) => ({ x: (sq % 8) * u, y: (7 - Math.floor(sq / 8)) * u });
      const geom = {
        unit: u,
        center: (sq) => (sq >= 0 && sq < 64 ? { x: at(sq).x + u / 2, y: at(sq).y + u / 2 } : null),
        rect: (sq) => ({ ...at(sq), w: u, h: u }),
      };
      const theme = { hintArrow: 'rgb(0, 0, 255)', checkLine: 'rgb(255, 0, 0)', pathLine: 'rgb(0, 128, 0)', arrowHalo: 'rgb(255, 255, 255)' };
      const painted = (x, y) => ctx.getImageData(x, y, 1, 1).data[3] > 0;
      const blue = (x, y) => { const d = ctx.getImageData(x, y, 1, 1).data; return d[2] > 200 && d[0] < 80; };
      const out = {};
      // A hint e2-e4 (cells 12 -> 28): a blue line up the e-file between them.
      drawArrows(ctx, geom, [{ from: 12, to: 28, kind: 'hint' }], theme);
      out.hintLine = blue(225, 300); // e3's centre
      out.beside = painted(125, 300); // c3: untouched
      // A bent arrow through a via cell: a1 -> a3 -> c3 (0 -> 16 -> 18).
      ctx.clearRect(0, 0, 400, 400);
      drawArrows(ctx, geom, [{ from: 0, to: 18, via: [16], kind: 'hint' }], theme);
      out.viaLeg1 = blue(25, 325); // a2
      out.viaLeg2 = blue(75, 275); // b3
      out.noShortcut = painted(75, 325); // b2: the arrow does not cut the corner
      // A drop from the hand: from null with an origin below the board's bottom edge.
      ctx.clearRect(0, 0, 400, 400);
      drawArrows(ctx, geom, [{ from: null, to: 20, origin: { x: 225, y: 398 }, kind: 'hint' }], theme);
      out.dropLine = blue(225, 375); // e1, on the way up from the origin to e3
      // No from and no origin: a ring on the cell; and drawRings.
      ctx.clearRect(0, 0, 400, 400);
      drawArrows(ctx, geom, [{ from: null, to: 27, kind: 'hint' }], theme);
      drawRings(ctx, geom, [{ at: 36, kind: 'hint' }], theme);
      out.ringFromArrow = blue(175 + 21, 225) && !painted(175, 225); // d4: ring, hollow
      out.ring = blue(225 + 21, 175) && !painted(225, 175); // e5
      return out;
    });
    assert.deepEqual(result, {
      hintLine: true, beside: false, viaLeg1: true, viaLeg2: true, noShortcut: false,
      dropLine: true, ringFromArrow: true, ring: true,
    });
    assert.deepEqual(errors, []);
  });
});
