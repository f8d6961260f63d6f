// www/game/: the game's flow: every change, how it is played, its clocks and its end.
// The buttons about the game as a contest: Hint (and the hint drawn), Resign, Offer draw, and
// the line that shows the computer thinking. The game ends through the game flow's endGame.

import { colourName, toMoveAtEnd } from '../state.js';

/** The most the computer may think it is ahead (centipawns) and still accept a draw. */
const DRAW_ACCEPT_CP = 25;

/**
 * Wires the buttons for `page` ({ state, board, flow, ui, versus, analysis, analyst, editor,
 * say, tell, safely }). Returns { update(), showThinking(state), showHint(text) }.
 */
export function makeGameButtons(page) {
  const { state, flow } = page;
  const $ = (id) => document.getElementById(id);

  /**
   * Which of Hint, Resign and Offer draw make sense now. Resign and Offer draw are there only
   * where someone plays a game (Offer draw only against the computer: at one board it would
   * be an offer to oneself), and answer while the game goes on, whatever move the board shows
   * (a takeback leaves them on).
   */
  function update() {
    const { game, outcome } = state;
    const atEnd = !!game && game.ply() === game.line().length;
    const computersTurn = !!game && page.versus.computerSide() === game.sideToMove();
    const { opponent } = page.versus.choice();
    const playing = flow.beingPlayed();
    $('hint').disabled = !game || !!outcome || (computersTurn && atEnd);
    $('resign').hidden = opponent === 'analysis';
    $('offer-draw').hidden = opponent !== 'computer';
    $('resign').disabled = !playing;
    $('offer-draw').disabled = !playing;
  }

  /** Ends the game being played by `declare(game)` at its last move, wherever the board is. */
  function endAtLastMove(game, declare) {
    flow.endGame(() => { game.goTo(game.line().length); return declare(game); });
  }

  /** The thinking line: whose side, the level, the depth reached. */
  function showThinking(thinking) {
    const el = $('thinking');
    el.hidden = !thinking;
    if (!thinking) return;
    const depth = thinking.depth ? `: depth ${thinking.depth}` : '…';
    // Side and level in a span of their own, which a small embedded board leaves out (embed.css).
    const detail = Object.assign(document.createElement('span'), {
      className: 'thinking-detail', textContent: ` (${colourName(thinking.side)}, level ${thinking.level})`,
    });
    $('thinking-text').replaceChildren('The computer', detail, ` is thinking${depth}`);
  }

  /** The hint `text` for the position shown: an arrow, a drop from the hand, or a ring on a piece acting in place. */
  function showHint(text) {
    const { game } = state;
    const view = state.view;
    const m = !page.editor.active() && game && (page.safely(() => game.legalMoves(), []) || []).find((x) => x.text === text);
    if (!m) { page.tell(`Hint: ${text}`); return; }
    if (m.from == null) view.arrows = [{ from: null, to: m.to, kind: 'hint', origin: page.board.handCentre(game.sideToMove()) }];
    else if (m.from === m.to) view.rings = [{ at: m.from, kind: 'hint' }];
    else view.arrows = [{ from: m.from, to: m.to, kind: 'hint' }];
    page.tell(`Hint: ${m.name || text}`);
    page.board.requestRedraw();
  }

  $('resign').addEventListener('click', (e) => {
    const { game } = state;
    if (!game || !flow.beingPlayed()) return;
    const side = page.versus.computerSide() ? page.versus.choice().side : toMoveAtEnd(game);
    page.ui.openPicker(`Resign as ${colourName(side)}?`,
      [{ value: 'yes', label: 'Resign' }, { value: 'no', label: 'Play on' }],
      (v) => { if (v === 'yes') endAtLastMove(game, (g) => g.resign(side)); },
      () => {}, e.currentTarget);
  });

  $('offer-draw').addEventListener('click', async (e) => {
    const { game } = state;
    const side = page.versus.computerSide();
    if (!game || !side || !flow.beingPlayed()) return;
    // The computer accepts only when its evaluation says the position is level or worse for it.
    const key = game.line().length;
    page.tell('The computer considers your offer…');
    const r = await page.analyst.search({
      game: state.gameId, position: game.startText(), moves: Array.from(game.line()), movetime: 500,
    }).catch(() => null);
    page.analysis.changed();
    if (!r || state.game !== game || !flow.beingPlayed() || game.line().length !== key) return;
    const sign = toMoveAtEnd(game) === side ? 1 : -1;
    const forIt = r.score.mate != null ? sign * Math.sign(r.score.mate) * 100000 : sign * r.score.cp;
    if (forIt <= DRAW_ACCEPT_CP) { endAtLastMove(game, (g) => g.agreeDraw()); page.tell('The computer accepts the draw.'); }
    else page.tell('The computer declines: it thinks it stands better.');
  });

  return { update, showThinking, showHint };
}
