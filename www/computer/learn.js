// www/computer/: the computer: its worker, its moves, hints and analysis.
// Learn from your mistakes (issue 29), after a review: steps through the main line's moves
// marked ?!, ? or ?? with a better move (the review's verdict "... Best was X."), each time
// from the position before it: "find a better move". A move is accepted when it keeps the
// mover's winning chances within 10 points (the inaccuracy threshold) of the position's
// evaluation before the mistake, by a search of the same size as the review's; a move not
// good enough is taken back (and not kept as a variation). "Show the answer" goes to the
// better line the review wrote. By mouse, keys and touch: the moves are played on the board;
// started from the keyboard, the focus goes to the board, and back to a button when the task ends.

import { winOf, evalOf } from '../panels/evalgraph.js';
import { reviewNodes } from './review.js';

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

/** The `[%eval]` of a node's comment as White's winning chances, or null. */
function winAt(node, scale) {
  const value = evalOf(node.comment);
  return value == null ? null : winOf(value, scale);
}

/**
 * The learner in `box` (the review's box). `host`: game(), gameId(), goToNode(id),
 * changed(), computer() (the review's worker), say(text).
 */
export function makeLearner(doc, box, host) {
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

  const text = (t) => { $('learn-text').textContent = t; };

  function show(i) {
    at = i;
    if (at >= list.length) {
      stop(list.length ? 'That was the last one: well done.' : 'No mistakes to learn from here.');
      return;
    }
    const mistake = list[at];
    host.goToNode(mistake.parent.id);
    const g = host.game();
    task = { mistake, children: new Set(g.tree().nodes.find((n) => n.id === mistake.parent.id)?.children || []), solved: false };
    const who = mistake.node.side === 'white' ? 'White' : 'Black';
    const move = `${mistake.node.number}${mistake.node.side === 'white' ? '.' : '...'} ${mistake.node.name}`;
    text(`${at + 1} of ${list.length}: ${move} was not the best for ${who}. Find a better move.`);
    $('learn').hidden = false;
    // Started from the keyboard: the focus goes to the board, where the move is entered
    // (arrow keys and Enter), not to the page's start as the button hides.
    const started = doc.activeElement === $('learn-start');
    $('learn-start').hidden = true;
    if (started) $('board')?.focus({ preventScroll: true });
  }

  function stop(message) {
    task = null;
    const focused = $('learn').contains(doc.activeElement); // Next after the last one, Stop
    $('learn').hidden = true;
    $('learn-start').hidden = !mistakesOf(host.game().tree()).length;
    if (focused) ($('learn-start').hidden ? $('board') : $('learn-start'))?.focus({ preventScroll: true });
    if (message) host.say(message);
  }

  function start() {
    const g = host.game();
    if (!g) return;
    list = mistakesOf(g.tree());
    if (!list.length) { host.say('No mistakes to learn from: Review game marks them first.'); return; }
    show(0);
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
      task.solved = true;
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
      host.goToNode(better.id);
      task.solved = true;
      text(`The answer: ${better.name}. ${at + 1 < list.length ? 'Next takes you to the next one.' : 'That was the last one.'}`);
    }
  });
  return {
    played,
    start,
    active: () => !!task,
    /** The move list was drawn for `tree`: Learn is offered where the main line has judged moves. */
    refresh(tree) {
      if (!task) $('learn-start').hidden = !mistakesOf(tree).length;
    },
  };
}
