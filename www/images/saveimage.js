// www/images/: still pictures of a position, as PNG and SVG.
// "Save image": the page's dialog (#image-dialog in index.html) that writes the position shown
// as PNG or SVG at a chosen size and downloads it (a Blob URL and <a download>, so it works
// from the single file and offline: nothing is fetched), and the embedded board's answers to
// toSVG() and toPNG() (fairyboard-board.js asks by postMessage). Both draw with image.js.

import { renderPng, renderSvg, clampSize, imageSize, MIN_SIZE, MAX_SIZE } from './image.js';
import { readTheme } from '../board/draw.js';
import { gameInfo } from '../state.js';
import { onDialogChoice } from '../panels/dialogchoice.js';

const KEY = 'fairyboard.image'; // the last format and size chosen, for the next time

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}
function loadChoice() {
  try {
    const c = JSON.parse(store()?.getItem(KEY) || 'null');
    if (c && (c.format === 'png' || c.format === 'svg')) return { format: c.format, size: clampSize(c.size) };
  } catch { /* unreadable: the default */ }
  return { format: 'png', size: 800 };
}
function saveChoice(c) {
  try { store()?.setItem(KEY, JSON.stringify(c)); } catch { /* full or refused */ }
}

/** Downloads `blob` as `name` (a link that is clicked and forgotten). */
export function download(doc, blob, name) {
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30000);
}

/**
 * The picture of the position `page` (main.js) shows, for image.js: { view, theme, config,
 * flipped, title (the game and its position text), file (a file name without extension) },
 * or null when there is none (no game yet). While the position editor is open, its position.
 */
function shotOf(page) {
  const { state } = page;
  if (page.editor && page.editor.active()) {
    const p = page.editor.picture();
    if (!p.view.layout) return null;
    return {
      view: p.view,
      theme: readTheme(page.board.canvas),
      config: page.config,
      flipped: state.flipped,
      title: `${gameInfo(state, p.id).name || p.id}: ${p.text}`,
      file: `fairyboard-${p.id}-position`,
    };
  }
  const { game, layout } = state;
  if (!game || !layout) return null;
  const name = gameInfo(state).name || state.gameId;
  return {
    view: { ...state.view, layout, pieces: state.pieces },
    theme: readTheme(page.board.canvas), // the colours the board has now (scheme and theme)
    config: page.config,
    flipped: state.flipped,
    title: `${name}: ${game.positionText()}`,
    file: `fairyboard-${state.gameId}-${game.ply()}`,
  };
}

/**
 * Wires Save image for the page `page` (main.js: its state, config, board, editor, embed,
 * tell and say). On embed.html it answers the embedding page instead of showing a dialog.
 */
export function attachSaveImage(doc, page) {
  // While the editor is open the page's message line is hidden: its own note says instead.
  const editing = () => page.editor && page.editor.active();
  const app = {
    shown: () => shotOf(page),
    tell: (t) => (editing() ? page.editor.tell(t) : page.tell(t)),
    say: (t) => (editing() ? page.editor.tell(t) : page.say(t)),
  };
  if (page.embed && page.embed.active) { answerImageRequests(globalThis, app.shown); return; }
  const button = doc.getElementById('save-image');
  const dialog = doc.getElementById('image-dialog');
  if (!button || !dialog) return;
  const form = dialog.querySelector('form');
  const size = form.elements.size;
  const preview = doc.getElementById('image-preview');
  const note = doc.getElementById('image-note');
  size.min = String(MIN_SIZE);
  size.max = String(MAX_SIZE);
  let shot = null;
  let previewUrl = null;

  /** The dimensions the form's size gives, said under the preview. */
  function describe() {
    if (!shot) return;
    const ok = size.checkValidity();
    const { width, height } = imageSize(shot.view.layout, size.value);
    note.textContent = ok
      ? `${width} × ${height} pixels: the position shown, with its arrows and circles.`
      : `A size from ${MIN_SIZE} to ${MAX_SIZE} pixels.`;
  }
  form.addEventListener('input', describe);
  for (const b of dialog.querySelectorAll('[data-size]')) {
    b.addEventListener('click', () => { size.value = b.dataset.size; describe(); });
  }

  let opener = button; // where the focus goes back to: the page's button or the editor's
  button.addEventListener('click', () => open(button));

  /** Opens the dialog for the position shown; `from` is the button that asked. */
  function open(from) {
    shot = app.shown();
    if (!shot) return;
    opener = from;
    const c = loadChoice();
    form.elements.format.value = c.format;
    size.value = String(c.size);
    // The preview is the SVG itself, drawn by the browser from the text that would be saved.
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = URL.createObjectURL(new Blob([renderSvg(shot, 400)], { type: 'image/svg+xml' }));
    preview.src = previewUrl;
    describe();
    dialog.returnValue = '';
    dialog.showModal();
  }

  onDialogChoice(dialog, async (value) => {
    if (previewUrl) { URL.revokeObjectURL(previewUrl); previewUrl = null; }
    preview.removeAttribute('src');
    if (value !== 'save' || !shot) return;
    const choice = { format: form.elements.format.value === 'svg' ? 'svg' : 'png', size: clampSize(size.value) };
    saveChoice(choice);
    const { width, height } = imageSize(shot.view.layout, choice.size);
    const name = `${shot.file || 'fairyboard'}.${choice.format}`;
    try {
      const blob = choice.format === 'svg'
        ? new Blob([renderSvg(shot, choice.size)], { type: 'image/svg+xml' })
        : await renderPng(shot, choice.size);
      download(doc, blob, name);
      app.tell(`Saved ${name} (${width} × ${height} pixels).`);
    } catch (e) {
      app.say(`The image could not be made: ${(e && e.message) || e}`);
    }
    opener.focus();
  });
  return { open };
}

/**
 * On an embedded board: answers the embedding page's { fairyboard: 1, type: 'image', id,
 * format: 'svg' | 'png', size } with { fairyboard: 1, type: 'image', id, svg (text) | png
 * (a Blob) | error }. Only the frame's parent is answered.
 */
function answerImageRequests(win, shown) {
  win.addEventListener('message', async (e) => {
    const d = e.data;
    if (!d || d.fairyboard !== 1 || d.type !== 'image') return;
    if (win.parent === win || e.source !== win.parent) return;
    const reply = (data) => e.source.postMessage({ fairyboard: 1, type: 'image', id: d.id, ...data }, e.origin === 'null' ? '*' : e.origin);
    try {
      const shot = shown();
      if (!shot) throw new Error('The board has no position to draw yet.');
      if (d.format === 'png') reply({ png: await renderPng(shot, d.size ?? 800) });
      else reply({ svg: renderSvg(shot, d.size ?? 800) });
    } catch (err) {
      reply({ error: (err && err.message) || String(err) });
    }
  });
}
