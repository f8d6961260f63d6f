// www/game/: the game's flow: every change, how it is played, its clocks and its end.
// The controls about the game on the board, rendered from the state after every change: the
// status line (whose turn, check, the result), Undo, Redo, Flip board, the game select,
// Resign, and the line that shows the computer thinking; and the hint drawn on the board.
// Each button calls the controller; the game ends through its endAtLastMove.

import { colourName, toMoveAtEnd, subscribe, SHOWN } from '../state.js';
import { computerSide, remote } from './playing.js';

/**
 * Wires the buttons over the page's `state`: `controller` (controller.js), `ui` (controls/:
 * status line, messages, picker), `board` (for the hint's arrow from a hand). Returns
 * { showThinking(thinking), showHint(move) }.
 */
export function makeGameButtons(doc, state, { controller, ui, board }) {
  const $ = (id) => doc.getElementById(id);

  /** The status line: the result, check, or whose turn. */
  function status() {
    const { game, outcome } = state;
    if (!game) return;
    if (outcome) ui.setStatus(outcome.text || `Game over: ${outcome.result}`, 'result');
    else if (state.view.checks.length) ui.setStatus(`${colourName(game.sideToMove())} to move, in check`, 'check');
    else ui.setStatus(`${colourName(game.sideToMove())} to move`, '');
  }

  /**
   * Which of Undo, Redo, Resign and Offer draw make sense now. Resign and Offer draw are there
   * only where someone plays a game (Offer draw only against the computer: at one board it
   * would be an offer to oneself), and answer while the game goes on, whatever move the board
   * shows (a takeback leaves them on).
   */
  function buttons() {
    ui.setButtons({ canUndo: state.canUndo, canRedo: state.canRedo });
    const { opponent } = state.playing;
    const playing = controller.beingPlayed();
    // A friend at a distance is resigned to through the record (www/remote/'s own buttons).
    $('resign').hidden = opponent === 'analysis' || remote(state.playing);
    $('offer-draw').hidden = opponent !== 'computer';
    $('resign').disabled = !playing;
    $('offer-draw').disabled = !playing;
  }

  subscribe(state, SHOWN, (change) => {
    status();
    if (change.cause === 'new') ui.selectGame(state.gameId);
    ui.setFlipped(state.flipped);
    if (change.cause === 'refresh') ui.setButtons({ canUndo: state.canUndo, canRedo: state.canRedo });
    else buttons(); // Resign and Offer draw are looked at again after a change, not after a refused move

  });
  subscribe(state, ['flip'], () => ui.setFlipped(state.flipped));

  $('undo').addEventListener('click', () => controller.undo());
  $('redo').addEventListener('click', () => controller.redo());
  $('flip').addEventListener('click', () => controller.setFlipped(!state.flipped));
  // Another game chosen: its kept game, or a new one (the position editor takes the select over while open).
  $('game').addEventListener('change', () => {
    if (state.editing) return;
    const id = $('game').value;
    if (!controller.restoreStored(id)) controller.newGame(id);
  });

  $('resign').addEventListener('click', (e) => {
    const { game } = state;
    if (!game || !controller.beingPlayed()) return;
    const side = computerSide(state.playing) ? state.playing.side : toMoveAtEnd(game);
    ui.openPicker(`Resign as ${colourName(side)}?`,
      [{ value: 'yes', label: 'Resign' }, { value: 'no', label: 'Play on' }],
      (v) => { if (v === 'yes') controller.endAtLastMove((g) => g.resign(side)); },
      () => {}, e.currentTarget);
  });

  return {
    /** The thinking line: whose side, the level, the depth reached (null: not thinking). */
    showThinking(thinking) {
      const el = $('thinking');
      el.hidden = !thinking;
      if (!thinking) return;
      const depth = thinking.depth ? `: depth ${thinking.depth}` : '…';
      // Side and level in a span of their own, which a small embedded board leaves out (embed.css).
      const detail = Object.assign(doc.createElement('span'), {
        className: 'thinking-detail', textContent: ` (${colourName(thinking.side)}, level ${thinking.level})`,
      });
      $('thinking-text').replaceChildren('The computer', detail, ` is thinking${depth}`);
    },

    /** The hint `m` (a legal move of the position shown) drawn: an arrow, a drop from the hand, or a ring on a piece acting in place. */
    showHint(m) {
      const { view } = state;
      if (m.from == null) view.arrows = [{ from: null, to: m.to, kind: 'hint', origin: board.handCentre(state.game.sideToMove()) }];
      else if (m.from === m.to) view.rings = [{ at: m.from, kind: 'hint' }];
      else view.arrows = [{ from: m.from, to: m.to, kind: 'hint' }];
      board.requestRedraw();
    },
  };
}
