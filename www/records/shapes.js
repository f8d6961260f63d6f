// www/records/: game records, links, shapes and marks, and what the browser keeps.
// Arrows and marked cells drawn by a person, kept in the comment of the move they belong to
// as lichess writes them in PGN: `[%cal Ge2e4,Rd1d8]` (coloured arrows) and `[%csl Yd4]`
// (coloured circles), colours G(reen), R(ed), B(lue), Y(ellow). So they go wherever comments
// go: the saved game, share links and PGN, in and out. Pure text work; cells by name.
// An arrow from a hand (Pawnier's pawns in hand) starts at `P@` (White's hand) or `p@`
// (Black's), as a drop is written: `[%cal GP@e5]`. lichess has no such arrows and skips them.

export const COLOURS = ['G', 'R', 'B', 'Y'];
// Each with the spaces and tabs after it, which go with it when the words are read.
const COMMAND = /\[%(cal|csl)\s+([^\]]*)\][ \t]*/g;
// Other commands a record brings (`[%clk 0:05:00]`, `[%eval 0.17]`, `[%emt ...]`): not words
// for people, kept as written.
const OTHER = /(\[%\w+[^\]]*\])[ \t]*/g;
const ARROW = /^([GRBY])([a-z]+[0-9]+|[Pp]@)([a-z]+[0-9]+)$/;

/** The hand ('w' or 'b') an arrow's start names (`P@`, `p@`), or null for a cell. */
export const handOf = (from) => (from === 'P@' ? 'w' : from === 'p@' ? 'b' : null);

/**
 * The hand ('w' or 'b') a shape being drawn starts from, or null when it starts at a cell:
 * a shape's start is a cell index, or `{ hand }` for one of Pawnier's hands.
 */
export const startHand = (from) => (from && typeof from === 'object' ? from.hand : null);

/** The start of an arrow from hand `colour` ('w' or 'b'), as shapes are written. */
export const handStart = (colour) => (colour === 'w' ? 'P@' : 'p@');
const MARK = /^([GRBY])([a-z]+[0-9]+)$/;

/**
 * The shapes in a comment, its other commands and its words without any of them:
 * { arrows: [{ colour, from, to }], marks: [{ colour, at }], commands: ['[%clk 0:05:00]', ...],
 * text } (cells by name). Entries that do not read are left out. The words are the comment
 * as written with each command and the spaces and tabs right after it taken out, and the
 * whitespace at the two ends: line breaks, tabs and runs of spaces inside stay, so that
 * words saved with `writeShapes` read back exactly.
 */
export function readShapes(comment) {
  const arrows = [];
  const marks = [];
  const commands = [];
  const text = String(comment || '').replace(COMMAND, (_, kind, list) => {
    for (const item of list.split(',').map((s) => s.trim()).filter(Boolean)) {
      const m = (kind === 'cal' ? ARROW : MARK).exec(item);
      if (!m) continue;
      if (kind === 'cal') arrows.push({ colour: m[1], from: m[2], to: m[3] });
      else marks.push({ colour: m[1], at: m[2] });
    }
    return '';
  }).replace(OTHER, (_, command) => { commands.push(command); return ''; }).trim();
  return { arrows, marks, commands, text };
}

/**
 * A comment of `text` with the `commands` kept (readShapes) and `arrows` and `marks` written
 * in front as lichess writes them, a space after each; the words follow as they are (their
 * line breaks and spaces kept: readShapes gives them back).
 */
export function writeShapes(text, arrows, marks, commands = []) {
  const parts = [...commands];
  if (marks.length) parts.push(`[%csl ${marks.map((m) => `${m.colour}${m.at}`).join(',')}]`);
  if (arrows.length) parts.push(`[%cal ${arrows.map((a) => `${a.colour}${a.from}${a.to}`).join(',')}]`);
  if (text) parts.push(text);
  return parts.join(' ');
}

/** The value of command `name` in a comment (`clk` in `[%clk 0:04:58]`: '0:04:58'), or null. */
export function commandValue(comment, name) {
  const m = new RegExp(`\\[%${name}\\s+([^\\]]*)\\]`).exec(String(comment || ''));
  return m ? m[1].trim() : null;
}

/** `comment` with command `name` set to `value` (replacing one there), the rest as it was. */
export function withCommand(comment, name, value) {
  const s = readShapes(comment);
  const commands = s.commands.filter((c) => !new RegExp(`^\\[%${name}\\s`).test(c));
  return writeShapes(s.text, s.arrows, s.marks, [`[%${name} ${value}]`, ...commands]);
}

/**
 * The comment after drawing a shape from cell `from` (or a hand, `P@`/`p@`) to cell `to`
 * (names; the same cell: a circle) in `colour`: the same shape in the same colour again
 * removes it, in another colour recolours it (as lichess does).
 */
export function toggleShape(comment, from, to, colour) {
  const s = readShapes(comment);
  if (from === to) {
    const i = s.marks.findIndex((m) => m.at === from);
    if (i < 0) s.marks.push({ colour, at: from });
    else if (s.marks[i].colour === colour) s.marks.splice(i, 1);
    else s.marks[i].colour = colour;
  } else {
    const i = s.arrows.findIndex((a) => a.from === from && a.to === to);
    if (i < 0) s.arrows.push({ colour, from, to });
    else if (s.arrows[i].colour === colour) s.arrows.splice(i, 1);
    else s.arrows[i].colour = colour;
  }
  return writeShapes(s.text, s.arrows, s.marks, s.commands);
}

/** The colour a pointer's modifier keys choose: Shift red, Alt blue, Ctrl or Meta yellow, else green. */
export function colourOfKeys(e) {
  if (e.shiftKey) return 'R';
  if (e.altKey) return 'B';
  if (e.ctrlKey || e.metaKey) return 'Y';
  return 'G';
}

/**
 * Reads a list of shapes as the embed attributes give them ("Ge2e4 Rd1d8", "Yd4"; commas or
 * spaces between): { arrows, marks, bad: [items that do not read] }.
 */
export function readShapeList(arrowsText, marksText) {
  const arrows = [];
  const marks = [];
  const bad = [];
  const items = (t) => String(t || '').split(/[\s,]+/).filter(Boolean);
  for (const item of items(arrowsText)) {
    const m = ARROW.exec(item);
    if (m) arrows.push({ colour: m[1], from: m[2], to: m[3] }); else bad.push(item);
  }
  for (const item of items(marksText)) {
    const m = MARK.exec(item);
    if (m) marks.push({ colour: m[1], at: m[2] }); else bad.push(item);
  }
  return { arrows, marks, bad };
}

/**
 * The shapes of `comment` on the board of `layout`, by cell: { arrows, marks }; an arrow from
 * a hand has `from` null and `hand` 'w' or 'b' (kept only when `hands`: a game with hands).
 * Cells the layout does not name are left out.
 */
export function shapesOnBoard(comment, layout, hands) {
  const s = readShapes(comment || '');
  const cellOf = (name) => {
    const i = layout ? layout.cells.findIndex((c) => c && c.name === name) : -1;
    return i < 0 ? null : i;
  };
  const arrow = (a) => {
    const hand = handOf(a.from);
    return hand ? { from: null, hand, to: cellOf(a.to), colour: a.colour }
      : { from: cellOf(a.from), to: cellOf(a.to), colour: a.colour };
  };
  return {
    arrows: s.arrows.map(arrow).filter((a) => (a.hand ? hands : a.from != null) && a.to != null),
    marks: s.marks.map((m) => ({ at: cellOf(m.at), colour: m.colour })).filter((m) => m.at != null),
  };
}
