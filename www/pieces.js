// Piece pictures, drawn by us: SVG path data in a 100 x 100 box, used both on the canvas
// (Path2D) and in the promotion picker (inline SVG). No fonts, no images fetched.
// A kind without a picture here is drawn as a disc carrying the piece's letter, so any
// later game renders without changes.

const circle = (cx, cy, r) =>
  `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;

const BASE = 'M 22 81 Q 22 76 27 76 H 73 Q 78 76 78 81 V 88 H 22 Z';

// body: filled and outlined; detail: lines drawn over the body in the contrasting colour;
// dots: small filled marks (eyes, nostrils) in the contrasting colour.
const SHAPES = {
  pawn: {
    body: [
      circle(50, 29, 12),
      'M 36 47 Q 50 40 64 47 L 62 53 H 38 Z',
      'M 40 53 H 60 Q 60 66 70 76 H 30 Q 40 66 40 53 Z',
      BASE,
    ],
    detail: [],
  },
  rook: {
    body: [
      'M 28 13 H 38 V 21 H 45 V 13 H 55 V 21 H 62 V 13 H 72 V 30 Q 72 34 68 34 H 32 Q 28 34 28 30 Z',
      'M 34 34 H 66 L 63 68 H 37 Z',
      'M 30 68 H 70 V 76 H 30 Z',
      BASE,
    ],
    detail: ['M 36 40 H 64'],
  },
  bishop: {
    body: [
      circle(50, 13, 5),
      'M 50 18 C 65 28 70 44 61 58 H 39 C 30 44 35 28 50 18 Z',
      'M 36 58 H 64 V 65 H 36 Z',
      'M 40 65 H 60 L 66 76 H 34 Z',
      BASE,
    ],
    detail: ['M 57 31 L 46 45'],
  },
  knight: {
    body: [
      'M 73 76 C 80 54 77 30 63 18 L 60 7 L 52 16 C 40 18 30 30 19 46 L 19 52 ' +
        'Q 23 61 34 57 L 47 50 C 42 58 32 66 30 76 Z',
      BASE,
    ],
    detail: ['M 66 23 C 72 36 72 56 68 70'],
    dots: [[44, 30, 3.2], [25, 50, 1.8]],
  },
  queen: {
    body: [
      'M 28 70 L 18 31 L 35 52 L 36 23 L 46 50 L 50 18 L 54 50 L 64 23 L 65 52 L 82 31 L 72 70 Z',
      circle(18, 28, 5), circle(36, 20, 5), circle(50, 15, 5), circle(64, 20, 5), circle(82, 28, 5),
      'M 28 70 H 72 L 70 76 H 30 Z',
      BASE,
    ],
    detail: ['M 31 63 H 69'],
  },
  king: {
    body: [
      'M 46 5 H 54 V 12 H 61 V 19 H 54 V 28 H 46 V 19 H 39 V 12 H 46 Z',
      'M 50 27 C 59 27 61 40 50 53 C 39 40 41 27 50 27 Z',
      'M 30 71 C 7 58 15 33 38 42 C 44 44 48 48 50 53 C 52 48 56 44 62 42 ' +
        'C 85 33 93 58 70 71 Z',
      'M 29 70 H 71 L 69 76 H 31 Z',
      BASE,
    ],
    detail: ['M 31 64 Q 50 58 69 64'],
  },
};

const DISC = circle(50, 50, 37);

/** Colours of a piece of `color` ('w' or 'b'): fill, outline, and detail (contrast). */
export function pieceColors(color) {
  return color === 'w'
    ? { fill: '#fbfaf5', line: '#151515', detail: '#151515' }
    : { fill: '#2a2a2a', line: '#000000', detail: '#ececec' };
}

/** True if `kind` has a drawn picture (else it is drawn as a lettered disc). */
export function hasPicture(kind) {
  return Object.prototype.hasOwnProperty.call(SHAPES, kind);
}

const pathCache = new Map();
function paths(kind) {
  if (!pathCache.has(kind)) {
    const s = SHAPES[kind];
    pathCache.set(kind, {
      body: new Path2D(s.body.join(' ')),
      detail: s.detail.length ? new Path2D(s.detail.join(' ')) : null,
      dots: s.dots ? new Path2D(s.dots.map(([x, y, r]) => circle(x, y, r)).join(' ')) : null,
    });
  }
  return pathCache.get(kind);
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
    const p = paths(piece.kind);
    ctx.fillStyle = col.fill;
    ctx.fill(p.body);
    ctx.strokeStyle = col.line;
    ctx.lineWidth = 3.2;
    ctx.stroke(p.body);
    if (p.detail) {
      ctx.strokeStyle = col.detail;
      ctx.lineWidth = 2.6;
      ctx.stroke(p.detail);
    }
    if (p.dots) {
      ctx.fillStyle = col.detail;
      ctx.fill(p.dots);
    }
  } else {
    const disc = pathCache.get('#disc') || new Path2D(DISC);
    pathCache.set('#disc', disc);
    ctx.fillStyle = col.fill;
    ctx.fill(disc);
    ctx.strokeStyle = col.line;
    ctx.lineWidth = 3.2;
    ctx.stroke(disc);
    ctx.fillStyle = col.detail;
    ctx.font = 'bold 44px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(piece.letter || '?').toUpperCase(), 50, 53);
  }
  ctx.restore();
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
    const s = SHAPES[piece.kind];
    add('path', { d: s.body.join(' '), fill: col.fill, stroke: col.line, 'stroke-width': 3.2, ...common });
    if (s.detail.length) {
      add('path', { d: s.detail.join(' '), fill: 'none', stroke: col.detail, 'stroke-width': 2.6, ...common });
    }
    if (s.dots) {
      add('path', { d: s.dots.map(([x, y, r]) => circle(x, y, r)).join(' '), fill: col.detail });
    }
  } else {
    add('path', { d: DISC, fill: col.fill, stroke: col.line, 'stroke-width': 3.2 });
    const t = add('text', {
      x: 50, y: 53, 'text-anchor': 'middle', 'dominant-baseline': 'middle',
      'font-size': 44, 'font-weight': 'bold', 'font-family': 'system-ui, sans-serif', fill: col.detail,
    });
    t.textContent = String(piece.letter || '?').toUpperCase();
  }
  return svg;
}
