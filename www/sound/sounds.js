// www/sound/: what the page plays and says: move sounds, and moves in words.
// Move sounds, made with the Web Audio API (no files to fetch, so they work offline): a move,
// a capture, a check, the end of a game. Silent until the person's first press or key on the
// page (browsers' autoplay rules; the AudioContext is made inside that gesture), silent when
// muted (the Settings panel), and quiet without errors where there is no AudioContext.
// `log` lists the names sounded, for the tests (window.fairyboard.sounds()).

import { subscribe, MOVED } from '../state.js';

/** The tones of each sound: [start (s), frequency (Hz), end frequency, length (s), wave, volume]. */
const TONES = Object.freeze({
  move: [[0, 620, 330, 0.06, 'triangle', 0.35]],
  capture: [[0, 300, 120, 0.09, 'square', 0.16], [0, 900, 400, 0.04, 'triangle', 0.3]],
  check: [[0, 880, 880, 0.09, 'sine', 0.25], [0.1, 1175, 1175, 0.12, 'sine', 0.25]],
  end: [[0, 523, 523, 0.16, 'sine', 0.22], [0.15, 659, 659, 0.16, 'sine', 0.22], [0.3, 784, 784, 0.35, 'sine', 0.22]],
});
export const SOUND_NAMES = Object.freeze(Object.keys(TONES));

/**
 * Makes the sound player. `muted()`: true when no sound may play. `target`: where the first
 * press or key is listened for (document).
 */
export function makeSounds({ muted = () => false, target = globalThis.document } = {}) {
  let audio = null; // the AudioContext, made on the first gesture
  let unlocked = false;
  const log = [];

  function unlock() {
    if (unlocked) return;
    unlocked = true;
    for (const type of ['pointerdown', 'keydown']) target?.removeEventListener(type, unlock, true);
    const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Ctx || muted()) return; // made later, on the first sound, if unmuted then
    try { audio = new Ctx(); } catch { audio = null; }
  }
  for (const type of ['pointerdown', 'keydown']) target?.addEventListener(type, unlock, true);

  function context() {
    if (!audio) {
      const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
      if (!Ctx) return null;
      try { audio = new Ctx(); } catch { return null; }
    }
    if (audio.state === 'suspended') audio.resume().catch(() => {});
    return audio;
  }

  function synth(ac, tones) {
    const t0 = ac.currentTime + 0.005;
    for (const [at, f0, f1, len, wave, vol] of tones) {
      const osc = ac.createOscillator();
      const gain = ac.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(f0, t0 + at);
      if (f1 !== f0) osc.frequency.exponentialRampToValueAtTime(f1, t0 + at + len);
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(vol, t0 + at + 0.004);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(gain).connect(ac.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
  }

  /** Sounds `name` (one of SOUND_NAMES) if allowed; true if it did. */
  function play(name) {
    if (!TONES[name] || !unlocked || muted()) return false;
    log.push(name);
    try {
      const ac = context();
      if (ac) synth(ac, TONES[name]);
    } catch { /* no sound here */ }
    return true;
  }

  /**
   * The sounds of move `move` just played (its effects tell a capture: a 'remove'): a
   * capture or a move, then a check when `check`, then the end when `ended`.
   */
  function moved(move, { check = false, ended = false } = {}) {
    const capture = !!move && (move.effects || []).some((e) => e.type === 'remove');
    play(capture ? 'capture' : 'move');
    if (check) play('check');
    if (ended) play('end');
  }

  /** The AudioContext's state ('running', 'suspended', ...), or null before one was made or without. */
  const state = () => (audio ? audio.state : null);

  return { play, moved, log, state, unlocked: () => unlocked };
}

/**
 * The move sounds (makeSounds) over the page's `state`, following its changes: a move played
 * on the board (a capture, a check, the end), a game ended by resignation, agreement or time,
 * a game aborted. `muted()`: no sound may play (the Settings panel, an embedded board).
 */
export function mountSounds(doc, state, { muted, safely }) {
  const sounds = makeSounds({ muted, target: doc });
  subscribe(state, MOVED, (change) => {
    const game = state.game;
    const ended = game && game.ply() === game.line().length ? state.outcome : null;
    if (change.cause === 'move' && game) sounds.moved(safely(() => game.lastMove()), { check: state.view.checks.length > 0, ended: !!ended });
    else if (change.cause === 'end' && ended) sounds.play('end');
    else if (change.aborted) sounds.play('end');
  });
  return sounds;
}
