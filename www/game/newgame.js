// www/game/: the game's flow: every change, how it is played, its clocks and its end.
// The new-game choice (a dialog, not a hidden setting): the computer with the person's colour
// (White, Black or random) and its level 1-8, a friend at this board (two players on this
// device), or an analysis board. The choice is remembered per game in localStorage
// (fairyboard.opponent.<id>: the dialog's next default), and how the game on the board is
// played is kept beside it (fairyboard.playing.<id>), so a reload goes on against the
// computer while a game opened from a link or a record is on an analysis board.
//
// A game against the computer or a friend is *being played* until it ends: there a takeback
// removes the moves and no variation is made (gameflow.js). An analysis board, and any game
// once it has ended, is explored: a move played at an earlier position starts a variation.

import { onDialogChoice } from '../controls/dialogchoice.js';
import { gameLine } from './gamelines.js';

const KEY = 'fairyboard.opponent.';
const PLAYING = 'fairyboard.playing.';
/** The computer, a friend at this board (two players on this device), an analysis board. */
const OPPONENTS = ['computer', 'human', 'analysis'];
const DEFAULT = Object.freeze({ opponent: 'analysis', color: 'w', level: 3, side: 'w', clock: 'none' });

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

/**
 * Game `id`'s choice: { opponent: 'computer'|'human'|'analysis', color: 'w'|'b'|'random' (as chosen),
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
    opponent: OPPONENTS.includes(c.opponent) ? c.opponent : DEFAULT.opponent,
    color,
    level: level >= 1 && level <= 8 ? level : DEFAULT.level,
    side,
    clock: /^\d+(\.\d+)?\+\d+$/.test(String(c.clock)) ? String(c.clock) : 'none', // see clocks.js
  };
}

const WELCOMED = 'fairyboard.welcomed';

/** Whether this browser has not been welcomed yet (the welcome is offered once). */
export function firstVisit() {
  const s = store();
  try { return !!s && s.getItem(WELCOMED) == null; } catch { return false; }
}

/** Notes that the welcome was offered, whatever was chosen. */
export function markWelcomed() {
  const s = store();
  try { if (s) s.setItem(WELCOMED, '1'); } catch { /* full or disabled: offered again next time */ }
}

/** The person's side for a new game of `choice` (random: a coin). */
export function drawSide(choice) {
  if (choice.color === 'random') return Math.random() < 0.5 ? 'w' : 'b';
  return choice.color;
}

/**
 * The New game dialog, written once for every page that has it: the full page's (the game,
 * the three ways to play, the clock, and the welcome on a first visit) and an embedded
 * board's (`embedded`: the computer or two people, no game choice, no clock). Added to
 * `doc`'s body unless it is there already; returns it.
 */
export function newGameDialogElement(doc, { embedded = false } = {}) {
  const had = doc.getElementById('new-game-dialog');
  if (had) return had;
  doc.body.insertAdjacentHTML('beforeend', `
  <dialog id="new-game-dialog" class="dialog new-game" aria-labelledby="new-game-title" aria-describedby="new-game-note">
    <form method="dialog" class="dialog-form">
      <h2 id="new-game-title"><span id="new-game-heading">New game</span><span id="new-game-name" class="visually-hidden"></span></h2>
      <p id="new-game-welcome" class="dialog-note" hidden>Play chess variants in your browser, offline too. How would you like to start?</p>
      <label class="level-choice full-only">Game <select name="game" id="new-game-game"></select></label>
      <div id="new-game-about" class="game-about full-only">
        <img id="new-game-picture" class="game-about-picture" alt="" hidden>
        <p id="new-game-line" class="game-about-line" aria-live="polite"></p>
      </div>
      <fieldset class="ways">
        <legend class="visually-hidden">Opponent</legend>
        <label class="way"><input type="radio" name="opponent" value="computer"><span class="way-title">Play the computer</span><span class="way-note">Eight levels, from a beginner to full strength</span></label>
        <label class="way"><input type="radio" name="opponent" value="human"><span class="way-title">Play a friend</span><span class="way-note">Two players at this board, taking turns</span></label>
        <label class="way full-only"><input type="radio" name="opponent" value="analysis" checked><span class="way-title">Analysis board</span><span class="way-note">Try moves and variations, set up positions</span></label>
      </fieldset>
      <fieldset class="choices computer-only">
        <legend>You play</legend>
        <label><input type="radio" name="color" value="w" checked> White</label>
        <label><input type="radio" name="color" value="b"> Black</label>
        <label><input type="radio" name="color" value="random"> Either (random)</label>
      </fieldset>
      <label class="computer-only level-choice">Level
        <select name="level">
          <option value="1">1: beginner</option>
          <option value="2">2</option>
          <option value="3">3: casual</option>
          <option value="4">4</option>
          <option value="5">5: club</option>
          <option value="6">6</option>
          <option value="7">7: strong</option>
          <option value="8">8: full strength</option>
        </select>
      </label>
      <label class="level-choice played-only full-only">Clock
        <select name="clock">
          <option value="none">None</option>
          <option value="1+0">1 minute</option>
          <option value="3+2">3 + 2</option>
          <option value="5+3">5 + 3</option>
          <option value="10+5">10 + 5</option>
          <option value="15+10">15 + 10</option>
        </select>
      </label>
      <p id="new-game-note" class="dialog-note"></p>
      <div class="dialog-buttons">
        <button type="submit" value="start" class="primary">Start</button>
        <button type="submit" value="cancel" formnovalidate>Cancel</button>
      </div>
    </form>
  </dialog>`);
  const dialog = doc.getElementById('new-game-dialog');
  // An embedded board starts from the position its page gives: no game to choose, no
  // analysis board (explore mode is the page's choice), no clock.
  if (embedded) for (const el of dialog.querySelectorAll('.full-only')) el.remove();
  if (embedded) dialog.querySelector('input[name=opponent][value=human]').checked = true;
  return dialog;
}

/**
 * The game chosen, said under the Game choice (issue 40): its line (gamelines.js) and a small
 * picture of its start (`picture(id)`: SVG text, drawn by the page's own drawing code).
 * Returns about(id), which shows game `id`'s.
 */
function describeGame(doc, picture, games) {
  const line = doc.getElementById('new-game-line');
  const img = doc.getElementById('new-game-picture');
  let url = null;
  return (id) => {
    if (!line || !img) return;
    line.textContent = gameLine(id);
    const svg = id ? picture(id) : null;
    if (url) URL.revokeObjectURL(url);
    url = svg ? URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })) : null;
    img.hidden = !url;
    if (url) img.src = url; else img.removeAttribute('src');
    const name = games().find((g) => g.id === id)?.name || id;
    img.alt = `The start of ${name}`;
  };
}

/**
 * The New game dialog (newGameDialogElement); `games()` lists the games ({ id, name }).
 * open(id, name, note, { welcome }) resolves to the choice made, with the game chosen in
 * `game` (the choice is saved for that game), or null when cancelled (Esc, Cancel);
 * `welcome`: the first visit's wording. `picture(id)`: game `id`'s start as SVG text (or
 * null), shown small beside its line when it is chosen.
 */
export function makeNewGameDialog(doc, games = () => [], { embedded = false, picture = () => null } = {}) {
  const dialog = newGameDialogElement(doc, { embedded });
  const form = dialog.querySelector('form');
  const about = describeGame(doc, picture, games);
  form.elements.game?.addEventListener('change', () => about(form.elements.game.value));
  const computerOnly = [...dialog.querySelectorAll('.computer-only')];
  const playedOnly = [...dialog.querySelectorAll('.played-only')]; // no clock on an analysis board
  const showComputer = () => {
    const opponent = form.elements.opponent.value;
    for (const el of computerOnly) el.hidden = opponent !== 'computer';
    for (const el of playedOnly) el.hidden = opponent === 'analysis';
  };
  form.addEventListener('change', showComputer);
  let pending = null;
  onDialogChoice(dialog, (value) => {
    if (!pending) return;
    const resolve = pending;
    pending = null;
    if (value !== 'start') { resolve(null); return; }
    const game = form.elements.game?.value;
    const choice = normalise({
      opponent: form.elements.opponent.value,
      color: form.elements.color.value,
      level: form.elements.level.value,
      clock: form.elements.clock ? form.elements.clock.value : 'none',
    });
    choice.side = choice.opponent === 'computer' ? drawSide(choice) : 'w';
    if (choice.opponent === 'analysis') choice.clock = 'none';
    if (game) choice.game = game;
    resolve(choice);
  });
  return {
    open(id, name, note = '', { welcome = false } = {}) {
      const c = loadChoice(id);
      // The embedded board's dialog (embed.html) has no game choice and no welcome.
      form.elements.game?.replaceChildren(...games().map((g) => Object.assign(doc.createElement('option'), {
        value: g.id, textContent: g.name, selected: g.id === id,
      })));
      about(id);
      const heading = doc.getElementById('new-game-heading');
      if (heading) heading.textContent = welcome ? 'Welcome to fairyboard' : 'New game';
      const greeting = doc.getElementById('new-game-welcome');
      if (greeting) greeting.hidden = !welcome;
      dialog.querySelector('button[value="start"]').textContent = welcome ? 'Play' : 'Start';
      dialog.querySelector('button[value="cancel"]').textContent = welcome ? 'Just look around' : 'Cancel';
      // The welcome invites play: the computer is offered first.
      form.elements.opponent.value = welcome ? 'computer' : c.opponent;
      form.elements.color.value = c.color;
      form.elements.level.value = String(c.level);
      if (form.elements.clock) form.elements.clock.value = c.clock;
      const named = doc.getElementById('new-game-name');
      named.textContent = heading ? ` of ${name}` : name;
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
