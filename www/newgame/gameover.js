// www/newgame/: a new game chosen, and a game's end: the New game dialog, the welcome, the end's panel.
// The end of a game as an event: a panel over the board with the result and its reason in
// words, and the way on (a rematch with colours swapped, a new game, a review of the game
// where the page has one, or Close to look at the board). Not modal: Undo, the move list and the rest of the page still answer (and close it).

import { onDialogChoice } from '../controls/dialogchoice.js';

/**
 * The end-of-game panel, written once for every page: over the board (in its `.board-wrap`),
 * not modal. Added unless it is there already; returns it.
 */
export function gameOverElement(doc) {
  const had = doc.getElementById('game-over');
  if (had) return had;
  const wrap = doc.querySelector('.board-wrap') || doc.body;
  wrap.insertAdjacentHTML('beforeend', `
    <dialog id="game-over" class="dialog" aria-labelledby="game-over-title">
      <form method="dialog" class="dialog-form">
        <h2 id="game-over-title"></h2>
        <p id="game-over-reason" class="dialog-note"></p>
        <div class="dialog-buttons">
          <button type="submit" value="rematch" id="rematch" class="primary">Rematch</button>
          <button type="submit" value="new">New game</button>
          <button type="submit" value="review" id="game-over-review" hidden>Review game</button>
          <button type="submit" value="close">Close</button>
        </div>
      </form>
    </dialog>`);
  return doc.getElementById('game-over');
}

/**
 * on: { rematch(), newGame(), review() (optional: offers Review game), playAgain() (after an
 * aborted game) }. show(outcome, personSide, lastMove, against) — personSide 'w'/'b'
 * against the computer or a friend at a distance (`against`: 'The computer', 'Your friend';
 * the title says who won from the person's side), null between two people at one board; lastMove: the last move as players write it (`1. Ra8#`, lastMoveText), or null.
 * showAborted(reason): a game aborted before its first move (no result; Play again).
 */
export function makeGameOver(doc, on) {
  const dialog = gameOverElement(doc);
  const title = doc.getElementById('game-over-title');
  const reason = doc.getElementById('game-over-reason');
  const rematch = doc.getElementById('rematch');
  const review = doc.getElementById('game-over-review');
  review.hidden = !on.review;
  let aborted = false; // the panel says a game was aborted: its first button plays again
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && dialog.open) { e.preventDefault(); dialog.close('close'); }
  });
  onDialogChoice(dialog, (value) => {
    if (value === 'rematch' && aborted) on.playAgain?.();
    else if (value === 'rematch') on.rematch();
    else if (value === 'new') on.newGame();
    else if (value === 'review' && on.review) on.review();
  });
  return {
    show(outcome, personSide, lastMove = null, against = 'The computer') {
      aborted = false;
      review.hidden = !on.review;
      const winner = outcome.winner || null;
      if (personSide) {
        title.textContent = !winner ? 'Draw' : winner === personSide ? 'You win' : `${against} wins`;
        rematch.textContent = `Rematch (you play ${personSide === 'w' ? 'Black' : 'White'})`;
      } else {
        title.textContent = !winner ? 'Draw' : `${winner === 'w' ? 'White' : 'Black'} wins`;
        rematch.textContent = 'Play again';
      }
      const after = lastMove ? ` after ${lastMove}` : '';
      reason.textContent = `${outcome.text || outcome.result}${after}. Result ${outcome.result}.`;
      dialog.returnValue = '';
      if (!dialog.open) dialog.show();
      rematch.focus();
    },
    showAborted(why) {
      aborted = true;
      review.hidden = true; // no game to review
      title.textContent = 'Game aborted';
      rematch.textContent = 'Play again';
      reason.textContent = `${why} The game has no result.`;
      dialog.returnValue = '';
      if (!dialog.open) dialog.show();
      rematch.focus();
    },
    close() { if (dialog.open) dialog.close('close'); },
    isOpen: () => dialog.open,
  };
}

/**
 * The last of the moves `names` (their names, in order) from a start whose text is
 * `startText`, numbered as players write it: `23. Ra8#`, or `23... Kd7` for Black; null for
 * no moves.
 */
export function lastMoveText(startText, names) {
  if (!names.length) return null;
  const fields = String(startText || '').trim().split(/\s+/);
  const first = Number(fields[fields.length - 1]);
  const blackFirst = fields[1] === 'b' ? 1 : 0;
  const slot = names.length - 1 + blackFirst; // white moves at even slots
  const number = (Number.isInteger(first) && first > 0 ? first : 1) + Math.floor(slot / 2);
  return `${number}${slot % 2 ? '...' : '.'} ${names[names.length - 1]}`;
}
