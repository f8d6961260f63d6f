#!/usr/bin/env node
// Build step for offline play (run by scripts/build.sh after the wasm is in pkg/):
//   1. draws the app icon www/icon.svg as pkg/icon-192.png and pkg/icon-512.png (headless
//      Chromium through playwright-core), the PNG sizes the web app manifest names;
//   2. writes pkg/offline-assets.js, which sw.js imports: every file the page needs, each with
//      its SHA-256, and a build version made from them all. A new build gives a new version,
//      so the service worker installs anew and drops the old cache.
// Without Chromium the PNGs are skipped with a warning (the page and the SVG icon still work).

import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = path.join(root, 'pkg');
const ICON_SIZES = [192, 512];

function fail(message) {
  console.error(`offline.mjs: ${message}`);
  process.exit(1);
}

/** Renders www/icon.svg at each size into pkg/icon-<size>.png; false when Chromium is missing. */
async function drawIcons() {
  const svg = fs.readFileSync(path.join(root, 'www', 'icon.svg'));
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return false;
  }
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) return false;
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    for (const size of ICON_SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
      await page.setContent(`<body style="margin:0"><img id="i" src="${src}" width="${size}" height="${size}" style="display:block"></body>`);
      await page.waitForFunction(() => document.getElementById('i').complete);
      await page.screenshot({ path: path.join(pkg, `icon-${size}.png`), clip: { x: 0, y: 0, width: size, height: size } });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return true;
}

/** The files the page (and the embedded board, embed.html) loads, as URLs relative to the site root (where sw.js is). */
function assetList() {
  const www = fs.readdirSync(path.join(root, 'www'), { recursive: true })
    .map((f) => `www/${f.split(path.sep).join('/')}`)
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
  const built = ['pkg/fairyboard.js', 'pkg/fairyboard_bg.wasm', 'pkg/gifenc.js', ...ICON_SIZES.map((s) => `pkg/icon-${s}.png`)]
    .filter((f) => fs.existsSync(path.join(root, f)));
  return ['index.html', 'embed.html', 'manifest.webmanifest', ...www, ...built];
}

for (const f of ['pkg/fairyboard.js', 'pkg/fairyboard_bg.wasm', 'pkg/gifenc.js']) {
  if (!fs.existsSync(path.join(root, f))) fail(`${f} is missing: build the wasm first (bash scripts/build.sh)`);
}
if (!(await drawIcons())) {
  console.error('offline.mjs: warning: no Chromium, so no PNG icons (run scripts/setup.sh); the SVG icon remains');
}

const assets = assetList().map((url) => {
  const body = fs.readFileSync(path.join(root, url));
  return { url, integrity: `sha256-${crypto.createHash('sha256').update(body).digest('base64')}` };
});
// The page itself is also asked for as the folder ("./"): the same bytes as index.html.
const index = assets.find((a) => a.url === 'index.html');
assets.unshift({ url: './', integrity: index.integrity });
const version = crypto.createHash('sha256')
  .update(assets.map((a) => `${a.url} ${a.integrity}\n`).join(''))
  .digest('hex').slice(0, 16);

const out = path.join(pkg, 'offline-assets.js');
fs.writeFileSync(out, `// Written by scripts/offline.mjs at build time; read by sw.js.\nself.fairyboardOffline = ${JSON.stringify({ version, assets }, null, 1)};\n`);
console.error(`== offline: ${assets.length} assets, cache version ${version}`);
