// www/computer/: the computer as a player and an analyst: its moves, hints, analysis and reviews.
// The analysis panel's lines (MultiPV): each line a row of its score (when there are
// several) and its moves as buttons; a button plays the line up to that move. One tab stop
// per line (its first move); Left and Right, Home and End move along a line, Up and Down
// between lines. The lines hold still while the pointer is over them or a move in them has
// the focus (what is about to be clicked does not change under it); the newest lines come
// when it leaves.

/**
 * @param {HTMLElement} list the element the lines go in
 * @param {(texts: string[]) => void} play plays a line's move texts from the position shown
 */
export function makePvLines(list, play) {
  let shown = []; // [{ score, texts, names }]
  let pointer = false; // the pointer is over the lines
  let pending = null; // lines that came while held

  const held = () => pointer || list.contains(list.ownerDocument.activeElement);

  function release() {
    if (held() || !pending) return;
    const lines = pending;
    pending = null;
    draw(lines);
  }

  function focused() {
    const b = list.ownerDocument.activeElement;
    if (!b || !list.contains(b) || !b.dataset.line) return null;
    return { line: Number(b.dataset.line), ply: Number(b.dataset.ply) };
  }

  function button(line, ply) {
    return list.querySelector(`button[data-line="${line}"][data-ply="${ply}"]`);
  }

  /** Draws `lines` ([{ score (text or null), texts, names }]), once the lines are not held. */
  function draw(lines) {
    if (held() && shown.length) { pending = lines; return; }
    pending = null;
    const at = focused();
    shown = lines;
    const doc = list.ownerDocument;
    list.replaceChildren(...lines.map((l, i) => {
      const row = doc.createElement('div');
      row.className = 'analysis-pvline';
      row.setAttribute('role', 'listitem');
      if (l.score != null) {
        const s = doc.createElement('span');
        s.className = 'analysis-pvscore';
        s.textContent = l.score;
        row.append(s, ' ');
      }
      l.names.forEach((name, ply) => {
        const b = doc.createElement('button');
        b.type = 'button';
        b.className = 'pv-move';
        b.textContent = name;
        b.dataset.line = String(i);
        b.dataset.ply = String(ply);
        b.tabIndex = ply === 0 ? 0 : -1;
        b.setAttribute('aria-label', `Play ${l.names.slice(0, ply + 1).join(' ')}`);
        row.append(b, ' ');
      });
      return row;
    }));
    if (at) (button(at.line, at.ply) || button(at.line, 0) || button(0, 0))?.focus();
  }

  /** Says `text` in place of the lines (no legal move, an error). */
  function say(text) {
    shown = [];
    pending = null;
    list.textContent = text;
  }

  list.setAttribute('role', 'list');
  list.addEventListener('pointerenter', () => { pointer = true; });
  list.addEventListener('pointerleave', () => { pointer = false; release(); });
  list.addEventListener('focusout', () => setTimeout(release, 0)); // after the focus lands
  list.addEventListener('click', (e) => {
    const b = e.target.closest('button.pv-move');
    if (!b) return;
    const line = shown[Number(b.dataset.line)];
    if (line) play(line.texts.slice(0, Number(b.dataset.ply) + 1));
  });
  list.addEventListener('keydown', (e) => {
    const at = focused();
    if (!at) return;
    const length = (shown[at.line] || { names: [] }).names.length;
    const to = {
      ArrowLeft: [at.line, Math.max(0, at.ply - 1)],
      ArrowRight: [at.line, Math.min(length - 1, at.ply + 1)],
      Home: [at.line, 0],
      End: [at.line, length - 1],
      ArrowUp: [Math.max(0, at.line - 1), 0],
      ArrowDown: [Math.min(shown.length - 1, at.line + 1), 0],
    }[e.key];
    if (!to) return;
    e.preventDefault();
    e.stopPropagation(); // the page's own arrow keys step through the game
    button(to[0], to[1])?.focus();
  });

  return { draw, say };
}
