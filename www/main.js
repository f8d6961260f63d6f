// Boot: makes the page's one state (state.js), chooses the profile (the full page, or an
// embedded board: embed.html's mode), mounts the parts that profile has, and loads the engine.
// Game-agnostic: everything about the board comes from the engine (layout, pieces, legal moves
// with their effects). The parts mount from the lowest layer up (docs/architecture.md draws
// them): each is given only parts of its own layer or below, and the views subscribe to the
// controller's one redraw (state.js), which tells them in the order they mount here.
// tests/e2e/house.test.mjs reads this file and holds to it.

import { makeConfig } from './config.js';
import { makeState, gameInfo } from './state.js';
import { loadEngine, games } from './engine/engine.js'; // the wasm: loaded, its handles, its errors
import { makeComputer } from './engine/computer.js'; // the computer's worker
import { makeBoardView } from './board/boardview.js';
import { onUnreadable } from './records/setaside.js'; // what storage held that could not be read
import { makeUi } from './controls/ui.js';
import { makeController } from './game/controller.js';
import { makeGameButtons } from './game/gamebuttons.js';
import { attachBoardInput } from './input/boardinput.js';
import { attachSettings } from './settings/settings.js'; // coordinates, colour themes, mute
import { mountSpeech } from './sound/speech.js'; // moves in words, for screen readers
import { mountSounds } from './sound/sounds.js'; // move sounds
import { mountMoves } from './movelist/moves.js'; // the move list, its lines, the graph, the keys
import { makePlayers } from './players/players.js'; // the players above and below the board
import { makeMaterial } from './players/material.js'; // pieces lost, beside the board
import { makeEditor } from './editor/editor.js'; // the position editor
import { makeShare } from './share/share.js'; // links, PGN and position text
import { makeGameInfo } from './share/gameinfo.js'; // the record's tags: players, event, date, ...
import { makePastGames } from './share/pastgames.js'; // the finished games kept here
import { attachSaveImage } from './images/saveimage.js'; // Save image; an embedded board's toSVG, toPNG, toGIF
import { makeVersus } from './computer/versus.js'; // playing the computer
import { makeAnalysis } from './computer/analysis.js'; // hints and analysis
import { attachDrawOffer } from './computer/drawoffer.js'; // Offer draw, to the computer
import { attachReview } from './computer/review.js'; // Review game: every move judged by the computer
import { makeLearner } from './computer/learn.js'; // Learn from your mistakes, after a review
import { makeEmbedMode, isEmbedded } from './embed/embedmode.js'; // the board in embed.html
import { attachEmbedReview } from './embed/embedreview.js'; // an embedded board's review="on"
import { attachEmbedDialog } from './embed/embeddialog.js'; // Embed: the code for another page, previewed
import { mountLegend } from './rules/legend.js'; // the pieces and their marks
import { mountLearn } from './lessons/learn.js'; // Learn: the courses, their maps, the lessons played
import { mountRulesPanel } from './rules/rulespanel.js'; // the rules of the game on the board
import { mountRemote } from './remote/remote.js'; // a friend at a distance: games by link, live games
import { mountNewGame, firstVisit, markWelcomed } from './newgame/newgame.js'; // New game, the welcome, the end
import { makeTestHook } from './testhook.js';
import { registerOffline } from './offline.js';

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

const doc = document;
const $ = (id) => doc.getElementById(id);
const config = makeConfig(globalThis.fairyboardConfig || {});
const state = makeState(config);
/**
 * The profile, chosen once: the full page (index.html: every panel, games kept in this
 * browser) or an embedded board (embed.html: the board, its controls and its mode; nothing
 * kept, no settings, no editor, no dialogs of the page's own).
 */
const embedded = isEmbedded(config);

// ---- the lowest layers: the widgets, the board, the engine's workers ----
const ui = makeUi(doc, config);
const safely = ui.safely; // an engine error said in the message line
const board = makeBoardView($('board'), state, config);
const computer = makeComputer(); // the computer player's worker
const analyst = makeComputer(); // hints and analysis, in a worker of their own

// ---- the controller: every change of the game in one place (it keeps, clocks and asks too) ----
const controller = makeController(state, { doc, config, board, ui, safely, embedded });
const buttons = makeGameButtons(doc, state, { controller, ui, board });

// ---- what shows and plays the game: each subscribes to the changes it shows ----
const input = attachBoardInput(doc, state, { config, board, controller, ui, safely });
/** The panels' tools and keys wait while a choice is open, the editor is, or on an embedded board. */
const blocked = () => !state.game || ui.pickerOpen() || state.editing || embedded;
const settings = embedded ? null : attachSettings(doc, () => {
  board.readTheme();
  config.showCoordinates = settings.coordinates();
  controller.restyled(); // the glyphs beside the board follow the piece colours: lost pieces, the legend, the hands
});
if (settings) { config.showCoordinates = settings.coordinates(); board.readTheme(); }
const speech = mountSpeech(doc, state, { cellName: controller.cellName });
const sounds = mountSounds(doc, state, { muted: () => embedded || settings.muted(), safely });
mountMoves(doc, state, { controller, ui, board, blocked });
makePlayers($('player-w') ? { w: $('player-w'), b: $('player-b') } : null, state);
const material = makeMaterial($('material-w') ? { w: $('material-w'), b: $('material-b') } : null, state);
const editor = embedded ? null : makeEditor(doc, state, { board, controller, config });
const share = embedded ? null : makeShare(doc, state, { controller, ui });
if (!embedded) makeGameInfo($('game-info'), state, { controller, ui });
if (!embedded) makePastGames($('past-games'), { controller, ui });
const saveImage = attachSaveImage(doc, state, { config, board, editor, ui, embedded });
const versus = makeVersus(computer, state, { controller, board, buttons, ui, clocks: controller.clocks });
const analysis = makeAnalysis(doc, analyst, state, { controller, editor, buttons, ui, safely });
attachDrawOffer(doc, state, { analyst, analysis, controller, ui });
const review = embedded ? null : attachReview(doc, state, { controller, ui });
if (review) makeLearner(doc, review.box, state, { controller, ui, computer: review.computer });
const embed = embedded ? makeEmbedMode(config, state, { controller, ui, input }) : null;
if (embedded && config.review) attachEmbedReview(doc, state, { controller, ui });
if (!embedded) attachEmbedDialog(doc, state, { editor });
const learn = embedded ? null : mountLearn(doc, () => state.games);
if (learn) $('learn-open')?.addEventListener('click', () => learn.open(state.gameId));
const legend = mountLegend(doc, state, { board, blocked });
mountRulesPanel(doc, state);
const friends = embedded ? null : mountRemote(doc, state, { controller, ui, input, share });
/**
 * A game chosen in New game or the end's panel: a new game here (with a friend at a distance:
 * its record and invitation), or the embedded board's set-up again.
 */
const start = embedded ? (id, choice) => embed.restart(choice)
  : (id, choice) => (friends.plays(choice) ? friends.start(id, choice) : controller.startChosen(id, choice));
const newGame = mountNewGame(doc, state, {
  controller, board, config, start, embedded, learn: learn ? (id) => learn.open(id) : null,
  review: review ? () => review.run() : null,
  ends: config.mode !== 'puzzle' && config.mode !== 'lesson', // a puzzle's or lesson's status line says how it ended
});

const hook = makeTestHook({
  state, config, board, controller, ui, editor, saveImage, share, versus, sounds, speech, material, legend, computer, start, friends,
});
if (embed) hook.embed = { mode: embed.mode, get problems() { return embed.problems(); } };
globalThis.fairyboard = hook;

// ---- boot ----
async function boot() {
  ui.setStatus('Loading the engine…');
  try {
    await loadEngine(); // the single file's inlined engine, else pkg/fairyboard.js
  } catch (e) {
    ui.setStatus(e.message, 'error');
    return;
  }
  state.games = safely(() => games(), []) || [];
  const last = controller.keeping.lastGame();
  // A first visit (no game kept here, no link to look at) is welcomed with the ways to start.
  const welcome = !embedded && firstVisit() && !last && !location.hash.replace('#', '');
  // The game played last in this browser, unless the embedding page chose one.
  if (!(globalThis.fairyboardConfig || {}).gameId) state.gameId = last || state.gameId;
  if (!gameInfo(state).id && state.games.length) state.gameId = state.games[0].id;
  ui.setGames(state.games, state.gameId);
  ui.setFlipped(state.flipped);
  if (!(embedded ? embed.start() : (controller.restoreStored(state.gameId) || controller.newGame(state.gameId)))) {
    ui.setStatus('Could not start a game.', 'error');
    return;
  }
  if (!embedded) {
    // A link in the address opens over the new game; an embedded board's address is its set-up.
    share.boot();
    // What storage held that could not be read was set aside: said beside what else is said now.
    let first = true;
    onUnreadable((texts) => {
      const now = first ? $('message').textContent : '';
      first = false;
      ui.showMessage([now, ...texts].filter(Boolean).join(' '), 0);
    });
  }
  board.paint();
  hook.ready = true;
  doc.documentElement.dataset.ready = 'true';
  if (welcome) { markWelcomed(); newGame.ask(state.gameId, { welcome: true }); }
}

boot();
if (!embedded) registerOffline(); // an embedded board leaves offline play to the full page
