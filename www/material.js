// The material beside the board: for each side the pieces it has lost since the start of
// the game, counted from the engine's piece lists (GameHandle.pieces(), and hands() for
// Pawnier's pawns in hand) against those of the game's start position (startText()). A
// promoted pawn counts as a pawn lost and a piece more, so only what is missing is shown.

import { pieceSvg } from './pieces.js';

const SIDES = Object.freeze({ w: 'White', b: 'Black' });

/** { w: Map(kind -> { n, piece }), b: ... } of the pieces on the board and in hand. */
export function countPieces(pieces, hands) {
  const out = { w: new Map(), b: new Map() };
  const add = (piece, n) => {
    const side = out[piece.color];
    if (!side) return;
    const had = side.get(piece.kind);
    side.set(piece.kind, { n: (had ? had.n : 0) + n, piece: had ? had.piece : piece });
  };
  for (const p of pieces || []) if (p) add(p, 1);
  for (const c of ['w', 'b']) {
    const n = hands ? Number(hands[c]) || 0 : 0;
    if (n > 0) add({ color: c, kind: 'pawn', letter: c === 'w' ? 'P' : 'p', name: `${SIDES[c]} pawn` }, n);
  }
  return out;
}

/** The pieces (one entry each) that `now` lacks against `start`, per side, in the start's order. */
export function lostPieces(start, now) {
  const out = { w: [], b: [] };
  for (const c of ['w', 'b']) {
    for (const [kind, { n, piece }] of start[c]) {
      const left = now[c].get(kind)?.n || 0;
      for (let i = left; i < n; i += 1) out[c].push(piece);
    }
  }
  return out;
}

/**
 * Wires the element `el` (may be null: nothing shown) and returns { update(), lost() }.
 * Reads the game from the page's `state` (state.js); player(c) names who plays side `c`
 * ('You', 'Computer, level 3') or is null between two people on this device.
 */
export function makeMaterial(el, state, player = () => null) {
  let startKey = '';
  let startCounts = null;
  let last = { w: [], b: [] };

  function startOf(game) {
    const text = game.startText();
    const key = `${state.gameId}\n${text}`;
    if (key !== startKey) {
      let h = null;
      try {
        h = new (state.engine.GameHandle)(state.gameId, text);
        startCounts = countPieces(h.pieces(), h.hands());
        startKey = key;
      } finally {
        if (h) h.free();
      }
    }
    return startCounts;
  }

  function update() {
    const game = state.game;
    if (!game) return;
    try {
      last = lostPieces(startOf(game), countPieces(game.pieces(), game.hands()));
    } catch {
      last = { w: [], b: [] };
    }
    if (el) render();
  }

  function render() {
    // The side at the top of the board first: Black, or White when the board is flipped.
    const order = state.flipped ? ['w', 'b'] : ['b', 'w'];
    el.replaceChildren(...order.map((c) => {
      const row = document.createElement('p');
      row.className = 'material-row';
      row.dataset.color = c;
      const who = player(c);
      const label = Object.assign(document.createElement('span'), {
        className: 'material-side', textContent: who ? `${SIDES[c]} · ${who}` : SIDES[c],
      });
      const glyphs = Object.assign(document.createElement('span'), { className: 'material-glyphs' });
      for (const p of last[c]) glyphs.appendChild(pieceSvg(p));
      const words = Object.assign(document.createElement('span'), { className: 'visually-hidden' });
      words.textContent = last[c].length ? ` has lost ${describe(last[c])}` : ' has lost nothing';
      glyphs.setAttribute('aria-hidden', 'true');
      row.append(label, words, glyphs);
      return row;
    }));
  }

  return {
    update,
    /** The kinds each side has lost: { w: [kind...], b: [...] }. */
    lost: () => ({ w: last.w.map((p) => p.kind), b: last.b.map((p) => p.kind) }),
  };
}

/** "2 pawns, a knight" for a list of pieces. */
function describe(pieces) {
  const counts = new Map();
  for (const p of pieces) counts.set(p.kind, (counts.get(p.kind) || 0) + 1);
  return [...counts].map(([kind, n]) => (n === 1 ? `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}` : `${n} ${kind}s`)).join(', ');
}
