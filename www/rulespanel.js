// The rules panel: a collapsible <details> with the chosen game's rules in the project's own
// words (from the engine's rulesText: paragraphs separated by blank lines).

/** Fills the panel: `summary` gets the title, `body` one <p> per paragraph of `text`. */
export function showRules(summary, body, gameName, text) {
  summary.textContent = `Rules of ${gameName}`;
  const doc = body.ownerDocument;
  body.replaceChildren(...String(text || '').split(/\n\s*\n/).map((para) => {
    const p = doc.createElement('p');
    p.textContent = para.replace(/\s+/g, ' ').trim();
    return p;
  }));
}
