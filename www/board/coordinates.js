// www/board/: the board on the canvas, drawn and animated.
// Where the coordinates go on the board. layout.js's coordinateLabels says which cells carry
// them (file letters on the lowest cell of each screen column, rank numbers on the leftmost
// cell of each row); this puts each in a corner of its cell that no piece of the game can
// cover or touch. A piece stands on its base in the middle of the cell, so the bottom corners
// are nearly always free: file letters go bottom right, rank numbers bottom left, or top
// left where that lets the labels be larger (Pawnier's two-digit ranks). The pieces'
// pictures are measured (pieces.js inkReach), so a label keeps GAP clear of anything any
// piece of the game draws in its cell, and clear of the cell's edge and of a separator line
// along it. All labels on a board share one size, as large as that allows up to LARGEST;
// below SMALLEST_PX none are drawn.

import { inkReach, scratchContext } from './pieces.js';

const LARGEST = 0.22; // in cells: the largest label (bigger would crowd the cell)
const GAP = 0.05; // in cells: between a label and the nearest ink a piece puts in the cell (the
// tests ask 0.04; the rest is room for rounding to pixels and for anti-aliasing)
const EDGE = 0.03; // in cells (at least EDGE_PX): between a label and its cell's edge
const EDGE_PX = 1.5;
const LINE_GAP = 0.02; // in cells (at least LINE_GAP_PX): between a label and a separator line
const LINE_GAP_PX = 1;
const SMALLEST_PX = 6; // smaller labels could not be read: none are drawn
const MEASURE_PX = 100; // text is measured at this size and scaled

// A file letter's corner, and the corners a rank number may take (the first when both fit
// the labels equally).
const FILE_CORNER = { x: 'right', y: 'bottom' };
const RANK_CORNERS = [{ x: 'left', y: 'bottom' }, { x: 'left', y: 'top' }];

/** The labels' font at `px` CSS pixels. */
export const labelFont = (px) => `600 ${px}px system-ui, sans-serif`;

let measurer;
const inkOf = new Map();
/**
 * Where `text` inks at MEASURE_PX, drawn left-aligned on an alphabetic baseline at (0, 0):
 * { left, right, up, down } (up and down from the baseline), or null with no canvas.
 */
function textInk(text) {
  if (!inkOf.has(text)) {
    if (measurer === undefined) measurer = scratchContext(1, 1);
    if (!measurer) return null;
    measurer.font = labelFont(MEASURE_PX);
    const m = measurer.measureText(text);
    inkOf.set(text, {
      left: -m.actualBoundingBoxLeft, right: m.actualBoundingBoxRight,
      up: m.actualBoundingBoxAscent, down: m.actualBoundingBoxDescent,
    });
  }
  return inkOf.get(text);
}

/**
 * The pieces' ink (pieces.js inkReach) in cell units for pieces drawn at `pieceScale` of a
 * cell: { lowest(x0, x1), highest(x0, x1) }, the lowest and highest point any of them inks
 * between x0 and x1 (cell units from its left; -Infinity and Infinity where none does).
 */
function inkInCell(reach, pieceScale) {
  const toCell = (v) => 0.5 + (pieceScale * (v - 50)) / 100;
  const columns = (x0, x1) => {
    const from = Math.max(0, Math.floor(50 + ((x0 - 0.5) * 100) / pieceScale));
    const to = Math.min(100, Math.ceil(50 + ((x1 - 0.5) * 100) / pieceScale));
    return [...Array(Math.max(0, to - from)).keys()].map((i) => from + i);
  };
  return {
    lowest(x0, x1) {
      const low = Math.max(0, ...columns(x0, x1).map((c) => reach.bottom[c]));
      return low > 0 ? toCell(low) : -Infinity;
    },
    highest(x0, x1) {
      const high = Math.min(100, ...columns(x0, x1).map((c) => reach.top[c]));
      return high < 100 ? toCell(high) : Infinity;
    },
  };
}

/**
 * How far in from each side of cell `rect` (canvas CSS px) a label keeps, in cell units: the
 * edge margin, or more where a separator line runs along that side (`reach`: how far each
 * kind of separator reaches into the cells beside it, in CSS px; `frame` for other kinds).
 */
function insets(rect, separators, geom, reach) {
  const u = geom.unit;
  const edge = Math.max(EDGE, EDGE_PX / u);
  const lineGap = Math.max(LINE_GAP, LINE_GAP_PX / u);
  const out = { left: edge, right: edge, top: edge, bottom: edge };
  const near = (p, q) => Math.abs(p - q) < 1;
  const overlap = (p0, p1, q0, q1) => Math.min(Math.max(p0, p1), q1) - Math.max(Math.min(p0, p1), q0) > 1;
  const along = (a, b, side) => {
    if (side === 'top' || side === 'bottom') {
      const y = side === 'top' ? rect.y : rect.y + rect.h;
      return near(a.y, y) && near(b.y, y) && overlap(a.x, b.x, rect.x, rect.x + rect.w);
    }
    const x = side === 'left' ? rect.x : rect.x + rect.w;
    return near(a.x, x) && near(b.x, x) && overlap(a.y, b.y, rect.y, rect.y + rect.h);
  };
  for (const s of separators) {
    const a = geom.point(s.x1, s.y1);
    const b = geom.point(s.x2, s.y2);
    const clear = (reach[s.kind] ?? reach.frame) / u + lineGap;
    for (const side of Object.keys(out)) if (along(a, b, side)) out[side] = Math.max(out[side], clear);
  }
  return out;
}

/** The box (cell units) where `label` inks at font size `size` (cells) in `corner`. */
function inkBox({ ink, inset }, corner, size) {
  const k = size / MEASURE_PX;
  const w = (ink.right - ink.left) * k;
  const h = (ink.up + ink.down) * k;
  const x = corner.x === 'left' ? inset.left : 1 - inset.right - w;
  const y = corner.y === 'top' ? inset.top : 1 - inset.bottom - h;
  return { x, y, w, h };
}

/** Whether `label` in `corner` at `size` keeps GAP clear of the pieces' ink (inkInCell). */
function clearOfPieces(ink, label, corner, size) {
  const b = inkBox(label, corner, size);
  if (corner.y === 'bottom') return b.y >= ink.lowest(b.x - GAP, b.x + b.w + GAP) + GAP;
  return b.y + b.h <= ink.highest(b.x - GAP, b.x + b.w + GAP) - GAP;
}

/** The largest size (cells, up to LARGEST) at which every [label, corner] is clear of the pieces. */
function largestClear(ink, placed) {
  const fits = (size) => placed.every(([label, corner]) => clearOfPieces(ink, label, corner, size));
  if (fits(LARGEST)) return LARGEST;
  let lo = 0;
  let hi = LARGEST;
  for (let i = 0; i < 14; i += 1) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid; else hi = mid;
  }
  return lo;
}

/**
 * Where the coordinate labels go on the board drawn by `geom` (layout.js makeGeometry) from
 * `layout`: `labels` as layout.js coordinateLabels gives them, pieces drawn at `pieceScale`
 * of a cell, `kinds` the piece kinds of the game (null: any picture), `reach` as for insets.
 * Returns [{ sq, text, font, x, y (its left-aligned alphabetic baseline, canvas CSS px), box:
 * { x, y, w, h } (where it inks, canvas CSS px) }]; empty where there is no canvas to measure
 * with, or where the labels would be too small to read.
 */
export function placeCoordinates(layout, geom, labels, { pieceScale, kinds, reach }) {
  const pieceInk = inkReach(kinds && kinds.length ? kinds : undefined);
  if (!pieceInk) return [];
  const ink = inkInCell(pieceInk, pieceScale);
  const files = [];
  const ranks = [];
  for (const [sq, lab] of labels) {
    const rect = geom.rect(sq);
    const inset = insets(rect, layout.separators || [], geom, reach);
    if (lab.file) files.push({ sq, rect, inset, text: lab.file, ink: textInk(lab.file) });
    if (lab.rank) ranks.push({ sq, rect, inset, text: lab.rank, ink: textInk(lab.rank) });
  }
  if ([...files, ...ranks].some((l) => !l.ink)) return [];
  // The ranks' corner: whichever lets every label be larger (the first on a tie).
  let best = null;
  for (const corner of RANK_CORNERS) {
    const placed = [...files.map((l) => [l, FILE_CORNER]), ...ranks.map((l) => [l, corner])];
    const size = largestClear(ink, placed);
    if (!best || size > best.size + 0.005) best = { placed, size };
  }
  const px = Math.floor(best.size * geom.unit * 2) / 2;
  if (px < SMALLEST_PX) return [];
  return best.placed.map(([label, corner]) => {
    const { sq, rect, text } = label;
    const u = geom.unit;
    const k = px / MEASURE_PX;
    const b = inkBox(label, corner, px / u);
    const box = { x: rect.x + b.x * u, y: rect.y + b.y * u, w: b.w * u, h: b.h * u };
    return { sq, text, font: labelFont(px), x: box.x - label.ink.left * k, y: box.y + label.ink.up * k, box };
  });
}
