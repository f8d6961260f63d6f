// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.
// The moves an animated GIF shows (gif.js): the main line, the line shown, a range of its
// moves, or a whole study (its main line, then each variation from where it branches), read
// from the game's tree and replayed on a fresh engine handle, so each move comes with its
// effects (what the board animates), the pieces before it and the still position after it:
// the last move, checks, frozen pieces and the arrows and circles of its comment.

import { touchedSquares } from '../board/effects.js';
import { shapesOnBoard } from '../records/shapes.js';
import { withGame } from '../engine/engine.js';

/** The node ids of the line through `tree` that starts at `id` and follows main moves. */
function mainFrom(tree, id) {
  const out = [id];
  for (let n = tree.nodes[id]; n && n.children.length; n = tree.nodes[n.children[0]]) out.push(n.children[0]);
  return out;
}

/**
 * The segments a GIF plays, each a list of node ids (the first the position it starts from,
 * the others the moves played from there): `line` 'main' (the default), 'shown' (the line
 * on the board) or 'study' (every line of the tree); `from` and `to` (plies) cut a line.
 */
export function segments(tree, { line = 'main', from = null, to = null } = {}) {
  if (line === 'study') {
    const out = [];
    // A segment's branches: at every node it plays through (a variation's own start, where
    // it branches from its parent line, is that line's).
    const walk = (seg, from) => {
      out.push(seg);
      for (const id of seg.slice(from, -1)) {
        for (const v of tree.nodes[id].children.slice(1)) walk([id, ...mainFrom(tree, v)], 1);
      }
    };
    walk(mainFrom(tree, 0), 0);
    return out;
  }
  const ids = line === 'shown' ? [...tree.line] : mainFrom(tree, 0);
  const lo = Math.max(0, Math.min(ids.length - 1, Math.floor(Number(from) || 0)));
  const hi = to == null || to === '' ? ids.length - 1 : Math.max(lo, Math.min(ids.length - 1, Math.floor(Number(to))));
  return [ids.slice(lo, hi + 1)];
}

/**
 * Why plies `from` and `to` cannot cut `line` of `tree` (as segments() reads them), or null:
 * each a whole number from 0 to the line's last ply, `from` before `to`; a study plays every
 * line whole. (The embedded board's toGIF asks with any numbers; the page's dialog offers
 * only those that fit.)
 */
export function rangeProblem(tree, { line = 'main', from = null, to = null } = {}) {
  const given = (v) => v != null && v !== '';
  if (!given(from) && !given(to)) return null;
  if (line === 'study') return 'from and to cut the main line or the line shown; a study plays every line whole';
  const last = (line === 'shown' ? tree.line.length : mainFrom(tree, 0).length) - 1;
  for (const [name, v] of [['from', from], ['to', to]]) {
    if (given(v) && !(Number.isInteger(v) && v >= 0 && v <= last)) return `${name} ${JSON.stringify(v)}: a ply from 0 to ${last}, the line's last`;
  }
  if (given(from) && given(to) && from >= to) return `from ${from} is not before to ${to}: a GIF of the moves between them needs at least one`;
  return null;
}

/** "12. Nf3" or "12... Nf6" for a node of the tree. */
export function moveLabel(node) {
  if (!node || !node.name) return '';
  return `${node.number}${node.side === 'white' ? '.' : '...'} ${node.name}`;
}

/**
 * The line of `game` (a GameHandle) for a GIF: { layout, start, steps }, `start`
 * the still position it starts from and `steps` in order either { move, before (pieces),
 * still, label } (a move, animated) or { still, label, jump: true } (a variation's start,
 * shown at once). A still position: { pieces, lastMove, checks, checkLines, frozen, shapes }.
 */
export function readLine(game, { hands = false, ...options } = {}) {
  const tree = game.tree();
  const startText = game.startText();
  const layout = game.layout();
  const stillOf = (h, move, node) => {
    const checks = Array.from(h.checks() || []);
    return {
      pieces: h.pieces(),
      lastMove: touchedSquares(move),
      checks,
      checkLines: checks.length ? h.checkers() : [],
      frozen: new Set(h.frozen()),
      shapes: shapesOnBoard(node ? node.comment : '', layout, hands),
    };
  };
  const pathTo = (id) => {
    const out = [];
    for (let n = tree.nodes[id]; n && n.parent != null; n = tree.nodes[n.parent]) out.unshift(n);
    return out;
  };
  let start = null;
  const steps = [];
  for (const seg of segments(tree, options)) {
    withGame(game.gameId(), startText, (h) => {
      let last = null;
      for (const n of pathTo(seg[0])) last = h.play(n.text);
      const here = tree.nodes[seg[0]];
      const still = stillOf(h, last, here);
      if (!start) start = still;
      else steps.push({ still, label: here.parent == null ? 'Start' : moveLabel(here), jump: true });
      for (const id of seg.slice(1)) {
        const node = tree.nodes[id];
        const before = h.pieces();
        const move = h.play(node.text);
        steps.push({ move, before, still: stillOf(h, move, node), label: moveLabel(node) });
      }
    });
  }
  return { layout, start, steps };
}
