// The host for embedded-board tests: a second server (another origin) whose pages embed
// boards with <fairyboard-board> from the fairyboard server, and the helpers to reach a
// board inside its iframe with the embedding page's real mouse.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, after } from 'node:test';
import { launch } from './support.mjs';
import { startServer } from '../../scripts/serve.mjs';

/** The events an embedding page records in window.events by default. */
const EVENTS = ['fairyboard-ready', 'fairyboard-move', 'fairyboard-end'];

/**
 * Starts the embedding pages' server (origin B) beside `env` (support.mjs's launch(): the
 * fairyboard server, origin A). Returns { url, write(name, body, options), close() }.
 */
export async function startEmbedder(env, prefix = 'fairyboard-embedder-') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = await startServer({ root: dir, port: 0 });
  return {
    url: server.url,
    /**
     * Writes an embedding page `name` with `body` and returns its address. `options`:
     * title, head (more in <head>), events (the event types kept in window.events, each
     * { type, id (the board's), detail }).
     */
    write(name, body, { title = 'Boards', head = '', events = EVENTS } = {}) {
      const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,">
<script src="${env.url}www/fairyboard-board.js"></script>
${head}
</head><body>
${body}
<script>
  window.events = [];
  for (const type of ${JSON.stringify(events)}) {
    document.addEventListener(type, (e) => window.events.push({ type, id: e.target.id, detail: e.detail }));
  }
</script>
</body></html>`;
      fs.writeFileSync(path.join(dir, name), html);
      return `${server.url}${name}`;
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The set-up of a file of embedded-board tests: before its tests, the fairyboard server with
 * Chromium (support.mjs's launch(), origin A) and the embedding pages' server (origin B,
 * folder name `prefix`); after them, both closed. Returns the host: `env` and `embedder`
 * once started, `url` (origin A's address), `newPage(options)` (options default to
 * `{ viewport }`) and `write(name, body, options)`, an embedding page with the file's
 * `page` options (title, head, events) under `options`.
 */
export function embeddingHost({ viewport, prefix, page = {} } = {}) {
  const host = {
    env: undefined,
    embedder: undefined,
    get url() { return host.env.url; },
    newPage: (options = { viewport }) => newPage(host.env, options),
    write: (name, body, options = {}) => host.embedder.write(name, body, { ...page, ...options }),
  };
  before(async () => {
    host.env = await launch();
    host.embedder = await startEmbedder(host.env, prefix);
  });
  after(async () => {
    await host.env?.close();
    await host.embedder?.close();
  });
  return host;
}

/**
 * Opens the embedding page `url` of `host` in a fresh page (see `newPage`) once it is sure
 * to be on another origin than the boards, and waits until all its boards are ready.
 * Returns { context, page, errors }; the caller closes the context.
 */
export async function openEmbedder(host, url, options) {
  if (new URL(url).origin === new URL(host.url).origin) {
    throw new Error(`${url}: the embedding page is on the boards' origin`);
  }
  const opened = await host.newPage(options);
  try {
    await opened.page.goto(url);
    await allReady(opened.page, opened.errors);
  } catch (e) {
    await opened.context.close();
    throw e;
  }
  return opened;
}

/** Opens the board page alone (embed.html?`query`, an iframe's address) of `host` in `page`; waits until it is ready. */
export async function gotoFrame(page, host, query) {
  await page.goto(`${host.url}embed.html?${query}`);
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
}

/**
 * Opens the board page alone with `query` (see gotoFrame) in a fresh page of `host`
 * (`options` as for newPage) and runs `fn({ page, errors })`; the page is closed however
 * `fn` ends.
 */
export async function withFrame(host, options, query, fn) {
  const { context, page, errors } = await host.newPage(options);
  try {
    await gotoFrame(page, host, query);
    return await fn({ page, errors });
  } finally {
    await context.close();
  }
}

/** A fresh page that collects page and console errors (of every frame). */
export async function newPage(env, options) {
  const context = await env.browser.newContext(options);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()} ${m.location().url}`); });
  return { context, page, errors };
}

/** Waits until every <fairyboard-board> of the page has reported ready. */
export async function allReady(page, errors) {
  try {
    await page.waitForFunction(() => {
      const boards = [...document.querySelectorAll('fairyboard-board')];
      return boards.length > 0 && boards.every((b) => b.ready);
    }, null, { timeout: 60000 });
  } catch {
    const states = await page.$$eval('fairyboard-board', (bs) => bs.map((b) => `${b.id || b.getAttribute('game')}: ${b.ready}`));
    throw new Error(`boards not ready: ${states.join(', ')}; errors: ${errors.join(' | ')}`);
  }
}

/** The board element matching `selector`: { frame, iframe } (the iframe in its shadow root), once its page is ready. */
export async function boardFrame(page, selector) {
  await page.waitForFunction((s) => document.querySelector(s)?.ready === true, selector, { timeout: 60000 });
  const iframe = await page.locator(`${selector} iframe`).elementHandle();
  const frame = await iframe.contentFrame();
  await frame.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
  return { frame, iframe };
}

/** The boards matching `selectors`, in order, each as `boardFrame` gives it. */
export async function boardFrames(page, ...selectors) {
  const boards = [];
  for (const selector of selectors) boards.push(await boardFrame(page, selector));
  return boards;
}

/** Page coordinates of square `name` of `board` ({ frame, iframe }). */
export async function squareInPage(board, name) {
  const box = await board.iframe.boundingBox();
  const c = await board.frame.evaluate((n) => window.fairyboard.squareCenter(n), name);
  return { x: box.x + c.x, y: box.y + c.y };
}

/** Clicks squares `names` of `board` in turn with the embedding page's real mouse. */
export async function clickBoard(page, board, ...names) {
  for (const name of names) {
    const c = await squareInPage(board, name);
    await page.mouse.click(c.x, c.y);
  }
}

export const framePosition = (frame) => frame.evaluate(() => window.fairyboard.positionText());
export const framePly = (frame) => frame.evaluate(() => window.fairyboard.game.ply());
export const frameText = async (frame, selector) => (await frame.textContent(selector)).trim();
