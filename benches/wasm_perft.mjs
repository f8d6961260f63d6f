// Perft of the shipped wasm under node: `node benches/wasm_perft.mjs [game] [depth]`.
// Prints one line: "<game> perft(<depth>) = <nodes> in <ms> ms = <M> Mnps".
import { readFileSync } from 'node:fs';
import { initSync, perft } from '../pkg/fairyboard.js';

const [game = 'orthodox', depth = '6', position] = process.argv.slice(2);
initSync({ module: readFileSync(new URL('../pkg/fairyboard_bg.wasm', import.meta.url)) });
perft(game, 3, position); // warm up the compiled code
const t0 = performance.now();
const nodes = perft(game, Number(depth), position);
const ms = performance.now() - t0;
console.log(`${game} perft(${depth}) = ${nodes} in ${ms.toFixed(0)} ms = ${(nodes / ms / 1000).toFixed(2)} Mnps`);
