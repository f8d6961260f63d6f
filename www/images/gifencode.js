// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.
// The GIF encoder: frames of RGBA pixels in, GIF bytes out, with the npm encoder gifenc
// (copied to pkg/gifenc.js by scripts/build.sh; loadGifenc() loads it only when a GIF is made). The board
// has few colours, so one palette serves the whole animation (quantised once from sample
// frames), and each frame after the first holds only the rectangle that changed, its
// unchanged pixels transparent: a piece sliding costs its path, not the board.

const TRANSPARENT = [255, 0, 255]; // the palette's last entry, never drawn

/** gifenc's module, loaded the first time a GIF is made (not with the page: most never make one). */
export const loadGifenc = () => import('../../pkg/gifenc.js');

/**
 * An encoder for frames `width` x `height`: { add(rgba, delay), finish() -> Uint8Array }.
 * `gifenc` is the loaded module, `samples` RGBA arrays that show the colours to expect.
 */
export function makeGifEncoder(gifenc, width, height, samples) {
  const { GIFEncoder, quantize, nearestColorIndex } = gifenc;
  const joined = new Uint8Array(samples.reduce((n, s) => n + s.length, 0));
  let at = 0;
  for (const s of samples) { joined.set(s, at); at += s.length; }
  const palette = quantize(joined, 255, { format: 'rgb444' });
  const colours = palette.slice();
  const clear = palette.length; // the transparent index
  palette.push(TRANSPARENT);
  // Nearest palette entry by colour (6 bits a channel), found once per colour.
  const cache = new Int16Array(1 << 18).fill(-1);
  const indexOf = (r, g, b) => {
    const key = ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
    let i = cache[key];
    if (i < 0) { i = nearestColorIndex(colours, [r, g, b]); cache[key] = i; }
    return i;
  };
  const gif = GIFEncoder();
  const shown = new Uint8Array(width * height); // the palette index on screen at each pixel
  let previous = null; // the last frame's pixels, as 32-bit words

  /**
   * The box of pixels where `now` (the pixels of box `at`, as 32-bit words) differs from
   * `previous`, in the whole picture's coordinates, or null.
   */
  function changed(now, at) {
    let x0 = width; let y0 = height; let x1 = -1; let y1 = -1;
    for (let y = 0; y < at.h; y++) {
      const row = y * at.w;
      const old = (at.y + y) * width + at.x;
      let l = 0;
      while (l < at.w && now[row + l] === previous[old + l]) l++;
      if (l === at.w) continue;
      let r = at.w - 1;
      while (now[row + r] === previous[old + r]) r--;
      if (l < x0) x0 = l;
      if (r > x1) x1 = r;
      if (y < y0) y0 = y;
      y1 = y;
    }
    return x1 < 0 ? null : { x: at.x + x0, y: at.y + y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
  }

  return {
    palette,
    /**
     * Adds a frame shown for `delay` ms, given as the pixels of some boxes: `parts`, [{ at
     * ({ x, y, w, h }), rgba (Uint8ClampedArray) }]; elsewhere it is as the frame before.
     * The first frame is the whole picture.
     */
    add(parts, delay) {
      if (!previous) {
        const { rgba } = parts[0];
        for (let p = 0; p < width * height; p++) shown[p] = indexOf(rgba[p * 4], rgba[p * 4 + 1], rgba[p * 4 + 2]);
        gif.writeFrame(shown, width, height, { palette, delay, repeat: 0, dispose: 1 });
        previous = new Uint32Array(rgba.buffer.slice(rgba.byteOffset, rgba.byteOffset + width * height * 4));
        return;
      }
      // Each part's changed box, and the frame's box around them all.
      let box = null;
      const changes = [];
      for (const { at, rgba } of parts) {
        const words = new Uint32Array(rgba.buffer, rgba.byteOffset, at.w * at.h);
        const c = changed(words, at);
        if (!c) continue;
        changes.push({ at, rgba, words, c });
        box = !box ? { ...c } : {
          x: Math.min(box.x, c.x), y: Math.min(box.y, c.y),
          w: Math.max(box.x + box.w, c.x + c.w) - Math.min(box.x, c.x), h: Math.max(box.y + box.h, c.y + c.h) - Math.min(box.y, c.y),
        };
      }
      // Nothing changed: one transparent pixel holds the frame's place and delay.
      if (!box) box = { x: 0, y: 0, w: 1, h: 1 };
      const index = new Uint8Array(box.w * box.h).fill(clear);
      for (const { at, rgba, words, c } of changes) {
        for (let y = c.y; y < c.y + c.h; y++) {
          for (let x = c.x; x < c.x + c.w; x++) {
            const p = y * width + x;
            const q = (y - at.y) * at.w + x - at.x; // in the part
            if (words[q] === previous[p]) continue; // unchanged: transparent
            previous[p] = words[q];
            const i = indexOf(rgba[q * 4], rgba[q * 4 + 1], rgba[q * 4 + 2]);
            if (i !== shown[p]) { index[(y - box.y) * box.w + x - box.x] = i; shown[p] = i; }
          }
        }
      }
      const start = gif.bytesView().length;
      gif.writeFrame(index, box.w, box.h, { delay, transparent: true, transparentIndex: clear, dispose: 1 });
      // gifenc 1.0.3 puts every frame at (0, 0): the image descriptor after the 8-byte
      // graphic control extension gets the box's left and top.
      const out = gif.bytesView();
      if (out[start + 8] !== 0x2c) throw new Error('Unexpected GIF frame layout from gifenc.');
      out[start + 9] = box.x & 255; out[start + 10] = box.x >> 8;
      out[start + 11] = box.y & 255; out[start + 12] = box.y >> 8;
    },
    /** The GIF file's bytes. */
    finish() {
      gif.finish();
      return gif.bytes();
    },
  };
}
