// Between the engine and the board: turns the engine's legal move list into "from this square
// you can go there" maps, so neither the board nor the engine knows the other's shapes.

/**
 * Groups legal moves by their origin square.
 * @param {Array<{text, from: number|null, to: number, choice, effects}>} moves
 * @returns {Map<number|null, Array>} from square -> moves (drops, whose `from` is null, under null)
 */
export function movesByFrom(moves) {
  const map = new Map();
  for (const m of moves || []) {
    const key = m.from ?? null;
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(m);
  }
  return map;
}

/** The moves from `from` to `to` (several when they differ only in a choice, e.g. promotion). */
export function movesBetween(byFrom, from, to) {
  return (byFrom.get(from) || []).filter((m) => m.to === to);
}

/** Destination squares reachable from `from`, each once. */
export function destinations(byFrom, from) {
  return [...new Set((byFrom.get(from) || []).map((m) => m.to))];
}

/** True if the move removes a piece by capture (any "remove" effect), for ring markers. */
export function isCapture(move) {
  return (move.effects || []).some((e) => e.type === 'remove');
}

/** Squares that `from`'s moves capture on, as a Set (destinations drawn as rings). */
export function captureDestinations(byFrom, from) {
  return new Set((byFrom.get(from) || []).filter(isCapture).map((m) => m.to));
}

/**
 * The piece a move with a choice turns into (from its promote/transform/place effect),
 * or null: used to picture the options in the picker.
 */
export function choicePiece(move) {
  const e = (move.effects || []).find((x) => x.type === 'promote' || x.type === 'transform' || x.type === 'place');
  return e ? e.piece : null;
}
