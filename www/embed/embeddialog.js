// www/embed/: the board in other pages: its modes, puzzles and review, and the code that embeds it.
// The Embed dialog (issue 28): the code that shows what is on the board now in another page,
// a live preview of exactly that code, and Copy. What: this position (to play from, to
// explore, against the computer), this game replayed at the move shown, the study (the tree
// with its comments and shapes, as PGN) or a puzzle from here (the moves played after the
// move shown are its solution, judged by the engine first). How: the element or the iframe
// form, with orientation, coordinates, theme, size and label; for a game or a study, the
// review (review="on": its evaluation graph and marks, or a Review button). The code is what
// docs/embedding.md documents (embedcode.js writes it).

import { embedCode } from './embedcode.js';
import { today } from '../records/files.js';
import { THEMES } from '../settings/settings.js';
import { singleFile, siteBase, loadBoardScript } from './boardscript.js';
import { onDialogChoice } from '../controls/dialogchoice.js';
import { mainLineEvals } from '../movelist/evalgraph.js';
import { makeComputer } from '../engine/computer.js';
import { withGame, lessonGames, lessonCourse } from '../engine/engine.js';
import { judgePuzzle } from '../computer/puzzlecheck.js';

/** How long the preview's board may take to start before its code is taken back. */
const PREVIEW_MS = 30000;

/** Where the code points when this page has no address others can reach. */
const PLACEHOLDER = 'https://your.host/fairyboard/';

const WHAT = [
  ['play', 'This position, to play on from'],
  ['explore', 'This position, to try moves in'],
  ['computer', 'This position, against the computer'],
  ['replay', 'This game, replayed (at the move shown)'],
  ['study', 'This study: moves, variations, comments, arrows'],
  ['puzzle', 'A puzzle from here (the moves played after this one are its solution)'],
  ['lesson', 'A lesson of this game\'s course (Learn)'],
];

/**
 * What the dialog offers first for `game` (a GameHandle, or null for the editor's position),
 * as lichess embeds a game (issue 40): a game with moves whole (a finished game is rarely a
 * position to play on from), as the study when it has variations, with its review (the
 * graph and marks) where its moves carry evaluations; a position without moves, to play on
 * from. { what, review }.
 */
function firstChoice(game) {
  if (!game || !game.line().length) return { what: 'play', review: false };
  const tree = game.tree();
  const branched = tree.nodes.some((n) => n.children.length > 1);
  const evaluated = mainLineEvals(tree).filter((p) => p.win != null).length >= 2; // as the graph shows it
  return { what: branched ? 'study' : 'replay', review: evaluated };
}

/** The dialog's markup, built here so that there is one source for it. */
function dialogElement(doc) {
  const dialog = doc.createElement('dialog');
  dialog.id = 'embed-dialog';
  dialog.className = 'dialog embed-dialog';
  dialog.setAttribute('aria-labelledby', 'embed-title');
  const themes = Object.keys(THEMES).map((t) => `<option value="${t}">${t[0].toUpperCase()}${t.slice(1)}</option>`).join('');
  const what = WHAT.map(([v, text]) => `<option value="${v}">${text}</option>`).join('');
  const levels = [1, 2, 3, 4, 5, 6, 7, 8].map((l) => `<option value="${l}"${l === 3 ? ' selected' : ''}>${l}</option>`).join('');
  dialog.innerHTML = `
    <form method="dialog" class="dialog-form">
      <h2 id="embed-title">Embed this board</h2>
      <p id="embed-where" class="dialog-note" hidden></p>
      <div class="embed-options">
        <label>What <select id="embed-what" name="what">${what}</select></label>
        <label id="embed-review-row" class="embed-row" hidden><input type="checkbox" id="embed-review-on" name="review" value="on"> The review: evaluation graph and marks (?!, ?, ??), with a Review button if the game has none</label>
        <label id="embed-lesson-row" class="embed-row" hidden>Lesson <select id="embed-lesson" name="lesson"></select></label>
        <span id="embed-versus" class="embed-row" hidden>
          <label>Level <select id="embed-level" name="level">${levels}</select></label>
          <label>The reader plays <select id="embed-player" name="player"><option value="white">White</option><option value="black">Black</option></select></label>
        </span>
        <fieldset class="choices embed-row">
          <legend>Form</legend>
          <label><input type="radio" name="form" value="element" checked> Element (one script tag, then the board)</label>
          <label><input type="radio" name="form" value="iframe"> Iframe (where scripts are not allowed)</label>
        </fieldset>
        <span class="embed-row">
          <label>Orientation <select id="embed-orientation" name="orientation"><option value="white">White at the bottom</option><option value="black">Black at the bottom</option></select></label>
          <label>Coordinates <select id="embed-coordinates" name="coordinates"><option value="on">On</option><option value="off">Off</option></select></label>
          <label>Theme <select id="embed-theme" name="theme"><option value="">The reader's</option>${themes}</select></label>
        </span>
        <span class="embed-row">
          <label>Size <input type="number" id="embed-size" name="size" min="160" max="1200" step="1" value="384" inputmode="numeric" required> px</label>
          <label>Label <input type="text" id="embed-label" name="label" placeholder="for screen readers" autocomplete="off"></label>
        </span>
      </div>
      <label for="embed-code" class="embed-code-label">The code</label>
      <textarea id="embed-code" rows="5" readonly spellcheck="false"></textarea>
      <p id="embed-check" class="dialog-note" role="status"></p>
      <div class="dialog-buttons">
        <button type="button" id="embed-copy" class="primary">Copy</button>
        <button type="submit" value="close">Close</button>
      </div>
      <div id="embed-preview" class="embed-preview" aria-label="Preview: what readers will see"></div>
    </form>`;
  return dialog;
}

/**
 * Adds the Embed dialog to the page over its `state`: its button #embed-board (beside Copy
 * link) opens it for the game on the board, and the position editor's Embed button (`editor`,
 * null where there is none) for the editor's position. Returns { open(button, position) }.
 */
export function attachEmbedDialog(doc, state, { editor = null } = {}) {
  const dialog = dialogElement(doc);
  doc.body.append(dialog);
  const form = dialog.querySelector('form');
  const $ = (id) => doc.getElementById(id);
  const code = $('embed-code');
  const check = $('embed-check');
  const preview = $('embed-preview');
  const where = $('embed-where');
  let checker = null; // the computer that judges puzzles, started on the first puzzle
  let source = null; // what the dialog was opened for: { id, position, game (handle) | null }
  const verdicts = new Map(); // puzzle judgements by position and solution
  let shown = ''; // the code the preview shows
  let previewTimer = 0;
  let failed = null; // why the preview shown did not start, or null
  const copy = $('embed-copy');
  let opener = null;

  const local = () => singleFile(doc) || !/^https?:$/.test(location.protocol);
  const base = () => (local() ? String(globalThis.fairyboardPublicUrl || '') || PLACEHOLDER : siteBase());

  /** The attributes for the choices made, or { problem } when there is nothing to embed. */
  function attributes() {
    const f = form.elements;
    const what = f.what.value;
    const game = source.game;
    const a = { game: source.id };
    if (what === 'replay' || what === 'study') {
      if (what === 'replay') {
        a.mode = 'view';
        const start = game.startText();
        if (start !== source.startOfGame) a.position = start;
        const line = game.line();
        if (!line.length) return { problem: 'No moves to replay yet: play some, or choose "This position".' };
        // With the review the record goes as PGN: its evaluations and marks with it.
        if (f.review.checked) a.pgn = game.toPgn(today());
        else a.moves = line.join(' ');
        if (f.review.checked && a.position) delete a.position;
        a.ply = String(game.ply());
      } else {
        a.mode = 'view';
        a.pgn = game.toPgn(today());
      }
    } else if (what === 'lesson') {
      if (!f.lesson.value) return { problem: 'This game has no course of lessons yet.' };
      Object.assign(a, { mode: 'lesson', lesson: f.lesson.value });
    } else if (what === 'puzzle') {
      const solution = game.line().slice(game.ply());
      if (!solution.length) {
        return { problem: 'A puzzle needs its solution: play the moves on the board, then go back to the move the puzzle starts from.' };
      }
      Object.assign(a, { mode: 'puzzle', position: source.position, solution: solution.join(' ') });
    } else {
      a.mode = what === 'explore' ? 'explore' : 'play';
      if (source.position !== source.startOfGame) a.position = source.position;
      if (what === 'computer') Object.assign(a, { opponent: 'computer', level: f.level.value, player: f.player.value });
    }
    if ((what === 'replay' || what === 'study') && f.review.checked) a.review = 'on';
    if (f.orientation.value === 'black') a.orientation = 'black';
    if (f.coordinates.value === 'off') a.coordinates = 'off';
    if (f.theme.value) a.theme = f.theme.value;
    if (f.label.value.trim()) a.label = f.label.value.trim();
    return a;
  }

  /** Game `id`'s board for an iframe's height: { aspect (cells wide over high), hands }. */
  function boardShape(id) {
    const hands = !!state.games?.find((g) => g.id === id)?.hands;
    try {
      const layout = withGame(id, null, (h) => h.layout());
      return { aspect: layout.width / layout.height, hands };
    } catch {
      return { aspect: 1, hands };
    }
  }

  /** Writes the code for the choices, checks a puzzle, and shows the preview of that code. */
  async function update() {
    const f = form.elements;
    $('embed-versus').hidden = f.what.value !== 'computer';
    $('embed-lesson-row').hidden = f.what.value !== 'lesson';
    $('embed-review-row').hidden = !['replay', 'study'].includes(f.what.value);
    const a = attributes();
    const size = f.size.checkValidity() ? Number(f.size.value) : null;
    if (a.problem || !size) {
      code.value = '';
      check.textContent = a.problem || 'A size from 160 to 1200 pixels.';
      showPreview('');
      return;
    }
    if (a.mode === 'puzzle') {
      const verdict = await judged(a);
      if (!verdict) return; // cancelled, or the choices changed meanwhile
      if (!verdict.ok) {
        code.value = '';
        check.textContent = `No code for this puzzle: ${verdict.reason}`;
        showPreview('');
        return;
      }
      check.textContent = `A puzzle by the engine's judgement: ${verdict.reason}`;
    } else {
      check.textContent = local()
        ? ''
        : 'The preview below runs this code: readers see exactly this board.';
    }
    code.value = embedCode({ base: base(), form: f.form.value, attributes: a, size, shape: boardShape(a.game) });
    showPreview(local() ? '' : code.value);
  }

  /** The engine's judgement of the puzzle `a` (kept per puzzle), with its progress said. */
  async function judged(a) {
    const key = `${a.game} ${a.position} ${a.solution}`;
    if (verdicts.has(key)) return verdicts.get(key);
    const game = source.game;
    if (!checker) checker = makeComputer();
    code.value = '';
    showPreview('');
    const asked = form.elements.what.value;
    const verdict = await judgePuzzle(checker, {
      game: a.game,
      position: a.position,
      moves: game.legalMoves().map((m) => ({ text: m.text, name: m.name })),
      first: a.solution.split(' ')[0],
      onProgress: (done, total) => { check.textContent = `The engine checks the puzzle: move ${done} of ${total}…`; },
    }).catch((e) => ({ ok: false, reason: e.message || String(e) }));
    if (!verdict || !dialog.open || form.elements.what.value !== asked) return null;
    verdicts.set(key, verdict);
    return verdict;
  }

  /** Runs `html` (the code) in the preview box: the board readers will see. */
  function showPreview(html) {
    if (html === shown) {
      if (failed) withhold(failed); // the code written again is still one whose preview failed
      return;
    }
    shown = html;
    failed = null;
    preview.replaceChildren();
    clearTimeout(previewTimer);
    // Copy waits for the preview's board to start: no code is handed out for a board that does not.
    copy.disabled = !!html || !code.value;
    if (!html) return;
    loadBoardScript(doc);
    // The script tag is this page's already (loadBoardScript); the rest is the code itself.
    preview.insertAdjacentHTML('beforeend', html.replace(/^<script[^>]*><\/script>\n/, ''));
    previewTimer = setTimeout(() => previewDone(html, `it sent no word within ${PREVIEW_MS / 1000} s`), PREVIEW_MS);
  }

  /** The preview of `html` started (problem null) or could not: then its code is taken back, and why said. */
  function previewDone(html, problem) {
    if (html !== shown) return;
    clearTimeout(previewTimer);
    if (!problem) { copy.disabled = !code.value; return; }
    failed = problem;
    withhold(problem);
  }
  function withhold(problem) {
    code.value = '';
    copy.disabled = true;
    check.textContent = `No code: the preview board did not start, so readers would see nothing (${problem.replace(/\.$/, '')}).`;
  }
  /** The preview's frame: the iframe form's, or the element's in its shadow root. */
  const previewFrame = () => preview.querySelector('iframe') || preview.querySelector('fairyboard-board')?.shadowRoot?.querySelector('iframe');
  addEventListener('message', (e) => {
    const frame = previewFrame();
    if (!frame || e.source !== frame.contentWindow || !e.data || e.data.fairyboard !== 1 || e.data.type !== 'ready') return;
    previewDone(shown, (e.data.problems || []).includes('Could not start a game.') ? 'it could not start a game' : null);
  });
  preview.addEventListener('fairyboard-error', (e) => previewDone(shown, e.detail?.message || 'it could not start'));

  /** Opens the dialog for the game on the board, or for the editor's position (`position`). */
  function open(from, position = null) {
    const game = state.game;
    if (!game) return;
    opener = from;
    const info = state.games?.find((g) => g.id === (position ? position.id : state.gameId));
    source = position
      ? { id: position.id, position: position.text, game: null, startOfGame: info?.start }
      : { id: state.gameId, position: game.positionText(), game, startOfGame: info?.start };
    for (const option of form.elements.what.options) option.disabled = !source.game && !['play', 'explore', 'computer', 'lesson'].includes(option.value);
    // The lessons of the game's course (lessons/<game>.txt), if it has one.
    let lessons = [];
    try {
      lessons = lessonGames().includes(source.id) ? lessonCourse(source.id).lessons : [];
    } catch { /* no course: the choice says so */ }
    form.elements.lesson.replaceChildren(...lessons.map((l) => Object.assign(doc.createElement('option'), { value: l.id, textContent: l.title })));
    form.elements.what.querySelector('option[value="lesson"]').disabled = !lessons.length;
    const first = firstChoice(source.game);
    form.elements.what.value = first.what;
    form.elements.review.checked = first.review;
    form.elements.orientation.value = state.flipped ? 'black' : 'white';
    where.hidden = !local();
    where.textContent = local()
      ? `This page is opened from a file: the code points to ${base()}. Put fairyboard on a web host first (bash scripts/build.sh writes the folder dist/site/ to copy there; docs/embedding.md says how), then use that address; the preview shows there.`
      : '';
    shown = null;
    dialog.showModal();
    update();
  }

  form.addEventListener('input', () => update());
  form.addEventListener('change', () => update());
  $('embed-copy').addEventListener('click', async () => {
    if (!code.value) return;
    try {
      await navigator.clipboard.writeText(code.value);
      check.textContent = 'The code is copied: paste it into your page.';
    } catch {
      code.select();
      check.textContent = 'Copying is not allowed here: the code is selected, copy it with Ctrl+C.';
    }
  });
  onDialogChoice(dialog, () => {
    showPreview('');
    if (checker && checker.busy()) checker.cancel();
    opener?.focus();
  });

  // The button beside Copy link (share/share.js makes the row; this dialog is its own).
  const button = doc.createElement('button');
  Object.assign(button, { type: 'button', id: 'embed-board', textContent: 'Embed' });
  button.title = 'The HTML code that shows this board in another page, with a preview';
  button.setAttribute('aria-haspopup', 'dialog');
  button.addEventListener('click', () => open(button));
  $('copy-link')?.after(button);

  // The editor's Embed button: the code for the position edited.
  editor?.action('embed', (from) => {
    const p = editor.picture();
    if (p && p.text) open(from, { id: p.id, text: p.text });
  });
  return { open };
}
