import { describe, expect, it } from 'vitest';
import { READABLE_ZOOM } from './boxes';
import { CONTROLS, NARROW, canvasInsets, defaultView, layoutFrame } from './viewport';

describe('canvasInsets and layoutFrame', () => {
  it('keeps a strip for the controls on the right, or along the bottom of a narrow canvas', () => {
    expect(canvasInsets({ width: 853, height: 383 }).right).toBeGreaterThanOrEqual(CONTROLS);
    expect(canvasInsets({ width: NARROW - 1, height: 600 }).bottom).toBeGreaterThanOrEqual(CONTROLS);
    const f = layoutFrame({ width: 853, height: 383 });
    expect(f.width).toBeLessThan(853 - CONTROLS);
    expect(f.height).toBeLessThan(383);
  });
});

describe('defaultView', () => {
  const canvas = { width: 853, height: 383 };
  it('shows a picture that fits whole and centred, never larger than 1.5×', () => {
    const v = defaultView({ x: 0, y: 0, w: 400, h: 200 }, canvas);
    expect(v.whole).toBe(true);
    expect(v.zoom).toBe(1.5);
    const i = canvasInsets(canvas);
    expect(v.x).toBe(Math.round(i.left + (canvas.width - i.left - i.right - 600) / 2));
  });

  it('never zooms below a readable size: a bigger picture is shown from its top-left, and is not whole', () => {
    const v = defaultView({ x: 10, y: 20, w: 1600, h: 900 }, canvas);
    expect(v.zoom).toBe(READABLE_ZOOM);
    expect(v.whole).toBe(false);
    const i = canvasInsets(canvas);
    expect(v).toMatchObject({ x: i.left - 10, y: i.top - 20 });
  });
});
