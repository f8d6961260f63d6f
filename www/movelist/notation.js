// www/movelist/: the moves: the list, its variations and comments, the evaluation graph.
// The move list's notation: readable names (Nf3, the variants' SAN-style names; the default)
// or coordinates (g1f3), a <select> remembered in localStorage under `fairyboard.notation`.
// Names and texts both come from the engine; this only chooses which to show.

export const NOTATION_KEY = 'fairyboard.notation';
const CHOICES = ['names', 'coordinates'];

function stored(storage) {
  try {
    const v = storage && storage.getItem(NOTATION_KEY);
    return CHOICES.includes(v) ? v : 'names';
  } catch {
    return 'names'; // storage blocked (private modes, file://)
  }
}

/**
 * Wires `select` (may be null: names then) and calls `changed()` when the choice changes.
 * Returns { coordinates() } (true when the list shows coordinates).
 */
export function attachNotation(select, changed, storage = globalThis.localStorage) {
  let current = stored(storage);
  if (select) {
    select.value = current;
    select.addEventListener('change', () => {
      if (!CHOICES.includes(select.value)) return;
      current = select.value;
      try { storage && storage.setItem(NOTATION_KEY, current); } catch { /* not remembered */ }
      changed();
    });
  }
  return { coordinates: () => current === 'coordinates' };
}
