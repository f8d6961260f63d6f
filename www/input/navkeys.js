// www/input/: presses, drags, keys and taps turned into moves.
// Keys of the analysis boards players know: ← and → step back and forward through the
// moves (later moves are kept), ↑ and ↓ switch to the other moves played at the same point
// (variations), Home and End go to the start and the end, `f` flips the board. They work wherever focus is, except in text fields, selects, dialogs
// and what takes its own keys (`data-own-keys`: the analysis lines). On the
// focused board the plain arrow keys move the keyboard cursor (input.js); there Shift+arrows
// step through the moves and variations (Shift+arrows work everywhere).

/**
 * Listens on `doc`. `on`: back(), forward(), start(), end(), flip(), up(), down() (these two
 * return false when there is no other move, and the key then keeps its usual meaning); `blocked()` true
 * while keys must be left alone (a dialog such as the picker is open); `board`: the canvas.
 * Returns { detach() }.
 */
export function attachNavKeys(doc, board, on) {
  function typing(el) {
    if (!el || el === doc.body) return false;
    const tag = el.tagName;
    return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable
      || !!el.closest('dialog, [role="dialog"], [data-own-keys]');
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
    else if (e.key === 'ArrowUp' && on.up && (e.shiftKey || !onBoard)) act = on.up;
    else if (e.key === 'ArrowDown' && on.down && (e.shiftKey || !onBoard)) act = on.down;
    if (!act) return;
    if (act() === false) return;
    e.preventDefault();
    // Listened in the capture phase: the board's own key handler must not also see it.
    e.stopPropagation();
  }

  doc.addEventListener('keydown', onKey, true);
  return { detach() { doc.removeEventListener('keydown', onKey, true); } };
}
