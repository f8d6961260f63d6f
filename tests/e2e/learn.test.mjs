// Learn (issue 44): the lessons of a game's course on the page's board. From the welcome, the
// Learn dialog's course map (the next lesson highlighted), a lesson played in it with real
// clicks, its stars by the moves used and kept over a reload; a lesson by keys alone and by
// taps on a 360 px phone; a wrong move explained, taken back and not counted; and
// <fairyboard-board mode="lesson"> on a page of another origin, completed, with its events; and
// a lesson of each variant's course played whole from Learn (a quadrant shift, the trick,
// custodian capture, drops, steps between Riftwalker's boards) by clicks, keys or taps, its
// stars kept over a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { settle, screenshot, PHONE_360, copySingleFile, gotoFileRecording, chooseSetting } from './support.mjs';
import { embeddingHost, openEmbedder, boardFrame, gotoFrame, squareInPage } from './embedhost.mjs';
import { openEmbedDialog, chooseGame } from './steps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('every course in lessons/ is compiled into the page (crates/wasm/src/lesson.rs ships it)', () => {
  // rustfmt may wrap a long entry over lines: compare without white space.
  const shipped = fs.readFileSync(path.join(root, 'crates', 'wasm', 'src', 'lesson.rs'), 'utf8').replace(/\s+/g, '');
  const files = fs.readdirSync(path.join(root, 'lessons')).filter((f) => f.endsWith('.txt'));
  assert.ok(files.length >= 1);
  for (const f of files) {
    const id = f.replace(/\.txt$/, '');
    assert.ok(shipped.includes(`("${id}",include_str!("../../../lessons/${f}"),)`) || shipped.includes(`("${id}",include_str!("../../../lessons/${f}"))`), `lessons/${f} is not in SHIPPED`);
  }
});

const host = embeddingHost({ viewport: { width: 1280, height: 800 }, page: { title: 'A lesson' } });

// A page of the host's origin for one test, closed whatever happens.
async function inHostPage(options, fn) {
  const { context, ...parts } = await host.newPage(options);
  try {
    await fn(parts);
  } finally {
    await context.close();
  }
}

// The rook lesson of lessons/orthodox.txt: each task's fewest moves (3 stars).
const ROOK = [
  ['c3c7'],
  ['d2d6', 'd6g6'],
  ['a1a3', 'a3b3', 'b3b7', 'b7f7', 'f7f3'],
  ['b2b6', 'b6f6', 'f6f4', 'f4d4'],
];
// The king lesson: the first task in one move more than the fewest (2 stars), the rest at the fewest.
const KING = [
  ['e2e3', 'e3e4', 'e4d5', 'd5e5'],
  ['c2d3', 'd3d4', 'd4d5'],
  ['d6e6', 'e6f5', 'f5f4', 'f4f3', 'f3e2', 'e2d2'],
];

/** The lesson's panel in `frame` once the board has answered: { task, moves, words, status }. */
async function lessonState(frame) {
  await frame.waitForFunction(() => document.getElementById('lesson')?.dataset.busy === 'false');
  await settle(frame);
  return frame.evaluate(() => ({
    task: document.getElementById('lesson-task').textContent,
    moves: Number(/Moves: (\d+)/.exec(document.getElementById('lesson-progress').textContent)[1]),
    words: document.getElementById('lesson-words').textContent,
    kind: document.getElementById('lesson-words').dataset.kind,
    status: document.getElementById('lesson').dataset.status,
    earned: document.getElementById('lesson-earned').textContent,
    position: window.fairyboard.positionText(),
  }));
}

/** Waits until the learner has `n` moves counted in the task shown, or the task is done. */
async function counted(frame, n) {
  await frame.waitForFunction((k) => {
    const box = document.getElementById('lesson');
    const m = /Moves: (\d+)/.exec(document.getElementById('lesson-progress').textContent);
    return box.dataset.busy === 'false' && (box.dataset.status !== 'going' || (m && Number(m[1]) === k));
  }, n);
  return lessonState(frame);
}

/**
 * Plays `moves` ("e2e4") on `board` ({ frame, iframe }: iframe null for the board's page
 * itself) with the real mouse of `page`, the first counted as move `from` + 1 of the task.
 */
async function clickMoves(page, board, moves, from = 0) {
  for (const [i, m] of moves.entries()) {
    for (const sq of [m.slice(0, 2), m.slice(2, 4)]) {
      const c = board.iframe ? await squareInPage(board, sq) : await board.frame.evaluate((n) => window.fairyboard.squareCenter(n), sq);
      await page.mouse.click(c.x, c.y);
    }
    await counted(board.frame, from + i + 1);
  }
}

/** The cell under the keyboard cursor of `frame`, or null. */
const cursorName = (frame) => frame.evaluate(() => window.fairyboard.cursorName());

/** Walks the keyboard cursor to `name` with the arrow keys, reading where it is. */
async function cursorTo(page, frame, name) {
  const target = await frame.evaluate((n) => window.fairyboard.squareCenter(n), name);
  for (let i = 0; i < 40; i++) {
    const at = await cursorName(frame);
    if (at === name) return;
    let key = 'ArrowUp';
    if (at != null) {
      const c = await frame.evaluate((n) => window.fairyboard.squareCenter(n), at);
      const [dx, dy] = [target.x - c.x, target.y - c.y];
      key = Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
    }
    await page.keyboard.press(key);
  }
  assert.fail(`the cursor did not reach ${name}`);
}

/** Tabs until the element `selector` of `frame` has the focus. */
async function tabTo(page, frame, selector) {
  for (let i = 0; i < 30; i++) {
    if (await frame.evaluate((s) => document.activeElement === document.querySelector(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${selector}`);
}

test('Learn from the welcome: the course map, a lesson by clicks, its stars by the moves used, kept over a reload', async () => {
  await inHostPage({ viewport: { width: 1280, height: 800 }, firstVisit: true }, async ({ page, errors }) => {
    await page.goto(host.url);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    // The first screen offers the lessons.
    await page.waitForSelector('#new-game-dialog[open]');
    await page.click('#new-game-learn');
    await page.waitForSelector('#learn-dialog[open]');
    const map = () => page.$$eval('.course-lesson', (bs) => bs.map((b) => ({
      id: b.dataset.lesson, stars: b.querySelector('.course-stars').textContent, next: b.classList.contains('next'),
    })));
    let lessons = await map();
    assert.equal(lessons[0].id, 'king');
    assert.deepEqual(lessons.filter((l) => l.next).map((l) => l.id), ['king'], 'the first lesson is the next one');
    assert.match(lessons[0].stars, /0\/9$/);
    await screenshot(page, 'learn-map-1280');

    await page.click('.course-lesson[data-lesson="king"]');
    const board = { iframe: await page.locator('#learn-frame').elementHandle() };
    board.frame = await board.iframe.contentFrame();
    await board.frame.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    let s = await lessonState(board.frame);
    assert.match(s.task, /^Task 1 of 3: Walk the king to the star/);
    // The star is drawn on the board: e5's centre is gold.
    const gold = await board.frame.evaluate(() => {
      const c = window.fairyboard.squareCenter('e5');
      const cv = document.getElementById('board');
      const r = cv.getBoundingClientRect();
      const k = cv.width / r.width;
      return [...cv.getContext('2d').getImageData(Math.round((c.x - r.left) * k), Math.round((c.y - r.top) * k), 1, 1).data];
    });
    assert.ok(gold[0] > 200 && gold[1] > 160 && gold[2] < 120, `e5 is not a gold star: ${gold}`);
    await screenshot(page, 'learn-lesson-1280');
    // On a computer the task stands beside the board, in view with it.
    const beside = await page.evaluate(() => {
      const frame = document.getElementById('learn-frame');
      const f = frame.getBoundingClientRect();
      const d = frame.contentDocument;
      const board = d.getElementById('board').getBoundingClientRect();
      const task = d.getElementById('lesson-task').getBoundingClientRect();
      return { right: task.left >= board.right, inView: f.top + task.bottom <= innerHeight && f.top + board.bottom <= innerHeight };
    });
    assert.deepEqual(beside, { right: true, inView: true });

    for (const [i, moves] of KING.entries()) {
      await clickMoves(page, board, moves);
      s = await lessonState(board.frame);
      assert.equal(s.status, i === KING.length - 1 ? 'finished' : 'done', JSON.stringify(s));
      assert.match(s.words, i === 0 ? /Task done: ★★☆ in 4 moves \(it can be done in 3\)/ : /Task done: ★★★/);
      if (i < KING.length - 1) {
        await board.frame.click('#lesson-next');
        await counted(board.frame, 0);
      }
    }
    assert.match(s.words, /Lesson complete: 8 of 9 stars/);
    await page.click('#learn-back');
    lessons = await map();
    assert.match(lessons[0].stars, /8\/9$/);
    assert.deepEqual(lessons.filter((l) => l.next).map((l) => l.id), ['rook'], 'the next lesson moves on');

    // Kept in this browser: after a reload, Learn beside the Rules panel shows the same.
    await page.reload();
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await page.click('#learn-open');
    await page.waitForSelector('#learn-dialog[open]');
    lessons = await map();
    assert.match(lessons[0].stars, /★★☆ 8\/9$/);
    assert.deepEqual(lessons.filter((l) => l.next).map((l) => l.id), ['rook']);
    assert.deepEqual(errors, []);
  });
});

test('a lesson by keys alone: the cursor, Enter, and Next task', async () => {
  await inHostPage({ viewport: { width: 480, height: 900 } }, async ({ page, errors }) => {
    await gotoFrame(page, host, 'game=orthodox&mode=lesson&lesson=rook');
    const frame = page.mainFrame();
    await tabTo(page, frame, '#board');
    for (const [i, moves] of ROOK.entries()) {
      for (const [j, m] of moves.entries()) {
        await cursorTo(page, frame, m.slice(0, 2));
        await page.keyboard.press('Enter');
        await cursorTo(page, frame, m.slice(2, 4));
        await page.keyboard.press('Enter');
        await counted(frame, j + 1);
      }
      const s = await lessonState(frame);
      assert.match(s.words, /Task done: ★★★/, `task ${i + 1}: ${JSON.stringify(s)}`);
      if (i < ROOK.length - 1) {
        await tabTo(page, frame, '#lesson-next');
        await page.keyboard.press('Enter');
        await counted(frame, 0);
        assert.ok(await frame.evaluate(() => document.activeElement === document.getElementById('board')), 'the board has the focus again');
      }
    }
    const s = await lessonState(frame);
    assert.equal(s.status, 'finished');
    assert.match(s.words, /Lesson complete: 12 of 12 stars/);
    assert.equal(s.earned, '★★★ ★★★ ★★★ ★★★');
    assert.deepEqual(errors, []);
  });
});

test('on a 360 px phone, by taps: a wrong move is explained, taken back and not counted', async () => {
  await inHostPage(PHONE_360, async ({ page, errors }) => {
    await gotoFrame(page, host, 'game=orthodox&mode=lesson&lesson=rook');
    const frame = page.mainFrame();
    const start = await frame.evaluate(() => window.fairyboard.positionText());
    const tap = async (sq) => {
      const c = await frame.evaluate((n) => window.fairyboard.squareCenter(n), sq);
      await page.touchscreen.tap(c.x, c.y);
    };
    // c3c8 checks the black king, which only stands by: explained, and the rook goes back.
    await tap('c3');
    await tap('c8');
    await frame.waitForFunction(() => document.getElementById('lesson-words').dataset.kind === 'wrong');
    await frame.waitForFunction((p) => window.fairyboard.positionText() === p, start);
    let s = await lessonState(frame);
    assert.match(s.words, /attacks the other king/);
    assert.equal(s.moves, 0, 'the wrong move is not counted');
    await screenshot(page, 'learn-wrong-360');
    // Hint: the task's hint, once (it has one).
    await page.locator('#lesson-hint').tap();
    await frame.waitForFunction(() => /Hint: The rook goes straight up the c-file\./.test(document.getElementById('lesson-words').textContent));
    assert.equal(await frame.isDisabled('#lesson-hint'), true);
    // The right move: three stars, as if the wrong one had not been played.
    await tap('c3');
    await tap('c7');
    s = await counted(frame, 1);
    assert.equal(s.status, 'done');
    assert.match(s.words, /Task done: ★★★ in 1 move\./);
    // The page fits the phone: no sideways scrolling, the panel below the board.
    assert.ok(await frame.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
    await screenshot(page, 'learn-done-360');
    assert.deepEqual(errors, []);
  });
});

test('<fairyboard-board mode="lesson"> on a page of another origin: completed, with its events', async () => {
  const url = host.write('lesson.html', `
    <h1>The rook</h1>
    <fairyboard-board id="lesson" game="orthodox" mode="lesson" lesson="rook" style="--fairyboard-size: 420px"></fairyboard-board>`,
  { events: ['fairyboard-ready', 'fairyboard-move', 'fairyboard-lesson'] });
  const { context, page, errors } = await openEmbedder(host, url);
  try {
    const board = await boardFrame(page, '#lesson');
    const ready = await page.evaluate(() => window.events.find((e) => e.type === 'fairyboard-ready').detail);
    assert.deepEqual(ready.lesson, { id: 'rook', title: 'The rook', tasks: 4, task: 1 });
    assert.deepEqual(ready.problems, []);
    // A wrong move first: its event, then the lesson.
    const c3 = await squareInPage(board, 'c3');
    const c8 = await squareInPage(board, 'c8');
    await page.mouse.click(c3.x, c3.y);
    await page.mouse.click(c8.x, c8.y);
    await board.frame.waitForFunction(() => document.getElementById('lesson-words').dataset.kind === 'wrong');
    await counted(board.frame, 0);
    for (const [i, moves] of ROOK.entries()) {
      await clickMoves(page, board, moves);
      if (i < ROOK.length - 1) {
        await board.frame.click('#lesson-next');
        await counted(board.frame, 0);
      }
    }
    await page.waitForFunction(() => window.events.some((e) => e.type === 'fairyboard-lesson' && e.detail.kind === 'lesson'));
    const lessonEvents = await page.evaluate(() => window.events.filter((e) => e.type === 'fairyboard-lesson').map((e) => e.detail));
    assert.deepEqual(lessonEvents[0], {
      kind: 'wrong', lesson: 'rook', task: 1, move: 'c3c8', wrong: 'check',
      words: 'That move attacks the other king, which only stands by in this task: find another way.',
    });
    assert.deepEqual(lessonEvents.slice(1).map((e) => [e.kind, e.task, e.stars, e.moves, e.fewest]), [
      ['task', 1, 3, 1, 1], ['task', 2, 3, 2, 2], ['task', 3, 3, 5, 5], ['task', 4, 3, 4, 4], ['lesson', undefined, 12, undefined, undefined],
    ]);
    assert.deepEqual(lessonEvents.at(-1), { kind: 'lesson', lesson: 'rook', game: 'orthodox', stars: 12, most: 12, tasks: [3, 3, 3, 3] });
    await screenshot(page, 'learn-embedded');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the Embed dialog offers a lesson of the game\'s course: its code and a preview that starts it', async () => {
  await inHostPage({ viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
    await page.goto(host.url);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await chooseGame(page, 'vagabond');
    await openEmbedDialog(page, 'lesson');
    assert.equal(await page.isVisible('#embed-lesson'), true);
    await page.selectOption('#embed-lesson', 'quadrant-shift');
    const code = await page.inputValue('#embed-code');
    assert.match(code, /<fairyboard-board game="vagabond" mode="lesson" lesson="quadrant-shift"/);
    // The preview is that board: it starts the lesson.
    const frame = await (await page.waitForSelector('#embed-preview fairyboard-board')).evaluateHandle((b) => b.shadowRoot.querySelector('iframe'));
    const inner = await frame.asElement().contentFrame();
    await inner.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 30000 });
    await inner.waitForFunction(() => /^Task 1 of \d+:/.test(document.getElementById('lesson-task')?.textContent || ''));
    // The iframe form carries the lesson in its query.
    await page.check('input[name="form"][value="iframe"]');
    assert.match(await page.inputValue('#embed-code'), /embed\.html\?game=vagabond&amp;mode=lesson&amp;lesson=quadrant-shift/);
    await screenshot(page, 'learn-embed-dialog');
    assert.deepEqual(errors, []);
  });
});

test('the other side answers: a scripted reply played on the board, a task for Black on a turned board', async () => {
  await inHostPage({ viewport: { width: 480, height: 900 } }, async ({ page, errors }) => {
    await gotoFrame(page, host, 'game=orthodox&mode=lesson&lesson=en-passant&task=2');
    const frame = page.mainFrame();
    let s = await lessonState(frame);
    assert.match(s.task, /^Task 2 of 3: White has just played e2 to e4/);
    // Black's task: Black at the bottom (rank 3 above rank 4 on the screen).
    const [d4, e3] = await frame.evaluate(() => ['d4', 'e3'].map((n) => window.fairyboard.squareCenter(n)));
    assert.ok(e3.y < d4.y, 'the board is turned for Black');
    await clickMoves(page, { frame, iframe: null }, ['d4e3']);
    s = await lessonState(frame);
    assert.equal(s.status, 'done');
    await frame.click('#lesson-next');
    await counted(frame, 0);
    // Task 3: the king moves, Black answers f7f5 on the board, and e5xf6 en passant ends it.
    await clickMoves(page, { frame, iframe: null }, ['c2d2']);
    await frame.waitForFunction(() => window.fairyboard.positionText().startsWith('2k5/8/8/4Pp2/'));
    await clickMoves(page, { frame, iframe: null }, ['e5f6'], 1);
    s = await lessonState(frame);
    assert.equal(s.status, 'finished');
    assert.match(s.words, /Task done: ★★★ in 2 moves\./);
    assert.deepEqual(errors, []);
  });
});

test('the engine answers: the black king\'s move played on the board, then mate ends the task', async () => {
  await inHostPage({ viewport: { width: 480, height: 900 } }, async ({ page, errors }) => {
    await gotoFrame(page, host, 'game=orthodox&mode=lesson&lesson=game');
    const frame = page.mainFrame();
    await clickMoves(page, { frame, iframe: null }, ['a2a7']);
    // The engine's answer, on the board: the king's one move.
    await frame.waitForFunction(() => window.fairyboard.positionText().startsWith('6k1/R7/'));
    assert.equal(await frame.evaluate(() => window.fairyboard.game.sideToMove()), 'w');
    await clickMoves(page, { frame, iframe: null }, ['b1b8'], 1);
    const s = await lessonState(frame);
    assert.equal(s.status, 'done');
    assert.match(s.words, /Task done: ★★★ in 2 moves\./);
    assert.deepEqual(errors, []);
  });
});

test('stars kept that cannot be read are set aside and said; the lessons start from no stars', async () => {
  await inHostPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    await page.goto(host.url);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await page.evaluate(() => localStorage.setItem('fairyboard.lessons', '{"orthodox": {"king": [3, 7]}}'));
    await page.click('#learn-open');
    await page.waitForSelector('#learn-dialog[open]');
    assert.match(await page.textContent('.course-lesson[data-lesson="king"] .course-stars'), /0\/9$/);
    assert.equal(await page.evaluate(() => localStorage.getItem('fairyboard.lessons')), null);
    assert.equal(await page.evaluate(() => localStorage.getItem('fairyboard.unreadable.lessons')), '{"orthodox": {"king": [3, 7]}}');
    assert.match(await page.textContent('#message'), /The stars earned in the lessons could not be read \(the stars of orthodox's lesson "king" are not 0 to 3 for each task\)/);
  });
});

test('a task that names the pieces that play: they are framed in gold, and another piece\'s move is explained', async () => {
  await inHostPage({ viewport: { width: 480, height: 900 } }, async ({ page, errors }) => {
    await gotoFrame(page, host, 'game=vagabond&mode=lesson&lesson=rage&task=3');
    const frame = page.mainFrame();
    await lessonState(frame);
    /** The colour just inside the edge of cell `name`'s left side. */
    const edge = (name) => frame.evaluate((n) => {
      const fb = window.fairyboard;
      const c = fb.squareCenter(n);
      const unit = Math.abs(fb.squareCenter('b1').x - fb.squareCenter('a1').x);
      const cv = document.getElementById('board');
      const r = cv.getBoundingClientRect();
      const k = cv.width / r.width;
      return [...cv.getContext('2d').getImageData(Math.round((c.x - unit * 0.48 - r.left) * k), Math.round((c.y - r.top) * k), 1, 1).data];
    }, name);
    const gold = (px) => px[0] > 190 && px[1] > 140 && px[1] < 190 && px[2] < 60;
    assert.ok(gold(await edge('d4')), `d4 is framed: ${await edge('d4')}`);
    assert.ok(!gold(await edge('d5')), 'd5 is not');
    // The king does not play here: explained, taken back, not counted.
    const start = await frame.evaluate(() => window.fairyboard.positionText());
    for (const sq of ['d1', 'd2']) {
      const c = await frame.evaluate((n) => window.fairyboard.squareCenter(n), sq);
      await page.mouse.click(c.x, c.y);
    }
    await frame.waitForFunction(() => document.getElementById('lesson-words').dataset.kind === 'wrong');
    await frame.waitForFunction((p) => window.fairyboard.positionText() === p, start);
    const s = await lessonState(frame);
    assert.match(s.words, /only the marked piece moves/);
    assert.equal(s.moves, 0);
    await screenshot(page, 'learn-marked-pieces');
    assert.deepEqual(errors, []);
  });
});

test('the single file from disk: Learn plays a lesson (its frame written from the file itself) and keeps the stars', async () => {
  const { dir, file } = copySingleFile('fairyboard.html');
  const { context, page, errors } = await host.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const { requests } = await gotoFileRecording(page, file);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await page.click('#learn-open');
    await page.waitForSelector('#learn-dialog[open]');
    await page.click('.course-lesson[data-lesson="rook"]');
    const board = { iframe: await page.locator('#learn-frame').elementHandle() };
    board.frame = await board.iframe.contentFrame();
    await board.frame.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 30000 });
    const s0 = await lessonState(board.frame);
    assert.match(s0.task, /^Task 1 of 4: Collect the star with the rook/);
    await clickMoves(page, board, ROOK[0]);
    const s = await lessonState(board.frame);
    assert.match(s.words, /Task done: ★★★ in 1 move\./);
    await page.click('#learn-back');
    assert.match(await page.textContent('.course-lesson[data-lesson="rook"] .course-stars'), /3\/12$/);
    await screenshot(page, 'learn-single-file');
    // Nothing was fetched but the file itself.
    assert.deepEqual(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:') && !u.startsWith('blob:') && u !== 'about:srcdoc'), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the lesson\'s board takes the page\'s colour theme', async () => {
  await inHostPage({ viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
    await page.goto(host.url);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    await chooseSetting(page, '#theme', 'green');
    await page.click('#learn-open');
    await page.click('.course-lesson[data-lesson="king"]');
    const frame = await (await page.locator('#learn-frame').elementHandle()).contentFrame();
    await frame.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
    assert.equal(await frame.evaluate(() => document.documentElement.dataset.theme), 'green');
    assert.deepEqual(errors, []);
  });
});

test('every game\'s course: its first task done by clicks on the lesson\'s board, three stars', async () => {
  const FIRST = {
    orthodox: ['king', ['e2e3', 'e3e4', 'e4e5']],
    vagabond: ['quadrant-shift', ['a1a5']],
    bandit: ['chancellor', ['b2b7', 'b7d8']],
    quarter: ['quadrant-shift', ['b2f6']],
    pawnier: ['pawn-step', ['e2e3', 'e3e4']],
    riftwalker: ['dimensions', ['e5h5']],
  };
  await inHostPage({ viewport: { width: 480, height: 900 } }, async ({ page, errors }) => {
    for (const [game, [lesson, moves]] of Object.entries(FIRST)) {
      await gotoFrame(page, host, `game=${game}&mode=lesson&lesson=${lesson}`);
      const frame = page.mainFrame();
      await clickMoves(page, { frame, iframe: null }, moves);
      const s = await lessonState(frame);
      assert.equal(s.status, 'done', `${game}: ${JSON.stringify(s)}`);
      assert.match(s.words, /Task done: ★★★/, game);
    }
    assert.deepEqual(errors, []);
  });
});

/**
 * Opens Learn on the page of `page` for `game` (chosen in the game list) and starts its
 * lesson `lesson`: the lesson's board { frame, iframe }.
 */
async function openLesson(page, game, lesson) {
  await page.goto(host.url);
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
  await chooseGame(page, game);
  await page.click('#learn-open');
  await page.waitForSelector('#learn-dialog[open]');
  await page.click(`.course-lesson[data-lesson="${lesson}"]`);
  const board = { iframe: await page.locator('#learn-frame').elementHandle() };
  board.frame = await board.iframe.contentFrame();
  await board.frame.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 30000 });
  return board;
}

/**
 * Plays the tasks of the lesson on `board`, each task's moves by `play(moves)`, Next task
 * between them by `next()` (a click by default); each task must end done with ★★★ (the
 * fewest moves). The lesson's last state.
 */
async function completeLesson(board, tasks, play, next = () => board.frame.click('#lesson-next')) {
  let s;
  for (const [i, moves] of tasks.entries()) {
    s = await lessonState(board.frame);
    assert.match(s.task, new RegExp(`^Task ${i + 1} of ${tasks.length}:`));
    await play(moves);
    s = await lessonState(board.frame);
    assert.equal(s.status, i === tasks.length - 1 ? 'finished' : 'done', `task ${i + 1}: ${JSON.stringify(s)}`);
    assert.match(s.words, new RegExp(`Task done: ★★★ in ${moves.length} moves?\\.`), `task ${i + 1}`);
    if (i < tasks.length - 1) {
      await next();
      await counted(board.frame, 0);
    }
  }
  return s;
}

/** The stars of lesson `lesson` on the open Learn dialog's map of `page`. */
const mapStars = (page, lesson) => page.textContent(`.course-lesson[data-lesson="${lesson}"] .course-stars`);

/**
 * Back to the course map: `lesson` shows `stars` ("★★★ 12/12"); and the same after a reload,
 * Learn opened again beside the Rules panel.
 */
async function starsKept(page, lesson, stars) {
  await page.click('#learn-back');
  assert.equal((await mapStars(page, lesson)).trim(), stars);
  await page.reload();
  await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true);
  await page.click('#learn-open');
  await page.waitForSelector('#learn-dialog[open]');
  assert.equal((await mapStars(page, lesson)).trim(), stars, 'kept over the reload');
}

// The lessons of the variants' courses played whole from Learn, each task at its fewest moves
// (the lines `lesson check`'s search finds, src/lesson/fewest.rs), by clicks, keys or taps.

test('Vagabond\'s quadrant-shift lesson by clicks: rook and pawn jumps, the jump that may not check; 15 stars kept over a reload', async () => {
  await inHostPage({ viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
    const board = await openLesson(page, 'vagabond', 'quadrant-shift');
    const tasks = [['a1a5'], ['b2f6'], ['b2f6', 'f6e7'], ['c1c5', 'c5g5'], ['a1a5', 'a5e5']];
    const s = await completeLesson(board, tasks, (moves) => clickMoves(page, board, moves));
    assert.match(s.words, /Lesson complete: 15 of 15 stars/);
    assert.equal(s.earned, '★★★ ★★★ ★★★ ★★★ ★★★');
    await starsKept(page, 'quadrant-shift', '★★★ 15/15');
    assert.deepEqual(errors, []);
  });
});

test('Bandit\'s trick lesson by clicks: the trickster\'s move and the trick chosen in the picker; 9 stars kept over a reload', async () => {
  await inHostPage({ viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
    const board = await openLesson(page, 'bandit', 'trick');
    // Each task one move: the trickster's, then the trick clicked in the picker.
    const tasks = [[['b3d5', 'Turn e5 into a rook']], [['g4d7', 'Turn c7 into a knight']], [['b3d5', 'Turn d4 into a sergeant']]];
    const s = await completeLesson(board, tasks, async ([[move, trick]]) => {
      for (const sq of [move.slice(0, 2), move.slice(2, 4)]) {
        const c = await squareInPage(board, sq);
        await page.mouse.click(c.x, c.y);
      }
      await board.frame.waitForSelector('#picker:not([hidden])');
      await board.frame.getByRole('button', { name: trick, exact: true }).click();
      await counted(board.frame, 1);
    });
    assert.match(s.words, /Lesson complete: 9 of 9 stars/);
    await starsKept(page, 'trick', '★★★ 9/9');
    assert.deepEqual(errors, []);
  });
});

test('Quarter\'s custodian lesson by keys alone: merchants surround by a step and by a jump; 12 stars kept over a reload', async () => {
  await inHostPage({ viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
    const board = await openLesson(page, 'quarter', 'custodian');
    const { frame } = board;
    await tabTo(page, frame, '#board');
    const tasks = [['e3e4'], ['b4f4'], ['f4e5'], ['d1d5']];
    const s = await completeLesson(board, tasks, async (moves) => {
      for (const [j, m] of moves.entries()) {
        await cursorTo(page, frame, m.slice(0, 2));
        await page.keyboard.press('Enter');
        await cursorTo(page, frame, m.slice(2, 4));
        await page.keyboard.press('Enter');
        await counted(frame, j + 1);
      }
    }, async () => {
      // Next task by keys too; the board has the focus again after it.
      await tabTo(page, frame, '#lesson-next');
      await page.keyboard.press('Enter');
      await counted(frame, 0);
      assert.ok(await frame.evaluate(() => document.activeElement === document.getElementById('board')), 'the board has the focus again');
    });
    assert.match(s.words, /Lesson complete: 12 of 12 stars/);
    await starsKept(page, 'custodian', '★★★ 12/12');
    assert.deepEqual(errors, []);
  });
});

test('Pawnier\'s drops lesson by clicks: a pawn from the hand, a drop that gives a power, a drop that blocks a check; 9 stars kept over a reload', async () => {
  await inHostPage({ viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
    const board = await openLesson(page, 'pawnier', 'drops');
    // "P@e4": the hand clicked, then the square; "d2d8": the two squares.
    const tasks = [['P@e4'], ['P@d1', 'd2d8'], ['P@a2']];
    const s = await completeLesson(board, tasks, async (moves) => {
      for (const [i, m] of moves.entries()) {
        if (m.startsWith('P@')) {
          await board.frame.click('.hand[data-color="w"] button');
          await board.frame.waitForFunction(() => document.querySelector('.hand[data-color="w"] button').getAttribute('aria-pressed') === 'true');
          const c = await squareInPage(board, m.slice(2));
          await page.mouse.click(c.x, c.y);
          await counted(board.frame, i + 1);
        } else {
          await clickMoves(page, board, [m], i);
        }
      }
    });
    assert.match(s.words, /Lesson complete: 9 of 9 stars/);
    await starsKept(page, 'drops', '★★★ 9/9');
    assert.deepEqual(errors, []);
  });
});

test('Riftwalker\'s dimensions lesson by taps on a 360 px phone: the king\'s steps between the small boards; 9 stars kept over a reload', async () => {
  await inHostPage(PHONE_360, async ({ page, errors }) => {
    const board = await openLesson(page, 'riftwalker', 'dimensions');
    const tap = async (sq) => {
      const c = await squareInPage(board, sq);
      assert.ok(c.x >= 0 && c.x <= 360 && c.y >= 0 && c.y <= 740, `${sq} is in view: ${JSON.stringify(c)}`);
      await page.touchscreen.tap(c.x, c.y);
    };
    // e5 to h5: the next board to the right; c1 to d1 the long way, by f1 and e1.
    const tasks = [['e5h5'], ['e5b5', 'b5e5', 'e5e8'], ['c1f1', 'f1e1', 'e1d1']];
    const s = await completeLesson(board, tasks, async (moves) => {
      for (const [i, m] of moves.entries()) {
        await tap(m.slice(0, 2));
        await tap(m.slice(2, 4));
        await counted(board.frame, i + 1);
      }
    }, () => board.frame.locator('#lesson-next').tap());
    assert.match(s.words, /Lesson complete: 9 of 9 stars/);
    await screenshot(page, 'learn-riftwalker-360');
    await starsKept(page, 'dimensions', '★★★ 9/9');
    assert.deepEqual(errors, []);
  });
});
