// www/embed/: the board in other pages: its modes, puzzles and review, and the code that embeds it.
// Embedded boards: embed.html (the iframe URL, also what the <fairyboard-board> element shows)
// is the page's board in one of four modes, set up from its address:
//   play     play on from the given position and moves (Back takes back only new moves)
//   view     replay the given moves only (step with the buttons or the arrow keys)
//   explore  try moves freely; Reset goes back to the given position and moves
//   puzzle   find the moves of `solution` from the position (www/embed/puzzle.js): the board answers
//            with the opponent's moves, takes wrong ones back, says when it is solved
//   lesson   a lesson of the game's course (`lesson`, from task `task`; www/embed/lesson.js): its
//            tasks one after another, stars drawn, wrong moves explained, stars earned
// A study: `pgn` gives the game with its variations and comments (and the arrows and circles
// in them), shown from the start; in view mode each step shows its move's comment under the
// board and its arrows. `arrows` and `marks` draw on the position shown ("Ge2e4", "Yd4").
// Reads and checks the address (configFromQuery), applies colours (applyColours), sets the
// game up and puts it on the board through the controller (against the computer: opponent,
// level, player), and tells the embedding page (window.parent) about moves and the end of the
// game by postMessage, which www/fairyboard-board.js turns into DOM events (a move says who
// played it: the person, the computer or the puzzle). It follows the game by subscribing to
// its changes (the move counter, the jump buttons, a move played), holds the board's input
// while it must wait (blockWhile), and starts again for a rematch (restart).

import { THEMES, isTheme } from '../settings/settings.js'; // the page's colour themes, offered to embeds by name
import { makePuzzle } from './puzzle.js';
import { makeLesson, starText } from './lesson.js';
import { readShapeList, readShapes, writeShapes } from '../records/shapes.js';
import { gameInfo, subscribe, SHOWN } from '../state.js';
import { games, withGame, openPgn, newGame, newPracticeGame, errorText } from '../engine/engine.js';

export const MODES = ['play', 'view', 'explore', 'puzzle', 'lesson'];
/** A lesson's frame this wide or wider has its panel beside the board, which takes this share of the width (embed.css). */
const LESSON_SIDE = '(min-width: 640px)';
const LESSON_BOARD = 0.58;
/** The person's colours an embedded board against the computer takes (`player`). */
export const PLAYERS = ['white', 'black', 'random'];

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
 * embed.html's parameters from its address `loc`: the query's, then the fragment's over them
 * (<fairyboard-board> and the Embed dialog's iframe code put the records there: a fragment is
 * not sent to the server, so it may be long; an older code's short query still works).
 */
export function addressParams(loc) {
  const params = new URLSearchParams(loc.search);
  for (const [name, value] of new URLSearchParams(String(loc.hash || '').replace(/^#/, ''))) params.set(name, value);
  return params;
}

/**
 * Board config (for globalThis.fairyboardConfig, see config.js) from embed.html's parameters
 * (addressParams, or a query string): game, position, moves, mode, orientation, ply, coordinates, theme, opponent (human |
 * computer), level (1-8), player (white | black | random), review (on | off), and the colours of
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
    problems.push(`Unknown mode "${mode}" (use play, view, explore, puzzle or lesson): playing instead.`);
    config.mode = 'play';
  }

  const orientation = (q.get('orientation') || 'white').trim().toLowerCase();
  if (orientation === 'white' || orientation === 'black') config.flipped = orientation === 'black';
  else problems.push(`Unknown orientation "${orientation}" (use white or black): White at the bottom instead.`);

  config.position = q.get('position') || '';
  config.moves = q.get('moves') || '';
  const ply = q.get('ply');
  if (ply !== null && ply.trim() !== '') {
    if (config.mode === 'puzzle') problems.push('A puzzle starts after all the moves given: ply is not used.');
    else if (/^\d+$/.test(ply.trim())) config.ply = Number(ply.trim());
    else problems.push(`The ply "${ply}" is not a number of moves: showing all the moves.`);
  }
  // The puzzle's moves from the position (both sides'), checked when the game is set up.
  config.pgn = q.get('pgn') || '';
  if (config.pgn.trim() && (q.get('moves') || q.get('position'))) {
    problems.push('pgn gives the game: position and moves are not used with it.');
  }
  config.arrows = q.get('arrows') || '';
  config.marks = q.get('marks') || '';
  // review="on": the evaluation graph and the judged moves of a game or study (embedreview.js).
  const review = (q.get('review') || '').trim().toLowerCase();
  config.review = false;
  if (review === 'on' && config.mode === 'puzzle') problems.push('review="on" shows a game or a study, not a puzzle.');
  else if (review === 'on') config.review = true;
  else if (review && review !== 'off') problems.push(`review="${q.get('review')}": use on or off.`);
  // A lesson: its id in the game's course, and the task to start at (from 1).
  config.lesson = (q.get('lesson') || '').trim().toLowerCase();
  const task = (q.get('task') || '').trim();
  if (config.mode !== 'lesson' && (config.lesson || task)) problems.push('lesson and task are used only in lesson mode (mode="lesson").');
  else if (task && /^\d+$/.test(task)) config.task = Number(task);
  else if (task) problems.push(`The task "${task}" is not a number: starting at the lesson's first task.`);
  config.solution = q.get('solution') || '';
  if (config.solution.trim() && config.mode !== 'puzzle') {
    problems.push('solution is used only in puzzle mode (mode="puzzle").');
  }

  // A named colour theme of the page's Settings (settings.js); colours given one by one win over it.
  const theme = (q.get('theme') || '').trim().toLowerCase();
  if (theme && isTheme(theme)) config.theme = theme;
  else if (theme) problems.push(`Unknown theme "${theme}" (use ${Object.keys(THEMES).join(', ')}): the default colours instead.`);

  const coordinates = q.get('coordinates');
  if (coordinates !== null) {
    if (/^(on|off)$/i.test(coordinates.trim())) config.showCoordinates = /^on$/i.test(coordinates.trim());
    else problems.push(`coordinates="${coordinates}": use on or off.`);
  }

  const opponent = (q.get('opponent') || 'human').trim().toLowerCase();
  config.opponent = 'human';
  if (opponent === 'computer' && config.mode === 'view') {
    problems.push('opponent="computer" plays only in play or explore mode; this board replays moves.');
  } else if (opponent === 'computer' && config.mode === 'lesson') {
    problems.push('opponent="computer" plays only in play or explore mode; a lesson\'s tasks answer as they are written.');
  } else if (opponent === 'computer' && config.mode === 'puzzle') {
    problems.push('opponent="computer" plays only in play or explore mode; a puzzle answers with its solution.');
  } else if (opponent === 'computer' || opponent === 'human') config.opponent = opponent;
  else problems.push(`Unknown opponent "${opponent}" (use computer or human): two people play instead.`);

  const level = q.get('level');
  config.level = 3;
  if (level !== null && level.trim() !== '') {
    if (/^[1-8]$/.test(level.trim())) config.level = Number(level.trim());
    else problems.push(`The level "${level}" is not a level from 1 to 8: level 3 instead.`);
  }

  const player = (q.get('player') || 'white').trim().toLowerCase();
  config.player = 'white';
  if (PLAYERS.includes(player)) config.player = player;
  else problems.push(`Unknown player "${player}" (use white, black or random): you play White instead.`);

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

/** Whether `config` (config.js) is an embedded board's (embed.html's mode): the page's profile. */
export const isEmbedded = (config) => MODES.includes(config.mode);

/**
 * The embedded board for `config` (configFromQuery's) over the page's `state`: `controller`
 * (game/controller.js: the game set up goes on the board, and every move, step and take-back
 * goes through it), `ui` (messages), `input` (input/boardinput.js: held while the board must
 * wait). Returns { mode, start(), restart(choice), problems() }.
 */
export function makeEmbedMode(config, state, { controller, ui, input }, doc = document) {
  const api = { say: (text) => ui.say(text) };
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
  // How the board is played (the game set up goes on the board with it): two people, or the person
  // against the computer, with the person's side drawn once for player="random".
  const randomSide = () => (Math.random() < 0.5 ? 'w' : 'b');
  const firstSide = config.player === 'black' ? 'b' : config.player === 'random' ? randomSide() : 'w';
  let choice = config.opponent === 'computer'
    ? { opponent: 'computer', color: firstSide, side: firstSide, level: config.level || 3 }
    : { opponent: 'human', color: 'w', side: 'w', level: config.level || 3 };
  const computerSide = () => (choice.opponent === 'computer' ? (choice.side === 'w' ? 'b' : 'w') : null);
  const puzzle = mode === 'puzzle' ? makePuzzle({
    game: () => state.game,
    changed: () => changed(),
    play: (text) => controller.play(text) || null, // the board's own path: animated, said, judged
    takeBack,
    say: (text) => api.say(text),
    update: () => puzzleUi(),
    post,
  }) : null;
  const lesson = mode === 'lesson' ? makeLesson({
    game: () => state.game,
    show: (position, side) => {
      const id = state.gameId;
      let g = null;
      try {
        g = newPracticeGame(id, position); // a lone king standing by is no draw in a task
      } catch (e) {
        api.say(errorText(e));
        return;
      }
      const layout = g.layout();
      aspect = layout && layout.height ? layout.width / layout.height : 1;
      if (controller.newGame(id, null, g, choice)) controller.setFlipped(side === 'b');
      postSize();
    },
    play: (text) => controller.play(text) || null,
    takeBack,
    changed: () => changed(),
    cellName: (cell) => controller.cellName(cell),
    post,
  }) : null;

  function showProblems() {
    if (!problemsBox) return;
    problemsBox.textContent = problems.join(' ');
    problemsBox.hidden = problems.length === 0;
  }

  /** A puzzle's status line (its prompt, a hint, solved) and its Hint and Solution buttons. */
  function puzzleUi() {
    if (!puzzle) return;
    const status = $('status');
    const text = puzzle.status();
    if (status && text) {
      status.textContent = text;
      status.dataset.kind = puzzle.solved ? 'result' : '';
    }
    if ($('puzzle-hint')) $('puzzle-hint').disabled = !puzzle.canHint();
    if ($('puzzle-solution')) $('puzzle-solution').disabled = !puzzle.active || puzzle.solved || puzzle.shown;
  }

  /** A lesson's panel (its task, stars, hint and words), its buttons, and its stars on the board. */
  function lessonUi() {
    if (!lesson) return;
    const v = lesson.view();
    const box = $('lesson');
    if (!box) return;
    box.hidden = !v;
    if (!v) return;
    $('lesson-title').textContent = v.title;
    $('lesson-intro').replaceChildren(...v.intro.map((t) => Object.assign(doc.createElement('p'), { textContent: t })));
    $('lesson-task').textContent = `Task ${v.task} of ${v.of}: ${v.say}`;
    $('lesson-progress').textContent = `Moves: ${v.played} (fewest ${v.fewest})`;
    $('lesson-earned').textContent = v.earned.map((n) => (n ? starText(n) : '☆☆☆')).join(' ') || '';
    const said = [...v.hints.map((h) => `Hint: ${h}`), v.wrong, v.words].filter(Boolean).join(' ');
    const words = $('lesson-words');
    words.textContent = said;
    words.dataset.kind = v.wrong ? 'wrong' : v.status === 'going' ? '' : 'done';
    $('lesson-hint').disabled = !v.canHint;
    $('lesson-next').hidden = !v.canNext;
    box.dataset.status = v.status;
    box.dataset.busy = v.busy ? 'true' : 'false';
    // The stars still to collect, on the board.
    const cells = (state.layout && state.layout.cells) || [];
    const byName = new Map(cells.filter(Boolean).map((c) => [c.name, c.sq]));
    state.view.stars = v.stars.map((n) => byName.get(n)).filter((sq) => sq != null);
    state.view.playing = v.pieces.map((n) => byName.get(n)).filter((sq) => sq != null);
    const status = $('status');
    if (status) {
      status.textContent = v.status === 'going' ? `Task ${v.task} of ${v.of}` : v.status === 'done' ? 'Task done!' : 'Lesson complete!';
      status.dataset.kind = v.status === 'going' ? '' : 'result';
    }
  }

  /**
   * A puzzle's wrong move (game-tree node `node`) taken back: through the board's Back when
   * it is the position shown (animated), then deleted so that Forward does not bring it back.
   */
  function takeBack(node) {
    const game = state.game;
    if (!game || node == null) return;
    const undo = $('undo');
    const viaBack = game.currentNode() === node && undo && !undo.disabled;
    if (viaBack) undo.click(); // animated, as the reader's own Back
    controller.edit((g) => {
      if (!viaBack && g.currentNode() === node) g.undo();
      try {
        g.deleteNode(node);
      } catch {
        // already gone (a reset)
      }
    }, 'step');
  }

  /** The arrows and marks attributes, drawn on the position shown (kept in its comment). */
  function addShapes(game) {
    if (!(config.arrows || config.marks)) return;
    const given = readShapeList(config.arrows, config.marks);
    const names = new Set((game.layout().cells || []).filter(Boolean).map((c) => c.name));
    if (gameInfo(state, game.gameId()).hands) names.add('P@').add('p@'); // arrows from a hand (shapes.js)
    const onBoard = (n) => names.has(n);
    const bad = [...given.bad,
      ...given.arrows.filter((a) => !onBoard(a.from) || !onBoard(a.to)).map((a) => `${a.colour}${a.from}${a.to}`),
      ...given.marks.filter((m) => !onBoard(m.at)).map((m) => `${m.colour}${m.at}`)];
    if (bad.length) problems.push(`Arrows and marks not drawn: ${bad.join(', ')} (write them as Ge2e4 and Yd4: G, R, B or Y, then cells of this board).`);
    try {
      const id = game.currentNode();
      const s = readShapes(game.comment(id));
      const arrows = [...s.arrows, ...given.arrows.filter((a) => onBoard(a.from) && onBoard(a.to))];
      const marks = [...s.marks, ...given.marks.filter((m) => onBoard(m.at))];
      game.setComment(id, writeShapes(s.text, arrows, marks, s.commands));
    } catch (e) {
      problems.push(`Arrows and marks not drawn: ${e.message || e}`);
    }
  }

  /**
   * The game as the address gives it: position, then the longest legal prefix of the moves,
   * the ply shown, the puzzle's solution and the shapes, all set up before it goes on the
   * board (through the controller, played as `choice` says).
   */
  function setUp() {
    problems = [...(config.embedProblems || [])];
    const ids = games().map((g) => g.id);
    let id = config.gameId;
    if (!ids.includes(id)) {
      problems.push(`Unknown game "${id}" (the games are ${ids.join(', ')}): showing ${ids[0]}.`);
      id = ids[0];
    }
    if (lesson) {
      // The lesson puts each task's position on the board itself (lesson.js).
      state.gameId = id;
      problems.push(...lesson.load(id, config.lesson, config.task));
      showProblems();
      postSize();
      return lesson.active;
    }
    let position = (config.position || '').trim();
    if (position) {
      try {
        withGame(id, position, () => {});
      } catch (e) {
        problems.push(`The position "${position}" cannot be read: ${e.message || e}. Starting from the usual start instead.`);
        position = '';
      }
    }
    // A study given as PGN: its game tree, comments and drawn arrows, shown from the start.
    let study = null;
    if ((config.pgn || '').trim()) {
      try {
        const opened = openPgn(config.pgn);
        if (opened.problem) problems.push(`The PGN game: ${opened.problem}; showing the moves before it.`);
        study = opened.handle;
        id = study.gameId();
        study.goTo(0);
      } catch (e) {
        problems.push(`The PGN game cannot be read: ${e.message || e}. Showing the position instead.`);
      }
    }
    let game = study;
    if (!game) {
      try {
        game = newGame(id, position || undefined);
      } catch (e) {
        api.say(errorText(e));
        return false;
      }
    }
    const texts = study ? [] : splitMoves(config.moves);
    // A study's moves are its main line (ply counts along it).
    let played = study ? game.line().length : 0;
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
    floor = mode === 'play' || mode === 'puzzle' ? game.ply() : 0;
    if (puzzle) problems.push(...puzzle.load(game, splitMoves(config.solution)));
    addShapes(game);
    const layout = game.layout();
    aspect = layout && layout.height ? layout.width / layout.height : 1;
    // On the board: the computer starts when it is its turn after the moves given.
    if (!controller.newGame(id, null, game, choice)) return false;
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
    // A lesson in a wide frame has its panel beside the board (embed.css): the taller of the two.
    const side = lesson && globalThis.matchMedia(LESSON_SIDE).matches;
    const board = (side ? LESSON_BOARD : 1) * globalThis.innerWidth / aspect + beside;
    post('size', { height: Math.ceil(side ? Math.max(board, below) : board + below) });
  }

  /** The game changed here (a puzzle's step): through the controller's one place. */
  function changed() {
    controller.changed('step');
  }

  function goTo(ply) {
    const game = state.game;
    if (!game || !$('picker')?.hidden) return; // a choice is open: finish or cancel it first
    controller.edit((g) => g.goTo(ply), 'step');
  }

  const click = (id) => { const b = $(id); if (b && !b.disabled) b.click(); };
  $('first')?.addEventListener('click', () => goTo(0));
  $('last')?.addEventListener('click', () => { const g = state.game; if (g) goTo(g.line().length); });
  $('reset')?.addEventListener('click', () => {
    if (lesson) lesson.restart();
    else if (state.game) setUp();
  });
  if (lesson) {
    $('reset').textContent = 'Start again';
    $('reset').title = 'This task again from its start';
    $('lesson-hint')?.addEventListener('click', () => lesson.hint());
    $('lesson-next')?.addEventListener('click', () => {
      lesson.next();
      $('board')?.focus(); // the next task is played where the last one was
    });
    if ($('message')) $('message').style.pointerEvents = 'none';
  }
  if (puzzle) {
    // Hint and Solution; the jump buttons stay hidden (Back and Forward step through the moves).
    for (const id of ['puzzle-hint', 'puzzle-solution']) { if ($(id)) $(id).hidden = false; }
    for (const id of ['first', 'last']) { if ($(id)) $(id).hidden = true; }
    $('puzzle-hint')?.addEventListener('click', () => puzzle.hint());
    // The short message lies over the foot of the board: clicks go through it to the squares.
    if ($('message')) $('message').style.pointerEvents = 'none';
    $('puzzle-solution')?.addEventListener('click', () => puzzle.show());
    $('board')?.addEventListener('pointerdown', () => {
      const why = state.game && puzzle.whyBlocked();
      if (why) api.say(why);
    });
  }
  if (mode === 'view') {
    // The view board replays: arrow keys step, pieces do not move.
    doc.addEventListener('keydown', (e) => {
      const step = { ArrowLeft: 'undo', ArrowRight: 'redo', Home: 'first', End: 'last' }[e.key];
      if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      click(step);
    });
    $('board')?.addEventListener('pointerdown', () => {
      if (state.game) api.say('This board replays moves only: step with the buttons or the arrow keys.');
    });
  }
  const sizer = new ResizeObserver(() => postSize());
  for (const el of [doc.body, ...doc.body.children]) sizer.observe(el);

  /**
   * Input on the board is ignored in view mode, while it is the computer's turn in the
   * position shown (its pieces are its own to move), and in a puzzle while the board
   * answers, after the end, and away from the last position.
   */
  function blocked() {
    if (mode === 'view') return true;
    if (puzzle && puzzle.blocked()) return true;
    if (lesson && lesson.blocked()) return true;
    const game = state.game;
    const side = computerSide();
    return !!(side && game && !game.outcome() && game.sideToMove() === side);
  }
  input.blockWhile(blocked);

  /**
   * A move was played (by the person on the board, or by the computer at the end of the
   * line, maybe while an earlier position is shown): tell the embedding page who played it,
   * the position after it, and the result if it ended the game.
   */
  function played(move) {
    const game = state.game;
    if (!game || !move) return;
    const shown = game.ply();
    const end = game.line().length;
    let position;
    let outcome;
    let mover;
    try {
      if (shown !== end) game.goTo(end);
      position = game.positionText();
      outcome = game.outcome();
      game.goTo(end - 1);
      mover = game.sideToMove();
    } finally {
      game.goTo(shown);
    }
    const own = puzzle && puzzle.active && puzzle.replying;
    const by = own ? 'puzzle' : lesson && lesson.replying ? 'lesson' : computerSide() && mover === computerSide() ? 'computer' : 'person';
    post('move', { move: move.text, position, ply: end, game: game.gameId(), by });
    if (outcome) {
      post('end', { result: outcome.result, winner: outcome.winner, reason: outcome.reason, text: outcome.text });
    }
    if (puzzle) puzzle.played(move); // judged, answered or taken back
    if (lesson) { lesson.played(move); lessonUi(); } // judged, answered, or explained and taken back
  }

  /** The board was drawn from the game: the move counter and the jump buttons. */
  function shown() {
    const game = state.game;
    if (!game) return;
    const ply = game.ply();
    const total = game.line().length;
    if (plyLabel) plyLabel.textContent = total ? `${ply}/${total}` : '';
    if ($('first')) $('first').disabled = ply === 0;
    if ($('undo') && ply <= floor) $('undo').disabled = true;
    if ($('last')) $('last').disabled = ply >= total;
    puzzleUi();
    lessonUi();
  }

  // After every change: the counter and the buttons; a move added is told to the embedding page.
  subscribe(state, SHOWN, (change) => {
    shown();
    if (change.played) played(change.played);
  });

  return {
    mode,
    /** Starts the game from the address; false if no game could start at all. */
    start() {
      const ok = setUp();
      // Said once main.js has drawn the board and marked itself ready (after this call).
      queueMicrotask(() => {
        const game = state.game;
        if (ok && game) {
          const v = lesson && lesson.view();
          const extra = puzzle && puzzle.active ? { puzzle: { solver: puzzle.solver, moves: puzzle.moves.length } }
            : v ? { lesson: { id: v.lesson, title: v.title, tasks: v.of, task: v.task } } : {};
          post('ready', {
            game: game.gameId(), mode, position: game.positionText(), ply: game.ply(), problems: [...problems], ...extra,
          });
        } else post('ready', { mode, problems: [...problems, 'Could not start a game.'] });
      });
      return ok;
    },
    /** What the board could not use from its address, in words. */
    problems: () => [...problems],
    /** Starts again from the position and moves given, played as `next` says (a rematch). */
    restart(next) {
      if (next) choice = { ...choice, ...next };
      if (state.game) setUp();
    },
  };
}
