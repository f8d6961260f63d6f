// Offline play (issue 7, item 5): the installable web app (manifest, icons, service worker)
// plays after one visit with the network cut and the server gone; a new build replaces the
// old cache and the server's current files win while it answers; the single file
// dist/fairyboard.html, copied to another folder, plays all six games from file://.
// Needs a full build (bash scripts/build.sh): pkg/ with the icons and asset list, and dist/.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  launch, position, clickSquare, settle, statusText, screenshot, welcomed, copySingleFile, pageWithErrors, gotoFileRecording,
} from './support.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// Every game: its start position (RULES.md) and one pawn step by clicks with the board it
// gives; after it Black is to move, the halfmove clock is 0 (a pawn moved) and the rest is as
// at the start.
const GAMES = [
  { id: 'orthodox', move: ['e2', 'e3'], start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', board: 'rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR' },
  // Berolina pawns step diagonally forward.
  { id: 'vagabond', move: ['e2', 'f3'], start: 'reekaavr/pppppppp/8/8/8/8/PPPPPPPP/REEKAAVR w KQkq - 0 1', board: 'reekaavr/pppppppp/8/8/8/5P2/PPPP1PPP/REEKAAVR' },
  { id: 'bandit', move: ['d3', 'd4'], start: 'ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1', board: 'ctbkorc/n1sss1n/ppppppp/7/7/3P3/PPP1PPP/N1SSS1N/CROKBTC' },
  { id: 'quarter', move: ['a2', 'a3'], start: 'rndkadnr/pppmmppp/8/8/8/8/PPPMMPPP/RNDAKDNR w - - 0 1', board: 'rndkadnr/pppmmppp/8/8/8/P7/1PPMMPPP/RNDAKDNR' },
  { id: 'pawnier', move: ['g4', 'g5'], start: '9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1', board: '9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*3P2/7PP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp]' },
  { id: 'riftwalker', move: ['e4', 'e5'], start: 'rnbkqwnbr/msspppssm/9/sspppppss/9/SSPPPPPSS/9/MSSPPPSSM/RNBKQWNBR w - - 0 1', board: 'rnbkqwnbr/msspppssm/9/sspppppss/4P4/SSPP1PPSS/9/MSSPPPSSM/RNBKQWNBR' },
].map((g) => ({ ...g, after: `${g.board} b ${g.start.split(' ').slice(2).join(' ')}` }));
const game = (id) => GAMES.find((g) => g.id === id);

/** The build's asset list and cache version (pkg/offline-assets.js, written by the build). */
function offlineAssets(root = ROOT) {
  const text = fs.readFileSync(path.join(root, 'pkg', 'offline-assets.js'), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
}

/** A copy of the served site (page, modules, build output) in a temporary folder. */
function copySite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-site-'));
  for (const f of ['index.html', 'embed.html', 'manifest.webmanifest', 'sw.js', 'www', 'pkg']) {
    fs.cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true });
  }
  return dir;
}

async function waitReady(page, errors) {
  try {
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 15000 });
  } catch {
    const status = await page.textContent('#status').catch(() => '?');
    throw new Error(`page did not become ready; status: ${status}; errors: ${errors.join(' | ')}`);
  }
  await settle(page);
}

const newPage = (context) => pageWithErrors(context, { consoleErrors: true });

/** Waits until the service worker controls the page and its cache holds every asset. */
async function waitOffline(page, expected) {
  // Bounded: a worker that fails to install (say, an asset list older than the files it
  // names) would leave `ready` pending for ever.
  const ready = await page.evaluate(() => Promise.race([
    navigator.serviceWorker.ready.then(() => true),
    new Promise((resolve) => { setTimeout(() => resolve(false), 15000); }),
  ]));
  assert.ok(ready, 'the service worker installs within 15 s (is pkg/offline-assets.js older than www/? node scripts/offline.mjs)');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  const cached = await page.evaluate(async ({ name, urls }) => {
    const cache = await caches.open(name);
    const found = [];
    for (const u of urls) if (await cache.match(new URL(u, location.href).href)) found.push(u);
    return { keys: await caches.keys(), found };
  }, { name: `fairyboard-${expected.version}`, urls: expected.assets.map((a) => a.url) });
  assert.deepEqual(cached.keys, [`fairyboard-${expected.version}`], 'one cache, named after the build');
  assert.deepEqual(cached.found, expected.assets.map((a) => a.url), 'every asset is cached');
}

/** Starts game `id` (through the game menu when `how` is 'menu') and plays its pawn step by clicks. */
async function playPawnStep(page, id, how = 'hook') {
  const g = game(id);
  if (how === 'menu') await page.selectOption('#game', id);
  else assert.equal(await page.evaluate((x) => window.fairyboard.start(x), id), true, `${id} starts`);
  await settle(page);
  assert.equal(await position(page), g.start, `${id}: start position`);
  await clickSquare(page, g.move[0]);
  await clickSquare(page, g.move[1]);
  await settle(page);
  assert.equal(await position(page), g.after, `${id}: ${g.move.join('')} played by clicks`);
  assert.equal(await statusText(page), 'Black to move');
}

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('the page is an installable web app: manifest, icons, theme colours, service worker', async () => {
  // Chromium offers no installation in incognito, which every browser.newContext is: use a
  // profile of its own (same flags as support.mjs).
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    colorScheme: 'light',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  await welcomed(context);
  try {
    const { page, errors } = await newPage(context);
    await page.goto(env.url);
    await waitReady(page, errors);
    await waitOffline(page, offlineAssets());

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, [], 'the manifest parses without errors');
    const parsed = JSON.parse(manifest.data);
    assert.equal(parsed.short_name, 'fairyboard');
    assert.equal(parsed.display, 'standalone');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'Chromium finds nothing stopping installation');

    // The manifest's colours are the page's own (light scheme background).
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());
    assert.equal(parsed.theme_color, bg);
    assert.equal(parsed.background_color, bg);

    // Every icon is served, with its type, and the PNGs have the size the manifest says.
    for (const icon of parsed.icons) {
      const r = await page.request.get(new URL(icon.src, env.url).href);
      assert.equal(r.status(), 200, icon.src);
      assert.equal(r.headers()['content-type'], icon.type, `${icon.src} content type`);
      if (icon.type === 'image/png') {
        const png = await r.body();
        const [w, h] = icon.sizes.split('x').map(Number);
        assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [w, h], `${icon.src} size`);
      }
    }
    const wasm = await page.request.get(new URL('pkg/fairyboard_bg.wasm', env.url).href);
    assert.equal(wasm.headers()['content-type'], 'application/wasm');
    const mf = await page.request.get(new URL('manifest.webmanifest', env.url).href);
    assert.match(mf.headers()['content-type'], /^application\/manifest\+json/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('after one visit the page plays with the network cut and the server gone', async () => {
  const site = copySite();
  let server = await startServer({ root: site, port: 0 });
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
  try {
    const { page, errors } = await newPage(context);
    await page.goto(server.url);
    await waitReady(page, errors);
    await waitOffline(page, offlineAssets(site));

    await context.setOffline(true);
    await server.close();
    server = null;
    await page.reload();
    await waitReady(page, errors);
    assert.equal(await page.evaluate(() => navigator.onLine), false, 'the browser is offline');
    assert.equal(await page.$$eval('#game option', (o) => o.length), 6, 'all six games offered');
    await playPawnStep(page, 'orthodox', 'menu');
    await playPawnStep(page, 'bandit', 'menu');
    await playPawnStep(page, 'pawnier');
    await playPawnStep(page, 'riftwalker');
    await screenshot(page, 'offline-riftwalker');

    // A fresh tab offline, too: the page itself comes from the cache.
    const second = await newPage(context);
    await second.page.goto(new URL('index.html?x=1', page.url()).href);
    await waitReady(second.page, second.errors);
    await playPawnStep(second.page, 'quarter');
    assert.deepEqual([...errors, ...second.errors], []);
  } finally {
    await context.close();
    await server?.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
});

test('online, the server\'s current files win over the cache, and a new build replaces the old cache', async () => {
  const site = copySite();
  const server = await startServer({ root: site, port: 0 });
  const context = await env.browser.newContext();
  try {
    const { page, errors } = await newPage(context);
    await page.goto(server.url);
    await waitReady(page, errors);
    const first = offlineAssets(site);
    await waitOffline(page, first);

    // The page changes on the server after it was cached: a reload shows the new page.
    const index = path.join(site, 'index.html');
    const original = fs.readFileSync(index, 'utf8');
    fs.writeFileSync(index, original.replace('<title>fairyboard</title>', '<title>fairyboard, next build</title>'));
    await page.reload();
    await waitReady(page, errors);
    assert.equal(await page.title(), 'fairyboard, next build');
    fs.writeFileSync(index, original);

    // A new build (a new asset list and version): the new worker takes over, the old cache goes.
    const next = { ...first, version: 'next-build-0001' };
    fs.writeFileSync(path.join(site, 'pkg', 'offline-assets.js'),
      `self.fairyboardOffline = ${JSON.stringify(next)};\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const deadline = Date.now() + 15000;
    let keys;
    while ((keys = await page.evaluate(() => caches.keys())).join() !== 'fairyboard-next-build-0001') {
      assert.ok(Date.now() < deadline, `the new build's cache replaces the old one; caches: ${keys.join(', ')}`);
      await new Promise((resolve) => { setTimeout(resolve, 200); });
    }
    await page.reload();
    await waitReady(page, errors);
    await waitOffline(page, next);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
});

test('the single file, copied to another folder, plays all six games from file://', async () => {
  const { dir, file } = copySingleFile('my board.html');
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
  try {
    const { page, errors } = await newPage(context);
    const { url, requests } = await gotoFileRecording(page, file);
    await waitReady(page, errors);
    assert.deepEqual(await page.$$eval('#game option', (o) => o.map((x) => x.value).sort()),
      GAMES.map((g) => g.id).sort(), 'the menu offers all six games');
    for (const g of GAMES) await playPawnStep(page, g.id, g.id === 'quarter' ? 'menu' : 'hook');
    await screenshot(page, 'single-file-riftwalker');
    // Nothing but the file itself (and inline data) was loaded.
    assert.deepEqual(requests.filter((u) => u !== url && !u.startsWith('data:')), []);
    // Copy link from disk (built with no public page): the fragment, said to be local only.
    await page.click('#copy-link');
    assert.match(await page.inputValue('#records-text'), /^#g=riftwalker&m=/);
    assert.match(await page.textContent('#records-label'), /Opened from a file/);
    assert.match(await page.textContent('#message'), /would work only on this computer/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
