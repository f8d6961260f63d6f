// Perft of the shipped wasm in headless Chromium, the browser the page is tested in, measured
// as benches/wasm_perft.mjs measures it under node: one untimed warm-up perft at the same
// depth, then the best of 5 runs. A page has no thread CPU clock, so the time is wall time
// (performance.now()); scripts/bench.sh sets it against the native CPU time.
// `node benches/browser_perft.mjs <game> <depth> [<game> <depth> ...]` prints a line per game:
// "<game> perft(<depth>) = <nodes> in <ms> ms wall = <M> Mnps".
import { launch } from '../tests/e2e/support.mjs';

const RUNS = 5;
const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error('usage: node benches/browser_perft.mjs <game> <depth> [<game> <depth> ...]');
  process.exit(2);
}

// The static server and headless Chromium, started as the browser tests start them.
const env = await launch();
try {
  const page = await env.browser.newPage();
  // An empty document of the same origin, so the module and the wasm load over http.
  await page.goto(`${env.url}manifest.webmanifest`);
  for (let i = 0; i < args.length; i += 2) {
    const [game, depth] = [args[i], Number(args[i + 1])];
    const { nodes, ms } = await page.evaluate(async ({ game, depth, runs }) => {
      const engine = await import('/pkg/fairyboard.js');
      await engine.default();
      engine.perft(game, depth); // warm up: V8 tiers hot functions up to optimised code
      let nodes = 0;
      let ms = Infinity;
      for (let r = 0; r < runs; r++) {
        const t0 = performance.now();
        nodes = engine.perft(game, depth);
        ms = Math.min(ms, performance.now() - t0);
      }
      return { nodes, ms };
    }, { game, depth, runs: RUNS });
    console.log(`${game} perft(${depth}) = ${nodes} in ${ms.toFixed(0)} ms wall = ${(nodes / ms / 1000).toFixed(2)} Mnps`);
  }
} finally {
  await env.close();
}
