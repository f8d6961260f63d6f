// www/embed/: the board in other pages: its modes, puzzles and review, and the code that embeds it.
// review="on" on an embedded board (issue 29): a study or a replayed game with its evaluation
// graph (www/movelist/evalgraph.js, the page's own, moved out of the embed's hidden controls
// into #embed-review) and its judged moves (?!, ?, ??) as small buttons that go to them, each
// move's mark and verdict then under the board as a study's comment is (lines.js). A PGN
// with `[%eval]` comments (a review's, lichess's) shows them at once; without them a Review
// button runs the page's review (www/computer/review.js reviewGame, in a worker of its own)
// with its progress and Stop, and then shows the graph and the marks. Made to fit a 320 px
// frame: one short row of controls, the graph as wide as the board, the marks wrapping.

import { makeComputer } from '../engine/computer.js';
import { reviewSaid } from '../computer/review.js';
import { mainLineEvals } from '../movelist/evalgraph.js';
import { nagMark } from '../records/nags.js';
import { subscribe, RECORD } from '../state.js';

/** The marks the review gives, lichess's: ?! (6), ? (2), ?? (4). */
const JUDGED = new Set([2, 4, 6]);

/** Each side's accuracy in a few words ("Accuracy: White 91.2, Black 64.0"). */
function accuracyText(summary) {
  const a = (s) => (s.accuracy == null ? '–' : s.accuracy.toFixed(1));
  return `Accuracy: White ${a(summary.white)}, Black ${a(summary.black)}`;
}

/**
 * Shows the review in #embed-review over the page's `state`: `controller` (game/controller.js:
 * the marks go to their moves; the review written is a change of the record), `ui`
 * (messages). Follows every change of the record (subscribed). Returns { running() }, or
 * null without the box.
 */
export function attachEmbedReview(doc, state, { controller, ui }) {
  const $ = (id) => doc.getElementById(id);
  const box = $('embed-review');
  if (!box) return null;
  const host = {
    game: () => state.game,
    gameId: () => state.gameId,
    goToNode: (id) => controller.goToNode(id),
    changed: () => controller.changed('lines'),
    say: (text) => ui.tell(text),
  };
  box.hidden = false;
  const graph = $('eval-graph');
  if (graph) $('embed-review-graph').append(graph);
  const run = $('embed-review-run');
  const stop = $('embed-review-stop');
  const status = $('embed-review-status');
  const marks = $('embed-review-marks');
  let computer = null;
  let running = false;

  /** The main line's judged moves as buttons; the one shown marked. */
  function showMarks(tree) {
    const judged = mainLineEvals(tree).map((p) => p.node)
      .filter((n) => n.id !== 0 && (n.nags || []).some((k) => JUDGED.has(k)));
    const focused = marks.contains(doc.activeElement) ? Number(doc.activeElement.dataset.node) : null;
    marks.hidden = judged.length === 0;
    marks.replaceChildren(...judged.map((n) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.dataset.node = String(n.id);
      const glyphs = n.nags.filter((k) => JUDGED.has(k)).map((k) => nagMark(k).glyph).join('');
      b.textContent = `${n.number}${n.side === 'white' ? '.' : '…'}${n.name}${glyphs}`;
      b.title = `${n.number}${n.side === 'white' ? '.' : '...'} ${n.name}: ${n.nags.filter((k) => JUDGED.has(k)).map((k) => nagMark(k).words).join(', ')}`;
      if (n.id === tree.current) b.setAttribute('aria-current', 'true');
      b.addEventListener('click', () => host.goToNode(n.id));
      return b;
    }));
    if (focused != null) marks.querySelector(`[data-node="${focused}"]`)?.focus({ preventScroll: true });
  }

  async function review() {
    const game = host.game();
    if (!game || running) return;
    if (!game.mainLine().length) { host.say('No moves to review.'); return; }
    running = true;
    run.hidden = true;
    stop.hidden = false;
    computer = computer || makeComputer();
    const progress = (done, total) => { status.textContent = `Reviewing ${done}/${total}`; };
    const done = await reviewSaid(game, host.gameId(), computer, { progress, current: host.game, say: host.say });
    status.textContent = done ? accuracyText(done.summary) : '';
    if (done) host.changed();
    running = false;
    stop.hidden = true;
    refresh(host.game()?.tree());
  }

  /** The Review button only where there is something to review and no evaluations yet. */
  function refresh(tree) {
    if (!tree) return;
    const line = mainLineEvals(tree);
    const evaluated = line.filter((p) => p.win != null).length >= 2;
    run.hidden = running || evaluated || line.length < 2;
    showMarks(tree);
  }

  run.addEventListener('click', () => review());
  stop.addEventListener('click', () => { if (computer) computer.cancel(); });
  subscribe(state, RECORD, () => refresh(state.game?.tree()));
  return { running: () => running };
}
