// Perft of the shipped wasm under node, measured exactly as benches/perft.rs measures the
// native engine: one untimed warm-up perft at the same depth (V8 tiers the wasm up to
// optimised code while it runs), then 5 timed runs keeping the best;
// time is this thread's CPU time (/proc/thread-self/schedstat), wall time beside it.
// `node benches/wasm_perft.mjs [game] [depth] [position]` prints one line:
// "<game> perft(<depth>) = <nodes> in <cpu ms> ms cpu, <wall ms> ms wall = <M> Mnps".
import { readFileSync } from 'node:fs';
import { initSync, perft } from '../pkg/fairyboard.js';

const RUNS = 5;
const [game = 'orthodox', depthText = '6', position] = process.argv.slice(2);
const depth = Number(depthText);

// This thread's CPU time in ms, or null without /proc.
function threadCpu() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(/\s+/)[0]) / 1e6;
  } catch {
    return null;
  }
}

initSync({ module: readFileSync(new URL('../pkg/fairyboard_bg.wasm', import.meta.url)) });
perft(game, depth, position); // warm up: V8 tiers hot functions up to optimised code
let nodes = 0;
let cpu = Infinity;
let wall = Infinity;
for (let i = 0; i < RUNS; i++) {
  const c0 = threadCpu();
  const t0 = performance.now();
  nodes = perft(game, depth, position);
  const ms = performance.now() - t0;
  const c1 = threadCpu();
  cpu = Math.min(cpu, c0 === null || c1 === null ? ms : c1 - c0);
  wall = Math.min(wall, ms);
}
console.log(
  `${game} perft(${depth}) = ${nodes} in ${cpu.toFixed(0)} ms cpu, ${wall.toFixed(0)} ms wall = ${(nodes / cpu / 1000).toFixed(2)} Mnps`,
);
