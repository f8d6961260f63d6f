// The pages preload every module main.js imports (directly or not), so the browser fetches
// them at once instead of discovering them level by level: the first board comes sooner.
// This keeps the hand-written lists in index.html and embed.html equal to the real imports.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The modules `entry` imports, transitively, as paths relative to the repo root. */
function imports(entry) {
  const seen = new Set();
  const walk = (file) => {
    const src = fs.readFileSync(path.join(root, file), 'utf8');
    for (const m of src.matchAll(/^\s*import\s[^'"]*['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      const dep = path.posix.join(path.posix.dirname(file), m[1]);
      if (!seen.has(dep)) { seen.add(dep); walk(dep); }
    }
  };
  walk(entry);
  return [...seen].sort();
}

for (const page of ['index.html', 'embed.html']) {
  test(`${page} preloads exactly the modules www/main.js imports, and the engine`, () => {
    const html = fs.readFileSync(path.join(root, page), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    assert.deepEqual(preloaded.filter((p) => p.startsWith('www/')).sort(), imports('www/main.js'));
    assert.ok(preloaded.includes('pkg/fairyboard.js'));
  });
}
