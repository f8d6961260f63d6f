// The new-game choice (a dialog, not a hidden setting): two players on this device, or the
// computer with the person's colour (White, Black or random) and its level 1-8. The choice is
// remembered per game in localStorage (fairyboard.opponent.<id>: the dialog's next default),
// and how the game on the board is played is kept beside it (fairyboard.playing.<id>), so a
// reload goes on against the computer while a game opened from a link is two people's.

import { onDialogChoice } from './dialogchoice.js';

const KEY = 'fairyboard.opponent.';
const PLAYING = 'fairyboard.playing.';
const DEFAULT = Object.freeze({ opponent: 'human', color: 'w', level: 3, side: 'w', clock: 'none' });

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

/**
 * Game `id`'s choice: { opponent: 'human'|'computer', color: 'w'|'b'|'random' (as chosen),
 * level: 1-8, side: 'w'|'b' (the person's side in the game on the board: `color` drawn),
 * clock: a time control such as '5+3' or 'none' }.
 */
export function loadChoice(id, key = KEY) {
  const s = store();
  try {
    const c = JSON.parse((s && s.getItem(key + id)) || 'null');
    if (c && typeof c === 'object') return normalise(c);
  } catch { /* unreadable: the default */ }
  return { ...DEFAULT };
}

/** Keeps game `id`'s choice (quietly nothing when storage is refused). */
export function saveChoice(id, choice, key = KEY) {
  const s = store();
  try { if (s) s.setItem(key + id, JSON.stringify(normalise(choice))); } catch { /* full or disabled */ }
}

/** How the game of `id` on the board is played (a choice as loadChoice gives; default two people). */
export const loadPlaying = (id) => loadChoice(id, PLAYING);
/** Keeps how the game of `id` on the board is played. */
export const savePlaying = (id, choice) => saveChoice(id, choice, PLAYING);

/** A choice with every field valid (anything else falls back to the default). */
export function normalise(c) {
  const level = Math.round(Number(c.level));
  const color = ['w', 'b', 'random'].includes(c.color) ? c.color : DEFAULT.color;
  const side = ['w', 'b'].includes(c.side) ? c.side : (color === 'b' ? 'b' : 'w');
  return {
    opponent: c.opponent === 'computer' ? 'computer' : 'human',
    color,
    level: level >= 1 && level <= 8 ? level : DEFAULT.level,
    side,
    clock: /^\d+(\.\d+)?\+\d+$/.test(String(c.clock)) ? String(c.clock) : 'none', // see clocks.js
  };
}

/** The person's side for a new game of `choice` (random: a coin). */
export function drawSide(choice) {
  if (choice.color === 'random') return Math.random() < 0.5 ? 'w' : 'b';
  return choice.color;
}

/**
 * The dialog in index.html (#new-game-dialog). open(id, name, note) resolves to the choice
 * made (saved for `id`) or null when cancelled (Esc, Cancel).
 */
export function makeNewGameDialog(doc) {
  const dialog = doc.getElementById('new-game-dialog');
  const form = dialog.querySelector('form');
  const computerOnly = [...dialog.querySelectorAll('.computer-only')];
  const showComputer = () => {
    const on = form.elements.opponent.value === 'computer';
    for (const el of computerOnly) el.hidden = !on;
  };
  form.addEventListener('change', showComputer);
  let pending = null;
  onDialogChoice(dialog, (value) => {
    if (!pending) return;
    const resolve = pending;
    pending = null;
    if (value !== 'start') { resolve(null); return; }
    const choice = normalise({
      opponent: form.elements.opponent.value,
      color: form.elements.color.value,
      level: form.elements.level.value,
      clock: form.elements.clock.value,
    });
    choice.side = choice.opponent === 'computer' ? drawSide(choice) : 'w';
    resolve(choice);
  });
  return {
    open(id, name, note = '') {
      const c = loadChoice(id);
      form.elements.opponent.value = c.opponent;
      form.elements.color.value = c.color;
      form.elements.level.value = String(c.level);
      form.elements.clock.value = c.clock;
      doc.getElementById('new-game-name').textContent = name;
      doc.getElementById('new-game-note').textContent = note;
      showComputer();
      dialog.returnValue = '';
      return new Promise((resolve) => {
        pending = resolve;
        dialog.showModal();
        const start = dialog.querySelector('button[value="start"]');
        if (start) start.focus();
      });
    },
    isOpen: () => dialog.open,
  };
}
