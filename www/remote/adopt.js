// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// A link for a game this page does not hold: a friend's invitation, or the player's own game
// opened on another device. The dialog says whose game it is and offers to play it as one side
// (the side the inviter did not take first), with the player's name when that side has none
// yet; nothing is kept until the player says Play.

import { onDialogChoice } from '../controls/dialogchoice.js';
import { games } from '../engine/engine.js';
import { myName } from './linkstore.js';

/** The dialog, added to `doc`'s body once. */
function dialogElement(doc) {
  const had = doc.getElementById('adopt-dialog');
  if (had) return had;
  doc.body.insertAdjacentHTML('beforeend', `
  <dialog id="adopt-dialog" class="dialog" aria-labelledby="adopt-title" aria-describedby="adopt-about">
    <form method="dialog" class="dialog-form">
      <h2 id="adopt-title">A game by link</h2>
      <p id="adopt-about" class="dialog-note"></p>
      <fieldset class="choices">
        <legend>You play</legend>
        <label><input type="radio" name="side" value="w"> <span id="adopt-w"></span></label>
        <label><input type="radio" name="side" value="b"> <span id="adopt-b"></span></label>
      </fieldset>
      <label class="level-choice" id="adopt-name-row">Your name
        <input type="text" name="name" id="adopt-name" maxlength="40" autocomplete="nickname" spellcheck="false"></label>
      <p id="adopt-note" class="dialog-note" aria-live="polite"></p>
      <div class="dialog-buttons">
        <button type="submit" value="play" class="primary">Play</button>
        <button type="submit" value="cancel" formnovalidate>Not now</button>
      </div>
    </form>
  </dialog>`);
  return doc.getElementById('adopt-dialog');
}

const colour = (side) => (side === 'w' ? 'White' : 'Black');

/**
 * Returns { ask(summary, onChoose, { live, clock }) }: onChoose({ side, name }) when the player
 * takes the game; `live`: an invitation to a live game (with its clock, '5+3' or null).
 */
export function makeAdopt(doc) {
  const dialog = dialogElement(doc);
  const form = dialog.querySelector('form');
  const nameRow = doc.getElementById('adopt-name-row');
  const nameInput = doc.getElementById('adopt-name');
  let pending = null; // { summary, onChoose }

  const named = (summary, side) => (side === 'w' ? summary.white : summary.black);

  /** The name field, only for a side not named yet (a name is given once). */
  function showName() {
    if (!pending) return;
    const side = form.elements.side.value;
    const has = named(pending.summary, side);
    nameRow.hidden = !!has;
    nameInput.required = !has;
    doc.getElementById('adopt-note').textContent = has ? `You are ${has} in this game.` : '';
  }
  form.addEventListener('change', showName);

  onDialogChoice(dialog, (value) => {
    const p = pending;
    pending = null;
    if (!p || value !== 'play') return;
    const side = form.elements.side.value === 'b' ? 'b' : 'w';
    p.onChoose({ side, name: named(p.summary, side) ? '' : nameInput.value.trim() });
  });

  return {
    ask(summary, onChoose, { live = false, clock = null } = {}) {
      pending = { summary, onChoose };
      const game = games().find((g) => g.id === summary.game)?.name || summary.game;
      const inviter = summary.inviter;
      const friend = named(summary, inviter) || 'Your friend';
      const invited = inviter === 'w' ? 'b' : 'w';
      const time = live ? (clock ? `with a ${clock} clock` : 'with no clock')
        : summary.days ? `${summary.days} ${summary.days === 1 ? 'day' : 'days'} a move` : 'no time limit';
      const moves = summary.plies ? `, ${summary.plies} ${summary.plies === 1 ? 'move' : 'moves'} played` : '';
      const over = summary.result !== '*' ? ` It is over: ${summary.outcome}.` : '';
      doc.getElementById('adopt-title').textContent = live ? 'A live game' : 'A game by link';
      doc.getElementById('adopt-about').textContent = live
        ? `${friend} (${colour(inviter)}) invites you to a live game of ${game}, ${time}${moves}.${over} Play makes a reply to send back once; then your pages are connected directly.`
        : `${friend} (${colour(inviter)}) invites you to a game of ${game} by link, ${time}${moves}.${over} Each move you make gives a link to send back; nothing is kept until you choose Play.`;
      doc.getElementById(`adopt-${invited}`).textContent = `${colour(invited)}${named(summary, invited) ? ` (${named(summary, invited)})` : ''}: the side you are invited to play`;
      doc.getElementById(`adopt-${inviter}`).textContent = `${colour(inviter)} (${friend}): this game is yours, from another device`;
      form.elements.side.value = invited;
      nameInput.value = myName();
      showName();
      dialog.returnValue = '';
      dialog.showModal();
      (nameRow.hidden ? dialog.querySelector('button[value="play"]') : nameInput).focus();
    },
  };
}
