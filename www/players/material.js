// www/players/: the players beside the board: their names and the material each has lost.
// The material beside the board: for each side the pieces it has lost since the start of
// the game, counted from the engine's piece lists (GameHandle.pieces(), and hands() for
// Pawnier's pawns in hand) against those of the game's start position (startText()). A
// promoted pawn counts as a pawn lost and a piece more, so only what is missing is shown.
// As on lichess, the side ahead in material shows by how much ("+3"), in the game's own
// pawns: the computer's value of each piece (engine.legend(game)[].value, centipawns) over
// its value of the game's pawn (Pawnier's pawn is worth about 500, Riftwalker's 330), then
// rounded as people count: below 3 pawns to the nearest half, from 3 up to the nearest
// whole, a tie rounding down, and never below half a pawn. So Pawnier's sergeant counts ½
// and its knight 1. Orthodox chess has a count people already know, 1/3/3/5/9, and keeps it
// whatever the computer's tuned values are (its queen is worth 10.5 pawns to it).

import { pieceSvg } from '../board/pieces.js';
import { legend, withGame } from '../engine/engine.js';
import { subscribe, SHOWN } from '../state.js';

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
 * White's material less Black's, for piece counts `counts` (countPieces) and `values` (kind
 * -> value, in whatever unit `values` gives).
 */
export function balance(counts, values) {
  const sum = (side) => [...side].reduce((t, [kind, { n }]) => t + n * (values.get(kind) || 0), 0);
  return sum(counts.w) - sum(counts.b);
}

/**
 * A piece worth `pawns` of the game's pawns as a person counts it: to the nearest half below
 * 3, to the nearest whole from 3 up, a tie rounding down (the queen's 9.5 is 9), and at
 * least ½ for anything worth something. The king (0) counts 0.
 */
export function countAsPeople(pawns) {
  if (!(pawns > 0)) return 0;
  const step = pawns < 3 ? 0.5 : 1;
  return Math.max(0.5, Math.ceil(pawns / step - 0.5) * step);
}

/** Orthodox chess as people count it. */
const ORTHODOX_COUNT = Object.freeze({ pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 0 });

/**
 * kind -> the piece's value in the game's pawns as people count it (countAsPeople), from
 * the game's legend ([{ kind, value }], value in centipawns).
 */
export function countedValues(legend, game) {
  if (game === 'orthodox') return new Map(Object.entries(ORTHODOX_COUNT));
  const pawn = legend.find((e) => e.kind === 'pawn')?.value || 100;
  return new Map(legend.map((e) => [e.kind, countAsPeople(e.value / pawn)]));
}

/** A lead of `n` > 0 pawns (a multiple of ½) as shown: "+2", "+½", "+1½". */
export function leadText(n) {
  return `+${Math.floor(n) || ''}${n % 1 ? '½' : ''}`;
}

/** A lead of `n` > 0 pawns in words: "1 pawn", "3 pawns", "half a pawn", "2 and a half pawns". */
export function leadWords(n) {
  const whole = Math.floor(n);
  if (n % 1 === 0) return `${n} pawn${n === 1 ? '' : 's'}`;
  return whole ? `${whole} and a half pawns` : 'half a pawn';
}

/**
 * Wires the rows `rows` ({ w, b }: each side's element beside its player's name; null:
 * nothing shown) and returns { update(), lost(), balance() }. Reads the game from the page's
 * `state` (state.js) after every change of the position, a flip and a new theme (subscribed).
 */
export function makeMaterial(rows, state) {
  let startKey = '';
  let startCounts = null;
  let last = { w: [], b: [] };
  let ahead = 0; // White's material less Black's, in the game's pawns (countedValues)
  const valuesOf = new Map(); // game id -> Map(kind -> the game's pawns)

  function values() {
    if (!valuesOf.has(state.gameId)) valuesOf.set(state.gameId, countedValues(legend(state.gameId), state.gameId));
    return valuesOf.get(state.gameId);
  }

  function startOf(game) {
    const text = game.startText();
    const key = `${state.gameId}\n${text}`;
    if (key !== startKey) {
      startCounts = withGame(state.gameId, text, (h) => countPieces(h.pieces(), h.hands()));
      startKey = key;
    }
    return startCounts;
  }

  function update() {
    const game = state.game;
    if (!game) return;
    try {
      const now = countPieces(game.pieces(), game.hands());
      last = lostPieces(startOf(game), now);
      ahead = balance(now, values());
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
        + (lead > 0 ? `, ahead by ${leadWords(lead)} in material` : '');
      glyphs.setAttribute('aria-hidden', 'true');
      row.replaceChildren(words, glyphs);
      if (lead > 0) {
        const plus = Object.assign(document.createElement('span'), { className: 'material-balance', textContent: leadText(lead) });
        plus.setAttribute('aria-hidden', 'true');
        row.append(plus);
      }
    }
  }

  subscribe(state, [...SHOWN, 'flip', 'style'], () => update());
  return {
    update,
    /** The kinds each side has lost: { w: [kind...], b: [...] }. */
    lost: () => ({ w: last.w.map((p) => p.kind), b: last.b.map((p) => p.kind) }),
    /** White's material less Black's, in the game's pawns as people count them (a multiple of ½). */
    balance: () => ahead,
  };
}

/** "2 pawns, a knight" for a list of pieces. */
function describe(pieces) {
  const counts = new Map();
  for (const p of pieces) counts.set(p.kind, (counts.get(p.kind) || 0) + 1);
  return [...counts].map(([kind, n]) => (n === 1 ? `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}` : `${n} ${kind}s`)).join(', ');
}
