// www/movelist/: the moves: the list, its variations and comments, the evaluation graph.
// The Moves panel, drawn from the state after every change of the record: the move list
// (movelist.js) in the notation chosen (notation.js), as tall as the room beside the board
// (movesheight.js), the evaluation graph under it (evalgraph.js), the variations and comments
// of the move shown (lines.js), and the keys that step through the moves (input/navkeys.js).
// What Learn from your mistakes conceals while it asks (state.view.concealed) is left out.

import { makeMoveList } from './movelist.js';
import { attachNotation } from './notation.js';
import { makeLines } from './lines.js';
import { makeEvalGraph } from './evalgraph.js'; // White's winning chances along the main line
import { fitMoveList } from './movesheight.js'; // the list as tall as the room beside the board
import { attachNavKeys } from '../input/navkeys.js';
import { describeMove } from '../sound/speech.js';
import { subscribe, RECORD } from '../state.js';

/** A verdict the review writes after a move's evaluation ("Blunder. Best was Nf6."): Learn hides it while it asks. */
const VERDICT = /\s*(?:Inaccuracy|Mistake|Blunder|Missed a mate|Allowed a mate)\. Best was \S+?\.(?=\s|$)/g;

/**
 * `tree` as the move list shows it: without what `concealed` ({ roots, unsolved }: node ids)
 * leaves out while Learn asks for a move: the better lines from `roots` on, and the verdict
 * in the comments of the `unsolved` mistakes.
 */
export function listedTree(tree, concealed) {
  if (!concealed) return tree;
  const hidden = new Set();
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const hide = (id) => { hidden.add(id); for (const c of byId.get(id)?.children || []) hide(c); };
  for (const id of concealed.roots) if (byId.has(id)) hide(id);
  const nodes = tree.nodes.filter((n) => !hidden.has(n.id)).map((n) => ({
    ...n,
    children: n.children.filter((c) => !hidden.has(c)),
    comment: concealed.unsolved.has(n.id) ? (n.comment || '').replace(VERDICT, '').trim() : n.comment,
  }));
  return { ...tree, nodes };
}

/**
 * Mounts the Moves panel in `doc` over the page's `state`: `controller` (game/controller.js:
 * steps, jumps, the tree's edits), `ui` (messages), `board` (the canvas, for the keys),
 * `blocked()` (the keys and the tools wait: a picker open, the editor, an embedded board).
 * Returns { sibling(step) }.
 */
export function mountMoves(doc, state, { controller, ui, board, blocked }) {
  const $ = (id) => doc.getElementById(id);
  const moveList = makeMoveList($('moves'), (node) => controller.goToNode(node), (node) => moveWords(node));
  const notation = attachNotation($('notation'), () => render());
  const graph = $('moves') ? makeEvalGraph($('moves'), (node) => controller.goToNode(node)) : null;
  // Its tools and the first row of the record controls (share/share.js) stay on the first screen.
  if ($('moves') && $('line-tools')) fitMoveList($('moves'), () => $('export-pgn') || $('line-tools'));
  const lines = makeLines(doc, {
    game: () => state.game,
    // The tree edited here (a line promoted or deleted, a comment): through the controller's one place.
    changed: (cause) => (cause === 'step' ? controller.edit(() => {}, 'step', { leave: true }) : controller.edit(() => {}, 'lines')),
    goToNode: (id) => controller.goToNode(id),
    say: (text) => ui.tell(text),
    warn: (text) => ui.say(text),
    blocked,
    words: (node) => moveWords(node),
  });

  attachNavKeys(doc, board.canvas, {
    back() { const g = state.game; if (g) controller.goToPly(g.ply() - 1); },
    forward() { const g = state.game; if (g) controller.goToPly(g.ply() + 1); },
    start() { if (state.game) controller.goToPly(0); },
    end() { const g = state.game; if (g) controller.goToPly(g.line().length); },
    flip() { doc.getElementById('flip').click(); },
    up: () => lines.sibling(-1),
    down: () => lines.sibling(1),
    blocked,
  });

  // A listed move in words (for its tooltip), as the speech says it when it is played: from
  // the move and the board before it, which the engine gives for the node
  // (GameHandle.nodeMove; playing the game again from its start took a second at 12,000
  // plies). A node's move never changes and its id is never given to another, so the words
  // are kept by node for the game on the board.
  const wordsOf = new Map(); // node id -> its words
  let wordsFor = null; // the handle the words are kept for
  function moveWords(id) {
    const g = state.game;
    if (!g) return null;
    if (!wordsOf.has(id)) {
      let said = null;
      try {
        const m = g.nodeMove(id);
        said = m ? describeMove(m.move, m.before, controller.cellName) : null;
      } catch { said = null; }
      wordsOf.set(id, said);
    }
    return wordsOf.get(id);
  }

  /** The move list of the game on the board, in the notation chosen, its graph and its lines. */
  function render() {
    const g = state.game;
    if (!g) return;
    if (g !== wordsFor) { wordsFor = g; wordsOf.clear(); } // another game: its moves' words are kept no longer
    const tree = g.tree();
    moveList.render({ tree: listedTree(tree, state.view.concealed), names: !notation.coordinates(), result: g.finalOutcome() });
    graph?.render(tree);
    lines.update(tree); // the same tree, not asked for again
  }

  subscribe(state, RECORD, () => render());
  return { sibling: (step) => lines.sibling(step) };
}
