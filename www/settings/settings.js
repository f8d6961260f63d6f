// www/settings/: the Settings panel: coordinates, colour themes, sounds, remembered.
// The Settings panel (index.html): coordinates on the board or not, the board's colour
// theme, and move sounds muted or not, each remembered in localStorage (fairyboard.coordinates,
// fairyboard.theme, fairyboard.mute). A theme is a name on the page root (data-theme), which
// style.css turns into the board's custom properties (read by draw.js), and a piece palette
// (pieces.js). The embedded board has no panel and keeps its own settings (its address).

import { setPiecePalette } from '../board/pieces.js';
import { readChecked } from '../records/setaside.js';

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

/** Whether `name` is one of the themes (own keys only: not `constructor`, `__proto__`, ...). */
export const isTheme = (name) => typeof name === 'string' && Object.hasOwn(THEMES, name);

/** `raw` if it is 'on' or 'off' (what the panel writes), else an Error saying what it is. */
function onOff(raw) {
  if (raw !== 'on' && raw !== 'off') throw new Error(`'${raw.slice(0, 40)}' is neither on nor off`);
  return raw;
}
function themeName(raw) {
  if (!isTheme(raw)) throw new Error(`'${raw.slice(0, 40)}' is not a theme`);
  return raw;
}

function defaultStorage() {
  try { return globalThis.localStorage || null; } catch { return null; } // blocked (private modes, file://)
}
function write(storage, key, value) {
  try { if (storage) storage.setItem(key, value); } catch { /* not remembered */ }
}

/** Sets theme `name` on `root` (the page's <html>) and the piece palette. */
export function applyTheme(name, root = document.documentElement) {
  const t = isTheme(name) ? name : 'auto';
  if (t === 'auto') delete root.dataset.theme;
  else root.dataset.theme = t;
  setPiecePalette(THEMES[t].pieces);
}

/**
 * Wires the panel's controls in `doc` (#coordinates checkbox, #theme select, #mute checkbox;
 * any may be missing) and calls `changed()` after the board's look changed. Returns
 * { coordinates(), theme(), muted() }.
 */
export function attachSettings(doc, changed, storage = defaultStorage()) {
  const $ = (id) => (doc ? doc.getElementById(id) : null);
  // Each setting read with a check: one that is not what the panel writes is set aside and
  // said. An embedded board (no panel) reads none: it keeps the settings its address gives.
  const state = !doc ? { coordinates: true, theme: 'auto', muted: false } : {
    coordinates: readChecked(storage, COORDINATES_KEY, onOff,
      { name: 'coordinates', what: 'The coordinates setting', instead: 'coordinates are shown' }, 'on') !== 'off',
    theme: readChecked(storage, THEME_KEY, themeName,
      { name: 'theme', what: 'The board\'s theme', instead: 'the Automatic theme is used' }, 'auto'),
    muted: readChecked(storage, MUTE_KEY, onOff,
      { name: 'mute', what: 'The sounds setting', instead: 'move sounds are on' }, 'off') === 'on',
  };
  if (doc) applyTheme(state.theme); // an embedded board: embedmode.js's theme

  /** A checkbox setting `id`: state[field], kept under `key` as on or off; then `after()`. */
  function checkbox(id, key, field, after = () => {}) {
    const box = $(id);
    if (!box) return;
    box.checked = state[field];
    box.addEventListener('change', () => {
      state[field] = box.checked;
      write(storage, key, box.checked ? 'on' : 'off');
      after();
    });
  }
  checkbox('coordinates', COORDINATES_KEY, 'coordinates', changed);
  const theme = $('theme');
  if (theme) {
    theme.replaceChildren(...Object.entries(THEMES).map(([value, t]) => Object.assign(
      doc.createElement('option'), { value, textContent: t.label })));
    theme.value = state.theme;
    theme.addEventListener('change', () => {
      if (!isTheme(theme.value)) return;
      state.theme = theme.value;
      write(storage, THEME_KEY, state.theme);
      applyTheme(state.theme);
      changed();
    });
  }
  checkbox('mute', MUTE_KEY, 'muted');
  return { coordinates: () => state.coordinates, theme: () => state.theme, muted: () => state.muted };
}
