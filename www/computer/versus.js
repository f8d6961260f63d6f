// www/computer/: the computer as a player and an analyst: its moves, hints, analysis and reviews.
// Playing the computer: which side it plays and at what level, when it is its turn, and its
// search (www/engine/computer.js) for the game on the board. main.js calls changed() from its one
// "the game changed" place; a search whose line (start and moves) is no longer the game's is
// stopped there at once. Stepping back through the moves keeps the line, so the computer
// keeps thinking and its move goes at the end of the line.

import { toMoveAtEnd } from '../state.js';

/** The game's line as one string: a search answers for exactly this. */
export function lineKey(g) {
  return `${g.gameId()}|${g.startText()}|${Array.from(g.line()).join(' ')}`;
}

/**
 * Reads the game from the page's `state` (state.js). host: { editing(), idle(): Promise (animations done), playAtEnd(text),
 *         thinking(state: { side, depth, level } | null), say(text), clock(side): the side's
 *         clock for the search ({ remaining, increment } ms) or null }
 */
export function makeVersus(computer, state, host) {
  let choice = { opponent: 'human', side: 'w', level: 3 };
  let pending = null; // { key }: the search running for the line `key`

  const computerSide = () => (choice.opponent === 'computer' ? (choice.side === 'w' ? 'b' : 'w') : null);

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
    host.thinking({ side, depth: 0, level: choice.level });
    const request = {
      game: g.gameId(), position: g.startText(), moves: Array.from(g.line()), level: choice.level,
    };
    const clock = host.clock(side);
    if (clock) request.clock = clock;
    let result = null;
    try {
      result = await computer.search(request, (info) => {
        if (pending === mine) host.thinking({ side, depth: info.depth, level: choice.level });
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

  return {
    /** Plays the game on the board with `choice` ({ opponent, side (the person's), level }). */
    set(c) { stop(); choice = { ...choice, ...c }; },
    choice: () => ({ ...choice }),
    /** The computer's side ('w' or 'b'), or null in a game between two people. */
    computerSide,
    /** Whether the computer is thinking. */
    thinking: () => !!pending,
    /** Stops the computer's search, if any (true if one ran). */
    stop,
    /** After any change of the game: stops a search for another line, starts one when it is the computer's turn. */
    changed() {
      const g = state.game;
      if (!g || host.editing()) { stop(); return; }
      const key = lineKey(g);
      if (pending && pending.key === key) return; // still the same game: thinking on
      stop();
      const side = computerSide();
      if (!side || g.ply() !== g.line().length || g.outcome() || g.sideToMove() !== side) return;
      think(g, key, side);
    },
    /**
     * How many plies a takeback removes from the end of the game `g` (wherever the board is):
     * against the computer the person's last move and the computer's reply together (2), the
     * person's move alone while the computer has not answered (1), or 0 when no move of the
     * person's is there to take back; between people the last move (1).
     */
    takebackPlies(g) {
      const last = g.line().length;
      const side = computerSide();
      if (!side) return last > 0 ? 1 : 0;
      if (toMoveAtEnd(g) === side) return last > 0 ? 1 : 0; // the last move was the person's
      return last >= 2 ? 2 : 0;
    },
  };
}
