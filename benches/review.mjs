// The review's speed under node (issue 29): a 40-move (80-ply) game of each of the six games
// reviewed as the page's Review game does it (www/computer/review.js reviewGame): every
// position of the main line searched with reviewNodes(game) nodes by one Engine (the worker's,
// 8 MB), then GameHandle.applyReview. The games are benches/review/<game>.pgn, made once
// by `node benches/review.mjs make`: engine self-play at 20,000 nodes a move after four
// plies drawn by a fixed-seed generator (seeds counted up until a game lasts 80 plies).
// `node benches/review.mjs [game...]` prints one line a game:
// "<game> <plies> plies <positions> positions <wall ms> ms wall <cpu ms> ms cpu (nodes N)";
// with NODES=<n> the review searches n nodes a position instead (to weigh a lower default),
// and MARKS=1 adds the judged moves ("12?! 31??": ply and mark) and each side's accuracy.
import fs from 'node:fs';
import { Engine, GameHandle, openPgn } from '../pkg/fairyboard.js';
import { loadWasm } from './timing.mjs';
import { reviewNodes } from '../www/computer/review.js';
import { seededRandom as random } from '../scripts/random.mjs';

export const GAMES = ['orthodox', 'vagabond', 'bandit', 'quarter', 'pawnier', 'riftwalker'];
const PLIES = 80;
const nodesFor = (id) => Number(process.env.NODES) || reviewNodes(id);
const dir = new URL('./review/', import.meta.url);
const clock = () => performance.now();

/** One self-play game of `id` from `seed`: its PGN, or null when it ends before PLIES. */
function selfPlay(id, seed) {
  const next = random(seed);
  const engine = new Engine(8);
  const game = new GameHandle(id);
  try {
    for (let ply = 0; ply < PLIES; ply++) {
      if (game.outcome()) return null;
      let text;
      if (ply < 4) {
        const moves = game.legalMoves();
        text = moves[Math.floor(next() * moves.length)].text;
      } else {
        const moves = Array.from(game.history());
        text = engine.search({ game: id, position: game.startText(), moves, nodes: 20000 }, clock, () => {}).best;
      }
      game.play(text);
    }
    if (game.outcome()) return null;
    game.setTag('Event', `Review benchmark, seed ${seed}`);
    return game.toPgn('2026.11.28');
  } finally {
    game.free();
    engine.free();
  }
}

/** This thread's CPU time in ms, or null without /proc. */
function threadCpu() {
  try {
    return Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(/\s+/)[0]) / 1e6;
  } catch {
    return null;
  }
}

/** Reviews the game of `pgn` as the page does: { plies, positions, wall, cpu, summary }. */
export function review(pgn) {
  const { handle: game } = openPgn(pgn);
  const engine = new Engine(8);
  try {
    const moves = Array.from(game.mainLine());
    const request = { game: game.gameId(), position: game.startText(), nodes: nodesFor(game.gameId()) };
    const c0 = threadCpu();
    const t0 = performance.now();
    const answers = [];
    for (let i = 0; i <= moves.length; i++) {
      answers.push(engine.search({ ...request, moves: moves.slice(0, i) }, clock, () => {}));
    }
    const summary = game.applyReview(answers);
    const wall = performance.now() - t0;
    const c1 = threadCpu();
    const glyph = { 2: '?', 4: '??', 6: '?!' };
    const byId = new Map(game.tree().nodes.map((n) => [n.id, n]));
    const marks = [];
    for (let n = byId.get(0), ply = 0; n; n = byId.get(n.children?.[0]), ply++) {
      const k = (n.nags || []).find((x) => glyph[x]);
      if (k) marks.push(`${ply}${glyph[k]}`);
    }
    return { plies: moves.length, positions: answers.length, wall, cpu: c0 == null || c1 == null ? wall : c1 - c0, summary, marks };
  } finally {
    game.free();
    engine.free();
  }
}

const isMain = process.argv[1] && new URL(`file://${process.argv[1]}`).href === import.meta.url;
if (isMain) {
  loadWasm();
  const args = process.argv.slice(2);
  if (args[0] === 'make') {
    fs.mkdirSync(dir, { recursive: true });
    for (const id of args.length > 1 ? args.slice(1) : GAMES) {
      let pgn = null;
      let seed = 1;
      for (; !pgn; seed++) pgn = selfPlay(id, seed);
      fs.writeFileSync(new URL(`${id}.pgn`, dir), pgn);
      console.log(`${id}: seed ${seed - 1}`);
    }
  } else {
    for (const id of args.length ? args : GAMES) {
      const r = review(fs.readFileSync(new URL(`${id}.pgn`, dir), 'utf8'));
      const acc = (x) => (x.accuracy == null ? '-' : x.accuracy.toFixed(1));
      const marks = process.env.MARKS ? `; accuracy ${acc(r.summary.white)} ${acc(r.summary.black)}; marks ${r.marks.join(' ')}` : '';
      console.log(`${id} ${r.plies} plies ${r.positions} positions ${r.wall.toFixed(0)} ms wall ${r.cpu.toFixed(0)} ms cpu (nodes ${nodesFor(id)})${marks}`);
    }
  }
}
