// Boot and wiring: makes the page's one state object (state.js) and its parts, connects them,
// and loads the wasm engine. Game-agnostic: everything about the board comes from the engine
// (layout, pieces, legal moves with their effects). What each part does lives in its module:
// the board on the canvas (boardview.js), the game's flow and the one place every change goes
// through (gameflow.js), input on the board (boardinput.js), the game buttons
// (gamebuttons.js), the test hook (testhook.js).

import { makeConfig } from './config.js';
import { makeState, gameInfo } from './state.js';
import { makeBoardView } from './board/boardview.js';
import { makeGameFlow, TWO_PLAYERS, ANALYSIS, explored } from './game/gameflow.js';
import { attachBoardInput } from './input/boardinput.js';
import { makeGameButtons } from './game/gamebuttons.js';
import { makeTestHook } from './testhook.js';
import { makeUi } from './controls/ui.js';
import { registerOffline } from './offline.js';
import { makeEditor } from './editor/editor.js'; // the position editor
import { makeEmbedMode } from './embed/embedmode.js';
import { makeAround } from './panels/around.js';
import { makeShare } from './share/share.js';
import { makeComputer } from './engine/computer.js'; // the computer player's worker
import { loadEngine, makeSafely, games, withGame } from './engine/engine.js'; // the wasm: loaded, its handles, its errors
import { makeVersus } from './computer/versus.js'; // playing the computer
import { makeAnalysis } from './computer/analysis.js'; // hints and analysis
import { makeNewGameDialog, firstVisit, markWelcomed } from './game/newgame.js';
import { makeGameOver } from './game/gameover.js';
import { makeClocks } from './game/clocks.js';
import { attachSettings } from './settings/settings.js'; // coordinates, colour themes, mute
import { makeSounds } from './sound/sounds.js'; // move sounds
import { makeMaterial } from './players/material.js'; // pieces lost, beside the board
import { makePlayers } from './players/players.js'; // the players above and below the board
import { attachSaveImage } from './images/saveimage.js'; // Save image; an embedded board's toSVG and toPNG
import { startSvg } from './images/image.js'; // the New game dialog's picture of the game chosen
import { attachEmbedDialog } from './embed/embeddialog.js'; // Embed: the code for another page, previewed
import { attachReview } from './computer/review.js'; // Review game: every move judged by the computer
import { makeLearner } from './computer/learn.js'; // Learn from your mistakes, after a review
import { attachEmbedReview } from './embed/embedreview.js'; // an embedded board's review="on"
import { makePastGames } from './share/pastgames.js'; // the finished games kept here
import { makeGameInfo } from './share/gameinfo.js'; // the record's tags: players, event, date, ...
import { onUnreadable } from './records/setaside.js'; // what storage held that could not be read
import { makeKeepFirst } from './game/keepfirst.js'; // no game replaced unasked when it cannot be kept

// A failure anywhere while the page starts is said in the status line, never "Loading…" for
// ever; the games kept in this browser are left as they are.
function startFailed(e) {
  if (document.documentElement.dataset.ready) return;
  const status = document.getElementById('status');
  console.error(e);
  if (!status || status.dataset.kind === 'error') return; // the first failure is the one said
  status.textContent = `The page could not start: ${(e && e.message) || e}. Reload to try again; the games kept in this browser are left as they are.`;
  status.dataset.kind = 'error';
}
addEventListener('error', (ev) => startFailed(ev.error || ev.message));
addEventListener('unhandledrejection', (ev) => startFailed(ev.reason));

const config = makeConfig(globalThis.fairyboardConfig || {});
const state = makeState(config);

// The page's parts, filled in below; the modules reach each other through it.
const page = {
  state,
  config,
  cellSpeech: document.getElementById('cell-speech'), // the cursor's cell in words
  /** A warning or error, shown for a while. */
  say(text) { page.ui.showMessage(text, config.messageMs); },
  /** Information, not an error (a hint, the computer's answer to an offer). */
  tell(text) { page.ui.showMessage(text, config.messageMs, 'info'); },
  /** Runs an engine call; on a thrown error shows its message and returns `fallback`. */
  safely: makeSafely((text) => page.say(text)),
};

// Embedded board (embed.html): inert on the full page.
const embed = page.embed = makeEmbedMode(config, state, {
  newGame: (id, position, handle) => flow.newGame(id, position, handle),
  refresh: () => flow.refresh(), say: page.say, changed: () => flow.gameChanged('step'),
});

const board = page.board = makeBoardView(document.getElementById('board'), state, config, { editor: () => page.editor });

// Settings (settings.js): the full page's panel; an embedded board keeps its address's settings.
const settings = attachSettings(embed.active ? null : document, () => {
  board.readTheme();
  config.showCoordinates = settings.coordinates();
  board.requestRedraw();
  // The glyphs beside the board follow the piece colours: lost pieces, the legend, the hands.
  page.material.update();
  page.around.restyled();
  flow.updateHands();
});
if (!embed.active) { config.showCoordinates = settings.coordinates(); board.readTheme(); }
page.sounds = makeSounds({ muted: () => embed.active || settings.muted() });
const $ = (id) => document.getElementById(id);
page.material = makeMaterial($('material-w') ? { w: $('material-w'), b: $('material-b') } : null, state);
// The players above and below the board (players.js): names, lost pieces, clocks.
page.players = makePlayers($('player-w') ? { w: $('player-w'), b: $('player-b') } : null, state,
  () => ({ computerSide: page.versus ? page.versus.computerSide() : null, level: page.versus ? page.versus.choice().level : null }));

const flow = page.flow = makeGameFlow(page);

// ---- the computer: an opponent (versus.js) and an analyst (analysis.js), each in its own worker ----
page.computer = makeComputer();
page.analyst = makeComputer();
page.versus = makeVersus(page.computer, state, {
  editing: () => page.editor.active(),
  idle: () => new Promise((resolve) => {
    const check = () => (board.animator.running() ? requestAnimationFrame(check) : resolve());
    check();
  }),
  playAtEnd: flow.playAtEnd,
  thinking: (thinking) => page.gameButtons.showThinking(thinking),
  say: page.say,
  clock: (side) => page.clocks.limit(side),
});
page.analysis = makeAnalysis(document, page.analyst, {
  shown() {
    if (page.editor.active()) {
      const st = page.editor.state();
      if (st.verdict) return null; // not a playable position yet
      return { game: st.id, position: st.text, moves: [], side: st.text.split(/\s+/)[1] || 'w', here: st.text };
    }
    const { game } = state;
    if (!game) return null;
    return {
      game: state.gameId, position: game.startText(), moves: Array.from(game.history()), side: game.sideToMove(),
      here: game.positionText(),
    };
  },
  names: (s, texts) => namesFrom(s.game, s.here, texts),
  // A line's moves are played as if by hand: a variation where the game goes on differently.
  playLine(texts) {
    if (page.editor.active()) { page.tell('Lines play out on the board once the position is done (Done).'); return; }
    if (flow.beingPlayed() && page.versus.choice().opponent === 'computer') {
      page.tell('A game against the computer goes on move by move: its lines play out on an analysis board or once it is over.');
      return;
    }
    for (const text of texts) if (!flow.play(text)) return;
  },
  showHint: (text) => page.gameButtons.showHint(text),
  say: page.say,
});
page.newGameDialog = makeNewGameDialog(document, () => state.games, {
  embedded: embed.active,
  // The game chosen, pictured small at its start in the board's colours (images/image.js).
  picture: (id) => startSvg(id, board.canvas, config),
});
page.clocks = makeClocks(document, state, {
  flagFall: (side) => flow.flagFell(side),
  live: () => flow.beingPlayed(true), // the position editor does not stop a clock
  firstMove(side, ms) {
    if (page.versus.computerSide() === side) return; // the computer moves at once
    page.tell(`${side === 'w' ? 'White' : 'Black'} has ${ms / 1000} seconds to play the first move, or the game is aborted.`);
  },
  abort: (side) => flow.abortGame(side),
});
page.gameOver = makeGameOver(document, {
  rematch() {
    const c = page.versus.choice();
    if (c.opponent === 'computer') flow.startChosen(state.gameId, { ...c, side: c.side === 'w' ? 'b' : 'w' });
    else flow.startChosen(state.gameId, c.opponent === 'analysis' ? ANALYSIS : { ...TWO_PLAYERS, clock: c.clock }); // the same clock
  },
  newGame: () => flow.askNewGame(),
  review: () => page.review?.run(),
  playAgain: () => flow.playAgain(), // after an aborted game
});
page.gameButtons = makeGameButtons(page);

/** The names of the moves `texts` played in turn from position `here` of game `id` (the texts where one cannot be played). */
function namesFrom(id, here, texts) {
  try {
    return withGame(id, here, (h) => texts.map((t) => h.play(t).name || t));
  } catch {
    return texts;
  }
}

// ---- page controls ----
page.ui = makeUi(document, {
  // In a game being played Undo is a takeback (the moves go; against the computer the
  // person's move with its reply); on an analysis board or after the end, one step back.
  undo: () => flow.undo(),
  redo: flow.redo,
  flip() { flow.setFlipped(!state.flipped); },
  newGame() { flow.askNewGame(); },
  // Position editor: edits that game; else the game kept for `id`, or a new one.
  selectGame(id) { if (page.editor.active()) page.editor.setGame(id); else if (!flow.restoreStored(id)) flow.newGame(id); },
});

// ---- position editor (www/editor/editor.js): its own board on the same canvas; the game waits ----
page.editor = makeEditor(document, board.canvas, {
  geometry: board.geometry,
  redraw() { board.requestRedraw(); if (page.analysis) page.analysis.changed(); },
  play: (id, text) => flow.newGame(id, text),
  closed() { page.ui.selectGame(state.gameId); flow.updateHands(); board.requestRedraw(); flow.gameChanged('step'); },
  // An embedded board has no Save image dialog (its page asks toSVG/toPNG instead).
  saveImage: embed.active ? null : (button) => page.saveImage && page.saveImage.open(button),
  embed: embed.active ? null : (button) => page.embedDialog && page.embedDialog.openEditor(button),
  config,
});
document.getElementById('edit-position').addEventListener('click', () => {
  if (!state.game) return;
  flow.leaveChoice();
  flow.select(null);
  page.editor.open(state.gameId, state.game.positionText());
  flow.updateHands();
  flow.gameChanged('step'); // the computer stops while the position is edited; analysis follows the editor
});

// ---- around the board: move list, keys, legend, rules, storage, speech (around.js) ----
page.around = makeAround(state, {
  doc: document,
  board: board.canvas,
  cellName: flow.cellName,
  goTo: flow.goToPly,
  goToNode: flow.goToNode,
  treeChanged(cause) {
    if (cause === 'step') { flow.leaveChoice(); flow.select(null); flow.gameChanged('step'); return; }
    page.around.refreshed(); // the list and the saved game
    page.share.update();
  },
  say: page.say,
  tell: page.tell,
  flip: () => document.getElementById('flip').click(),
  // An embedded board has its own step controls (embedmode.js) and keeps nothing.
  blocked: () => !state.game || page.ui.pickerOpen() || page.editor.active() || embed.active,
  saves: () => !embed.active,
  playing: () => page.versus.choice(),
  pastChanged: () => page.pastGames && page.pastGames.refresh(),
  setLegend(marks) { state.view.legend = marks; board.requestRedraw(); },
  showMessage(text) { page.ui.showMessage(text, 0); },
  listed: (tree) => (page.learn ? page.learn.listed(tree) : tree), // Learn hides the answer it asks for
  rendered(tree) { page.learn?.refresh(tree); page.review?.refresh(); page.embedReview?.refresh(tree); }, // Learn where there are mistakes; a review out of date
});

// The game a link or record replaced (storage.js keeps it): swap it back onto the board.
document.getElementById('kept-game').addEventListener('click', () => flow.switchToKept());

// Before a game replaces another, that one is kept; one that cannot be is not lost unasked (keepfirst.js).
page.keepFirst = makeKeepFirst(document, {
  keep: (handle) => page.around.keepReplaced(handle),
  ask: (title, options, then, cancel) => page.ui.openPicker(title, options, then, cancel, $('board')),
});

// Share links and game records (www/share/share.js).
page.share = makeShare(document, state, {
  adopt(handle) {
    let adopted = false; // false: not (yet) on the board; else what to say about the game it replaced
    let asked = false;
    asked = !page.keepFirst.replace(handle, (kept) => {
      if (!flow.newGame(handle.gameId(), null, handle, explored(handle))) return; // explored, not played
      page.around.opened(handle.gameId());
      adopted = kept || '';
      if (asked) page.tell(['The game is on the board.', kept].filter(Boolean).join(' '));
    });
    return adopted;
  },
  say: page.say,
  tell: page.tell,
  note: (text, kind) => page.ui.showMessage(text, 0, kind),
});

// The record's tags, shown and edited in the Game info panel (www/share/gameinfo.js).
page.gameInfo = makeGameInfo(embed.active ? null : $('game-info'), state, {
  changed() { page.players.update(); page.around.refreshed(); page.share.update(); },
  say: page.say,
  tell: page.tell,
});

// The finished games kept in this browser (www/share/pastgames.js).
page.pastGames = makePastGames(embed.active ? null : document.getElementById('past-games'), {
  gameName: (id) => gameInfo(state, id).name || id,
  open(handle, playing) {
    page.keepFirst.replace(handle, (kept) => {
      if (!flow.newGame(handle.gameId(), null, handle, playing || explored(handle))) return;
      page.tell(['Opened the past game.', kept].filter(Boolean).join(' '));
      document.getElementById('board').scrollIntoView({ block: 'nearest' });
    });
  },
  confirm(text, yes, then, button) {
    page.ui.openPicker(text, [{ value: 'yes', label: yes }, { value: 'no', label: 'Keep it' }],
      (v) => { if (v === 'yes') then(); }, () => {}, button);
  },
  say: page.say,
  tell: page.tell,
});

attachBoardInput(page); // the board's presses, drags, keys and hands
page.saveImage = attachSaveImage(document, page); // the position shown (or edited) as PNG or SVG, drawn by draw()
if (!embed.active) page.embedDialog = attachEmbedDialog(document, page); // the code that embeds this board elsewhere
if (!embed.active) {
  page.review = attachReview(document, {
    game: () => state.game,
    gameId: () => state.gameId,
    changed() { page.around.refreshed(); page.share.update(); },
    say: page.tell,
  });
  page.learn = page.review && makeLearner(document, page.review.box, {
    game: () => state.game,
    gameId: () => state.gameId,
    goToNode: flow.goToNode,
    changed() { page.around.refreshed(); page.share.update(); },
    computer: page.review.computer,
    say: page.tell,
    flipped: () => state.flipped,
    turn: (flipped) => { if (flipped !== state.flipped) flow.setFlipped(flipped); },
  });
}

// An embedded board's review="on": its evaluation graph, judged moves and Review (embedreview.js).
if (embed.active && config.review) {
  page.embedReview = attachEmbedReview(document, {
    game: () => state.game,
    gameId: () => state.gameId,
    goToNode: flow.goToNode,
    changed() { page.around.refreshed(); },
    say: page.tell,
  });
}

const hook = makeTestHook(page);
globalThis.fairyboard = hook;

// ---- boot ----
async function boot() {
  const { ui } = page;
  ui.setStatus('Loading the engine…');
  try {
    await loadEngine(); // the single file's inlined engine, else pkg/fairyboard.js
  } catch (e) {
    ui.setStatus(e.message, 'error');
    return;
  }
  state.games = page.safely(() => games(), []) || [];
  // A first visit (no game kept here, no link to look at) is welcomed with the ways to start.
  const welcome = !embed.active && firstVisit() && !page.around.lastGame() && !location.hash.replace('#', '');
  // The game played last in this browser, unless the embedding page chose one.
  if (!(globalThis.fairyboardConfig || {}).gameId) state.gameId = page.around.lastGame() || state.gameId;
  if (!gameInfo(state).id && state.games.length) state.gameId = state.games[0].id;
  ui.setGames(state.games, state.gameId);
  ui.setFlipped(state.flipped);
  if (!(embed.active ? embed.start() : (flow.restoreStored(state.gameId) || flow.newGame(state.gameId)))) {
    ui.setStatus('Could not start a game.', 'error');
    return;
  }
  // A link in the address opens over the new game; an embedded board's address is its set-up.
  if (!embed.active) page.share.boot();
  // What storage held that could not be read was set aside: said beside what else is said now.
  let first = !embed.active;
  if (!embed.active) {
    onUnreadable((texts) => {
      const now = first ? $('message').textContent : '';
      first = false;
      page.ui.showMessage([now, ...texts].filter(Boolean).join(' '), 0);
    });
  }
  board.paint();
  hook.ready = true;
  document.documentElement.dataset.ready = 'true';
  if (welcome) { markWelcomed(); flow.askNewGame(state.gameId, { welcome: true }); }
}

boot();
if (!embed.active) registerOffline(); // an embedded board leaves offline play to the full page
