// www/embed/: the board in other pages: its modes, puzzles and review, and the code that embeds it.
// The embeddable board's script (www/fairyboard-board.js) in this page, for the panels that
// show small live boards (the rules panel, the Embed dialog's preview).

/** True on the single-file page (from disk): no embed.html to show small boards with. */
export function singleFile(doc) {
  return Boolean(globalThis.fairyboardWorkerSource) || doc.location.protocol === 'file:';
}

/** The address of the folder holding index.html, embed.html and www/ (this page's files). */
export const siteBase = () => new URL('../../', import.meta.url).href;

/** Adds www/fairyboard-board.js (a classic script) to the page once. */
export function loadBoardScript(doc) {
  if (doc.defaultView.customElements.get('fairyboard-board') || doc.getElementById('fairyboard-board-script')) return;
  const s = doc.createElement('script');
  s.id = 'fairyboard-board-script';
  s.src = new URL('../fairyboard-board.js', import.meta.url).href;
  doc.head.append(s);
}
