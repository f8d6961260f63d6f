// The computer's worker with a clock that misbehaves (issue 26): www/engine/worker.js searches with
// performance.now as its clock, and a search given a time must end by itself even when that
// clock stands still or runs backwards. The real worker.js runs in a worker whose
// performance.now is replaced first; the page talks to it as computer.js does. A search
// that does not end within a generous bound fails the test (and its worker is terminated).
// Needs a full build (bash scripts/build.sh).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, withBoard, DESKTOP } from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/**
 * In the page: starts www/engine/worker.js with performance.now replaced by `clockSource` (the
 * text of a function expression), runs one search of `request`, and resolves with
 * { result, ms } (ms: real time from the search message to the answer), or { timedOut }.
 */
function searchWithClock(page, clockSource, request, waitMs = 30000) {
  return page.evaluate(async ({ clockSource, request, waitMs }) => {
    const workerUrl = new URL('www/engine/worker.js', location.href).href;
    const source = `import ${JSON.stringify(workerUrl)};\nperformance.now = (${clockSource})();\n`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { type: 'module' });
    try {
      return await new Promise((resolve) => {
        let sentAt = 0;
        const timer = setTimeout(() => resolve({ timedOut: true }), waitMs);
        worker.addEventListener('message', (e) => {
          const msg = e.data || {};
          if (msg.type === 'ready') {
            sentAt = performance.now();
            worker.postMessage({ type: 'search', id: 1, request });
          } else if (msg.type === 'done' || msg.type === 'error') {
            clearTimeout(timer);
            resolve({ ...msg, ms: performance.now() - sentAt });
          }
        });
        worker.postMessage({ type: 'init' });
      });
    } finally {
      worker.terminate();
    }
  }, { clockSource, request, waitMs });
}

const CLOCKS = {
  // Each reading a millisecond before the last.
  backwards: '() => { let t = 1e9; return () => (t -= 1); }',
  // Always the same reading.
  'standing still': '() => () => 1234.5',
};

for (const [name, clockSource] of Object.entries(CLOCKS)) {
  test(`the worker's search ends at its time with a clock ${name}`, async () => {
    await withBoard(env, DESKTOP, async ({ page, errors }) => {
      for (const request of [
        { game: 'bandit', movetime: 50 },
        { game: 'riftwalker', moves: ['b2a3'], clock: { remaining: 2000, increment: 0 } },
        { game: 'orthodox' }, // no limit: the default second
      ]) {
        const answer = await searchWithClock(page, clockSource, request);
        console.log(`# clock ${name}, ${JSON.stringify(request)}: ${answer.timedOut ? 'no answer' : `answered in ${answer.ms.toFixed(0)} ms, ${answer.result?.nodes} nodes`}`);
        assert.ok(!answer.timedOut, `${JSON.stringify(request)}: the search did not end by itself`);
        assert.equal(answer.type, 'done', answer.message);
        assert.equal(typeof answer.result.best, 'string');
        assert.equal(answer.result.time, 0, 'no time passed by this clock');
      }
      assert.deepEqual(errors, []);
    });
  });
}

test('the worker\'s search with a clock that keeps time still ends near its movetime', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    const answer = await searchWithClock(page, '() => performance.now.bind(performance)', { game: 'orthodox', movetime: 300 });
    console.log(`# real clock, movetime 300: answered in ${answer.ms?.toFixed(0)} ms, ${answer.result?.time.toFixed(0)} ms by its clock`);
    assert.equal(answer.type, 'done');
    assert.ok(answer.result.time >= 250 && answer.result.time < 400, `${answer.result.time} ms by the clock`);
    assert.ok(answer.ms < 5000, `${answer.ms} ms`);
    assert.deepEqual(errors, []);
  });
});
