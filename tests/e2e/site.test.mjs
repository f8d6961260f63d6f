// The site folder (issue 28): dist/site/, as scripts/build.sh writes it, copied under a path
// prefix (/games/fairyboard/) onto a server of its own, as an author puts it on a web host.
// The game plays there with no request failing and installs its offline worker for that
// folder; a page on a third origin embeds a board from it.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, openBoard, playMove, shownMoves, OUTPUT } from './support.mjs';
import { startEmbedder, newPage, allReady, boardFrame, clickBoard, framePosition } from './embedhost.mjs';
import { startServer } from '../../scripts/serve.mjs';

const SITE = path.resolve(OUTPUT, '..', '..', 'dist', 'site');
const PREFIX = 'games/fairyboard/';

let env; // Chromium (and the project's own server, not used here)
let host; // the web host: dist/site/ under PREFIX
let site; // env with the site's address in place of the project's server
let embedder; // a third origin whose page embeds a board from the site

before(async () => {
  assert.ok(fs.existsSync(path.join(SITE, 'index.html')), 'dist/site/ is missing: run bash scripts/build.sh');
  env = await launch();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-host-'));
  fs.cpSync(SITE, path.join(dir, PREFIX), { recursive: true });
  host = await startServer({ root: dir, port: 0 });
  host.dir = dir;
  site = { browser: env.browser, url: `${host.url}${PREFIX}` };
  embedder = await startEmbedder(site, 'fairyboard-third-');
});
after(async () => {
  await embedder?.close();
  await host?.close();
  if (host) fs.rmSync(host.dir, { recursive: true, force: true });
  await env?.close();
});

test('the site folder under a path prefix on another origin: the game plays, offline for that folder, nothing missing', async () => {
  assert.notEqual(new URL(site.url).origin, new URL(env.url).origin);
  const missing = [];
  const { context, page, errors } = await openBoard(site);
  try {
    page.on('response', (r) => { if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`); });
    page.on('requestfailed', (r) => missing.push(`failed ${r.url()}`));
    await playMove(page, 'e2e4');
    assert.deepEqual(await shownMoves(page), ['e2e4']);
    // The offline worker belongs to the folder, wherever the folder is.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(scope, site.url);
    for (const file of ['fairyboard.html', 'docs/demo.html', 'embed.html', 'www/fairyboard-board.js']) {
      const response = await page.request.get(new URL(file, site.url).href);
      assert.equal(response.status(), 200, file);
    }
    assert.deepEqual(missing, []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a page on a third origin embeds a board from the site folder and plays on it', async () => {
  const url = embedder.write('third.html', '<fairyboard-board id="b" game="bandit" mode="play"></fairyboard-board>');
  const origins = new Set([url, site.url, env.url].map((u) => new URL(u).origin));
  assert.equal(origins.size, 3, 'three origins: the project, the web host, the embedding page');
  const { context, page, errors } = await newPage(site);
  try {
    await page.goto(url);
    await allReady(page, errors);
    assert.deepEqual(await page.$eval('#b', (b) => b.problems), []);
    const board = await boardFrame(page, '#b');
    const before = await framePosition(board.frame);
    await clickBoard(page, board, 'd3', 'd4');
    await page.waitForFunction(() => window.events.some((e) => e.type === 'fairyboard-move'));
    assert.notEqual(await framePosition(board.frame), before);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
