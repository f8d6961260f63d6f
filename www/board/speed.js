// www/board/: the board on the canvas, drawn and animated.
// The animation speed control: a <select> (off, fast, normal, slow) remembered in
// localStorage under `fairyboard.speed`. The page's `prefers-reduced-motion` still wins.

export const SPEED_KEY = 'fairyboard.speed';
/** Each setting's factor on config.animationMs (0: no animation). */
export const SPEEDS = Object.freeze({ off: 0, fast: 0.5, normal: 1, slow: 2 });
const DEFAULT = 'normal';

function stored(storage) {
  try {
    const v = storage && storage.getItem(SPEED_KEY);
    return Object.hasOwn(SPEEDS, v) ? v : DEFAULT;
  } catch {
    return DEFAULT; // storage blocked (private modes, file://)
  }
}

/**
 * Wires `select` (may be null: then the speed stays normal) and returns
 * { name(), factor(), set(name) }.
 */
export function attachSpeed(select, storage = globalThis.localStorage) {
  let current = stored(storage);
  if (select) {
    select.value = current;
    select.addEventListener('change', () => set(select.value));
  }
  function set(name) {
    if (!Object.hasOwn(SPEEDS, name)) return;
    current = name;
    if (select && select.value !== name) select.value = name;
    try { storage && storage.setItem(SPEED_KEY, name); } catch { /* not remembered */ }
  }
  return { name: () => current, factor: () => SPEEDS[current], set };
}
