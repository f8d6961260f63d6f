// www/movelist/: the moves: the list, its variations and comments, the evaluation graph.
// Variations and comments of the move shown: "Make main line" and "Delete from here" for a
// move in a variation, a comment per move (written in a small form, shown under the board
// and in the move list), and ↑/↓ to switch to the other moves played at the same point.
// The tree itself is the engine's (GameHandle.tree(), promote, deleteNode, setComment);
// every element is optional (the embedded board has only the comment under the board and
// the moves played where a study branches). A comment's shapes ([%cal ...], shapes.js) are
// kept as they are when its words are edited. The same form marks the move (!, ?, ...) and
// the position after it (=, ±, ...): PGN's NAGs (nags.js).

import { readShapes, writeShapes } from '../records/shapes.js';
import { MOVE_MARKS, POSITION_MARKS, isMoveMark, isPositionMark, nagMark } from '../records/nags.js';
import { attachMoveTip } from './movetip.js';
import { fillComment } from './commenttext.js';

/**
 * host: { game() (the GameHandle), changed(cause) (after the tree changed: 'step' when the
 * position shown changed, 'lines' when only the list did), goToNode(id), say(text)
 * (information), warn(text) (something failed), blocked(), words(id) (node `id`'s move in
 * words, for its tooltip; null: none) }. Returns { update(tree) (after every refresh; `tree` GameHandle.tree() if already asked for), sibling(step) (±1: the next or previous move played at the point of the
 * move shown; false if there is none) }.
 */
export function makeLines(doc, host) {
  const $ = (id) => doc.getElementById(id);
  const shown = $('move-comment');
  const choices = $('move-choices'); // only where no move list shows (a study on an embedded board)
  // A choice's tooltip: which line it is and the move in words (movetip.js).
  if (choices) attachMoveTip(choices, (b) => {
    const words = host.words ? host.words(Number(b.dataset.node)) : null;
    return words && `${b.dataset.line}: ${words}`;
  });
  const promoteButton = $('promote-line');
  const deleteButton = $('delete-line');
  const commentButton = $('comment-move');
  const editor = $('comment-editor');
  const text = $('comment-text');
  const label = $('comment-label');
  const marksRow = $('comment-marks');
  const moveMark = $('move-mark');
  const positionMark = $('position-mark');
  // Whether the page shows a move list (the embedded board keeps its list hidden).
  const listed = () => !!$('moves')?.checkVisibility();
  let editing = null; // the node whose comment the form edits
  let editingNags = []; // its NAGs when the form opened

  /** Fills a mark choice: "none", then each mark as its glyph and words. */
  function fillChoice(select, list) {
    if (!select) return;
    const option = (value, text) => Object.assign(doc.createElement('option'), { value, textContent: text });
    select.replaceChildren(option('', 'none'), ...list.map(([n, glyph, words]) => option(String(n), `${glyph}  ${words}`)));
  }
  fillChoice(moveMark, MOVE_MARKS);
  fillChoice(positionMark, POSITION_MARKS);

  /**
   * The tree (`given`, as GameHandle.tree() gave it for this change, or asked for now) and
   * its node shown: { tree, node, byId } or null.
   */
  function here(given) {
    const g = host.game();
    if (!g) return null;
    try {
      const tree = given || g.tree();
      const byId = new Map(tree.nodes.map((n) => [n.id, n]));
      return { tree, node: byId.get(tree.current), byId };
    } catch {
      return null;
    }
  }

  // Whether node `n` is off the main line (some node on its path is not a first child).
  function inVariation(n, byId) {
    for (let c = n; c && c.id !== 0; c = byId.get(c.parent)) {
      const p = byId.get(c.parent);
      if (p && p.children[0] !== c.id) return true;
    }
    return false;
  }

  const describe = (n) => (n && n.id !== 0 ? `${n.number}${n.side === 'white' ? '.' : '...'} ${n.name}` : 'the start');
  /** A move as the embedded board names it: its number, name and marks ("2. Nf3!"). */
  const moveLabel = (n) => `${describe(n)}${(n.nags || []).map((k) => nagMark(k).glyph).join('')}`;

  function act(what) {
    const h = here();
    const g = host.game();
    if (!h || !g || host.blocked() || !h.node || h.node.id === 0) return;
    const name = describe(h.node);
    try {
      if (what === 'promote') {
        g.promote(h.node.id);
        host.changed('lines');
        host.say(`The line through ${name} is now the main line.`);
      } else {
        g.deleteNode(h.node.id);
        host.changed('step');
        host.say(`Deleted ${name} and the moves after it.`);
      }
    } catch (e) {
      host.warn(`Could not change the line: ${(e && e.message) || e}`);
    }
  }
  promoteButton?.addEventListener('click', () => act('promote'));
  deleteButton?.addEventListener('click', () => act('delete'));

  function openEditor() {
    const h = here();
    if (!h || !editor || host.blocked()) return;
    editing = h.node ? h.node.id : 0;
    editingNags = (h.node && h.node.nags) || [];
    label.textContent = `Comment on ${describe(h.node)}`;
    text.value = h.node ? readShapes(h.node.comment).text : '';
    if (marksRow) marksRow.hidden = editing === 0; // the start has no move to mark
    if ($('marks-label')) $('marks-label').textContent = `Mark ${describe(h.node)}:`;
    if (moveMark) moveMark.value = String(editingNags.find(isMoveMark) ?? '');
    if (positionMark) positionMark.value = String(editingNags.find(isPositionMark) ?? '');
    editor.hidden = false;
    text.focus();
  }
  function closeEditor() {
    if (!editor) return;
    editor.hidden = true;
    editing = null;
  }
  commentButton?.addEventListener('click', () => (editor && !editor.hidden ? closeEditor() : openEditor()));
  $('comment-cancel')?.addEventListener('click', () => { closeEditor(); commentButton?.focus(); });
  editor?.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); closeEditor(); commentButton?.focus(); } });
  editor?.addEventListener('submit', (e) => {
    e.preventDefault();
    const g = host.game();
    if (!g || editing == null) { closeEditor(); return; }
    try {
      const kept = readShapes(g.comment(editing)); // the arrows and circles stay
      const words = text.value.trim();
      g.setComment(editing, writeShapes(words, kept.arrows, kept.marks, kept.commands)); // clocks too
      // The two choices replace the move's and the position's marks; other NAGs stay.
      const chosen = [moveMark?.value, positionMark?.value].filter(Boolean).map(Number);
      const nags = [...chosen, ...editingNags.filter((n) => !isMoveMark(n) && !isPositionMark(n))];
      if (editing !== 0) g.setNags(editing, nags);
      closeEditor();
      host.changed('lines');
      const marked = chosen.length ? ` Marked ${chosen.map((n) => nagMark(n).glyph).join(' ')}.` : '';
      host.say(`${words ? 'Comment saved.' : kept.text ? 'Comment removed.' : 'Saved.'}${marked}`);
      // Focus back on Comment once this Enter is done with (else its keypress would press it).
      setTimeout(() => commentButton?.focus(), 0);
    } catch (e2) {
      host.warn(`Could not save the comment: ${(e2 && e2.message) || e2}`);
    }
  });

  /**
   * Where the position shown has more than one move played from it (a study's variations),
   * lists them as buttons that go there; the one the current line takes (› follows it) is
   * marked. Hidden elsewhere, and wherever a move list shows them.
   */
  function showChoices(h) {
    const kids = h && h.node && !listed() ? h.node.children.map((id) => h.byId.get(id)).filter(Boolean) : [];
    const focused = choices.contains(doc.activeElement);
    choices.hidden = kids.length < 2;
    if (choices.hidden) {
      choices.replaceChildren();
      if (focused) $('board')?.focus({ preventScroll: true }); // the keys go on stepping there
      return;
    }
    const next = h.tree.line[h.tree.line.indexOf(h.node.id) + 1];
    const label = doc.createElement('span');
    label.textContent = 'Moves played here:';
    choices.replaceChildren(label, ...kids.map((n, i) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.dataset.node = String(n.id);
      b.textContent = moveLabel(n);
      b.dataset.line = i === 0 ? 'The main line' : 'A variation';
      if (n.id === next) b.setAttribute('aria-current', 'true');
      b.addEventListener('click', () => host.goToNode(n.id));
      return b;
    }));
    if (focused) choices.querySelector('[aria-current]')?.focus({ preventScroll: true });
  }

  return {
    /** Shows the node shown's lines; `tree`: GameHandle.tree() already asked for this change (12,000 nodes cross from the wasm each time). */
    update(tree) {
      const h = here(tree);
      const node = h && h.node;
      const comment = node ? readShapes(node.comment).text : '';
      const marked = !!node && node.id !== 0 && (node.nags || []).length > 0;
      if (shown) {
        shown.hidden = !comment && !marked;
        if (node && node.id !== 0 && (comment || marked) && !listed()) {
          // No move list beside it (a study on an embedded board): the move with its marks first.
          const move = doc.createElement('b');
          move.textContent = moveLabel(node);
          shown.replaceChildren(move, ...(comment ? [' ', ...fillComment(doc.createElement('span'), comment).childNodes] : []));
        } else fillComment(shown, comment); // a line break reads as a space, a blank line a paragraph
      }
      if (choices) showChoices(h);
      const aside = !!node && node.id !== 0 && inVariation(node, h.byId);
      // Disabled, not hidden, where they do not apply: the controls beside them keep their places.
      if (promoteButton) promoteButton.disabled = !aside;
      if (deleteButton) deleteButton.disabled = !node || node.id === 0;
      if (editor && !editor.hidden && node && editing !== node.id) closeEditor(); // another move is shown
    },
    sibling(step) {
      const h = here();
      if (!h || !h.node || h.node.id === 0 || host.blocked()) return false;
      const parent = h.byId.get(h.node.parent);
      const all = parent ? parent.children : [];
      if (all.length < 2) return false;
      const next = all[(all.indexOf(h.node.id) + step + all.length) % all.length];
      host.goToNode(next);
      return true;
    },
  };
}
