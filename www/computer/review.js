// www/computer/: the computer as a player and an analyst: its moves, hints, analysis and reviews.
// Review game (issue 29, beside Analysis): a worker of its own searches every position of the main line (a
// fixed number of nodes each: the same review on every machine), with the progress said
// and a Stop; the engine then judges every move (GameHandle.applyReview, src/review.rs:
// lichess's winning chances, ?! ? ?? with the better line, accuracy) and writes the review
// into the game, where the move list, links, PGN and reloads show and keep it.
// reviewGame (the searches and the judging, without the page's controls) also serves the
// embedded board's review="on" (www/embed/embedreview.js).

import { makeComputer } from '../engine/computer.js';
import { subscribe, RECORD } from '../state.js';
import { remote } from '../game/playing.js';

/** Nodes per position: a 40-move game in 8 to 20 s in Chromium on a 2-core machine (docs/benchmark.md). */
export const REVIEW_NODES = 30000;
/** Vagabond's search is the slowest: 30,000 nodes took it 23 to 30 s; 22,000 keeps its marks (docs/benchmark.md). */
const FEWER_NODES = { vagabond: 22000 };

/** The nodes a review searches each position of game `id` with. */
export function reviewNodes(id) {
  return FEWER_NODES[id] || REVIEW_NODES;
}

/** "1 inaccuracy, 2 mistakes, 0 blunders" */
function counts(side) {
  const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  return `${n(side.inaccuracies, 'inaccuracy', 'inaccuracies')}, ${n(side.mistakes, 'mistake', 'mistakes')}, ${n(side.blunders, 'blunder', 'blunders')}`;
}

/** The summary in words: each side's accuracy and its judged moves. */
export function summaryText(summary) {
  const side = (name, s) => `${name}: accuracy ${s.accuracy == null ? '–' : s.accuracy.toFixed(1)}, ${counts(s)}.`;
  return `${side('White', summary.white)} ${side('Black', summary.black)}`;
}

/** The marks a review gives, lichess's: ?! (6), ? (2), ?? (4), by what they count. */
const JUDGED = { 6: 'inaccuracies', 2: 'mistakes', 4: 'blunders' };

/**
 * The summary of a review kept in `game` (a GameHandle: a reload, a kept or past game opened
 * again), as applyReview gave it: each side's accuracy from the WhiteAccuracy and
 * BlackAccuracy tags the review wrote, its judged moves from the main line's marks with a
 * verdict ("... Best was Nf6."). `stale`: a main-line move has no evaluation, so the main line
 * changed since. Null for a game without a review.
 */
export function keptSummary(game) {
  const tag = (name) => { try { return game.tag(name); } catch { return null; } };
  const accuracy = (name) => { const a = Number.parseFloat(tag(name)); return Number.isFinite(a) ? a : null; };
  const white = accuracy('WhiteAccuracy');
  const black = accuracy('BlackAccuracy');
  if (white == null && black == null) return null;
  const sides = {
    white: { accuracy: white, inaccuracies: 0, mistakes: 0, blunders: 0 },
    black: { accuracy: black, inaccuracies: 0, mistakes: 0, blunders: 0 },
  };
  let stale = false;
  try {
    const tree = game.tree();
    const byId = new Map(tree.nodes.map((n) => [n.id, n]));
    const over = !!game.finalOutcome();
    for (let n = byId.get(byId.get(0).children[0]); n; n = byId.get(n.children[0])) {
      const judged = /Best was /.test(n.comment || '') && (n.nags || []).find((k) => JUDGED[k]);
      if (judged) sides[n.side][JUDGED[judged]] += 1;
      // The review evaluates every move but one that ends the game.
      if (!/\[%eval /.test(n.comment || '') && !(over && !n.children.length)) stale = true;
    }
  } catch { return null; }
  return { ...sides, stale };
}

/**
 * Reviews `game`'s main line (a GameHandle) with `computer` (makeComputer()): every position
 * searched with reviewNodes(gameId), then every move judged by the engine (game.applyReview, which
 * writes the marks, evaluations and better lines into the game). `progress(done, total)`
 * comes before each search; `current()` is the game on the board now (the review stops if it
 * is another, or the main line changed). Resolves to { summary, line (the main line's texts,
 * joined by spaces) }, or { stopped: why }; rejects when the engine fails.
 */
export async function reviewGame(game, gameId, computer, { progress = () => {}, current = () => game } = {}) {
  const moves = game.mainLine();
  const request = { game: gameId, position: game.startText(), nodes: reviewNodes(gameId) };
  const answers = [];
  for (let i = 0; i <= moves.length; i++) {
    progress(i, moves.length + 1);
    const answer = await computer.search({ ...request, moves: moves.slice(0, i) });
    if (!answer) return { stopped: 'Review stopped.' };
    // A move changed on the main line meanwhile: these figures would be wrong.
    if (current() !== game || game.mainLine().join(' ') !== moves.join(' ')) {
      return { stopped: 'The game changed: review stopped.' };
    }
    answers.push(answer);
  }
  return { summary: game.applyReview(answers), line: moves.join(' ') };
}

/**
 * reviewGame for a page's Review button: what went wrong said by `say` (stopped, or the engine
 * failed) and null returned, else what reviewGame resolved to ({ summary, line }).
 */
export async function reviewSaid(game, gameId, computer, { progress, current, say }) {
  try {
    const done = await reviewGame(game, gameId, computer, { progress, current });
    if (!done.stopped) return done;
    say(done.stopped);
  } catch (e) {
    say(`The review failed: ${(e && e.message) || e}`);
  }
  return null;
}

/**
 * Adds Review game to the page: the button #review-game (among the line tools), the
 * progress line with Stop, and the summary, over the page's `state`: `controller`
 * (game/controller.js: the review written into the game is a change of its record), `ui`
 * (messages). Its summary follows the game on the board (subscribed).
 */
export function attachReview(doc, state, { controller, ui }) {
  const tools = doc.getElementById('line-tools');
  if (!tools) return null;
  const host = {
    game: () => state.game,
    gameId: () => state.gameId,
    changed: () => controller.changed('lines'),
    say: (text) => ui.tell(text),
  };
  const button = doc.createElement('button');
  Object.assign(button, { type: 'button', id: 'review-game', textContent: 'Review game' });
  button.title = 'The computer judges every move of the main line: ?! ? ?? with the better move, and each side\'s accuracy';
  const box = doc.createElement('div');
  box.className = 'review-box';
  box.innerHTML = `
    <p id="review-progress" class="review-progress" role="status" hidden>
      <span id="review-progress-text"></span>
      <progress id="review-bar" max="1" value="0"></progress>
      <button type="button" id="review-stop">Stop</button>
    </p>
    <p id="review-summary" class="review-summary" hidden></p>`;
  // The button beside Analysis (the computer's row); its progress and figures under the line tools.
  const analysis = doc.getElementById('analysis');
  if (analysis) analysis.after(button);
  else tools.append(button);
  tools.after(box);
  const $ = (id) => doc.getElementById(id);
  let computer = null;
  let running = false;
  let reviewed = null; // { game (handle), line (main line's texts), text (the summary) }

  function progress(done, total) {
    $('review-progress').hidden = false;
    $('review-progress-text').textContent = `Reviewing: position ${done} of ${total}`;
    $('review-bar').max = total;
    $('review-bar').value = done;
  }

  async function run() {
    const game = host.game();
    if (!game || running) return;
    if (!game.mainLine().length) { host.say('No moves to review yet.'); return; }
    running = true;
    button.disabled = true;
    $('review-summary').hidden = true;
    computer = computer || makeComputer();
    const done = await reviewSaid(game, host.gameId(), computer, { progress, current: host.game, say: host.say });
    if (done) {
      reviewed = { game, line: done.line, text: summaryText(done.summary) };
      host.changed();
      $('review-summary').textContent = reviewed.text;
      $('review-summary').hidden = false;
      host.say('Review done: the marks and the better moves are in the move list.');
    }
    running = false;
    button.disabled = false;
    $('review-progress').hidden = true;
  }

  /** Another game on the board (a reload, a kept or past game): the summary of its own review, if it has one. */
  function showKept(g) {
    const kept = g ? keptSummary(g) : null;
    $('review-summary').hidden = !kept;
    if (!kept) return;
    const text = summaryText(kept);
    $('review-summary').textContent = kept.stale
      ? `Out of date: the main line changed since the review (Review game again). It said: ${text}` : text;
    $('review-summary').classList.toggle('stale', kept.stale);
  }

  /**
   * The game on the board was drawn again: a main line changed since the review makes its
   * figures out of date, which the summary then says rather than showing them as current.
   */
  function refresh() {
    const g = host.game();
    if (running || !g) return;
    if (reviewed && g !== reviewed.game) reviewed = null;
    if (!reviewed) { showKept(g); return; }
    const now = g.mainLine().join(' ');
    $('review-summary').textContent = now === reviewed.line ? reviewed.text
      : `Out of date: the main line changed since the review (Review game again). It said: ${reviewed.text}`;
    $('review-summary').classList.toggle('stale', now !== reviewed.line);
  }

  button.addEventListener('click', () => run());
  // No computer help in a game with a friend at a distance while it goes on (analysis.js).
  subscribe(state, RECORD, () => { if (!running) button.disabled = remote(state.playing) && controller.beingPlayed(); });
  $('review-stop').addEventListener('click', () => { if (computer) computer.cancel(); });
  subscribe(state, RECORD, () => refresh());
  return {
    run,
    running: () => running,
    /** The box under the line tools (the learner's place too). */
    box,
    /** The review's worker (started on first use). */
    computer: () => (computer = computer || makeComputer()),
  };
}
