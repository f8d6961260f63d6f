// Messages by kind (issue 18): information in a neutral style, warnings and errors in red,
// each said in one live region only, and none of them pushing the controls around, on a
// desktop and on a phone. Real input: clicks on the board and in the records panel.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, withBoard, clickSquare, DESKTOP, PHONE_360 } from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Where the controls under the message line are: the top of each, in page pixels. */
const controlTops = (page) => page.evaluate(() => ['undo', 'redo', 'new-game', 'flip', 'moves']
  .map((id) => document.getElementById(id))
  .map((el) => Math.round(el.getBoundingClientRect().top + scrollY)));

/** The message line now: { text, kind, colour }, and how many live regions say its text. */
const message = (page) => page.evaluate(() => {
  const el = document.getElementById('message');
  const text = el.textContent;
  const live = [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]')];
  const saying = live.filter((r) => text && r.textContent.includes(text)).map((r) => r.id || r.className);
  return { text, kind: el.dataset.kind, colour: getComputedStyle(el).color, saying, whole: el.scrollHeight <= el.clientHeight + 1 };
});

/** The colours the page uses for errors and for plain text. */
const colours = (page) => page.evaluate(() => {
  const probe = document.createElement('span');
  document.body.append(probe);
  probe.style.color = 'var(--error)';
  const error = getComputedStyle(probe).color;
  probe.style.color = 'var(--fg)';
  const text = getComputedStyle(probe).color;
  probe.remove();
  return { error, text };
});

for (const [name, size] of [['desktop 1280x800', DESKTOP], ['phone 360 px', PHONE_360]]) {
  test(`${name}: information is neutral, errors red, each said once, and no message moves the controls`, async () => {
    await withBoard(env, { ...size, permissions: ['clipboard-read', 'clipboard-write'] }, async ({ page, errors }) => {
      const { error, text } = await colours(page);
      assert.notEqual(error, text, 'errors and plain text have different colours');
      const tops = await controlTops(page);

      // An illegal move: an error, in red.
      await clickSquare(page, 'e2');
      await clickSquare(page, 'e5');
      let m = await message(page);
      assert.equal(m.text, 'Illegal move: e2 to e5.');
      assert.equal(m.kind, 'error');
      assert.equal(m.colour, error);
      assert.deepEqual(m.saying, ['message'], 'said in the message line only');
      assert.deepEqual(await controlTops(page), tops, 'a one-line message moves nothing');

      // Link copied: information, in the text colour.
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Link copied'));
      m = await message(page);
      assert.equal(m.kind, 'info');
      assert.equal(m.colour, text, 'information is not red');
      assert.deepEqual(m.saying, ['message']);
      const afterCopy = await controlTops(page);

      // A record that cannot be opened: a long error (several lines on a phone).
      await page.getByRole('button', { name: 'Import PGN' }).click();
      const panelOpen = await controlTops(page);
      await page.fill('#records-text', '[Event "club"]\n\n1. e2e4 e7e5 2. e1e3 g8f6 *');
      await page.getByRole('button', { name: 'Open game' }).click();
      m = await message(page);
      assert.match(m.text, /^Could not open the PGN game\. Move 2 for White: e1e3 is not a legal move/);
      assert.equal(m.kind, 'error');
      assert.equal(m.colour, error);
      assert.deepEqual(m.saying, ['message'], 'the note beside the panel is not a second live region');
      assert.ok(m.whole, 'the whole message shows in its slot');
      assert.deepEqual(await controlTops(page), panelOpen, 'a long message moves nothing either');

      // The message goes: still nothing moves.
      await page.focus('#records-text');
      await page.keyboard.press('Escape'); // closes the panel
      await page.locator('#board').scrollIntoViewIfNeeded();
      await clickSquare(page, 'e2');
      await clickSquare(page, 'e4');
      assert.equal((await message(page)).text, '', 'a move clears the message');
      assert.deepEqual(await controlTops(page), afterCopy);
      assert.deepEqual(errors, []);
    });
  });
}
