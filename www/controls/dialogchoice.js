// www/controls/: the page's widgets: the status line, messages, the picker, dialogs' choices.
// A <form method="dialog"> whose choice takes effect in the click that makes it. The dialog's
// own `close` event comes a task later, so a page that acts on it still shows the old game for
// a moment: a quick tap, a key or a test that looks at once sees the choice not yet made.

/**
 * Calls `choose(value)` once each time `dialog` closes: at once with the pressed button's
 * value when its form is submitted, or with the dialog's returnValue ('' unless set) when it
 * closes another way (Esc, `dialog.close()`).
 */
export function onDialogChoice(dialog, choose) {
  let submitted = false;
  dialog.querySelector('form').addEventListener('submit', (e) => {
    e.preventDefault();
    const value = e.submitter ? e.submitter.value : '';
    submitted = true;
    dialog.close(value);
    choose(value);
  });
  dialog.addEventListener('close', () => {
    if (submitted) { submitted = false; return; }
    choose(dialog.returnValue);
  });
}
