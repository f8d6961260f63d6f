// www/board/: the board on the canvas, drawn and animated.
// Piece pictures, drawn by us: SVG path data in a 100 x 100 box, used both on the canvas
// (Path2D) and in the choice picker (inline SVG). No fonts, no images fetched.
// A kind without a picture here is drawn as a disc carrying the piece's letter, so any
// later game renders without changes.
//
// A picture is a list of operations painted in order, each on one path:
//   body   filled with the piece colour and outlined (the silhouette, in layers)
//   line   stroked in the contrasting detail colour (folds, slits, chevrons)
//   mark   filled in the detail colour (eyes, a mask, a star)
//   paint  filled with the piece colour, no outline (a pupil inside a mark)
//   ink    stroked in the outline colour (thin parts such as chains and lashes)
//   bar    a thick stroke in the piece colour with an outline (staffs, spokes)
// An operation may carry `at: [scale, dx, dy]` to draw a smaller copy elsewhere (the knight
// in front of the archbishop and the chancellor); line widths stay the same on screen.

const circle = (cx, cy, r) =>
  `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
// The same circle wound the other way: inside a `circle` it cuts a hole (nonzero rule).
const hole = (cx, cy, r) =>
  `M ${cx - r} ${cy} a ${r} ${r} 0 1 1 ${2 * r} 0 a ${r} ${r} 0 1 1 ${-2 * r} 0 Z`;
const fmt = (v) => Math.round(v * 100) / 100;
/** A star of `n` points, outer radius R, inner radius r, one point straight up. */
const star = (cx, cy, R, r, n = 5) => {
  const pts = [];
  for (let i = 0; i < 2 * n; i++) {
    const a = (Math.PI * i) / n - Math.PI / 2;
    const k = i % 2 ? r : R;
    pts.push(`${fmt(cx + k * Math.cos(a))} ${fmt(cy + k * Math.sin(a))}`);
  }
  return `M ${pts.join(' L ')} Z`;
};
const polar = (cx, cy, r, deg) => {
  const a = (deg * Math.PI) / 180;
  return [fmt(cx + r * Math.cos(a)), fmt(cy + r * Math.sin(a))];
};

const body = (...d) => ({ op: 'body', d: d.join(' ') });
const line = (d, w = 2.6) => ({ op: 'line', d, w });
const mark = (...d) => ({ op: 'mark', d: d.join(' ') });
const paint = (...d) => ({ op: 'paint', d: d.join(' ') });
const ink = (d, w = 2.6) => ({ op: 'ink', d, w });
const bar = (d, w) => ({ op: 'bar', d, w });
const dots = (list) => mark(...list.map(([x, y, r]) => circle(x, y, r)));
/** The operations `ops` drawn scaled by `s` and moved by (dx, dy). */
const at = (s, dx, dy, ops) => ops.map((o) => ({ ...o, at: [s, dx, dy] }));

const OUTLINE = 3.2;
const BASE = 'M 22 81 Q 22 76 27 76 H 73 Q 78 76 78 81 V 88 H 22 Z';
const COLLAR = 'M 30 68 H 70 V 76 H 30 Z';

// The six orthodox pictures, reused by the compound pieces.
const KNIGHT = [
  body('M 73 76 C 80 54 77 30 63 18 L 60 7 L 52 16 C 40 18 30 30 19 46 L 19 52 ' +
    'Q 23 61 34 57 L 47 50 C 42 58 32 66 30 76 Z', BASE),
  line('M 66 23 C 72 36 72 56 68 70'),
  dots([[44, 30, 3.2], [25, 50, 1.8]]),
];
const KNIGHT_HEAD = KNIGHT.map((o) => (o.op === 'body'
  ? { ...o, d: o.d.replace(BASE, '') } : o));
const BISHOP_TOP = [
  body(circle(50, 13, 5), 'M 50 18 C 65 28 70 44 61 58 H 39 C 30 44 35 28 50 18 Z'),
  line('M 57 31 L 46 45'),
];
const BISHOP = [
  body(circle(50, 13, 5), 'M 50 18 C 65 28 70 44 61 58 H 39 C 30 44 35 28 50 18 Z',
    'M 36 58 H 64 V 65 H 36 Z', 'M 40 65 H 60 L 66 76 H 34 Z', BASE),
  line('M 57 31 L 46 45'),
];
const ROOK = [
  body('M 28 13 H 38 V 21 H 45 V 13 H 55 V 21 H 62 V 13 H 72 V 30 Q 72 34 68 34 H 32 Q 28 34 28 30 Z',
    'M 34 34 H 66 L 63 68 H 37 Z', 'M 30 68 H 70 V 76 H 30 Z', BASE),
  line('M 36 40 H 64'),
];
// The knight in front of a compound piece: smaller, to the lower left.
const FRONT_KNIGHT = at(0.74, -3, 20, KNIGHT_HEAD);

const SPOKES = [22.5, 67.5, 112.5, 157.5, 202.5, 247.5, 292.5, 337.5];

const SHAPES = {
  pawn: [
    body(circle(50, 29, 12), 'M 36 47 Q 50 40 64 47 L 62 53 H 38 Z',
      'M 40 53 H 60 Q 60 66 70 76 H 30 Q 40 66 40 53 Z', BASE),
  ],
  rook: ROOK,
  bishop: BISHOP,
  knight: KNIGHT,
  queen: [
    body('M 28 70 L 18 31 L 35 52 L 36 23 L 46 50 L 50 18 L 54 50 L 64 23 L 65 52 L 82 31 L 72 70 Z',
      circle(18, 28, 5), circle(36, 20, 5), circle(50, 15, 5), circle(64, 20, 5), circle(82, 28, 5),
      'M 28 70 H 72 L 70 76 H 30 Z', BASE),
    line('M 31 63 H 69'),
  ],
  king: [
    body('M 46 5 H 54 V 12 H 61 V 19 H 54 V 28 H 46 V 19 H 39 V 12 H 46 Z',
      'M 50 27 C 59 27 61 40 50 53 C 39 40 41 27 50 27 Z',
      'M 30 71 C 7 58 15 33 38 42 C 44 44 48 48 50 53 C 52 48 56 44 62 42 C 85 33 93 58 70 71 Z',
      'M 29 70 H 71 L 69 76 H 31 Z', BASE),
    line('M 31 64 Q 50 58 69 64'),
  ],

  // Bishop + knight: the mitre behind, the knight's head in front.
  archbishop: [
    ...at(1, 16, -4, BISHOP_TOP),
    body('M 52 54 H 80 L 84 76 H 48 Z'),
    ...FRONT_KNIGHT,
    body(BASE),
  ],
  // Rook + knight: the tower behind, the knight's head in front.
  chancellor: [
    ...at(0.9, 21, 2, ROOK.slice(0, 1).map((o) => ({ ...o, d: o.d.replace(BASE, '') }))),
    ...FRONT_KNIGHT,
    body(BASE),
  ],
  // A horned helmet with a nose guard.
  berserker: [
    body('M 33 46 C 20 44 11 32 12 12 C 20 26 28 31 40 34 Z',
      'M 67 46 C 80 44 89 32 88 12 C 80 26 72 31 60 34 Z'),
    body('M 36 56 H 64 L 70 76 H 30 Z'),
    body('M 27 52 C 27 24 73 24 73 52 Z'),
    body('M 24 50 H 76 V 59 H 24 Z'),
    body('M 45 59 H 55 V 69 L 50 74 L 45 69 Z'),
    line('M 50 30 V 49'),
    dots([[31, 54.5, 2], [40, 54.5, 2], [60, 54.5, 2], [69, 54.5, 2]]),
    body(BASE),
  ],
  // A wanderer in a floppy hat, his bundle on a stick over the shoulder.
  vagabond: [
    body('M 29 45 Q 41 38 53 45 L 61 76 H 19 Z'),
    line('M 47 47 Q 47 55 39 58', 2.4),
    body(circle(41, 32, 10)),
    body('M 31 23 C 31 11 51 11 51 23 Z', 'M 21 25 Q 41 15 61 25 Q 61 29 57 29 H 25 Q 21 29 21 25 Z'),
    bar('M 36 60 L 86 15', 4.2),
    body('M 70 23 Q 64 41 80 43 Q 96 41 90 23 Q 80 17 70 23 Z'),
    body('M 77 21 L 72 12 L 80 17 L 88 12 L 84 21 Z'),
    line('M 76 25 Q 74 31 75 37 M 84 25 Q 86 31 85 37', 2.2),
    body(BASE),
  ],
  // A pawn with a sergeant's chevrons on its coat.
  sergeant: [
    body(circle(50, 25, 11)),
    body('M 34 42 Q 50 35 66 42 L 64 47 H 36 Z'),
    body('M 34 47 H 66 Q 66 66 74 76 H 26 Q 34 66 34 47 Z'),
    line('M 38 60 L 50 53 L 62 60', 4.2),
    line('M 37 69 L 50 62 L 63 69', 4.2),
    body(BASE),
  ],
  // A jester's cap with three bells over a grinning face and a ruff.
  trickster: [
    body('M 32 44 C 28 26 19 19 9 23 C 20 24 27 32 42 40 Z',
      'M 68 44 C 72 26 81 19 91 23 C 80 24 73 32 58 40 Z',
      'M 38 42 C 36 24 44 11 56 7 C 52 16 54 30 62 42 Z'),
    body(circle(10, 26, 5), circle(90, 26, 5), circle(58, 8, 5)),
    body('M 30 40 H 70 V 48 H 30 Z'),
    body(circle(50, 57, 10)),
    dots([[46, 55, 1.8], [54, 55, 1.8]]),
    line('M 45 60 Q 50 64 55 60', 2.2),
    body('M 35 67 H 65 L 69 76 H 31 Z'),
    body('M 27 63 H 73 L 69 71 L 62 67 L 56 73 L 50 67 L 44 73 L 38 67 L 31 71 Z'),
    body(BASE),
  ],
  // A wide-brimmed hat over a bandit's mask and a neckerchief.
  outlaw: [
    body('M 30 63 Q 50 56 70 63 L 74 76 H 26 Z'),
    body('M 35 34 H 65 V 50 C 65 60 58 65 50 65 C 42 65 35 60 35 50 Z'),
    mark('M 33 40 H 67 V 50 Q 50 54 33 50 Z'),
    paint(circle(43, 45, 3.2), circle(57, 45, 3.2)),
    body('M 35 31 C 34 14 40 11 50 16 C 60 11 66 14 65 31 Z'),
    body('M 10 32 Q 14 26 30 29 H 70 Q 86 26 90 32 Q 86 38 70 36 H 30 Q 14 38 10 32 Z'),
    body('M 36 62 H 64 L 50 74 Z'),
    body(BASE),
  ],
  // A ship's wheel on a stand.
  driver: [
    body('M 43 60 H 57 L 62 76 H 38 Z'),
    ...SPOKES.map((deg) => bar(`M ${polar(50, 36, 20, deg).join(' ')} L ${polar(50, 36, 29, deg).join(' ')}`, 4.4)),
    body(...SPOKES.map((deg) => circle(...polar(50, 36, 30, deg), 4.2))),
    body(circle(50, 36, 22), hole(50, 36, 15)),
    ink(SPOKES.map((deg) => `M ${polar(50, 36, 6, deg).join(' ')} L ${polar(50, 36, 16, deg).join(' ')}`).join(' '), 3),
    body(circle(50, 36, 6.5)),
    body(BASE),
  ],
  // A merchant's balance: beam, chains and two pans on a post.
  merchant: [
    ink('M 22 27 L 11 52 M 22 27 L 33 52 M 78 27 L 67 52 M 78 27 L 89 52', 2.2),
    body('M 46 24 H 54 V 70 H 46 Z'),
    body('M 16 22 Q 50 18 84 22 V 28 Q 50 24 16 28 Z'),
    body(circle(50, 16, 6)),
    body('M 7 52 H 37 Q 35 63 22 63 Q 9 63 7 52 Z', 'M 63 52 H 93 Q 91 63 78 63 Q 65 63 63 52 Z'),
    body('M 34 68 H 66 L 70 76 H 30 Z'),
    body(BASE),
  ],
  // A pointed hat with a star, a bearded face under its brim.
  wizard: [
    body('M 26 76 Q 28 60 40 55 H 60 Q 72 60 74 76 Z'),
    body('M 36 51 H 64 Q 64 68 50 76 Q 36 68 36 51 Z'),
    line('M 44 62 Q 50 66 56 62', 2.2),
    body('M 31 45 C 40 32 44 17 58 5 C 62 3 66 5 68 9 C 61 12 59 25 69 45 Z'),
    body('M 14 47 Q 50 38 86 47 Q 86 54 79 54 H 21 Q 14 54 14 47 Z'),
    mark(star(52, 31, 8.5, 3.6)),
    body(BASE),
  ],
  // An open eye with lashes, on a stand.
  mystic: [
    ink('M 50 17 V 8 M 35 20 L 30 12 M 65 20 L 70 12 M 22 26 L 15 20 M 78 26 L 85 20', 3),
    body('M 43 54 H 57 L 62 68 H 38 Z', COLLAR),
    body('M 9 38 Q 50 2 91 38 Q 50 74 9 38 Z'),
    mark(circle(50, 38, 13)),
    paint(circle(50, 38, 5)),
    body(BASE),
  ],
  // A pennant flying from a pole.
  scout: [
    body('M 37 12 Q 62 16 88 27 Q 62 36 37 44 Z'),
    line('M 41 22 Q 58 25 72 28', 2.4),
    body('M 31 10 H 38 V 70 H 31 Z'),
    body(circle(34.5, 8, 5)),
    body('M 22 76 Q 24 65 34.5 65 Q 45 65 47 76 Z'),
    body(BASE),
  ],
};

const DISC = circle(50, 50, 37);

/**
 * Piece palettes (the Settings panel's themes choose one, settings.js): per side the fill,
 * outline and detail (contrast) colours. 'contrast': pure white and black.
 */
const PALETTES = Object.freeze({
  classic: {
    w: { fill: '#fbfaf5', line: '#151515', detail: '#151515' },
    b: { fill: '#2a2a2a', line: '#000000', detail: '#ececec' },
  },
  contrast: {
    w: { fill: '#ffffff', line: '#000000', detail: '#000000' },
    b: { fill: '#000000', line: '#000000', detail: '#ffffff' },
  },
});
let palette = PALETTES.classic;

/** Chooses the piece palette `name` ('classic' or 'contrast'; anything else: classic). */
export function setPiecePalette(name) { palette = PALETTES[name] || PALETTES.classic; }

/** Colours of a piece of `color` ('w' or 'b'): fill, outline, and detail (contrast). */
export function pieceColors(color) {
  return { ...(color === 'w' ? palette.w : palette.b) };
}

/** True if `kind` has a drawn picture (else it is drawn as a lettered disc). */
export function hasPicture(kind) {
  return Object.prototype.hasOwnProperty.call(SHAPES, kind);
}

const pathCache = new Map();
/** A Path2D of path data `d`, which it keeps as `svgPath` for svgcontext.js (Save image as SVG). */
function path2d(d) {
  const p = new Path2D(d);
  p.svgPath = d;
  return p;
}
function paths(kind) {
  if (!pathCache.has(kind)) pathCache.set(kind, SHAPES[kind].map((o) => path2d(o.d)));
  return pathCache.get(kind);
}

/** Paints one operation `o` (path `p`) in colours `col` on a context set to the 100-box. */
function paintOp(ctx, o, p, col) {
  const s = o.at ? o.at[0] : 1;
  if (o.at) {
    ctx.save();
    ctx.translate(o.at[1], o.at[2]);
    ctx.scale(s, s);
  }
  const fill = (colour) => {
    ctx.fillStyle = colour;
    ctx.fill(p);
  };
  const stroke = (colour, width) => {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width / s;
    ctx.stroke(p);
  };
  switch (o.op) {
    case 'body': fill(col.fill); stroke(col.line, OUTLINE); break;
    case 'line': stroke(col.detail, o.w); break;
    case 'mark': fill(col.detail); break;
    case 'paint': fill(col.fill); break;
    case 'ink': stroke(col.line, o.w); break;
    // The outline's colour under, the fill's colour over it, narrower.
    case 'bar': stroke(col.line, o.w + 2 * OUTLINE); stroke(col.fill, o.w); break;
    default: break;
  }
  if (o.at) ctx.restore();
}

/**
 * Draws `piece` ({color, kind, letter}) centred at (cx, cy) in a box `size` pixels wide.
 * `alpha` fades it (used for a piece left behind while dragged).
 */
export function drawPiece(ctx, piece, cx, cy, size, alpha = 1) {
  const col = pieceColors(piece.color);
  ctx.save();
  ctx.globalAlpha *= alpha;
  ctx.translate(cx - size / 2, cy - size / 2);
  ctx.scale(size / 100, size / 100);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  if (hasPicture(piece.kind)) {
    const ps = paths(piece.kind);
    SHAPES[piece.kind].forEach((o, i) => paintOp(ctx, o, ps[i], col));
  } else {
    const disc = pathCache.get('#disc') || path2d(DISC);
    pathCache.set('#disc', disc);
    ctx.fillStyle = col.fill;
    ctx.fill(disc);
    ctx.strokeStyle = col.line;
    ctx.lineWidth = OUTLINE;
    ctx.stroke(disc);
    ctx.fillStyle = col.detail;
    ctx.font = 'bold 44px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(piece.letter || '?').toUpperCase(), 50, 53);
  }
  ctx.restore();
}

/** A 2D canvas context of `w` x `h` pixels to draw into and read back, or null (no canvas here). */
export function scratchContext(w, h) {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(w, h).getContext('2d', { willReadFrequently: true });
  if (typeof document === 'undefined') return null;
  return Object.assign(document.createElement('canvas'), { width: w, height: h }).getContext('2d', { willReadFrequently: true });
}

const reachOf = new Map(); // kinds (sorted, joined) -> their ink reach
/**
 * How far up and down the pictures of `kinds` (default: every picture and the lettered disc)
 * reach, column by column: for each of the 100 one-unit columns of the 100 x 100 box, the
 * highest and the lowest point (box units from the top) that any of them inks there, outline
 * and antialiasing included: { top: [100], bottom: [100] }, top 100 and bottom 0 where none
 * does. What is drawn beside the pieces (the coordinates, coordinates.js) keeps clear of them
 * by it. Measured once per set of kinds by drawing them; null where there is no canvas.
 */
export function inkReach(kinds = [...Object.keys(SHAPES), '#disc']) {
  const key = [...new Set(kinds)].sort().join(' ');
  if (reachOf.has(key)) return reachOf.get(key);
  const k = 1; // pixels per box unit: a partly inked pixel counts whole, so this errs outward
  const n = 100 * k;
  const ctx = scratchContext(n, n);
  if (!ctx) return null;
  const top = new Array(100).fill(100);
  const bottom = new Array(100).fill(0);
  for (const kind of key.split(' ')) {
    ctx.clearRect(0, 0, n, n);
    drawPiece(ctx, { color: 'b', kind, letter: 'W' }, n / 2, n / 2, n);
    const px = ctx.getImageData(0, 0, n, n).data;
    const inked = (x, y) => px[(y * n + x) * 4 + 3] > 0;
    for (let x = 0; x < n; x += 1) {
      const col = Math.floor(x / k);
      let y = 0;
      while (y < n && !inked(x, y)) y += 1;
      if (y === n) continue;
      top[col] = Math.min(top[col], y / k);
      y = n - 1;
      while (!inked(x, y)) y -= 1;
      bottom[col] = Math.max(bottom[col], (y + 1) / k);
    }
  }
  const reach = Object.freeze({ top: Object.freeze(top), bottom: Object.freeze(bottom) });
  reachOf.set(key, reach);
  return reach;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An inline <svg> element picturing `piece`, for buttons and lists (decorative: aria-hidden). */
export function pieceSvg(piece) {
  const col = pieceColors(piece.color);
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const add = (name, attrs) => {
    const el = document.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    svg.appendChild(el);
    return el;
  };
  const common = { 'stroke-linejoin': 'round', 'stroke-linecap': 'round' };
  if (hasPicture(piece.kind)) {
    for (const o of SHAPES[piece.kind]) {
      const s = o.at ? o.at[0] : 1;
      const where = o.at ? { transform: `translate(${o.at[1]} ${o.at[2]}) scale(${s})` } : {};
      const path = (attrs) => add('path', { d: o.d, ...common, ...where, ...attrs });
      if (o.op === 'body') path({ fill: col.fill, stroke: col.line, 'stroke-width': OUTLINE / s });
      else if (o.op === 'line') path({ fill: 'none', stroke: col.detail, 'stroke-width': o.w / s });
      else if (o.op === 'mark') path({ fill: col.detail });
      else if (o.op === 'paint') path({ fill: col.fill });
      else if (o.op === 'ink') path({ fill: 'none', stroke: col.line, 'stroke-width': o.w / s });
      else if (o.op === 'bar') {
        path({ fill: 'none', stroke: col.line, 'stroke-width': (o.w + 2 * OUTLINE) / s });
        path({ fill: 'none', stroke: col.fill, 'stroke-width': o.w / s });
      }
    }
  } else {
    add('path', { d: DISC, fill: col.fill, stroke: col.line, 'stroke-width': OUTLINE });
    const t = add('text', {
      x: 50, y: 53, 'text-anchor': 'middle', 'dominant-baseline': 'middle',
      'font-size': 44, 'font-weight': 'bold', 'font-family': 'system-ui, sans-serif', fill: col.detail,
    });
    t.textContent = String(piece.letter || '?').toUpperCase();
  }
  return svg;
}
