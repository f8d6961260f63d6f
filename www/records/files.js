// www/records/: game records, links, shapes and marks, and what the browser keeps.
// A record as a file: the date it is written on, and the PGN file the browser downloads.

/** Today's date as PGN writes dates: `2026.11.27`. */
export function today() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${two(d.getMonth() + 1)}.${two(d.getDate())}`;
}

/** Saves `text` as the PGN file `name` (the browser's download). */
export function downloadPgn(doc, text, name) {
  const a = Object.assign(doc.createElement('a'), {
    href: URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' })), download: name,
  });
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
