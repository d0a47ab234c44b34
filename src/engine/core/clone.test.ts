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

  it('copies an alias twice, as a trip through JSON would; a cycle goes to structuredClone, which keeps it', () => {
    const labels = { app: 'web' };
    const src: Record<string, unknown> = { selector: labels, template: { labels } };
    const out = cloneData(src);
    expect(out).toStrictEqual(JSON.parse(JSON.stringify(src)));
    expect(out['selector']).not.toBe((out['template'] as { labels: object }).labels);
    expect(out['selector']).not.toBe(labels);
    const cyclic: Record<string, unknown> = { a: { b: [1] } };
    cyclic['self'] = cyclic;
    const c = cloneData(cyclic);
    expect(c['self']).toBe(c);
    expect(c['a']).not.toBe(cyclic['a']);
  });

  it('leaves named properties on an array behind, as JSON does', () => {
    const list = Object.assign([1, 2], { extra: 'x' });
    const out = cloneData({ list });
    expect(out.list).toStrictEqual([1, 2]);
    expect(Object.keys(out.list)).toEqual(['0', '1']);
  });

  it('hands anything that is not plain data to structuredClone', () => {
    expect(() => cloneData({ f: () => 1 })).toThrow(/could not be cloned/);
    const when = new Map([['k', 1]]);
    expect(cloneData({ when }).when).toBeInstanceOf(Map);
    // eslint-disable-next-line no-sparse-arrays
    expect(cloneData([1, , 3])).toStrictEqual(structuredClone([1, , 3]));
  });
});
