import { describe, expect, it } from 'vitest';
import { twoWayMergePatch } from '../../k8s/strategic-patch';
import { applyPatchOfType, mergePatch } from './patch';

describe('strategic merge patch', () => {
  it('replaces a whole map under the $patch: replace directive, dropping the directive', () => {
    const cur = { spec: { template: { metadata: { labels: { a: '1', extra: 'x' } }, spec: { containers: [{ name: 'c', image: 'new' }] } } } };
    const patch = { spec: { template: { $patch: 'replace', metadata: { labels: { a: '1' } }, spec: { containers: [{ name: 'c', image: 'old' }] } } } };
    expect(mergePatch(cur, patch)).toEqual({ spec: { template: { metadata: { labels: { a: '1' } }, spec: { containers: [{ name: 'c', image: 'old' }] } } } });
  });

  it('answers a malformed directive with 400 and mergepatch’s words (interpretStrategicMergePatchError)', () => {
    const live = { spec: { strategy: { type: 'RollingUpdate', rollingUpdate: {} } } };
    expect(applyPatchOfType('strategic', live, { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: {} } } })).toEqual({ ok: false, code: 400, message: 'invalid patch format of retainKeys' });
    expect(applyPatchOfType('strategic', live, { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } })).toEqual({ ok: true, value: { spec: { strategy: { type: 'Recreate' } } } });
  });

  it('still merges maps without the directive and deletes keys set to null', () => {
    const r = applyPatchOfType('strategic', { metadata: { labels: { a: '1', b: '2' } } }, { metadata: { labels: { b: null, c: '3' } } });
    expect(r).toEqual({ ok: true, value: { metadata: { labels: { a: '1', c: '3' } } } });
  });
});

describe('two-way strategic merge patch (CreateTwoWayMergePatch) round trip', () => {
  const cond = (type: string, status = 'True') => ({ type, status, lastTransitionTime: 't' });
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['a condition added in front', { status: { phase: 'Pending', conditions: [cond('PodScheduled')] } }, { status: { phase: 'Pending', conditions: [cond('Initialized'), cond('PodScheduled')] } }],
    ['a condition changed and one removed', { status: { conditions: [cond('Ready', 'False'), cond('Gone'), cond('PodScheduled')] } }, { status: { conditions: [cond('Ready'), cond('PodScheduled')] } }],
    ['only the order changed', { status: { conditions: [cond('A'), cond('B')] } }, { status: { conditions: [cond('B'), cond('A')] } }],
    ['a field dropped, an atomic list replaced', { status: { message: 'x', containerStatuses: [{ name: 'a', ready: false }] } }, { status: { containerStatuses: [{ name: 'a', ready: true }] } }],
    ['pod IPs merged by ip', { status: { podIPs: [{ ip: '10.0.0.1' }] } }, { status: { podIPs: [{ ip: '10.0.0.2' }, { ip: '10.0.0.1' }] } }],
  ];
  it.each(cases)('%s: applying the patch gives the modified object', (_name, original, modified) => {
    const patch = twoWayMergePatch(original, modified);
    expect(mergePatch(original, patch)).toEqual(modified);
  });

  it('states the merged list order beside a changed list, as diffLists does', () => {
    const patch = twoWayMergePatch({ status: { conditions: [cond('PodScheduled')] } }, { status: { conditions: [cond('Initialized'), cond('PodScheduled')] } });
    expect(patch).toEqual({ status: { conditions: [cond('Initialized')], '$setElementOrder/conditions': [{ type: 'Initialized' }, { type: 'PodScheduled' }] } });
    expect(twoWayMergePatch({ status: { conditions: [cond('A')] } }, { status: { conditions: [cond('A')] } })).toEqual({});
  });
});

describe('$setElementOrder with items only the server has (normalizeElementOrder)', () => {
  const env = (...names: string[]) => names.map((name) => ({ name, value: name.toLowerCase() }));
  it('keeps a server-only item where the live list had it among the named ones', () => {
    const live = { spec: { env: env('A', 'X', 'B') } };
    const patch = { spec: { env: [{ name: 'B', value: 'new' }], '$setElementOrder/env': [{ name: 'A' }, { name: 'B' }] } };
    expect((mergePatch(live, patch) as typeof live).spec.env.map((e) => e.name)).toEqual(['A', 'X', 'B']);
  });
  it('orders the named items as the directive says and slots server-only ones in by live order', () => {
    const live = { spec: { env: env('X', 'A', 'B', 'Y') } };
    const patch = { spec: { '$setElementOrder/env': [{ name: 'B' }, { name: 'A' }, { name: 'C' }], env: [{ name: 'C', value: 'c' }] } };
    expect((mergePatch(live, patch) as typeof live).spec.env.map((e) => e.name)).toEqual(['X', 'B', 'A', 'C', 'Y']);
  });
});

describe('merged list order without a directive (mergeSlice → normalizeElementOrder)', () => {
  const names = (v: unknown) => (v as { spec: { env: { name: string }[] } }).spec.env.map((e) => e.name);
  const live = { spec: { env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] } };
  it('puts an item the live list lacks in front of the items only the server has', () => {
    expect(names(mergePatch(live, { spec: { env: [{ name: 'C', value: '3' }] } }))).toEqual(['C', 'A', 'B']);
  });
  it('keeps the live order when the patch only changes an item', () => {
    expect(names(mergePatch(live, { spec: { env: [{ name: 'B', value: 'x' }] } }))).toEqual(['A', 'B']);
  });
  it('orders the patched items as the patch lists them', () => {
    expect(names(mergePatch(live, { spec: { env: [{ name: 'B', value: 'x' }, { name: 'A', value: 'y' }] } }))).toEqual(['B', 'A']);
  });
});

describe('$patch: replace in a merged list', () => {
  it('makes the patch’s other items the whole list', () => {
    const live = { spec: { env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] } };
    expect(mergePatch(live, { spec: { env: [{ $patch: 'replace' }, { name: 'C', value: '3' }] } })).toEqual({ spec: { env: [{ name: 'C', value: '3' }] } });
  });
});
