#!/usr/bin/env node
// Build step (run by scripts/build.sh last): writes dist/site/, the folder to put on any static
// web host (GitHub Pages, Netlify, a plain Apache folder) to serve the game, the embeddable
// board and the demo page. It holds exactly the files the offline list names
// (pkg/offline-assets.js, written by offline.mjs: every file the page and embed.html load),
// plus the service worker and that list, the demo page and the single-file page. Every
// address inside is relative, so the folder works under any path and on any origin.

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const site = path.join(root, 'dist', 'site');

function fail(message) {
  console.error(`site.mjs: ${message}`);
  process.exit(1);
}

/** The offline list's file addresses (relative to the site root), as sw.js reads them. */
function offlineFiles() {
  const list = path.join(root, 'pkg', 'offline-assets.js');
  if (!fs.existsSync(list)) fail('pkg/offline-assets.js is missing: run scripts/offline.mjs first');
  const scope = { self: {} };
  vm.runInNewContext(fs.readFileSync(list, 'utf8'), scope);
  return scope.self.fairyboardOffline.assets.map((a) => a.url).filter((url) => url !== './');
}

// The demo page's boards and links point up to the site's root (../www/, ../index.html).
const extras = ['sw.js', 'pkg/offline-assets.js', 'docs/demo.html', 'docs/demo.js', 'dist/fairyboard.html'];
const files = [...offlineFiles(), ...extras];
for (const f of files) {
  if (!fs.existsSync(path.join(root, f))) fail(`${f} is missing: run the whole build (bash scripts/build.sh)`);
}

fs.rmSync(site, { recursive: true, force: true });
let bytes = 0;
for (const f of files) {
  // The single file sits at the site's root as fairyboard.html (for people to download).
  const to = path.join(site, f === 'dist/fairyboard.html' ? 'fairyboard.html' : f);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(path.join(root, f), to);
  bytes += fs.statSync(to).size;
}
console.error(`== site: dist/site/, ${files.length} files, ${Math.round(bytes / 1024)} KB: copy the folder to any web host`);
