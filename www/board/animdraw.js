// www/board/: the board on the canvas, drawn and animated.
// Draws a running animation (a timeline from effects.js at time T) over the board: pieces in
// flight, removals, links, glyph changes and the marks that make each effect kind readable.
// Pure drawing, called by draw.js once per frame; knows no game.

import { drawPiece } from './pieces.js';
import { easeInOut } from './effects.js';

const ANIM_VARS = {
  accent: '--anim-accent', burst: '--anim-burst', glyph: '--anim-glyph', trick: '--anim-trick',
  shadow: '--anim-shadow',
};
const FALLBACK = { accent: '#0b57d0', burst: '#d32f2f', glyph: '#e0a800', trick: '#8e24aa', shadow: 'rgba(0,0,0,0.25)' };
const themes = new WeakMap();

/** Animation colours from CSS custom properties (style.css), read once per theme object. */
function colours(ctx, theme) {
  let c = themes.get(theme);
  if (!c) {
    c = { ...FALLBACK };
    if (ctx.canvas && typeof getComputedStyle === 'function' && ctx.canvas.isConnected) {
      const cs = getComputedStyle(ctx.canvas);
      for (const [k, v] of Object.entries(ANIM_VARS)) c[k] = cs.getPropertyValue(v).trim() || FALLBACK[k];
    }
    themes.set(theme, c);
  }
  return c;
}

/** The squares whose resting pieces the animation draws itself (hidden from the still board). */
export function animHidden(anim) {
  return anim && anim.timeline ? anim.timeline.touched : EMPTY;
}
const EMPTY = new Set();

const clamp01 = (x) => Math.min(1, Math.max(0, x));
const lerp = (a, b, k) => ({ x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k });
const bump = (p) => Math.sin(Math.PI * clamp01(p));

/** Progress of `tr` at time T: 0 before it, 1 after it. */
function progress(tr, T) {
  if (tr.t1 <= tr.t0) return T >= tr.t0 ? 1 : 0;
  return clamp01((T - tr.t0) / (tr.t1 - tr.t0));
}

/** Point along a -> (via) -> b at fraction k of its length. */
function along(a, via, b, k) {
  if (!via) return lerp(a, b, k);
  const l1 = Math.hypot(via.x - a.x, via.y - a.y);
  const l2 = Math.hypot(b.x - via.x, b.y - via.y);
  const s = k * (l1 + l2);
  return s <= l1 ? lerp(a, via, l1 ? s / l1 : 1) : lerp(via, b, l2 ? (s - l1) / l2 : 1);
}

/**
 * Draws the animation `anim` ({T, timeline}) with geometry `geom` (cell units -> canvas CSS
 * pixels), `size` the piece size in pixels and `pieces` the board's pieces now.
 */
export function drawAnimation(ctx, anim, geom, theme, size, pieces) {
  if (!anim || !anim.timeline) return;
  const { T, timeline } = anim;
  const col = colours(ctx, theme);
  const u = geom.unit;
  const px = (pt) => geom.point(pt.x, pt.y);

  const piece = (p, at, o = {}) => {
    if (!p || !at) return;
    const alpha = o.alpha ?? 1;
    if (alpha <= 0.01) return;
    ctx.save();
    ctx.translate(at.x, at.y);
    if (o.rot) ctx.rotate(o.rot);
    const s = o.scale ?? 1;
    if (s < 0.01) { ctx.restore(); return; }
    ctx.scale((o.sx ?? 1) * s, (o.sy ?? 1) * s);
    drawPiece(ctx, p, 0, 0, size, alpha);
    ctx.restore();
  };
  const ring = (at, r, colour, alpha, w = u * 0.07, dash = null) => {
    if (alpha <= 0.01 || r <= 0) return;
    ctx.save();
    ctx.globalAlpha = Math.min(1, alpha);
    ctx.strokeStyle = colour;
    ctx.lineWidth = w;
    if (dash) ctx.setLineDash(dash);
    ctx.beginPath();
    ctx.arc(at.x, at.y, r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  };
  const segment = (a, b, colour, alpha, w, dash = null) => {
    if (alpha <= 0.01) return;
    ctx.save();
    ctx.globalAlpha = Math.min(1, alpha);
    ctx.strokeStyle = colour;
    ctx.lineWidth = w;
    ctx.lineCap = 'round';
    if (dash) ctx.setLineDash(dash);
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
    ctx.restore();
  };
  const shadow = (at, k) => {
    ctx.save();
    ctx.fillStyle = col.shadow;
    ctx.globalAlpha = 0.3 + 0.7 * (1 - k);
    ctx.beginPath();
    ctx.ellipse(at.x, at.y + size * 0.32, size * 0.3 * (1 - 0.3 * k), size * 0.08, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  };

  // Overlays under the pieces: panel crossings, shift links, bounce points, jumped agents.
  for (const tr of timeline.tracks) {
    if (T < tr.t0 || T > tr.t1 || tr.t1 <= tr.t0) continue;
    const p = progress(tr, T);
    if (tr.kind === 'cross') drawCross(tr, p);
    else if (tr.kind === 'shift' && tr.from && tr.to) {
      const a = px(tr.from); const b = px(tr.to);
      const k = bump(p);
      segment(a, b, col.accent, 0.9 * k, Math.max(2, u * 0.07), [u * 0.16, u * 0.12]);
      ring(a, u * 0.42, col.accent, k * (1 - p));
      ring(b, u * 0.42, col.accent, k * p);
    } else if (tr.kind === 'bounce' && tr.via && !tr.dragged) {
      const a = px(tr.from); const v = px(tr.via); const b = px(tr.to);
      const k = bump(p) * 0.6;
      segment(a, v, col.accent, k, Math.max(2, u * 0.05), [u * 0.1, u * 0.1]);
      segment(v, b, col.accent, k, Math.max(2, u * 0.05), [u * 0.1, u * 0.1]);
      // The bounce point flashes as the piece turns there.
      const l1 = Math.hypot(tr.via.x - tr.from.x, tr.via.y - tr.from.y);
      const l2 = Math.hypot(tr.to.x - tr.via.x, tr.to.y - tr.via.y);
      const turn = l1 / (l1 + l2 || 1);
      const near = 1 - Math.min(1, Math.abs(easeInOut(p) - turn) * 4);
      ring(v, u * (0.25 + 0.25 * near), col.accent, 0.35 + 0.65 * near, Math.max(2, u * 0.08));
    } else if (tr.kind === 'jump' && tr.over && !tr.dragged) {
      const o = px(tr.over);
      ring(o, u * (0.4 + 0.1 * bump(p)), col.burst, bump(p), Math.max(2, u * 0.06), [u * 0.08, u * 0.08]);
    } else if (tr.kind === 'act' && tr.at) {
      const a = px(tr.at);
      for (const off of [0, 0.5]) {
        const q = (p * 2 + off) % 1;
        ring(a, u * (0.3 + 0.45 * q), col.accent, (1 - q) * 0.9, Math.max(2, u * 0.06));
      }
    }
  }

  // Entities: where each touched piece is now.
  const layers = [[], [], []]; // removals, on the ground, in the air
  for (const list of timeline.entities.values()) {
    if (!list.length) continue;
    let tr = list[0];
    for (const x of list) if (x.t0 <= T) tr = x;
    const p = T < list[0].t0 ? 0 : progress(tr, T);
    const layer = tr.group === 'remove' ? 0 : (tr.kind === 'leap' || tr.kind === 'jump' || tr.kind === 'drop' || tr.crossing) && p > 0 && p < 1 ? 2 : 1;
    layers[layer].push([tr, p]);
  }
  for (const layer of layers) for (const [tr, p] of layer) drawEntity(tr, p);

  function drawEntity(tr, p) {
    const pc = tr.piece || (tr.to && pieces[tr.toSq]) || null;
    switch (tr.group) {
      case 'move': return drawMove(tr, p, pc);
      case 'remove': return drawRemove(tr, p, pc);
      case 'glyph': return drawGlyph(tr, p);
      case 'drop': return drawDrop(tr, p);
      case 'act': {
        const k = bump(Math.min(1, p * 2)) * 0.18 + bump(Math.max(0, p * 2 - 1)) * 0.1;
        return piece(pc, px(tr.at), { scale: 1 + k });
      }
      default: return undefined;
    }
  }

  function drawMove(tr, p, pc) {
    if (!tr.from || !tr.to) return;
    if (tr.dragged) { piece(pc, px(tr.to)); return; }
    const e = easeInOut(p);
    const a = px(tr.from); const b = px(tr.to);
    const dist = Math.hypot(tr.to.x - tr.from.x, tr.to.y - tr.from.y);
    switch (tr.kind) {
      case 'leap':
      case 'jump': {
        const ground = lerp(a, b, e);
        const h = bump(e) * u * (tr.kind === 'jump' ? 0.95 : 0.3 + 0.12 * dist);
        if (p > 0 && p < 1) shadow(ground, bump(e));
        piece(pc, { x: ground.x, y: ground.y - h }, { scale: 1 + bump(e) * (tr.kind === 'jump' ? 0.28 : 0.18) });
        return;
      }
      case 'wrap': {
        if (!tr.wrap) { piece(pc, lerp(a, b, e)); return; }
        // Out past one edge, back in from the opposite one, clipped to the board.
        const first = p < 0.5;
        const at = first ? lerp(a, px(tr.wrap.out), easeInOut(p * 2)) : lerp(px(tr.wrap.in), b, easeInOut(p * 2 - 1));
        const bd = timeline.bounds;
        const c1 = px({ x: bd.x, y: bd.y }); const c2 = px({ x: bd.x + bd.w, y: bd.y + bd.h });
        ctx.save();
        ctx.beginPath();
        ctx.rect(Math.min(c1.x, c2.x), Math.min(c1.y, c2.y), Math.abs(c2.x - c1.x), Math.abs(c2.y - c1.y));
        ctx.clip();
        piece(pc, at);
        // Where it leaves and where it comes back: a bright mark on the edge.
        const exitAt = lerp(a, px(tr.wrap.out), 0.5); const entryAt = lerp(px(tr.wrap.in), b, 0.5);
        ring(first ? exitAt : entryAt, u * 0.35, col.accent, bump(p * 2 - (first ? 0 : 1)), Math.max(2, u * 0.08));
        ctx.restore();
        return;
      }
      case 'shift': {
        if (p < 0.45) { const k = p / 0.45; piece(pc, a, { alpha: 1 - k, scale: 1 - 0.45 * k }); } else if (p > 0.55) { const k = (p - 0.55) / 0.45; piece(pc, b, { alpha: k, scale: 0.55 + 0.45 * k }); }
        if (p === 0) piece(pc, a);
        if (p === 1) piece(pc, b);
        return;
      }
      case 'bounce': {
        piece(pc, along(a, px(tr.via || tr.from), b, e));
        return;
      }
      default: {
        // Slides, steps, castling, driver moves; switches bow round the driver, to either
        // side; a move to another small board of a 4-D drawing hops there.
        let at = lerp(a, b, e);
        if (tr.crossing) {
          if (p > 0 && p < 1) shadow(at, bump(e));
          piece(pc, { x: at.x, y: at.y - bump(e) * u * (0.3 + 0.08 * dist) }, { scale: 1 + 0.15 * bump(e) });
          return;
        }
        const bow = tr.bend ? 0.9 : tr.effect === 'move:castle-rook' ? 0.28 : 0;
        if (bow) {
          const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
          const n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
          at = { x: at.x + n.x * bow * u * bump(e), y: at.y + n.y * bow * u * bump(e) };
        }
        piece(pc, at);
        if ((tr.kind === 'pull' || tr.kind === 'push') && p > 0 && p < 1) {
          segment(a, at, col.accent, 0.6 * bump(p), Math.max(2, u * 0.05), [u * 0.06, u * 0.08]);
        }
      }
    }
  }

  function drawRemove(tr, p, pc) {
    if (!tr.at) return;
    const at = px(tr.at);
    if (p >= 1) return;
    if (p <= 0) { piece(pc, at); return; } // not yet
    switch (tr.kind) {
      case 'rage': {
        const shake = Math.sin(p * 40) * u * 0.05 * (1 - p);
        ring(at, u * (0.25 + 0.5 * p), col.burst, 1 - p, Math.max(2, u * 0.1));
        piece(pc, { x: at.x + shake, y: at.y }, { scale: 1 + 0.35 * p, alpha: 1 - p });
        return;
      }
      case 'custodian':
      case 'backstab': {
        // Squeezed between the merchants: along the line from the one that moved.
        const from = tr.toward ? px(tr.toward) : { x: at.x - u, y: at.y };
        const horiz = Math.abs(from.x - at.x) >= Math.abs(from.y - at.y);
        const squeeze = 1 - 0.85 * p;
        const gap = u * (0.5 - 0.32 * p);
        const bar = (s) => (horiz
          ? segment({ x: at.x + s * gap, y: at.y - u * 0.35 }, { x: at.x + s * gap, y: at.y + u * 0.35 }, col.burst, bump(p) + 0.2, Math.max(2, u * 0.08))
          : segment({ x: at.x - u * 0.35, y: at.y + s * gap }, { x: at.x + u * 0.35, y: at.y + s * gap }, col.burst, bump(p) + 0.2, Math.max(2, u * 0.08)));
        piece(pc, at, horiz ? { sx: squeeze, alpha: 1 - p * p } : { sy: squeeze, alpha: 1 - p * p });
        bar(-1); bar(1);
        if (tr.kind === 'backstab') {
          // A blade across the king.
          const k = clamp01(p * 2);
          const s = { x: at.x - u * 0.45, y: at.y + u * 0.45 };
          segment(s, { x: s.x + u * 0.9 * k, y: s.y - u * 0.9 * k }, col.burst, 1 - p * 0.5, Math.max(3, u * 0.12));
          ring(at, u * (0.45 + 0.3 * p), col.burst, 1 - p, Math.max(2, u * 0.08));
        }
        return;
      }
      case 'absorb': {
        const to = tr.toward ? px(tr.toward) : at;
        piece(pc, lerp(at, to, easeInOut(p)), { scale: 1 - 0.75 * p, alpha: 1 - 0.6 * p });
        return;
      }
      case 'outlaw': {
        const k = clamp01(p * 1.5);
        segment({ x: at.x - u * 0.35 * k, y: at.y - u * 0.35 * k }, { x: at.x + u * 0.35 * k, y: at.y + u * 0.35 * k }, col.burst, 1 - p * 0.6, Math.max(2, u * 0.09));
        segment({ x: at.x + u * 0.35 * k, y: at.y - u * 0.35 * k }, { x: at.x - u * 0.35 * k, y: at.y + u * 0.35 * k }, col.burst, 1 - p * 0.6, Math.max(2, u * 0.09));
        piece(pc, at, { rot: p * Math.PI * 0.5, scale: 1 - 0.4 * p, alpha: 1 - p });
        return;
      }
      case 'destroyed': {
        // A burst: rays outward, the piece spinning away.
        ctx.save();
        ctx.strokeStyle = col.burst;
        ctx.lineWidth = Math.max(2, u * 0.07);
        ctx.globalAlpha = 1 - p;
        ctx.beginPath();
        for (let i = 0; i < 8; i++) {
          const ang = (i * Math.PI) / 4;
          const r0 = u * (0.2 + 0.3 * p); const r1 = u * (0.35 + 0.4 * p);
          ctx.moveTo(at.x + Math.cos(ang) * r0, at.y + Math.sin(ang) * r0);
          ctx.lineTo(at.x + Math.cos(ang) * r1, at.y + Math.sin(ang) * r1);
        }
        ctx.stroke();
        ctx.restore();
        piece(pc, at, { rot: p * Math.PI, scale: 1 - 0.7 * p, alpha: 1 - p });
        return;
      }
      default:
        piece(pc, at, { scale: 1 - 0.4 * p, alpha: 1 - p });
    }
  }

  function drawGlyph(tr, p) {
    if (!tr.at) return;
    const at = px(tr.at);
    if (tr.kind === 'promote') {
      ring(at, u * (0.3 + 0.25 * p), col.glyph, bump(p), Math.max(2, u * 0.09));
      // The old glyph shrinks away, the new one grows past its size and settles.
      const q = (p - 0.5) * 2;
      if (p < 0.5) piece(tr.piece, at, { scale: 1 - p * 2 });
      else piece(tr.into, at, { scale: q < 0.75 ? (q / 0.75) * 1.12 : 1.12 - 0.12 * ((q - 0.75) / 0.25) });
      return;
    }
    // A trick: the piece turns over like a card and shows its new face.
    ring(at, u * 0.46, col.trick, bump(p), Math.max(2, u * 0.07), [u * 0.1, u * 0.07]);
    const sx = Math.abs(Math.cos(Math.PI * p));
    piece(p < 0.5 ? tr.piece : tr.into, at, { sx: Math.max(0.02, sx) });
  }

  function drawDrop(tr, p) {
    if (!tr.at || p <= 0) return;
    const to = px(tr.at);
    const from = tr.originPx || (tr.originCell ? px(tr.originCell) : to);
    const e = easeInOut(p);
    const at = lerp(from, to, e);
    piece(tr.piece, { x: at.x, y: at.y - bump(e) * u * 0.35 }, { scale: 0.75 + 0.25 * e });
    if (p > 0.7) ring(to, u * (0.3 + 0.2 * (p - 0.7) / 0.3), col.accent, (1 - p) / 0.3, Math.max(2, u * 0.06));
  }

  function drawCross(tr, p) {
    // A move between the small boards: both frames light up, a dashed trail joins them.
    const [pa, pb] = tr.panels;
    const box = (r, alpha) => {
      const c1 = px({ x: r.x, y: r.y }); const c2 = px({ x: r.x + r.w, y: r.y + r.h });
      ctx.save();
      ctx.globalAlpha = alpha;
      ctx.strokeStyle = col.accent;
      ctx.lineWidth = Math.max(2, u * 0.1);
      ctx.strokeRect(Math.min(c1.x, c2.x), Math.min(c1.y, c2.y), Math.abs(c2.x - c1.x), Math.abs(c2.y - c1.y));
      ctx.restore();
    };
    box(pa, 0.9 * (1 - p) + 0.1);
    box(pb, 0.2 + 0.8 * bump(p));
    segment(px(tr.from), px(tr.to), col.accent, 0.7 * bump(p), Math.max(2, u * 0.06), [u * 0.12, u * 0.1]);
  }
}
