// www/controls/: the page's widgets: the status line, messages, the picker, dialogs' choices.
// The page's widgets around the board: the game selector, the status line, the message line,
// Undo and Redo's enabled state, Flip's pressed state, and the choice picker (any choice
// between moves: promotion pieces, castling rooks, actions; any question with a few answers).
// DOM only: no engine calls, and no behaviour of the page's own (the modules that own a
// button wire its clicks: game/gamebuttons.js, newgame/newgame.js, ...).

import { pieceSvg } from '../board/pieces.js';
import { errorText } from '../engine/engine.js';

/**
 * The choice picker's markup, built here for both pages (index.html, embed.html): over the
 * board, after its canvas.
 */
function addPicker(doc) {
  const canvas = doc.getElementById('board');
  if (doc.getElementById('picker') || !canvas) return;
  const picker = doc.createElement('div');
  Object.assign(picker, { id: 'picker', className: 'picker', hidden: true });
  picker.setAttribute('role', 'dialog');
  picker.setAttribute('aria-modal', 'true');
  picker.setAttribute('aria-labelledby', 'picker-title');
  picker.innerHTML = `
    <div class="picker-box">
      <p id="picker-title" class="picker-title">Promote to</p>
      <div id="picker-options" class="picker-options" role="group" aria-labelledby="picker-title"></div>
      <p class="picker-hint">Esc cancels</p>
    </div>`;
  canvas.parentElement.append(picker);
}

/**
 * Finds the page's widgets in `doc`. `config.messageMs`: how long a short message stays.
 * Returns the widgets' methods, and say(text) (a warning or an error, shown for a while) and
 * tell(text) (information, not an error: a hint, the computer's answer).
 */
export function makeUi(doc, config) {
  const $ = (id) => doc.getElementById(id);
  addPicker(doc);
  const els = {
    status: $('status'),
    message: $('message'),
    game: $('game'),
    undo: $('undo'),
    redo: $('redo'),
    flip: $('flip'),
    picker: $('picker'),
    pickerTitle: $('picker-title'),
    pickerOptions: $('picker-options'),
  };
  // On a phone the message is drawn over the foot of the screen (style.css): a tap puts it away.
  els.message.addEventListener('click', () => { if (els.message.textContent) clearMessage(); });

  let messageTimer = 0;
  let picker = null; // {onChoose, onCancel, returnFocus}

  function showMessage(text, ms, kind = 'error') {
    clearTimeout(messageTimer);
    els.message.textContent = text;
    els.message.dataset.kind = kind;
    if (ms > 0) messageTimer = setTimeout(() => { els.message.textContent = ''; }, ms);
  }

  function clearMessage() {
    clearTimeout(messageTimer);
    els.message.textContent = '';
  }

  function closePicker() {
    if (!picker) return null;
    const p = picker;
    picker = null;
    els.picker.hidden = true;
    els.pickerOptions.replaceChildren();
    if (p.returnFocus && p.returnFocus.focus) p.returnFocus.focus({ preventScroll: true });
    return p;
  }

  // Keys while the picker is open (listened on the document so Escape works wherever focus is).
  doc.addEventListener('keydown', (e) => {
    if (!picker) return;
    const buttons = [...els.pickerOptions.querySelectorAll('button')];
    const i = buttons.indexOf(doc.activeElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      const p = closePicker();
      p.onCancel();
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowDown') {
      e.preventDefault();
      buttons[(i + 1) % buttons.length].focus();
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
      e.preventDefault();
      buttons[(i - 1 + buttons.length) % buttons.length].focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      buttons[e.key === 'Home' ? 0 : buttons.length - 1].focus();
    } else if (e.key === 'Tab') {
      // Keep focus inside the dialog while it is open.
      e.preventDefault();
      const step = e.shiftKey ? -1 : 1;
      buttons[(i + step + buttons.length) % buttons.length].focus();
    }
  });
  // A press on the dimmed backdrop (outside the options) cancels.
  els.picker.addEventListener('pointerdown', (e) => {
    if (picker && e.target === els.picker) {
      e.preventDefault();
      const p = closePicker();
      p.onCancel();
    }
  });

  return {
    /** Fills the game selector with every game the engine plays. */
    setGames(list, currentId) {
      els.game.replaceChildren(...list.map((g) => {
        const o = doc.createElement('option');
        o.value = g.id;
        o.textContent = g.name;
        o.selected = g.id === currentId;
        return o;
      }));
    },
    selectGame(id) { els.game.value = id; },

    /** The status line (an aria-live region): whose turn, check, or the result. */
    setStatus(text, kind = '') {
      if (els.status.textContent !== text) els.status.textContent = text;
      els.status.dataset.kind = kind;
    },

    /**
     * A short message that clears itself after `ms` (0: it stays): an error (illegal move,
     * engine error) by default, or information (`kind` 'info': a hint, the computer's news).
     */
    showMessage,
    clearMessage,
    /** A warning or error, shown for a while. */
    say: (text) => showMessage(text, config.messageMs),
    /**
     * Runs `fn` (engine calls); when it throws, says the engine's words (errorText) as a
     * warning and returns `fallback`: the one place an engine error becomes a message.
     */
    safely(fn, fallback = null) {
      try {
        return fn();
      } catch (e) {
        console.warn(e);
        showMessage(errorText(e), config.messageMs);
        return fallback;
      }
    },
    /** Information, not an error (a hint, the computer's answer to an offer). */
    tell: (text) => showMessage(text, config.messageMs, 'info'),

    setButtons({ canUndo, canRedo }) {
      els.undo.disabled = !canUndo;
      els.redo.disabled = !canRedo;
    },
    setFlipped(flipped) { els.flip.setAttribute('aria-pressed', String(flipped)); },

    /**
     * Opens the picker with `options` ([{label, piece, value}]: `piece`, if any, is pictured
     * above the label; options without one are plain word buttons); calls onChoose(value) or
     * onCancel(). Focus moves to the first option and returns to `returnFocus` afterwards.
     */
    openPicker(title, options, onChoose, onCancel, returnFocus) {
      closePicker();
      picker = { onChoose, onCancel, returnFocus };
      els.pickerTitle.textContent = title;
      els.pickerOptions.replaceChildren(...options.map((opt) => {
        const b = doc.createElement('button');
        b.type = 'button';
        b.className = opt.piece ? 'choice' : 'choice choice-words';
        b.dataset.value = opt.value;
        if (opt.piece) b.appendChild(pieceSvg(opt.piece));
        const span = doc.createElement('span');
        span.textContent = opt.label;
        b.appendChild(span);
        b.addEventListener('click', () => {
          if (!picker) return;
          closePicker();
          onChoose(opt.value);
        });
        return b;
      }));
      els.picker.hidden = false;
      // Focus the first option once the current pointer or key event is over (a press on the
      // canvas would otherwise take the focus back).
      const first = els.pickerOptions.querySelector('button');
      setTimeout(() => { if (picker && first.isConnected) first.focus({ preventScroll: true }); }, 0);
    },
    /** Closes the picker without calling back. */
    closePicker() { closePicker(); },
    pickerOpen() { return picker != null; },
  };
}
