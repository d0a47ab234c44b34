/** Where a message's label sits on the diagram: beside its routed edge or beside its box, covering no other box. */
import { pathLength, pointAt } from './polyline';
import type { Point, Rect } from './route';

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
