// www/computer/: the computer as a player and an analyst: its moves, hints, analysis and reviews.
// Offer draw, against the computer: it thinks about the position at the end of the game with
// the analyst's worker (so its own search, if any, goes on), and accepts only when its
// evaluation says the position is level or worse for it; the game then ends agreed.

import { toMoveAtEnd } from '../state.js';
import { computerSide } from '../game/playing.js';

/** The most the computer may think it is ahead (centipawns) and still accept a draw. */
const DRAW_ACCEPT_CP = 25;

/**
 * Wires #offer-draw over the page's `state`: `analyst` (engine/computer.js), `analysis`
 * (analysis.js: it runs again after the analyst was lent), `controller` (game/controller.js:
 * the game ends there), `ui` (messages).
 */
export function attachDrawOffer(doc, state, { analyst, analysis, controller, ui }) {
  doc.getElementById('offer-draw').addEventListener('click', async () => {
    const { game } = state;
    const side = computerSide(state.playing);
    if (!game || !side || !controller.beingPlayed()) return;
    const key = game.line().length;
    ui.tell('The computer considers your offer…');
    const r = await analyst.search({
      game: state.gameId, position: game.startText(), moves: Array.from(game.line()), movetime: 500,
    }).catch(() => null);
    analysis.changed();
    if (!r || state.game !== game || !controller.beingPlayed() || game.line().length !== key) return;
    const sign = toMoveAtEnd(game) === side ? 1 : -1;
    const forIt = r.score.mate != null ? sign * Math.sign(r.score.mate) * 100000 : sign * r.score.cp;
    if (forIt <= DRAW_ACCEPT_CP) { controller.endAtLastMove((g) => g.agreeDraw()); ui.tell('The computer accepts the draw.'); } else ui.tell('The computer declines: it thinks it stands better.');
  });
}
