// www/computer/: the computer as a player and an analyst: its moves, hints, analysis and reviews.
// Playing the computer: which side it plays and at what level, when it is its turn, and its
// search (www/engine/computer.js) for the game on the board. It follows every change of the
// game (subscribed to the controller's redraw); a search whose line (start and moves) is no
// longer the game's is stopped there at once. Stepping back through the moves keeps the line, so the computer
// keeps thinking and its move goes at the end of the line.

import { subscribe, MOVED } from '../state.js';
import { computerSide } from '../game/playing.js';

/** The game's line as one string: a search answers for exactly this. */
export function lineKey(g) {
  return `${g.gameId()}|${g.startText()}|${Array.from(g.line()).join(' ')}`;
}

/**
 * Plays the computer in the game on the board, over the page's `state` (how the game is
 * played: state.playing): `computer` (engine/computer.js, its worker), `controller`
 * (game/controller.js: its move played at the end of the game), `board` (its move waits for
 * the person's to finish sliding), `buttons` (game/gamebuttons.js: the thinking line), `ui`
 * (messages), `clocks` (the clock of the side it plays). Follows every change of the game
 * (subscribed). Returns { thinking(), stop() }.
 */
export function makeVersus(computer, state, { controller, board, buttons, ui, clocks }) {
  let pending = null; // { key }: the search running for the line `key`
  const host = {
    idle: () => new Promise((resolve) => {
      const check = () => (board.animator.running() ? requestAnimationFrame(check) : resolve());
      check();
    }),
    playAtEnd: (text) => controller.playAtEnd(text),
    thinking: (thinking) => buttons.showThinking(thinking),
    say: ui.say,
    clock: (side) => clocks.limit(side),
  };
  const level = () => state.playing.level;

  function stop() {
    if (!pending) return false;
    pending = null;
    computer.cancel();
    host.thinking(null);
    return true;
  }

  async function think(g, key, side) {
    const mine = { key };
    pending = mine;
    host.thinking({ side, depth: 0, level: level() });
    const request = {
      game: g.gameId(), position: g.startText(), moves: Array.from(g.line()), level: level(),
    };
    const clock = host.clock(side);
    if (clock) request.clock = clock;
    let result = null;
    try {
      result = await computer.search(request, (info) => {
        if (pending === mine) host.thinking({ side, depth: info.depth, level: level() });
      });
    } catch (e) {
      if (pending !== mine) return;
      pending = null;
      host.thinking(null);
      host.say(`The computer could not move: ${e.message}`);
      return;
    }
    if (pending !== mine) return;
    await host.idle(); // the person's move finishes sliding first
    if (pending !== mine) return;
    pending = null;
    host.thinking(null);
    if (result && result.best) host.playAtEnd(result.best);
  }

  /**
   * After any change of the game: a new game or an end stops the search; a search for another
   * line (or another way of playing) is stopped, and one starts when it is the computer's turn.
   */
  function changed(change) {
    if (change.cause === 'new' || change.cause === 'end') stop();
    if (change.cause === 'new') {
      if (change.fresh) computer.clear(); // a new game chosen: earlier searches forgotten
      if (computerSide(state.playing)) computer.warm();
    }
    const g = state.game;
    if (!g || state.editing) { stop(); return; }
    const { opponent, side: person } = state.playing;
    const key = `${lineKey(g)}|${opponent}|${person}|${level()}`;
    if (pending && pending.key === key) return; // still the same game: thinking on
    stop();
    const side = computerSide(state.playing);
    if (!side || g.ply() !== g.line().length || g.outcome() || g.sideToMove() !== side) return;
    think(g, key, side);
  }
  subscribe(state, MOVED, changed);

  return {
    /** Whether the computer is thinking. */
    thinking: () => !!pending,
    /** Stops the computer's search, if any (true if one ran). */
    stop,
  };
}
