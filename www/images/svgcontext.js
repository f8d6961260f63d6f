// www/images/: pictures of the board: positions as PNG and SVG, lines of moves as animated GIFs.
// A recording 2D context: the part of CanvasRenderingContext2D that the board's drawing code
// (draw.js, overlays.js, pieces.js, animdraw.js) uses, writing SVG elements instead of
// pixels. So "Save image" as SVG (image.js) comes from the very code that paints the canvas,
// not from a screenshot, and stays a scalable drawing.
//
// How canvas calls become SVG:
// - Paths built with moveTo/lineTo/arc/ellipse/rect are recorded with the current transform
//   already applied (as a canvas does); arcs become cubic Béziers, exact under any affine map.
// - A Path2D (the piece pictures) carries its SVG path data as `svgPath` (pieces.js puts it
//   there); it is written as a <path> with the current transform as a `transform` attribute.
// - Each fill() and stroke() is an element of its own (a canvas paints them separately too);
//   line widths and dashes are scaled by the transform at the time of the stroke.
// - clip() opens a <g clip-path> that the matching restore() closes; createRadialGradient
//   gives a <radialGradient> in user space, placed by the transform at the time of the fill.
// - clearRect over the whole drawing forgets what was drawn (draw() starts each frame so);
//   a smaller clearRect cannot erase in SVG and is ignored.
// Colours are written as #rrggbb, or as rgb() with a separate opacity when translucent: what
// every SVG viewer reads (rgba() in a fill is newer).

const TAU = Math.PI * 2;
const num = (v) => {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
};
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const mul = (m, n) => [
  m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
];
const apply = (m, x, y) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
/** How much the transform `m` scales lengths (exact for turns and even scales). */
const scaleOf = (m) => Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
const isIdentity = (m) => m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0;
// Matrices keep more digits: a piece's scale is size / 100, where 0.01 is a pixel in 100.
const fine = (v) => String(Math.round(v * 1e5) / 1e5);
const matrixAttr = (m) => `matrix(${m.map(fine).join(' ')})`;

/**
 * The drawing-state properties of a canvas context, each with the test a value must pass to
 * be taken (null: any); like a canvas, the context ignores a value that fails it.
 */
const PROPERTIES = {
  fillStyle: null,
  strokeStyle: null,
  globalAlpha: (v) => Number.isFinite(v) && v >= 0 && v <= 1,
  lineWidth: (v) => Number.isFinite(v) && v > 0,
  lineCap: null,
  lineJoin: null,
  miterLimit: null,
  lineDashOffset: null,
  font: null,
  textAlign: null,
  textBaseline: null,
};

let probe = null;
/**
 * A CSS colour as [rgb, opacity]: any colour a canvas takes (names, hsl(), #rgba, var()
 * values read from style.css) is normalised by a real canvas when there is one.
 */
function colour(value) {
  let s = String(value).trim();
  if (typeof document !== 'undefined') {
    if (!probe) probe = document.createElement('canvas').getContext('2d');
    if (probe) {
      probe.fillStyle = '#000';
      probe.fillStyle = s;
      s = String(probe.fillStyle);
    }
  }
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(s);
  if (m) {
    let a = m[4] === undefined ? 1 : parseFloat(m[4]);
    if (m[4] && m[4].endsWith('%')) a /= 100;
    return [`rgb(${Math.round(m[1])},${Math.round(m[2])},${Math.round(m[3])})`, a];
  }
  if (s === 'transparent') return ['rgb(0,0,0)', 0];
  return [s, 1];
}

/** A canvas font ("600 12px system-ui, sans-serif") as SVG text attributes. */
function fontAttrs(font) {
  const m = /^\s*(?:(italic|oblique)\s+)?(?:(normal|bold|bolder|lighter|\d{3})\s+)?([\d.]+)px\s+(.+)$/i.exec(font || '');
  if (!m) return { 'font-size': 10, 'font-family': 'sans-serif' };
  const out = { 'font-size': num(parseFloat(m[3])), 'font-family': m[4].trim() };
  if (m[1]) out['font-style'] = m[1];
  if (m[2] && m[2] !== 'normal') out['font-weight'] = m[2];
  return out;
}
const ANCHOR = { left: 'start', start: 'start', center: 'middle', right: 'end', end: 'end' };
const BASELINE = {
  top: 'text-before-edge', hanging: 'hanging', middle: 'central', alphabetic: 'alphabetic',
  ideographic: 'ideographic', bottom: 'text-after-edge',
};

/** A radial gradient as createRadialGradient returns it; written once it is used. */
class RadialGradient {
  constructor(args) { this.args = args; this.stops = []; }
  addColorStop(offset, c) { this.stops.push([offset, c]); }
}

/**
 * A recording context of `width` x `height` CSS pixels. Draw on it as on a canvas's 2D
 * context, then `toSVG({ title })` gives the SVG document's text.
 */
export function makeSvgContext(width, height) {
  const defs = [];
  let ids = 0;
  const nextId = (p) => `${p}${++ids}`;
  // Open containers: the root, then one per clip() still in force ({ parts, depth }).
  let groups = [{ parts: [], depth: 0, attrs: '' }];
  const out = (s) => groups[groups.length - 1].parts.push(s);

  let state = {
    m: [1, 0, 0, 1, 0, 0], fillStyle: '#000', strokeStyle: '#000', globalAlpha: 1, lineWidth: 1,
    lineCap: 'butt', lineJoin: 'miter', miterLimit: 10, dash: [], lineDashOffset: 0,
    font: '10px sans-serif', textAlign: 'start', textBaseline: 'alphabetic',
  };
  const stack = [];
  let path = []; // path commands in drawing (already transformed) coordinates
  let current = null; // the current point, transformed, or null (no subpath)
  let subStart = null;

  /** Closes the clip groups opened at save depth deeper than `depth`. */
  function closeGroups(depth) {
    while (groups.length > 1 && groups[groups.length - 1].depth > depth) {
      const g = groups.pop();
      out(`<g${g.attrs}>${g.parts.join('')}</g>`);
    }
  }

  function paint(style, kind) {
    if (style instanceof RadialGradient) {
      const id = nextId('g');
      const [x0, y0, r0, x1, y1, r1] = style.args;
      const stops = style.stops.map(([o, c]) => {
        const [rgb, a] = colour(c);
        return `<stop offset="${num(o)}" stop-color="${esc(rgb)}"${a < 1 ? ` stop-opacity="${num(a)}"` : ''}/>`;
      }).join('');
      const t = isIdentity(state.m) ? '' : ` gradientTransform="${matrixAttr(state.m)}"`;
      defs.push(`<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${num(x1)}" cy="${num(y1)}" r="${num(r1)}" fx="${num(x0)}" fy="${num(y0)}" fr="${num(r0)}"${t}>${stops}</radialGradient>`);
      return { v: `url(#${id})`, a: state.globalAlpha, kind };
    }
    const [rgb, a] = colour(style);
    return { v: rgb, a: a * state.globalAlpha, kind };
  }
  const paintAttrs = (p) => ` ${p.kind}="${esc(p.v)}"${p.a < 1 ? ` ${p.kind}-opacity="${num(p.a)}"` : ''}`;

  /** Stroke attributes with widths scaled by `k` (1 when the transform is an attribute). */
  function strokeAttrs(k) {
    let s = ` stroke-width="${num(state.lineWidth * k)}"`;
    if (state.lineCap !== 'butt') s += ` stroke-linecap="${state.lineCap}"`;
    if (state.lineJoin !== 'miter') s += ` stroke-linejoin="${state.lineJoin}"`;
    else s += ` stroke-miterlimit="${num(state.miterLimit)}"`; // a canvas's default is 10, SVG's 4
    if (state.dash.length) {
      s += ` stroke-dasharray="${state.dash.map((d) => num(d * k)).join(' ')}"`;
      if (state.lineDashOffset) s += ` stroke-dashoffset="${num(state.lineDashOffset * k)}"`;
    }
    return s;
  }

  const pathData = () => path.join(' ');
  const moveT = (x, y) => {
    const [px, py] = apply(state.m, x, y);
    path.push(`M${num(px)} ${num(py)}`);
    current = [px, py];
    subStart = [px, py];
  };
  const lineT = (x, y) => {
    if (!current) { moveT(x, y); return; }
    const [px, py] = apply(state.m, x, y);
    path.push(`L${num(px)} ${num(py)}`);
    current = [px, py];
  };

  /**
   * An elliptical arc (centre, radii, turn of the ellipse, angles as a canvas takes them),
   * as cubic Béziers of at most a quarter turn each.
   */
  function ellipseArc(cx, cy, rx, ry, rot, a0, a1, ccw) {
    let sweep;
    if (!ccw) sweep = a1 - a0 >= TAU ? TAU : ((a1 - a0) % TAU + TAU) % TAU;
    else sweep = a0 - a1 >= TAU ? -TAU : -(((a0 - a1) % TAU + TAU) % TAU);
    const cos = Math.cos(rot);
    const sin = Math.sin(rot);
    const at = (a) => {
      const ex = rx * Math.cos(a);
      const ey = ry * Math.sin(a);
      return [cx + ex * cos - ey * sin, cy + ex * sin + ey * cos];
    };
    const d = (a) => { // derivative
      const ex = -rx * Math.sin(a);
      const ey = ry * Math.cos(a);
      return [ex * cos - ey * sin, ex * sin + ey * cos];
    };
    const [sx, sy] = at(a0);
    lineT(sx, sy); // a canvas joins the arc to the path with a line (a move if none)
    const n = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
    const step = sweep / n;
    const k = (4 / 3) * Math.tan(step / 4);
    for (let i = 0; i < n; i++) {
      const s = a0 + i * step;
      const e = s + step;
      const p0 = at(s);
      const p3 = at(e);
      const d0 = d(s);
      const d3 = d(e);
      const c1 = apply(state.m, p0[0] + k * d0[0], p0[1] + k * d0[1]);
      const c2 = apply(state.m, p3[0] - k * d3[0], p3[1] - k * d3[1]);
      const q = apply(state.m, p3[0], p3[1]);
      path.push(`C${num(c1[0])} ${num(c1[1])} ${num(c2[0])} ${num(c2[1])} ${num(q[0])} ${num(q[1])}`);
      current = q;
    }
  }

  const ctx = {
    canvas: { width, height },
    save() { stack.push(state); state = { ...state, dash: [...state.dash] }; },
    restore() {
      if (!stack.length) return;
      state = stack.pop();
      closeGroups(stack.length);
    },
    setTransform(a, b, c, d, e, f) {
      state.m = typeof a === 'object' ? [a.a, a.b, a.c, a.d, a.e, a.f] : [a, b, c, d, e, f];
    },
    resetTransform() { state.m = [1, 0, 0, 1, 0, 0]; },
    transform(a, b, c, d, e, f) { state.m = mul(state.m, [a, b, c, d, e, f]); },
    translate(x, y) { state.m = mul(state.m, [1, 0, 0, 1, x, y]); },
    scale(x, y) { state.m = mul(state.m, [x, 0, 0, y, 0, 0]); },
    rotate(a) { state.m = mul(state.m, [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0]); },
    setLineDash(list) { state.dash = Array.from(list || []).filter((v) => Number.isFinite(v) && v >= 0); },
    getLineDash() { return [...state.dash]; },

    beginPath() { path = []; current = null; subStart = null; },
    moveTo(x, y) { moveT(x, y); },
    lineTo(x, y) { lineT(x, y); },
    closePath() {
      if (!current) return;
      path.push('Z');
      current = subStart;
    },
    rect(x, y, w, h) {
      moveT(x, y);
      lineT(x + w, y);
      lineT(x + w, y + h);
      lineT(x, y + h);
      path.push('Z');
      current = subStart;
    },
    arc(x, y, r, a0, a1, ccw = false) { ellipseArc(x, y, r, r, 0, a0, a1, ccw); },
    ellipse(x, y, rx, ry, rot, a0, a1, ccw = false) { ellipseArc(x, y, rx, ry, rot, a0, a1, ccw); },

    fill(p) {
      if (p && p.svgPath) { out(pieceOf(p, paintAttrs(paint(state.fillStyle, 'fill')))); return; }
      if (!path.length) return;
      out(`<path d="${pathData()}"${paintAttrs(paint(state.fillStyle, 'fill'))}/>`);
    },
    stroke(p) {
      if (p && p.svgPath) {
        out(pieceOf(p, ` fill="none"${paintAttrs(paint(state.strokeStyle, 'stroke'))}${strokeAttrs(1)}`));
        return;
      }
      if (!path.length) return;
      out(`<path d="${pathData()}" fill="none"${paintAttrs(paint(state.strokeStyle, 'stroke'))}${strokeAttrs(scaleOf(state.m))}/>`);
    },
    clip() {
      if (!path.length) return;
      const id = nextId('c');
      defs.push(`<clipPath id="${id}"><path d="${pathData()}"/></clipPath>`);
      groups.push({ parts: [], depth: stack.length, attrs: ` clip-path="url(#${id})"` });
    },
    fillRect(x, y, w, h) { rectAlone(x, y, w, h, 'fill'); },
    strokeRect(x, y, w, h) { rectAlone(x, y, w, h, 'stroke'); },
    clearRect(x, y, w, h) {
      const [ax, ay] = apply(state.m, x, y);
      const [bx, by] = apply(state.m, x + w, y + h);
      const covers = Math.min(ax, bx) <= 0 && Math.min(ay, by) <= 0 && Math.max(ax, bx) >= width && Math.max(ay, by) >= height;
      if (covers && groups.length === 1) { groups[0].parts = []; defs.length = 0; }
    },
    fillText(text, x, y) {
      const f = fontAttrs(state.font);
      const attrs = Object.entries(f).map(([k, v]) => ` ${k}="${esc(v)}"`).join('');
      const anchor = ANCHOR[state.textAlign] || 'start';
      const base = BASELINE[state.textBaseline] || 'alphabetic';
      const t = isIdentity(state.m) ? '' : ` transform="${matrixAttr(state.m)}"`;
      out(`<text x="${num(x)}" y="${num(y)}"${t}${attrs}${anchor !== 'start' ? ` text-anchor="${anchor}"` : ''}${base !== 'alphabetic' ? ` dominant-baseline="${base}"` : ''}${paintAttrs(paint(state.fillStyle, 'fill'))}>${esc(text)}</text>`);
    },
    createRadialGradient(...args) { return new RadialGradient(args); },

    /** The SVG document: `title` (optional) names it for screen readers and file viewers. */
    toSVG({ title = '' } = {}) {
      closeGroups(-1);
      const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">`;
      const t = title ? `<title>${esc(title)}</title>` : '';
      const d = defs.length ? `<defs>${defs.join('')}</defs>` : '';
      return `${head}${t}${d}${groups[0].parts.join('')}</svg>\n`;
    },
  };
  for (const [name, accepts] of Object.entries(PROPERTIES)) {
    Object.defineProperty(ctx, name, {
      get: () => state[name],
      set: (v) => { if (!accepts || accepts(v)) state[name] = v; },
      enumerable: true,
    });
  }

  /** A rectangle painted by `paint` ('fill' or 'stroke') leaving the current path as it was, as a canvas's fillRect and strokeRect do. */
  function rectAlone(x, y, w, h, paint) {
    const saved = [path, current, subStart];
    ctx.beginPath();
    ctx.rect(x, y, w, h);
    ctx[paint]();
    [path, current, subStart] = saved;
  }

  /** A Path2D from pieces.js, painted with `attrs`, placed by the current transform. */
  function pieceOf(p, attrs) {
    const t = isIdentity(state.m) ? '' : ` transform="${matrixAttr(state.m)}"`;
    return `<path d="${esc(p.svgPath)}"${t}${attrs}/>`;
  }

  return ctx;
}
