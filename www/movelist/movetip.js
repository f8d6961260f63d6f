// www/movelist/: the moves: the list, its variations and comments, the evaluation graph.
// A move's words in a tooltip, for the moves listed beside the board (movelist.js, and the
// "Moves played here" choices of lines.js): a name such as E^d6/xc7xe7 becomes "White
// berserker d4 to d6, removes the black pawn on c7 in the berserker's rage, ...", the words
// the page's speech says for it (moves.js gets them from sound/speech.js's describeMove).
//
// It shows when the mouse rests on a move, when a move gets keyboard focus, and on a long
// press by touch (which then does not play the move). One element for the page
// (role="tooltip"), fixed in the viewport below the move and what is listed with it (its
// row, its comment, a review's verdict), or above the move where there is no room below: it
// never covers the move pointed at or the words under it, and never moves anything else. Escape, leaving
// the move, scrolling or a press elsewhere hide it. Whenever a move has focus, shown or not,
// the tooltip describes it (aria-describedby), so screen readers say the words too.

const TIP_ID = 'move-tip';
const HOVER_MS = 300; // a pointer resting this long on a move shows its words
const LEAVE_MS = 120; // time to move the pointer from a move onto its tip
const LONG_PRESS_MS = 500; // a touch held this long shows the words instead of playing
const SLOP_PX = 10; // a touch that moves further is a scroll, not a long press
const MARGIN_PX = 6; // between the move and its tip, and between the tip and the viewport's edge

/** The page's tooltip element, made on first use. */
function tipElement(doc) {
  let tip = doc.getElementById(TIP_ID);
  if (tip) return tip;
  tip = doc.createElement('div');
  tip.id = TIP_ID;
  tip.className = 'move-tip';
  tip.setAttribute('role', 'tooltip');
  tip.hidden = true;
  // Its look is here, not in a style sheet, so the full page and the embedded board share it.
  Object.assign(tip.style, {
    position: 'fixed', left: '0px', top: '0px', zIndex: '1000', boxSizing: 'border-box',
    maxWidth: `min(24rem, calc(100vw - ${2 * MARGIN_PX}px))`, padding: '0.35rem 0.6rem',
    borderRadius: '6px', background: 'var(--fg, #1b1b1b)', color: 'var(--bg, #f5f2ea)',
    font: '0.9rem/1.35 system-ui, sans-serif', boxShadow: '0 2px 8px rgba(0, 0, 0, 0.3)',
  });
  doc.body.appendChild(tip);
  return tip;
}

/**
 * The box of what belongs with `button` in its list: its row of the main line (both moves of
 * a pair, with their clocks, comments and a review's verdicts under them), or in a variation
 * the move with what follows it up to the next move; cut at the bottom of `container`'s
 * visible part (a list that scrolls).
 */
function entryBox(button, container) {
  const r = button.getBoundingClientRect();
  const box = { top: r.top, bottom: r.bottom };
  const grow = (e) => { const b = e.getBoundingClientRect(); if (b.height) box.bottom = Math.max(box.bottom, b.bottom); };
  const row = button.parentElement;
  if (row && row.matches('li.pair')) grow(row);
  else {
    for (let e = button.nextElementSibling; e && !e.matches('button[data-node], .move-number, .inline-variation'); e = e.nextElementSibling) grow(e);
  }
  const c = container.getBoundingClientRect();
  box.bottom = Math.max(r.bottom, Math.min(box.bottom, c.bottom));
  return box;
}

/**
 * Places `tip` below `button` and what belongs with it (entryBox: a review's verdict under
 * the move stays readable), or above the move where there is no room below, inside the viewport.
 */
function place(tip, button, container) {
  const doc = tip.ownerDocument;
  const r = button.getBoundingClientRect();
  const t = tip.getBoundingClientRect();
  const vw = doc.documentElement.clientWidth;
  const vh = doc.documentElement.clientHeight;
  const below = entryBox(button, container).bottom + MARGIN_PX;
  const above = r.top - MARGIN_PX - t.height;
  const top = below + t.height <= vh - MARGIN_PX || above < MARGIN_PX ? below : above;
  const left = Math.max(MARGIN_PX, Math.min(r.left, vw - MARGIN_PX - t.width));
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

/**
 * Gives the move buttons (`button[data-node]`) inside `container` their words in the tooltip;
 * `wordsFor(button)` says them (null: nothing to say).
 */
export function attachMoveTip(container, wordsFor) {
  const doc = container.ownerDocument;
  const tip = tipElement(doc);
  let shownFor = null; // the button whose words show, or null
  let hoverTimer = 0;
  let leaveTimer = 0;
  let press = null; // a touch held on a move: { button, x, y, timer }
  const moveOf = (target) => {
    const b = target instanceof Element ? target.closest('button[data-node]') : null;
    return b && container.contains(b) ? b : null;
  };
  const clearTimers = () => { clearTimeout(hoverTimer); clearTimeout(leaveTimer); };

  /** Puts `button`'s words in the tip; false when it has none. */
  function fill(button) {
    const words = wordsFor(button);
    if (!words) return false;
    if (tip.textContent !== words) tip.textContent = words;
    return true;
  }
  function show(button) {
    clearTimers();
    if (!fill(button)) { hide(); return; }
    tip.hidden = false;
    place(tip, button, container);
    shownFor = button;
  }
  function hide() {
    clearTimers();
    tip.hidden = true;
    shownFor = null;
  }
  const ours = () => shownFor && container.contains(shownFor);

  // The mouse (or a pen) resting on a move; moving on to another once one shows is at once.
  container.addEventListener('pointerover', (e) => {
    if (e.pointerType === 'touch') return;
    const b = moveOf(e.target);
    if (!b) return;
    clearTimers();
    if (ours() && !tip.hidden) show(b);
    else hoverTimer = setTimeout(() => show(b), HOVER_MS);
  });
  container.addEventListener('pointerout', (e) => {
    if (e.pointerType === 'touch') return;
    const b = moveOf(e.target);
    if (!b || b.contains(e.relatedTarget)) return;
    clearTimeout(hoverTimer);
    if (shownFor === b && doc.activeElement !== b) leaveTimer = setTimeout(hide, LEAVE_MS);
  });
  tip.addEventListener('pointerenter', () => clearTimeout(leaveTimer));
  tip.addEventListener('pointerleave', () => {
    if (ours() && doc.activeElement !== shownFor) leaveTimer = setTimeout(hide, LEAVE_MS);
  });

  // Keyboard focus: described always, shown when the focus is visible (keys, not a click).
  container.addEventListener('focusin', (e) => {
    const b = moveOf(e.target);
    if (!b || !fill(b)) return;
    b.setAttribute('aria-describedby', TIP_ID);
    if (b.matches(':focus-visible')) show(b);
  });
  container.addEventListener('focusout', (e) => {
    const b = moveOf(e.target);
    if (!b) return;
    b.removeAttribute('aria-describedby');
    if (shownFor === b && !b.matches(':hover')) hide();
  });

  // A long press by touch shows the words; the touch that ends it plays nothing.
  let held = false; // a long press showed the words and its touch has not ended
  let swallowUntil = 0; // a click before this time ends a long press: it plays nothing
  const cancelPress = () => { if (press) clearTimeout(press.timer); press = null; };
  const pressShow = () => { const b = press.button; cancelPress(); held = true; show(b); };
  container.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'touch') return;
    const b = moveOf(e.target);
    if (!b) return;
    cancelPress();
    press = { button: b, x: e.clientX, y: e.clientY, timer: setTimeout(pressShow, LONG_PRESS_MS) };
  });
  container.addEventListener('pointermove', (e) => {
    if (press && Math.hypot(e.clientX - press.x, e.clientY - press.y) > SLOP_PX) cancelPress();
  });
  const release = () => {
    cancelPress();
    if (held) swallowUntil = performance.now() + 400;
    held = false;
  };
  container.addEventListener('pointerup', release);
  container.addEventListener('pointercancel', release);
  // The browser's own long press (a menu, a selection) would come first on some phones.
  container.addEventListener('contextmenu', (e) => { if (press) { e.preventDefault(); pressShow(); } });
  container.addEventListener('click', (e) => {
    if (performance.now() > swallowUntil) return;
    swallowUntil = 0;
    e.preventDefault();
    e.stopImmediatePropagation();
  }, true);

  // Dismissed by Escape, a press elsewhere, or the list or page scrolling under it.
  doc.addEventListener('keydown', (e) => { if (e.key === 'Escape' && ours() && !tip.hidden) hide(); });
  doc.addEventListener('pointerdown', (e) => {
    if (ours() && !container.contains(e.target) && !tip.contains(e.target)) hide();
  });
  doc.defaultView.addEventListener('scroll', () => { if (ours()) hide(); }, { capture: true, passive: true });
  doc.defaultView.addEventListener('resize', () => { if (ours()) hide(); });

  // The list drawn again (a move played or chosen, the notation changed) or hidden: a tip
  // shown stays with the same move's new button while the pointer or the focus is on it.
  function redrawn() {
    if (!shownFor) return;
    if (container.contains(shownFor) && shownFor.checkVisibility()) { place(tip, shownFor, container); return; }
    const again = container.querySelector(`button[data-node="${shownFor.dataset.node}"]`);
    if (again && again.checkVisibility() && (again.matches(':hover') || again === doc.activeElement)) show(again);
    else hide();
  }
  new MutationObserver(redrawn).observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
}
