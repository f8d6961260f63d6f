// www/panels/: the panels around the board: move list, legend, rules, players, settings, dialogs.
// The Settings panel (index.html): coordinates on the board or not, the board's colour
// theme, and move sounds muted or not, each remembered in localStorage (fairyboard.coordinates,
// fairyboard.theme, fairyboard.mute). A theme is a name on the page root (data-theme), which
// style.css turns into the board's custom properties (read by draw.js), and a piece palette
// (pieces.js). The embedded board has no panel and keeps its own settings (its address).

import { setPiecePalette } from '../board/pieces.js';

export const COORDINATES_KEY = 'fairyboard.coordinates';
export const THEME_KEY = 'fairyboard.theme';
export const MUTE_KEY = 'fairyboard.mute';

/**
 * The themes: board colours in style.css (:root[data-theme=...]), pieces from pieces.js's
 * palettes. 'auto' follows the light or dark colour scheme (brown, or blue-grey in the dark).
 */
export const THEMES = Object.freeze({
  auto: { label: 'Automatic', pieces: 'classic' },
  brown: { label: 'Brown', pieces: 'classic' },
  green: { label: 'Green', pieces: 'classic' },
  blue: { label: 'Blue', pieces: 'classic' },
  contrast: { label: 'Grey, high contrast', pieces: 'contrast' },
});

function read(storage, key) {
  try {
    return storage ? storage.getItem(key) : null;
  } catch {
    return null; // storage blocked (private modes, file://)
  }
}
function write(storage, key, value) {
  try { if (storage) storage.setItem(key, value); } catch { /* not remembered */ }
}

/** Sets theme `name` on `root` (the page's <html>) and the piece palette. */
export function applyTheme(name, root = document.documentElement) {
  const t = THEMES[name] ? name : 'auto';
  if (t === 'auto') delete root.dataset.theme;
  else root.dataset.theme = t;
  setPiecePalette(THEMES[t].pieces);
}

/**
 * Wires the panel's controls in `doc` (#coordinates checkbox, #theme select, #mute checkbox;
 * any may be missing) and calls `changed()` after the board's look changed. Returns
 * { coordinates(), theme(), muted() }.
 */
export function attachSettings(doc, changed, storage = globalThis.localStorage) {
  const $ = (id) => (doc ? doc.getElementById(id) : null);
  const state = {
    coordinates: read(storage, COORDINATES_KEY) !== 'off',
    theme: THEMES[read(storage, THEME_KEY)] ? read(storage, THEME_KEY) : 'auto',
    muted: read(storage, MUTE_KEY) === 'on',
  };
  // An embedded board (no panel) keeps the colours its address gives (embedmode.js's theme).
  if (doc) applyTheme(state.theme);

  const coords = $('coordinates');
  if (coords) {
    coords.checked = state.coordinates;
    coords.addEventListener('change', () => {
      state.coordinates = coords.checked;
      write(storage, COORDINATES_KEY, state.coordinates ? 'on' : 'off');
      changed();
    });
  }
  const theme = $('theme');
  if (theme) {
    theme.replaceChildren(...Object.entries(THEMES).map(([value, t]) => Object.assign(
      doc.createElement('option'), { value, textContent: t.label })));
    theme.value = state.theme;
    theme.addEventListener('change', () => {
      if (!THEMES[theme.value]) return;
      state.theme = theme.value;
      write(storage, THEME_KEY, state.theme);
      applyTheme(state.theme);
      changed();
    });
  }
  const mute = $('mute');
  if (mute) {
    mute.checked = state.muted;
    mute.addEventListener('change', () => {
      state.muted = mute.checked;
      write(storage, MUTE_KEY, state.muted ? 'on' : 'off');
    });
  }
  return { coordinates: () => state.coordinates, theme: () => state.theme, muted: () => state.muted };
}
