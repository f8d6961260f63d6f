// Shared helpers for the browser tests: start the static server and headless Chromium, open
// the page, and act on it with REAL mouse and touch input at square coordinates that the page
// reports through window.fairyboard.squareCenter.
//
// Environment: E2E_ROOT serves another folder instead of the repo root (development only);
// CHROMIUM overrides the browser path (default /usr/bin/chromium).

import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer, defaultRoot } from '../../scripts/serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Screenshots go here (git-ignored). */
export const OUTPUT = path.resolve(here, '..', 'output');

/** Browser context options the tests share: a desktop window and touch phones. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE_320 = { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
export const PHONE_360 = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Starts the server on a free port and launches Chromium (with `extraArgs` beside the usual
 * flags); `close()` ends both.
 */
export async function launch({ extraArgs = [] } = {}) {
  const server = await startServer({ root: process.env.E2E_ROOT || defaultRoot, port: 0 });
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...extraArgs],
      headless: true,
    });
  } catch (e) {
    await server.close();
    throw e;
  }
  fs.mkdirSync(OUTPUT, { recursive: true });
  welcomedByDefault(browser);
  return {
    url: server.url,
    browser,
    async close() {
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

/**
 * The server and Chromium for a file's tests: launched (as `launch(options)`) before them and
 * closed after them. Returns the env, filled in once launched.
 */
export function launchForTests(options) {
  const env = {};
  before(async () => { Object.assign(env, await launch(options)); });
  after(async () => { await env.close?.(); });
  return env;
}

/**
 * Every context of `browser` starts as a browser that has been welcomed already (the page
 * offers the ways to start on a first visit, a dialog that would stand in the way of most
 * tests); `browser.newContext({ firstVisit: true, ... })` gives a first visit.
 */
function welcomedByDefault(browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async ({ firstVisit = false, ...options } = {}) => {
    const context = await newContext(options);
    if (!firstVisit) await welcomed(context);
    return context;
  };
}

/** Pages of `context` open as in a browser that has been welcomed already (see above). */
export function welcomed(context) {
  return context.addInitScript(() => {
    try { localStorage.setItem('fairyboard.welcomed', '1'); } catch { /* opaque origins have none */ }
  });
}

/**
 * Opens the page in a fresh context (options as for browser.newContext) and waits until the
 * board is ready. Returns { context, page, errors } where `errors` collects page errors and
 * console errors (a test can assert it stayed empty).
 */
export async function openBoard(env, contextOptions = {}) {
  const context = await env.browser.newContext(contextOptions);
  const { page, errors } = await pageWithErrors(context, { consoleErrors: true });
  await page.goto(env.url);
  try {
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 15000 });
  } catch (e) {
    const status = await page.textContent('#status').catch(() => '?');
    throw new Error(`page did not become ready; status: ${status}; errors: ${errors.join(' | ')}`);
  }
  await settle(page);
  return { context, page, errors };
}

/**
 * Opens the page as openBoard does, runs `fn({ context, page, errors })` and closes the
 * context however `fn` ends; returns what `fn` returns.
 */
export async function withBoard(env, contextOptions, fn) {
  const board = await openBoard(env, contextOptions);
  try {
    return await fn(board);
  } finally {
    await board.context.close();
  }
}

/** Client coordinates of a square's centre, as the page computes them (honours flip). */
export const center = (page, name) => page.evaluate((n) => window.fairyboard.squareCenter(n), name);

/** The page's position text (from the engine it drives). */
export const position = (page) => page.evaluate(() => window.fairyboard.positionText());

export const statusText = async (page) => (await page.textContent('#status')).trim();
export const messageText = async (page) => (await page.textContent('#message')).trim();
/**
 * The move list as listed: the coordinate texts (each button's `data-text`, whichever
 * notation it shows) of the plies in order up to the position shown (moves after it, kept
 * for stepping forward, are marked `later`, moves in other lines `aside`: both left out).
 */
export const shownMoves = (page) => page.$$eval('#moves .ply:not(.later):not(.aside)', (els) => els.map((e) => e.dataset.text));
/** The move list's buttons as they read (names by default), up to the position shown. */
export const shownNames = (page) => page.$$eval('#moves .ply:not(.later):not(.aside)', (els) => els.map((e) => e.textContent.trim()));

/**
 * Chooses `value` in the setting `selector` (a select in the Settings panel, such as '#speed'
 * or '#notation'), opening the panel first as a person would.
 */
export async function chooseSetting(page, selector, value) {
  const closed = await page.$eval(selector, (el) => { const d = el.closest('details'); return !!d && !d.open; });
  const scrolled = await page.evaluate(() => [scrollX, scrollY]);
  if (closed) await page.click(`details:has(${selector}) > summary`);
  await page.selectOption(selector, value);
  // Closed again, and the page back where it was, as a person leaves it after a setting.
  if (closed) await page.click(`details:has(${selector}) > summary`);
  await page.evaluate(([x, y]) => scrollTo(x, y), scrolled);
}

/** Waits until the computer has answered: the person is to move (or the game is over). */
export async function computerAnswered(page, timeout = 15000) {
  await page.waitForFunction(() => {
    const fb = window.fairyboard;
    const v = fb.versus();
    return !v.thinking && (fb.game.sideToMove() === v.side || fb.game.outcome());
  }, null, { timeout });
  await settle(page);
}

/** Opens `link` as a new visitor would: nothing kept in this browser, the page loaded afresh. */
export async function openLinkAfresh(page, link) {
  await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await page.goto(link);
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
  await settle(page);
}

/** Mouse click on a square. */
export async function clickSquare(page, name) {
  const c = await center(page, name);
  await page.mouse.click(c.x, c.y);
}

/**
 * A right-button drag from square `from` to `to` (the same: a right-click), holding the key
 * `modifier` ('Shift', 'Alt', 'Control') if given: how a person draws arrows and circles.
 */
export async function rightDrag(page, from, to, modifier = null) {
  const a = await center(page, from);
  const b = await center(page, to);
  if (modifier) await page.keyboard.down(modifier);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
  await page.mouse.move(b.x, b.y);
  await page.mouse.up({ button: 'right' });
  if (modifier) await page.keyboard.up(modifier);
}

/** Mouse drag of a piece from one square to another, in small steps like a hand. */
export async function dragSquare(page, from, to) {
  const a = await center(page, from);
  const b = await center(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + (b.x - a.x) * 0.3, a.y + (b.y - a.y) * 0.3, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

/** Plays `fromto` (e.g. "e2e4") by clicking both squares, or by dragging when how = 'drag'. */
export async function playMove(page, fromto, how = 'click') {
  const from = fromto.slice(0, 2);
  const to = fromto.slice(2, 4);
  if (how === 'drag') await dragSquare(page, from, to);
  else {
    await clickSquare(page, from);
    await clickSquare(page, to);
  }
}

/** Waits for any move animation to finish and two frames to be painted. */
export function settle(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const done = () => requestAnimationFrame(() => requestAnimationFrame(resolve));
    const wait = () => {
      const fb = window.fairyboard;
      if (fb && fb.animating && fb.animating()) setTimeout(wait, 30);
      else done();
    };
    setTimeout(wait, 180);
  }));
}

/** Distance in CSS pixels between neighbouring square centres (one cell unit on screen). */
export async function cellSize(page) {
  const a = await center(page, 'a1');
  const b = await center(page, 'b1');
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/**
 * RGBA of the canvas pixel at square `name`'s centre moved by (du, dv) cell units on screen.
 */
export async function pixel(page, name, du = 0, dv = 0) {
  const c = await center(page, name);
  const u = await cellSize(page);
  return page.evaluate(({ x, y }) => {
    const cv = document.getElementById('board');
    const r = cv.getBoundingClientRect();
    const k = cv.width / r.width;
    const d = cv.getContext('2d').getImageData(Math.floor((x - r.left) * k), Math.floor((y - r.top) * k), 1, 1).data;
    return [d[0], d[1], d[2], d[3]];
  }, { x: c.x + du * u, y: c.y + dv * u });
}

export const sameColour = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 3);

/** The page's colour for CSS custom property `name` (e.g. '--hole') as opaque RGBA. */
export const cssColour = (page, name) => page.evaluate((n) => {
  const probe = document.createElement('div');
  probe.style.color = `var(${n})`;
  document.body.append(probe);
  const m = getComputedStyle(probe).color.match(/\d+/g).map(Number);
  probe.remove();
  return [m[0], m[1], m[2], 255];
}, name);

/** Saves a screenshot to tests/output/<name>.png and returns its path. */
export async function screenshot(page, name) {
  const file = path.join(OUTPUT, `${name}.png`);
  await settle(page);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Starts `game` from position text `fen` (or its start) through the page's hook. */
export async function startGame(page, game, fen) {
  const ok = await page.evaluate(([g, f]) => window.fairyboard.start(g, f), [game, fen]);
  if (!ok) throw new Error(`the page refused to start ${game} ${fen || ''}`);
  await settle(page);
}

/**
 * Starts `game` against the computer (the person plays `side`, the computer at `level`),
 * from position text `fen` when given (else the game's start), and waits for the board.
 */
export async function playComputer(page, { game = 'orthodox', side = 'w', level = 1, fen } = {}) {
  await page.evaluate(([g, o]) => window.fairyboard.startChosen(g, o), [game, { opponent: 'computer', side, level }]);
  if (fen) {
    await startGame(page, game, fen);
  } else {
    await settle(page);
  }
}

/** Offers a draw by the button and waits for the computer's message declining it. */
export async function offerDrawDeclined(page) {
  await page.click('#offer-draw');
  await page.waitForFunction(() => /declines/.test(document.getElementById('message').textContent), null, { timeout: 10000 });
}

/** Resigns by the button and its confirmation, and waits for the game-over panel. */
export async function resign(page) {
  await page.click('#resign');
  await page.click('#picker-options button[data-value=yes]');
  await page.waitForSelector('#game-over[open]');
}

/** The single-file page dist/fairyboard.html (scripts/build.sh writes it); throws when it is not built. */
export function singleFile() {
  const built = path.resolve(here, '..', '..', 'dist', 'fairyboard.html');
  if (!fs.existsSync(built)) throw new Error('dist/fairyboard.html is built by scripts/build.sh');
  return built;
}

/** A copy of the single-file page named `name` in a fresh temporary folder: { dir, file }; the caller removes `dir`. */
export function copySingleFile(name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-single-'));
  const file = path.join(dir, name);
  fs.copyFileSync(singleFile(), file);
  return { dir, file };
}

/**
 * A new page of `context` that collects its page errors (and, with `consoleErrors`, the
 * errors written to its console) in `errors`: { page, errors }.
 */
export async function pageWithErrors(context, { consoleErrors = false } = {}) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  if (consoleErrors) page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  return { page, errors };
}

/** Opens the file `file` in `page`, recording every address the page requests: { url, requests }. */
export async function gotoFileRecording(page, file) {
  const url = pathToFileURL(file).href;
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  return { url, requests };
}
