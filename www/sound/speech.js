// www/sound/: what the page plays and says: move sounds, and moves in words.
// The screen-reader voice of the board: an aria-live region that says each move in words,
// built from the move's ordered effects (move, remove and why, promote, place, transform,
// swap) played on a copy of the board as it stood before the move. No engine calls.

import { subscribe, MOVED } from '../state.js';

const colourWord = (c) => (c === 'w' ? 'White' : c === 'b' ? 'Black' : '');
const lower = (c) => colourWord(c).toLowerCase();
const article = (word) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

// Why a piece left the board, as words after "the black rook on a1".
const WHY = {
  'en-passant': ' en passant',
  rage: ' in the berserker\'s rage',
  absorb: ', absorbed',
  custodian: ', caught between merchants',
  outlaw: '',
  destroyed: ', destroyed for taking an outlaw',
};

/**
 * The move `move` (a move view from the engine) in words, e.g. "White knight g1 to f3",
 * "Black pawn e7 to e5, captures the white pawn on e5", "White drops a pawn on e4".
 * `before`: the pieces by cell index before the move; `name(sq)`: a cell's name.
 */
export function describeMove(move, before, name) {
  const board = [...(before || [])];
  const at = (sq) => board[sq] || null;
  const effects = (move && move.effects) || [];
  const first = effects.find((e) => e.type === 'move');
  const mover = move && move.from != null ? at(move.from) : null;
  const side = mover ? mover.color : (effects.find((e) => e.type === 'place') || { piece: {} }).piece.color;
  const parts = [];
  let head = '';
  if (mover && move.to === move.from && !effects.some((e) => e.type === 'move' && e.from === move.from)) {
    // A piece acting where it stands (a Quarter driver's pull, push, switch, absorb).
    const what = move.choice && move.choice.label ? move.choice.label.toLowerCase() : 'acts';
    head = `${colourWord(mover.color)} ${mover.kind} on ${name(move.from)}: ${what}`;
  }
  for (const e of effects) {
    if (e.type === 'move') {
      const p = at(e.from);
      const kind = p ? p.kind : 'piece';
      const isMover = e === first && move.from === e.from;
      const how = e.how === 'pulled' ? 'is pulled' : e.how === 'pushed' ? 'is pushed' : '';
      if (isMover && !head) {
        const via = e.how === 'shift' ? ' (quadrant jump)' : e.how === 'wrap' ? ' (wrapping round)' : '';
        head = `${colourWord(p ? p.color : side)} ${kind} ${name(e.from)} to ${name(e.to)}${via}`;
      } else if (how) {
        parts.push(`the ${p ? lower(p.color) + ' ' : ''}${kind} on ${name(e.from)} ${how} to ${name(e.to)}`);
      } else {
        parts.push(`${p && p.color !== side ? lower(p.color) + ' ' : ''}${kind} ${name(e.from)} to ${name(e.to)}`);
      }
      board[e.to] = p;
      board[e.from] = null;
    } else if (e.type === 'remove') {
      const p = at(e.at);
      const victim = p ? `the ${lower(p.color)} ${p.kind} on ${name(e.at)}` : `the piece on ${name(e.at)}`;
      const verb = e.why === 'capture' || e.why === 'en-passant' || e.why === 'outlaw' ? 'captures' : 'removes';
      parts.push(`${verb} ${victim}${WHY[e.why] ?? ''}`);
      board[e.at] = null;
    } else if (e.type === 'promote') {
      parts.push(`promotes to ${e.piece.kind}`);
      board[e.at] = e.piece;
    } else if (e.type === 'place') {
      const who = colourWord(e.piece.color);
      const text = `${who} drops ${article(e.piece.kind)} ${e.piece.kind} on ${name(e.at)}`;
      if (!head) head = text; else parts.push(text);
      board[e.at] = e.piece;
    } else if (e.type === 'transform') {
      const p = at(e.at);
      parts.push(`the ${p ? p.kind : 'piece'} on ${name(e.at)} becomes ${article(e.piece.kind)} ${e.piece.kind}`);
      board[e.at] = e.piece;
    } else if (e.type === 'swap') {
      const a = at(e.a);
      const b = at(e.b);
      parts.push(`the ${a ? a.kind : 'piece'} on ${name(e.a)} and the ${b ? b.kind : 'piece'} on ${name(e.b)} change places`);
      board[e.a] = b;
      board[e.b] = a;
    }
  }
  if (!head) head = move ? move.text : '';
  return [head, ...parts].join(', ');
}

/**
 * Makes the live region `el` (aria-live polite) speak. Returns:
 *   say(text)                       anything in words
 *   move(move, before, name, after) a move played; `after`: {checks, outcome} once played
 *   undone(move, before, name)      a move taken back (`before`: the board it was played on)
 *   redone(move, before, name, after)
 */
export function makeSpeech(el) {
  let last = '';
  function say(text) {
    // The same sentence twice would not be read again: add an invisible difference.
    const t = text === last ? `${text}\u00a0` : text;
    last = t;
    el.textContent = t;
  }
  // After the move: the result, or check naming the checking pieces (`after.checkers`:
  // [{ piece, at }]), e.g. ", check by the rook on a8."
  const tail = (after, name) => {
    if (!after) return '';
    if (after.outcome) return `. ${after.outcome.text}.`;
    if (!(after.checks && after.checks.length)) return '.';
    const by = (after.checkers || []).map((c) => `the ${c.piece ? c.piece.kind : 'piece'} on ${name(c.at)}`);
    return by.length ? `, check by ${by.join(' and ')}.` : ', check.';
  };
  return {
    say,
    // The move's name first (Nf3, Te5/f5=R), as the move list shows it, then in words.
    move(move, before, name, after) {
      say(`${move && move.name ? `${move.name}: ` : ''}${describeMove(move, before, name)}${tail(after, name)}`);
    },
    undone(move, before, name) { say(`Move taken back: ${describeMove(move, before, name)}.`); },
    redone(move, before, name, after) { say(`Move played again: ${describeMove(move, before, name)}${tail(after, name)}`); },
    text() { return el.textContent; },
  };
}

/**
 * The board's voice (makeSpeech on #speech) over the page's `state`, following its changes: a
 * move played, taken back or played again, a jump through the moves, and what a change brought
 * to say. `cellName(sq)`: a cell's name. Returns the speech (text() for the tests).
 */
export function mountSpeech(doc, state, { cellName }) {
  const speech = makeSpeech(doc.getElementById('speech'));
  /** The pieces giving check now: [{ piece, at }] (`at` a cell index). */
  const checkers = () => (state.view.checkLines || []).map((c) => ({ piece: (state.pieces || [])[c.from] || null, at: c.from }));
  const after = () => ({ checks: state.view.checks, checkers: checkers(), outcome: state.outcome });
  subscribe(state, [...MOVED, 'note'], (change) => {
    if (change.note) speech.say(change.note);
    if (change.played && change.shown) speech.move(change.played, change.before, cellName, after());
    else if (change.undone) speech.undone(change.undone, state.pieces, cellName);
    else if (change.redone) speech.redone(change.redone, change.before, cellName, after());
    else if (change.jumped && state.game) {
      const g = state.game;
      const n = g.ply();
      const line = Array.from(g.lineNames());
      speech.say(n === 0 ? 'Start position.' : `Position after ${line[n - 1]}, ply ${n} of ${line.length}.`);
    }
  });
  return speech;
}
