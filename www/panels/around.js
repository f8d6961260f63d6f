// www/panels/: the panels around the board: move list, legend, rules, players, settings, dialogs.
// The game around the board, wired in one place so main.js only calls in at a few points:
// the move list (movelist.js) with its variations and comments (lines.js), the notation
// setting (notation.js), the navigation keys (navkeys.js), the piece legend and its
// marks (legend.js), the rules panel (rulespanel.js), saving and restoring the game per game
// id (storage.js) and the spoken moves (speech.js).

import { makeMoveList } from '../movelist/movelist.js';
import { attachNavKeys } from '../input/navkeys.js';
import { makeLegend, legendMarks } from '../rules/legend.js';
import { makeRulesPanel } from '../rules/rulespanel.js';
import {
  saveGame, loadGame, lastGameId, storageKey, asideKey, keepReplaced, markOpened, keptCount, takeKept, keepPast, pgnOfRecord, saveNow,
} from '../records/storage.js';
import { today } from '../records/files.js';
import { makeSpeech, describeMove } from '../sound/speech.js';
import { attachNotation } from '../movelist/notation.js';
import { makeLines } from '../movelist/lines.js';
import { games, legend as legendOf, withGame, engineLoaded } from '../engine/engine.js';
import { makeEvalGraph } from '../movelist/evalgraph.js'; // White's winning chances along the main line
import { fitMoveList } from '../movelist/movesheight.js'; // the list as tall as the room beside the board

/**
 * Reads the game from the page's `state` (state.js). `host` gives: doc, board (the canvas), cellName(sq),
 * goTo(ply), goToNode(id), treeChanged(cause) (the variations or comments changed: 'step'
 * when the position shown did too, else 'lines'), say(text) (an error), tell(text)
 * (information), flip(), blocked(),
 * saves() (false: keep nothing in localStorage), playing() (how the game is played: kept
 * with it), pastChanged() (the past games changed), setLegend(marks | null) (drawn by draw.js),
 * showMessage(text) (stays until cleared), listed(tree) (optional: the tree as the move list
 * shows it).
 */
export function makeAround(state, host) {
  const { doc } = host;
  const $ = (id) => doc.getElementById(id);
  const speech = makeSpeech($('speech'));
  const moveList = makeMoveList($('moves'), (node) => host.goToNode(node), (node) => moveWords(node));
  const notation = attachNotation($('notation'), () => renderMoves());
  const graph = $('moves') ? makeEvalGraph($('moves'), (node) => host.goToNode(node)) : null;
  // Its tools and the first row of the record controls (records/share.js) stay on the first screen.
  if ($('moves') && $('line-tools')) fitMoveList($('moves'), () => $('export-pgn') || $('line-tools'));
  const lines = makeLines(doc, {
    game: () => state.game,
    changed: (cause) => host.treeChanged(cause),
    goToNode: (id) => host.goToNode(id),
    say: (text) => host.tell(text),
    warn: (text) => host.say(text),
    blocked: () => host.blocked(),
    words: (node) => moveWords(node),
  });
  const legend = makeLegend($('legend'), {
    choose() { updateLegend(); },
    blocked: () => host.blocked(),
  });
  // The rules panel builds its text (and small boards) only when opened (rulespanel.js).
  const rules = $('rules-panel') ? makeRulesPanel($('rules-panel'), $('rules-summary'), $('rules-body')) : null;
  let shown = null; // the handle the panels were last filled for
  let shownId = null;
  let pending = null; // a message to show once the next game is on the board
  let saveError = null;

  attachNavKeys(doc, host.board, {
    back() { const g = state.game; if (g) host.goTo(g.ply() - 1); },
    forward() { const g = state.game; if (g) host.goTo(g.ply() + 1); },
    start() { if (state.game) host.goTo(0); },
    end() { const g = state.game; if (g) host.goTo(g.line().length); },
    flip() { host.flip(); },
    up: () => lines.sibling(-1),
    down: () => lines.sibling(1),
    blocked: () => host.blocked(),
  });

  const gameName = (id) => {
    const g = games().find((x) => x.id === id);
    return g ? g.name : id;
  };

  let marks = null; // the legend's marks on the board, or null
  function updateLegend() {
    const g = state.game;
    const kind = legend.chosen();
    marks = kind && g ? legendMarks(kind, g.sideToMove(), state.pieces, state.byFrom) : null;
    host.setLegend(marks);
  }

  /** A new game or another game is on the board: the legend and rules follow it. */
  function gameChanged(g) {
    const id = g.gameId();
    wordsOf.clear(); // another game: its moves' words are kept no longer
    if (id !== shownId) {
      shownId = id;
      try {
        legend.setEntries(legendOf(id), 'w');
        if (rules) rules.show(id, gameName(id));
      } catch (e) {
        console.warn(e);
      }
    } else {
      legend.clear();
    }
  }

  // A listed move in words (for its tooltip), as the speech says it when it is played: the
  // move is played again on a copy of the game from its start, for the board before it.
  const wordsOf = new Map(); // the game, its start and the moves to a node -> its words
  function moveWords(id) {
    const g = state.game;
    if (!g) return null;
    const byId = new Map(g.tree().nodes.map((n) => [n.id, n]));
    const path = [];
    for (let n = byId.get(id); n && n.parent != null; n = byId.get(n.parent)) path.unshift(n.text);
    if (!path.length) return null;
    const key = `${g.gameId()}\n${g.startText()}\n${path.join(' ')}`;
    if (!wordsOf.has(key)) wordsOf.set(key, replayedWords(g.gameId(), g.startText(), path));
    return wordsOf.get(key);
  }
  /** The last move of `path` (move texts from `start`) in words, or null. */
  function replayedWords(id, start, path) {
    try {
      return withGame(id, start, (h) => {
        for (const text of path.slice(0, -1)) h.play(text);
        const before = h.pieces();
        return describeMove(h.play(path[path.length - 1]), before, host.cellName);
      });
    } catch {
      return null;
    }
  }

  /** The pieces giving check now: [{ piece, at }] (`at` a cell index). */
  function checkers() {
    const board = state.pieces || [];
    return (state.view.checkLines || []).map((c) => ({ piece: board[c.from] || null, at: c.from }));
  }

  /** The move list of the game on the board, in the notation chosen. */
  function renderMoves() {
    const g = state.game;
    if (!g) return;
    const tree = g.tree();
    // The list may leave out what is not to be seen yet (Learn from your mistakes: the answer).
    moveList.render({ tree: host.listed ? host.listed(tree) : tree, names: !notation.coordinates(), result: g.finalOutcome() });
    graph?.render(tree);
    host.rendered?.(tree);
    lines.update();
  }

  return {
    /** After every refresh of the board: move list, legend marks, and the game saved. */
    /** The piece colours changed (a theme): the legend's glyphs are drawn again. */
    restyled() {
      if (!shownId || !engineLoaded()) return;
      legend.clear(); // a kind chosen is let go with its marks
      try { legend.setEntries(legendOf(shownId), 'w'); } catch (e) { console.warn(e); }
    },
    refreshed() {
      const g = state.game;
      if (!g) return;
      if (g !== shown) { shown = g; gameChanged(g); }
      renderMoves();
      updateLegend();
      const err = host.saves() ? saveGame(g, host.playing()) : null;
      $('kept-game').hidden = !(host.saves() && keptCount(g.gameId()) > 0);
      if (err && err !== saveError) host.showMessage(err);
      saveError = err;
      if (pending) { host.showMessage(pending); pending = null; }
    },

    /** Game `id`'s saved game as a GameHandle, or null (none, or unreadable: then said). */
    restore(id) {
      const r = loadGame(id);
      if (!r) return null;
      if (r.handle) return r.handle;
      pending = r.message;
      speech.say(r.message);
      return null;
    },

    /**
     * `handle`, opened from elsewhere, is about to replace the game of its id: keeps that
     * game to switch back to. Returns the message to show, or null (nothing kept), or when
     * that game could not be kept { failed (the words), pgn() (its PGN, or null) } (keepfirst.js asks).
     */
    keepReplaced(handle) {
      if (!host.saves()) return null;
      // The game on the board, if it is the one replaced, saved as it is now: a save that
      // failed (storage full) would leave an older copy to keep.
      const g = state.game;
      const board = g && g !== handle && g.gameId() === handle.gameId() ? g : null;
      const unsaved = board ? saveNow(board, host.playing()) : null;
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
      if (done === 'past') host.pastChanged();
      if (done === 'past') return `Your finished game of ${gameName(handle.gameId())} is among the past games.`;
      if (!done) return null;
      return `Your earlier game of ${gameName(handle.gameId())} is kept: "Switch to kept game" brings it back.`;
    },

    /** The game on the board has just ended: it is listed among the past games at once. */
    finished() {
      const g = state.game;
      const err = g && host.saves() ? keepPast(g, host.playing()) : null;
      if (err) host.showMessage(err);
      host.pastChanged();
    },

    /** The game of `id` on the board was just opened from elsewhere (see storage.js keepReplaced). */
    opened(id) {
      if (host.saves()) markOpened(id);
    },

    /** How many games of `id` are kept to switch to. */
    keptCount: (id) => (host.saves() ? keptCount(id) : 0),

    /**
     * The kept game of `id` as { handle, playing, left } (the game on the board is kept in
     * its place, `left` 'kept', or goes to the past games when finished, 'past'), or null.
     */
    takeKept(id) {
      const r = host.saves() ? takeKept(id) : null;
      if (!r) return null;
      if (r.left === 'past') host.pastChanged();
      if (r.handle) return r;
      host.showMessage(r.message);
      speech.say(r.message);
      $('kept-game').hidden = keptCount(id) === 0;
      return null;
    },

    /** The game on the board when the page was last used, or null. */
    lastGame: () => lastGameId(),

    played(move, before) {
      speech.move(move, before, host.cellName, { checks: state.view.checks, checkers: checkers(), outcome: state.outcome });
    },
    undone(move) { speech.undone(move, state.pieces, host.cellName); },
    redone(move, before) {
      speech.redone(move, before, host.cellName, { checks: state.view.checks, checkers: checkers(), outcome: state.outcome });
    },
    /** Jumped to another position (move list, Home, End, a variation). */
    jumped() {
      const g = state.game;
      if (!g) return;
      const n = g.ply();
      const line = Array.from(g.lineNames());
      speech.say(n === 0 ? 'Start position.' : `Position after ${line[n - 1]}, ply ${n} of ${line.length}.`);
    },

    /** For tests and the console. */
    testHook: {
      speech: () => speech.text(),
      games,
      legendChosen: () => legend.chosen(),
      /** The legend's marks by square name: { kind, origins, dests } or null. */
      legendMarks: () => marks && {
        kind: marks.kind,
        origins: marks.origins.map(host.cellName),
        dests: marks.dests.map(host.cellName),
      },
      storageKey,
      asideKey,
    },
  };
}
