// Animated GIF time and size (issue 28), in headless Chromium on the real page: for each game
// a 40-move game (80 plies of legal moves drawn at random from a fixed seed, so the same
// game each run; a game that ends sooner is replaced by the next seed's), loaded on the board,
// then made into a GIF by the page's own code (www/images/gif.js, through the test hook) at
// 480 px, normal speed, names under the board: one untimed warm-up, then the best of 3 by
// wall time, with the page's main-thread CPU time of that run beside it (the DevTools
// protocol's ThreadTime, as benches/browser_perft.mjs; the canvas of a GIF is drawn on that
// thread), which other jobs on a shared machine change less. Figures to read, not a test.
// `node benches/gif.mjs [<game> ...] [--size N] [--speed fast|normal|slow|off] [--plies N]`
// prints a line per game: "<game> <plies> plies: <frames> frames, <w>x<h>, <KB> KB, <ms> ms wall, <ms> ms cpu".
import { launch, openBoard } from '../tests/e2e/support.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const size = Number(option('size', 480));
const speed = option('speed', 'normal');
const plies = Number(option('plies', 80));
const games = args.length ? args : ['orthodox', 'vagabond', 'bandit', 'quarter', 'pawnier', 'riftwalker'];
const RUNS = 3;

const env = await launch();
try {
  const { page } = await openBoard(env, { viewport: { width: 1280, height: 800 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const threadCpu = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'ThreadTime').value * 1000;
  };
  for (const game of games) {
    // A game of `plies` random legal moves on an engine of its own in the page.
    const moves = await page.evaluate(async ({ game, plies }) => {
      const engine = await import('/pkg/fairyboard.js');
      await engine.default();
      for (let seed = 1; seed < 200; seed++) {
        let x = seed * 2654435761 >>> 0;
        const random = () => { x ^= x << 13; x >>>= 0; x ^= x >> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
        const h = new engine.GameHandle(game);
        const out = [];
        while (out.length < plies) {
          const legal = h.legalMoves();
          if (!legal.length) break;
          const m = legal[Math.floor(random() * legal.length)];
          h.play(m.text);
          out.push(m.text);
        }
        h.free();
        if (out.length === plies) return out;
      }
      return null;
    }, { game, plies });
    if (!moves) { console.log(`${game}: no game of ${plies} plies found`); continue; }
    await page.evaluate(({ game, moves }) => {
      window.fairyboard.start(game);
      for (const m of moves) window.fairyboard.play(m);
    }, { game, moves });
    await page.waitForFunction(() => !window.fairyboard.animating());
    const make = () => page.evaluate((o) => window.fairyboard.gif(o), { size, speed, names: true });
    await make(); // warm-up: V8 tiers the drawing and encoding up
    let best = null;
    for (let r = 0; r < RUNS; r++) {
      const c0 = await threadCpu();
      const made = await make();
      made.cpu = (await threadCpu()) - c0;
      if (!best || made.ms < best.ms) best = made;
    }
    console.log(`${game} ${moves.length} plies: ${best.frames} frames, ${best.width}x${best.height}, ${(best.bytes / 1024).toFixed(0)} KB, ${best.ms} ms wall, ${best.cpu.toFixed(0)} ms cpu`);
  }
} finally {
  await env.close();
}
