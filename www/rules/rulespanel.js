// www/rules/: the pieces and the rules: the legend and the rules panel with each game's text.
// The rules panel: a collapsible <details> with the chosen game's rules written for someone
// who has never played it, one section per special rule, each with a small live board
// (a <fairyboard-board> in explore mode: try the move, Reset puts it back).
//
// The text is the page's own, not the engine's: one data module per game in www/rules/games/
// (loaded with import() only when the panel is opened, so the page's start does not fetch or
// parse it). Each module's default export:
//   intro: [paragraph], goal: text, pieces: [[name, how it moves]],
//   rules: [{ title, text: [paragraph], ours?: [paragraph], board?: { position, arrows?,
//            marks?, move, try } }],
//   ours?: [paragraph], note?: text (a closing remark)
// `ours` are the points where the original rules are silent or lost and the game played
// here is our reconstruction, said in plain words. `board.move` is the move the board
// shows (move text as the engine writes it: tests/e2e/rules.test.mjs checks it is legal
// there and plays some of them); `board.try` the caption under the board.
//
// The small boards are created only when the panel is open, with loading="lazy", and the
// element's script (www/fairyboard-board.js) is added to the page on the first open. The
// single-file build (dist/fairyboard.html, scripts/single.mjs) has no embed.html beside it
// and is opened from disk, where the iframes could not load: there each board is replaced
// by its position text and caption, and the panel points to the demo page instead.

import { singleFile, loadBoardScript } from '../embed/boardscript.js'; // the small live boards
import { games } from '../engine/engine.js';
import { subscribe } from '../state.js';

const LOADERS = {
  orthodox: () => import('./games/orthodox.js'),
  vagabond: () => import('./games/vagabond.js'),
  bandit: () => import('./games/bandit.js'),
  quarter: () => import('./games/quarter.js'),
  pawnier: () => import('./games/pawnier.js'),
  riftwalker: () => import('./games/riftwalker.js'),
};

/** The demo page's address for game `id`, or null (the single-file page with no public address). */
function demoUrl(doc, id) {
  if (!singleFile(doc)) return `docs/demo.html#${id}`;
  const pub = globalThis.fairyboardPublicUrl;
  return pub ? new URL(`docs/demo.html#${id}`, pub).href : null;
}

/**
 * The panel: `panel` the <details>, `summary` its title, `body` what it holds.
 * show(id, name) follows the game on the board; the text is built when the panel is open.
 */
export function makeRulesPanel(panel, summary, body) {
  const doc = body.ownerDocument;
  let id = null;
  let name = '';
  let built = null; // the game id the body was built for
  let token = 0;

  async function build() {
    if (!panel.open || !id || built === id) return;
    const mine = ++token;
    const load = LOADERS[id];
    let data = null;
    try {
      data = load ? (await load()).default : null;
    } catch (e) {
      console.warn(e);
    }
    if (mine !== token || !panel.open) return;
    built = id;
    body.replaceChildren(...render(doc, id, name, data));
    body.dataset.game = id;
  }

  panel.addEventListener('toggle', () => { build(); });

  return {
    show(gameId, gameName) {
      id = gameId;
      name = gameName;
      summary.textContent = `Rules of ${gameName}`;
      if (built !== gameId) {
        built = null;
        token += 1;
        body.replaceChildren();
        delete body.dataset.game;
      }
      build();
    },
  };
}

function el(doc, tag, props = {}, ...children) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

const paragraphs = (doc, list, cls) => (list || []).map((t) => el(doc, 'p', cls ? { class: cls } : {}, t));

/** The panel's content for game `id` (named `name`) from its data module. */
function render(doc, id, name, data) {
  const out = [];
  const single = singleFile(doc);
  const demo = demoUrl(doc, id);
  const demoLink = () => (demo
    ? el(doc, 'p', { class: 'rules-demo' }, 'See every game’s walk-through on the ',
      el(doc, 'a', { href: demo }, 'demo page'), '.')
    : el(doc, 'p', { class: 'rules-demo' }, 'Every game’s walk-through is on the demo page (docs/demo.html in the fairyboard project).'));
  if (!data) {
    out.push(el(doc, 'p', {}, `The rules of ${name} could not be loaded.`), demoLink());
    return out;
  }
  if (!single) loadBoardScript(doc);
  out.push(...paragraphs(doc, data.intro));
  out.push(demoLink());
  out.push(el(doc, 'h3', {}, 'Goal'), el(doc, 'p', {}, data.goal));
  const pieces = el(doc, 'dl', { class: 'rules-pieces' });
  for (const [piece, how] of data.pieces || []) pieces.append(el(doc, 'dt', {}, piece), el(doc, 'dd', {}, how));
  out.push(el(doc, 'h3', {}, 'The pieces'), pieces);
  (data.rules || []).forEach((rule, i) => {
    const hid = `rules-${id}-${i}`;
    const section = el(doc, 'section', { class: 'rules-rule', 'aria-labelledby': hid },
      el(doc, 'h3', { id: hid }, rule.title), ...paragraphs(doc, rule.text));
    for (const t of rule.ours || []) section.append(ours(doc, t));
    if (rule.board) section.append(boardFigure(doc, id, rule, single));
    out.push(section);
  });
  if (data.ours && data.ours.length) {
    out.push(el(doc, 'h3', {}, 'Other gaps in the original rules'));
    for (const t of data.ours) out.push(ours(doc, t));
  }
  if (data.note) out.push(el(doc, 'p', {}, data.note));
  return out;
}

/** A paragraph on a point the original rules leave open. */
function ours(doc, text) {
  return el(doc, 'p', { class: 'rules-ours' }, el(doc, 'strong', {}, 'Our reading: '), text);
}

/** The small live board of `rule` (or, in the single-file page, its position as text). */
function boardFigure(doc, id, rule, single) {
  const b = rule.board;
  const caption = el(doc, 'figcaption', {}, b.try);
  if (single) {
    // From disk the boards cannot load (no embed.html beside the single file): the
    // position as text, to paste into the editor, and the caption.
    return el(doc, 'figure', { class: 'rules-board rules-board-text' },
      el(doc, 'p', {}, 'Position: ', el(doc, 'code', {}, b.position)), caption);
  }
  const board = el(doc, 'fairyboard-board', {
    game: id,
    mode: 'explore',
    position: b.position,
    loading: 'lazy',
    coordinates: 'on',
    label: `${rule.title}: a board to try it`,
    'data-move': b.move,
  }, `${rule.title}: position ${b.position}`);
  if (b.arrows) board.setAttribute('arrows', b.arrows);
  if (b.marks) board.setAttribute('marks', b.marks);
  return el(doc, 'figure', { class: 'rules-board' }, board, caption);
}

/** The rules panel (#rules-panel) mounted over the page's `state`: it follows the game on the board. */
export function mountRulesPanel(doc, state) {
  const panel = doc.getElementById('rules-panel');
  if (!panel) return;
  const rules = makeRulesPanel(panel, doc.getElementById('rules-summary'), doc.getElementById('rules-body'));
  let shownId = null;
  subscribe(state, ['new'], () => {
    const id = state.game?.gameId();
    if (!id || id === shownId) return;
    shownId = id;
    try {
      rules.show(id, games().find((g) => g.id === id)?.name || id);
    } catch (e) {
      console.warn(e);
    }
  });
}
