// www/game/: the game's flow: every change, how it is played, its clocks and its end.
// Nothing replaces a game that could not be kept without asking first. Before a game takes
// the place of another of its id (a new game, a link, a PGN game, position text, a past game
// opened), the one in its place is kept (storage.js: among the kept or the past games). When
// it cannot be (this browser's storage full or refused), the person is told so before it goes
// and chooses: save it as a PGN file and go on, go on without it, or keep it on the board.

import { downloadPgn, today } from '../records/files.js';
import { release } from '../engine/engine.js';

/**
 * host: { keep(handle) (keeping.js's keepReplaced: a message, null, or { failed, pgn() }),
 * ask(title, options, onChoose, onCancel) (the picker) }. Returns { replace }.
 */
export function makeKeepFirst(doc, host) {
  return {
    /**
     * `handle` is to replace the game of its id: that game is kept, then `go(message)` runs
     * (message: what to say about the game kept, or null). When it cannot be kept the person
     * is asked first: `go` runs after "Save PGN and go on" (the file downloaded; message says
     * so) or "Go on without it", and never after "Keep my game" (then `handle` is freed).
     * Returns whether `go` ran at once.
     */
    replace(handle, go) {
      const kept = host.keep(handle);
      if (!kept || !kept.failed) { go(kept || null); return true; }
      const id = handle.gameId();
      host.ask(`${kept.failed} Save it as a PGN file before it is replaced?`, [
        { value: 'save', label: 'Save PGN and go on' },
        { value: 'drop', label: 'Go on without it' },
        { value: 'stay', label: 'Keep my game' },
      ], (v) => {
        if (v === 'stay') { release(handle); return; }
        if (v === 'save') {
          const pgn = kept.pgn();
          const name = `fairyboard-${id}-${today().replaceAll('.', '-')}.pgn`;
          if (pgn) downloadPgn(doc, pgn, name);
          go(pgn ? `Your earlier game was saved as ${name}.` : 'Your earlier game could not be written as PGN.');
          return;
        }
        go(null);
      }, () => release(handle));
      return false;
    },
  };
}
