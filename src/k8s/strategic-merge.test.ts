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

describe('directives on maps and lists (handleDirectiveInMergeMap, removeDirectives)', () => {
  const live = { kind: 'Deployment', spec: { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'a', image: 'nginx' }] } } } };

  it('empties a map patched with $patch: delete, and adds nothing where there was no map', () => {
    expect(strategicMerge(live, { spec: { template: { metadata: { $patch: 'delete' } } } })).toEqual({ ...live, spec: { template: { ...live.spec.template, metadata: {} } } });
    expect(strategicMerge(live, { spec: { strategy: { $patch: 'delete' } } })).toEqual(live);
  });

  it('refuses another $patch on a map, as an error that is no Status (500)', () => {
    const e = catchMerge(live, { spec: { template: { $patch: 'merge', x: 1 } } });
    expect([e.code, e.message]).toEqual([500, 'unknown patch type: merge in map: map[$patch:merge x:1]']);
  });

  it('refuses an item of a keyed list that names no key, a deletion too, as mergepatch.ErrNoMergeKey (500)', () => {
    const e = catchMerge(live, { spec: { template: { spec: { containers: [{ image: 'nginx:1.28', ports: [{ containerPort: 80 }] }] } } } });
    expect([e.code, e.message]).toEqual([500, 'map: map[image:nginx:1.28 ports:[map[containerPort:80]]] does not contain declared merge key: name']);
    expect(catchMerge(live, { spec: { template: { spec: { containers: [{ $patch: 'delete' }] } } } }).message).toBe('map: map[$patch:delete] does not contain declared merge key: name');
    // Where the target has no list the patch's is taken as it is: nothing is matched by key.
    expect(() => strategicMerge(live, { spec: { template: { spec: { initContainers: [{ image: 'busybox' }] } } } })).not.toThrow();
  });

  it('takes a list the target lacks without the patch’s deletions', () => {
    const patch = { spec: { template: { spec: { containers: [{ name: 'a', '$setElementOrder/env': [{ name: 'A' }], env: [{ name: 'A', value: '1' }, { $patch: 'delete', name: 'B' }] }] } } } };
    const out = strategicMerge(live, patch) as typeof live;
    expect(out.spec.template.spec.containers).toEqual([{ name: 'a', image: 'nginx', env: [{ name: 'A', value: '1' }] }]);
  });

  it('refuses a patch list out of its $setElementOrder, with upstream’s words', () => {
    const patch = { metadata: { '$setElementOrder/finalizers': ['a', 'b'], finalizers: ['b', 'a'] } };
    const e = catchMerge(cm('a'), patch);
    expect([e.code, e.message]).toEqual([500, "The order in patch list:\n[b a]\n doesn't match $setElementOrder list:\n[a b]\n"]);
    // Items the directive does not name are refused too; deletions are skipped.
    const keyed = { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'a' }], containers: [{ name: 'a', image: 'x' }, { name: 'b', $patch: 'delete' }] } } } };
    expect(() => strategicMerge(live, keyed)).not.toThrow();
    expect(catchMerge(live, { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'a' }], containers: [{ name: 'z', image: 'x' }] } } } }).message).toBe(
      "The order in patch list:\n[map[image:x name:z]]\n doesn't match $setElementOrder list:\n[map[name:a]]\n",
    );
  });
});

describe('the fields tagged per kind (merge-keys.ts)', () => {
  it('merges a Service’s ports by port, and only a Service’s', () => {
    const svc = { kind: 'Service', spec: { ports: [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 8080 }, { name: 'https', port: 443, protocol: 'TCP', targetPort: 8443 }] } };
    const patch = { spec: { '$setElementOrder/ports': [{ port: 443 }, { port: 9090 }], ports: [{ port: 443, targetPort: 9443 }, { name: 'metrics', port: 9090 }, { $patch: 'delete', port: 80 }] } };
    expect(strategicMerge(svc, patch)).toEqual({ kind: 'Service', spec: { ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 9443 }, { name: 'metrics', port: 9090 }] } });
    // A status patch's target is the status alone: the handler names the kind.
    expect(strategicMerge({ spec: svc.spec }, { spec: { ports: [{ port: 443, targetPort: 1 }] } }, { kind: 'Service' })).toEqual({ spec: { ports: [svc.spec.ports[0], { ...svc.spec.ports[1], targetPort: 1 }] } });
  });

  it('replaces a PodDisruptionBudget’s selector, and merges a Deployment’s', () => {
    const spec = { selector: { matchLabels: { app: 'web' } } };
    const patch = { spec: { selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['web'] }] } } };
    expect(strategicMerge({ kind: 'PodDisruptionBudget', spec }, patch)).toEqual({ kind: 'PodDisruptionBudget', ...patch });
    expect(strategicMerge({ kind: 'Deployment', spec }, patch)).toEqual({ kind: 'Deployment', spec: { selector: { ...spec.selector, ...patch.spec.selector } } });
  });

  it('merges ownerReferences by uid: the controllers’ adoption and release patches', () => {
    const other = { apiVersion: 'v1', kind: 'ConfigMap', name: 'x', uid: 'u-x' };
    const rs = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u-rs', controller: true, blockOwnerDeletion: true };
    const pod = { kind: 'Pod', metadata: { name: 'p', uid: 'u-p', ownerReferences: [other] } };
    const adopted = strategicMerge(pod, { metadata: { ownerReferences: [rs], uid: 'u-p' } });
    expect(adopted).toEqual({ kind: 'Pod', metadata: { name: 'p', uid: 'u-p', ownerReferences: [rs, other] } });
    expect(strategicMerge(adopted, { metadata: { uid: 'u-p', ownerReferences: [{ $patch: 'delete', uid: 'u-rs' }] } })).toEqual(pod);
  });
});

function catchMerge(target: unknown, patch: unknown): StrategicMergeError {
  try {
    strategicMerge(target, patch);
  } catch (e) {
    if (e instanceof StrategicMergeError) return e;
    throw e;
  }
  throw new Error('no error');
}
