// www/movelist/: the moves: the list, its variations and comments, the evaluation graph.
// The move list as tall as the room beside the board (issue 40). With the board and the side
// column side by side (style.css's 760 px layout) the list takes the window's height that the
// controls above it and those below it that belong on the first screen (its own tools and the
// first row of the record controls, Copy link to Export PGN) leave free, so variations are
// not cut to a few rows; never less than style.css's height for it. In one column (a phone:
// the list is below the board) it keeps style.css's height. Measured again whenever the
// window or the side column changes size (the analysis panel opening above it, the
// evaluation graph appearing under it).

const TWO_COLUMNS = '(min-width: 760px)';
const MARGIN_PX = 8; // between the last tool and the window's bottom edge

/**
 * Fits `list` (the move list) to the free height, keeping `last()` (the last control under it
 * that belongs on the first screen) in the window when the page is at its top. Returns { fit() }.
 */
export function fitMoveList(list, last) {
  const win = list.ownerDocument.defaultView;
  if (!win.ResizeObserver) return { fit() {} };
  const wide = win.matchMedia(TWO_COLUMNS);
  const top = (e) => e.getBoundingClientRect().top + win.scrollY; // from the page's top, however scrolled
  const bottom = (e) => e.getBoundingClientRect().bottom + win.scrollY;

  let base = 0; // style.css's height for the list: the least it has
  function fit() {
    const tools = last();
    if (!wide.matches || !list.checkVisibility() || !tools) {
      if (list.style.height) list.style.height = '';
      return;
    }
    if (!list.style.height) base = list.getBoundingClientRect().height;
    const below = bottom(tools) - bottom(list); // the controls under the list, the graph between
    const free = Math.floor(win.innerHeight - MARGIN_PX - top(list) - below);
    const height = `${Math.max(base, free)}px`;
    if (list.style.height === height) return;
    list.style.height = height;
    keepInView(list.querySelector('[aria-current]'));
  }

  // The move shown stays in view when the list gets shorter (the list scrolls, not the page).
  function keepInView(e) {
    if (!e) return;
    const box = list.getBoundingClientRect();
    const r = e.getBoundingClientRect();
    if (r.bottom > box.bottom) list.scrollTop += r.bottom - box.bottom;
    else if (r.top < box.top) list.scrollTop -= box.top - r.top;
  }

  let queued = false;
  const later = () => {
    if (queued) return;
    queued = true;
    win.requestAnimationFrame(() => { queued = false; fit(); });
  };
  const side = list.parentElement;
  new win.ResizeObserver(later).observe(side);
  win.addEventListener('resize', later);
  wide.addEventListener?.('change', later);
  fit();
  return { fit };
}
