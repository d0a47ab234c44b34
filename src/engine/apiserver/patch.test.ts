import { describe, expect, it } from 'vitest';
import { applyPatchOfType, mergePatch } from './patch';

describe('strategic merge patch', () => {
  it('replaces a whole map under the $patch: replace directive, dropping the directive', () => {
    const cur = { spec: { template: { metadata: { labels: { a: '1', extra: 'x' } }, spec: { containers: [{ name: 'c', image: 'new' }] } } } };
    const patch = { spec: { template: { $patch: 'replace', metadata: { labels: { a: '1' } }, spec: { containers: [{ name: 'c', image: 'old' }] } } } };
    expect(mergePatch(cur, patch)).toEqual({ spec: { template: { metadata: { labels: { a: '1' } }, spec: { containers: [{ name: 'c', image: 'old' }] } } } });
  });

  it('still merges maps without the directive and deletes keys set to null', () => {
    const r = applyPatchOfType('strategic', { metadata: { labels: { a: '1', b: '2' } } }, { metadata: { labels: { b: null, c: '3' } } });
    expect(r).toEqual({ ok: true, value: { metadata: { labels: { a: '1', c: '3' } } } });
  });
});
