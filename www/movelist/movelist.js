// www/movelist/: the moves: the list, its variations and comments, the evaluation graph.
// The move list as a tree, laid out as lichess's analysis board lays it out: the main line
// in numbered pairs; where a main-line move had alternatives, the pair breaks and each
// alternative line follows on its own indented row, its own alternatives in brackets
// inline (`4. d4 (4. c4 e5) exd4`). Every move is a button (its node id in `data-node`, its
// coordinate text in `data-text`) that shows the position after it. The move shown is
// marked (aria-current); the moves of the current line after it (to step forward through)
// are `later`; moves off the current line are `aside`. A comment follows its move, read as
// text (commenttext.js: a line break is a space, a blank line a paragraph). When the
// game at the end of the current line is over, its result follows that line's last move.
// A move's annotations (NAGs: `!`, `?!`, `±`, ...; nags.js) follow its name inside its button.
// Hovering or focusing a move (or a long press on it) shows it in words (movetip.js).
// DOM only; no engine calls. Shapes kept in a comment ([%cal ...], shapes.js) are not shown.

import { readShapes, commandValue } from '../records/shapes.js';
import { nagMark } from '../records/nags.js';
import { attachMoveTip } from './movetip.js';
import { fillComment } from './commenttext.js';

/**
 * Wires the list element `ol` (an <ol>); `onGo(node)` is called with the node id of the
 * move clicked, `words(node)` gives a move in words for its tooltip (null: none). Returns
 * { render({ tree, names, result }) }: `tree` as GameHandle.tree() gives it ({ current,
 * line, nodes }), `names` true to show names (else coordinate texts), `result` the outcome
 * at the end of the current line ({ result, text }) or null.
 */
export function makeMoveList(ol, onGo, words = () => null) {
  const doc = ol.ownerDocument;
  ol.tabIndex = -1; // focus rests on the list itself at the start position (no move shown)
  attachMoveTip(ol, (b) => words(Number(b.dataset.node)));
  ol.addEventListener('click', (e) => {
    const b = e.target.closest('button[data-node]');
    if (b && ol.contains(b)) onGo(Number(b.dataset.node));
  });

  // What the list shows now: the tree it was built from, the notation, the result, the move
  // buttons by node id, and the node shown. A step along the same tree and line (Home, End,
  // ←, →, a click) only moves the marks: building 12,000 buttons again at each step took
  // seconds (issue 41).
  let shown = null;

  /** The spoken label of move `n`'s button: `later`/`onLine` as the list shows it now. */
  function label(n, names, later, onLine) {
    const marks = (n.nags || []).map(nagMark);
    const side = n.side === 'white' ? 'White' : 'Black';
    const where = later ? ' (after the position shown)' : onLine ? '' : ' (variation)';
    const said = marks.map((m) => `, ${m.words}`).join('');
    return `${n.number}. ${side} ${names ? n.name : n.text}${said}${where}`;
  }

  /** Whether two trees (GameHandle.tree()) hold the same moves, comments and marks. */
  function sameMoves(a, b) {
    if (a.nodes.length !== b.nodes.length) return false;
    const same = (x, y) => x.length === y.length && x.every((v, i) => v === y[i]);
    return a.nodes.every((n, i) => {
      const o = b.nodes[i];
      return n.id === o.id && n.name === o.name && n.text === o.text && n.comment === o.comment
        && same(n.nags || [], o.nags || []) && same(n.children, o.children);
    });
  }

  /**
   * Moves the marks to node `current` when the list already shows `tree`'s moves, line,
   * notation and result; false when it must be built again.
   */
  function step({ tree, names, result }) {
    const line = tree.line || [];
    if (!shown || shown.names !== names || (shown.result && shown.result.result) !== (result && result.result)
      || (shown.result && shown.result.text) !== (result && result.text)
      || shown.line.length !== line.length || !shown.line.every((id, i) => id === line[i])
      || !sameMoves(shown.tree, tree)) return false;
    const was = line.indexOf(shown.current);
    const now = line.indexOf(tree.current);
    if (was < 0 || now < 0) return false;
    // The moves between the two places change sides: later ones, or not.
    for (let i = Math.min(was, now) + 1; i <= Math.max(was, now); i += 1) {
      const b = shown.buttons.get(line[i]);
      const n = shown.nodes.get(line[i]);
      if (!b || !n) continue;
      const later = i > now;
      b.classList.toggle('later', later);
      b.setAttribute('aria-label', label(n, names, later, true));
    }
    shown.buttons.get(shown.current)?.removeAttribute('aria-current');
    shown.buttons.get(tree.current)?.setAttribute('aria-current', 'true');
    shown.current = tree.current;
    shown.tree = tree;
    return true;
  }

  function render({ tree, names = true, result = null }) {
    // Focus in the list follows the move shown, so ← and → go on from there.
    const focused = doc.activeElement && ol.contains(doc.activeElement);
    if (step({ tree, names, result })) {
      const current = shown.buttons.get(tree.current) || null;
      if (focused) (current || ol).focus({ preventScroll: true });
      reveal(current);
      return;
    }
    const nodes = new Map(tree.nodes.map((n) => [n.id, n]));
    const line = tree.line || []; // the current line's node ids, the start (0) first
    const later = new Set(line.slice(line.indexOf(tree.current) + 1));
    const onLine = new Set(line);
    const lineEnd = line.length ? line[line.length - 1] : 0;
    const buttons = new Map();
    const el = (tag, className, text) => {
      const e = doc.createElement(tag);
      if (className) e.className = className;
      if (text != null) e.textContent = text;
      return e;
    };

    function button(n) {
      const b = el('button', `ply${later.has(n.id) ? ' later' : ''}${onLine.has(n.id) ? '' : ' aside'}`, names ? n.name : n.text);
      b.type = 'button';
      b.dataset.node = String(n.id);
      b.dataset.ply = String(n.ply);
      b.dataset.text = n.text;
      const marks = (n.nags || []).map(nagMark);
      if (marks.length) b.append(el('span', 'nag', marks.map((m) => m.glyph).join('')));
      b.setAttribute('aria-label', label(n, names, later.has(n.id), onLine.has(n.id)));
      if (n.id === tree.current) b.setAttribute('aria-current', 'true');
      buttons.set(n.id, b);
      return b;
    }
    const words = (n) => (n.comment ? readShapes(n.comment).text : '');
    function comment(n) {
      return fillComment(el('span', 'comment'), words(n)); // a line break reads as a space
    }
    function resultMark() {
      const r = el('span', 'result', result.result);
      if (result.text) { r.title = result.text; r.setAttribute('aria-label', `${result.result}: ${result.text}`); }
      return r;
    }
    // After move `n`: the mover's clock, its comment and, at the end of the current line, the result.
    function after(n, into) {
      const clock = clockText(commandValue(n.comment, 'clk'));
      if (clock) {
        const c = el('span', 'move-clock', clock);
        c.setAttribute('aria-label', `${n.side === 'white' ? 'White' : 'Black'}'s clock ${clock}`);
        into.appendChild(c);
      }
      if (words(n)) into.appendChild(comment(n));
      if (result && n.id === lineEnd) into.appendChild(resultMark());
    }

    // A line from node `id` inline into `into`: numbers before White's moves and wherever
    // the flow was broken, alternatives in brackets after the move they replace, theirs in
    // brackets inside. Side by side in `into` and without recursion: variations nest as deep
    // as a game's tree (a PGN may nest them thousands deep), and each level of elements
    // inside elements made the list slower to build by the square of the depth.
    function inline(id, into) {
      const work = [{ line: id }]; // what is still to write, the next on top
      while (work.length) {
        const w = work.pop();
        if (w.text) { into.append(w.text); continue; }
        let n = nodes.get(w.line);
        let numbered = false;
        while (n) {
          if (n.side === 'white') into.appendChild(el('span', 'move-number', `${n.number}.`));
          else if (!numbered) into.appendChild(el('span', 'move-number', `${n.number}...`));
          into.appendChild(button(n));
          numbered = true;
          if (words(n)) numbered = false;
          after(n, into);
          const parent = nodes.get(n.parent);
          const alts = parent ? parent.children.slice(1) : [];
          const next = n.children.length ? nodes.get(n.children[0]) : null;
          if (parent && parent.children[0] === n.id && alts.length) {
            // The alternatives in brackets, then the rest of this line, numbered afresh.
            if (next) work.push({ line: next.id });
            for (const a of alts.reverse()) work.push({ text: ') ' }, { line: a }, { text: ' (' });
            break;
          }
          n = next;
        }
      }
    }

    // The numbers before the rows take the room the longest needs (`5995. `): a game of
    // thousands of moves had its numbers cut at the list's left edge.
    let widest = 0;
    for (const n of tree.nodes) widest = Math.max(widest, n.number);
    ol.style.setProperty('--number-width', `max(2.6rem, calc(${String(widest).length + 2}ch + 0.3rem))`);
    const items = [];
    let li = null;
    const root = nodes.get(0);
    if (root && words(root)) items.push(fillComment(el('li', 'start-comment'), words(root)));
    let n = root;
    while (n && n.children.length) {
      const c = nodes.get(n.children[0]);
      if (c.side === 'white' || !li) {
        li = el('li', 'pair');
        li.value = c.number;
        items.push(li);
        if (c.side === 'black') {
          const gap = el('span', 'ply-gap', '…');
          gap.setAttribute('aria-hidden', 'true');
          li.appendChild(gap);
        }
      }
      li.appendChild(button(c));
      after(c, li);
      const alts = n.children.slice(1);
      if (alts.length || words(c)) {
        if (alts.length) {
          const block = el('li', 'variations');
          for (const a of alts) {
            const v = el('div', 'variation');
            inline(a, v);
            block.appendChild(v);
          }
          items.push(block);
        }
        li = null; // the pair is broken: the next move starts a row of its own
      }
      n = c;
    }
    if (result && lineEnd === 0) {
      li = el('li', 'pair');
      li.appendChild(resultMark());
      items.push(li);
    }
    ol.replaceChildren(...items);
    shown = { tree, names, result, line, nodes, buttons, current: tree.current };
    const current = ol.querySelector('[aria-current]');
    if (focused) (current || ol).focus({ preventScroll: true });
    reveal(current);
  }

  // Scrolls the list (not the page) so the current move is in view.
  function reveal(e) {
    if (!e) { ol.scrollTop = 0; return; }
    const box = ol.getBoundingClientRect();
    const r = e.getBoundingClientRect();
    if (r.top < box.top) ol.scrollTop -= box.top - r.top;
    else if (r.bottom > box.bottom) ol.scrollTop += r.bottom - box.bottom;
  }

  return { render };
}

/**
 * A clock kept with a move (`[%clk 0:04:58]`, hours:minutes:seconds) as lichess shows it:
 * `4:58`, `1:02:03` past an hour, `0:07.3` with tenths; null for none or one that does not read.
 */
export function clockText(value) {
  const m = /^(\d+):(\d\d):(\d\d)(\.\d+)?$/.exec(String(value || '').trim());
  if (!m) return null;
  const [, h, mm, ss, frac] = m;
  const tenths = frac ? `.${frac[1]}` : '';
  return Number(h) > 0 ? `${Number(h)}:${mm}:${ss}${tenths}` : `${Number(mm)}:${ss}${tenths}`;
}
