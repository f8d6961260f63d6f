// www/computer/: the computer as a player and an analyst: its moves, hints, analysis and reviews.
// Hints and analysis: the computer's view of the position shown (the editor's too), from its
// own worker (www/engine/computer.js) so a game against the computer is not slowed by it. Analysis
// shows the evaluation from White's view (pawns, or "mate in N"), a thin bar beside the
// board, the depth and the best lines (1 to 5, MultiPV; pvlines.js) as move names that play
// the line to there, updated per iteration; it stops when turned off, when the page is
// hidden, and after TIME_LIMIT_MS (phones' batteries). The number of lines is remembered
// in localStorage under `fairyboard.analysisLines`.

import { makePvLines } from './pvlines.js';
import { withGame } from '../engine/engine.js';
import { subscribe, MOVED } from '../state.js';
import { computerSide, remote } from '../game/playing.js';

const TIME_LIMIT_MS = 30000;
const HINT_MS = 1000;
/** Why Hint, Analysis and Review game are off in a game with a friend at a distance. */
export const HELP_BARRED = 'No computer help in a game with a friend at a distance: Hint, Analysis and Review game are there once it is over.';
const LINES_KEY = 'fairyboard.analysisLines';

function storage() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

/** A score from White's view: { text, white (0..1: the bar's White share) }. */
export function scoreView(score, side) {
  const sign = side === 'w' ? 1 : -1;
  if (score.mate != null) {
    const n = score.mate;
    const winner = (n > 0) === (side === 'w') ? 'White' : 'Black';
    const white = winner === 'White' ? 1 : 0;
    if (n === 0) return { text: `${side === 'w' ? 'White' : 'Black'} is mated`, white: side === 'w' ? 0 : 1 };
    return { text: `${winner} mates in ${Math.abs(n)}`, white };
  }
  const cp = sign * (score.cp || 0);
  const pawns = (cp / 100).toFixed(2);
  const text = cp > 0 ? `+${pawns}` : cp < 0 ? `\u2212${pawns.slice(1)}` : '0.00';
  return { text, white: 1 / (1 + Math.exp(-cp / 250)) };
}

/** The names of the moves `texts` played in turn from position `here` of game `id` (the texts where one cannot be played). */
function namesFrom(id, here, texts) {
  try {
    return withGame(id, here, (h) => texts.map((t) => h.play(t).name || t));
  } catch {
    return texts;
  }
}

/**
 * Hints and analysis over the page's `state`, with `analyst` (engine/computer.js, a worker of
 * its own): the position shown, or the position editor's (`editor`, null where there is none:
 * its edits are followed too); `controller` (game/controller.js: a line's moves are played
 * as if by hand), `buttons` (game/gamebuttons.js: the hint drawn), `ui` (messages), `safely`.
 * Follows every change of the game (subscribed). Returns { changed(), active(), set(on), hint() }.
 */
export function makeAnalysis(doc, analyst, state, { controller, editor, buttons, ui, safely }) {
  const host = {
    /** The position to think about: { game, position, moves, side, here } or null. */
    shown() {
      if (editor && editor.active()) {
        const st = editor.state();
        if (st.verdict) return null; // not a playable position yet
        return { game: st.id, position: st.text, moves: [], side: st.text.split(/\s+/)[1] || 'w', here: st.text };
      }
      const { game } = state;
      if (!game) return null;
      return {
        game: state.gameId, position: game.startText(), moves: Array.from(game.history()), side: game.sideToMove(),
        here: game.positionText(),
      };
    },
    names: (s, texts) => namesFrom(s.game, s.here, texts),
    // A line's moves are played as if by hand: a variation where the game goes on differently.
    playLine(texts) {
      if (editor && editor.active()) { ui.tell('Lines play out on the board once the position is done (Done).'); return; }
      if (controller.beingPlayed() && state.playing.opponent === 'computer') {
        ui.tell('A game against the computer goes on move by move: its lines play out on an analysis board or once it is over.');
        return;
      }
      for (const text of texts) if (!controller.play(text)) return;
    },
    /** The hint `text` for the position shown: drawn on the board, and said. */
    showHint(text) {
      const { game } = state;
      const m = !state.editing && game && (safely(() => game.legalMoves(), []) || []).find((x) => x.text === text);
      if (!m) { ui.tell(`Hint: ${text}`); return; }
      buttons.showHint(m);
      ui.tell(`Hint: ${m.name || text}`);
    },
    say: ui.say,
  };
  const $ = (id) => doc.getElementById(id);
  const button = $('analysis');
  const panel = $('analysis-panel');
  const bar = $('eval-bar');
  const hintButton = $('hint');
  let on = false;
  let key = null; // the position being analysed
  let timer = 0;
  let hinting = null;
  const pvs = makePvLines($('analysis-pv'), (texts) => host.playLine(texts));
  const linesChoice = $('analysis-lines'); // absent from a page without the choice: one line
  const kept = Number(storage()?.getItem(LINES_KEY));
  if (linesChoice && kept >= 1 && kept <= 5) linesChoice.value = String(kept);
  linesChoice?.addEventListener('change', () => {
    try { storage()?.setItem(LINES_KEY, linesChoice.value); } catch { /* private mode: not kept */ }
    key = null;
    run();
  });
  const wanted = () => Number(linesChoice?.value) || 1;

  /** Line 1's score and depth, the bar, and every line (`lines`: [{ score, pv }], best first). */
  function show(first, lines, s, done) {
    const v = scoreView(first.score, s.side);
    $('analysis-score').textContent = v.text;
    $('analysis-depth').textContent = `depth ${first.depth}${done ? ` (stopped after ${TIME_LIMIT_MS / 1000} s)` : ''}`;
    const many = lines.length > 1;
    pvs.draw(lines.map((l) => {
      const texts = l.pv || [];
      return { score: many ? scoreView(l.score, s.side).text : null, texts, names: host.names(s, texts) };
    }));
    bar.firstElementChild.style.height = `${(v.white * 100).toFixed(1)}%`;
    bar.title = v.text;
  }

  /**
   * Iterations report their lines one at a time: a depth's lines are shown together, once
   * all have come (or the next depth begins), so lines of two depths are never mixed.
   * `coming`: the lines of the depth under way. Returns the set to show, or null.
   */
  function collect(coming, info, count) {
    let ready = null;
    if (coming.length && coming[0].depth !== info.depth) ready = coming.splice(0);
    coming[(info.multipv || 1) - 1] = info;
    if (coming.filter(Boolean).length >= count) ready = coming.splice(0);
    return ready && ready.filter(Boolean);
  }

  function stop() {
    clearTimeout(timer);
    key = null;
    analyst.cancel();
  }

  function run() {
    const s = host.shown();
    const k = s && JSON.stringify({ s, lines: wanted() });
    if (!on || doc.hidden || !s) { stop(); if (on && !s) pvs.say(''); return; }
    if (k === key) return;
    stop();
    key = k;
    $('analysis-score').textContent = '…';
    $('analysis-depth').textContent = '';
    pvs.say('');
    const mine = key;
    timer = setTimeout(() => { if (key === mine) { analyst.cancel(); } }, TIME_LIMIT_MS);
    let lines = [];
    const coming = [];
    const request = { game: s.game, position: s.position, moves: s.moves, movetime: TIME_LIMIT_MS, multipv: wanted() };
    analyst.search(request, (info) => {
      if (key !== mine) return;
      const ready = collect(coming, info, request.multipv);
      if (ready && ready.length) { lines = ready; show(lines[0], lines, s, false); }
    })
      .then((result) => {
        if (key !== mine) return;
        if (result) show(result, result.lines && result.lines.length ? result.lines : [result], s, false);
        else if (lines.length) show(lines[0], lines, s, true);
        if (result && !result.best) pvs.say('No legal move.');
      })
      .catch((e) => { if (key === mine) pvs.say(e.message); });
  }

  function setOn(value) {
    on = value;
    button.setAttribute('aria-pressed', String(on));
    panel.hidden = !on;
    bar.hidden = !on;
    if (on) run(); else stop();
  }

  /** No computer help in a game with a friend at a distance while it goes on (as on lichess). */
  const barred = () => remote(state.playing) && controller.beingPlayed();
  button.addEventListener('click', () => {
    if (!on && barred()) { ui.tell(HELP_BARRED); return; }
    setOn(!on);
  });
  doc.addEventListener('visibilitychange', () => { if (on) { if (doc.hidden) stop(); else run(); } });

  async function hint() {
    const s = host.shown();
    if (!s) return;
    const mine = JSON.stringify(s);
    hinting = mine;
    clearTimeout(timer);
    key = null; // the analysis running (if any) gives way; it starts again after the hint
    hintButton.disabled = true;
    hintButton.textContent = 'Thinking…';
    try {
      // A hint has a worker of its own for a moment: analysis (if on) starts again after it.
      const result = await analyst.search({ game: s.game, position: s.position, moves: s.moves, movetime: HINT_MS });
      if (hinting !== mine) return;
      const now = host.shown();
      if (!result || !now || JSON.stringify(now) !== mine) return;
      if (result.best) host.showHint(result.best); else host.say('No legal move to hint at.');
    } catch (e) {
      if (hinting === mine) host.say(`No hint: ${e.message}`);
    } finally {
      if (hinting === mine) {
        hinting = null;
        hintButton.disabled = false;
        hintButton.textContent = 'Hint';
        key = null;
        run();
      }
    }
  }
  hintButton.addEventListener('click', () => { hint(); });

  /** After any change of what the board shows: analyses the new position (if on). */
  function changed() {
    if (hinting && JSON.stringify(host.shown()) !== hinting) {
      hinting = null;
      analyst.cancel();
      hintButton.disabled = false;
      hintButton.textContent = 'Hint';
    }
    run();
  }

  // Hint makes sense for a position with a move to find that is not the computer's to play.
  subscribe(state, MOVED, () => {
    changed();
    const { game, outcome } = state;
    const atEnd = !!game && game.ply() === game.line().length;
    const computersTurn = !!game && computerSide(state.playing) === game.sideToMove();
    if (on && barred()) setOn(false);
    button.disabled = barred();
    hintButton.disabled = !game || !!outcome || (computersTurn && atEnd) || barred();
  });
  editor?.listen(() => changed());

  return {
    changed,
    active: () => on,
    set: setOn,
    hint,
  };
}
