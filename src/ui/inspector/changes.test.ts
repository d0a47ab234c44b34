import { describe, expect, it } from 'vitest';
import { changedPaths, formatPath } from './changes';

const paths = (a: unknown, b: unknown) => changedPaths(a, b).map((c) => `${c.change} ${c.path}`);

describe('changedPaths', () => {
  it('reports the deepest differing field, with list indexes', () => {
    const prev = { spec: { nodeName: undefined, x: 1 }, status: { conditions: [{ type: 'PodScheduled', status: 'True' }, { type: 'Ready', status: 'False' }] } };
    const next = { spec: { nodeName: 'node-2', x: 1 }, status: { conditions: [{ type: 'PodScheduled', status: 'True' }, { type: 'Ready', status: 'True' }] } };
    expect(paths(prev, next)).toEqual(['added spec.nodeName', 'modified status.conditions[1].status']);
  });

  it('reports an added or removed subtree once, and grown or shrunk lists by index', () => {
    expect(paths({ metadata: { name: 'a' } }, { metadata: { name: 'a', labels: { app: 'x', tier: 'y' } } })).toEqual(['added metadata.labels']);
    expect(paths({ status: { podIP: '10.0.0.1', phase: 'Running' } }, { status: { phase: 'Running' } })).toEqual(['removed status.podIP']);
    expect(paths({ l: [1, 2] }, { l: [1, 2, 3, 4] })).toEqual(['added l[2]', 'added l[3]']);
    expect(paths({ l: [1, 2, 3] }, { l: [1] })).toEqual(['removed l[1]', 'removed l[2]']);
  });

  it('treats a change of shape as one modification and equal documents as no change', () => {
    expect(paths({ a: { b: 1 } }, { a: [1] })).toEqual(['modified a']);
    expect(paths({ a: null }, { a: 0 })).toEqual(['modified a']);
    expect(paths({ a: [{ b: [1, { c: 'x' }] }] }, { a: [{ b: [1, { c: 'x' }] }] })).toEqual([]);
  });

  it('ignores managedFields (not shown) but not resourceVersion (every write bumps it)', () => {
    expect(paths({ metadata: { resourceVersion: '1', managedFields: [{ a: 1 }] } }, { metadata: { resourceVersion: '2', managedFields: [{ a: 2 }] } })).toEqual(['modified metadata.resourceVersion']);
  });

  it('quotes keys that are not identifiers', () => {
    expect(paths({ metadata: { labels: {} } }, { metadata: { labels: { 'kubernetes.io/service-name': 'web' } } })).toEqual(["added metadata.labels['kubernetes.io/service-name']"]);
    expect(formatPath(['a', 0, "it's"])).toBe("a[0]['it\\'s']");
  });
});

describe('changedPaths on lists Kubernetes keys by type or name', () => {
  it('matches conditions by type, so an inserted condition is one addition', () => {
    const prev = { conditions: [{ type: 'PodScheduled', status: 'True' }] };
    const next = { conditions: [{ type: 'PodReadyToStartContainers', status: 'False' }, { type: 'PodScheduled', status: 'True' }, { type: 'Ready', status: 'False' }] };
    expect(paths(prev, next)).toEqual(['added conditions[0]', 'added conditions[2]']);
    expect(paths(next, { conditions: [next.conditions[0], { type: 'Ready', status: 'True' }] })).toEqual(['modified conditions[1].status', 'removed conditions[1]']);
  });

  it('falls back to indexes when the key is missing or repeated', () => {
    expect(paths({ l: [{ type: 'a', v: 1 }, { type: 'a', v: 2 }] }, { l: [{ type: 'a', v: 1 }, { type: 'a', v: 3 }] })).toEqual(['modified l[1].v']);
    expect(paths({ l: [{ v: 1 }] }, { l: [{ v: 2 }] })).toEqual(['modified l[0].v']);
  });
});
