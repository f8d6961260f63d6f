// The material beside the board: for each side the pieces it has lost since the start of
// the game, counted from the engine's piece lists (GameHandle.pieces(), and hands() for
// Pawnier's pawns in hand) against those of the game's start position (startText()). A
// promoted pawn counts as a pawn lost and a piece more, so only what is missing is shown.
// As on lichess, the side ahead in material shows by how much ("+3", in pawns), by the
// values the computer gives the pieces (engine.legend(game)[].value).

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
 * White's material less Black's in centipawns, for piece counts `counts` (countPieces) and
 * `values` (kind -> centipawns).
 */
export function balance(counts, values) {
  const sum = (side) => [...side].reduce((t, [kind, { n }]) => t + n * (values.get(kind) || 0), 0);
  return sum(counts.w) - sum(counts.b);
}

/**
 * Wires the rows `rows` ({ w, b }: each side's element beside its player's name; null:
 * nothing shown) and returns { update(), lost(), balance() }. Reads the game from the page's
 * `state` (state.js).
 */
export function makeMaterial(rows, state) {
  let startKey = '';
  let startCounts = null;
  let last = { w: [], b: [] };
  let ahead = 0; // White's material less Black's, in pawns (rounded)
  const valuesOf = new Map(); // game id -> Map(kind -> centipawns)

  function values() {
    if (!valuesOf.has(state.gameId)) {
      valuesOf.set(state.gameId, new Map(state.engine.legend(state.gameId).map((e) => [e.kind, e.value])));
    }
    return valuesOf.get(state.gameId);
  }

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
      const now = countPieces(game.pieces(), game.hands());
      last = lostPieces(startOf(game), now);
      ahead = Math.round(balance(now, values()) / 100);
    } catch {
      last = { w: [], b: [] };
      ahead = 0;
    }
    if (rows) render();
  }

  function render() {
    for (const c of ['w', 'b']) {
      const row = rows[c];
      if (!row) continue;
      const glyphs = Object.assign(document.createElement('span'), { className: 'material-glyphs' });
      for (const p of last[c]) glyphs.appendChild(pieceSvg(p));
      const words = Object.assign(document.createElement('span'), { className: 'visually-hidden' });
      const lead = c === 'w' ? ahead : -ahead;
      words.textContent = (last[c].length ? ` has lost ${describe(last[c])}` : ' has lost nothing')
        + (lead > 0 ? `, ahead by ${lead} pawn${lead === 1 ? '' : 's'} in material` : '');
      glyphs.setAttribute('aria-hidden', 'true');
      row.replaceChildren(words, glyphs);
      if (lead > 0) {
        const plus = Object.assign(document.createElement('span'), { className: 'material-balance', textContent: `+${lead}` });
        plus.setAttribute('aria-hidden', 'true');
        row.append(plus);
      }
    }
  }

  return {
    update,
    /** The kinds each side has lost: { w: [kind...], b: [...] }. */
    lost: () => ({ w: last.w.map((p) => p.kind), b: last.b.map((p) => p.kind) }),
    /** White's material less Black's, in pawns (rounded). */
    balance: () => ahead,
  };
}

/** "2 pawns, a knight" for a list of pieces. */
function describe(pieces) {
  const counts = new Map();
  for (const p of pieces) counts.set(p.kind, (counts.get(p.kind) || 0) + 1);
  return [...counts].map(([kind, n]) => (n === 1 ? `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}` : `${n} ${kind}s`)).join(', ');
}
