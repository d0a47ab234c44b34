/** Measures and draws the routed polylines of the diagram's edges (route.ts makes them). */
import type { Point } from './route';

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
