// www/embed/: the board in other pages: its modes, puzzles and review, and the code that embeds it.
// The height an iframe of embed.html needs to show its board at the frame's full width with
// what it shows under it (issue 40): the bar of controls, and for a record the comment of the
// move shown and the moves played where a study branches, for review="on" the evaluation graph
// and the judged moves. An iframe cannot size itself to its content where the page allows no
// script, so the code the Embed dialog writes (embedcode.js) gives it this height. The rooms
// are the embed's own (embed.css): a comment takes three lines at most and two rows of judged
// moves at most, a longer one scrolls; the figures are CSS pixels measured in Chromium, a
// little over rather than under (spare room stays at the frame's foot, under the controls).

/** The bar of controls under the board: status and buttons, wrapping in a narrow frame. */
function barHeight(width, mode) {
  if (mode === 'puzzle') { // Hint and Solution beside the steps
    if (width < 240) return 210;
    if (width < 320) return 146;
    if (width < 480) return 125;
    return width < 800 ? 81 : 50;
  }
  if (width < 240) return 125;
  return width < 480 ? 81 : 50;
}

/** A lesson's panel under the bar: its title, the first task's intro, the task, the words, Hint. */
const lessonHeight = (width) => (width < 320 ? 470 : width < 480 ? 370 : 290);

/** A record's comment (three lines at most) and the row of moves played where it branches. */
const COMMENT = 78;
const choicesHeight = (width) => (width < 480 ? 75 : 38);
/** review="on": the graph, then the judged moves (two rows at most) or the Review button. */
const REVIEW = 140;

/**
 * The iframe's height for a board `width` CSS pixels wide showing `attributes` (as
 * <fairyboard-board> takes them: mode, pgn, review, ...); `shape`: the game's board,
 * { aspect (cells wide over cells high), hands (pawns in hand: a strip above and below) }.
 */
export function frameHeight(width, attributes = {}, { aspect = 1, hands = false } = {}) {
  const mode = attributes.mode || 'play';
  // A lesson 640 px wide or more has its panel beside a board of 58% of the width (embed.css).
  if (mode === 'lesson' && width >= 640) return Math.ceil(Math.max((0.58 * width) / (aspect > 0 ? aspect : 1) + (hands ? 2 * 48 : 0), 420));
  let height = width / (aspect > 0 ? aspect : 1) + (hands ? 2 * 48 : 0) + barHeight(width, mode);
  if (attributes.pgn) height += COMMENT + choicesHeight(width);
  if (attributes.review === 'on') height += REVIEW;
  if (mode === 'lesson') height += lessonHeight(width);
  return Math.ceil(height);
}
