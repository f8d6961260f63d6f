// www/computer/: the computer as a player and an analyst: its moves, hints, analysis and reviews.
// Learn from your mistakes (issue 29), after a review: steps through the main line's moves
// marked ?!, ? or ?? with a better move (the review's verdict "... Best was X."), each time
// from the position before it: "find a better move". A move is accepted when it keeps the
// mover's winning chances within 10 points (the inaccuracy threshold) of the position's
// evaluation before the mistake, by a search of the same size as the review's; a move not
// good enough is taken back (and not kept as a variation). "Show the answer" goes to the
// better line the review wrote. By mouse, keys and touch: the moves are played on the board;
// started from the keyboard, the focus goes to the board, and back to a button when the task ends.
// While a move is to be found the answer is not shown: the move list leaves out the mistake's
// verdict ("Blunder. Best was Nf6.") and the better line until it is found or shown, and the
// board turns to the side that must find it (as it was again when Learn stops). The mistakes
// found are kept in this browser (fairyboard.learned, by game and move), so a reload or the
// game opened again says which were solved, and Learn starts at the first one still to find.

import { winOf, evalOf } from '../movelist/evalgraph.js';
import { reviewNodes } from './review.js';
import { subscribe, MOVED, RECORD } from '../state.js';

/** Winning chances a found move may be below the position's evaluation and still count. */
export const LEARN_MARGIN = 10;
const MISTAKES = new Set([2, 4, 6]);

/** The main line's judged moves: { node, parent, better (node of the better line's first move) }. */
function mistakesOf(tree) {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const found = [];
  let node = byId.get(0);
  while (node) {
    const next = byId.get(node.children?.[0]);
    if (next && (next.nags || []).some((n) => MISTAKES.has(n)) && /Best was /.test(next.comment || '')) {
      found.push({ node: next, parent: node, better: byId.get(node.children[1]) || null });
    }
    node = next;
  }
  return found;
}

const LEARNED = 'fairyboard.learned';
const MAX_LEARNED = 100; // games whose solved mistakes are kept; past that the oldest go

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

/** A game by its id, start and main line, as storage.js names a finished game: the same game, the same key. */
function gameKey(game, tree) {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const moves = [];
  for (let n = byId.get(byId.get(0)?.children[0]); n; n = byId.get(n.children[0])) moves.push(n.text);
  return `${game.gameId()}|${game.startText()}|${moves.join(' ')}`;
}

/** The kept solved mistakes: { [game key]: [ply, ...] } (oldest game first). */
function loadLearned() {
  try {
    const all = JSON.parse(store()?.getItem(LEARNED) || '{}');
    return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
  } catch { return {}; }
}

/** Notes that the mistake at `ply` of the game `key` was solved (quietly nothing when storage refuses). */
function saveLearned(key, ply) {
  const all = loadLearned();
  const plies = Array.isArray(all[key]) ? all[key].filter(Number.isInteger) : [];
  if (plies.includes(ply)) return;
  delete all[key]; // newest last
  all[key] = [...plies, ply].sort((a, b) => a - b);
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_LEARNED))) delete all[old];
  try { store()?.setItem(LEARNED, JSON.stringify(all)); } catch { /* full or disabled: kept for this visit */ }
}

/** The plies of the mistakes of game `key` solved before. */
function solvedPlies(key) {
  const plies = loadLearned()[key];
  return new Set(Array.isArray(plies) ? plies : []);
}

/** The `[%eval]` of a node's comment as White's winning chances, or null. */
function winAt(node, scale) {
  const value = evalOf(node.comment);
  return value == null ? null : winOf(value, scale);
}

/**
 * The learner in `box` (the review's box), over the page's `state`: `controller`
 * (game/controller.js: steps, the tree's edits, the board turned), `ui` (messages),
 * `computer()` (the review's worker). Learn judges the moves played on the board and offers
 * itself where the main line has judged moves, by subscribing to the game's changes.
 */
export function makeLearner(doc, box, state, { controller, ui, computer }) {
  const host = {
    game: () => state.game,
    gameId: () => state.gameId,
    goToNode: (id) => controller.goToNode(id),
    changed: () => { conceal(); controller.changed('lines'); },
    computer,
    say: (text) => ui.tell(text),
    flipped: () => state.flipped,
    turn: (flipped) => { if (flipped !== state.flipped) controller.setFlipped(flipped); },
  };
  const panel = doc.createElement('div');
  panel.className = 'learn';
  panel.innerHTML = `
    <button type="button" id="learn-start" hidden>Learn from your mistakes</button>
    <div id="learn" class="learn-task" hidden>
      <p id="learn-text" role="status" aria-live="polite"></p>
      <div class="buttons">
        <button type="button" id="learn-answer">Show the answer</button>
        <button type="button" id="learn-next">Next</button>
        <button type="button" id="learn-stop">Stop</button>
      </div>
    </div>`;
  box.append(panel);
  const $ = (id) => doc.getElementById(id);
  let list = [];
  let at = -1;
  let task = null; // { mistake, children: ids before the try, solved }
  let checking = false;
  let key = null; // the game learned from (gameKey), for the mistakes solved
  let solved = new Set(); // the plies of its mistakes solved, this visit or before
  let turnedFrom = null; // the board's side before Learn turned it (null: not turned)
  let revealed = new Set(); // the mistakes (node ids) whose answer was found or shown in this session

  const text = (t) => { $('learn-text').textContent = t; };

  /**
   * While a move is to be found the answer is not shown: the move list leaves out the
   * mistakes' verdicts ("Blunder. Best was Nf6.") and their better lines until they are found
   * or shown (state.view.concealed, which movelist/moves.js reads).
   */
  function conceal() {
    if (!task) { state.view.concealed = null; return; }
    const roots = new Set();
    const unsolved = new Set();
    for (const m of list) {
      const open = m === task.mistake ? !task.solved : !revealed.has(m.node.id) && !solved.has(m.node.ply);
      if (!open) continue;
      unsolved.add(m.node.id);
      if (m.better) roots.add(m.better.id);
    }
    state.view.concealed = { roots, unsolved };
  }

  function show(i) {
    at = i;
    if (at >= list.length) {
      stop(list.length ? 'That was the last one: well done.' : 'No mistakes to learn from here.');
      return;
    }
    const mistake = list[at];
    const g = host.game();
    task = { mistake, children: new Set(g.tree().nodes.find((n) => n.id === mistake.parent.id)?.children || []), solved: false };
    // The side that must find the move at the bottom, as lichess turns the board.
    if (turnedFrom == null) turnedFrom = host.flipped();
    host.turn(mistake.node.side === 'black');
    host.goToNode(mistake.parent.id);
    host.changed(); // the list drawn again without the answer (listed)
    const who = mistake.node.side === 'white' ? 'White' : 'Black';
    const move = `${mistake.node.number}${mistake.node.side === 'white' ? '.' : '...'} ${mistake.node.name}`;
    const before = solved.has(mistake.node.ply) ? ' (solved before)' : '';
    text(`${at + 1} of ${list.length}${before}: ${move} was not the best for ${who}. Find a better move.`);
    $('learn').hidden = false;
    // Started from the keyboard: the focus goes to the board, where the move is entered
    // (arrow keys and Enter), not to the page's start as the button hides.
    const started = doc.activeElement === $('learn-start');
    $('learn-start').hidden = true;
    if (started) $('board')?.focus({ preventScroll: true });
  }

  function stop(message) {
    task = null;
    if (turnedFrom != null) host.turn(turnedFrom); // the board as it was before Learn
    turnedFrom = null;
    host.changed(); // the list drawn again with the answers
    const focused = $('learn').contains(doc.activeElement); // Next after the last one, Stop
    $('learn').hidden = true;
    offer(host.game().tree());
    if (focused) ($('learn-start').hidden ? $('board') : $('learn-start'))?.focus({ preventScroll: true });
    if (message) host.say(message);
  }

  function start() {
    const g = host.game();
    if (!g) return;
    const tree = g.tree();
    list = mistakesOf(tree);
    if (!list.length) { host.say('No mistakes to learn from: Review game marks them first.'); return; }
    key = gameKey(g, tree);
    solved = solvedPlies(key);
    revealed = new Set();
    // The first mistake still to find (all found before: from the first again).
    const first = list.findIndex((m) => !solved.has(m.node.ply));
    show(first < 0 ? 0 : first);
  }

  /** Learn is offered where the main line has judged moves, saying how many were solved. */
  function offer(tree) {
    const g = host.game();
    const mistakes = mistakesOf(tree);
    const button = $('learn-start');
    button.hidden = !mistakes.length;
    if (!mistakes.length || !g) return;
    const done = solvedPlies(gameKey(g, tree));
    const n = mistakes.filter((m) => done.has(m.node.ply)).length;
    button.textContent = n ? `Learn from your mistakes (${n} of ${mistakes.length} solved)` : 'Learn from your mistakes';
  }

  /** A task's mistake found: kept as solved for this game. */
  function found() {
    task.solved = true;
    revealed.add(task.mistake.node.id);
    solved.add(task.mistake.node.ply);
    if (key) saveLearned(key, task.mistake.node.ply);
    host.changed(); // the answer in the list again
  }

  /** A move was played on the board: judged when it answers the task. */
  async function played(move) {
    const g = host.game();
    if (!task || task.solved || checking || !g) return;
    const here = g.tree().nodes.find((n) => n.id === g.currentNode());
    if (!here || here.parent !== task.mistake.parent.id) return;
    if (here.id === task.mistake.node.id) { retry(here, 'That is the move played in the game: find a better one.'); return; }
    let good = task.mistake.better && here.id === task.mistake.better.id;
    if (!good) {
      checking = true;
      text('Checking your move…');
      try {
        const answer = await host.computer().search({ game: host.gameId(), position: g.startText(), moves: g.line().slice(0, g.ply()), nodes: reviewNodes(host.gameId()) });
        const scale = g.tree().winScale;
        const before = winAt(task.mistake.parent, scale);
        const mover = here.side;
        // The search speaks for the side to move after the try: the other side.
        const s = answer ? answer.score : { cp: 0 };
        const forMover = s.mate != null ? (s.mate > 0 ? 0 : 100) : 100 - winOf(String((s.cp ?? 0) / 100), scale);
        const beforeForMover = before == null ? 50 : (mover === 'white' ? before : 100 - before);
        good = forMover >= beforeForMover - LEARN_MARGIN;
      } finally {
        checking = false;
      }
    }
    if (good) {
      found();
      text(`${move.name || move.text}: yes, that keeps the game. ${at + 1 < list.length ? 'Next takes you to the next one.' : 'That was the last one.'}`);
      host.say(`Good move: ${move.name || move.text}.`);
    } else retry(here, `${move.name || move.text} is not good enough: try again.`);
  }

  /** Takes the try back (and out of the game when it was new) and says why. */
  function retry(node, why) {
    const g = host.game();
    host.goToNode(task.mistake.parent.id);
    if (!task.children.has(node.id)) { try { g.deleteNode(node.id); } catch { /* already gone */ } host.changed(); }
    text(why);
  }

  $('learn-start').addEventListener('click', () => start());
  $('learn-next').addEventListener('click', () => show(at + 1));
  $('learn-stop').addEventListener('click', () => stop(''));
  $('learn-answer').addEventListener('click', () => {
    if (!task) return;
    const better = task.mistake.better;
    if (better) {
      task.solved = true; // shown, not found: not kept as solved
      revealed.add(task.mistake.node.id);
      host.goToNode(better.id);
      host.changed();
      text(`The answer: ${better.name}. ${at + 1 < list.length ? 'Next takes you to the next one.' : 'That was the last one.'}`);
    }
  });
  // Learn judges the moves played on the board, and is offered where the main line has judged moves.
  subscribe(state, MOVED, (change) => { if (change.played && change.shown) played(change.played); });
  subscribe(state, RECORD, () => { if (!task && state.game) offer(state.game.tree()); });

  return {
    played,
    start,
    active: () => !!task,
  };
}
