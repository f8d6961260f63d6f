#!/usr/bin/env node
// Build step (run by scripts/build.sh after the wasm is in pkg/): writes dist/fairyboard.html,
// the whole page in one file that plays from disk (file://) with no server. index.html with
// its style sheet inlined, the page's modules bundled by esbuild into one inline module, and
// the wasm inlined as base64, handed to the engine's init as bytes (a page opened from disk
// may not fetch files next to it). Links to separate files (the web app manifest, icons)
// are left out: from disk they could not load. FAIRYBOARD_PUBLIC_URL (optional) names the
// public page that "Copy link" points to from the file.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (rel) => fs.readFileSync(path.join(root, rel));

function fail(message) {
  console.error(`single.mjs: ${message}`);
  process.exit(1);
}

for (const f of ['pkg/fairyboard.js', 'pkg/fairyboard_bg.wasm']) {
  if (!fs.existsSync(path.join(root, f))) fail(`${f} is missing: build the wasm first (bash scripts/build.sh)`);
}

// The computer player's worker (www/engine/worker.js with the engine's bindings), bundled on its
// own as a classic script (a page from file:// may not start a module worker from a Blob
// URL): the page starts it from a Blob URL (www/engine/computer.js) and hands it the wasm bytes,
// so the bindings never need import.meta.url.
const workerBundle = await esbuild.build({
  entryPoints: [path.join(root, 'www', 'engine', 'worker.js')],
  bundle: true,
  format: 'iife',
  define: { 'import.meta.url': '"inline:"' },
  target: 'es2020',
  minify: true,
  write: false,
  logLevel: 'warning',
});
const workerSource = workerBundle.outputFiles[0].text;

// A module that runs before www/main.js and gives it the engine with the wasm built in
// (main.js uses globalThis.fairyboardEngine when it is set) and the worker's source.
const ENGINE = 'fairyboard:inline-engine';
const engineModule = `
import * as engine from './pkg/fairyboard.js';
const WASM = ${JSON.stringify(read('pkg/fairyboard_bg.wasm').toString('base64'))};
function wasmBytes() {
  const text = atob(WASM);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}
globalThis.fairyboardEngine = { ...engine, wasmBytes, default: () => engine.default({ module_or_path: wasmBytes() }) };
globalThis.fairyboardWorkerSource = ${JSON.stringify(workerSource)};
globalThis.fairyboardPublicUrl = ${JSON.stringify(process.env.FAIRYBOARD_PUBLIC_URL || '')};
`;
const inlineEngine = {
  name: 'inline-engine',
  setup(build) {
    build.onResolve({ filter: /^fairyboard:inline-engine$/ }, () => ({ path: ENGINE, namespace: 'inline' }));
    build.onLoad({ filter: /.*/, namespace: 'inline' }, () => ({ contents: engineModule, resolveDir: root, loader: 'js' }));
  },
};

const bundle = await esbuild.build({
  stdin: { contents: `import '${ENGINE}';\nimport './www/main.js';\n`, resolveDir: root, loader: 'js' },
  bundle: true,
  format: 'esm',
  target: 'es2020',
  minify: true,
  write: false,
  logLevel: 'warning',
  plugins: [inlineEngine],
});
const js = bundle.outputFiles[0].text;
if (/<\/script/i.test(js)) fail('the bundle contains "</script", which would end the inline script early');

const css = read('www/style.css').toString();
if (/<\/style/i.test(css)) fail('www/style.css contains "</style"');

let html = read('index.html').toString();
/** Replaces the one match of `pattern` in the page by `text`; fails when there is none. */
function replaceOnce(pattern, text, what) {
  if (!pattern.test(html)) fail(`index.html has no ${what}`);
  html = html.replace(pattern, () => text);
}
replaceOnce(/<link rel="stylesheet" href="www\/style\.css">/, `<style>\n${css}</style>`, 'link to www/style.css');
replaceOnce(/<script type="module" src="www\/main\.js"><\/script>/, `<script type="module">${js}</script>`, 'script www/main.js');
// Separate files cannot load from disk: drop the manifest and file icons (the inline icon stays).
html = html.replace(/^[ \t]*<link rel="(manifest|apple-touch-icon)"[^>]*>\n/gm, '');
// Everything is inline: no module or engine file to preload (and none beside the file).
html = html.replace(/^[ \t]*<link rel="(modulepreload|preload)"[^>]*>\n/gm, '');
html = html.replace(/^[ \t]*<!-- The engine and every module[^\n]*-->\n[ \t]*<script src="www\/preload\.js"><\/script>\n/m, '');
if (html.includes('www/preload.js')) fail('index.html\'s www/preload.js script was not left out');

// Learn's lessons are the board in lesson mode (embed.html?mode=lesson), which the single file
// has no file for: it keeps embed.html's body and embed.css in a template, and Learn builds
// the lesson's frame from them with this page's own style and bundle (www/lessons/learn.js).
const embedHtml = read('embed.html').toString();
const embedBody = /<body>([\s\S]*)<\/body>/.exec(embedHtml);
if (!embedBody) fail('embed.html has no body');
const embedCss = read('www/embed.css').toString();
if (/<\/style|<\/template/i.test(embedCss) || /<\/template/i.test(embedBody[1])) fail('embed.html or www/embed.css would end the template early');
// Before the page's own end of body, the last one (the bundle's text may hold the words too).
const bodyEnd = html.lastIndexOf('</body>');
if (bodyEnd < 0) fail('index.html has no end of body');
html = `${html.slice(0, bodyEnd)}<template id="fairyboard-embed-page"><style>\n${embedCss}</style>${embedBody[1]}</template>\n${html.slice(bodyEnd)}`;

const out = path.join(root, 'dist', 'fairyboard.html');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, html);
console.error(`== single file: dist/fairyboard.html ${fs.statSync(out).size} bytes`);
