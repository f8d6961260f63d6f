// www/computer/: the computer as a player and an analyst: its moves, hints, analysis and reviews.
// Is it a puzzle? The engine's judgement of a solution's first move, for the Embed dialog's
// "puzzle from here": every legal move is searched (a fixed number of nodes each, so the
// verdict is the same on a fast and a slow machine) and the solution's first move must be the
// best of them and either win or be the only good one.

/** At least this much (centipawns, the mover's view) wins. */
export const WINNING = 300;
/** The only good move: every other move at least this much worse. */
export const ONLY_GOOD_MARGIN = 200;
/** Another move this much better than the solution's refutes it. */
const BETTER_MARGIN = 50;
const MATE = 100000;

/** A search's score as one number for the side to move there (a mate beats any material). */
function value(score) {
  if (score.mate != null) return score.mate > 0 ? MATE - score.mate : -MATE - score.mate;
  return score.cp ?? 0;
}

/**
 * A move's value in words: "+1.5", "mate in 2" (this move included), "mated in 1" (the
 * other side's moves after it).
 */
export function valueText(v) {
  if (v > MATE / 2) return `mate in ${MATE - v + 1}`;
  if (v < -MATE / 2) return `mated in ${MATE + v}`;
  return `${v >= 0 ? '+' : ''}${(v / 100).toFixed(1)}`;
}

/**
 * Judges `first` (a move text) as a puzzle's first move in `game`'s `position`, among
 * `moves` ([{ text, name }], the legal moves). `computer` is a makeComputer() instance;
 * `onProgress(done, total)` follows the work. Resolves to { ok, reason } (reason in words),
 * or null when cancelled.
 */
export async function judgePuzzle(computer, { game, position, moves, first, nodes = 20000, onProgress = () => {} }) {
  const values = [];
  for (const [i, move] of moves.entries()) {
    onProgress(i, moves.length);
    const answer = await computer.search({ game, position, moves: [move.text], nodes });
    if (!answer) return null;
    // The position after the move is searched for the other side: its loss is the mover's gain.
    values.push({ move, v: -value(answer.score) });
  }
  onProgress(moves.length, moves.length);
  const mine = values.find((x) => x.move.text === first);
  if (!mine) return { ok: false, reason: `${first} is not a legal move here.` };
  const others = values.filter((x) => x !== mine).sort((a, b) => b.v - a.v);
  const best = others[0];
  const said = (x) => `${x.move.name || x.move.text} (${valueText(x.v)})`;
  if (best && best.v > mine.v + BETTER_MARGIN) {
    return { ok: false, reason: `The engine prefers ${said(best)} to the solution's ${said(mine)}.` };
  }
  if (mine.v >= WINNING) return { ok: true, reason: `${said(mine)} wins.` };
  if (!best || best.v <= mine.v - ONLY_GOOD_MARGIN) {
    return { ok: true, reason: `${said(mine)} is the only good move${best ? `; the next best is ${said(best)}` : ''}.` };
  }
  return { ok: false, reason: `Not a puzzle by the engine's judgement: ${said(best)} is about as good as ${said(mine)}, and neither wins.` };
}
