// www/embed/: the board in other pages: its modes, puzzles and review, and the code that embeds it.
// The HTML that embeds a board in another page, as docs/embedding.md documents it: the
// element form (one script tag, then <fairyboard-board>) or the iframe form (embed.html with
// the same attributes in its address: the records in its fragment, the rest in its query). Nothing here that only the Embed dialog understands.

/**
 * The attributes that carry a record, of any length: in the iframe form they go in the
 * address's fragment, which is not sent to the server (hosts refuse a long query).
 */
export const RECORDS = ['position', 'moves', 'pgn', 'solution', 'arrows', 'marks'];

import { frameHeight } from './framesize.js';

/** The attribute names in the order the code lists them (the board reads any order). */
const ORDER = ['game', 'mode', 'lesson', 'task', 'position', 'moves', 'ply', 'pgn', 'solution', 'review', 'opponent', 'level', 'player',
  'orientation', 'coordinates', 'theme', 'arrows', 'marks', 'label'];

/** `text` safe inside a double-quoted HTML attribute (line breaks kept: a PGN needs them). */
export function attributeText(text) {
  return String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The attributes in ORDER, leaving out those without a value. */
function ordered(attributes) {
  return ORDER.filter((name) => attributes[name] != null && attributes[name] !== '')
    .map((name) => [name, String(attributes[name])]);
}

/**
 * The code for a board: `base` the address of the folder holding fairyboard (ending in /),
 * `form` 'element' or 'iframe', `attributes` as <fairyboard-board> takes them (label too),
 * `size` the board's width in CSS pixels (or null for the element's default), `shape` the
 * game's board ({ aspect, hands }: framesize.js) for an iframe's height.
 */
export function embedCode({ base, form, attributes, size = null, shape = {} }) {
  const pairs = ordered(attributes);
  if (form === 'iframe') {
    const url = new URL('embed.html', base);
    const records = new URLSearchParams();
    for (const [name, value] of pairs) {
      if (name !== 'label') (RECORDS.includes(name) ? records : url.searchParams).set(name, value);
    }
    url.hash = records.toString();
    const width = size || 384;
    const title = attributes.label || `${attributes.game || 'orthodox'} board`;
    // Tall enough for the board at full width and what it shows under it (the element sizes
    // itself; an iframe cannot).
    return `<iframe src="${attributeText(url.href)}" title="${attributeText(title)}" width="${width}" height="${frameHeight(width, attributes, shape)}" style="border: 0; max-width: 100%"></iframe>`;
  }
  const style = size ? ` style="--fairyboard-size: ${size}px"` : '';
  const attrs = pairs.map(([name, value]) => ` ${name}="${attributeText(value)}"`).join('');
  return `<script src="${attributeText(new URL('www/fairyboard-board.js', base).href)}"></script>\n`
    + `<fairyboard-board${attrs}${style}></fairyboard-board>`;
}
