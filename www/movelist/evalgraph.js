// www/movelist/: the moves: the list, its variations and comments, the evaluation graph.
// The evaluation graph under the move list (issue 29), as lichess draws it: White's winning
// chances over the main line, from the `[%eval ...]` in each move's comment (a review's, or
// lichess's and chess.com's in an imported PGN: shown at once, with no new analysis). A mate
// is the top or the bottom. A click or a tap goes to that move; focused, ← → Home End step
// along it; the move shown is marked. Hidden while fewer than two moves have an evaluation.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const HEIGHT = 100;

const LICHESS_SCALE = 0.00368208;

/**
 * White's winning chances (0-100) for an `[%eval]` value ("0.35", "#-3"), or null, on the
 * game's curve of scale `scale` (the tree's `winScale`; lichess's by default), clamped where
 * lichess clamps its own (src/winning.rs).
 */
export function winOf(value, scale = LICHESS_SCALE) {
  const v = String(value).trim();
  if (v.startsWith('#')) {
    const n = Number(v.slice(1));
    return Number.isFinite(n) ? (n > 0 || Object.is(n, 0) ? 100 : 0) : null;
  }
  const pawns = Number(v);
  if (!Number.isFinite(pawns)) return null;
  const limit = (1000 * LICHESS_SCALE) / scale;
  const cp = Math.max(-limit, Math.min(limit, pawns * 100));
  return 100 / (1 + Math.exp(-scale * cp));
}

/** The `[%eval ...]` value of a comment ("0.35", "#-3"), or null. */
export function evalOf(comment) {
  const m = /\[%eval\s+([^\]\s]+)\s*\]/.exec(comment || '');
  return m ? m[1] : null;
}

/** The main line's nodes (the start first) with their evaluations, from GameHandle.tree(). */
export function mainLineEvals(tree) {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const line = [];
  let node = byId.get(0);
  while (node) {
    const value = evalOf(node.comment);
    line.push({ node, eval: value, win: value == null ? null : winOf(value, tree.winScale) });
    node = byId.get(node.children?.[0]);
  }
  return line;
}

/** The graph in `after`'s place (inserted after it); `goToNode(id)` follows a click. */
export function makeEvalGraph(after, goToNode) {
  const doc = after.ownerDocument;
  const box = doc.createElement('div');
  box.id = 'eval-graph';
  box.className = 'eval-graph';
  box.hidden = true;
  box.tabIndex = 0;
  box.setAttribute('role', 'slider');
  box.setAttribute('aria-label', 'Evaluation graph: White\'s winning chances move by move');
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  box.append(svg);
  after.after(box);
  let line = [];
  let current = 0;

  const x = (i) => (line.length > 1 ? (i * WIDTH) / (line.length - 1) : 0);
  const y = (win) => HEIGHT - (win * HEIGHT) / 100;
  const shape = (tag, attrs) => {
    const e = doc.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  };

  function draw() {
    svg.replaceChildren();
    let last = 50;
    const points = line.map((p, i) => { if (p.win != null) last = p.win; return `${x(i).toFixed(1)},${y(last).toFixed(1)}`; });
    svg.append(
      shape('polygon', { class: 'eval-white', points: `0,${HEIGHT} ${points.join(' ')} ${WIDTH},${HEIGHT}` }),
      shape('line', { class: 'eval-mid', x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2 }),
      shape('line', { class: 'eval-now', x1: x(current), x2: x(current), y1: 0, y2: HEIGHT }),
    );
    const p = line[current];
    box.setAttribute('aria-valuemin', '0');
    box.setAttribute('aria-valuemax', String(line.length - 1));
    box.setAttribute('aria-valuenow', String(current));
    // Said by the move's own number ("After 12... Nf6"): a count of plies is no move number.
    const n = p && p.node;
    const where = !n || n.id === 0 ? 'The start' : `After ${n.number}${n.side === 'white' ? '.' : '...'} ${n.name}`;
    box.setAttribute('aria-valuetext', `${where}, ply ${current} of ${line.length - 1}${p && p.eval ? `: ${p.eval}` : ''}`);
  }

  function goTo(i) {
    const p = line[Math.max(0, Math.min(line.length - 1, i))];
    if (p) goToNode(p.node.id);
  }

  box.addEventListener('click', (e) => {
    const r = svg.getBoundingClientRect();
    if (!r.width || line.length < 2) return;
    goTo(Math.round(((e.clientX - r.left) / r.width) * (line.length - 1)));
  });
  box.addEventListener('keydown', (e) => {
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: line.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    e.stopPropagation(); // not also the page's own arrow keys
    goTo(to);
  });

  return {
    /** Draws the graph for `tree` (GameHandle.tree(): its nodes and the node shown). */
    render(tree) {
      line = mainLineEvals(tree);
      box.hidden = line.filter((p) => p.win != null).length < 2;
      const i = line.findIndex((p) => p.node.id === tree.current);
      current = i >= 0 ? i : current;
      if (!box.hidden) draw();
    },
  };
}
