// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.
// The GIF encoder: frames of RGBA pixels in, GIF bytes out, with the npm encoder gifenc
// (copied to pkg/gifenc.js by scripts/build.sh; main.js loads it only when a GIF is made). The board
// has few colours, so one palette serves the whole animation (quantised once from sample
// frames), and each frame after the first holds only the rectangle that changed, its
// unchanged pixels transparent: a piece sliding costs its path, not the board.

const TRANSPARENT = [255, 0, 255]; // the palette's last entry, never drawn

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
     * Adds a frame shown for `delay` ms: `rgba` (Uint8ClampedArray) holds the pixels of box
     * `at` ({ x, y, w, h }; null: the whole picture), the rest is as in the frame before.
     */
    add(rgba, delay, at = null) {
      const area = at || { x: 0, y: 0, w: width, h: height };
      const words = new Uint32Array(rgba.buffer, rgba.byteOffset, area.w * area.h);
      if (!previous) {
        for (let p = 0; p < width * height; p++) shown[p] = indexOf(rgba[p * 4], rgba[p * 4 + 1], rgba[p * 4 + 2]);
        gif.writeFrame(shown, width, height, { palette, delay, repeat: 0, dispose: 1 });
        previous = words.slice();
        return;
      }
      // Nothing changed: one transparent pixel holds the frame's place and delay.
      const box = changed(words, area) || { x: 0, y: 0, w: 1, h: 1 };
      const index = new Uint8Array(box.w * box.h).fill(clear);
      for (let y = 0; y < box.h; y++) {
        for (let x = 0; x < box.w; x++) {
          const p = (box.y + y) * width + box.x + x;
          const q = (box.y - area.y + y) * area.w + box.x - area.x + x; // in `words`
          if (q < 0 || q >= words.length || words[q] === previous[p]) continue; // unchanged: transparent
          previous[p] = words[q];
          const i = indexOf(rgba[q * 4], rgba[q * 4 + 1], rgba[q * 4 + 2]);
          if (i !== shown[p]) { index[y * box.w + x] = i; shown[p] = i; }
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
