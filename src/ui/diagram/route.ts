/**
 * Orthogonal edge routing around boxes: an edge leaves its source box from a side, travels in
 * horizontal and vertical segments that never cross another box, and enters its target from a
 * side. A* over the sparse grid made of the obstacles' sides (plus the endpoints' centre lines and
 * the middles of the channels between boxes), costing length, bends, and running closer than
 * MARGIN to a box. Pure and deterministic: unit-tested as data.
 */

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Clearance an edge keeps from boxes when it can. */
export const MARGIN = 5;
/** A bend costs as much as this many pixels of length. */
const BEND = 24;
/** Running inside a box's margin costs this many times its length, per box (a gap narrower than two margins counts twice). */
const SQUEEZE = 5;
/** Running along an earlier edge costs this fraction of its length: edges to the same place share a trunk. */
const SHARED = 0.55;

/**
 * The stretches earlier edges already run along, so later ones join them (bundling): horizontal
 * stretches by their y, vertical ones by their x.
 */
export class Trunks {
  private h = new Map<number, [number, number][]>();
  private v = new Map<number, [number, number][]>();
  add(points: readonly Point[]): void {
    for (let k = 1; k < points.length; k++) {
      const a = points[k - 1]!;
      const b = points[k]!;
      if (a.y === b.y) push(this.h, a.y, Math.min(a.x, b.x), Math.max(a.x, b.x));
      else if (a.x === b.x) push(this.v, a.x, Math.min(a.y, b.y), Math.max(a.y, b.y));
    }
  }
  /** Horizontal stretches on line `y`. */
  onH(y: number): readonly [number, number][] {
    return this.h.get(y) ?? [];
  }
  /** Vertical stretches on line `x`. */
  onV(x: number): readonly [number, number][] {
    return this.v.get(x) ?? [];
  }
}

function push(m: Map<number, [number, number][]>, key: number, lo: number, hi: number): void {
  const list = m.get(key);
  if (list) list.push([lo, hi]);
  else m.set(key, [[lo, hi]]);
}

const DX = [1, 0, -1, 0];
const DY = [0, 1, 0, -1];

function uniqueSorted(values: number[]): number[] {
  const s = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of s) if (!out.length || v - out[out.length - 1]! > 1.5) out.push(v);
  return out;
}

/** The first index of sorted `list` whose value is ≥ v. */
function lowerBound(list: readonly number[], v: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function strictlyInside(px: number, py: number, r: Rect): boolean {
  return px > r.x + 0.01 && px < r.x + r.w - 0.01 && py > r.y + 0.01 && py < r.y + r.h - 0.01;
}

function inflate(r: Rect, m: number): Rect {
  return { x: r.x - m, y: r.y - m, w: r.w + 2 * m, h: r.h + 2 * m };
}

/** Lines through a box an edge may leave or enter by: its centre and, on long sides, spread ports. */
function portLines(lo: number, size: number): number[] {
  const out = [lo + size / 2];
  if (size >= 90) for (let f = 1; f < 6; f++) if (f !== 3) out.push(lo + (size * f) / 6);
  return out.map(Math.round);
}

/** A min-heap of state indices keyed by f-cost (ties by insertion order, so results are deterministic). */
class Heap {
  private keys: number[] = [];
  private vals: number[] = [];
  private seqs: number[] = [];
  private n = 0;
  get size(): number {
    return this.vals.length;
  }
  push(key: number, val: number): void {
    const seq = this.n++;
    let i = this.vals.length;
    this.keys.push(key);
    this.vals.push(val);
    this.seqs.push(seq);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.keys[p]! < key || (this.keys[p] === key && this.seqs[p]! < seq)) break;
      this.keys[i] = this.keys[p]!;
      this.vals[i] = this.vals[p]!;
      this.seqs[i] = this.seqs[p]!;
      i = p;
    }
    this.keys[i] = key;
    this.vals[i] = val;
    this.seqs[i] = seq;
  }
  pop(): number {
    const top = this.vals[0]!;
    const key = this.keys.pop()!;
    const val = this.vals.pop()!;
    const seq = this.seqs.pop()!;
    const n = this.vals.length;
    if (!n) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && (this.keys[r]! < this.keys[l]! || (this.keys[r] === this.keys[l] && this.seqs[r]! < this.seqs[l]!)) ? r : l;
      if (key < this.keys[c]! || (key === this.keys[c] && seq < this.seqs[c]!)) break;
      this.keys[i] = this.keys[c]!;
      this.vals[i] = this.vals[c]!;
      this.seqs[i] = this.seqs[c]!;
      i = c;
    }
    this.keys[i] = key;
    this.vals[i] = val;
    this.seqs[i] = seq;
    return top;
  }
}

/** Drops points where the path goes straight on. */
export function simplify(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    if (out.length && out[out.length - 1]!.x === p.x && out[out.length - 1]!.y === p.y) continue;
    if (out.length >= 2) {
      const a = out[out.length - 2]!;
      const b = out[out.length - 1]!;
      if ((a.x === b.x && b.x === p.x) || (a.y === b.y && b.y === p.y)) out.pop();
    }
    out.push(p);
  }
  return out;
}

/**
 * The grid a route is searched on: the obstacles' (inflated) sides, the channels' middles and the
 * endpoints' ports, with every step's standing computed once per box rather than per step.
 * Horizontal step (i,j)→(i+1,j) is index j*(W-1)+i; vertical step (i,j)→(i,j+1) is i*(H-1)+j.
 */
class Grid {
  readonly xs: number[];
  readonly ys: number[];
  readonly W: number;
  readonly H: number;
  /** The step runs through a box. */
  private readonly hBlocked: Uint8Array;
  private readonly vBlocked: Uint8Array;
  /** How many boxes' margins the step runs in. */
  private readonly hTight: Uint8Array;
  private readonly vTight: Uint8Array;
  /** The step lies on an earlier edge. */
  private readonly hShared: Uint8Array;
  private readonly vShared: Uint8Array;

  constructor(a: Rect, b: Rect, obstacles: readonly Rect[], keepOff: readonly Rect[], trunks: Trunks | undefined, margin: number) {
    const soft = [...obstacles, ...keepOff].map((o) => inflate(o, margin));
    // The endpoints block too: a route leaves one and enters the other, never runs through either.
    const all = [...obstacles, a, b];
    const lines = (lo: (r: Rect) => number, size: (r: Rect) => number): number[] => {
      const min = Math.min(...all.map(lo)) - 4 * margin;
      const max = Math.max(...all.map((r) => lo(r) + size(r))) + 4 * margin;
      const raw: number[] = [min, max, ...portLines(lo(a), size(a)), ...portLines(lo(b), size(b))];
      const sides = uniqueSorted(soft.flatMap((r) => [lo(r), lo(r) + size(r)]));
      raw.push(...sides);
      // The middle of every channel between boxes, so edges run down the middle of a gap.
      for (let i = 0; i + 1 < sides.length; i++) if (sides[i + 1]! - sides[i]! > 2 * margin) raw.push(Math.round((sides[i]! + sides[i + 1]!) / 2));
      const out = uniqueSorted(raw.filter((v) => v >= min && v <= max));
      // The endpoints' own sides, exactly: routes start and end on them.
      for (const v of [lo(a), lo(a) + size(a), lo(b), lo(b) + size(b)]) if (!out.includes(v)) out.push(v);
      return out.sort((p, q) => p - q);
    };
    this.xs = lines((r) => r.x, (r) => r.w);
    this.ys = lines((r) => r.y, (r) => r.h);
    this.W = this.xs.length;
    this.H = this.ys.length;
    const hn = this.H * (this.W - 1);
    const vn = this.W * (this.H - 1);
    this.hBlocked = new Uint8Array(hn);
    this.vBlocked = new Uint8Array(vn);
    this.hTight = new Uint8Array(hn);
    this.vTight = new Uint8Array(vn);
    this.hShared = new Uint8Array(hn);
    this.vShared = new Uint8Array(vn);
    for (const r of all) this.mark(r, this.hBlocked, this.vBlocked, false);
    for (const r of soft) this.mark(r, this.hTight, this.vTight, true);
    if (trunks) this.markTrunks(trunks);
  }

  /** Steps on lines strictly inside the box that overlap it (however thin the box). */
  private mark(r: Rect, h: Uint8Array, v: Uint8Array, count: boolean): void {
    const { xs, ys, W, H } = this;
    for (let j = lowerBound(ys, r.y + 0.01); j < H && ys[j]! < r.y + r.h - 0.01; j++)
      for (let i = Math.max(0, lowerBound(xs, r.x + 0.01) - 1); i < W - 1 && xs[i]! < r.x + r.w - 0.01; i++) {
        if (xs[i + 1]! > r.x + 0.01) h[j * (W - 1) + i] = count ? h[j * (W - 1) + i]! + 1 : 1;
      }
    for (let i = lowerBound(xs, r.x + 0.01); i < W && xs[i]! < r.x + r.w - 0.01; i++)
      for (let j = Math.max(0, lowerBound(ys, r.y + 0.01) - 1); j < H - 1 && ys[j]! < r.y + r.h - 0.01; j++) {
        if (ys[j + 1]! > r.y + 0.01) v[i * (H - 1) + j] = count ? v[i * (H - 1) + j]! + 1 : 1;
      }
  }

  private markTrunks(trunks: Trunks): void {
    const { xs, ys, W, H } = this;
    for (let j = 0; j < H; j++)
      for (const [lo, hi] of trunks.onH(ys[j]!)) for (let i = lowerBound(xs, lo - 0.01); i < W - 1 && xs[i + 1]! <= hi + 0.01; i++) this.hShared[j * (W - 1) + i] = 1;
    for (let i = 0; i < W; i++)
      for (const [lo, hi] of trunks.onV(xs[i]!)) for (let j = lowerBound(ys, lo - 0.01); j < H - 1 && ys[j + 1]! <= hi + 0.01; j++) this.vShared[i * (H - 1) + j] = 1;
  }

  /** The cost of one step from grid point (i,j) in direction d, or Infinity. */
  stepCost(i: number, j: number, d: number): number {
    const { xs, ys, W, H } = this;
    const i2 = i + DX[d]!;
    const j2 = j + DY[d]!;
    if (i2 < 0 || j2 < 0 || i2 >= W || j2 >= H) return Infinity;
    const horizontal = d === 0 || d === 2;
    const k = d === 0 ? j * (W - 1) + i : d === 2 ? j * (W - 1) + i2 : d === 1 ? i * (H - 1) + j : i * (H - 1) + j2;
    if ((horizontal ? this.hBlocked : this.vBlocked)[k]) return Infinity;
    const len = Math.abs(xs[i2]! - xs[i]!) + Math.abs(ys[j2]! - ys[j]!);
    const tight = (horizontal ? this.hTight : this.vTight)[k]!;
    if (tight) return len * (1 + SQUEEZE * tight);
    return (horizontal ? this.hShared : this.vShared)[k] ? len * SHARED : len;
  }

  /** The outward direction of the side of `r` grid point (i,j) lies on, or -1. */
  side(r: Rect, i: number, j: number): number {
    const x = this.xs[i]!;
    const y = this.ys[j]!;
    const inX = x > r.x && x < r.x + r.w;
    const inY = y > r.y && y < r.y + r.h;
    if (inX && Math.abs(y - r.y) < 0.01) return 3;
    if (inX && Math.abs(y - r.y - r.h) < 0.01) return 1;
    if (inY && Math.abs(x - r.x) < 0.01) return 2;
    if (inY && Math.abs(x - r.x - r.w) < 0.01) return 0;
    return -1;
  }
}

/** How far a port on side `d` of `r` at grid point (i,j) is from that side's middle. */
function offMiddle(g: Grid, r: Rect, i: number, j: number, d: number): number {
  return d === 1 || d === 3 ? Math.abs(g.xs[i]! - (r.x + r.w / 2)) : Math.abs(g.ys[j]! - (r.y + r.h / 2));
}

/**
 * The route from box `a` to box `b` avoiding `obstacles` (which must not include `a` or `b`):
 * points from a point on `a`'s border to a point on `b`'s border, or undefined when every way is
 * walled off. `keepOff` boxes (zero-width lines too) only add margins: the edge may cross them
 * but not run along them. `trunks`: earlier edges, which this one joins where it can.
 */
export function routeEdge(a: Rect, b: Rect, obstacles: readonly Rect[], trunks?: Trunks, keepOff: readonly Rect[] = [], margin = MARGIN): Point[] | undefined {
  const grid = new Grid(a, b, obstacles, keepOff, trunks, margin);
  const { xs, ys, W, H } = grid;
  // State: grid point × direction of arrival (bends cost, so direction matters).
  const targetSide = new Int8Array(W * H).fill(-1);
  for (let i = 0; i < W; i++) for (let j = 0; j < H; j++) targetSide[j * W + i] = grid.side(b, i, j);
  const toB = (i: number, j: number): number => Math.max(0, b.x - xs[i]!, xs[i]! - b.x - b.w) + Math.max(0, b.y - ys[j]!, ys[j]! - b.y - b.h);
  const N = W * H * 4;
  const g = new Float64Array(N).fill(Infinity);
  const prev = new Int32Array(N).fill(-1);
  const closed = new Uint8Array(N);
  const heap = new Heap();
  const blocked = (x: number, y: number): boolean => obstacles.some((r) => strictlyInside(x, y, r));
  for (let i = 0; i < W; i++)
    for (let j = 0; j < H; j++) {
      const d = grid.side(a, i, j);
      if (d < 0 || blocked(xs[i]!, ys[j]!)) continue;
      const s = (j * W + i) * 4 + d;
      // Leaving from the middle of a side is nicer than from near a corner.
      const cost = offMiddle(grid, a, i, j, d) * 0.25;
      if (cost < g[s]!) {
        g[s] = cost;
        heap.push(cost + toB(i, j), s);
      }
    }
  let goal = -1;
  while (heap.size) {
    const s = heap.pop();
    if (closed[s]) continue;
    closed[s] = 1;
    const d = s & 3;
    const v = s >> 2;
    const i = v % W;
    const j = (v - i) / W;
    const here = targetSide[v]!;
    // Arrived: on b's border, moving into it (the opposite of that side's outward direction).
    if (here >= 0 && (here + 2) % 4 === d && prev[s] !== -1) {
      goal = s;
      break;
    }
    for (let nd = 0; nd < 4; nd++) {
      // Never back on itself; the first step leaves the source box straight out of its side.
      if (nd === (d + 2) % 4 || (prev[s] === -1 && nd !== d)) continue;
      const c = grid.stepCost(i, j, nd);
      if (c === Infinity) continue;
      const ni = i + DX[nd]!;
      const nj = j + DY[nd]!;
      const ns = (nj * W + ni) * 4 + nd;
      // Arriving near a corner of the target costs a little, as leaving near one does.
      const side = targetSide[nj * W + ni]!;
      const entry = side >= 0 && (side + 2) % 4 === nd ? offMiddle(grid, b, ni, nj, side) * 0.25 : 0;
      const cost = g[s]! + c + (nd === d ? 0 : BEND) + entry;
      if (cost < g[ns]!) {
        g[ns] = cost;
        prev[ns] = s;
        heap.push(cost + toB(ni, nj), ns);
      }
    }
  }
  if (goal < 0) return undefined;
  const pts: Point[] = [];
  for (let s = goal; s !== -1; s = prev[s]!) {
    const v = s >> 2;
    const i = v % W;
    pts.push({ x: xs[i]!, y: ys[(v - i) / W]! });
  }
  return simplify(pts.reverse());
}

/** Total length of a polyline. */
export function pathLength(points: readonly Point[]): number {
  let len = 0;
  for (let k = 1; k < points.length; k++) len += Math.abs(points[k]!.x - points[k - 1]!.x) + Math.abs(points[k]!.y - points[k - 1]!.y);
  return len;
}

/** SVG path data through the points, with corners rounded by up to `radius`. */
export function pathData(points: readonly Point[], radius = 6): string {
  if (!points.length) return '';
  const p0 = points[0]!;
  let d = `M ${p0.x} ${p0.y}`;
  for (let k = 1; k < points.length - 1; k++) {
    const a = points[k - 1]!;
    const p = points[k]!;
    const c = points[k + 1]!;
    const r = Math.min(radius, (Math.abs(p.x - a.x) + Math.abs(p.y - a.y)) / 2, (Math.abs(c.x - p.x) + Math.abs(c.y - p.y)) / 2);
    const inX = Math.sign(p.x - a.x);
    const inY = Math.sign(p.y - a.y);
    const outX = Math.sign(c.x - p.x);
    const outY = Math.sign(c.y - p.y);
    d += ` L ${p.x - inX * r} ${p.y - inY * r} Q ${p.x} ${p.y} ${p.x + outX * r} ${p.y + outY * r}`;
  }
  const last = points[points.length - 1]!;
  if (points.length > 1) d += ` L ${last.x} ${last.y}`;
  return d;
}

/** The point `t` (0..1) of the way along a polyline. */
export function pointAt(points: readonly Point[], t: number): Point {
  const total = pathLength(points);
  let left = Math.max(0, Math.min(1, t)) * total;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1]!;
    const b = points[k]!;
    const seg = Math.abs(b.x - a.x) + Math.abs(b.y - a.y);
    if (left <= seg && seg > 0) return { x: a.x + ((b.x - a.x) * left) / seg, y: a.y + ((b.y - a.y) * left) / seg };
    left -= seg;
  }
  return points[points.length - 1] ?? { x: 0, y: 0 };
}

function overlapArea(p: Rect, q: Rect): number {
  const w = Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x);
  const h = Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Where a label of `size` sits beside a route: the spot nearest the middle of the path, just off
 * the line (above or below a horizontal stretch, left or right of a vertical one), that covers no
 * box in `avoid`; further off the line when every spot beside it is taken; beside one of the
 * `ends` (the boxes it joins) when the route is too short to hold it. When every spot covers
 * something, the one covering least.
 */
export function labelBeside(points: readonly Point[], size: { w: number; h: number }, avoid: readonly Rect[], ends: readonly Rect[] = [], gap = 4): Rect {
  const total = pathLength(points);
  let best: Rect | undefined;
  let bestScore = Infinity;
  const steps = Math.max(8, Math.ceil(total / 8));
  for (const away of [0, size.h + 4, 2 * (size.h + 4)]) {
    for (let k = 0; k <= steps; k++) {
      // Outward from the middle: 0.5, 0.5±1/steps, …
      const off = Math.ceil(k / 2) / steps;
      const t = k % 2 ? 0.5 + off : 0.5 - off;
      if (t < 0 || t > 1) continue;
      const p = pointAt(points, t);
      const seg = segmentAt(points, t);
      const horizontal = seg.a.y === seg.b.y;
      const d = gap + away;
      // Centred on the point, or reaching from it to either side.
      const spots: Rect[] = horizontal
        ? [-size.w / 2, -size.w + 8, -8].flatMap((dx) => [
            { x: p.x + dx, y: p.y - d - size.h, w: size.w, h: size.h },
            { x: p.x + dx, y: p.y + d, w: size.w, h: size.h },
          ])
        : [-size.h / 2, -size.h + 4, -4].flatMap((dy) => [
            { x: p.x + d, y: p.y + dy, w: size.w, h: size.h },
            { x: p.x - d - size.w, y: p.y + dy, w: size.w, h: size.h },
          ]);
      for (const r of spots) {
        const covered = avoid.reduce((sum, o) => sum + overlapArea(r, o), 0);
        if (covered === 0) return round(r);
        const score = covered * 1000 + Math.abs(t - 0.5) * total + away;
        if (score < bestScore) {
          bestScore = score;
          best = r;
        }
      }
    }
  }
  // A short edge in a narrow gap has no room beside it: next to one of its ends, then.
  for (const end of ends) {
    const r = labelNear(end, size, avoid, gap);
    if (!avoid.some((o) => overlapArea(r, o) > 0)) return r;
  }
  return nearestFree(pointAt(points, 0.5), size, avoid) ?? round(best ?? { x: points[0]?.x ?? 0, y: points[0]?.y ?? 0, w: size.w, h: size.h });
}

/** The free spot for a label closest to `p`, searched in growing square rings (a crowded corner of the picture). */
function nearestFree(p: Point, size: { w: number; h: number }, avoid: readonly Rect[], step = 8, reach = 240): Rect | undefined {
  const free = (x: number, y: number): Rect | undefined => {
    const r = { x: Math.round(x - size.w / 2), y: Math.round(y - size.h / 2), w: size.w, h: size.h };
    return avoid.some((o) => overlapArea(r, o) > 0) ? undefined : r;
  };
  for (let ring = 1; ring * step <= reach; ring++) {
    const d = ring * step;
    for (let k = -ring; k <= ring; k++) {
      const hit = free(p.x + k * step, p.y - d) ?? free(p.x + k * step, p.y + d) ?? free(p.x - d, p.y + k * step) ?? free(p.x + d, p.y + k * step);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** Where a label sits beside a box (a message that stays in one component): above, below, right or left, covering no box in `avoid`. */
export function labelNear(box: Rect, size: { w: number; h: number }, avoid: readonly Rect[], gap = 4): Rect {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  let best: Rect | undefined;
  let least = Infinity;
  for (const away of [0, size.h + 4, 2 * (size.h + 4)]) {
    const d = gap + away;
    const spots: Rect[] = [
      { x: cx - size.w / 2, y: box.y - d - size.h, w: size.w, h: size.h },
      { x: cx - size.w / 2, y: box.y + box.h + d, w: size.w, h: size.h },
      { x: box.x + box.w + d, y: cy - size.h / 2, w: size.w, h: size.h },
      { x: box.x - d - size.w, y: cy - size.h / 2, w: size.w, h: size.h },
      // Above or below, flush with either end of the box.
      { x: box.x, y: box.y - d - size.h, w: size.w, h: size.h },
      { x: box.x + box.w - size.w, y: box.y - d - size.h, w: size.w, h: size.h },
      { x: box.x, y: box.y + box.h + d, w: size.w, h: size.h },
      { x: box.x + box.w - size.w, y: box.y + box.h + d, w: size.w, h: size.h },
    ];
    for (const r of spots) {
      const covered = avoid.reduce((sum, o) => sum + overlapArea(r, o), 0);
      if (covered === 0) return round(r);
      if (covered * 1000 + away < least) {
        least = covered * 1000 + away;
        best = r;
      }
    }
  }
  return nearestFree({ x: cx, y: cy }, size, [...avoid, box]) ?? round(best!);
}

function round(r: Rect): Rect {
  return { x: Math.round(r.x), y: Math.round(r.y), w: r.w, h: r.h };
}

function segmentAt(points: readonly Point[], t: number): { a: Point; b: Point } {
  const total = pathLength(points);
  let left = Math.max(0, Math.min(1, t)) * total;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1]!;
    const b = points[k]!;
    const seg = Math.abs(b.x - a.x) + Math.abs(b.y - a.y);
    if (left <= seg) return { a, b };
    left -= seg;
  }
  const n = points.length;
  return { a: points[Math.max(0, n - 2)]!, b: points[n - 1]! };
}
