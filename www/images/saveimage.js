// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.
// "Save image": the page's dialog (#image-dialog in index.html) that writes the position shown
// as PNG or SVG at a chosen size, or the moves as an animated GIF, and downloads it (a Blob
// URL and <a download>, so it works from the single file and offline: nothing is fetched),
// and the embedded board's answers to toSVG(), toPNG() and toGIF() (fairyboard-board.js asks
// by postMessage). Pictures are drawn with image.js, GIFs made with gif.js.

import { renderPng, renderSvg, clampSize, imageSize, MIN_SIZE, MAX_SIZE } from './image.js';
import { readTheme } from '../board/draw.js';
import { gameInfo, gameKinds } from '../state.js';
import { onDialogChoice } from '../controls/dialogchoice.js';
import { playerName } from '../players/players.js';
import { attachGifOptions } from './gifdialog.js';
import { makeGif, gifSize, MAX_GIF_SIZE } from './gif.js';
import { movesWord } from '../records/movecount.js';
import { rangeProblem } from './gifline.js';

const FORMATS = ['png', 'svg', 'gif'];

const KEY = 'fairyboard.image'; // the last format and size chosen, for the next time

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}
function loadChoice() {
  try {
    const c = JSON.parse(store()?.getItem(KEY) || 'null');
    if (c && FORMATS.includes(c.format)) return { format: c.format, size: clampSize(c.size) };
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
 * The picture of the position the page shows (`parts`: { state, config, board, editor }), for
 * image.js: { view, theme, config, flipped, title (the game and its position text), file (a
 * file name without extension) }, or null when there is none (no game yet). While the
 * position editor is open, its position.
 */
function shotOf(parts) {
  const { state } = parts;
  if (parts.editor && parts.editor.active()) {
    const p = parts.editor.picture();
    if (!p.view.layout) return null;
    return {
      view: p.view,
      theme: readTheme(parts.board.canvas),
      config: parts.config,
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
    theme: readTheme(parts.board.canvas), // the colours the board has now (scheme and theme)
    config: parts.config,
    flipped: state.flipped,
    title: `${name}: ${game.positionText()}`,
    file: `fairyboard-${state.gameId}-${game.ply()}`,
  };
}

/**
 * What a GIF of the game the page shows (`parts` as shotOf's) is made from, for gif.js: the
 * game, the board's colours, side and settings, and the players' names; null before a game.
 */
function gifSourceOf(parts) {
  const { state } = parts;
  if (!state.game || !state.layout) return null;
  const canvas = parts.board.canvas;
  const cs = getComputedStyle(canvas);
  const body = getComputedStyle(canvas.ownerDocument.body);
  return {
    game: state.game,
    theme: readTheme(canvas),
    config: parts.config,
    flipped: state.flipped,
    hands: !!gameInfo(state).hands,
    kinds: gameKinds(state),
    background: cs.getPropertyValue('--bg').trim() || body.backgroundColor || '#ffffff',
    ink: cs.getPropertyValue('--fg').trim() || body.color || '#222222',
    players: { w: playerName(state.game, 'w'), b: playerName(state.game, 'b') },
    file: `fairyboard-${state.gameId}`,
  };
}

/**
 * Wires Save image over the page's `state`: `config`, `board` (its colours), `editor` (the
 * position editor: its position while it is open, and its own Save image button; null where
 * there is none), `ui` (messages), `embedded` (embed.html: no dialog; the embedding page's
 * toSVG, toPNG and toGIF are answered instead). Returns { open(button), gif(options) }.
 */
export function attachSaveImage(doc, state, { config, board, editor = null, ui, embedded = false }) {
  const parts = { state, config, board, editor };
  // While the editor is open the page's message line is hidden: its own note says instead.
  const editing = () => parts.editor && parts.editor.active();
  const app = {
    shown: () => shotOf(parts),
    tell: (t) => (editing() ? parts.editor.tell(t) : ui.tell(t)),
    say: (t) => (editing() ? parts.editor.tell(t) : ui.say(t)),
  };
  if (embedded) { answerImageRequests(globalThis, app.shown, () => gifSourceOf(parts)); return null; }
  const button = doc.getElementById('save-image');
  const dialog = doc.getElementById('image-dialog');
  if (!button || !dialog) return null;
  const form = dialog.querySelector('form');
  const size = form.elements.size;
  const preview = doc.getElementById('image-preview');
  const note = doc.getElementById('image-note');
  const gif = attachGifOptions(doc.getElementById('gif-options'), form);
  const gifRadio = form.querySelector('input[name="format"][value="gif"]');
  size.min = String(MIN_SIZE);
  size.max = String(MAX_SIZE);
  let shot = null;
  let previewUrl = null;

  /** The dimensions the form's size gives, said under the preview. */
  function describe() {
    if (!shot) return;
    const ok = size.checkValidity();
    const isGif = form.elements.format.value === 'gif';
    gif.show(isGif);
    // A GIF's file is taller than its board by the strip for the players and the moves.
    const { width, height } = isGif ? gifSize(shot.view.layout, Number(size.value), gif.options().names)
      : imageSize(shot.view.layout, size.value);
    const moves = isGif ? gif.moves() : 0;
    note.textContent = !ok ? `A size from ${MIN_SIZE} to ${MAX_SIZE} pixels.`
      : isGif ? `${width} × ${height} pixels (at most ${MAX_GIF_SIZE}): ${movesWord(moves)}, each animated as on the board, with the last move and the arrows.`
        : `${width} × ${height} pixels: the position shown, with its arrows and circles.`;
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
    // A GIF is of the game's moves: not while the position editor is open.
    const gameShown = !editing() && !!gifSourceOf(parts);
    if (gifRadio) gifRadio.disabled = !gameShown;
    gif.fill(gameShown ? parts.state.game : null);
    form.elements.format.value = c.format === 'gif' && !gameShown ? 'png' : c.format;
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
    const format = FORMATS.includes(form.elements.format.value) ? form.elements.format.value : 'png';
    const choice = { format, size: clampSize(size.value) };
    saveChoice(choice);
    if (format === 'gif') { await saveGif(choice.size); opener.focus(); return; }
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

  /** Makes the GIF the dialog chose, `px` on its longer side, and downloads it. */
  async function saveGif(px) {
    const src = gifSourceOf(parts);
    if (!src) return;
    const options = { ...gif.options(), size: Math.min(MAX_GIF_SIZE, px) };
    const name = `${src.file}.gif`;
    app.tell('Making the GIF…');
    try {
      const made = await makeGif(src, options, (done, total) => app.tell(`Making the GIF: frame ${done} of ${total}…`));
      download(doc, made.blob, name);
      const kb = Math.round(made.blob.size / 1024);
      app.tell(`Saved ${name} (${made.width} × ${made.height} pixels, ${made.frames.length} frames, ${kb} KB).`);
    } catch (e) {
      app.say(`The GIF could not be made: ${(e && e.message) || e}`);
    }
  }
  editor?.action('image', (from) => open(from)); // the editor's own Save image: its position
  return {
    open,
    /** Makes the GIF of the game for `options` (gif.js's makeGif): the test hook and the benchmark. */
    gif(options) {
      const src = gifSourceOf(parts);
      return src ? makeGif(src, options) : Promise.reject(new Error('No game on the board.'));
    },
  };
}

/**
 * On an embedded board: answers the embedding page's { fairyboard: 1, type: 'image', id,
 * format: 'svg' | 'png' | 'gif', size, options (a GIF's: line, from, to, speed, names) } with
 * { fairyboard: 1, type: 'image', id, svg (text) | png | gif (a Blob) | error }. Only the
 * frame's parent is answered.
 */
function answerImageRequests(win, shown, gifSource) {
  win.addEventListener('message', async (e) => {
    const d = e.data;
    if (!d || d.fairyboard !== 1 || d.type !== 'image') return;
    if (win.parent === win || e.source !== win.parent) return;
    const reply = (data) => e.source.postMessage({ fairyboard: 1, type: 'image', id: d.id, ...data }, e.origin === 'null' ? '*' : e.origin);
    try {
      const shot = shown();
      if (!shot) throw new Error('The board has no position to draw yet.');
      if (d.format === 'gif') {
        const src = gifSource();
        if (!src) throw new Error('The board has no game to animate yet.');
        const o = d.options && typeof d.options === 'object' ? d.options : {};
        const options = {
          line: ['main', 'shown', 'study'].includes(o.line) ? o.line : 'main',
          from: o.from ?? null, to: o.to ?? null, speed: o.speed, names: !!o.names, size: clampSize(d.size ?? 480),
        };
        const wrong = rangeProblem(src.game.tree(), options); // reversed or past the end: said, not one frame
        if (wrong) throw new Error(`No GIF: ${wrong}.`);
        reply({ gif: (await makeGif(src, options)).blob });
      } else if (d.format === 'png') reply({ png: await renderPng(shot, d.size ?? 800) });
      else reply({ svg: renderSvg(shot, d.size ?? 800) });
    } catch (err) {
      reply({ error: (err && err.message) || String(err) });
    }
  });
}
