// www/game/: the game's flow: every change, how it is played, its clocks and its end.
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

/**
 * Destinations of `from`'s moves that remove a piece of the mover's own side (a Vagabond
 * berserker's rage or leap onto a friend), as a Set: marked apart from enemy captures.
 * `pieces`: the board by cell ({color} or null).
 */
export function ownCaptureDestinations(byFrom, from, pieces) {
  const mover = pieces[from];
  const out = new Set();
  if (!mover) return out;
  for (const m of byFrom.get(from) || []) {
    const own = (m.effects || []).some((e) => e.type === 'remove' && e.why !== 'destroyed'
      && pieces[e.at] && pieces[e.at].color === mover.color && e.at !== from);
    if (own) out.add(m.to);
  }
  return out;
}

/**
 * Arrows of `from`'s moves that bounce off an edge (Bandit's outlaw): `{from, to, via,
 * kind: 'path'}` with `via` the cells passed, the turn at the edge among them, from
 * `movePath(text)` (the engine's GameHandle.movePath). One arrow per destination.
 */
export function bouncePaths(byFrom, from, movePath) {
  const out = [];
  for (const m of byFrom.get(from) || []) {
    if (!(m.effects || []).some((e) => e.type === 'move' && e.how === 'bounce')) continue;
    if (out.some((a) => a.to === m.to)) continue;
    out.push({ from, to: m.to, via: Array.from(movePath(m.text) || []), kind: 'path' });
  }
  return out;
}
