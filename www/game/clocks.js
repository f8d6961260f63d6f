// www/game/: the game's flow: every change, how it is played, its clocks and its end.
// Clocks (optional; none by default): a time control such as 5+3 (minutes, then seconds
// added after each move) for either kind of game. The side to move's clock runs from the
// first move on while the game goes on, whatever position the board shows (looking back
// through the moves does not stop it, as on lichess); a move adds the increment to the
// mover's clock; a clock at zero loses on time (the engine's flagFall, a draw when the other
// side cannot win). The first move, before any clock runs, must come within FIRST_MOVE_MS,
// else the game is aborted (rulings E5). The computer spends its own clock (versus.js asks
// for it). Remaining times are kept per game in localStorage, so a reload goes on (the time
// the page was away counted against the clock that was running). A game
// not being played (an analysis board, a finished game) has stopped clocks that show the
// time each player had at the position shown, from the moves' `[%clk]`, as lichess shows a
// game looked at. The record names its time control as PGN does (`[TimeControl "180+2"]`).

import { commandValue } from '../records/shapes.js';
import { toMoveAtEnd, subscribe, MOVED } from '../state.js';

import { readChecked } from '../records/setaside.js';

const KEY = 'fairyboard.clock.';
const MAX_BASE = 180 * 60000; // lichess's longest clock: 180 minutes
const MAX_INCREMENT = 180 * 1000; // and 180 seconds a move

/** How long the first move of a game played with a clock may wait: then the game is aborted (lichess: about 30 s). */
export const FIRST_MOVE_MS = 30000;

/** '5+3' -> { base: 300000, increment: 3000 } (ms), or null for 'none' or anything unreadable or out of range. */
export function parseControl(text) {
  const m = /^(\d+(?:\.\d+)?)\+(\d+)$/.exec(String(text || '').trim());
  if (!m) return null;
  const base = Math.round(Number(m[1]) * 60000);
  const increment = Number(m[2]) * 1000;
  return base > 0 && base <= MAX_BASE && increment <= MAX_INCREMENT ? { base, increment } : null;
}

/**
 * The kept clocks `raw` of game `g` ({ control, w, b, plies } as save() writes them), or an
 * Error saying what is wrong: each side's time is a number of ms from 0 to what the control
 * can give in that many moves, and 0 only in a game that has ended (on time).
 */
function checkedClocks(raw, g) {
  const r = JSON.parse(raw);
  if (!r || typeof r !== 'object') throw new Error('not clocks');
  const c = r.control;
  if (!c || !Number.isFinite(c.base) || !Number.isFinite(c.increment) || c.base <= 0 || c.increment < 0) throw new Error('no time control');
  if (!Number.isInteger(r.plies) || r.plies < 0) throw new Error('no number of moves');
  const most = c.base + c.increment * (r.plies + 1);
  const ended = !!(g.finalOutcome ? g.finalOutcome() : g.outcome());
  for (const side of ['w', 'b']) {
    const t = r[side];
    const name = side === 'w' ? 'White' : 'Black';
    if (typeof t !== 'number' || !(t >= 0 && t <= most)) throw new Error(`${name}'s time ${JSON.stringify(t ?? null).slice(0, 20)} is not a time of this clock`);
    if (t === 0 && !ended && r.plies === g.line().length) throw new Error(`${name}'s time is up in a game that goes on`);
  }
  return r;
}

/** A time control ('3+2') as PGN's TimeControl tag writes it ('180+2': seconds), or null for none. */
export function timeControlTag(controlText) {
  const c = parseControl(controlText);
  return c ? `${c.base / 1000}+${c.increment / 1000}` : null;
}

/**
 * PGN's TimeControl tag ('180+2', '60', '300+3') as a time control ('3+2'), or 'none' for a
 * game without one ('-', '?', a missing tag) or one this page does not play (moves in periods).
 */
export function controlOfTag(tag) {
  const m = /^(\d+)(?:\+(\d+))?$/.exec(String(tag || '').trim());
  if (!m || Number(m[1]) <= 0) return 'none';
  const control = `${Number(m[1]) / 60}+${Number(m[2] || 0)}`;
  return parseControl(control) ? control : 'none';
}

/** A `[%clk]` value ('0:04:58', '1:02:03.4') in ms, or null when it does not read. */
function clockMs(value) {
  const m = /^(\d+):(\d\d):(\d\d(?:\.\d+)?)$/.exec(String(value || '').trim());
  return m ? Math.round(((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000) : null;
}

/**
 * The time each side had at the position shown of game `g` by the moves' `[%clk]` (each
 * side's last one up to there; `base` before its first): { w, b } ms. At the end of a game
 * lost on time the side whose flag fell has none.
 */
function shownTimes(g, base) {
  const times = { w: null, b: null };
  try {
    const tree = g.tree();
    const byId = new Map(tree.nodes.map((n) => [n.id, n]));
    for (let n = byId.get(tree.current); n && n.parent != null; n = byId.get(n.parent)) {
      const side = n.side === 'white' ? 'w' : 'b';
      if (times[side] == null) times[side] = clockMs(commandValue(n.comment, 'clk'));
    }
    const end = g.ply() === g.line().length ? g.declaredEnd() : null;
    if (end && end.how === 'flag' && end.color) times[end.color] = 0;
  } catch { /* a game that cannot say: its full times */ }
  return { w: times.w ?? base, b: times.b ?? base };
}

/** `ms` as PGN's `[%clk]` writes a clock: hours, minutes and whole seconds ('0:04:58'). */
export function clockCommand(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** 'm:ss', or 's.t' seconds under ten seconds. */
export function formatTime(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return (Math.floor(t / 100) / 10).toFixed(1);
  const s = Math.ceil(t / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

/**
 * Reads the game from the page's `state` (state.js); host: { flagFall(side) (ends the game on
 * time), live() (whether the game on the board is being played: only then do clocks run),
 * firstMove(side, ms) (a game has begun: `side` has `ms` to play the first move),
 * abort(side) (`side` did not play the first move in time) }. The controller calls set() for
 * each game put on the board and moved(side) after each move; the clocks follow every change
 * of the game (subscribed: update()).
 */
export function makeClocks(doc, state, host) {
  const face = { w: doc.getElementById('clock-w'), b: doc.getElementById('clock-b') };
  let control = null; // { base, increment } or null: no clocks
  let left = { w: 0, b: 0 };
  let running = null; // the side whose clock runs
  let since = 0; // performance.now() when it started
  let timer = 0;
  let live = false; // the game is being played: its clocks run (else they show the moves' [%clk])
  let firstBy = null; // Date.now() by which the game's first move must be played, or null
  let abortTimer = 0;

  const now = () => performance.now();
  const remaining = (side) => left[side] - (running === side ? now() - since : 0);

  function save() {
    const s = store();
    const g = state.game;
    if (!s || !g || (control && !live)) return; // a game looked at keeps the times it was played with
    try {
      if (!control) { s.removeItem(KEY + state.gameId); return; }
      s.setItem(KEY + state.gameId, JSON.stringify({
        control, w: remaining('w'), b: remaining('b'), plies: g.line().length, first: firstBy,
        running, at: Date.now(), // a running clock runs on while the page is away (a reload)
      }));
    } catch { /* storage full or refused: the clocks run on, unsaved */ }
  }

  function paint() {
    if (!face.w || !face.b) return; // an embedded board shows no clocks
    face.w.hidden = face.b.hidden = !control;
    if (!control) return;
    for (const side of ['w', 'b']) {
      const ms = remaining(side);
      face[side].querySelector('.clock-time').textContent = formatTime(ms);
      face[side].dataset.running = String(running === side);
      face[side].dataset.low = String(ms < 20000);
    }
  }

  function stop() {
    if (running) left[running] = remaining(running);
    running = null;
    clearInterval(timer);
    timer = 0;
  }

  /** The first move waits at most FIRST_MOVE_MS (kept over a reload) in a game being played with a clock. */
  function awaitFirstMove(g) {
    const waiting = !!(control && live && g.line().length === 0 && !g.finalOutcome());
    if (!waiting) { firstBy = null; clearTimeout(abortTimer); abortTimer = 0; return; }
    if (firstBy == null) {
      firstBy = Date.now() + FIRST_MOVE_MS;
      host.firstMove?.(g.sideToMove(), FIRST_MOVE_MS);
    }
    if (!abortTimer) abortTimer = setTimeout(() => {
      abortTimer = 0;
      const game = state.game;
      if (!live || !game || game.line().length > 0) return;
      firstBy = null;
      host.abort?.(game.sideToMove());
    }, Math.max(0, firstBy - Date.now()));
  }

  function tick() {
    if (!running) return;
    if (remaining(running) <= 0) {
      const side = running;
      left[side] = 0;
      stop();
      paint();
      save();
      host.flagFall(side);
      return;
    }
    paint();
  }

  /**
   * After any change: the clock of the side to move at the end of a game being played runs,
   * whatever position the board shows; a game looked at shows the times of the position shown.
   */
  function update() {
    const g = state.game;
    live = !!(control && g && host.live());
    if (g) awaitFirstMove(g);
    if (control && g && !live) { stop(); left = shownTimes(g, control.base); paint(); return; }
    const run = control && g && g.line().length > 0 && !g.finalOutcome() ? toMoveAtEnd(g) : null;
    if (run !== running) {
      stop();
      if (run) {
        running = run;
        since = now();
        timer = setInterval(tick, 100);
      }
    }
    save();
    paint();
  }

  subscribe(state, MOVED, () => update());

  return {
    /** The game put on the board is played with `controlText` ('5+3', or 'none'). */
    set(controlText) {
      stop();
      live = false; // until update() asks whether this game is being played
      clearTimeout(abortTimer);
      abortTimer = 0;
      firstBy = null;
      control = parseControl(controlText);
      left = control ? { w: control.base, b: control.base } : { w: 0, b: 0 };
      const s = store();
      const g = state.game;
      if (control && s && g) {
        // The same game after a reload: its times as they were (checked: unreadable ones are set aside).
        const r = readChecked(s, KEY + state.gameId, (raw) => checkedClocks(raw, g), {
          name: `clock.${state.gameId}`, what: 'The clocks of this game', instead: 'they start again from the full time',
        });
        if (r && r.plies === g.line().length && r.control.base === control.base && r.control.increment === control.increment) {
          left = { w: r.w, b: r.b };
          if (Number.isFinite(r.first)) firstBy = r.first; // the first move's wait goes on
          // A running clock ran on while the page was away.
          if ((r.running === 'w' || r.running === 'b') && Number.isFinite(r.at)) {
            left[r.running] = Math.max(0, left[r.running] - Math.max(0, Date.now() - r.at));
          }
        }
      }
      save();
      paint();
    },
    /**
     * `side` just moved in the game being played: its clock stops and gains the increment.
     * Whether it did (false without clocks, or for a move on a game only looked at).
     */
    moved(side) {
      if (!control || !live) return false;
      if (running === side) { left[side] = remaining(side); running = null; }
      left[side] += control.increment;
      return true;
    },
    update,
    /**
     * `side` has `ms` left, as its own page counted it (a live game: the friend's page sends
     * its time with each move, so the lag on the way is not charged to the friend).
     */
    adjust(side, ms) {
      if (!control || !Number.isFinite(ms)) return;
      left[side] = Math.max(0, ms);
      if (running === side) since = now();
      save();
      paint();
    },
    /** The clock of `side` for the search: { remaining, increment } ms, or null without clocks. */
    limit(side) {
      if (!control) return null;
      return { remaining: Math.max(1, remaining(side)), increment: control.increment };
    },
    /** The ms `side` has left, or null without clocks. */
    left: (side) => (control ? remaining(side) : null),
    /** What the clocks show: null without clocks, else { w, b (ms left), running }. */
    state() { return control ? { w: remaining('w'), b: remaining('b'), running } : null; },
  };
}
