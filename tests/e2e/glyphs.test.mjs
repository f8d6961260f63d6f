// The piece pictures: every kind of the six games has its own drawn glyph (no letter disc),
// they differ from each other even small, they stay inside their box, and a sheet of all of
// them (both colours, light and dark squares, large and phone-sized) is saved for a look:
// tests/output/glyphs.png (light scheme) and glyphs-dark.png (dark scheme).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, withBoard, OUTPUT } from './support.mjs';

// Every kind the engine knows (src/piece.rs), in its order.
const KINDS = [
  'king', 'queen', 'rook', 'bishop', 'knight', 'pawn', 'archbishop', 'chancellor', 'berserker',
  'vagabond', 'sergeant', 'trickster', 'outlaw', 'driver', 'merchant', 'wizard', 'mystic', 'scout',
];

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Draws the sheet into a canvas#glyph-sheet over the page (squares in the page's colours). */
function drawSheet(page) {
  return page.evaluate(async (kinds) => {
    const { drawPiece } = await import(new URL('www/board/pieces.js', location.href).href);
    const cs = getComputedStyle(document.getElementById('board'));
    const light = cs.getPropertyValue('--square-light').trim();
    const dark = cs.getPropertyValue('--square-dark').trim();
    const sizes = [72, 36]; // a roomy desktop square; a 320 px phone's square (8 files)
    const rows = [];
    for (const cell of sizes) {
      for (const color of ['w', 'b']) for (const sq of [light, dark]) rows.push({ cell, color, sq });
    }
    const width = kinds.length * sizes[0];
    const height = rows.reduce((h, r) => h + r.cell, 0);
    document.getElementById('glyph-sheet')?.remove();
    const cv = document.createElement('canvas');
    cv.id = 'glyph-sheet';
    cv.width = width;
    cv.height = height;
    Object.assign(cv.style, { position: 'fixed', left: '0', top: '0', zIndex: 10, width: `${width}px`, height: `${height}px` });
    document.body.appendChild(cv);
    const ctx = cv.getContext('2d');
    ctx.fillStyle = cs.getPropertyValue('--bg').trim() || '#fff';
    ctx.fillRect(0, 0, width, height);
    let y = 0;
    for (const r of rows) {
      kinds.forEach((kind, i) => {
        const x = i * sizes[0] + (sizes[0] - r.cell) / 2;
        ctx.fillStyle = r.sq; // one square colour per row
        ctx.fillRect(x, y, r.cell, r.cell);
        drawPiece(ctx, { color: r.color, kind, letter: '?' }, x + r.cell / 2, y + r.cell / 2, r.cell * 0.9);
      });
      y += r.cell;
    }
    return { width, height };
  }, KINDS);
}

test('every kind has its own glyph: distinct when small, inside its box, also as SVG', async () => {
  await withBoard(env, { viewport: { width: 1400, height: 700 } }, async ({ page, errors }) => {
    const report = await page.evaluate(async (kinds) => {
      const { drawPiece, hasPicture, pieceSvg } = await import(new URL('www/board/pieces.js', location.href).href);
      const out = { missing: kinds.filter((k) => !hasPicture(k)), outside: [], pairs: [], svg: [] };
      // Ink outside the 100 box: draw at 100 px in the middle of a 140 px canvas.
      for (const kind of kinds) {
        for (const color of ['w', 'b']) {
          const cv = new OffscreenCanvas(140, 140);
          const ctx = cv.getContext('2d');
          drawPiece(ctx, { color, kind }, 70, 70, 100);
          const d = ctx.getImageData(0, 0, 140, 140).data;
          let n = 0;
          for (let y = 0; y < 140; y++) {
            for (let x = 0; x < 140; x++) {
              const inside = x >= 18 && x < 122 && y >= 18 && y < 122; // the box and 2 px of outline
              if (!inside && d[(y * 140 + x) * 4 + 3] > 0) n++;
            }
          }
          if (n) out.outside.push(`${kind}/${color}: ${n} px`);
        }
      }
      // Small pictures (28 px, one device pixel each): classify pixels as empty, light or dark.
      const S = 28;
      const masks = kinds.map((kind) => {
        const cv = new OffscreenCanvas(S, S);
        const ctx = cv.getContext('2d');
        drawPiece(ctx, { color: 'w', kind }, S / 2, S / 2, S);
        const d = ctx.getImageData(0, 0, S, S).data;
        const m = new Uint8Array(S * S);
        for (let i = 0; i < S * S; i++) {
          if (d[i * 4 + 3] < 100) m[i] = 0;
          else m[i] = d[i * 4] > 128 ? 1 : 2;
        }
        return m;
      });
      for (let a = 0; a < kinds.length; a++) {
        for (let b = a + 1; b < kinds.length; b++) {
          let diff = 0;
          for (let i = 0; i < S * S; i++) if (masks[a][i] !== masks[b][i]) diff++;
          out.pairs.push({ a: kinds[a], b: kinds[b], diff: diff / (S * S) });
        }
      }
      out.pairs.sort((x, y) => x.diff - y.diff);
      for (const kind of kinds) {
        const svg = pieceSvg({ color: 'b', kind });
        out.svg.push({ kind, paths: svg.querySelectorAll('path').length, text: svg.querySelectorAll('text').length });
      }
      const fallback = pieceSvg({ color: 'w', kind: 'unicorn', letter: 'U' });
      out.fallback = fallback.querySelector('text')?.textContent;
      return out;
    }, KINDS);

    // The sheet, for a look, in both colour schemes.
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      const { width, height } = await drawSheet(page);
      const file = path.join(OUTPUT, scheme === 'light' ? 'glyphs.png' : 'glyphs-dark.png');
      await page.screenshot({ path: file, clip: { x: 0, y: 0, width, height } });
    }
    if (process.env.GLYPH_PAIRS) console.log(report.pairs.slice(0, 12));
    assert.deepEqual(report.missing, [], 'every kind is drawn, none falls back to a letter disc');
    assert.deepEqual(report.outside, [], 'no glyph draws outside its box');
    const closest = report.pairs[0];
    assert.ok(closest.diff >= 0.08,
      `glyphs differ at 28 px: the closest pair, ${closest.a} and ${closest.b}, differs in ${(closest.diff * 100).toFixed(1)}% of pixels`);
    for (const s of report.svg) {
      assert.ok(s.paths > 0 && s.text === 0, `${s.kind} has an SVG picture`);
    }
    assert.equal(report.fallback, 'U', 'an unknown kind is a disc with its letter');

    assert.deepEqual(errors, []);
  });
});
