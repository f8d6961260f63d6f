// The page's hook for tests and the console (globalThis.fairyboard): what the board shows, in
// cell names, and a few ways to drive it that the browser tests use besides real input.

import { overlayList } from './board/overlays.js';
import { handStart } from './records/shapes.js';
import { storageKey, asideKey } from './records/storage.js';
import { games } from './engine/engine.js';
import { computerSide } from './game/playing.js';

/**
 * The hook over the page's parts, as main.js mounted them: { state, config, board, controller,
 * ui, editor, saveImage, share, versus, sounds, speech, material, legend, computer, start }
 * (a part the page has not mounted is null).
 */
export function makeTestHook(parts) {
  const { state, config, board, controller } = parts;
  return {
    ready: false,
    /** The last board painted: { at (performance.now()), dests (destinations drawn) }. */
    lastPaint() { return board.lastPaint(); },
    get game() { return state.game; },
    /** A piece's drawn size over its cell's (config.pieceScale). */
    get pieceScale() { return config.pieceScale; },
    /** Client (viewport) CSS pixel coordinates of the centre of the square named `name`. */
    squareCenter(name) {
      const shown = board.shownLayout();
      const cell = shown && shown.cells.find((c) => c.name === name);
      if (!cell) throw new Error(`no square named ${name}`);
      const r = board.canvas.getBoundingClientRect();
      const c = board.geometry().center(cell.sq);
      return { x: r.left + c.x, y: r.top + c.y };
    },
    positionText() { return state.game ? state.game.positionText() : null; },
    /** The name of the square under the keyboard cursor, or null. */
    cursorName() { return state.view.cursor == null ? null : controller.cellName(state.view.cursor); },
    /**
     * Starts game `id` from position text (or its start): true if the engine took it, else
     * false with the engine's message shown, the current game kept.
     */
    start(id, position) { return controller.newGame(id, position); },
    /** Names of the cells marked as 4-D neighbours of the hovered or cursor cell. */
    markedNeighbours() { return (state.view.neighbours || []).map(controller.cellName); },
    /** Names of the squares shown as destinations (a picked piece's, or a picked hand's drops). */
    destinationNames() { return (state.view.dests || []).map(controller.cellName); },
    /** Position editor: { id, text, verdict (null = playable), tool, cursor } or null when not editing. */
    editor() { return parts.editor && parts.editor.active() ? parts.editor.state() : null; },
    // Animations: what was played ({text, kinds, effects, direction, ms, frames, intervals,
    // drawMs, ended}), whether one runs now, and a move played by text through the board's own path.
    animations() { return board.animator.log.map((e) => ({ ...e, kinds: [...e.kinds], effects: [...e.effects], intervals: [...e.intervals], drawMs: [...e.drawMs] })); },
    animating() { return board.animator.running(); },
    play(text) { return state.game ? controller.play(text) : null; },
    /**
     * A GIF of the game (gif.js's options; `fullFrames`: every frame drawn whole): its size in
     * bytes, frames, width, height and the ms it took, and with `data` the file in base64.
     */
    async gif(options, { data = false } = {}) {
      const made = await parts.saveImage.gif(options);
      const out = { bytes: made.blob.size, frames: made.frames.length, width: made.width, height: made.height, ms: made.ms };
      if (data) {
        out.data = await new Promise((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result).split(',')[1]);
          reader.readAsDataURL(made.blob);
        });
      }
      return out;
    },
    /**
     * The game with a friend at a distance on the board (www/remote/): { id, side, live,
     * control, flag, fragment, summary }, or null.
     */
    remote() {
      const a = parts.friends && parts.friends.active();
      return a ? { ...a.entry, summary: a.summary } : null;
    },
    /** Sends `raw` as it is over the open live connection (a misbehaving friend's page, for the tests). */
    remoteSend(raw) { return parts.friends ? parts.friends.sendRaw(raw) : false; },
    /** Shows `text` as a warning in the page's message slot, as the page's own messages show. */
    say(text) { parts.ui.say(text); },
    /** Game `id`'s saved game put on the board, as on switching games: true if there was one. */
    restoreStored(id) { return controller.restoreStored(id); },
    /** The panels around the board, for the tests: the speech, the games, the legend, storage's keys. */
    around: {
      speech: () => parts.speech.text(),
      games: () => games(),
      legendChosen: () => parts.legend.chosen(),
      /** The legend's marks by square name: { kind, origins, dests } or null. */
      legendMarks: () => {
        const marks = parts.legend.marks();
        return marks && { kind: marks.kind, origins: marks.origins.map(controller.cellName), dests: marks.dests.map(controller.cellName) };
      },
      storageKey,
      asideKey,
    },
    /** The share link of what the board shows. */
    shareLink() { return parts.share.link(); },
    /** How the game is played: { opponent, side (the person's), level, computerSide, thinking }. */
    versus() { return { ...state.playing, computerSide: computerSide(state.playing), thinking: parts.versus.thinking() }; },
    /** Starts a new game of `id` as the New game dialog would with `choice` ({ opponent, side, level }). */
    startChosen(id, choice) { parts.start(id, { color: choice.side || 'w', ...choice }); },
    /** The hint marks drawn: { arrows: [{ from, to, kind }], rings: [{ at, kind }] } in cell names. */
    hintMarks() {
      return {
        arrows: state.view.arrows.map((a) => ({ from: a.from == null ? null : controller.cellName(a.from), to: controller.cellName(a.to), kind: a.kind })),
        rings: state.view.rings.map((r) => ({ at: controller.cellName(r.at), kind: r.kind })),
      };
    },
    /** The sounds played so far, by name ('move', 'capture', 'check', 'end'), in order. */
    sounds() { return parts.sounds.log.slice(); },
    /** The Web Audio context's state ('running' once sounds play), or null (none made, or none here). */
    audioState() { return parts.sounds.state(); },
    /** The kinds of piece each side has lost: { w: [kind...], b: [...] }. */
    material() { return parts.material.lost(); },
    /** White's material less Black's in the game's pawns (a multiple of ½), as beside the board. */
    materialBalance() { return parts.material.balance(); },
    /** The clocks: null without, else { w, b (ms left), running (the side whose clock runs) }. */
    clocks() { return controller.clocks.state(); },
    /** Milliseconds the computer's worker took to load its engine (null: not loaded yet). */
    computerLoadMs() { return parts.computer.loadMs(); },
    /**
     * What the threat and hint overlays draw (overlays.js), in cell names: { arrows: [{from,
     * to, via, kind}], rings: [{at, kind}], ownCaptures: [names] } (a person's arrow from a
     * hand: from `P@` or `p@`).
     */
    overlays() {
      const { arrows, rings } = overlayList(state.view, config);
      const name = (sq) => (sq == null ? null : controller.cellName(sq));
      return {
        arrows: arrows.map((a) => ({ from: a.hand ? handStart(a.hand) : name(a.from), to: name(a.to), via: (a.via || []).map(name), kind: a.kind })),
        rings: rings.map((r) => ({ at: name(r.at), kind: r.kind })),
        ownCaptures: state.view.selected == null ? [] : [...state.view.ownCaptures].map(name),
      };
    },
  };
}
