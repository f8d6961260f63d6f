// The engine's record API as the page gets it from the wasm: a game's tags (tags, tag,
// setTag), kept through a share link and PGN, and how the players ended a game carried by
// the link.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, withBoard, DESKTOP } from './support.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('a game keeps its tags through a link and PGN, and the link carries the end', async () => {
  await withBoard(env, DESKTOP, async ({ page, errors }) => {
    const seen = await page.evaluate(async () => {
      const engine = await import(new URL('pkg/fairyboard.js', location.href).href);
      const out = {};
      const g = new engine.GameHandle('orthodox');
      g.play('e4');
      out.none = g.tags();
      out.noWhite = g.tag('White');
      g.setTag('white', 'Anna Müller');
      g.setTag('ECO', 'B00');
      g.setTag('Event', 'Club & café #3');
      out.tags = g.tags();
      out.white = g.tag('WHITE');
      for (const name of ['1st', 'Result']) {
        try { g.setTag(name, 'x'); out[name] = 'no error'; } catch (e) { out[name] = `${e.constructor.name}: ${e.message}`; }
      }
      g.setTag('ECO', '');
      g.resign('b');
      out.fragment = g.shareFragment();
      const opened = engine.openFragment(out.fragment);
      out.linkMessage = opened.message;
      out.linkTags = opened.handle.tags();
      out.linkEnd = opened.handle.declaredEnd();
      out.pgn = opened.handle.toPgn('2026.11.23');
      const read = engine.openPgn('[Date "1999.01.20"]\n[White "Kasparov, Garry"]\n[SourceVersion "1"]\n\n1. e4 {[%clk 1:59:55]} *');
      out.pgnTags = read.handle.tags();
      out.pgnComment = read.handle.comment(1);
      out.pgnOut = read.handle.toPgn('2026.11.23');
      return out;
    });
    assert.deepEqual(seen.none, []);
    assert.equal(seen.noWhite, null);
    assert.deepEqual(seen.tags, [['Event', 'Club & café #3'], ['White', 'Anna Müller'], ['ECO', 'B00']]);
    assert.equal(seen.white, 'Anna Müller');
    assert.equal(seen['1st'], "Error: '1st' is not a tag name: a tag name is letters, digits and '_', starting with a letter");
    assert.equal(seen.Result, 'Error: the Result tag follows from the game itself and cannot be set');
    assert.equal(seen.fragment, 'g=orthodox&m=e2e4&ev=Club+%26+caf%C3%A9+%233&w=Anna+M%C3%BCller&e=rb');
    assert.equal(seen.linkMessage, null);
    assert.deepEqual(seen.linkTags, [['Event', 'Club & café #3'], ['White', 'Anna Müller']]);
    assert.deepEqual(seen.linkEnd, { how: 'resign', color: 'b' });
    assert.equal(seen.pgn, '[Event "Club & café #3"]\n[Site "fairyboard"]\n[Date "2026.11.23"]\n[Round "-"]\n'
      + '[White "Anna Müller"]\n[Black "?"]\n[Result "1-0"]\n[Variant "Standard"]\n[Termination "Normal"]\n\n1. e4 1-0\n');
    assert.deepEqual(seen.pgnTags, [['Date', '1999.01.20'], ['White', 'Kasparov, Garry'], ['SourceVersion', '1']]);
    assert.equal(seen.pgnComment, '[%clk 1:59:55]');
    assert.ok(seen.pgnOut.includes('[Date "1999.01.20"]\n'), seen.pgnOut);
    assert.ok(seen.pgnOut.endsWith('\n\n1. e4 {[%clk 1:59:55]} *\n'), seen.pgnOut);
    assert.deepEqual(errors, []);
  });
});
