// Search speed of the shipped wasm under node, measured as benches/search.rs measures the
// native engine: a benchmark position (the game's start or its middlegame) searched to a
// fixed depth with a fresh table, one untimed warm-up, then the best of 3 runs by this
// thread's CPU time (/proc/thread-self/schedstat); and the depth a 1 s search reaches.
// `node benches/wasm_search.mjs <game> <start|middlegame> <depth>` prints two lines:
// "<game> <position> depth <d> = <nodes> in <cpu ms> ms cpu = <k> knps" and
// "<game> <position> 1000 ms: depth <d>".
import { readFileSync } from 'node:fs';
import { initSync, searchBench, searchDepthIn } from '../pkg/fairyboard.js';

const RUNS = 3;
const [game = 'orthodox', which = 'start', depthText = '8'] = process.argv.slice(2);
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
searchBench(game, which, depth); // warm up: V8 tiers hot functions up to optimised code
let nodes = 0;
let cpu = Infinity;
for (let i = 0; i < RUNS; i++) {
  const c0 = threadCpu();
  const t0 = performance.now();
  nodes = searchBench(game, which, depth);
  const ms = performance.now() - t0;
  const c1 = threadCpu();
  cpu = Math.min(cpu, c0 === null || c1 === null ? ms : c1 - c0);
}
console.log(`${game} ${which} depth ${depth} = ${nodes} in ${cpu.toFixed(0)} ms cpu = ${(nodes / cpu).toFixed(0)} knps`);
const reached = searchDepthIn(game, which, 1000, () => performance.now());
console.log(`${game} ${which} 1000 ms: depth ${reached}`);
