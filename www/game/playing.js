// www/game/: the game's flow: every change, how it is played, its clocks and its end.
// How a game is played: against the computer (the person's colour and its level), a friend at
// this board, or on an analysis board, with a clock or not. The choice made in New game is
// remembered per game in localStorage (fairyboard.opponent.<id>: the dialog's next default),
// and how the game on the board is played beside it (fairyboard.playing.<id>), so a reload
// goes on against the computer while a game opened from a link or a record is on an analysis
// board. The controller keeps the choice of the game on the board in state.playing.
//
// A game against the computer or a friend is *being played* until it ends: there a takeback
// removes the moves and no variation is made (controller.js). An analysis board, and any game
// once it has ended, is explored: a move played at an earlier position starts a variation.

import { controlOfTag } from './clocks.js';
import { toMoveAtEnd } from '../state.js';

const KEY = 'fairyboard.opponent.';
const PLAYING = 'fairyboard.playing.';
/**
 * The computer, a friend at this board (two players on this device), an analysis board, and
 * a friend at a distance (www/remote/): by link, or live over a direct connection.
 */
const OPPONENTS = ['computer', 'human', 'analysis', 'link', 'live'];
/** The ways of playing a friend at a distance: each page plays one side of a record kept under its id. */
const REMOTE = ['link', 'live'];
/** A game by link's id: 16 base64url characters (src/bylink). */
const LINK_ID = /^[A-Za-z0-9_-]{16}$/;
const DEFAULT = Object.freeze({ opponent: 'analysis', color: 'w', level: 3, side: 'w', clock: 'none' });

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

/**
 * Game `id`'s choice: { opponent: 'computer'|'human'|'analysis', color: 'w'|'b'|'random' (as chosen),
 * level: 1-8, side: 'w'|'b' (the person's side in the game on the board: `color` drawn),
 * clock: a time control such as '5+3' or 'none' }.
 */
export function loadChoice(id, key = KEY) {
  const s = store();
  try {
    const c = JSON.parse((s && s.getItem(key + id)) || 'null');
    if (c && typeof c === 'object') return normalise(c);
  } catch { /* unreadable: the default */ }
  return { ...DEFAULT };
}

/** Keeps game `id`'s choice (quietly nothing when storage is refused). */
export function saveChoice(id, choice, key = KEY) {
  const s = store();
  try { if (s) s.setItem(key + id, JSON.stringify(normalise(choice))); } catch { /* full or disabled */ }
}

/** How the game of `id` on the board is played (a choice as loadChoice gives; default two people). */
export const loadPlaying = (id) => loadChoice(id, PLAYING);
/** Keeps how the game of `id` on the board is played. */
export const savePlaying = (id, choice) => saveChoice(id, choice, PLAYING);

/** A choice with every field valid (anything else falls back to the default). */
export function normalise(c) {
  const level = Math.round(Number(c.level));
  const color = ['w', 'b', 'random'].includes(c.color) ? c.color : DEFAULT.color;
  const side = ['w', 'b'].includes(c.side) ? c.side : (color === 'b' ? 'b' : 'w');
  const out = {
    opponent: OPPONENTS.includes(c.opponent) ? c.opponent : DEFAULT.opponent,
    color,
    level: level >= 1 && level <= 8 ? level : DEFAULT.level,
    side,
    clock: /^\d+(\.\d+)?\+\d+$/.test(String(c.clock)) ? String(c.clock) : 'none', // see clocks.js
  };
  // A game with a friend at a distance names its record (www/remote/ keeps it under this id).
  if (REMOTE.includes(out.opponent) && LINK_ID.test(String(c.link))) out.link = String(c.link);
  return out;
}

/** Whether a game played as `choice` is played with a friend at a distance (by link or live): this page plays one side. */
export const remote = (choice) => REMOTE.includes(choice.opponent);

/** The side the person plays in a game played as `choice` (against the computer or a friend at a distance), or null (both, or none). */
export function personSide(choice) {
  return choice.opponent === 'computer' || remote(choice) ? choice.side : null;
}

/** The person's side for a new game of `choice` (random: a coin). */
export function drawSide(choice) {
  if (choice.color === 'random') return Math.random() < 0.5 ? 'w' : 'b';
  return choice.color;
}

/** How a game with two people at the board is played (the New game dialog's choice). */
export const TWO_PLAYERS = Object.freeze({ opponent: 'human', color: 'w', side: 'w', level: 3 });
/** An analysis board: how a game opened from a link or a record is explored. */
export const ANALYSIS = Object.freeze({ opponent: 'analysis', color: 'w', side: 'w', level: 3 });

/** How a game opened from a link or a record is looked at: an analysis board with its record's clock (TimeControl). */
export function explored(handle) {
  let tag = null;
  try { tag = typeof handle.tag === 'function' ? handle.tag('TimeControl') : null; } catch { /* no tags */ }
  return { ...ANALYSIS, clock: controlOfTag(tag) };
}

/** The computer's side ('w' or 'b') in a game played as `choice`, or null when it does not play. */
export function computerSide(choice) {
  return choice.opponent === 'computer' ? (choice.side === 'w' ? 'b' : 'w') : null;
}

/**
 * How many plies a takeback removes from the end of the game `g` played as `choice` (wherever
 * the board is): against the computer the person's last move and the computer's reply
 * together (2), the person's move alone while the computer has not answered (1), or 0 when no
 * move of the person's is there to take back; between people at this board the last move (1);
 * with a friend at a distance none (Undo is off: the friend accepts a takeback or not).
 */
export function takebackPlies(choice, g) {
  if (remote(choice)) return 0; // a takeback is asked for, and the friend answers (www/remote/)
  const last = g.line().length;
  const side = computerSide(choice);
  if (!side) return last > 0 ? 1 : 0;
  if (toMoveAtEnd(g) === side) return last > 0 ? 1 : 0; // the last move was the person's
  return last >= 2 ? 2 : 0;
}
