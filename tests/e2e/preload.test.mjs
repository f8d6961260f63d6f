// The pages preload every module main.js imports (directly or not), so the browser fetches
// them at once instead of discovering them level by level: the first board comes sooner.
// The one list is www/preload.js, which both pages run; this keeps it equal to the real imports.

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

/** The modules www/preload.js lists (relative to www/, as written there). */
function listed() {
  const src = fs.readFileSync(path.join(root, 'www', 'preload.js'), 'utf8');
  const list = /const MODULES = \[([^\]]*)\]/.exec(src)[1];
  return [...list.matchAll(/'([^']+)'/g)].map((m) => `www/${m[1]}`).sort();
}

test('www/preload.js lists exactly the modules www/main.js imports, and the engine', () => {
  assert.deepEqual(listed(), imports('www/main.js'));
  assert.match(fs.readFileSync(path.join(root, 'www', 'preload.js'), 'utf8'), /'\.\.\/pkg\/fairyboard\.js'/);
});

for (const page of ['index.html', 'embed.html']) {
  test(`${page} runs www/preload.js, its one list, before the modules load`, () => {
    const html = fs.readFileSync(path.join(root, page), 'utf8');
    assert.match(html, /<script src="www\/preload\.js"><\/script>/);
    assert.deepEqual([...html.matchAll(/<link rel="modulepreload"/g)], [], 'no second list in the page');
  });
}
