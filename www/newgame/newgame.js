// www/newgame/: a new game chosen, and a game's end: the New game dialog, the welcome, the end's panel.
// The New game dialog (a dialog, not a hidden setting): the game, and how it is played: the
// computer with the person's colour (White, Black or random) and its level 1-8, a friend at
// this board (two players on this device), a friend at a distance (by link, with a time per
// move, or live, with a clock: the person's colour and name; www/remote/), or an analysis
// board, with a clock or not; the choice is remembered per game (game/playing.js). On a first visit the same dialog is the
// welcome. ask() opens it and starts the game chosen (the page's start(id, choice)).

import { onDialogChoice } from '../controls/dialogchoice.js';
import { gameLine } from './gamelines.js';
import { loadChoice, normalise, drawSide, personSide, remote, ANALYSIS, TWO_PLAYERS } from '../game/playing.js';
import { myName } from '../remote/linkstore.js';
import { makeGameOver, lastMoveText } from './gameover.js';
import { startSvg } from '../images/image.js';
import { games, engineLoaded } from '../engine/engine.js';
import { gameInfo, subscribe, MOVED } from '../state.js';

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
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
        <label class="way full-only"><input type="radio" name="opponent" value="link"><span class="way-title">Play a friend by link</span><span class="way-note">Each move a link to send in any messenger, days to answer</span></label>
        <label class="way full-only"><input type="radio" name="opponent" value="live"><span class="way-title">Play a friend live</span><span class="way-note">Your two pages connected directly, moves at once</span></label>
        <label class="way full-only"><input type="radio" name="opponent" value="analysis" checked><span class="way-title">Analysis board</span><span class="way-note">Try moves and variations, set up positions</span></label>
      </fieldset>
      <fieldset class="choices sided-only">
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
      <label class="level-choice friend-only full-only">Your name
        <input type="text" name="name" id="new-game-your-name" maxlength="40" autocomplete="nickname" spellcheck="false"></label>
      <label class="level-choice link-only full-only">Time per move
        <select name="days" id="new-game-days">
          <option value="">No limit</option>
          <option value="1">1 day</option>
          <option value="3">3 days</option>
          <option value="7">7 days</option>
        </select>
      </label>
      <p id="new-game-due" class="dialog-note link-only full-only" aria-live="polite"></p>
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
        <button type="submit" value="learn" class="full-only" id="new-game-learn" hidden>Learn the game</button>
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
  const playedOnly = [...dialog.querySelectorAll('.played-only')]; // no clock on an analysis board, nor by link (days instead)
  const sidedOnly = [...dialog.querySelectorAll('.sided-only')]; // the person plays one side
  const friendOnly = [...dialog.querySelectorAll('.friend-only')]; // a friend at a distance: the person's name
  const linkOnly = [...dialog.querySelectorAll('.link-only')]; // by link: the time per move
  const showComputer = () => {
    const opponent = form.elements.opponent.value;
    const distant = opponent === 'link' || opponent === 'live';
    for (const el of computerOnly) el.hidden = opponent !== 'computer';
    for (const el of playedOnly) el.hidden = opponent === 'analysis' || opponent === 'link';
    for (const el of sidedOnly) el.hidden = opponent !== 'computer' && !distant;
    for (const el of friendOnly) el.hidden = !distant;
    for (const el of linkOnly) el.hidden = opponent !== 'link';
    const name = doc.getElementById('new-game-your-name');
    if (name) name.required = distant; // the friend sees it
    showDue();
  };
  /** The time per move as a due date: a move made now would be due then (the page only shows it). */
  const showDue = () => {
    const due = doc.getElementById('new-game-due');
    const days = Number(form.elements.days?.value) || 0;
    if (!due) return;
    due.textContent = days
      ? `Each move is due ${days} ${days === 1 ? 'day' : 'days'} after the one before (a move made now: by ${new Date(Date.now() + days * 86400000).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}); once it has passed, the other player may claim the win.`
      : 'No time limit: the game waits for each move as long as it takes.';
  };
  form.addEventListener('change', showComputer);
  let pending = null;
  onDialogChoice(dialog, (value) => {
    if (!pending) return;
    const resolve = pending;
    pending = null;
    const game = form.elements.game?.value;
    if (value === 'learn') { resolve({ learn: true, game }); return; } // the welcome's Learn
    if (value !== 'start') { resolve(null); return; }
    const choice = normalise({
      opponent: form.elements.opponent.value,
      color: form.elements.color.value,
      level: form.elements.level.value,
      clock: form.elements.clock ? form.elements.clock.value : 'none',
    });
    choice.side = choice.opponent === 'computer' || remote(choice) ? drawSide(choice) : 'w';
    if (choice.opponent === 'analysis' || choice.opponent === 'link') choice.clock = 'none';
    if (remote(choice)) {
      choice.name = String(doc.getElementById('new-game-your-name')?.value || '').trim();
      choice.days = choice.opponent === 'link' ? Number(form.elements.days?.value) || null : null;
    }
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
      const learn = doc.getElementById('new-game-learn');
      if (learn) learn.hidden = !welcome; // the first screen offers the lessons
      dialog.querySelector('button[value="start"]').textContent = welcome ? 'Play' : 'Start';
      dialog.querySelector('button[value="cancel"]').textContent = welcome ? 'Just look around' : 'Cancel';
      // The welcome invites play: the computer is offered first.
      form.elements.opponent.value = welcome ? 'computer' : c.opponent;
      form.elements.color.value = c.color;
      form.elements.level.value = String(c.level);
      if (form.elements.clock) form.elements.clock.value = c.clock;
      const yourName = doc.getElementById('new-game-your-name');
      if (yourName && !yourName.value) yourName.value = myName();
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

/**
 * New game and the end of a game, mounted over the page's `state`: the New game dialog
 * (#new-game opens it; ask() too, the welcome with `welcome`), and the end's panel, which
 * follows the game (subscribed): shown when a move or a declaration ends it, closed when the
 * board leaves the end, and after an abort. `controller` (game/controller.js), `board` and
 * `config` (the game's picture in the board's colours), `start(id, choice)` (starts the game
 * chosen: the controller's startChosen, or an embedded board's restart), `review()` (the end's
 * Review button: null for none), `ends` (false: no end's panel, a puzzle board's status line
 * says it), `embedded` (the embedded board's dialog), `learn(id)` (the welcome's Learn: the
 * game's course, lessons/learn.js; null for none). Returns { ask(id, options) }.
 */
export function mountNewGame(doc, state, { controller, board, config, start, review = null, ends = true, embedded = false, learn = null }) {
  const dialog = makeNewGameDialog(doc, games, {
    embedded,
    // The game chosen, pictured small at its start in the board's colours (images/image.js).
    picture: (id) => startSvg(id, board.canvas, config),
  });
  const gameOver = makeGameOver(doc, {
    rematch() {
      const c = state.playing;
      // With a friend at a distance: a new game of theirs with the colours swapped (www/remote/).
      if (remote(c)) start(state.gameId, { ...c, rematch: true });
      else if (c.opponent === 'computer') start(state.gameId, { ...c, side: c.side === 'w' ? 'b' : 'w' });
      else start(state.gameId, c.opponent === 'analysis' ? ANALYSIS : { ...TWO_PLAYERS, clock: c.clock }); // the same clock
    },
    newGame: () => ask(),
    review,
    playAgain() { // after an aborted game
      const c = controller.aborted();
      if (c) start(state.gameId, c);
    },
  });

  /**
   * What becomes of the game on the board when a new one starts, in the New game dialog's
   * words: a finished game (whatever position is shown) goes to the past games (storage.js
   * keepReplaced), a game in progress among the kept games; a game without moves just goes.
   */
  function leavingWords() {
    const { game } = state;
    try {
      if (!game || !game.line().length) return '';
      if (game.finalOutcome()) return 'The finished game goes to the past games: Past games opens it again.';
    } catch {
      return '';
    }
    return 'The game in progress is kept: "Switch to kept game" brings it back.';
  }

  /**
   * New game: the dialog (the game; the computer, a friend or an analysis board; colour,
   * level, clock); the game in progress is kept among the kept games ("Switch to kept game"
   * brings it back), a finished one among the past games, so nothing is lost. `welcome`: the
   * first visit's wording.
   */
  async function ask(id = state.gameId, { welcome = false } = {}) {
    if (!engineLoaded() || dialog.isOpen()) return;
    controller.leaveChoice();
    gameOver.close(); // the end's panel does not stay open under the dialog
    const name = gameInfo(state, id).name || id;
    const choice = await dialog.open(id, name, leavingWords(), { welcome });
    if (!choice) return;
    if (choice.learn) { if (learn) learn(choice.game || id); return; }
    start(choice.game || id, choice);
  }

  doc.getElementById('new-game')?.addEventListener('click', () => ask());

  subscribe(state, MOVED, (change) => {
    const g = state.game;
    const ended = g && g.ply() === g.line().length ? state.outcome : null;
    if (change.cause === 'new') gameOver.close();
    else if (change.aborted) gameOver.showAborted(change.aborted);
    else if (ended && ends && (change.cause === 'move' || change.cause === 'end')) {
      let names = [];
      try { names = Array.from(g.lineNames() || []); } catch { /* no names: no last move said */ }
      const last = lastMoveText(g.startText(), names);
      gameOver.show(ended, personSide(state.playing), last, remote(state.playing) ? 'Your friend' : 'The computer');
    } else if (!ended) gameOver.close();
  });

  return { ask };
}
