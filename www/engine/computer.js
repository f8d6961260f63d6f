// www/engine/: the engine: the one place the page touches the wasm (its games, its errors, its worker).
// The computer player seen from the page: a Web Worker (worker.js) with its own wasm
// instance, so the board keeps drawing and answering while it searches. One search at a
// time. A search in wasm cannot be interrupted from outside, so cancel() (and a new search
// while one runs) terminates the worker and starts a fresh one at once, ready for the next.
// No SharedArrayBuffer: plain http, the single file from disk and offline all work.

/**
 * The worker: the single-file page's inlined classic script (scripts/single.mjs; from
 * file:// a module worker may not start from a Blob URL), else the module worker.js.
 */
function newWorker() {
  const source = globalThis.fairyboardWorkerSource;
  if (source) return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
}

/**
 * @returns {{ search(request, onInfo?): Promise<object|null>, cancel(): boolean,
 *   busy(): boolean, clear(): void, warm(): void, loadMs(): number|null }}
 *   search resolves to the engine's answer ({ best, score, depth, pv, ... }, see
 *   crates/wasm/src/engine.rs) or null when cancelled; it rejects with an Error naming what is wrong.
 */
export function makeComputer() {
  let worker = null;
  let running = null; // { id, resolve, reject, onInfo }
  let nextId = 1;
  let startedAt = 0;
  let readyMs = null; // how long the last worker took from creation to a loaded engine

  function spawn() {
    const w = newWorker();
    startedAt = performance.now();
    readyMs = null;
    w.addEventListener('message', (e) => receive(w, e.data || {}));
    w.addEventListener('error', (e) => {
      e.preventDefault();
      finish(w, null, new Error(`the computer player stopped: ${e.message || 'its worker failed to load'}`));
    });
    const inline = globalThis.fairyboardEngine && globalThis.fairyboardEngine.wasmBytes;
    w.postMessage({ type: 'init', wasm: inline ? inline() : undefined });
    return w;
  }

  function receive(w, msg) {
    if (w !== worker) return; // a terminated worker's last words
    if (msg.type === 'ready') { readyMs = performance.now() - startedAt; return; }
    if (!running || (msg.id != null && msg.id !== running.id)) return;
    if (msg.type === 'info' && running.onInfo) running.onInfo(msg.info);
    else if (msg.type === 'done') finish(w, msg.result, null);
    else if (msg.type === 'error') finish(w, null, new Error(msg.message));
  }

  function finish(w, result, error) {
    if (w !== worker || !running) return;
    const { resolve, reject } = running;
    running = null;
    if (error) reject(error); else resolve(result);
  }

  /** Stops the search running, if any: true if there was one. */
  function cancel() {
    if (!running) return false;
    const { resolve } = running;
    running = null;
    if (worker) worker.terminate();
    worker = spawn(); // a fresh engine, loading while the person plays
    resolve(null);
    return true;
  }

  return {
    search(request, onInfo = null) {
      cancel();
      if (!worker) worker = spawn();
      const id = nextId;
      nextId += 1;
      return new Promise((resolve, reject) => {
        running = { id, resolve, reject, onInfo };
        worker.postMessage({ type: 'search', id, request });
      });
    },
    cancel,
    busy: () => !!running,
    /** Forgets earlier searches (a new game). */
    clear() { if (worker && !running) worker.postMessage({ type: 'clear' }); },
    /** Loads the engine ahead of the first search. */
    warm() { if (!worker) worker = spawn(); },
    loadMs: () => readyMs,
  };
}
