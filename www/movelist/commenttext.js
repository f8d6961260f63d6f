// www/movelist/: the moves: the list, its variations and comments, the evaluation graph.
// A comment's words as they read (issue 40): a PGN wraps its lines at 80 columns, so a single
// line break inside a comment is a space when shown, and a blank line starts a paragraph,
// as in Markdown. Only the showing: the record keeps the text as it was written.

/** The paragraphs of comment `text`: split at blank lines, each one's line breaks made spaces. */
export function paragraphs(text) {
  return String(text || '')
    .split(/\r?\n[ \t]*(?:\r?\n[ \t]*)+/)
    .map((p) => p.replace(/[ \t]*\r?\n[ \t]*/g, ' ').trim())
    .filter(Boolean);
}

/**
 * Fills `el` with comment `text` as it reads: one `span.comment-par` per paragraph (a block
 * each: style.css). Returns `el`.
 */
export function fillComment(el, text) {
  const doc = el.ownerDocument;
  el.replaceChildren(...paragraphs(text).map((p) => {
    const span = doc.createElement('span');
    span.className = 'comment-par';
    span.textContent = p;
    return span;
  }));
  return el;
}
