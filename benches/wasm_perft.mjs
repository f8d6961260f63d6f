// Perft of the shipped wasm under node, measured exactly as benches/perft.rs measures the
// native engine: one untimed warm-up perft at the same depth, then the best of 5 timed runs
// by this thread's CPU time, wall time beside it (benches/timing.mjs).
// `node benches/wasm_perft.mjs [game] [depth] [position]` prints one line:
// "<game> perft(<depth>) = <nodes> in <cpu ms> ms cpu, <wall ms> ms wall = <M> Mnps".
import { perft } from '../pkg/fairyboard.js';
import { loadWasm, bestOf } from './timing.mjs';

const [game = 'orthodox', depthText = '6', position] = process.argv.slice(2);
const depth = Number(depthText);

loadWasm();
const { result: nodes, cpu, wall } = bestOf(5, () => perft(game, depth, position));
console.log(
  `${game} perft(${depth}) = ${nodes} in ${cpu.toFixed(0)} ms cpu, ${wall.toFixed(0)} ms wall = ${(nodes / cpu / 1000).toFixed(2)} Mnps`,
);
