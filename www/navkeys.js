// Keys of the analysis boards players know: ← and → step back and forward through the
// moves (later moves are kept), Home and End go to the start and the end, `f` flips the
// board. They work wherever focus is, except in text fields, selects and dialogs. On the
// focused board the plain arrow keys move the keyboard cursor (input.js); there Shift+← and
// Shift+→ step through the moves (Shift+arrows work everywhere).

/**
 * Listens on `doc`. `on`: back(), forward(), start(), end(), flip(); `blocked()` true
 * while keys must be left alone (a dialog such as the picker is open); `board`: the canvas.
 * Returns { detach() }.
 */
export function attachNavKeys(doc, board, on) {
  function typing(el) {
    if (!el || el === doc.body) return false;
    const tag = el.tagName;
    return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable
      || !!el.closest('dialog, [role="dialog"]');
  }

  function onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (on.blocked() || typing(e.target)) return;
    const onBoard = e.target === board;
    let act = null;
    if (e.key === 'ArrowLeft' && (e.shiftKey || !onBoard)) act = on.back;
    else if (e.key === 'ArrowRight' && (e.shiftKey || !onBoard)) act = on.forward;
    else if (e.key === 'Home' && !e.shiftKey) act = on.start;
    else if (e.key === 'End' && !e.shiftKey) act = on.end;
    else if ((e.key === 'f' || e.key === 'F') && !e.shiftKey) act = on.flip;
    if (!act) return;
    e.preventDefault();
    // Listened in the capture phase: the board's own key handler must not also see it.
    e.stopPropagation();
    act();
  }

  doc.addEventListener('keydown', onKey, true);
  return { detach() { doc.removeEventListener('keydown', onKey, true); } };
}
