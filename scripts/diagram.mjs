#!/usr/bin/env node
// Diagrams without a browser window, for static-site generators and wikis: the same SVG,
// PNG or animated GIF the page's Save image and the embedded board's toSVG()/toPNG()/toGIF()
// make, from a position or a PGN (a GIF animates the moves given or the PGN's main line). Not a second renderer: the script serves this folder, opens a <fairyboard-board>
// in headless Chromium and asks it for the picture (so run `bash scripts/build.sh` first).
//
//   node scripts/diagram.mjs --game bandit --fen "<position>" --arrows "Ge2e4" --out d.svg
//   node scripts/diagram.mjs --pgn game.pgn --ply 12 --size 480 --out move12.png
//   node scripts/diagram.mjs --pgn game.pgn --speed fast --out game.gif
//
// Options: --game, --fen (a position), --moves ("e2e4 e7e5"), --pgn FILE (a study: its tags,
// moves, arrows; shown after --ply moves of its main line, else at its start), --ply N, --arrows, --marks,
// --orientation white|black, --coordinates on|off, --theme, --size (pixels, the longer side;
// default 800, 480 for a GIF), --speed fast|normal|slow|off (a GIF's), --out FILE (.svg,
// .png or .gif). Anything the board cannot use (an unknown game,
// an illegal move, a bad arrow) is named and no file is written (exit status 1); so is a
// board that does not start within 60 s. An option that cannot be used (--size 0x100, an
// --out in no folder) is named before anything is drawn (exit status 2). What was written
// is said: the file, its format and size, the game and the position.

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** How long the board may take to start (its engine loaded) before the script gives up. */
const READY_MS = 60000;

const OPTIONS = {
  game: { type: 'string' }, fen: { type: 'string' }, moves: { type: 'string' }, pgn: { type: 'string' },
  ply: { type: 'string' }, arrows: { type: 'string' }, marks: { type: 'string' },
  orientation: { type: 'string' }, coordinates: { type: 'string' }, theme: { type: 'string' },
  size: { type: 'string' }, speed: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' },
};

/** Says `message` and ends: status 1 for what the board could not do, 2 for an option that cannot be used. */
function fail(message, status = 1) {
  console.error(`diagram: ${message}`);
  process.exit(status);
}
const usage = (message) => fail(message, 2);

/**
 * The board's problems as the script says them: nothing is written, so the board's words on
 * what it shows instead ("Showing the move before it only.") are left out.
 */
function problemsText(problems) {
  return problems.join(' ')
    .replace(/\s*(Showing|Starting from) [^.]*\./g, '')
    .replace(/[:;] (showing|playing instead|White at the bottom instead|the default colours instead|the default is used)[^.]*\./g, '.')
    .trim();
}

/** The board's attributes from the command line's options. */
function attributesOf(values) {
  const attributes = { mode: 'view' };
  for (const name of ['game', 'moves', 'arrows', 'marks', 'orientation', 'coordinates', 'theme']) {
    if (values[name] !== undefined) attributes[name] = values[name];
  }
  if (values.fen !== undefined) attributes.position = values.fen;
  if (values.pgn !== undefined) {
    try {
      attributes.pgn = fs.readFileSync(values.pgn === '-' ? 0 : values.pgn, 'utf8');
    } catch (e) {
      usage(`cannot read the PGN file ${values.pgn}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
    }
  }
  if (values.ply !== undefined) attributes.ply = values.ply;
  return attributes;
}

/** Draws the board with `attributes` in Chromium: { problems, svg } or { problems, bytes (base64) }. */
async function drawBoard(attributes, format, size, speed) {
  if (!fs.existsSync(path.join(root, 'pkg', 'fairyboard_bg.wasm'))) fail('pkg/ is missing: run bash scripts/build.sh first');
  const server = await startServer({ root, port: 0 });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    headless: true,
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}docs/demo.html`, { waitUntil: 'commit' }); // any page of this origin
    await page.setContent(`<!doctype html><meta charset="utf-8"><script src="${server.url}www/fairyboard-board.js"></script><body></body>`);
    return await page.evaluate(async ({ attributes, format, size, speed, wait }) => {
      const board = document.createElement('fairyboard-board');
      for (const [name, value] of Object.entries(attributes)) board.setAttribute(name, value);
      // The board starts, or says it cannot (fairyboard-error), or is given up after `wait` ms.
      let shown = null; // the ready board's game and ply
      const started = new Promise((resolve) => {
        board.addEventListener('fairyboard-ready', (e) => { shown = { game: e.detail.game, ply: e.detail.ply }; resolve(null); }, { once: true });
        board.addEventListener('fairyboard-error', (e) => resolve(e.detail.message), { once: true });
        setTimeout(() => resolve(`the board did not start within ${wait / 1000} s`), wait);
      });
      document.body.append(board);
      const failed = await started;
      if (failed) return { problems: [failed] };
      if (board.problems.length) return { problems: board.problems };
      if (format === 'svg') return { problems: [], shown, svg: await board.toSVG({ size }) };
      const blob = format === 'gif' ? await board.toGIF({ size, speed }) : await board.toPNG({ size });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return { problems: [], shown, bytes: btoa(binary) };
    }, { attributes, format, size, speed, wait: READY_MS });
  } catch (e) {
    // The board's own refusal (an image it could not make) or the browser's.
    return { problems: [String((e && e.message) || e).replace(/^page\.evaluate: (Error: )?/, '').split('\n')[0]] };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** `argv` with a negative number after an option joined to it (--size=-5): its value, named as wrong below, not an option. */
function joinNegatives(argv) {
  const out = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (/^--\w+$/.test(argv[i]) && /^-\d/.test(argv[i + 1] || '')) {
      out.push(`${argv[i]}=${argv[i + 1]}`);
      i += 1;
    } else out.push(argv[i]);
  }
  return out;
}

let parsed;
try {
  parsed = parseArgs({ args: joinNegatives(process.argv.slice(2)), options: OPTIONS, allowPositionals: false });
} catch (e) {
  usage(`${e.message} (node scripts/diagram.mjs --help)`);
}
const { values } = parsed;
if (values.help) {
  const text = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8');
  console.log(text.split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n'));
  process.exit(0);
}
if (!values.out) usage('say where to write the picture: --out diagram.svg, --out diagram.png or --out diagram.gif');
const format = path.extname(values.out).toLowerCase().slice(1);
if (!['svg', 'png', 'gif'].includes(format)) usage(`--out ${values.out}: the name must end in .svg, .png or .gif`);
// The folder must be there to write in before anything is drawn.
const folder = path.dirname(path.resolve(values.out));
try {
  if (!fs.statSync(folder).isDirectory()) usage(`--out ${values.out}: ${folder} is not a folder`);
  fs.accessSync(folder, fs.constants.W_OK);
} catch (e) {
  usage(`--out ${values.out}: ${e.code === 'ENOENT' ? `there is no folder ${folder}` : `cannot write in ${folder} (${e.code || e.message})`}`);
}
const most = format === 'gif' ? 1600 : 4096;
// Digits only: Number() would read 0x100 as 256, 1e3 as 1000 and '' as 0.
const size = values.size === undefined ? (format === 'gif' ? 480 : 800) : (/^\d+$/.test(values.size) ? Number(values.size) : NaN);
if (!Number.isInteger(size) || size < 64 || size > most) usage(`--size ${values.size}: a whole number of pixels from 64 to ${most}`);
if (values.speed !== undefined && !['fast', 'normal', 'slow', 'off'].includes(values.speed)) usage(`--speed ${values.speed}: fast, normal, slow or off`);
if (values.speed !== undefined && format !== 'gif') usage(`--speed ${values.speed}: only a GIF (--out ….gif) is animated`);
if (values.ply !== undefined && !/^\d+$/.test(values.ply)) usage(`--ply ${values.ply}: a number of moves (0, 1, 2, ...)`);

const result = await drawBoard(attributesOf(values), format, size, values.speed);
if (result.problems.length) fail(`nothing written to ${values.out}: ${problemsText(result.problems)}`);
try {
  fs.writeFileSync(values.out, format === 'svg' ? result.svg : Buffer.from(result.bytes, 'base64'));
} catch (e) {
  fail(`drawn, but ${values.out} could not be written: ${e.code || e.message}`);
}
const { game, ply } = result.shown || {};
const what = format === 'gif' ? 'the moves animated' : ply == null ? 'the position' : `the position after ${ply} ${ply === 1 ? 'move' : 'moves'}`;
console.error(`diagram: wrote ${values.out}: ${format.toUpperCase()}, ${size} px on its longer side, ${game || 'orthodox'}, ${what}`);
