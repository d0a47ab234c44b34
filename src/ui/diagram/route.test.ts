import { describe, expect, it } from 'vitest';
import { pathData, pathLength, pointAt } from './polyline';
import { labelBeside, labelNear } from './labels';
import { routeEdge, simplify, Trunks, type Point, type Rect } from './route';

const crosses = (points: readonly Point[], r: Rect): boolean =>
  points.slice(1).some((b, k) => {
    const a = points[k]!;
    return Math.max(a.x, b.x) > r.x && Math.min(a.x, b.x) < r.x + r.w && Math.max(a.y, b.y) > r.y && Math.min(a.y, b.y) < r.y + r.h;
  });
const overlaps = (p: Rect, q: Rect) => p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;

describe('routeEdge', () => {
  const a = { x: 0, y: 200, w: 60, h: 22 };
  const b = { x: 300, y: 0, w: 150, h: 80 };
  const wall = { x: 100, y: 100, w: 300, h: 40 };

  it('goes around boxes in horizontal and vertical segments, from a side of one box to a side of the other', () => {
    const r = routeEdge(a, b, [wall])!;
    expect(crosses(r, wall)).toBe(false);
    for (let k = 1; k < r.length; k++) expect(r[k]!.x === r[k - 1]!.x || r[k]!.y === r[k - 1]!.y).toBe(true);
    const [first, last] = [r[0]!, r[r.length - 1]!];
    expect(first.y === a.y || first.y === a.y + a.h || first.x === a.x || first.x === a.x + a.w).toBe(true);
    expect(last.y === b.y + b.h || last.x === b.x).toBe(true);
  });

  it('takes a straight line when nothing is in the way, and leaves from the middle of a side', () => {
    const r = routeEdge({ x: 0, y: 0, w: 40, h: 20 }, { x: 100, y: 0, w: 40, h: 20 }, [])!;
    expect(r).toEqual([
      { x: 40, y: 10 },
      { x: 100, y: 10 },
    ]);
  });

  it('keeps its distance from boxes when there is room, and squeezes through a narrow gap only when it must', () => {
    const left = { x: 40, y: -100, w: 20, h: 95 };
    const right = { x: 40, y: 5, w: 20, h: 95 };
    const r = routeEdge({ x: 0, y: -10, w: 20, h: 20 }, { x: 100, y: -10, w: 20, h: 20 }, [left, right])!;
    expect(crosses(r, left) || crosses(r, right)).toBe(false);
    expect(r).toEqual([
      { x: 20, y: 0 },
      { x: 100, y: 0 },
    ]);
  });

  it('is undefined when the target is walled in', () => {
    const t = { x: 100, y: 100, w: 20, h: 20 };
    const walls = [
      { x: 90, y: 90, w: 40, h: 5 },
      { x: 90, y: 125, w: 40, h: 5 },
      { x: 90, y: 90, w: 5, h: 40 },
      { x: 125, y: 90, w: 5, h: 40 },
    ];
    expect(routeEdge({ x: 0, y: 0, w: 10, h: 10 }, t, walls)).toBeUndefined();
  });

  it('joins an earlier edge’s trunk rather than running beside it', () => {
    const hub = { x: 200, y: 0, w: 100, h: 40 };
    const n1 = { x: 0, y: 200, w: 40, h: 20 };
    const n2 = { x: 60, y: 200, w: 40, h: 20 };
    const trunks = new Trunks();
    const first = routeEdge(n1, hub, [], trunks)!;
    trunks.add(first);
    const second = routeEdge(n2, hub, [], trunks)!;
    const shared = second.slice(1).filter((p, k) => first.some((q, j) => j > 0 && ((q.x === p.x && first[j - 1]!.x === p.x) || (q.y === p.y && first[j - 1]!.y === p.y))) && second[k]);
    expect(shared.length).toBeGreaterThan(0);
  });
});

describe('path helpers', () => {
  const pts = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 20, y: 0 },
    { x: 20, y: 30 },
  ];

  it('drops straight-on points, measures and walks a polyline', () => {
    expect(simplify(pts)).toEqual([pts[0], pts[2], pts[3]]);
    expect(pathLength(pts)).toBe(50);
    expect(pointAt(pts, 0.5)).toEqual({ x: 20, y: 5 });
    expect(pointAt(pts, 1)).toEqual({ x: 20, y: 30 });
  });

  it('rounds corners in the SVG path', () => {
    expect(pathData(simplify(pts), 6)).toBe('M 0 0 L 14 0 Q 20 0 20 6 L 20 30');
  });
});

describe('labelBeside and labelNear', () => {
  it('puts a label beside the middle of the path, off every box, moving along when the middle is taken', () => {
    const path = [
      { x: 0, y: 50 },
      { x: 200, y: 50 },
    ];
    const free = labelBeside(path, { w: 40, h: 20 }, []);
    expect(free).toEqual({ x: 80, y: 26, w: 40, h: 20 });
    const boxes = [
      { x: 60, y: 0, w: 80, h: 48 },
      { x: 60, y: 52, w: 80, h: 48 },
    ];
    const moved = labelBeside(path, { w: 40, h: 20 }, boxes);
    for (const b of boxes) expect(overlaps(moved, b)).toBe(false);
  });

  it('puts a box’s label above it, or on another free side', () => {
    const b = { x: 100, y: 100, w: 60, h: 30 };
    expect(labelNear(b, { w: 40, h: 20 }, [])).toEqual({ x: 110, y: 76, w: 40, h: 20 });
    const above = { x: 90, y: 60, w: 80, h: 38 };
    const r = labelNear(b, { w: 40, h: 20 }, [above]);
    expect(overlaps(r, above)).toBe(false);
    expect(r.y).toBe(134);
  });
});
