import { describe, expect, it } from 'vitest';
import { gridGeometry, LABEL_PITCH, MAX_PITCH, MIN_PITCH } from './grid-layout';

describe('gridGeometry', () => {
  it('makes the cells as large as the room allows, and every cell has a place', () => {
    for (const n of [13, 100, 1000, 5000]) {
      const g = gridGeometry([n], false, 800, 200, [n, 0, 0, 0]);
      expect(g.pitch).toBeGreaterThanOrEqual(MIN_PITCH);
      expect(g.pitch).toBeLessThanOrEqual(MAX_PITCH);
      const z = g.zones[0]!;
      expect(z.cols * z.rows).toBeGreaterThanOrEqual(n);
      expect(z.x + z.cols * g.pitch - g.gap).toBeLessThanOrEqual(g.w);
      if (g.pitch > MIN_PITCH) expect(g.h).toBeLessThanOrEqual(200);
      // One pixel larger would not fit.
      if (g.pitch < MAX_PITCH) {
        const rows = Math.ceil(n / Math.floor((g.w - 12 + g.gap) / (g.pitch + 1)));
        expect(z.y + rows * (g.pitch + 1)).toBeGreaterThan(200 - 6);
      }
    }
    expect(gridGeometry([100], false, 800, 200).pitch).toBeGreaterThan(gridGeometry([1000], false, 800, 200).pitch);
  });

  it('writes Pod counts only in cells big enough for them', () => {
    expect(gridGeometry([20], false, 800, 200).labels).toBe(true);
    const g = gridGeometry([5000], false, 800, 200);
    expect(g.labels).toBe(false);
    expect(g.pitch).toBeLessThan(LABEL_PITCH);
  });

  it('falls back to the smallest cells, taller than the room, when nothing fits', () => {
    const g = gridGeometry([5000], false, 400, 100);
    expect(g.pitch).toBe(MIN_PITCH);
    expect(g.h).toBeGreaterThan(100);
  });

  it('puts zones side by side with a title line each, or one under the other when columns would be too narrow', () => {
    const side = gridGeometry([334, 333, 333], true, 800, 240);
    expect(side.headH).toBeGreaterThan(0);
    expect(new Set(side.zones.map((z) => z.y)).size).toBe(1);
    expect(side.zones[1]!.x).toBeGreaterThan(side.zones[0]!.x + side.zones[0]!.cols * side.gap);
    const stacked = gridGeometry(Array.from({ length: 30 }, () => 10), true, 300, 2000);
    expect(new Set(stacked.zones.map((z) => z.x)).size).toBe(1);
    expect(stacked.zones[1]!.y).toBeGreaterThan(stacked.zones[0]!.y);
  });
});
