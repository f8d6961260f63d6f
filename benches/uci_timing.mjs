// Issue 26's UCI timing figures (to read, not a test: the machines are noisy), measured on
// the release binary over a pipe as a GUI holds the conversation:
//  - `stop` during `go infinite`: from writing `stop` to reading `bestmove`;
//  - `go movetime T` (T = 50, 200, 500): the time past T until `bestmove` arrives;
//  - `position startpos moves <1,000 moves>` then `isready`: until `readyok`;
//  - `isready` during a search: until `readyok`.
// `cargo build --release && node benches/uci_timing.mjs [rounds]` prints one line each,
// the median and the largest of the rounds (default 20).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const rounds = Number(process.argv[2] || 20);
const binary = fileURLToPath(new URL('../target/release/fairyboard', import.meta.url));

const engine = spawn(binary, ['uci'], { stdio: ['pipe', 'pipe', 'inherit'] });
let buffered = '';
let waiting = null; // { head, resolve }
const lines = [];
engine.stdout.setEncoding('utf8');
engine.stdout.on('data', (chunk) => {
  buffered += chunk;
  let at;
  while ((at = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, at);
    buffered = buffered.slice(at + 1);
    lines.push({ line, at: performance.now() });
    pump();
  }
});

function pump() {
  while (waiting && lines.length) {
    const { line, at } = lines.shift();
    if (line.startsWith(waiting.head)) {
      const w = waiting;
      waiting = null;
      w.resolve(at);
    }
  }
}

/** Resolves with the time the next line starting `head` was read. */
function until(head) {
  return new Promise((resolve) => { waiting = { head, resolve }; pump(); });
}

function send(line) {
  engine.stdin.write(`${line}\n`);
  return performance.now();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const report = (name, xs) =>
  console.log(`${name}: median ${median(xs).toFixed(1)} ms, largest ${Math.max(...xs).toFixed(1)} ms (${xs.length} rounds)`);

send('uci');
await until('uciok');
send('isready');
await until('readyok');

// A 1,000-move game: the knights go out and back (the GUI referees repetitions).
const cycle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
const moves = Array.from({ length: 1000 }, (_, i) => cycle[i % 4]).join(' ');

const stops = [];
const ready = [];
for (let i = 0; i < rounds; i++) {
  send('position startpos moves e2e4');
  send('go infinite');
  await sleep(50 + (i * 37) % 200);
  const t = send('isready');
  ready.push((await until('readyok')) - t);
  const s = send('stop');
  stops.push((await until('bestmove')) - s);
}
report('stop during go infinite', stops);
report('isready during a search', ready);

const overrun = [];
for (let i = 0; i < rounds; i++) {
  const ms = [50, 200, 500][i % 3];
  send('position startpos moves d2d4');
  const t = send(`go movetime ${ms}`);
  overrun.push((await until('bestmove')) - t - ms);
}
report('movetime overrun (50, 200, 500 ms)', overrun);

const positions = [];
for (let i = 0; i < rounds; i++) {
  const t = send(`position startpos moves ${moves}`);
  send('isready');
  positions.push((await until('readyok')) - t);
}
report('a 1,000-move position, then isready', positions);

send('quit');
