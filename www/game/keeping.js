// www/game/: the game's flow: every change, how it is played, its clocks and its end.
// What the browser keeps of the games played here (records/storage.js does the keeping): the
// game on the board saved after every change, with how it is played; the game a link or a
// record replaces kept to switch back to, or among the past games when it is finished; a
// game listed among the past games as soon as it ends; and the "Switch to kept game" button,
// shown while a game of this id is kept. An embedded board keeps nothing (`keeps` false).

import {
  saveGame, loadGame, lastGameId, keepReplaced, markOpened, keptCount, takeKept, keepPast, pgnOfRecord, saveNow,
} from '../records/storage.js';
import { today } from '../records/files.js';
import { games } from '../engine/engine.js';
import { subscribe, RECORD } from '../state.js';

/** Game `id`'s name ("Vagabond Chess"), or its id. */
const gameName = (id) => games().find((x) => x.id === id)?.name || id;

/**
 * Keeps the games of the page's `state`; `ui` shows what could not be kept (a message that
 * stays). Subscribes to every change of the record. Returns { restore, keepReplaced,
 * opened, keptCount, takeKept, lastGame, onPastChanged }.
 */
export function makeKeeping(doc, state, { ui, keeps }) {
  const button = doc.getElementById('kept-game');
  let saveError = null; // the last save's refusal, said once
  const pastListeners = []; // told when a game joins the past games (the Past games panel)
  const pastChanged = () => { for (const fn of pastListeners) fn(); };

  /** The game on the board has just ended: it is listed among the past games at once. */
  function finished() {
    const g = state.game;
    const err = g && keeps ? keepPast(g, state.playing) : null;
    if (err) ui.showMessage(err, 0);
    pastChanged();
  }

  const showButton = (id) => { if (button) button.hidden = !(keeps && keptCount(id) > 0); };

  // After every change: the game saved as it is now; a game just ended listed among the past
  // games (unless it is an analysis board's); what the change brought to say, said.
  subscribe(state, [...RECORD, 'note'], (change) => {
    const g = state.game;
    if (!g) return;
    if (change.cause !== 'note') {
      const err = keeps ? saveGame(g, state.playing) : null;
      if (err && err !== saveError) ui.showMessage(err, 0);
      saveError = err;
    }
    showButton(g.gameId());
    if (change.note && change.cause !== 'note') ui.showMessage(change.note, 0);
    // A game that ended with this move (or was resigned, agreed, lost on time) is a past game now.
    const ended = (change.cause === 'move' || change.cause === 'end') && g.ply() === g.line().length && state.outcome;
    if (ended && state.playing.opponent !== 'analysis') finished();
  });

  return {
    /**
     * Game `id`'s saved game: { handle }, or { note } when it could not be read (set aside,
     * and said with the next change), or null (none).
     */
    restore(id) {
      const r = loadGame(id);
      if (!r) return null;
      return r.handle ? { handle: r.handle } : { note: r.message };
    },

    /**
     * `handle`, opened from elsewhere, is about to replace the game of its id: keeps that
     * game to switch back to. Returns the message to show, or null (nothing kept), or when
     * that game could not be kept { failed (the words), pgn() (its PGN, or null) } (keepfirst.js asks).
     */
    keepReplaced(handle) {
      if (!keeps) return null;
      // The game on the board, if it is the one replaced, saved as it is now: a save that
      // failed (storage full) would leave an older copy to keep.
      const g = state.game;
      const board = g && g !== handle && g.gameId() === handle.gameId() ? g : null;
      const unsaved = board ? saveNow(board, state.playing) : null;
      const done = keepReplaced(handle);
      if ((done && done.failed) || unsaved) {
        const id = handle.gameId();
        const ended = board ? !!board.finalOutcome() : done.finished;
        const what = ended ? `Your finished game of ${gameName(id)} could not be kept among the past games`
          : `Your game of ${gameName(id)} could not be kept`;
        const why = unsaved || done.failed;
        const pgn = () => (board ? board.toPgn(today()) : pgnOfRecord(id, done.record, today()));
        return { failed: `${what} (${why}).`, pgn };
      }
      if (done === 'past') pastChanged();
      if (done === 'past') return `Your finished game of ${gameName(handle.gameId())} is among the past games.`;
      if (!done) return null;
      return `Your earlier game of ${gameName(handle.gameId())} is kept: "Switch to kept game" brings it back.`;
    },

    /** The game of `id` on the board was just opened from elsewhere (see storage.js keepReplaced). */
    opened(id) {
      if (keeps) markOpened(id);
    },

    /** How many games of `id` are kept to switch to. */
    keptCount: (id) => (keeps ? keptCount(id) : 0),

    /**
     * The kept game of `id` as { handle, playing, left } (the game on the board is kept in
     * its place, `left` 'kept', or goes to the past games when finished, 'past'), or
     * { note } when it could not be read (or the game on the board could not be kept), or null.
     */
    takeKept(id) {
      const r = keeps ? takeKept(id) : null;
      if (!r) return null;
      if (r.left === 'past') pastChanged();
      return r.handle ? r : { note: r.message };
    },

    /** The game on the board when the page was last used, or null. */
    lastGame: () => lastGameId(),

    /** `fn()` is called whenever a game joins the past games. */
    onPastChanged(fn) { pastListeners.push(fn); },
  };
}
