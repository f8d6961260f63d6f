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
  ['settings', '// www/settings/: the Settings panel: coordinates, colour themes, sounds, remembered.'],
  ['sound', '// www/sound/: what the page plays and says: move sounds, and moves in words.'],
  ['movelist', '// www/movelist/: the moves: the list, its variations and comments, the evaluation graph.'],
  ['players', '// www/players/: the players beside the board: their names and the material each has lost.'],
  ['editor', '// www/editor/: the position editor: any position of any game set up, then played or shared.'],
  ['share', '// www/share/: links and records: a game shared, imported and exported, its tags, the past games.'],
  ['images', '// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.'],
  ['computer', '// www/computer/: the computer as a player and an analyst: its moves, hints, analysis and reviews.'],
  ['embed', '// www/embed/: the board in other pages: its modes, puzzles and review, and the code that embeds it.'],
  ['lessons', '// www/lessons/: Learn: each game\'s course, its map with the stars earned, and the lessons played.'],
  ['rules', "// www/rules/: the pieces and the rules: the legend and the rules panel with each game's text."],
  ['remote', '// www/remote/: a friend at a distance: games by link, and live games over a direct connection.'],
  ['newgame', "// www/newgame/: a new game chosen, and a game's end: the New game dialog, the welcome, the end's panel."],
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

// ---- run time: calls go down the layers too ----
// The modules import only down; at run time a part could still call up through an object it is
// handed (a `page` bag holding every part). So: no module in a folder takes such a bag; main.js,
// which mounts the parts, hands each only parts of its own layer or below (a view hears of a
// change through the controller's redraw, state.js subscribe, never by being called); and only
// the controller redraws.

/** main.js's top-level statements (its comments dropped), split at the semicolons outside brackets and strings. */
function statements(src) {
  const out = [];
  let depth = 0;
  let quote = null;
  let start = 0;
  const text = code(src);
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) depth -= 1;
    else if ((c === ';' || (c === '}' && depth === 0)) && depth === 0) { out.push(text.slice(start, i + 1)); start = i + 1; }
  }
  return out.map((t) => t.trim()).filter(Boolean);
}

/** How main.js mounts the parts: [{ name (the part's variable, or null), layer (its rank), uses: [names] }]. */
function mounts(src) {
  const from = new Map(); // an imported maker -> the folder of its module
  for (const m of src.matchAll(/^import\s*{([^}]*)}\s*from\s*'\.\/([^']+)'/gm)) {
    const parts = m[2].split('/');
    for (const name of m[1].split(',').map((x) => x.trim().split(/\s+as\s+/).pop()).filter(Boolean)) {
      from.set(name, parts.length > 1 ? parts[0] : null);
    }
  }
  const rankOf = (folder) => (folder == null ? -1 : rank.get(folder));
  const all = statements(src).filter((st) => !/^(import|function|async function)\b/.test(st)).map((st) => ({
    st,
    assigned: /^(?:const|let)\s+(\w+)\s*=/.exec(st)?.[1] ?? null,
    maker: [...st.matchAll(/\b(\w+)\s*\(/g)].map((m) => m[1]).find((f) => /^(make|attach|mount)/.test(f) && from.has(f)),
  })).filter((s) => !['makeTestHook', 'makeConfig', 'makeState'].includes(s.maker)); // the entries and the shared state
  // The parts, wherever they are made: a part may be handed a closure over one made later.
  const names = new Map(); // a part's variable -> its rank
  for (const s of all) if (s.maker && s.assigned) names.set(s.assigned, rankOf(from.get(s.maker)));
  const usesOf = (s) => [...names.keys()].filter((n) => n !== s.assigned && new RegExp(`\\b${n}\\b`).test(s.st));
  // A closure over parts (blocked, start): as high as the highest part it calls.
  for (const s of all) {
    const uses = usesOf(s);
    if (!s.maker && s.assigned && uses.length) names.set(s.assigned, Math.max(...uses.map((n) => names.get(n) ?? -1)));
  }
  const found = all.filter((s) => s.maker).map((s) => ({
    name: s.assigned, maker: s.maker, layer: rankOf(from.get(s.maker)), uses: usesOf(s), text: s.st,
  }));
  return { found, names };
}

test('main.js hands each part only parts of its own layer or below: no call goes up at run time', () => {
  const src = fs.readFileSync(path.join(www, 'main.js'), 'utf8');
  const { found, names } = mounts(src);
  const wrong = [];
  for (const m of found) {
    for (const used of m.uses) {
      if (names.get(used) > m.layer) {
        wrong.push(`${m.maker} (www/${LAYERS[m.layer][0]}/) is handed ${used}, of www/${LAYERS[names.get(used)][0]}/ above it`);
      }
    }
  }
  assert.deepEqual(wrong, []);
  // The rule reads what it should: the controller, the views and the computer are mounted, with what they use.
  const controller = found.find((m) => m.name === 'controller');
  assert.equal(LAYERS[controller.layer][0], 'game');
  assert.ok(controller.uses.includes('board') && controller.uses.includes('ui'), controller.text);
  assert.ok(found.some((m) => m.name === 'versus' && m.uses.includes('controller')), 'the computer is handed the controller');
  assert.ok(found.length >= 20, `${found.length} parts mounted`);
});

test('no part takes the page as a bag: a module is handed what it uses, by name', () => {
  const wrong = [];
  for (const f of modules().filter((m) => m.includes('/'))) {
    const src = code(fs.readFileSync(path.join(www, f), 'utf8'));
    if (/\bpage\s*\.\s*\w/.test(src) || /function\s+\w*\s*\([^)]*\bpage\b/.test(src)) wrong.push(`www/${f} reaches into a page bag`);
  }
  assert.deepEqual(wrong, []);
});

test('only the controller redraws: every change goes through its one place', () => {
  const wrong = [];
  for (const f of modules().filter((m) => m !== 'state.js' && m !== 'game/controller.js')) {
    const src = code(fs.readFileSync(path.join(www, f), 'utf8'));
    if (/\bredraw\s*\(\s*state\b/.test(src) || /import\s*{[^}]*\bredraw\b[^}]*}\s*from\s*'[^']*state\.js'/.test(src)) wrong.push(`www/${f} redraws`);
  }
  assert.deepEqual(wrong, []);
  assert.match(fs.readFileSync(path.join(www, 'game', 'controller.js'), 'utf8'), /redraw\(state, /);
});

// ---- docs/architecture.md draws the page from the tree ----

/** The map of www/ in docs/architecture.md: { top: text of the top modules' lines, folders: Map(folder -> its text) }. */
function architectureMap() {
  const doc = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## The page (`www/`)'));
  const block = /```\nwww\/\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'docs/architecture.md has a map of www/ in its page section');
  const folders = new Map();
  let top = '';
  let current = null;
  for (const line of block[1].split('\n')) {
    const folder = /^ {2}(\w+)\/\s/.exec(line);
    if (folder) { current = folder[1]; folders.set(current, line); continue; }
    if (/^ {2}\S/.test(line)) { current = null; top += `${line}\n`; continue; }
    if (current) folders.set(current, `${folders.get(current)} ${line}`);
    else top += `${line}\n`;
  }
  return { top, folders };
}

test('docs/architecture.md maps every folder and module of www/, and no folder that is not there', () => {
  const { top, folders } = architectureMap();
  const has = (text, name) => new RegExp(`(^|[^\\w.-])${name.replace('.', '\\.')}(?![\\w-])`).test(text);
  const missing = [];
  const dirs = fs.readdirSync(www, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  for (const f of fs.readdirSync(www).filter((x) => x.endsWith('.js'))) if (!has(top, f)) missing.push(`www/${f}`);
  for (const dir of dirs) {
    const text = folders.get(dir);
    if (!text) { missing.push(`www/${dir}/`); continue; }
    for (const entry of fs.readdirSync(path.join(www, dir), { withFileTypes: true })) {
      const name = entry.isDirectory() ? `${entry.name}/` : entry.name.replace(/\.js$/, '');
      if (entry.isDirectory() ? !text.includes(` ${name}`) : !has(text, name)) missing.push(`www/${dir}/${entry.name}`);
    }
  }
  assert.deepEqual(missing, [], 'missing from the map in docs/architecture.md');
  assert.deepEqual([...folders.keys()].filter((f) => !dirs.includes(f)), [], 'mapped but not in www/');
});

test('no part plays through the test hook: globalThis.fairyboard is main.js\'s, for the tests and the console', () => {
  const wrong = [];
  for (const f of modules().filter((m) => m !== 'main.js' && m !== 'testhook.js')) {
    const src = code(fs.readFileSync(path.join(www, f), 'utf8'));
    if (/\b(globalThis|window|self)\s*\.\s*fairyboard\b(?!\w)/.test(src)) wrong.push(`www/${f} reaches the test hook`);
  }
  assert.deepEqual(wrong, []);
});
