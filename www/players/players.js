// www/players/: the players beside the board: their names and the material each has lost.
// The players beside the board, as on every chess site: the row of the side at the top of
// the board above it, the other below it (the person's own side, against the computer, is at
// the bottom). A row names the player as the record does (its White and Black tags, with
// their ratings when it has them), or by how the game is played where it names nobody, and
// holds that side's lost pieces (material.js) and clock (clocks.js).

import { subscribe, RECORD } from '../state.js';
import { computerSide as computer } from '../game/playing.js';

const SIDES = Object.freeze({ w: 'White', b: 'Black' });

/** A tag's value, or null where the record leaves it unknown (`?`, empty, or no tags at all). */
function known(game, name) {
  let v = null;
  try { v = typeof game.tag === 'function' ? game.tag(name) : null; } catch { v = null; }
  return v && v.trim() && v.trim() !== '?' ? v.trim() : null;
}

/**
 * The name shown for side `c` ('w' or 'b') of `game`: the record's (`Kasparov, Garry (2812)`),
 * else who plays it (`You`, `Computer, level 3`), else the side (`White`).
 */
export function playerName(game, c, computerSide = null, level = null) {
  const tag = SIDES[c];
  const name = game ? known(game, tag) : null;
  if (name) {
    const elo = known(game, `${tag}Elo`);
    return elo ? `${name} (${elo})` : name;
  }
  if (computerSide) return c === computerSide ? `Computer, level ${level}` : 'You';
  return tag;
}

/**
 * Wires the rows `rows` ({ w, b }: elements holding a `.player-name`; null on a page without
 * them) over the page's `state`: the names (the record's, or who plays: state.playing) and
 * which row is above the board follow the game, its tags and the flip (subscribed).
 */
export function makePlayers(rows, state) {
  if (!rows || !rows.w || !rows.b) return;
  function update() {
    const computerSide = computer(state.playing);
    const { level } = state.playing;
    const top = state.flipped ? 'w' : 'b';
    for (const c of ['w', 'b']) {
      const row = rows[c];
      const name = playerName(state.game, c, computerSide, level);
      const el = row.querySelector('.player-name');
      if (el.textContent !== name) el.textContent = name;
      row.setAttribute('aria-label', `${SIDES[c]}: ${name}`);
      // In the board's column the rows sit above and below it by their order (style.css).
      row.dataset.at = c === top ? 'top' : 'bottom';
    }
  }
  subscribe(state, [...RECORD, 'flip'], () => update());
}
