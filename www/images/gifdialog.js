// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.
// The GIF part of the Save image dialog (#gif-options in index.html): which moves (the main
// line, the line shown, a range of either, or the whole study), the speed, and whether the
// players and the moves are written under the board. Reads the game's tree to offer the
// range; saveimage.js shows it when GIF is the format chosen and asks it for the options.

import { segments, moveLabel } from './gifline.js';
import { movesOfLine } from '../records/movecount.js';

/**
 * Wires the fieldset `box` (may be null: then no GIF options) of the dialog's `form`.
 * Returns { fill(game), options() -> { line, from, to, speed, names }, moves() (how many
 * moves the choice plays) }.
 */
export function attachGifOptions(box, form) {
  if (!box) return { fill() {}, options: () => ({}), moves: () => 0, show() {} };
  const el = form.elements;
  let tree = null;

  /** Fills the range with the positions of the line chosen (the whole line at first). */
  function range() {
    const study = el.gifline.value === 'study';
    el.giffrom.disabled = study;
    el.gifto.disabled = study;
    if (!tree) return;
    const ids = segments(tree, { line: study ? 'main' : el.gifline.value })[0];
    const keep = [el.giffrom.value, el.gifto.value];
    const option = (i) => new Option(i === 0 ? 'the start' : moveLabel(tree.nodes[ids[i]]), String(i));
    el.giffrom.replaceChildren(...ids.slice(0, -1).map((_, i) => option(i)));
    el.gifto.replaceChildren(...ids.slice(1).map((_, i) => option(i + 1)));
    if (ids.length < 2) el.gifto.replaceChildren(option(0));
    el.giffrom.value = keep[0] && Number(keep[0]) < ids.length - 1 ? keep[0] : '0';
    el.gifto.value = keep[1] && Number(keep[1]) < ids.length ? keep[1] : String(ids.length - 1);
    if (Number(el.gifto.value) <= Number(el.giffrom.value)) el.gifto.value = String(ids.length - 1);
  }
  el.gifline.addEventListener('change', () => { el.giffrom.value = '0'; el.gifto.value = ''; range(); });
  el.giffrom.addEventListener('change', () => {
    if (Number(el.gifto.value) <= Number(el.giffrom.value)) el.gifto.value = String(el.gifto.options.length);
  });

  return {
    /** Reads the moves of `game` (a GameHandle) anew: the dialog opens. */
    fill(game) {
      tree = game ? game.tree() : null;
      el.giffrom.value = '0';
      el.gifto.value = '';
      range();
    },
    /** Shows or hides the options (GIF chosen or not). */
    show(on) { box.hidden = !on; },
    options() {
      const study = el.gifline.value === 'study';
      return {
        line: el.gifline.value,
        from: study ? null : Number(el.giffrom.value) || 0,
        to: study ? null : Number(el.gifto.value) || 0,
        speed: el.gifspeed.value,
        names: el.gifnames.checked,
      };
    },
    /** How many moves the options chosen play, as chess counts them (12. Nf3 Nf6 is one). */
    moves() {
      if (!tree) return 0;
      const o = this.options();
      return segments(tree, o).reduce((n, s) => n + movesOfLine(s.slice(1).map((id) => tree.nodes[id])), 0);
    },
  };
}
