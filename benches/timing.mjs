// What the wasm benchmarks share: loading the shipped wasm under node, and timing a run as
// benches/*.rs time the native engine (one untimed warm-up, V8 tiering hot functions up to
// optimised code, then the best of several runs by this thread's CPU time).
import { readFileSync } from 'node:fs';
import { initSync } from '../pkg/fairyboard.js';

/** Instantiates pkg/fairyboard_bg.wasm for the pkg module's exports. */
export function loadWasm() {
  initSync({ module: readFileSync(new URL('../pkg/fairyboard_bg.wasm', import.meta.url)) });
}

/** This thread's CPU time in ms (/proc/thread-self/schedstat), or null without /proc. */
function threadCpu() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(/\s+/)[0]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * Runs `run()` once untimed, then `runs` times: { result (the last run's), cpu (best CPU
 * ms, wall time where there is no /proc), wall (best wall ms) }.
 */
export function bestOf(runs, run) {
  run();
  let result;
  let cpu = Infinity;
  let wall = Infinity;
  for (let i = 0; i < runs; i++) {
    const c0 = threadCpu();
    const t0 = performance.now();
    result = run();
    const ms = performance.now() - t0;
    const c1 = threadCpu();
    cpu = Math.min(cpu, c0 === null || c1 === null ? ms : c1 - c0);
    wall = Math.min(wall, ms);
  }
  return { result, cpu, wall };
}
