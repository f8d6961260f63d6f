// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// A text to send to the friend (a move's link, an invitation, a live game's reply): shown to
// read and select, with Copy (the clipboard; where there is none, the text selected to copy by
// hand) and, where the browser can share (the Web Share API, as phones have), Share, which
// hands it to any messenger.

/**
 * A send box with ids from `prefix` (`<prefix>-text`, `-copy`, `-share`, `-note`); `say(text,
 * kind)` shows a message in the page. Returns { element, show({ label, text, title, copied }),
 * hide(), text() }.
 */
export function makeSendBox(doc, prefix, say) {
  const el = (tag, props = {}) => Object.assign(doc.createElement(tag), props);
  const label = el('label', { htmlFor: `${prefix}-text`, id: `${prefix}-label`, className: 'send-label' });
  const area = el('textarea', { id: `${prefix}-text`, rows: 3, readOnly: true, spellcheck: false, className: 'send-text' });
  area.setAttribute('autocapitalize', 'off');
  const copyButton = el('button', { type: 'button', id: `${prefix}-copy`, className: 'primary', textContent: 'Copy' });
  const shareButton = el('button', { type: 'button', id: `${prefix}-share`, textContent: 'Share…', hidden: true });
  const note = el('p', { id: `${prefix}-note`, className: 'send-note', hidden: true });
  const buttons = el('div', { className: 'buttons' });
  buttons.append(copyButton, shareButton);
  const element = el('div', { id: prefix, className: 'send-box', hidden: true });
  element.append(label, area, buttons, note);
  let current = null; // { text, title, copied }

  function tell(text, kind = 'info') {
    note.textContent = text;
    note.hidden = false;
    say(text, kind);
  }

  copyButton.addEventListener('click', async () => {
    if (!current) return;
    try {
      if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(current.text);
      tell(current.copied);
    } catch {
      area.focus();
      area.select();
      tell('The clipboard is not available here: the text is selected, copy it with Ctrl+C (or Cmd+C, or a long press).');
    }
  });
  shareButton.addEventListener('click', async () => {
    if (!current || typeof navigator.share !== 'function') return;
    const link = /^https?:/.test(current.text);
    try {
      await navigator.share(link ? { title: current.title, url: current.text } : { title: current.title, text: current.text });
    } catch (e) {
      if (e && e.name === 'AbortError') return; // the person closed the share sheet
      tell(`Could not share (${(e && e.message) || e}): Copy it instead.`, 'error');
    }
  });

  return {
    element,
    /** Shows `text` under `label`; `title` names it for a share sheet, `copied` is said after Copy. */
    show({ label: words, text, title, copied }) {
      const changed = !current || current.text !== text;
      current = { text, title, copied };
      label.textContent = words;
      if (area.value !== text) area.value = text;
      shareButton.hidden = typeof navigator.share !== 'function';
      if (changed) { note.hidden = true; note.textContent = ''; }
      element.hidden = false;
    },
    hide() { element.hidden = true; current = null; },
    text: () => (current ? current.text : null),
  };
}
