// www/board/: the board on the canvas, drawn and animated.
// From a move's ordered effects to a timeline of animation tracks. Knows no game: each
// animation is chosen by the effect's kind (move how, remove why, promote, transform, place,
// swap) and placed with the layout (cell centres, the board's bounds, the 4-D panels).
//
// Every piece a move touches becomes an "entity" that the animation draws for the whole
// timeline (before its first track in that track's start state, after its last in the end
// state); the renderer hides the resting pieces on those squares meanwhile. So the same
// timeline played backwards shows an undo.

/** Relative lengths of each kind of phase, in units of the base duration (config.animationMs). */
const LENGTH = {
  slide: 1, step: 0.8, leap: 1, castle: 1, jump: 1.15, wrap: 1.3, shift: 1.3, bounce: 1.3,
  pull: 1, push: 1, switch: 1, swap: 1, removal: 0.8, glyph: 0.9, drop: 1,
};
/** A capture starts fading this long (in base durations) before the mover reaches it. */
const FADE_BEFORE = 0.3;
const FADE_AFTER = 0.1;

/** The animation kind of a move effect's `how`. */
function moveKind(how) {
  switch (how) {
    case 'castle-king': case 'castle-rook': return 'castle';
    case 'pulled': return 'pull';
    case 'pushed': return 'push';
    case 'slide': case 'leap': case 'step': case 'jump': case 'wrap': case 'shift': case 'bounce': return how;
    default: return 'slide';
  }
}

/** The animation kind of a removal (`victim`: the piece removed). */
function removeKind(why, victim) {
  switch (why) {
    case 'capture': case 'en-passant': return 'capture';
    case 'custodian': return victim && victim.kind === 'king' ? 'backstab' : 'custodian';
    case 'rage': case 'absorb': case 'outlaw': case 'destroyed': return why;
    default: return 'capture';
  }
}

/** Per-layout facts the animations need, cached on the layout object. */
export function layoutInfo(layout) {
  if (layout.__anim) return layout.__anim;
  const cells = new Map(layout.cells.map((c) => [c.sq, c]));
  let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
  for (const c of layout.cells) {
    minX = Math.min(minX, c.x); minY = Math.min(minY, c.y);
    maxX = Math.max(maxX, c.x + 1); maxY = Math.max(maxY, c.y + 1);
  }
  // Panel frames (the 4-D drawing): the distinct x of vertical and y of horizontal edges.
  const panels = (layout.separators || []).filter((s) => s.kind === 'panel');
  const xs = [...new Set(panels.filter((s) => s.x1 === s.x2).map((s) => s.x1))].sort((a, b) => a - b);
  const ys = [...new Set(panels.filter((s) => s.y1 === s.y2).map((s) => s.y1))].sort((a, b) => a - b);
  const info = {
    cells,
    bounds: { x: minX, y: minY, w: maxX - minX, h: maxY - minY },
    /** A cell's centre in cell units, or null. */
    centre(sq) {
      const c = cells.get(sq);
      return c ? { x: c.x + 0.5, y: c.y + 0.5 } : null;
    },
    /** The panel frame (cell units) around a point, or null on boards without panels. */
    panelAt(pt) {
      if (!xs.length || !ys.length) return null;
      const x0 = xs.filter((x) => x <= pt.x).pop();
      const x1 = xs.find((x) => x > pt.x);
      const y0 = ys.filter((y) => y <= pt.y).pop();
      const y1 = ys.find((y) => y > pt.y);
      if ([x0, x1, y0, y1].includes(undefined)) return null;
      return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    },
  };
  Object.defineProperty(layout, '__anim', { value: info, enumerable: false });
  return info;
}

const samePanel = (a, b) => a && b && a.x === b.x && a.y === b.y;

/**
 * The way off the board and back for a wraparound from `a` to `b` (cell-unit centres): per
 * axis, the shorter of the direct and the wrapped displacement. Returns the off-board point
 * the piece heads for and the one it comes back in from, or null if nothing wraps.
 */
export function wrapPath(a, b, bounds) {
  const axis = (d, size) => {
    const alt = d - Math.sign(d) * size;
    return Math.abs(alt) < Math.abs(d) ? { d: alt, wrapped: true } : { d, wrapped: false };
  };
  const x = axis(b.x - a.x, bounds.w);
  const y = axis(b.y - a.y, bounds.h);
  if (!x.wrapped && !y.wrapped) return null;
  return {
    out: { x: a.x + x.d, y: a.y + y.d },
    in: { x: b.x - x.d, y: b.y - y.d },
  };
}

/** How far (0..1) along the path a -> (via) -> b the point p lies, or null if not on it. */
export function fractionAlong(a, via, b, p) {
  const segs = via ? [[a, via], [via, b]] : [[a, b]];
  const lens = segs.map(([s, e]) => Math.hypot(e.x - s.x, e.y - s.y));
  const total = lens.reduce((x, y) => x + y, 0);
  if (!total) return null;
  let before = 0;
  for (let i = 0; i < segs.length; i++) {
    const [s, e] = segs[i];
    const dx = e.x - s.x; const dy = e.y - s.y;
    const cross = (p.x - s.x) * dy - (p.y - s.y) * dx;
    const along = lens[i] ? ((p.x - s.x) * dx + (p.y - s.y) * dy) / lens[i] : 0;
    if (Math.abs(cross) / (lens[i] || 1) < 0.05 && along >= -1e-6 && along <= lens[i] + 1e-6) {
      return (before + along) / total;
    }
    before += lens[i];
  }
  return null;
}

/** Cubic ease in and out: how far along a piece is at time fraction t. */
export const easeInOut = (t) => {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
};
/** The time fraction at which easeInOut reaches `f` (bisection). */
function easeTimeOf(f) {
  let lo = 0; let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (easeInOut(mid) < f) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Builds the timeline of `move` (a move view: effects with cell indices) played from the
 * pieces `before` (per cell, null for empty).
 * @param {object} opts  { ms: base duration, draggedFrom: the cell a hand dragged from (its
 *   piece is already at its destination), dropOrigin(color): {x, y} in canvas CSS pixels of
 *   the hand a dropped piece comes from, or null for the board edge on the mover's side }
 * @returns {{ tracks, entities: Map<id, track[]>, total, touched: Set<number>, kinds: string[],
 *   effects: string[], text }}
 */
export function buildTimeline(move, before, layout, opts = {}) {
  const d = Math.max(0, opts.ms || 0);
  const info = layoutInfo(layout);
  const ctr = (sq) => info.centre(sq);
  const effects = (move && move.effects) || [];

  // 1. Replay the effects on the touched squares, one proto track per effect.
  const board = new Map();
  const entities = new Map();
  let nextId = 0;
  const entity = (piece) => {
    const id = nextId++;
    entities.set(id, []);
    return { id, piece };
  };
  const occupant = (sq) => {
    if (!board.has(sq)) board.set(sq, before && before[sq] ? entity(before[sq]) : null);
    return board.get(sq);
  };
  const touched = new Set();
  const protos = [];
  let lastLanding = null; // where the last moving piece ended (custodian and rage point from it)
  const swapKind = move && move.choice && move.choice.kind === 'castle' ? 'castle' : 'switch';
  for (const e of effects) {
    if (e.type === 'move') {
      touched.add(e.from); touched.add(e.to);
      const who = occupant(e.from);
      const kind = moveKind(e.how);
      const a = ctr(e.from); const b = ctr(e.to);
      const p = {
        group: 'move', kind, effect: `move:${e.how}`, who, piece: who && who.piece,
        from: a, to: b, via: e.via != null ? ctr(e.via) : null, fromSq: e.from, toSq: e.to,
      };
      if (kind === 'wrap') p.wrap = wrapPath(a, b, info.bounds);
      if (kind === 'jump') p.over = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      protos.push(p);
      board.set(e.from, null);
      board.set(e.to, who);
      lastLanding = b;
    } else if (e.type === 'swap') {
      touched.add(e.a); touched.add(e.b);
      const x = occupant(e.a); const y = occupant(e.b);
      const a = ctr(e.a); const b = ctr(e.b);
      protos.push({ group: 'move', kind: swapKind, effect: 'swap', who: x, piece: x && x.piece, from: a, to: b, fromSq: e.a, toSq: e.b, bend: 1 });
      protos.push({ group: 'move', kind: swapKind, effect: 'swap', who: y, piece: y && y.piece, from: b, to: a, fromSq: e.b, toSq: e.a, bend: 1 });
      board.set(e.a, y);
      board.set(e.b, x);
    } else if (e.type === 'remove') {
      touched.add(e.at);
      const who = occupant(e.at);
      const kind = removeKind(e.why, who && who.piece);
      let toward = lastLanding;
      if (kind === 'absorb' && move.from != null) toward = ctr(move.from);
      protos.push({ group: 'remove', kind, effect: `remove:${e.why}`, who, piece: who && who.piece, at: ctr(e.at), atSq: e.at, toward });
      board.set(e.at, null);
    } else if (e.type === 'promote' || e.type === 'transform') {
      touched.add(e.at);
      const who = occupant(e.at);
      protos.push({ group: 'glyph', kind: e.type, effect: e.type, who, piece: who && who.piece, into: e.piece, at: ctr(e.at) });
      if (who) who.piece = e.piece;
    } else if (e.type === 'place') {
      touched.add(e.at);
      const who = entity(e.piece);
      const origin = opts.dropOrigin ? opts.dropOrigin(e.piece.color) : null;
      const at = ctr(e.at);
      // Without a hand on the page: from just past the board edge on the mover's side
      // (White's side is the bottom of the drawing).
      const edge = at && { x: at.x, y: e.piece.color === 'w' ? info.bounds.y + info.bounds.h + 0.6 : info.bounds.y - 0.6 };
      protos.push({ group: 'drop', kind: 'drop', effect: 'place', who, piece: e.piece, at, originPx: origin || null, originCell: origin ? null : edge });
      board.set(e.at, who);
    }
  }

  // 2. Time: moves in a row play together; removals before them happen as the mover passes
  // (or arrives); removals after them, glyph changes and drops each get a phase of their own.
  const tracks = [];
  const add = (p, t0, t1) => {
    const tr = { ...p, t0, t1 };
    delete tr.who;
    tr.entity = p.who ? p.who.id : null;
    tracks.push(tr);
    return tr;
  };
  const isMove = (p) => p.group === 'move';
  let t = 0;
  let i = 0;
  const pending = [];
  while (i < protos.length) {
    const p = protos[i];
    if (p.group === 'remove') {
      let j = i;
      while (j < protos.length && protos[j].group === 'remove') j++;
      if (j < protos.length && isMove(protos[j])) {
        pending.push(...protos.slice(i, j));
        i = j;
        continue;
      }
      // A phase per kind, in order (rage victims together, both custodians together...).
      let k = i;
      while (k < j) {
        let m = k;
        while (m < j && protos[m].kind === protos[k].kind) m++;
        const dur = d * LENGTH.removal;
        for (const r of protos.slice(k, m)) add(r, t, t + dur);
        t += dur;
        k = m;
      }
      i = j;
    } else if (isMove(p)) {
      let j = i;
      while (j < protos.length && isMove(protos[j])) j++;
      const block = protos.slice(i, j);
      const dur = d * Math.max(...block.map((b) => LENGTH[b.kind] || 1));
      let end = t + dur;
      const movers = [];
      const draggedAt = opts.draggedFrom == null ? -1 : block.findIndex((x) => x.fromSq === opts.draggedFrom);
      block.forEach((b, k) => {
        // The piece the hand dragged is already there: it does not travel again.
        const dragged = k === draggedAt;
        movers.push({ b, dragged });
        add({ ...b, dragged }, t, dragged ? t : t + dur);
      });
      const alone = movers.every((m) => m.dragged);
      if (alone) end = t;
      for (const r of pending) {
        // When does a mover reach the victim's square?
        let pass = null;
        for (const { b, dragged } of movers) {
          const f = b.from && b.to && r.at ? fractionAlong(b.from, b.via, b.to, r.at) : null;
          if (f != null && f > 0) {
            const when = dragged ? t : t + dur * easeTimeOf(f);
            pass = pass == null ? when : Math.min(pass, when);
          }
        }
        if (pass == null) pass = alone ? t : t + dur;
        const t0 = Math.max(t, pass - d * FADE_BEFORE);
        const t1 = Math.max(t0 + d * (FADE_BEFORE + FADE_AFTER), pass + d * FADE_AFTER);
        add(r, t0, t1);
        end = Math.max(end, t1);
      }
      pending.length = 0;
      t = end;
      i = j;
    } else if (p.group === 'glyph') {
      let j = i;
      while (j < protos.length && protos[j].group === 'glyph') j++;
      const dur = d * LENGTH.glyph;
      for (const g of protos.slice(i, j)) add(g, t, t + dur);
      t += dur;
      i = j;
    } else {
      const dur = d * LENGTH.drop;
      add(p, t, t + dur);
      t += dur;
      i++;
    }
  }
  for (const r of pending) add(r, t, t + d * LENGTH.removal);
  if (pending.length) t += d * LENGTH.removal;
  const total = t;

  // 3. Overlays: the piece acting in place (a driver's pull, push, switch or absorb) and
  // moves between the small boards of a 4-D drawing.
  if (move && move.from != null && move.from === move.to) {
    const who = occupant(move.from);
    touched.add(move.from);
    if (who) add({ group: 'act', kind: 'act', effect: 'act', who, piece: who.piece, at: ctr(move.from) }, 0, total);
  }
  for (const tr of [...tracks]) {
    if (tr.group !== 'move' || !tr.from || !tr.to) continue;
    const pa = info.panelAt(tr.from);
    const pb = info.panelAt(tr.to);
    if (pa && pb && !samePanel(pa, pb)) {
      tr.crossing = true; // drawn as a hop from board to board, not through the pieces between
      tracks.push({ group: 'overlay', kind: 'cross', effect: tr.effect, entity: null, from: tr.from, to: tr.to, panels: [pa, pb], t0: tr.t0, t1: Math.max(tr.t1, tr.t0 + d * 0.8) });
    }
  }

  for (const tr of tracks) if (tr.entity != null) entities.get(tr.entity).push(tr);
  for (const list of entities.values()) list.sort((a, b) => a.t0 - b.t0);
  return {
    text: move ? move.text : '',
    tracks,
    entities,
    total: Math.max(total, ...tracks.map((x) => x.t1), 0),
    touched,
    bounds: info.bounds,
    kinds: tracks.map((x) => x.kind),
    // Where each drop comes from: 'hand' (a hand element on the page) or 'edge'.
    dropsFrom: tracks.filter((x) => x.kind === 'drop').map((x) => (x.originPx ? 'hand' : 'edge')),
    effects: effects.map((e) => (e.type === 'move' ? `move:${e.how}` : e.type === 'remove' ? `remove:${e.why}` : e.type)),
  };
}

/** Every square `move` touches (its from and to, and where its effects act): the last move's highlight. */
export function touchedSquares(move) {
  if (!move) return null;
  const out = new Set([move.from, move.to]);
  for (const e of move.effects || []) {
    if (e.type === 'swap') { out.add(e.a); out.add(e.b); } else {
      for (const k of ['from', 'to', 'at']) if (e[k] != null) out.add(e[k]);
    }
  }
  out.delete(null);
  out.delete(undefined);
  return [...out];
}

/**
 * The box (cell units: { x0, y0, x1, y1 }) of every point a timeline's tracks name: where its
 * pieces start, pass and end, what they jump, the panels they cross. What animdraw.js draws
 * for it lies within a piece's reach of this box (and a jump's height above it).
 */
export function timelineReach(timeline) {
  let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
  const add = (p) => {
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return;
    x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
  };
  for (const tr of timeline.tracks) {
    for (const k of ['from', 'to', 'via', 'over', 'at', 'toward', 'originCell']) add(tr[k]);
    if (tr.wrap) { add(tr.wrap.out); add(tr.wrap.in); }
    for (const r of tr.panels || []) { add({ x: r.x, y: r.y }); add({ x: r.x + r.w, y: r.y + r.h }); }
  }
  return x1 < x0 ? null : { x0, y0, x1, y1 };
}
