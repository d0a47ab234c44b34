/**
 * Orthogonal edge routing around boxes: an edge leaves its source box from a side, travels in
 * horizontal and vertical segments that never cross another box, and enters its target from a
 * side. A* over the sparse grid made of the obstacles' sides (plus the endpoints' centre lines and
 * the middles of the channels between boxes), costing length, bends, and running closer than
 * MARGIN to a box. Pure and deterministic: unit-tested as data.
 */
import { Heap } from './heap';

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
