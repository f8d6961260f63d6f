// Search speed of the shipped wasm under node, measured as benches/search.rs measures the
// native engine: a benchmark position (the game's start or its middlegame) searched to a
// fixed depth with a fresh table, one untimed warm-up, then the best of 3 runs by this
// thread's CPU time (benches/timing.mjs); and the depth a 1 s search reaches.
// `node benches/wasm_search.mjs <game> <start|middlegame> <depth>` prints two lines:
// "<game> <position> depth <d> = <nodes> in <cpu ms> ms cpu = <k> knps" and
// "<game> <position> 1000 ms: depth <d>".
import { searchBench, searchDepthIn } from '../pkg/fairyboard.js';
import { loadWasm, bestOf } from './timing.mjs';

const [game = 'orthodox', which = 'start', depthText = '8'] = process.argv.slice(2);
const depth = Number(depthText);

loadWasm();
const { result: nodes, cpu } = bestOf(3, () => searchBench(game, which, depth));
console.log(`${game} ${which} depth ${depth} = ${nodes} in ${cpu.toFixed(0)} ms cpu = ${(nodes / cpu).toFixed(0)} knps`);
const reached = searchDepthIn(game, which, 1000, () => performance.now());
console.log(`${game} ${which} 1000 ms: depth ${reached}`);
