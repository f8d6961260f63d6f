// www/rules/: the pieces and the rules: the legend and the rules panel with each game's text.
// The "Pieces" panel: for the chosen game, each piece kind's glyph (drawn by pieces.js, the
// same picture as on the board), its name and one line on how it moves (from the engine's
// legend). Choosing an entry shows that kind's moves on the current board; choosing it again
// or Escape clears it. Also the marks themselves (`legendMarks`), computed from legal moves.

import { drawPiece } from '../board/pieces.js';
import { legend as legendOf } from '../engine/engine.js';
import { subscribe, SHOWN } from '../state.js';

const GLYPH_PX = 40;

/**
 * Wires the panel's list `ul`. `on.choose(kind | null)` is called when the chosen entry
 * changes. Returns { setEntries(entries, color), chosen(), clear() }.
 */
export function makeLegend(ul, on) {
  const doc = ul.ownerDocument;
  let chosen = null;

  function mark() {
    for (const b of ul.querySelectorAll('button[data-kind]')) {
      b.setAttribute('aria-checked', String(b.dataset.kind === chosen));
    }
  }
  function choose(kind) {
    chosen = kind;
    mark();
    on.choose(chosen);
  }

  ul.addEventListener('click', (e) => {
    const b = e.target.closest('button[data-kind]');
    if (!b || !ul.contains(b)) return;
    choose(chosen === b.dataset.kind ? null : b.dataset.kind);
  });
  doc.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || chosen == null || e.defaultPrevented) return;
    if (on.blocked && on.blocked()) return;
    choose(null);
  });

  /** A small canvas with the glyph of `piece`, sharp at the screen's pixel ratio. */
  function glyph(piece) {
    const c = doc.createElement('canvas');
    const dpr = globalThis.devicePixelRatio || 1;
    c.width = Math.round(GLYPH_PX * dpr);
    c.height = Math.round(GLYPH_PX * dpr);
    c.className = 'legend-glyph';
    c.setAttribute('aria-hidden', 'true');
    const ctx = c.getContext('2d');
    ctx.scale(dpr, dpr);
    drawPiece(ctx, piece, GLYPH_PX / 2, GLYPH_PX / 2, GLYPH_PX);
    return c;
  }

  return {
    /** Shows `entries` ([{letter, kind, name, moves}]) with glyphs of colour `color`. */
    setEntries(entries, color = 'w') {
      chosen = null;
      ul.replaceChildren(...entries.map((e) => {
        const li = doc.createElement('li');
        const b = doc.createElement('button');
        b.type = 'button';
        b.className = 'legend-entry';
        b.dataset.kind = e.kind;
        // A switch ("show this kind's moves"), one on at a time; not a plain button, so the
        // entry "Queen" is never mistaken for the picker's "Queen".
        b.setAttribute('role', 'switch');
        b.setAttribute('aria-checked', 'false');
        const piece = { color, kind: e.kind, letter: color === 'w' ? e.letter : e.letter.toLowerCase() };
        const name = doc.createElement('span');
        name.className = 'legend-name';
        name.textContent = `${e.name} (${e.letter})`;
        const line = doc.createElement('span');
        line.className = 'legend-moves';
        line.textContent = e.moves;
        const text = doc.createElement('span');
        text.className = 'legend-text';
        text.append(name, line);
        b.append(glyph(piece), text);
        li.appendChild(b);
        return li;
      }));
    },
    chosen: () => chosen,
    clear() { if (chosen != null) choose(null); },
  };
}

/**
 * The marks for legend kind `kind`: every piece of that kind of the side to move
 * (`origins`) and where its legal moves go (`dests`, `captures` among them), as cell indices.
 * `pieces`: the board by cell; `byFrom`: legal moves grouped by origin (adapter.js).
 */
export function legendMarks(kind, side, pieces, byFrom) {
  const origins = [];
  const dests = new Set();
  const captures = new Set();
  pieces.forEach((p, sq) => {
    if (!p || p.kind !== kind || p.color !== side) return;
    origins.push(sq);
    for (const m of byFrom.get(sq) || []) {
      dests.add(m.to);
      if ((m.effects || []).some((e) => e.type === 'remove')) captures.add(m.to);
    }
  });
  return { kind, origins, dests: [...dests], captures };
}

/**
 * The Pieces panel (#legend) mounted over the page's `state`: its entries follow the game on
 * the board (and the colours: the glyphs are drawn again), and a kind chosen is marked on the
 * board (state.view.legend, drawn by `board`) after every change of the position. `blocked()`:
 * choosing waits (a picker open, the editor, an embedded board). Returns { chosen(), marks() }.
 */
export function mountLegend(doc, state, { board, blocked }) {
  const ul = doc.getElementById('legend');
  const legend = makeLegend(ul, { choose() { update(); }, blocked });
  let shown = null; // the handle the entries were last filled for
  let shownId = null;
  let marks = null; // the legend's marks on the board, or null

  function update() {
    const g = state.game;
    const kind = legend.chosen();
    marks = kind && g ? legendMarks(kind, g.sideToMove(), state.pieces, state.byFrom) : null;
    state.view.legend = marks;
    board.requestRedraw();
  }

  /** The entries of game `id`'s pieces, in White's glyphs. */
  function fill(id) {
    try {
      legend.setEntries(legendOf(id), 'w');
    } catch (e) {
      console.warn(e);
    }
  }

  subscribe(state, SHOWN, () => {
    const g = state.game;
    if (!g) return;
    if (g !== shown) {
      // Another game on the board: its pieces; the same game anew lets the kind chosen go.
      shown = g;
      if (g.gameId() !== shownId) { shownId = g.gameId(); fill(shownId); } else legend.clear();
    }
    update();
  });
  subscribe(state, ['lines'], () => update());
  // The piece colours changed (a theme): the glyphs are drawn again, a kind chosen let go with its marks.
  subscribe(state, ['style'], () => {
    if (!shownId) return;
    legend.clear();
    fill(shownId);
  });
  return { chosen: () => legend.chosen(), marks: () => marks };
}
