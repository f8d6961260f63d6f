// The house's rules for www/ (issue 27), read from the files: a few modules at the top, the
// rest in folders by concern, each module opening with its folder's job, and imports that go
// only down the layers (docs/architecture.md draws them): a folder uses its own modules, the
// folders below it and the shared state at the top, never a folder above it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const www = path.join(root, 'www');

/** The folders from the bottom layer up, with the line each of their modules opens with. */
export const LAYERS = [
  ['engine', '// www/engine/: the engine: the one place the page touches the wasm (its games, its errors, its worker).'],
  ['board', '// www/board/: the board on the canvas, drawn and animated.'],
  ['records', '// www/records/: game records, links, shapes and marks, and what the browser keeps.'],
  ['controls', "// www/controls/: the page's widgets: the status line, messages, the picker, dialogs' choices."],
  ['game', "// www/game/: the game's flow: every change, how it is played, its clocks and its end."],
  ['input', '// www/input/: presses, drags, keys and taps turned into moves.'],
  ['movelist', '// www/movelist/: the moves: the list, its variations and comments, the evaluation graph.'],
  ['players', '// www/players/: the players beside the board: their names and the material each has lost.'],
  ['sound', '// www/sound/: what the page plays and says: move sounds, and moves in words.'],
  ['settings', '// www/settings/: the Settings panel: coordinates, colour themes, sounds, remembered.'],
  ['editor', '// www/editor/: the position editor: any position of any game set up, then played or shared.'],
  ['share', '// www/share/: links and records: a game shared, imported and exported, its tags, the past games.'],
  ['images', '// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.'],
  ['computer', '// www/computer/: the computer as a player and an analyst: its moves, hints, analysis and reviews.'],
  ['embed', '// www/embed/: the board in other pages: its modes, puzzles and review, and the code that embeds it.'],
  ['rules', '// www/rules/: the pieces and the rules: the legend and the rules panel with each game\'s text.'],
  ['panels', '// www/panels/: the panels around the board: move list, legend, rules, players, settings, dialogs.'],
];
/** Modules at the top: the shared state every folder reads, and the entries that use the folders. */
const BASE = ['state.js', 'config.js'];
const ENTRIES = ['main.js', 'testhook.js', 'offline.js', 'fairyboard-board.js', 'preload.js'];

const rank = new Map(LAYERS.map(([f], i) => [f, i]));
const local = (src) => [...src.matchAll(/^\s*import\s[^'"]*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm)]
  .map((m) => m[1] || m[2]);

test('www/ keeps at most 10 modules at the top: the shared state and the entries', () => {
  const top = fs.readdirSync(www).filter((f) => f.endsWith('.js')).sort();
  assert.ok(top.length <= 10, `${top.length} modules at the top: ${top.join(' ')}`);
  assert.deepEqual(top, [...BASE, ...ENTRIES].sort());
  const folders = fs.readdirSync(www, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  assert.deepEqual(folders, LAYERS.map(([f]) => f).sort());
});

test('every module in a folder opens with its folder\'s job', () => {
  for (const [folder, line] of LAYERS) {
    for (const f of fs.readdirSync(path.join(www, folder)).filter((x) => x.endsWith('.js'))) {
      const first = fs.readFileSync(path.join(www, folder, f), 'utf8').split('\n')[0];
      assert.equal(first, line, `www/${folder}/${f}`);
    }
  }
});

test('no import goes up: a folder imports its own modules, the folders below and the shared state', () => {
  const wrong = [];
  for (const [folder] of LAYERS) {
    for (const f of fs.readdirSync(path.join(www, folder), { recursive: true }).filter((x) => x.endsWith('.js'))) {
      const file = path.join(www, folder, f);
      for (const spec of local(fs.readFileSync(file, 'utf8'))) {
        const target = path.relative(www, path.resolve(path.dirname(file), spec)).split(path.sep);
        const ok = target[0] === folder
          || (target.length === 1 && BASE.includes(target[0]))
          || (target[0] === '..' && target[1] === 'pkg') // the build's output: the bindings (engine/ only, below) and gifenc
          || (rank.has(target[0]) && rank.get(target[0]) < rank.get(folder));
        if (!ok) wrong.push(`www/${folder}/${f} imports ${spec}`);
      }
    }
  }
  for (const f of BASE) {
    const specs = local(fs.readFileSync(path.join(www, f), 'utf8'));
    if (specs.length) wrong.push(`www/${f} imports ${specs.join(', ')}: the shared state imports nothing`);
  }
  assert.deepEqual(wrong, []);
});

/** The code of `src` without its comments' lines (a line that is a comment, or a comment's end). */
const code = (src) => src.split('\n').filter((l) => !/^\s*(\/\/|\/?\*)/.test(l)).map((l) => l.replace(/\s\/\/\s.*$/, '')).join('\n');

/** Every module of www/ (paths relative to www/), the entries at the top included. */
const modules = () => fs.readdirSync(www, { recursive: true }).filter((f) => f.endsWith('.js')).map((f) => f.split(path.sep).join('/'));

test('only www/engine/ touches the wasm: its bindings imported, GameHandles made and freed', () => {
  const wrong = [];
  // preload.js only names the bindings for the browser to fetch early, with every module.
  for (const f of modules().filter((m) => !m.startsWith('engine/') && m !== 'preload.js')) {
    const src = code(fs.readFileSync(path.join(www, f), 'utf8'));
    if (/['"`][^'"`\n]*pkg\/fairyboard/.test(src)) wrong.push(`www/${f} loads pkg/fairyboard.js`);
    if (/\bGameHandle\b/.test(src)) wrong.push(`www/${f} makes a GameHandle`);
    if (/\.free\(\)/.test(src)) wrong.push(`www/${f} frees a handle`);
  }
  assert.deepEqual(wrong, []);
  // The rule reads what it should: the engine's own module does all three.
  const engine = code(fs.readFileSync(path.join(www, 'engine', 'engine.js'), 'utf8'));
  assert.match(engine, /pkg\/fairyboard\.js/);
  assert.match(engine, /new wasm\.GameHandle\(/);
  assert.match(engine, /\.free\(\)/);
});
