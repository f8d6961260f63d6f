// Phone-sized browser tests: the whole board fits a 320 px wide screen without horizontal
// scrolling, the canvas is sharp on a high-density screen, and moves can be played by touch.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, withBoard, center, position, statusText, settle, screenshot,
} from './support.mjs';

const PHONE_320 = { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const PHONE_360 = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

async function tap(page, name) {
  const c = await center(page, name);
  await page.touchscreen.tap(c.x, c.y);
}

test('at 320 px wide the whole board fits and a move can be played by taps', async () => {
  await withBoard(env, PHONE_320, async ({ page, context, errors }) => {
    const m = await page.evaluate(() => {
      const r = document.getElementById('board').getBoundingClientRect();
      const cv = document.getElementById('board');
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        left: r.left, right: r.right, width: r.width, height: r.height,
        backingWidth: cv.width, backingHeight: cv.height, dpr: window.devicePixelRatio,
        touchAction: getComputedStyle(cv).touchAction,
        controlsBelow: document.getElementById('undo').getBoundingClientRect().top >= r.bottom,
      };
    });
    assert.equal(m.innerWidth, 320);
    assert.ok(m.scrollWidth <= m.innerWidth, `no horizontal scroll (scrollWidth ${m.scrollWidth})`);
    assert.ok(m.left >= 0 && m.right <= 320, `board within the viewport (${m.left}..${m.right})`);
    assert.ok(m.width >= 300, `board fills the width (${m.width} px)`);
    assert.ok(m.controlsBelow, 'controls wrap below the board');
    assert.equal(m.touchAction, 'none');
    assert.equal(m.backingWidth, Math.round(m.width * m.dpr), 'canvas backing = CSS size x devicePixelRatio');
    assert.equal(m.backingHeight, Math.round(m.height * m.dpr));
    for (const sq of ['a1', 'h1', 'a8', 'h8']) {
      const c = await center(page, sq);
      assert.ok(c.x > 0 && c.x < 320, `${sq} on screen`);
    }

    await tap(page, 'e2');
    await settle(page);
    await screenshot(page, 'phone-320-picked');
    await tap(page, 'e4');
    assert.match(await position(page), /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b /);
    assert.equal(await statusText(page), 'Black to move');

    // A touch drag (real touch events through the browser's input pipeline): 1...e5.
    const a = await center(page, 'e7');
    const b = await center(page, 'e5');
    const cdp = await context.newCDPSession(page);
    const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', {
      type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [],
    });
    await touch('touchStart', a);
    for (let i = 1; i <= 6; i++) await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 6, y: a.y + ((b.y - a.y) * i) / 6 });
    await touch('touchEnd');
    assert.match(await position(page), /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\/8\/PPPP1PPP\/RNBQKBNR w /);
    await screenshot(page, 'phone-320');
    assert.deepEqual(errors, []);
  });
});

test('phone 360x740 screenshot, light and dark', async () => {
  await withBoard(env, PHONE_360, async ({ page, errors }) => {
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    await tap(page, 'g1');
    await tap(page, 'f3');
    await tap(page, 'd7');
    await settle(page);
    await screenshot(page, 'phone-360');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'phone-360-dark');
    assert.deepEqual(errors, []);
  });
});

test('resizing the window redraws the board sharp at the new size, and clicks still land', async () => {
  await withBoard(env, { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1.5 }, async ({ page, errors }) => {
    const size = () => page.evaluate(() => {
      const cv = document.getElementById('board');
      const r = cv.getBoundingClientRect();
      return { css: r.width, backing: cv.width, dpr: devicePixelRatio };
    });
    const big = await size();
    await page.setViewportSize({ width: 600, height: 800 });
    await settle(page);
    const small = await size();
    assert.ok(small.css < big.css - 50, `board shrank (${big.css} -> ${small.css})`);
    assert.equal(small.backing, Math.round(small.css * small.dpr));
    await tapOrClick(page, 'b1');
    await tapOrClick(page, 'c3');
    assert.match(await position(page), /^rnbqkbnr\/pppppppp\/8\/8\/8\/2N5\/PPPPPPPP\/R1BQKBNR b /);
    assert.deepEqual(errors, []);
  });
});

async function tapOrClick(page, name) {
  const c = await center(page, name);
  await page.mouse.click(c.x, c.y);
}
