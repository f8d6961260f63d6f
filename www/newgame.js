// The new-game choice (a dialog, not a hidden setting): two players on this device, or the
// computer with the person's colour (White, Black or random) and its level 1-8. The choice is
// remembered per game in localStorage (fairyboard.opponent.<id>: the dialog's next default),
// and how the game on the board is played is kept beside it (fairyboard.playing.<id>), so a
// reload goes on against the computer while a game opened from a link is two people's.

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

/** The computer's levels as the dialog names them. */
const LEVELS = ['1: beginner', '2', '3: casual', '4', '5: club', '6', '7: strong', '8: full strength'];
/** The time controls offered (clocks.js reads them), with their names. */
const CLOCKS = [['none', 'None'], ['1+0', '1 minute'], ['3+2', '3 + 2'], ['5+3', '5 + 3'], ['10+5', '10 + 5'], ['15+10', '15 + 10']];

/** The dialog's markup: made here, so the full page and the embedded board share it. */
function buildDialog(doc) {
  const dialog = doc.createElement('dialog');
  dialog.id = 'new-game-dialog';
  dialog.className = 'dialog';
  dialog.setAttribute('aria-labelledby', 'new-game-title');
  const options = (list) => list.map(([value, label]) => `<option value="${value}">${label}</option>`).join('');
  dialog.innerHTML = `<form method="dialog" class="dialog-form">
    <h2 id="new-game-title">New game of <span id="new-game-name"></span></h2>
    <fieldset class="choices">
      <legend>Opponent</legend>
      <label><input type="radio" name="opponent" value="human" checked> Two players on this device</label>
      <label><input type="radio" name="opponent" value="computer"> The computer</label>
    </fieldset>
    <fieldset class="choices computer-only">
      <legend>You play</legend>
      <label><input type="radio" name="color" value="w" checked> White</label>
      <label><input type="radio" name="color" value="b"> Black</label>
      <label><input type="radio" name="color" value="random"> Either (random)</label>
    </fieldset>
    <label class="computer-only level-choice">Level
      <select name="level">${options(LEVELS.map((label, i) => [i + 1, label]))}</select>
    </label>
    <label class="level-choice">Clock
      <select name="clock">${options(CLOCKS)}</select>
    </label>
    <p id="new-game-note" class="dialog-note"></p>
    <div class="dialog-buttons">
      <button type="submit" value="start" class="primary">Start</button>
      <button type="submit" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>`;
  doc.body.append(dialog);
  return dialog;
}

/**
 * The New game dialog (#new-game-dialog, made on first use). open(id, name, note) resolves
 * to the choice made (saved for `id`) or null when cancelled (Esc, Cancel).
 */
export function makeNewGameDialog(doc) {
  let dialog = null;
  let form = null;
  let computerOnly = [];
  const showComputer = () => {
    const on = form.elements.opponent.value === 'computer';
    for (const el of computerOnly) el.hidden = !on;
  };
  let pending = null;
  /** Makes the dialog and wires it, once. */
  function ready() {
    if (dialog) return;
    dialog = doc.getElementById('new-game-dialog') || buildDialog(doc);
    form = dialog.querySelector('form');
    computerOnly = [...dialog.querySelectorAll('.computer-only')];
    form.addEventListener('change', showComputer);
    dialog.addEventListener('close', closed);
  }
  function closed() {
    if (!pending) return;
    const resolve = pending;
    pending = null;
    if (dialog.returnValue !== 'start') { resolve(null); return; }
    const choice = normalise({
      opponent: form.elements.opponent.value,
      color: form.elements.color.value,
      level: form.elements.level.value,
      clock: form.elements.clock.value,
    });
    choice.side = choice.opponent === 'computer' ? drawSide(choice) : 'w';
    resolve(choice);
  }
  return {
    open(id, name, note = '') {
      ready();
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
    isOpen: () => !!dialog && dialog.open,
  };
}
