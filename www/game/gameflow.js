// www/game/: the game's flow: every change, how it is played, its clocks and its end.
// The game's flow through the page: reading the engine's game into the state, the one place
// every change of the game goes through (gameChanged), and the ways a game changes: a move,
// stepping through the moves and the tree, a new or switched game, the computer's move.
// Everything here works on the page's state (state.js) and tells the page's parts (`page`,
// filled in by main.js) what changed.

import { movesByFrom, destinations, captureDestinations } from './adapter.js';
import { ownCaptureDestinations, bouncePaths } from './adapter.js'; // threats (overlays.js)
import { touchedSquares } from '../board/effects.js'; // the last move's highlight
import { shapesOnBoard, toggleShape, handStart, startHand, withCommand } from '../records/shapes.js'; // arrows and circles a person draws; clocks kept
import { saveChoice, loadPlaying, savePlaying, normalise } from './newgame.js';
import { lastMoveText } from './gameover.js';
import { clockCommand, timeControlTag, controlOfTag, FIRST_MOVE_MS } from './clocks.js';
import { today } from '../records/files.js';
import { gameInfo, toMoveAtEnd, colourName } from '../state.js';
import { newGame as makeGame, release, engineLoaded } from '../engine/engine.js';

/** How a game with two people at the board is played (newgame.js's choice). */
export const TWO_PLAYERS = Object.freeze({ opponent: 'human', color: 'w', side: 'w', level: 3 });
/** An analysis board (newgame.js's choice): how a game opened from a link or a record is explored. */
export const ANALYSIS = Object.freeze({ opponent: 'analysis', color: 'w', side: 'w', level: 3 });

/** How a game opened from a link or a record is looked at: an analysis board with its record's clock (TimeControl). */
export function explored(handle) {
  let tag = null;
  try { tag = typeof handle.tag === 'function' ? handle.tag('TimeControl') : null; } catch { /* no tags */ }
  return { ...ANALYSIS, clock: controlOfTag(tag) };
}


/**
 * The game flow over `page`: { state, config, board (boardview.js), say, tell, safely, and
 * the parts made after this: ui, around, share, material, clocks, sounds, versus, analysis,
 * computer, gameOver, newGameDialog, editor, embed, hands, neighbourMarks, cellSpeech }.
 */
export function makeGameFlow(page) {
  const { state, board } = page;
  const view = state.view;
  const safely = (fn, fallback) => page.safely(fn, fallback);

  /** A cell's name ("e4"), or its number when the layout does not have it. */
  const cellName = (sq) => (state.layout && state.layout.cells[sq] ? state.layout.cells[sq].name : String(sq));

  /** The cell index of a cell name, or null. */
  function cellOfName(name) {
    const i = state.layout ? state.layout.cells.findIndex((c) => c && c.name === name) : -1;
    return i < 0 ? null : i;
  }

  /** Reads the game state from the engine and updates board and page. */
  function refresh() {
    const { game } = state;
    if (!game) return;
    safely(() => {
      state.pieces = game.pieces();
      state.outcome = game.outcome();
      state.byFrom = state.outcome ? new Map() : movesByFrom(game.legalMoves());
      view.lastMove = touchedSquares(game.lastMove());
      view.checks = Array.from(game.checks() || []); // the engine returns a Uint8Array
      view.checkLines = view.checks.length ? game.checkers() : []; // checking pieces and lines
      view.frozen = new Set(game.frozen());
      view.shapes = shapesShown();
      const side = game.sideToMove();
      const { outcome } = state;
      if (outcome) page.ui.setStatus(outcome.text || `Game over: ${outcome.result}`, 'result');
      else if (view.checks.length) page.ui.setStatus(`${colourName(side)} to move, in check`, 'check');
      else page.ui.setStatus(`${colourName(side)} to move`, '');
      page.ui.setButtons({ canUndo: beingPlayed() ? takebackPlies() > 0 : game.canUndo(), canRedo: game.canRedo() });
    });
    page.around.refreshed(); // move list, legend marks, saved game
    page.material.update(); // pieces lost (material.js)
    page.players.update(); // the players' names above and below the board (players.js)
    page.gameInfo.update(); // the record's tags (gameinfo.js)
    page.share.update(); // share links: the address follows the game shown
    if (view.selected != null && !state.byFrom.has(view.selected)) select(null);
    else select(view.selected);
    updateHands(); // pawns in hand (hand.js)
    page.embed.shown(); // embedded board: move counter
  }

  /**
   * The shapes kept in the comment of the position shown, by cell: { arrows, marks }; an
   * arrow from a hand has `from` null and `hand` 'w' or 'b' (only in a game with hands).
   */
  function shapesShown() {
    const { game } = state;
    return shapesOnBoard(safely(() => game.comment(game.currentNode()), '') || '', state.layout, !!gameInfo(state).hands);
  }

  /**
   * A shape drawn from cell `from` (or a hand, `{ hand: 'w'|'b' }`) to cell `to` (the same
   * cell: a circle): kept in the comment of the position shown.
   */
  function drawShape(from, to, colour) {
    const { game } = state;
    if (!game || page.editor.active() || to == null) return;
    const id = game.currentNode();
    const before = safely(() => game.comment(id), null);
    if (before == null) return;
    const start = startHand(from) ? handStart(startHand(from)) : cellName(from);
    if (safely(() => { game.setComment(id, toggleShape(before, start, cellName(to), colour)); return true; }) !== true) return;
    view.shapes = shapesShown();
    page.around.refreshed(); // the list (comments) and the saved game
    page.share.update();
    board.requestRedraw();
  }

  /** Picks up the piece on `sq` (null: puts it down): its destinations and threats are shown. */
  function select(sq) {
    const { byFrom, game } = state;
    view.selected = sq;
    view.dests = sq == null ? [] : destinations(byFrom, sq);
    view.captureDests = sq == null ? new Set() : captureDestinations(byFrom, sq);
    // Threats: an outlaw's bounce paths; destinations that remove a piece of the mover's side.
    view.paths = sq == null || !game ? [] : safely(() => bouncePaths(byFrom, sq, (t) => game.movePath(t)), []);
    view.ownCaptures = sq == null ? new Set() : ownCaptureDestinations(byFrom, sq, state.pieces);
    board.requestRedraw();
  }

  /** The pawns in hand beside the board (hand.js) follow the game. */
  function updateHands() {
    const { game } = state;
    const counts = (game && safely(() => game.hands())) || { w: 0, b: 0 };
    page.hands.update({
      shown: !!gameInfo(state).hands && !page.editor.active(), counts, flipped: state.flipped, // the editor has its own hands
      toMove: game ? game.sideToMove() : 'w',
      drops: new Set(destinations(state.byFrom, null)),
    });
  }

  /** Leaves any choice in progress: the picker, a message, a drag, the running animation. */
  function leaveChoice() {
    page.ui.closePicker();
    page.ui.clearMessage();
    view.drag = null;
    view.hover = null;
    board.animator.stop();
  }

  /**
   * Plays `text` (a legal move's text) and animates what it moves; a piece dragged by hand
   * (from `draggedFrom`) is already where it goes, so only the others slide.
   */
  function play(text, { draggedFrom = null, computer = false } = {}) {
    if (beingPlayed() && state.game.ply() !== state.game.line().length) {
      // A game being played goes on only from its last move: no variation is made in it.
      select(null);
      refresh();
      page.tell('This is an earlier position of the game: it goes on from the last move (End, or the last move in the list). Undo takes moves back.');
      return null;
    }
    const before = state.pieces;
    const played = safely(() => state.game.play(text));
    select(null);
    if (played) {
      gameChanged('move', { keepMessage: computer });
      board.animate(played, before, { draggedFrom });
      page.embed.played(played); // embedded board: tell the embedding page
      page.around.played(played, before); // said in words
      page.learn?.played(played); // Learn from your mistakes: a better move tried
    } else refresh();
    return played;
  }

  /** The computer's move: at once when the board shows the end of the game, else put at its end. */
  function playAtEnd(text) {
    const { game } = state;
    if (!game) return;
    const last = game.line().length;
    // The computer's reply keeps what was just said (that a game was kept, a hint, ...).
    if (game.ply() === last) { play(text, { computer: true }); return; }
    const ply = game.ply();
    let id = null;
    const m = safely(() => {
      game.goTo(last);
      const r = game.play(text);
      id = game.currentNode();
      game.goTo(ply);
      return r;
    });
    if (m) clockMoved(id, toMoveAtEnd(game) === 'w' ? 'b' : 'w');
    gameChanged('step', { keepMessage: true });
    if (m) page.embed.played(m); // embedded board: tell the embedding page
    if (m) page.tell(`The computer played ${m.name || m.text}; End shows the position.`);
  }

  /**
   * The one place every change of the game goes through (a move, undo, redo, a step through
   * the moves, a new or switched game, a link, a record, the editor): reads the game into the
   * page, then lets the computer (stopped at once if its search is for another line, started
   * when it is its turn), the analysis and the end-of-game panel follow. `cause`: 'move',
   * 'step' (undo, redo, the move list), 'new' (another game on the board), 'end' (resigned,
   * agreed, flag fallen). A message belongs to its moment: it goes with the change (what is
   * said about the change is said after it), but the computer's reply (`keepMessage`) keeps it.
   */
  function gameChanged(cause, { keepMessage = false } = {}) {
    const { game } = state;
    if (!keepMessage) page.ui.clearMessage();
    if (cause === 'move' && game) clockMoved(game.currentNode(), game.sideToMove() === 'w' ? 'b' : 'w');
    refresh();
    page.clocks.update();
    view.arrows = [];
    view.rings = [];
    page.versus.changed();
    page.analysis.changed();
    const ended = game && game.ply() === game.line().length ? state.outcome : null;
    if (cause === 'move' && game) page.sounds.moved(safely(() => game.lastMove()), { check: view.checks.length > 0, ended: !!ended });
    else if (cause === 'end' && ended) page.sounds.play('end');
    if (ended && (cause === 'move' || cause === 'end')) {
      if (page.versus.choice().opponent !== 'analysis') page.around.finished(); // a past game now
      const last = lastMoveText(game.startText(), Array.from(safely(() => game.lineNames(), []) || []));
      page.gameOver.show(ended, page.versus.computerSide() ? page.versus.choice().side : null, last);
    } else if (!ended) page.gameOver.close();
    page.gameButtons.update();
  }

  /**
   * `mover` played the move of node `id`: its clock stops and gains the increment, and the
   * time it has left is kept with the move as PGN keeps clocks (`[%clk 0:04:58]`).
   */
  function clockMoved(id, mover) {
    if (!page.clocks.moved(mover)) return; // no clocks, or a move on a game only looked at
    const left = page.clocks.left(mover);
    if (left == null) return;
    safely(() => state.game.setComment(id, withCommand(state.game.comment(id), 'clk', clockCommand(left))));
  }

  /** Ends the game by `declare` (the engine's resign, agreeDraw, ...), through the one place. */
  function endGame(declare) {
    page.versus.stop();
    if (safely(declare) !== null) gameChanged('end');
  }

  /**
   * `side`'s clock ran out (clocks.js): the game is lost on time at its last move, wherever
   * the board shows (a clock runs while a player looks back), and the board shows the end.
   */
  function flagFell(side) {
    const { game } = state;
    if (!game) return;
    leaveChoice();
    endGame(() => { game.goTo(game.line().length); return game.flagFall(side); });
  }

  let abortedChoice = null; // how the game aborted last was played (Play again starts it so)

  /**
   * `side` did not play the first move of a game with a clock in time (clocks.js,
   * FIRST_MOVE_MS): the game is aborted, as lichess aborts it (rulings E5): no result, so not
   * among the past games; the board is an analysis board of its position, and the end's
   * panel says why and offers to play again.
   */
  function abortGame(side) {
    const { game } = state;
    if (!game || !beingPlayed(true) || game.line().length > 0) return;
    abortedChoice = page.versus.choice();
    page.versus.stop();
    const choice = { ...ANALYSIS };
    page.versus.set(choice);
    savePlaying(state.gameId, choice);
    page.clocks.set('none');
    gameChanged('step');
    page.sounds.play('end');
    page.gameOver.showAborted(`${colourName(side)} did not play the first move within ${FIRST_MOVE_MS / 1000} seconds.`);
  }

  /** Play again after an abort: a new game played as the aborted one was. */
  function playAgain() {
    if (abortedChoice) startChosen(state.gameId, abortedChoice);
  }

  /** Sets which side is at the bottom; the hands and the material follow. */
  function setFlipped(flipped) {
    state.flipped = flipped;
    page.ui.setFlipped(flipped);
    updateHands(); // the hands follow their sides
    page.material.update();
    page.players.update();
    board.requestRedraw();
  }

  /**
   * Starts a fresh game `id`; if the engine refuses, the current game stays. `handle`: a game
   * already made (an opened link or record) to show instead; `playing`: how it is played
   * (newgame.js), else as game `id` was last.
   */
  function newGame(id, position, handle = null, playing = null) {
    const next = handle || safely(() => makeGame(id, position));
    if (!next) { page.ui.selectGame(state.gameId); return false; }
    leaveChoice();
    release(state.game);
    state.game = next;
    state.gameId = id;
    page.ui.selectGame(id);
    view.cursor = null;
    view.lastMove = null;
    safely(() => { state.layout = next.layout(); });
    const { layout } = state;
    // The canvas keeps the board's proportions; style.css sizes it from --aspect.
    board.canvas.style.aspectRatio = layout ? `${layout.width} / ${layout.height}` : '1 / 1';
    board.canvas.parentElement.style.setProperty('--aspect', layout ? String(layout.width / layout.height) : '1');
    board.layoutChanged();
    select(null);
    page.neighbourMarks.reset(); // 4-D neighbour marks (neighbours.js)
    if (page.cellSpeech) page.cellSpeech.textContent = ''; // the cursor's words were about the game left
    page.ui.clearMessage();
    page.gameOver.close();
    const { embed } = page;
    const choice = embed.active ? embed.playing() : normalise(playing || loadPlaying(id));
    if (!embed.active) savePlaying(id, choice);
    page.versus.set(choice);
    page.clocks.set(choice.clock || 'none');
    if (choice.opponent === 'computer') {
      page.computer.warm();
      state.flipped = choice.side === 'b';
      page.ui.setFlipped(state.flipped);
      updateHands();
    }
    gameChanged('new');
    return true;
  }

  /**
   * Whether the game on the board is being played: against the computer or a friend at this
   * board (not an analysis board, nor an embedded board between people), and not yet ended.
   * A takeback in it removes the moves, and no variation is made: the game played stays the
   * main line (lichess's rule). A game that has ended is explored like an analysis board.
   * `evenEditing`: true while the position editor is open too (the game waits under it, and
   * its clock runs on).
   */
  function beingPlayed(evenEditing = false) {
    const { game } = state;
    if (!game || (!evenEditing && page.editor.active())) return false;
    const { opponent } = page.versus.choice();
    if (opponent === 'analysis' || (page.embed.active && opponent !== 'computer')) return false;
    return !safely(() => game.finalOutcome(), null);
  }

  /** How many plies Undo takes back from the end of the game being played (versus.js). */
  const takebackPlies = () => page.versus.takebackPlies(state.game);

  /**
   * Undo: in a game being played a takeback (against the computer the person's last move with
   * its reply), which removes the moves from the game; elsewhere one step back, the move
   * kept for Redo.
   */
  function undo() {
    const { game } = state;
    if (!game) return;
    page.versus.stop();
    if (beingPlayed()) takeBack(takebackPlies());
    else stepBack(1);
  }

  /**
   * Takes back the last `plies` moves of the game being played, wherever the board is: they
   * are deleted from the game (lichess's takeback; nothing is left to redo), and the board
   * shows the new end. The person's move taken back slides back when the board showed the end.
   */
  function takeBack(plies) {
    const { game } = state;
    const line = safely(() => Array.from(game.tree().line), null);
    if (!line || plies <= 0 || plies >= line.length) return;
    leaveChoice();
    const end = line.length - 1;
    const wasAtEnd = game.ply() === end;
    let m = null;
    const ok = safely(() => {
      game.goTo(end);
      for (let i = 0; i < plies; i += 1) m = game.undo();
      game.deleteNode(line[end - plies + 1]);
      return true;
    });
    select(null);
    gameChanged('step');
    if (ok && m && wasAtEnd) { board.animate(m, state.pieces, { backward: true }); page.around.undone(m); }
  }

  /** Steps back `plies` moves, keeping them for Redo. */
  function stepBack(plies) {
    const { game } = state;
    if (!game || plies <= 0) return;
    leaveChoice();
    let m = null;
    for (let i = 0; i < plies; i += 1) {
      const undone = safely(() => game.undo());
      if (!undone) break;
      m = undone;
    }
    select(null);
    gameChanged('step');
    // The last move taken back (the person's own) slides back; the reply before it just goes.
    if (m) { board.animate(m, state.pieces, { backward: true }); page.around.undone(m); }
  }

  /** Plays the move undone last again (Redo). */
  function redo() {
    const { game } = state;
    if (!game) return;
    leaveChoice();
    const before = state.pieces;
    const m = safely(() => game.redo());
    select(null);
    gameChanged('step');
    if (m) { board.animate(m, before); page.around.redone(m, before); }
  }

  /** Shows the position after `n` moves; one step back or forward is an undo or redo. */
  function goToPly(n) {
    const { game } = state;
    if (!game) return;
    const ply = game.ply();
    const last = game.line().length;
    if (n < 0 || n > last || n === ply) return;
    if (n === ply - 1) { stepBack(1); return; }
    if (n === ply + 1) { redo(); return; }
    leaveChoice();
    safely(() => game.goTo(n));
    select(null);
    gameChanged('step');
    page.around.jumped();
  }

  /**
   * Shows the position after move `id` of the game's tree (0: the start): one step along the
   * current line is an undo or redo (animated), anything else a jump.
   */
  function goToNode(id) {
    const { game } = state;
    if (!game) return;
    const line = safely(() => Array.from(game.tree().line), null);
    if (!line) return;
    const ply = game.ply(); // line[ply] is the node shown (line[0] the start)
    if (id === line[ply]) return;
    if (line[ply + 1] === id) { goToPly(ply + 1); return; }
    if (ply && line[ply - 1] === id) { goToPly(ply - 1); return; }
    leaveChoice();
    if (safely(() => { game.goToNode(id); return true; }, false) !== true) return;
    select(null);
    gameChanged('step');
    page.around.jumped();
  }

  /**
   * Puts game `id`'s saved game (storage.js) on the board: true if there was one. A share
   * link read at boot should win over it (call this only without one).
   */
  function restoreStored(id) {
    const handle = page.around.restore(id);
    return handle ? newGame(id, undefined, handle) : false;
  }

  /**
   * New game: the dialog (the game; the computer, a friend or an analysis board; colour,
   * level, clock); the game in progress is kept among the kept games ("Switch to kept game"
   * brings it back), a finished one among the past games, so nothing is lost. `welcome`: the
   * first visit's wording.
   */
  async function askNewGame(id = state.gameId, { welcome = false } = {}) {
    if (!engineLoaded() || page.newGameDialog.isOpen()) return;
    leaveChoice();
    page.gameOver.close(); // the end's panel does not stay open under the dialog
    const name = gameInfo(state, id).name || id;
    const choice = await page.newGameDialog.open(id, name, leavingWords(), { welcome });
    if (!choice) return;
    startChosen(choice.game || id, choice);
  }

  /**
   * What becomes of the game on the board when a new one starts, in the New game dialog's
   * words: a finished game (whatever position is shown) goes to the past games (storage.js
   * keepReplaced), a game in progress among the kept games; a game without moves just goes.
   */
  function leavingWords() {
    const { game } = state;
    if (!game || !safely(() => game.line().length, 0)) return '';
    if (safely(() => game.finalOutcome(), null)) return 'The finished game goes to the past games: Past games opens it again.';
    return 'The game in progress is kept: "Switch to kept game" brings it back.';
  }

  /** Starts a new game of `id` played as `choice` says (saved as game `id`'s choice). */
  function startChosen(id, choice) {
    if (page.embed.active) { page.embed.restart(choice); return; } // embedded: again from the position given
    const handle = safely(() => makeGame(id, undefined));
    if (!handle) return;
    nameRecord(handle, choice);
    page.keepFirst.replace(handle, (kept) => { // the game replaced is kept, or asked about first
      saveChoice(id, choice);
      page.computer.clear();
      if (!newGame(id, undefined, handle, choice)) return;
      if (choice.opponent !== 'computer' && state.flipped) setFlipped(false);
      if (kept) page.tell(kept);
    });
  }

  /**
   * A game played here names itself in its record, as lichess's do: the date, its clock
   * (`TimeControl "180+2"`), and against the computer its players (`You`, `fairyboard, level
   * 5`). The result and how the game ended follow from the game when it is written.
   */
  function nameRecord(handle, choice) {
    if (typeof handle.setTag !== 'function' || choice.opponent === 'analysis') return;
    const computer = `fairyboard, level ${choice.level}`;
    safely(() => {
      handle.setTag('Date', today());
      const control = timeControlTag(choice.clock);
      if (control) handle.setTag('TimeControl', control);
      if (choice.opponent !== 'computer') return;
      handle.setTag('White', choice.side === 'w' ? 'You' : computer);
      handle.setTag('Black', choice.side === 'w' ? computer : 'You');
    });
  }

  /** The game a link or record replaced (storage.js keeps it): swapped back onto the board. */
  function switchToKept() {
    if (!state.game || page.editor.active()) return;
    leaveChoice();
    const kept = page.around.takeKept(state.gameId);
    if (kept && newGame(state.gameId, undefined, kept.handle, kept.playing || explored(kept.handle))) {
      const n = page.around.keptCount(state.gameId);
      // Information, not a warning: nothing went wrong.
      if (kept.left === 'past') {
        page.tell(`Switched to the kept game; the finished game you left is among the past games${n ? `, and ${n} more ${n > 1 ? 'games are' : 'game is'} kept` : ''}.`);
      } else {
        page.tell(n > 1
          ? `Switched to a kept game; ${n} games are kept, the one you left among them: switch again for the next.`
          : 'Switched to the kept game; the game you left is kept in its place.');
      }
    }
  }

  return {
    cellName, cellOfName, refresh, select, updateHands, leaveChoice, play, playAtEnd, gameChanged,
    endGame, flagFell, abortGame, playAgain, setFlipped, newGame, stepBack, undo, beingPlayed, redo, goToPly, goToNode, restoreStored, askNewGame,
    startChosen, switchToKept, drawShape,
  };
}
