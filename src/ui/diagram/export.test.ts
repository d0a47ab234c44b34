import { describe, expect, it } from 'vitest';
import { exportFileName, exportFrame } from './export';

describe('exportFrame', () => {
  it('draws the diagram at scale 1 with a margin, its top-left node at the margin', () => {
    const f = exportFrame({ x: -100, y: 50, width: 800, height: 600 });
    expect(f).toEqual({ width: 848, height: 648, x: 124, y: -26, zoom: 1 });
  });

  it('scales a huge cluster down to fit the largest image a browser allocates, keeping it centred', () => {
    const f = exportFrame({ x: 0, y: 0, width: 10_000, height: 1000 });
    expect(f.width).toBe(4096);
    expect(f.zoom).toBeCloseTo((4096 - 48) / 10_000, 5);
    expect(f.y).toBeCloseTo((f.height - 1000 * f.zoom) / 2, 5);
  });

  it('names the file after the format', () => {
    expect(exportFileName('svg')).toBe('reconcile-architecture.svg');
  });
});
