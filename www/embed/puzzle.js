// www/embed/: the board in other pages: its modes, puzzles and review, and the code that embeds it.
// Puzzles on an embedded board (embed.html?mode=puzzle, <fairyboard-board mode="puzzle">):
// the position given, and a solution, moves in any form the engine reads ("e2e4", "Nf3").
// The reader plays the solver's moves (the side to move in the position); the board answers
// with the opponent's moves from the solution after a short pause; a wrong move is taken back
// with a message; the last move (or any move that wins at once: the engine's outcome after it
// has the solver as winner) ends the puzzle, solved. Hint says the next move's piece, then
// the move; Solution plays the rest of the solution. www/embed/embedmode.js drives this controller
// (set up, input blocked, a move played, the board redrawn) and
// sends what it reports to the embedding page as `puzzle` messages, which
// www/fairyboard-board.js turns into `fairyboard-puzzle` events:
//   each try   { ply, move, name, correct }  (ply: 1 = the solution's first move)
//   the end    { solved: true, tries, mistakes, hints }, or after Solution
//              { solved: false, shown: true, tries, mistakes, hints }

import { withGame } from '../engine/engine.js';

/** Pause before the board answers a move, and before a wrong move is taken back (ms). */
export const PAUSE_MS = 600;
export const WRONG_TEXT = 'Not the move: try again.';

/**
 * The solution `texts` played from the position of `game` (a GameHandle, read, not changed):
 * `{ moves: [{ text, name, from, to }], problems }` with the moves that can be played, in
 * order, up to the first that cannot (named in `problems`).
 */
export function readSolution(game, texts) {
  const problems = [];
  const moves = [];
  if (!texts.length) {
    problems.push('A puzzle needs its solution: solution="e2e4 e7e5 ..." (the moves from the position, both sides\'). The board plays freely instead.');
    return { moves, problems };
  }
  withGame(game.gameId(), game.positionText(), (scratch) => {
    for (const [i, text] of texts.entries()) {
      let m;
      try {
        m = scratch.play(text);
      } catch (e) {
        const kept = i === 0 ? 'The board plays freely instead.' : `The puzzle ends before it (${i} move${i === 1 ? '' : 's'}).`;
        problems.push(`Solution move ${i + 1}, "${text}", cannot be played: ${(e && e.message) || e}. ${kept}`);
        break;
      }
      moves.push({ text: m.text, name: m.name || m.text, from: m.from, to: m.to });
      if (scratch.outcome() && i < texts.length - 1) {
        problems.push(`The game is over after solution move ${i + 1}, "${text}": the moves after it are left out.`);
        break;
      }
    }
  });
  return { moves, problems };
}

/**
 * The puzzle controller. `api`: game() (the GameHandle), changed() (the board
 * follows the game), play(text) (a move played on the board, animated; null if refused),
 * takeBack(node) (the move of game-tree node `node` taken back and deleted, animated when
 * it is the position shown), say(text) (a short message), update() (the status line and
 * the buttons follow the puzzle: status() and canHint()) and post(type, data) (to the
 * embedding page). A puzzle board shows no end-of-game panel: the status line says how the
 * puzzle ended (main.js mounts none there).
 */
export function makePuzzle(api) {
  let moves = [];
  let floor = 0; // the ply of the puzzle's position in the game
  let solver = 'w';
  let tries = 0;
  let mistakes = 0;
  let hints = 0;
  let hintStep = -1; // the step the last hint was for
  let hintLevel = 0; // 1: the piece was said, 2: the move
  let hintText = ''; // what the status line says for the hint of step hintStep
  let solved = false;
  let shown = false; // Solution was pressed
  let busy = false; // the board is about to answer, or to take a wrong move back
  let replying = false; // the move being played is the board's own
  let generation = 0; // a timer set before a reset does nothing after it
  let wrongNode = null; // the game tree's node of a wrong move waiting to be taken back
  let active = false;

  const game = () => api.game();
  /** How many moves of the solution the game holds (the index of the next one). */
  const step = () => {
    const g = game();
    return g ? g.line().length - floor : 0;
  };
  const atEnd = () => {
    const g = game();
    return !!g && g.ply() === g.line().length;
  };
  const later = (fn) => {
    const g = generation;
    busy = true;
    setTimeout(() => {
      if (g !== generation) return;
      busy = false;
      fn();
    }, PAUSE_MS);
  };

  function finish() {
    solved = true;
    api.post('puzzle', { solved: true, tries, mistakes, hints });
    api.changed();
  }

  /** The opponent's moves of the solution from here on, each after a pause, up to the solver's turn. */
  function answer() {
    const g = game();
    if (!g || step() >= moves.length) { finish(); return; }
    if (g.sideToMove() === solver) { api.changed(); return; }
    later(() => {
      const next = moves[step()];
      replying = true;
      let m = null;
      try {
        m = api.play(next.text);
      } finally {
        replying = false;
      }
      if (!m) { api.say(`The board could not play ${next.name}.`); return; }
      answer();
    });
  }

  /** Plays the rest of the solution, a move per pause. */
  function showRest() {
    const g = game();
    if (!g) return;
    if (step() >= moves.length) {
      api.post('puzzle', { solved: false, shown: true, tries, mistakes, hints });
      api.changed();
      return;
    }
    later(() => {
      replying = true;
      try {
        api.play(moves[step()].text);
      } finally {
        replying = false;
      }
      showRest();
    });
  }

  return {
    /** Whether a puzzle is on the board (a solution with at least one playable move). */
    get active() { return active; },
    /** The board's own moves (answers, the solution shown), for the move events. */
    get replying() { return replying; },
    get solver() { return solver; },
    get moves() { return moves.map((m) => m.text); },

    /**
     * A new start from the position shown of `g` (the game set up, at the puzzle's position):
     * reads the solution `texts` and returns the problems found.
     */
    load(g, texts) {
      generation += 1;
      const { moves: read, problems } = readSolution(g, texts);
      moves = read;
      floor = g.ply();
      solver = g.sideToMove();
      tries = 0;
      mistakes = 0;
      hints = 0;
      hintStep = -1;
      hintLevel = 0;
      hintText = '';
      solved = false;
      shown = false;
      busy = false;
      replying = false;
      wrongNode = null;
      active = moves.length > 0;
      return problems;
    },

    /** Input is refused while the board answers, after the end, away from the last position, on the opponent's turn. */
    blocked() {
      if (!active) return false;
      const g = game();
      return !g || solved || shown || busy || !atEnd() || g.sideToMove() !== solver || step() >= moves.length;
    },

    /** Why input is refused now, in words (null when it is not). */
    whyBlocked() {
      if (!active || !this.blocked()) return null;
      if (solved) return 'Solved! Reset to try again.';
      if (shown) return 'The solution is shown. Reset to try again.';
      if (busy) return null;
      if (!atEnd()) return 'Step forward to the last position (›) to play on.';
      return null;
    },

    /**
     * A move was played on the board at the end of the line: the board's own answer, or the
     * reader's try, judged. Returns nothing; reports through api.post.
     */
    played(move) {
      if (!active || replying) return;
      const g = game();
      if (!g || solved || shown) return;
      const index = step() - 1;
      const expected = moves[index];
      const outcome = g.outcome();
      const wins = !!(outcome && outcome.winner === solver);
      const correct = wins || (!!expected && move.text === expected.text);
      tries += 1;
      api.post('puzzle', { ply: index + 1, move: move.text, name: move.name || move.text, correct });
      if (!correct) {
        mistakes += 1;
        wrongNode = g.currentNode();
        later(() => {
          const id = wrongNode;
          wrongNode = null;
          api.takeBack(id);
          api.say(WRONG_TEXT);
        });
        return;
      }
      if (wins || index + 1 >= moves.length) { finish(); return; }
      answer();
    },

    /** Hint: first the piece of the next solution move, then the move itself. */
    hint() {
      const g = game();
      if (!active || !g || this.blocked()) return;
      const s = step();
      const m = moves[s];
      if (!m) return;
      if (hintStep !== s) { hintStep = s; hintLevel = 0; }
      hintLevel = Math.min(2, hintLevel + 1);
      hints += 1;
      if (hintLevel === 1 && m.from != null) {
        const piece = g.pieces()[m.from];
        const cells = g.layout().cells || [];
        const where = cells[m.from] ? cells[m.from].name : String(m.from);
        hintText = `Hint: move the ${piece ? piece.name.toLowerCase() : 'piece'} on ${where}.`;
      } else if (hintLevel === 1) {
        hintText = 'Hint: a piece from the hand.';
      } else hintText = `Hint: ${m.name}.`;
      api.update(); // the status line says it
    },

    /** Solution: plays the rest of the solution from the last position reached. */
    show() {
      const g = game();
      if (!active || !g || solved || shown) return;
      generation += 1; // an answer on its way is played by the showing instead
      busy = false;
      shown = true;
      if (!atEnd()) g.goTo(g.line().length);
      // A wrong move waiting to be taken back goes first.
      if (wrongNode != null) { api.takeBack(wrongNode); wrongNode = null; }
      api.changed();
      showRest();
    },

    /** What the status line says in the puzzle (null: the usual). */
    status() {
      if (!active) return null;
      const g = game();
      if (solved) return `Solved!${g && g.outcome() ? ` ${g.outcome().text}` : ''}`;
      if (shown) return step() >= moves.length ? 'That is the solution. Reset to try again.' : 'Showing the solution…';
      if (g && !busy && atEnd() && g.sideToMove() === solver) {
        if (hintText && hintStep === step()) return hintText;
        return `${solver === 'w' ? 'White' : 'Black'} to play: find the best move.`;
      }
      return null;
    },

    get solved() { return solved; },
    get shown() { return shown; },
    canHint() { return active && !this.blocked(); },
  };
}
