// The page served from a plain-http address that is not this machine's own name: a browser
// treats it as an insecure origin, with no clipboard and no service worker. The game must
// still be playable, and "Copy link" must fall back to selecting the link with a hint.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, playMove, messageText, settle, screenshot, DESKTOP } from './support.mjs';

const HOST = 'fairyboard.test';
let env;
before(async () => {
  // The made-up host name resolves to the test server on loopback.
  env = await launch({ extraArgs: [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`] });
});
after(async () => { await env?.close(); });

test('on an insecure origin the game plays and Copy link selects the link with a hint', async () => {
  const context = await env.browser.newContext(DESKTOP);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  try {
    const address = new URL(env.url);
    address.hostname = HOST;
    await page.goto(address.href);
    await page.waitForFunction(() => window.fairyboard && window.fairyboard.ready === true, null, { timeout: 15000 });
    await settle(page);
    const origin = await page.evaluate(() => ({
      secure: window.isSecureContext,
      clipboard: Boolean(navigator.clipboard),
      serviceWorker: 'serviceWorker' in navigator,
    }));
    assert.deepEqual(origin, { secure: false, clipboard: false, serviceWorker: false },
      'the made-up host is an insecure origin: the fallback paths are the ones tested');

    await playMove(page, 'e2e4');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.waitForFunction(() => document.getElementById('message').textContent.includes('clipboard is not available'),
      null, { timeout: 5000 });
    assert.match(await messageText(page), /copy it with Ctrl\+C/);
    const link = await page.inputValue('#records-text');
    assert.equal(new URL(link).hash, '#g=orthodox&m=e2e4');
    const selected = await page.evaluate(() => {
      const area = document.getElementById('records-text');
      return document.activeElement === area && area.selectionStart === 0 && area.selectionEnd === area.value.length;
    });
    assert.equal(selected, true, 'the whole link is selected in the focused text box, ready to copy');
    await screenshot(page, 'plainhttp-copy-link');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
