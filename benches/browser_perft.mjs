// Perft of the shipped wasm in headless Chromium, the browser the page is tested in, measured
// as benches/wasm_perft.mjs measures it under node: one untimed warm-up perft at the same
// depth, then the best of 5 runs, timed by the page's main-thread CPU time (the DevTools
// protocol's ThreadTime metric), with the wall time beside it.
// `node benches/browser_perft.mjs <game> <depth> [<game> <depth> ...]` prints a line per game:
// "<game> perft(<depth>) = <nodes> in <cpu ms> ms cpu, <wall ms> ms wall = <M> Mnps".
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
  // The renderer's main thread CPU time in ms: a page itself has no thread clock.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const threadCpu = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'ThreadTime').value * 1000;
  };
  await page.evaluate(async () => {
    const engine = await import('/pkg/fairyboard.js');
    await engine.default();
    window.benchEngine = engine;
  });
  // One perft in the page: its node count and wall time.
  const run = (game, depth) => page.evaluate(({ game, depth }) => {
    const t0 = performance.now();
    const nodes = window.benchEngine.perft(game, depth);
    return { nodes, ms: performance.now() - t0 };
  }, { game, depth });
  for (let i = 0; i < args.length; i += 2) {
    const [game, depth] = [args[i], Number(args[i + 1])];
    await run(game, depth); // warm up: V8 tiers hot functions up to optimised code
    let nodes = 0;
    let cpu = Infinity;
    let wall = Infinity;
    for (let r = 0; r < RUNS; r++) {
      const c0 = await threadCpu();
      const result = await run(game, depth);
      cpu = Math.min(cpu, (await threadCpu()) - c0);
      wall = Math.min(wall, result.ms);
      nodes = result.nodes;
    }
    console.log(`${game} perft(${depth}) = ${nodes} in ${cpu.toFixed(0)} ms cpu, ${wall.toFixed(0)} ms wall = ${(nodes / cpu / 1000).toFixed(2)} Mnps`);
  }
} finally {
  await env.close();
}
