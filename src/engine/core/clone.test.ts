import { describe, expect, it } from 'vitest';
import { cloneData } from './clone';

describe('cloneData', () => {
  it('copies plain data like structuredClone: key order, undefined values, -0, no shared objects', () => {
    const src = { b: 1, a: { x: [1, { y: undefined }], z: -0 }, '2': 'n', c: null };
    const out = cloneData(src);
    expect(out).toStrictEqual(structuredClone(src));
    expect(Object.keys(out)).toEqual(Object.keys(src));
    expect(Object.is(out.a.z, -0)).toBe(true);
    expect('y' in (out.a.x[1] as object)).toBe(true);
    expect(out.a).not.toBe(src.a);
    expect(out.a.x).not.toBe(src.a.x);
  });

  it('keeps aliases and cycles shared, as structuredClone does', () => {
    const labels = { app: 'web' };
    const src: Record<string, unknown> = { selector: labels, template: { labels } };
    src['self'] = src;
    const out = cloneData(src);
    expect(out['selector']).toBe((out['template'] as { labels: object }).labels);
    expect(out['selector']).not.toBe(labels);
    expect(out['self']).toBe(out);
  });

  it('hands anything that is not plain data to structuredClone', () => {
    expect(() => cloneData({ f: () => 1 })).toThrow(/could not be cloned/);
    const when = new Map([['k', 1]]);
    expect(cloneData({ when }).when).toBeInstanceOf(Map);
    // eslint-disable-next-line no-sparse-arrays
    expect(cloneData([1, , 3])).toStrictEqual(structuredClone([1, , 3]));
  });
});
