// Embedded boards: embed.html (the iframe URL, also what the <fairyboard-board> element shows)
// is the page's board in one of three modes, set up from its address:
//   play     play on from the given position and moves (Back takes back only new moves)
//   view     replay the given moves only (step with the buttons or the arrow keys)
//   explore  try moves freely; Reset goes back to the given position and moves
// Reads and checks the address (configFromQuery), applies colours (applyColours), starts the
// game, and tells the embedding page (window.parent) about moves and the end of the game by
// postMessage, which www/fairyboard-board.js turns into DOM events. main.js calls in at four
// places: start, input blocked, a move played, the board refreshed.

export const MODES = ['play', 'view', 'explore'];

/**
 * Colour parameters of the address (and, as `--fairyboard-<name>`, CSS custom properties of
 * the <fairyboard-board> element) and the custom property of style.css each one sets.
 */
export const COLOUR_PARAMS = Object.freeze({
  'light-square': '--square-light',
  'dark-square': '--square-dark',
  highlight: '--last-move',
  selected: '--selected',
  destination: '--dest',
  check: '--check',
  background: '--bg',
  text: '--fg',
});

/** Move texts from a list separated by spaces, dots or commas; move numbers ("1.") dropped. */
export function splitMoves(text) {
  return String(text || '').split(/[\s.,;]+/).filter((t) => t && !/^\d+$/.test(t));
}

/**
 * Board config (for globalThis.fairyboardConfig, see config.js) from embed.html's query
 * string: game, position, moves, mode, orientation, ply, coordinates, and the colours of
 * COLOUR_PARAMS (returned apart as `colours`: custom property -> value). What cannot be
 * used is listed in `embedProblems` and left at its default.
 */
export function configFromQuery(search) {
  const q = new URLSearchParams(search);
  const problems = [];
  const config = { embedProblems: problems, gameId: (q.get('game') || 'orthodox').trim().toLowerCase() };

  const mode = (q.get('mode') || 'play').trim().toLowerCase();
  if (MODES.includes(mode)) config.mode = mode;
  else {
    problems.push(`Unknown mode "${mode}" (use play, view or explore): playing instead.`);
    config.mode = 'play';
  }

  const orientation = (q.get('orientation') || 'white').trim().toLowerCase();
  if (orientation === 'white' || orientation === 'black') config.flipped = orientation === 'black';
  else problems.push(`Unknown orientation "${orientation}" (use white or black): White at the bottom instead.`);

  config.position = q.get('position') || '';
  config.moves = q.get('moves') || '';
  const ply = q.get('ply');
  if (ply !== null && ply.trim() !== '') {
    if (/^\d+$/.test(ply.trim())) config.ply = Number(ply.trim());
    else problems.push(`The ply "${ply}" is not a number of moves: showing all the moves.`);
  }

  const coordinates = q.get('coordinates');
  if (coordinates !== null) {
    if (/^(on|off)$/i.test(coordinates.trim())) config.showCoordinates = /^on$/i.test(coordinates.trim());
    else problems.push(`coordinates="${coordinates}": use on or off.`);
  }

  const colours = {};
  for (const [name, prop] of Object.entries(COLOUR_PARAMS)) {
    const value = q.get(name);
    if (value === null || value.trim() === '') continue;
    if (globalThis.CSS && CSS.supports('color', value.trim())) colours[prop] = value.trim();
    else problems.push(`${name}="${value}" is not a CSS colour: the default is used.`);
  }
  return { config, colours };
}

/** Sets the colours (custom property -> value) on the page root, over both colour schemes. */
export function applyColours(colours, root = document.documentElement) {
  for (const [prop, value] of Object.entries(colours)) root.style.setProperty(prop, value);
}

/** Sends one message to the embedding page (nothing when the board is not in a frame). */
function post(type, data) {
  if (globalThis.parent && globalThis.parent !== globalThis) {
    globalThis.parent.postMessage({ fairyboard: 1, type, ...data }, '*');
  }
}

const INERT = Object.freeze({
  active: false, start: () => false, blocked: () => false, played() {}, shown() {},
});

/**
 * The embed mode for `config` (inert on the full page, where config.mode is ''). `api` gives
 * main.js's engine and game: engine(), game(), newGame(id, position) -> bool, refresh(),
 * say(text).
 */
export function makeEmbedMode(config, api, doc = document) {
  if (!MODES.includes(config.mode)) return INERT;
  const mode = config.mode;
  const root = doc.documentElement;
  root.dataset.mode = mode;
  const $ = (id) => doc.getElementById(id);
  const problemsBox = $('embed-problems');
  const plyLabel = $('embed-ply');
  let problems = [...(config.embedProblems || [])];
  let aspect = 1;
  // In play mode the moves given are the game so far: Back takes back only moves played here.
  let floor = 0;

  function showProblems() {
    if (!problemsBox) return;
    problemsBox.textContent = problems.join(' ');
    problemsBox.hidden = problems.length === 0;
  }

  /** The game as the address gives it: position, then the longest legal prefix of the moves. */
  function setUp() {
    const engine = api.engine();
    problems = [...(config.embedProblems || [])];
    const ids = engine.games().map((g) => g.id);
    let id = config.gameId;
    if (!ids.includes(id)) {
      problems.push(`Unknown game "${id}" (the games are ${ids.join(', ')}): showing ${ids[0]}.`);
      id = ids[0];
    }
    let position = (config.position || '').trim();
    if (position) {
      try {
        new engine.GameHandle(id, position).free();
      } catch (e) {
        problems.push(`The position "${position}" cannot be read: ${e.message || e}. Starting from the usual start instead.`);
        position = '';
      }
    }
    if (!api.newGame(id, position || undefined)) return false;
    const game = api.game();
    const texts = splitMoves(config.moves);
    let played = 0;
    for (const text of texts) {
      try {
        game.play(text);
        played += 1;
      } catch (e) {
        const kept = played === 1 ? 'the move before it' : `the ${played} moves before it`;
        problems.push(`Move ${played + 1}, "${text}", cannot be played: ${e.message || e}. Showing ${played ? kept : 'the position'} only.`);
        break;
      }
    }
    if (config.ply != null) {
      if (config.ply <= played) game.goTo(config.ply);
      else problems.push(`There are only ${played} moves, so ply ${config.ply} shows the last position.`);
    }
    floor = mode === 'play' ? game.ply() : 0;
    const layout = game.layout();
    aspect = layout && layout.height ? layout.width / layout.height : 1;
    api.refresh();
    showProblems();
    postSize();
    return true;
  }

  // The height the frame needs to show the board at its full width with the controls below
  // (the <fairyboard-board> element sizes its iframe by it).
  function postSize() {
    const height = (el) => el.getBoundingClientRect().height;
    const canvas = $('board');
    const wrap = canvas && canvas.parentElement;
    // Beside the canvas in the flow (pawns in hand), and everything below the board.
    const beside = wrap ? [...wrap.children]
      .filter((el) => el !== canvas && getComputedStyle(el).position === 'static')
      .reduce((sum, el) => sum + height(el), 0) : 0;
    const below = [...doc.body.children]
      .filter((el) => el !== wrap)
      .reduce((sum, el) => sum + height(el), 0);
    post('size', { height: Math.ceil(globalThis.innerWidth / aspect + beside + below) });
  }

  function goTo(ply) {
    const game = api.game();
    if (!game || !$('picker')?.hidden) return; // a choice is open: finish or cancel it first
    try {
      game.goTo(ply);
    } catch (e) {
      api.say(e.message || String(e));
    }
    api.refresh();
  }

  const click = (id) => { const b = $(id); if (b && !b.disabled) b.click(); };
  $('first')?.addEventListener('click', () => goTo(0));
  $('last')?.addEventListener('click', () => { const g = api.game(); if (g) goTo(g.line().length); });
  $('reset')?.addEventListener('click', () => { if (api.game()) setUp(); });
  if (mode === 'view') {
    // The view board replays: arrow keys step, pieces do not move.
    doc.addEventListener('keydown', (e) => {
      const step = { ArrowLeft: 'undo', ArrowRight: 'redo', Home: 'first', End: 'last' }[e.key];
      if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      click(step);
    });
    $('board')?.addEventListener('pointerdown', () => {
      if (api.game()) api.say('This board replays moves only: step with the buttons or the arrow keys.');
    });
  }
  const sizer = new ResizeObserver(() => postSize());
  for (const el of [doc.body, ...doc.body.children]) sizer.observe(el);

  return {
    active: true,
    mode,
    /** Starts the game from the address; false if no game could start at all. */
    start() {
      const ok = setUp();
      // Said once main.js has drawn the board and marked itself ready (after this call).
      queueMicrotask(() => {
        const game = api.game();
        if (ok && game) {
          post('ready', {
            game: game.gameId(), mode, position: game.positionText(), ply: game.ply(), problems: [...problems],
          });
        } else post('ready', { mode, problems: [...problems, 'Could not start a game.'] });
      });
      if (globalThis.fairyboard) {
        globalThis.fairyboard.embed = { mode, get problems() { return [...problems]; } };
      }
      return ok;
    },
    /** Input on the board is ignored in view mode. */
    blocked: () => mode === 'view',
    /** A move was played on the board: tell the embedding page, and the result if it ended. */
    played(move) {
      const game = api.game();
      if (!game || !move) return;
      post('move', { move: move.text, position: game.positionText(), ply: game.ply(), game: game.gameId() });
      const outcome = game.outcome();
      if (outcome) {
        post('end', { result: outcome.result, winner: outcome.winner, reason: outcome.reason, text: outcome.text });
      }
    },
    /** The board was redrawn from the game: the move counter and the jump buttons. */
    shown() {
      const game = api.game();
      if (!game) return;
      const ply = game.ply();
      const total = game.line().length;
      if (plyLabel) plyLabel.textContent = total ? `${ply}/${total}` : '';
      if ($('first')) $('first').disabled = ply === 0;
      if ($('undo') && ply <= floor) $('undo').disabled = true;
      if ($('last')) $('last').disabled = ply >= total;
    },
  };
}
