// www/engine/: the engine: the one place the page touches the wasm (its games, its errors, its worker).
// The computer player's own thread: one wasm instance holding one Engine (its own
// transposition table, kept between the moves of a game). The page's computer.js (beside this file) sends
// { type: 'init', wasm } once (wasm: the engine's bytes in the single-file page, else
// nothing and the engine is fetched beside its bindings), then { type: 'search', id,
// request } and { type: 'clear' }. It answers { type: 'ready' }, { type: 'info', id, info }
// per finished iteration, and one { type: 'done', id, result } or { type: 'error', id,
// message } per search. A search cannot be interrupted from here: the page stops one by
// terminating this worker.

import init, { Engine } from '../../pkg/fairyboard.js';

let engine = null;
let ready = null;

addEventListener('message', async (event) => {
  const msg = event.data || {};
  if (msg.type === 'init') {
    ready = init(msg.wasm ? { module_or_path: msg.wasm } : undefined)
      .then(() => {
        engine = new Engine(8); // 8 MB in the page
        postMessage({ type: 'ready' });
      })
      .catch((e) => postMessage({ type: 'error', id: null, message: `the engine did not load: ${e.message || e}` }));
    return;
  }
  await ready;
  if (!engine) return;
  if (msg.type === 'clear') engine.clear();
  if (msg.type === 'search') {
    const { id } = msg;
    try {
      const result = engine.search(msg.request, () => performance.now(),
        (info) => postMessage({ type: 'info', id, info }));
      postMessage({ type: 'done', id, result });
    } catch (e) {
      postMessage({ type: 'error', id, message: e.message || String(e) });
    }
  }
});
