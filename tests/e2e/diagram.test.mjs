// Diagrams without a browser window (issue 28): scripts/diagram.mjs writes the very SVG an
// embedded board's toSVG() gives for the same position, arrows and ply, a PNG of the size
// asked for, and for a mistake names it and writes nothing.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { launch } from './support.mjs';
import { startEmbedder, newPage, allReady } from './embedhost.mjs';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '..', '..', 'scripts', 'diagram.mjs');
const BANDIT = 'ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1';
const OPERA = path.resolve(import.meta.dirname, '..', 'data', 'opera-lichess.pgn');

let env;
let embedder;
let dir;
before(async () => {
  env = await launch();
  embedder = await startEmbedder(env);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-diagram-'));
});
after(async () => {
  await embedder?.close();
  await env?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The SVG of a board with `attributes` as an embedding page gets it from toSVG(). */
async function svgFromPage(attributes, size) {
  const attrs = Object.entries(attributes).map(([k, v]) => `${k}="${v.replace(/"/g, '&quot;')}"`).join(' ');
  const url = embedder.write('one.html', `<fairyboard-board id="b" mode="view" ${attrs}></fairyboard-board>`);
  const { context, page, errors } = await newPage(env);
  try {
    await page.goto(url);
    await allReady(page, errors);
    return await page.$eval('#b', (b, s) => b.toSVG({ size: s }), size);
  } finally {
    await context.close();
  }
}

test('diagram.mjs writes the SVG the embedded board draws, with its arrows and circles', async () => {
  const out = path.join(dir, 'bandit.svg');
  await run('node', [SCRIPT, '--game', 'bandit', '--fen', BANDIT, '--arrows', 'Gd3d5', '--marks', 'Re7', '--size', '500', '--out', out]);
  const svg = fs.readFileSync(out, 'utf8');
  assert.match(svg, /^<svg /);
  assert.equal(svg, await svgFromPage({ game: 'bandit', position: BANDIT, arrows: 'Gd3d5', marks: 'Re7' }, 500));
});

test('diagram.mjs: a PGN shown after a number of moves, as PNG of the size asked for', async () => {
  const out = path.join(dir, 'opera.png');
  await run('node', [SCRIPT, '--pgn', OPERA, '--ply', '10', '--size', '300', '--out', out]);
  const png = fs.readFileSync(out);
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  assert.equal(png.readUInt32BE(16), 300); // width
  assert.equal(png.readUInt32BE(20), 300); // height
  const svgOut = path.join(dir, 'opera.svg');
  await run('node', [SCRIPT, '--pgn', OPERA, '--ply', '10', '--out', svgOut]);
  assert.equal(fs.readFileSync(svgOut, 'utf8'), await svgFromPage({ pgn: fs.readFileSync(OPERA, 'utf8'), ply: '10' }, 800));
});

test('diagram.mjs: the moves of a PGN as an animated GIF', async () => {
  const { parseGIF, decompressFrames } = await import('gifuct-js');
  const out = path.join(dir, 'opera.gif');
  await run('node', [SCRIPT, '--pgn', OPERA, '--size', '240', '--speed', 'off', '--out', out]);
  const bytes = fs.readFileSync(out);
  assert.equal(bytes.subarray(0, 6).toString(), 'GIF89a');
  const frames = decompressFrames(parseGIF(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)), true);
  assert.equal(frames.length, 34, 'without animation, the start and a frame a move (33 plies)');
});

test('diagram.mjs names a mistake and writes nothing', async () => {
  // What the board cannot show: status 1; an option that cannot be used: status 2 (issue 41).
  for (const [args, named, status] of [
    [['--game', 'bandid'], /Unknown game "bandid"/, 1],
    [['--moves', 'e2e4 e7e4'], /Move 2, "e7e4", cannot be played/, 1],
    [['--arrows', 'Gz9z1'], /z9z1|arrow/i, 1],
    [['--size', 'big'], /--size big/, 2],
    [['--speed', 'warp', '--pgn', OPERA], /--speed warp/, 2],
  ]) {
    const out = path.join(dir, 'bad.svg');
    await assert.rejects(run('node', [SCRIPT, ...args, '--out', out]), (e) => {
      assert.equal(e.code, status);
      assert.match(e.stderr, named);
      return true;
    });
    assert.ok(!fs.existsSync(out), `${args.join(' ')}: no file written`);
  }
});
