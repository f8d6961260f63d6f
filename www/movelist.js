// The move list: numbered pairs of moves (names or coordinate texts, as the engine writes
// them; each button keeps the coordinate text in `data-text`), every move a button that shows the position
// after it. The move shown is marked (aria-current); moves after it (taken back, still there
// to step forward through) stay listed, dimmed (class `later`). When the game at the end of
// the line is over (by the board or declared: resignation, agreement, time), its result
// follows the last move (class `result`, the reason in words for screen readers). DOM only;
// no engine calls.

/**
 * Wires the list element `ol` (an <ol>); `onGo(ply)` is called with the ply after the move
 * clicked. Returns { render({ line, texts, ply, blackFirst, startNumber, result }) }: `line` what
 * each move shows, `texts` their coordinate texts (default: `line`); `result` is the
 * outcome at the end of the line ({ result, text }, as GameHandle.finalOutcome() gives) or null.
 */
export function makeMoveList(ol, onGo) {
  const doc = ol.ownerDocument;
  ol.addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b && ol.contains(b)) onGo(Number(b.dataset.ply));
  });

  function render({ line, texts = line, ply, blackFirst = false, startNumber = 1, result = null }) {
    const focused = doc.activeElement && ol.contains(doc.activeElement) ? doc.activeElement.dataset.ply : null;
    const items = [];
    let li = null;
    const slot = (k) => k + (blackFirst ? 1 : 0); // place in the pairs, white first
    if (blackFirst && line.length) {
      li = doc.createElement('li');
      const gap = doc.createElement('span');
      gap.className = 'ply-gap';
      gap.textContent = '…';
      gap.setAttribute('aria-hidden', 'true');
      li.appendChild(gap);
      items.push(li);
    }
    line.forEach((text, i) => {
      if (slot(i) % 2 === 0) {
        li = doc.createElement('li');
        items.push(li);
      }
      const n = i + 1; // the ply after this move
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = n > ply ? 'ply later' : 'ply';
      b.dataset.ply = String(n);
      b.dataset.text = texts[i];
      b.textContent = text;
      const number = startNumber + Math.floor(slot(i) / 2);
      const side = slot(i) % 2 === 0 ? 'White' : 'Black';
      b.setAttribute('aria-label', `${number}. ${side} ${text}${n > ply ? ' (after the position shown)' : ''}`);
      if (n === ply) b.setAttribute('aria-current', 'true');
      li.appendChild(b);
    });
    if (result) {
      if (!li) { li = doc.createElement('li'); items.push(li); }
      const r = doc.createElement('span');
      r.className = 'result';
      r.textContent = result.result;
      if (result.text) { r.title = result.text; r.setAttribute('aria-label', `${result.result}: ${result.text}`); }
      li.appendChild(r);
    }
    ol.start = startNumber;
    ol.replaceChildren(...items);
    const current = ol.querySelector('[aria-current]');
    if (focused != null) {
      const again = ol.querySelector(`button[data-ply="${focused}"]`);
      if (again) again.focus({ preventScroll: true });
    }
    reveal(current);
  }

  // Scrolls the list (not the page) so the current move is in view.
  function reveal(el) {
    if (!el) { ol.scrollTop = 0; return; }
    const box = ol.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (r.top < box.top) ol.scrollTop -= box.top - r.top;
    else if (r.bottom > box.bottom) ol.scrollTop += r.bottom - box.bottom;
  }

  return { render };
}

/** The move number a game starts at, from its start position text (its last field). */
export function startNumberOf(startText) {
  const n = Number(String(startText || '').trim().split(/\s+/).pop());
  return Number.isInteger(n) && n > 0 ? n : 1;
}
