// www/game/: the game's flow: every change, how it is played, its clocks and its end.
// The controller: the one place the game changes. Every change (a move, undo, redo, a step
// through the moves or the tree, a new or switched game, a link, a record, the editor opened
// or closed, the end declared) goes through changed(): it reads the game from the engine into
// the state (state.js) and then calls the one redraw, which tells the parts that subscribed
// to the change (the status line, the move list, the players, the computer, the sounds, the
// end's panel, ...). The controller calls no view: it knows the board it draws on, the page's
// messages and picker (controls/), and the game's own modules beside it (clocks, keeping,
// keepfirst, playing); whatever shows or plays the game subscribes, and calls back in here.

import { movesByFrom, destinations, captureDestinations, ownCaptureDestinations, bouncePaths } from './adapter.js';
import { touchedSquares } from '../board/effects.js'; // the last move's highlight
import { shapesOnBoard, toggleShape, handStart, startHand, withCommand } from '../records/shapes.js'; // arrows and circles a person draws; clocks kept
import { today } from '../records/files.js';
import { makeClocks, clockCommand, timeControlTag, FIRST_MOVE_MS } from './clocks.js';
import { makeKeeping } from './keeping.js';
import { makeKeepFirst } from './keepfirst.js';
import { loadPlaying, savePlaying, saveChoice, normalise, explored, computerSide, takebackPlies, remote, personSide, ANALYSIS } from './playing.js';
import { gameInfo, toMoveAtEnd, colourName, redraw, MOVED } from '../state.js';
import { newGame as makeGame, release } from '../engine/engine.js';

/**
 * The controller over `state`. `parts`: { doc, config, board (board/boardview.js), ui
 * (controls/ui.js: status, messages, picker), safely (engine errors said), embedded (an
 * embedded board: it keeps nothing in this browser, and a game between people there is
 * explored, not played) }.
 */
export function makeController(state, { doc, config, board, ui, safely, embedded = false }) {
  const view = state.view;
  const keeps = !embedded; // the full page keeps games and choices in this browser
  let pendingNote = null; // what to say with the next change (a kept game that could not be read)
  let abortedChoice = null; // how the game aborted last was played (Play again starts it so)

  /** A cell's name ("e4"), or its number when the layout does not have it. */
  const cellName = (sq) => (state.layout && state.layout.cells[sq] ? state.layout.cells[sq].name : String(sq));

  /** The cell index of a cell name, or null. */
  function cellOfName(name) {
    const i = state.layout ? state.layout.cells.findIndex((c) => c && c.name === name) : -1;
    return i < 0 ? null : i;
  }

  // The game's own parts, each subscribed in this order: what the browser keeps (the game
  // saved after each change, a message about it said first), then the clocks.
  const keeping = makeKeeping(doc, state, { ui, keeps });
  const keepFirst = makeKeepFirst(doc, {
    keep: (handle) => keeping.keepReplaced(handle),
    ask: (title, options, then, cancel) => ui.openPicker(title, options, then, cancel, doc.getElementById('board')),
  });
  const clocks = makeClocks(doc, state, {
    flagFall: (side) => flagFell(side),
    live: () => beingPlayed(true), // the position editor does not stop a clock
    firstMove(side, ms) {
      if (computerSide(state.playing) === side) return; // the computer moves at once
      if (remote(state.playing)) return; // a friend at a distance is not aborted on
      ui.tell(`${side === 'w' ? 'White' : 'Black'} has ${ms / 1000} seconds to play the first move, or the game is aborted.`);
    },
    abort: (side) => abortGame(side),
  });

  /** Reads the game on the board from the engine into the state: its position, moves, checks and shapes. */
  function read() {
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
      state.canUndo = beingPlayed() ? takebackPlies(state.playing, game) > 0 : game.canUndo();
      state.canRedo = game.canRedo();
    });
    if (view.selected != null && !state.byFrom.has(view.selected)) select(null);
    else select(view.selected);
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
   * The one place every change goes through: reads the game into the state, then the one
   * redraw tells the parts. `cause` (state.js): 'move', 'step', 'new', 'end' (the position or
   * the game changed: a message belongs to its moment, so it goes, unless `keepMessage`, and
   * a move's clock stops), 'refresh' (read again as it is), 'lines' (only the record changed),
   * 'flip', 'style'. `detail`: what happened in it (played, before, undone, ...).
   */
  function changed(cause, detail = {}) {
    const { game } = state;
    const moved = MOVED.includes(cause);
    if (moved && !detail.keepMessage) ui.clearMessage();
    if (cause === 'move' && game) clockMoved(game.currentNode(), game.sideToMove() === 'w' ? 'b' : 'w');
    if (moved || cause === 'refresh') read();
    if (cause === 'lines') view.shapes = shapesShown();
    if (moved) { view.arrows = []; view.rings = []; }
    if (pendingNote && moved) { detail = { ...detail, note: pendingNote }; pendingNote = null; }
    redraw(state, { cause, ...detail });
    board.requestRedraw();
  }

  /**
   * A shape drawn from cell `from` (or a hand, `{ hand: 'w'|'b' }`) to cell `to` (the same
   * cell: a circle): kept in the comment of the position shown.
   */
  function drawShape(from, to, colour) {
    const { game } = state;
    if (!game || state.editing || to == null) return;
    const id = game.currentNode();
    const before = safely(() => game.comment(id), null);
    if (before == null) return;
    const start = startHand(from) ? handStart(startHand(from)) : cellName(from);
    if (safely(() => { game.setComment(id, toggleShape(before, start, cellName(to), colour)); return true; }) !== true) return;
    changed('lines');
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

  /** Leaves any choice in progress: the picker, a message, a drag, the running animation. */
  function leaveChoice() {
    ui.closePicker();
    ui.clearMessage();
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
      changed('refresh');
      ui.tell('This is an earlier position of the game: it goes on from the last move (End, or the last move in the list). Undo takes moves back.');
      return null;
    }
    const before = state.pieces;
    const played = safely(() => state.game.play(text));
    select(null);
    if (played) {
      changed('move', { keepMessage: computer, played, shown: true, before, computer });
      board.animate(played, before, { draggedFrom });
    } else changed('refresh');
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
    changed('step', { keepMessage: true, played: m || null, shown: false, computer: true });
    if (m) ui.tell(`The computer played ${m.name || m.text}; End shows the position.`);
  }

  /**
   * `mover` played the move of node `id`: its clock stops and gains the increment, and the
   * time it has left is kept with the move as PGN keeps clocks (`[%clk 0:04:58]`).
   */
  function clockMoved(id, mover) {
    if (!clocks.moved(mover)) return; // no clocks, or a move on a game only looked at
    const left = clocks.left(mover);
    if (left == null) return;
    safely(() => state.game.setComment(id, withCommand(state.game.comment(id), 'clk', clockCommand(left))));
  }

  /** Ends the game by `declare` (the engine's resign, agreeDraw, ...), through the one place. */
  function endGame(declare) {
    if (safely(declare) !== null) changed('end');
  }

  /** Ends the game being played by `declare(game)` at its last move, wherever the board is. */
  function endAtLastMove(declare) {
    const { game } = state;
    if (game) endGame(() => { game.goTo(game.line().length); return declare(game); });
  }

  /**
   * `side`'s clock ran out (clocks.js): the game is lost on time at its last move, wherever
   * the board shows (a clock runs while a player looks back), and the board shows the end.
   */
  function flagFell(side) {
    if (!state.game) return;
    // In a live game each page counts its own side's time (the friend's clock here runs with
    // the lag, so only the friend's page ends the game on it: www/remote/).
    if (state.playing.opponent === 'live' && side !== state.playing.side) return;
    leaveChoice();
    endAtLastMove((g) => g.flagFall(side));
  }

  /**
   * `side` did not play the first move of a game with a clock in time (clocks.js,
   * FIRST_MOVE_MS): the game is aborted, as lichess aborts it (rulings E5): no result, so not
   * among the past games; the board is an analysis board of its position, and the end's
   * panel says why and offers to play again.
   */
  function abortGame(side) {
    const { game } = state;
    if (!game || !beingPlayed(true) || game.line().length > 0 || remote(state.playing)) return;
    abortedChoice = { ...state.playing };
    const choice = { ...ANALYSIS };
    state.playing = choice;
    savePlaying(state.gameId, choice);
    clocks.set('none');
    changed('step', { aborted: `${colourName(side)} did not play the first move within ${FIRST_MOVE_MS / 1000} seconds.` });
  }

  /** How the game aborted last was played (Play again starts a new one so), or null. */
  const aborted = () => abortedChoice;

  /** Sets which side is at the bottom; the parts that show sides follow. */
  function setFlipped(flipped) {
    state.flipped = flipped;
    changed('flip');
  }

  /**
   * Starts a fresh game `id`; if the engine refuses, the current game stays. `handle`: a game
   * already made (an opened link or record) to show instead; `playing`: how it is played
   * (game/playing.js), else as game `id` was last. `detail`: what to tell the parts with it.
   */
  function newGame(id, position, handle = null, playing = null, detail = {}) {
    const next = handle || safely(() => makeGame(id, position));
    if (!next) { ui.selectGame(state.gameId); return false; }
    leaveChoice();
    if (state.game !== next) release(state.game);
    state.game = next;
    state.gameId = id;
    view.cursor = null;
    view.lastMove = null;
    safely(() => { state.layout = next.layout(); });
    const { layout } = state;
    // The canvas keeps the board's proportions; style.css sizes it from --aspect.
    board.canvas.style.aspectRatio = layout ? `${layout.width} / ${layout.height}` : '1 / 1';
    board.canvas.parentElement.style.setProperty('--aspect', layout ? String(layout.width / layout.height) : '1');
    board.layoutChanged();
    select(null);
    ui.clearMessage();
    const choice = normalise(playing || (keeps ? loadPlaying(id) : state.playing));
    if (keeps) savePlaying(id, choice);
    state.playing = choice;
    clocks.set(choice.clock || 'none');
    if (personSide(choice)) state.flipped = choice.side === 'b'; // the person's side at the bottom
    changed('new', detail);
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
    if (!game || (!evenEditing && state.editing)) return false;
    const { opponent } = state.playing;
    if (opponent === 'analysis' || (embedded && opponent !== 'computer')) return false;
    return !safely(() => game.finalOutcome(), null);
  }

  /**
   * Undo: in a game being played a takeback (against the computer the person's last move with
   * its reply), which removes the moves from the game; elsewhere one step back, the move
   * kept for Redo.
   */
  function undo() {
    if (!state.game) return;
    if (beingPlayed()) takeBack(takebackPlies(state.playing, state.game));
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
    const undone = ok && m && wasAtEnd ? m : null;
    changed('step', { undone, takeback: true });
    if (undone) board.animate(m, state.pieces, { backward: true });
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
    // The last move taken back (the person's own) slides back; the reply before it just goes.
    changed('step', { undone: m });
    if (m) board.animate(m, state.pieces, { backward: true });
  }

  /** Plays the move undone last again (Redo). */
  function redo() {
    const { game } = state;
    if (!game) return;
    leaveChoice();
    const before = state.pieces;
    const m = safely(() => game.redo());
    select(null);
    changed('step', { redone: m, before });
    if (m) board.animate(m, before);
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
    changed('step', { jumped: true });
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
    changed('step', { jumped: true });
  }

  /**
   * Changes the game on the board by `fn(game)` (a part's own edit of the tree: a variation
   * promoted, a move deleted, a puzzle's wrong move taken back), then tells everyone: `cause`
   * 'step' when the position shown changed, 'lines' when only the record did. `leave`: any
   * choice in progress is left first and the piece picked put down (a jump in the move list).
   */
  function edit(fn, cause = 'lines', { leave = false } = {}) {
    const { game } = state;
    if (!game) return false;
    const ok = safely(() => { fn(game); return true; }, false) === true;
    if (leave) { leaveChoice(); select(null); }
    changed(cause);
    return ok;
  }

  /**
   * Puts game `id`'s saved game (keeping.js) on the board: true if there was one. A share
   * link read at boot should win over it (call this only without one).
   */
  function restoreStored(id) {
    const r = keeping.restore(id);
    if (r && r.note) pendingNote = r.note;
    return r && r.handle ? newGame(id, undefined, r.handle) : false;
  }

  /**
   * Puts `handle`, a game opened from elsewhere (a link, a record, a past game), on the board
   * in place of the game of its id, which is kept first (keepfirst.js: asked about when it
   * cannot be); `then(kept)` runs once it is on the board (kept: what to say about the game
   * kept, or null). `playing`: how it is played (an analysis board with its record's clock by
   * default); `opened`: noted as opened from elsewhere (keeping.js). Returns whether it went
   * at once (false: the person is asked first).
   */
  function open(handle, { playing = null, opened = false } = {}, then = () => {}) {
    return keepFirst.replace(handle, (kept) => {
      if (!newGame(handle.gameId(), null, handle, playing || explored(handle))) return;
      if (opened) keeping.opened(handle.gameId());
      then(kept);
    });
  }

  /** Starts a new game of `id` played as `choice` says (saved as game `id`'s choice). */
  function startChosen(id, choice) {
    const handle = safely(() => makeGame(id, undefined));
    if (!handle) return;
    nameRecord(handle, choice);
    keepFirst.replace(handle, (kept) => { // the game replaced is kept, or asked about first
      saveChoice(id, choice);
      if (!newGame(id, undefined, handle, choice, { fresh: true })) return;
      if (choice.opponent !== 'computer' && state.flipped) setFlipped(false);
      if (kept) ui.tell(kept);
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

  /** The game a link or record replaced (keeping.js keeps it): swapped back onto the board. */
  function switchToKept() {
    if (!state.game || state.editing) return;
    leaveChoice();
    const kept = keeping.takeKept(state.gameId);
    if (kept && kept.note) { ui.showMessage(kept.note, 0); changed('note', { note: kept.note }); return; }
    if (kept && newGame(state.gameId, undefined, kept.handle, kept.playing || explored(kept.handle))) {
      const n = keeping.keptCount(state.gameId);
      // Information, not a warning: nothing went wrong.
      if (kept.left === 'past') {
        ui.tell(`Switched to the kept game; the finished game you left is among the past games${n ? `, and ${n} more ${n > 1 ? 'games are' : 'game is'} kept` : ''}.`);
      } else {
        ui.tell(n > 1
          ? `Switched to a kept game; ${n} games are kept, the one you left among them: switch again for the next.`
          : 'Switched to the kept game; the game you left is kept in its place.');
      }
    }
  }

  /**
   * The position editor opened over the game (`on`) or closed: the computer stops while the
   * position is edited, and analysis follows the editor.
   */
  function setEditing(on) {
    state.editing = on;
    if (!on) ui.selectGame(state.gameId);
    changed('step');
  }

  /** Play from here in the position editor: a new game `id` from position `text` (false: refused, still editing). */
  function startFromEditor(id, text) {
    state.editing = false;
    if (newGame(id, text)) return true;
    state.editing = true;
    return false;
  }

  doc.getElementById('kept-game')?.addEventListener('click', () => switchToKept());

  return {
    cellName, cellOfName, changed, select, leaveChoice, play, playAtEnd, endGame, endAtLastMove, flagFell,
    abortGame, aborted, setFlipped, newGame, beingPlayed, undo, redo, stepBack, goToPly, goToNode, edit,
    restoreStored, open, startChosen, switchToKept, drawShape, setEditing, startFromEditor,
    /** The colours or the coordinates changed (settings): the parts that draw pieces draw them again. */
    restyled: () => changed('style'),
    /** Whether a takeback can act now. */
    takebackPlies: () => (state.game ? takebackPlies(state.playing, state.game) : 0),
    /** The game's clocks (clocks.js) and what the browser keeps (keeping.js), for the parts that show them. */
    clocks,
    keeping,
  };
}
