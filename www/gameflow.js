// The game's flow through the page: reading the engine's game into the state, the one place
// every change of the game goes through (gameChanged), and the ways a game changes: a move,
// stepping through the moves and the tree, a new or switched game, the computer's move.
// Everything here works on the page's state (state.js) and tells the page's parts (`page`,
// filled in by main.js) what changed.

import { movesByFrom, destinations, captureDestinations } from './adapter.js';
import { ownCaptureDestinations, bouncePaths } from './adapter.js'; // threats (overlays.js)
import { readShapes, toggleShape, handOf, handStart } from './shapes.js'; // arrows and circles a person draws
import { saveChoice, loadPlaying, savePlaying } from './newgame.js';
import { lastMoveText } from './gameover.js';
import { gameInfo } from './state.js';

/** How a game with two people at the board is played (newgame.js's choice). */
export const TWO_PLAYERS = Object.freeze({ opponent: 'human', color: 'w', side: 'w', level: 3 });

/** "White", "Black". */
export const colourName = (c) => (c === 'w' ? 'White' : c === 'b' ? 'Black' : String(c));

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
      view.lastMove = touched(game.lastMove());
      view.checks = Array.from(game.checks() || []); // the engine returns a Uint8Array
      view.checkLines = view.checks.length ? game.checkers() : []; // checking pieces and lines
      view.frozen = new Set(game.frozen());
      view.shapes = shapesShown();
      const side = game.sideToMove();
      const { outcome } = state;
      if (outcome) page.ui.setStatus(outcome.text || `Game over: ${outcome.result}`, 'result');
      else if (view.checks.length) page.ui.setStatus(`${colourName(side)} to move, in check`, 'check');
      else page.ui.setStatus(`${colourName(side)} to move`, '');
      page.ui.setButtons({ canUndo: game.canUndo(), canRedo: game.canRedo() });
    });
    page.around.refreshed(); // move list, legend marks, saved game
    page.material.update(); // pieces lost (material.js)
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
    const s = readShapes(safely(() => game.comment(game.currentNode()), '') || '');
    const hands = !!gameInfo(state).hands;
    const arrow = (a) => {
      const hand = handOf(a.from);
      return hand ? { from: null, hand, to: cellOfName(a.to), colour: a.colour }
        : { from: cellOfName(a.from), to: cellOfName(a.to), colour: a.colour };
    };
    return {
      arrows: s.arrows.map(arrow).filter((a) => (a.hand ? hands : a.from != null) && a.to != null),
      marks: s.marks.map((m) => ({ at: cellOfName(m.at), colour: m.colour })).filter((m) => m.at != null),
    };
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
    const start = typeof from === 'object' && from ? handStart(from.hand) : cellName(from);
    if (safely(() => { game.setComment(id, toggleShape(before, start, cellName(to), colour)); return true; }) !== true) return;
    view.shapes = shapesShown();
    page.around.refreshed(); // the list (comments) and the saved game
    page.share.update();
    board.requestRedraw();
  }

  /** Every square a move touches (its from and to, and where its effects act), for the highlight. */
  function touched(move) {
    if (!move) return null;
    const out = new Set([move.from, move.to]);
    for (const e of move.effects || []) {
      if (e.type === 'swap') { out.add(e.a); out.add(e.b); } else {
        for (const k of ['from', 'to', 'at']) if (e[k] != null) out.add(e[k]);
      }
    }
    out.delete(null);
    out.delete(undefined);
    return [...out];
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
  function play(text, { draggedFrom = null } = {}) {
    const before = state.pieces;
    const played = safely(() => state.game.play(text));
    select(null);
    if (played) {
      page.ui.clearMessage();
      gameChanged('move');
      board.animate(played, before, { draggedFrom });
      page.embed.played(played); // embedded board: tell the embedding page
      page.around.played(played, before); // said in words
    } else refresh();
    return played;
  }

  /** The computer's move: at once when the board shows the end of the game, else put at its end. */
  function playAtEnd(text) {
    const { game } = state;
    if (!game) return;
    const last = game.line().length;
    if (game.ply() === last) { play(text); return; }
    const ply = game.ply();
    const m = safely(() => {
      game.goTo(last);
      const r = game.play(text);
      game.goTo(ply);
      return r;
    });
    gameChanged('step');
    if (m) page.embed.played(m); // embedded board: tell the embedding page
    if (m) page.tell(`The computer played ${m.name || m.text}; End shows the position.`);
  }

  /**
   * The one place every change of the game goes through (a move, undo, redo, a step through
   * the moves, a new or switched game, a link, a record, the editor): reads the game into the
   * page, then lets the computer (stopped at once if its search is for another line, started
   * when it is its turn), the analysis and the end-of-game panel follow. `cause`: 'move',
   * 'step' (undo, redo, the move list), 'new' (another game on the board), 'end' (resigned,
   * agreed, flag fallen).
   */
  function gameChanged(cause) {
    const { game } = state;
    refresh();
    if (cause === 'move' && game) page.clocks.moved(game.sideToMove() === 'w' ? 'b' : 'w');
    page.clocks.update();
    view.arrows = [];
    view.rings = [];
    page.versus.changed();
    page.analysis.changed();
    const ended = game && game.ply() === game.line().length ? state.outcome : null;
    if (cause === 'move' && game) page.sounds.moved(safely(() => game.lastMove()), { check: view.checks.length > 0, ended: !!ended });
    else if (cause === 'end' && ended) page.sounds.play('end');
    if (ended && (cause === 'move' || cause === 'end')) {
      const last = lastMoveText(game.startText(), Array.from(safely(() => game.lineNames(), []) || []));
      page.gameOver.show(ended, page.versus.computerSide() ? page.versus.choice().side : null, last);
    } else if (!ended) page.gameOver.close();
    page.gameButtons.update();
  }

  /** Ends the game by `declare` (the engine's resign, agreeDraw, ...), through the one place. */
  function endGame(declare) {
    page.versus.stop();
    if (safely(declare) !== null) gameChanged('end');
  }

  /** Sets which side is at the bottom; the hands and the material follow. */
  function setFlipped(flipped) {
    state.flipped = flipped;
    page.ui.setFlipped(flipped);
    updateHands(); // the hands follow their sides
    page.material.update();
    board.requestRedraw();
  }

  /**
   * Starts a fresh game `id`; if the engine refuses, the current game stays. `handle`: a game
   * already made (an opened link or record) to show instead; `playing`: how it is played
   * (newgame.js), else as game `id` was last.
   */
  function newGame(id, position, handle = null, playing = null) {
    const next = handle || safely(() => new state.engine.GameHandle(id, position));
    if (!next) { page.ui.selectGame(state.gameId); return false; }
    leaveChoice();
    if (state.game) safely(() => state.game.free());
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
    const choice = embed.active ? embed.playing() : (playing || loadPlaying(id));
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

  /** Takes back `plies` moves (an undo; against the computer the person's move and its reply). */
  function stepBack(plies) {
    const { game } = state;
    if (!game || plies <= 0) return;
    leaveChoice();
    if (plies > 1) page.versus.stop(); // a takeback: the computer stops thinking at once
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
   * New game: the dialog (two players or the computer, colour, level); the game in progress
   * is kept among the kept games ("Switch to kept game" brings it back), so nothing is lost.
   */
  async function askNewGame(id = state.gameId) {
    if (!state.engine || page.newGameDialog.isOpen()) return;
    leaveChoice();
    const inProgress = state.game && state.game.line().length > 0 && !state.outcome;
    const name = gameInfo(state, id).name || id;
    const choice = await page.newGameDialog.open(id, name, inProgress
      ? 'The game in progress is kept: "Switch to kept game" brings it back.' : '');
    if (!choice) return;
    startChosen(id, choice);
  }

  /** Starts a new game of `id` played as `choice` says (saved as game `id`'s choice). */
  function startChosen(id, choice) {
    if (page.embed.active) { page.embed.restart(choice); return; } // embedded: again from the position given
    const handle = safely(() => new state.engine.GameHandle(id, undefined));
    if (!handle) return;
    const kept = page.around.keepReplaced(handle);
    saveChoice(id, choice);
    page.computer.clear();
    if (!newGame(id, undefined, handle, choice)) return;
    if (choice.opponent !== 'computer' && state.flipped) setFlipped(false);
    if (kept) page.tell(kept);
  }

  /** The game a link or record replaced (storage.js keeps it): swapped back onto the board. */
  function switchToKept() {
    if (!state.game || page.editor.active()) return;
    leaveChoice();
    const handle = page.around.takeKept(state.gameId);
    if (handle && newGame(state.gameId, undefined, handle, TWO_PLAYERS)) {
      const n = page.around.keptCount(state.gameId);
      page.say(n > 1
        ? `Switched to a kept game; ${n} games are kept, the one you left among them: switch again for the next.`
        : 'Switched to the kept game; the game you left is kept in its place.');
    }
  }

  return {
    cellName, cellOfName, refresh, select, updateHands, leaveChoice, play, playAtEnd, gameChanged,
    endGame, setFlipped, newGame, stepBack, redo, goToPly, goToNode, restoreStored, askNewGame,
    startChosen, switchToKept, drawShape,
  };
}
