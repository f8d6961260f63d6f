// Embedded boards with long records (issue 41): the record goes to embed.html in its
// address's fragment, never its query (hosts refuse a long query: serve.mjs answers 431 at
// 16 KB), so a study of 40 KB starts, says ready and answers toSVG, in the element, in the
// iframe code and in scripts/diagram.mjs; an old code's short query still works; a board that
// cannot start says so (fairyboard-error) instead of waiting for ever; and the Embed dialog
// hands out no code whose preview did not start.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { embeddingHost, openEmbedder, boardFrame, gotoFrame } from './embedhost.mjs';
import { openBoard, settle, screenshot, DESKTOP } from './support.mjs';
import { importPgn, openEmbedDialog } from './steps.mjs';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '..', '..', 'scripts', 'diagram.mjs');
const OPERA = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'data', 'opera-lichess.pgn'), 'utf8');
/** The Opera game with a note of about 40 KB on its first move: a record far over what a query may hold. */
const LONG_NOTE = `${'Morphy develops with tempo, and every move counts. '.repeat(800)}So ends the note.`;
const BIG_STUDY = OPERA.replace('1. e4 {', `1. e4 { ${LONG_NOTE}`);

const host = embeddingHost({ viewport: { width: 900, height: 800 }, prefix: 'fairyboard-long-' });

test('a study of 40 KB in <fairyboard-board>: ready, shown and drawn by toSVG; the record is in the fragment, not the query', async () => {
  assert.ok(BIG_STUDY.length > 40000);
  const url = host.write('big.html', '<fairyboard-board id="b" mode="view" ply="4"></fairyboard-board>'
    + `<script>document.getElementById('b').setAttribute('pgn', ${JSON.stringify(BIG_STUDY)});</script>`,
  { events: ['fairyboard-ready', 'fairyboard-error'] });
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const board = await boardFrame(page, '#b');
    const src = new URL(await board.iframe.getAttribute('src'));
    assert.equal(src.searchParams.get('pgn'), null, 'no record in the query');
    assert.equal(src.search, '?mode=view&ply=4');
    assert.equal(new URLSearchParams(src.hash.slice(1)).get('pgn'), BIG_STUDY);
    assert.deepEqual(await board.frame.evaluate(() => Array.from(window.fairyboard.game.line()).slice(0, 4)), ['e2e4', 'e7e5', 'g1f3', 'd7d6']);
    const comment = await board.frame.evaluate(() => window.fairyboard.game.comment(window.fairyboard.game.tree().line[1]));
    assert.ok(comment.startsWith(LONG_NOTE), `the note whole: ${comment.length} characters, ${comment.slice(-60)}`);
    const svg = await page.$eval('#b', (b) => b.toSVG({ size: 300 }));
    assert.match(svg, /^<svg /);
    assert.deepEqual(await page.evaluate(() => window.events.map((e) => e.type)), ['fairyboard-ready']);
    // Another record on the same element (only the fragment changes): set up anew.
    await page.$eval('#b', (b) => { b.ready = false; b.setAttribute('pgn', '1. d4 d5 *'); b.setAttribute('ply', '2'); });
    await page.waitForFunction(() => document.getElementById('b').ready === true);
    const again = await boardFrame(page, '#b');
    assert.deepEqual(await again.frame.evaluate(() => Array.from(window.fairyboard.game.line())), ['d2d4', 'd7d5']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the iframe address: a record in the fragment starts the board; an old code\'s short query still works, and the fragment wins over it', async () => {
  const { context, page, errors } = await host.newPage();
  try {
    await page.goto(`${host.url}embed.html?mode=view#${new URLSearchParams({ pgn: BIG_STUDY, ply: '2' })}`);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.equal(await page.evaluate(() => window.fairyboard.game.ply()), 2);
    assert.equal(await page.evaluate(() => window.fairyboard.game.line().length), 33);
    await gotoFrame(page, host, 'game=bandit&mode=view&moves=d3d4');
    assert.deepEqual(await page.evaluate(() => Array.from(window.fairyboard.game.line())), ['d3d4']);
    await page.goto(`${host.url}embed.html?game=orthodox&moves=e2e4#moves=d2d4`);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true && window.fairyboard.game.line()[0] === 'd2d4');
    // The board's address stays its set-up: no share link written over it.
    assert.equal(await page.evaluate(() => location.hash), '#moves=d2d4');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a board that cannot start says so with fairyboard-error, and toSVG is refused at once', async () => {
  // A record over 2 MB: no browser keeps such an address.
  const huge = `1. e4 { ${'x'.repeat(2200000)} } *`;
  const url = host.write('huge.html', '<fairyboard-board id="b" mode="view"></fairyboard-board>',
    { events: ['fairyboard-ready', 'fairyboard-error'] });
  assert.ok(huge.length > 2 ** 21);
  const { context, page, errors } = await host.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.getElementById('b').ready === true);
    await page.evaluate(() => { window.events = []; });
    await page.$eval('#b', (b, pgn) => b.setAttribute('pgn', pgn), huge);
    await page.waitForFunction(() => window.events.length > 0);
    const events = await page.evaluate(() => window.events);
    assert.equal(events.length, 1);
    assert.equal(events[0].type, 'fairyboard-error');
    assert.equal(events[0].detail.message, 'The board cannot start: its record is too large (2.2 MB; a board\'s address holds up to 2 MB).');
    assert.deepEqual(await page.$eval('#b', (b) => b.problems), [events[0].detail.message]);
    const started = Date.now();
    const refused = await page.$eval('#b', (b) => b.toSVG().then(() => 'answered', (e) => e.message));
    assert.equal(refused, events[0].detail.message);
    assert.ok(Date.now() - started < 2000, 'refused at once, not after 20 s');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a board whose page loads but never starts: fairyboard-error after 20 s, not silence', async () => {
  // A folder with the element's script but a page in embed.html's place that is no board.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-noboard-'));
  fs.mkdirSync(path.join(dir, 'www'));
  fs.copyFileSync(path.resolve(import.meta.dirname, '..', '..', 'www', 'fairyboard-board.js'), path.join(dir, 'www', 'fairyboard-board.js'));
  fs.writeFileSync(path.join(dir, 'embed.html'), '<!doctype html><title>Not a board</title><p>Moved.</p>');
  const { startServer } = await import('../../scripts/serve.mjs');
  const server = await startServer({ root: dir, port: 0 });
  const { context, page, errors } = await host.newPage();
  try {
    fs.writeFileSync(path.join(dir, 'page.html'), `<!doctype html><link rel="icon" href="data:,"><script src="www/fairyboard-board.js"></script>
      <script>window.events = []; document.addEventListener('fairyboard-error', (e) => window.events.push(e.detail.message));</script>
      <fairyboard-board id="b" game="bandit"></fairyboard-board>`);
    await page.goto(`${server.url}page.html`);
    await page.waitForFunction(() => window.events.length > 0, null, { timeout: 30000 });
    assert.deepEqual(await page.evaluate(() => window.events), [`The board did not start: its page (${server.url}embed.html) loaded but sent no word within 20 s.`]);
    assert.match(await page.$eval('#b', (b) => b.toPNG().then(() => 'answered', (e) => e.message)), /^The board did not start/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the Embed dialog: a long study previews and its code is handed out; a study too large to start gives no code', async () => {
  const { context, page, errors } = await openBoard(host.env, DESKTOP);
  try {
    // The long study opened on the page, as a person pastes it.
    await importPgn(page, BIG_STUDY);
    await openEmbedDialog(page, 'study');
    await page.check('#embed-dialog [name="form"][value="iframe"]');
    await page.waitForFunction(() => !document.getElementById('embed-copy').disabled, null, { timeout: 30000 });
    const code = await page.inputValue('#embed-code');
    const src = new URL(code.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&'));
    assert.equal(src.searchParams.get('pgn'), null, 'the record is not in the query');
    assert.match(new URLSearchParams(src.hash.slice(1)).get('pgn'), /So ends the note\./);
    await page.waitForFunction(() => {
      const frame = document.querySelector('#embed-preview iframe');
      return frame && frame.contentWindow.fairyboard && frame.contentWindow.fairyboard.ready === true;
    });
    await screenshot(page, 'embedhardening-dialog-long-study');
    await page.click('#embed-dialog button[value=close]');
    // A comment of 2.2 million characters: the preview cannot start, and no code is given.
    await page.click('#comment-move');
    await page.fill('#comment-text', 'y'.repeat(2200000));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await settle(page);
    await page.click('#embed-board');
    await page.waitForSelector('#embed-dialog[open]');
    await page.selectOption('#embed-what', 'study');
    await page.check('#embed-dialog [name="form"][value="element"]');
    await page.waitForFunction(() => /^No code/.test(document.getElementById('embed-check').textContent), null, { timeout: 30000 });
    assert.equal(await page.textContent('#embed-check'), 'No code: the preview board did not start, so readers would see nothing (The board cannot start: its record is too large (2.2 MB; a board\'s address holds up to 2 MB)).');
    assert.equal(await page.inputValue('#embed-code'), '');
    assert.equal(await page.isDisabled('#embed-copy'), true);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('diagram.mjs draws from a PGN of 40 KB (it used to wait for ever)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-diagram-long-'));
  try {
    const pgn = path.join(dir, 'big.pgn');
    fs.writeFileSync(pgn, BIG_STUDY);
    const out = path.join(dir, 'big.svg');
    const { stderr } = await run('node', [SCRIPT, '--pgn', pgn, '--ply', '6', '--out', out], { timeout: 90000 });
    assert.match(fs.readFileSync(out, 'utf8'), /^<svg /);
    assert.match(stderr, /wrote/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('diagram.mjs: an option it cannot use is named before anything is drawn (exit status 2), and what it wrote is said', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-diagram-options-'));
  try {
    const out = path.join(dir, 'd.svg');
    for (const [args, named] of [
      [['--out', '/nonexistent/dir/x.svg'], /^diagram: --out \/nonexistent\/dir\/x\.svg: there is no folder \/nonexistent\/dir\n$/],
      [['--size', '0x100', '--out', out], /^diagram: --size 0x100: a whole number of pixels from 64 to 4096\n$/],
      [['--size', '1e3', '--out', out], /--size 1e3: a whole number/],
      [['--size', '-5', '--out', path.join(dir, 'd.gif')], /--size -5: a whole number of pixels from 64 to 1600/],
      [['--ply', 'two', '--out', out], /--ply two: a number of moves/],
      [['--speed', 'fast', '--out', out], /--speed fast: only a GIF/],
    ]) {
      await assert.rejects(run('node', [SCRIPT, ...args]), (e) => {
        assert.equal(e.code, 2, args.join(' '));
        assert.match(e.stderr, named);
        assert.doesNotMatch(e.stderr, /\n\s+at /, 'no stack trace');
        return true;
      });
      assert.deepEqual(fs.readdirSync(dir), [], `${args.join(' ')}: nothing written`);
    }
    // What the board cannot show: named, without the board's own "Showing ... only".
    await assert.rejects(run('node', [SCRIPT, '--moves', 'e2e4 e7e4', '--out', out]), (e) => {
      assert.equal(e.code, 1);
      assert.equal(e.stderr, `diagram: nothing written to ${out}: Move 2, "e7e4", cannot be played: e7e4 is not a legal move in this position.\n`);
      return true;
    });
    assert.deepEqual(fs.readdirSync(dir), []);
    // Written: said what.
    const { stderr } = await run('node', [SCRIPT, '--game', 'bandit', '--moves', 'd3d4 d7d5', '--ply', '1', '--size', '300', '--out', out]);
    assert.equal(stderr, `diagram: wrote ${out}: SVG, 300 px on its longer side, bandit, the position after 1 move\n`);
    assert.match(fs.readFileSync(out, 'utf8'), /^<svg /);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('toGIF, toSVG and toPNG with options they cannot use reject with the reason (no one-frame GIF, no 800 px for -5)', async () => {
  const url = host.write('gifopts.html', '<fairyboard-board id="b" mode="view" moves="e2e4 e7e5 g1f3 b8c6"></fairyboard-board>');
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const asked = (call) => page.evaluate((c) => {
      const b = document.getElementById('b');
      return new Function('b', `return ${c}`)(b).then((r) => `answered ${r.type || typeof r}`, (e) => e.message);
    }, call);
    // Each call and its answer: the reason it is refused, or (the last two) what it answers.
    for (const [call, answer] of [
      ['b.toGIF({ from: 3, to: 1 })', 'No GIF: from 3 is not before to 1.'],
      ['b.toGIF({ from: 2, to: 2 })', 'No GIF: from 2 is not before to 2.'],
      ['b.toGIF({ from: 0, to: 999 })', 'No GIF: to 999: a ply from 0 to 4, the line\'s last.'],
      ['b.toGIF({ from: 1e9 })', 'No GIF: from 1000000000: a ply from 0 to 4, the line\'s last.'],
      ['b.toGIF({ from: -1 })', 'No GIF: from -1: a ply, 0 or more.'],
      ['b.toGIF({ size: -5 })', 'No GIF: size -5: a whole number of pixels from 64 to 1600.'],
      ['b.toGIF({ size: 2000 })', 'No GIF: size 2000: a whole number of pixels from 64 to 1600.'],
      ['b.toGIF({ line: "study", from: 1 })', 'No GIF: from and to cut the main line or the line shown; a study plays every line whole.'],
      ['b.toGIF({ speed: "warp" })', 'No GIF: speed "warp": fast, normal, slow or off.'],
      ['b.toSVG({ size: 0 })', 'No SVG: size 0: a whole number of pixels from 64 to 4096.'],
      ['b.toPNG({ size: "big" })', 'No PNG: size "big": a whole number of pixels from 64 to 4096.'],
      ['b.toGIF({ from: 1, to: 3, size: 120, speed: "off" })', 'answered image/gif'],
      ['b.toSVG({ size: 64 })', 'answered string'],
    ]) assert.equal(await asked(call), answer, call);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
