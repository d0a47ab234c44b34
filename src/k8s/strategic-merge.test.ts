import { describe, expect, it } from 'vitest';
import { StrategicMergeError, strategicMerge } from './strategic-merge';
import { threeWayPatch } from './strategic-patch';

type Obj = Record<string, unknown>;
const finalizersOf = (o: unknown): unknown => (o as { metadata: { finalizers?: unknown } }).metadata.finalizers;
const cm = (...finalizers: string[]): Obj => ({ metadata: { name: 'c', finalizers } });

describe('$retainKeys (applyRetainKeysDirective)', () => {
  const live = { spec: { replicas: 2, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } } } };

  it('drops the keys the directive does not name before merging', () => {
    const out = strategicMerge(live, { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } });
    expect(out).toEqual({ spec: { replicas: 2, strategy: { type: 'Recreate' } } });
  });

  it('clears a volume’s old source, by item', () => {
    const pod = { spec: { volumes: [{ name: 'a', emptyDir: {} }, { name: 'b', emptyDir: {} }] } };
    const out = strategicMerge(pod, { spec: { volumes: [{ $retainKeys: ['hostPath', 'name'], hostPath: { path: '/x' }, name: 'b' }] } });
    expect(out).toEqual({ spec: { volumes: [{ name: 'a', emptyDir: {} }, { name: 'b', hostPath: { path: '/x' } }] } });
  });

  it('applies to any map the patch gives it, tagged or not', () => {
    expect(strategicMerge({ metadata: { labels: { a: '1', b: '2' } } }, { metadata: { labels: { $retainKeys: ['a'] } } })).toEqual({ metadata: { labels: { a: '1' } } });
  });

  it('lets the patch delete keys and carry list directives the directive does not name', () => {
    const out = strategicMerge({ m: { a: 1, b: 2, l: ['x'] } }, { m: { $retainKeys: ['a'], b: null, '$setElementOrder/l': ['x'] } });
    expect(out).toEqual({ m: { a: 1 } });
  });

  it('refuses a key the directive does not name, and a directive that is no list, with upstream’s message', () => {
    expect(() => strategicMerge(live, { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate', rollingUpdate: {} } } })).toThrow(new StrategicMergeError('invalid patch format of retainKeys'));
    expect(() => strategicMerge(live, { spec: { strategy: { $retainKeys: 'type' } } })).toThrow('invalid patch format of retainKeys');
  });

  it('round-trips the Recreate switch kubectl apply computes', () => {
    const manifest = { spec: { replicas: 2, strategy: { type: 'Recreate' } } };
    expect(strategicMerge(live, threeWayPatch({ spec: { replicas: 2 } }, manifest, live))).toEqual(manifest);
  });
});

describe('lists of scalars merged as a set (mergeSlice)', () => {
  it('adds the patch’s new values in front of the server-only ones, each value once', () => {
    expect(finalizersOf(strategicMerge(cm('a', 'b', 'a'), { metadata: { finalizers: ['c', 'b'] } }))).toEqual(['c', 'a', 'b']);
    expect(finalizersOf(strategicMerge(cm('a', 'b'), { metadata: { finalizers: ['c'] } }))).toEqual(['c', 'a', 'b']);
  });

  it('leaves the list alone for a patch of [] (only null or the deletion list take values out)', () => {
    expect(finalizersOf(strategicMerge(cm('a'), { metadata: { finalizers: [] } }))).toEqual(['a']);
    expect(finalizersOf(strategicMerge(cm('a'), { metadata: { finalizers: null } }))).toBeUndefined();
  });

  it('takes a list the target lacks as the patch has it', () => {
    expect(finalizersOf(strategicMerge({ metadata: {} }, { metadata: { finalizers: ['a', 'a'] } }))).toEqual(['a', 'a']);
  });

  it('removes the values of $deleteFromPrimitiveList after the merge', () => {
    const patch = { metadata: { '$deleteFromPrimitiveList/finalizers': ['b', 'x'], finalizers: ['d'] } };
    expect(finalizersOf(strategicMerge(cm('a', 'b', 'c'), patch))).toEqual(['d', 'a', 'c']);
  });

  it('orders by $setElementOrder, server-only values where the live list had them', () => {
    const live = cm('s', 'z', 'y', 'x');
    const patch = { metadata: { '$deleteFromPrimitiveList/finalizers': ['y', 'z'], '$setElementOrder/finalizers': ['x', 'q'], finalizers: ['q'] } };
    expect(finalizersOf(strategicMerge(live, patch))).toEqual(['s', 'x', 'q']);
    expect(finalizersOf(strategicMerge(cm('a', 'c'), { metadata: { '$setElementOrder/finalizers': ['d', 'c', 'a'], finalizers: ['d'] } }))).toEqual(['d', 'c', 'a']);
  });

  it('follows upstream’s mergeMap for a deletion list whose list is absent or null', () => {
    // The deletion list is handled as the list's own key: an absent list is set to it.
    expect(finalizersOf(strategicMerge({ metadata: {} }, { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] } }))).toEqual(['a']);
    expect(finalizersOf(strategicMerge(cm('a', 'b'), { metadata: { '$deleteFromPrimitiveList/finalizers': null } }))).toBeUndefined();
  });

  it('merges a Node’s podCIDRs too, but replaces a Namespace’s spec.finalizers', () => {
    expect(strategicMerge({ spec: { podCIDRs: ['10.0.0.0/24'] } }, { spec: { podCIDRs: ['fd00::/64'] } })).toEqual({ spec: { podCIDRs: ['fd00::/64', '10.0.0.0/24'] } });
    expect(strategicMerge({ spec: { finalizers: ['kubernetes', 'x'] } }, { spec: { finalizers: ['kubernetes'] } })).toEqual({ spec: { finalizers: ['kubernetes'] } });
  });

  it('replaces the list for server-side apply, whose field sets own it whole', () => {
    expect(finalizersOf(strategicMerge(cm('a', 'b'), { metadata: { finalizers: ['a'] } }, { atomicScalarLists: true }))).toEqual(['a']);
  });

  it('refuses list directives without a list name, with upstream’s messages', () => {
    expect(() => strategicMerge(cm('a'), { metadata: { $deleteFromPrimitiveList: ['a'] } })).toThrow('invalid patch format of primitive list');
    expect(() => strategicMerge(cm('a'), { metadata: { '$setElementOrderX/finalizers': ['a'] } })).toThrow('invalid patch format of setElementOrder list');
  });

  it('round-trips the patches kubectl apply computes', () => {
    const cases: [Obj, Obj, Obj][] = [
      [cm('a', 'b', 'c'), cm('a', 'c'), cm('a', 'b', 'c')],
      [cm('a', 'c'), cm('d', 'c', 'a'), cm('a', 'c')],
      [cm('y'), cm('z', 'y', 'x'), cm('y')],
      [cm('b', 'a', 'a', 'c', 'c', 'd'), cm('d'), cm('b', 'a', 'a', 'c', 'c', 'd')],
    ];
    for (const [original, modified, live] of cases) expect(strategicMerge(live, threeWayPatch(original, modified, live))).toEqual(modified);
  });
});

describe('copy-on-write', () => {
  it('leaves the target and the patch as they were', () => {
    const live = { metadata: { finalizers: ['a', 'b'] }, spec: { strategy: { type: 'RollingUpdate', rollingUpdate: {} } } };
    const patch = { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] }, spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } };
    const before = [structuredClone(live), structuredClone(patch)];
    strategicMerge(live, patch);
    expect([live, patch]).toEqual(before);
  });
});
