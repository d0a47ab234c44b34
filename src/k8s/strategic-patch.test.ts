import { describe, expect, it } from 'vitest';
import { threeWayPatch, twoWayMergePatch } from './strategic-patch';
import { toJsonCompact } from './printers/json';

/**
 * The expected bodies are what a real kubectl (v1.32) sent, byte for byte, as `kubectl apply -v=8`
 * and `kubectl edit -v=8` print them against `npm run serve` (docs/serve.md), with the objects
 * cut down to the fields that matter and no last-applied annotation in the manifest.
 */
type Obj = Record<string, unknown>;

const ru = (rollingUpdate: Obj = { maxSurge: '25%', maxUnavailable: '25%' }): Obj => ({ rollingUpdate, type: 'RollingUpdate' });
const deploy = (strategy?: Obj): Obj => ({ spec: { replicas: 1, ...(strategy ? { strategy } : {}) } });
const pods = (volumes: Obj[]): Obj => ({ spec: { template: { spec: { volumes } } } });
const cm = (finalizers?: string[]): Obj => ({ metadata: { name: 'c1', ...(finalizers ? { finalizers: finalizers.map((f) => `example.com/${f}`) } : {}) } });

describe('three-way apply patch: retainKeys (CreateThreeWayMergePatch as kubectl sends it)', () => {
  it.each<[string, Obj, Obj, Obj, string]>([
    ['a strategy the manifest never set switched to Recreate', deploy(), deploy({ type: 'Recreate' }), deploy(ru()), '{"spec":{"strategy":{"$retainKeys":["type"],"type":"Recreate"}}}'],
    ['the strategy dropped from the manifest', deploy({ type: 'Recreate' }), deploy(), deploy({ type: 'Recreate' }), '{"spec":{"strategy":null}}'],
    // The defaulted rollingUpdate is a key the manifest lacks: every apply sends the directive.
    ['RollingUpdate re-applied over its defaults', deploy({ type: 'RollingUpdate' }), deploy({ type: 'RollingUpdate' }), deploy(ru()), '{"spec":{"strategy":{"$retainKeys":["type"]}}}'],
    ['a nested change', deploy(ru({ maxSurge: 1 })), deploy(ru({ maxSurge: 2 })), deploy(ru({ maxSurge: 1, maxUnavailable: '25%' })), '{"spec":{"strategy":{"$retainKeys":["rollingUpdate","type"],"rollingUpdate":{"maxSurge":2}}}}'],
    ['a volume re-applied over its defaulted emptyDir', pods([{ name: 'data' }]), pods([{ name: 'data' }]), pods([{ emptyDir: {}, name: 'data' }]), '{"spec":{"template":{"spec":{"$setElementOrder/volumes":[{"name":"data"}],"volumes":[{"$retainKeys":["name"],"name":"data"}]}}}}'],
    [
      'a defaulted emptyDir switched to hostPath',
      pods([{ name: 'data' }]),
      pods([{ name: 'data', hostPath: { path: '/tmp/data' } }]),
      pods([{ emptyDir: {}, name: 'data' }]),
      '{"spec":{"template":{"spec":{"$setElementOrder/volumes":[{"name":"data"}],"volumes":[{"$retainKeys":["hostPath","name"],"hostPath":{"path":"/tmp/data"},"name":"data"}]}}}}',
    ],
    [
      'hostPath switched to a configMap, a volume added in front',
      pods([{ name: 'data', hostPath: { path: '/tmp/data' } }]),
      pods([{ name: 'cfg', configMap: { name: 'cm' } }, { name: 'data', configMap: { name: 'cm2' } }]),
      pods([{ hostPath: { path: '/tmp/data', type: '' }, name: 'data' }]),
      '{"spec":{"template":{"spec":{"$setElementOrder/volumes":[{"name":"cfg"},{"name":"data"}],"volumes":[{"configMap":{"name":"cm"},"name":"cfg"},{"$retainKeys":["configMap","name"],"configMap":{"name":"cm2"},"hostPath":null,"name":"data"}]}}}}',
    ],
    [
      'a change inside a volume source',
      pods([{ name: 'cfg', configMap: { name: 'cm' } }, { name: 'data', configMap: { name: 'cm2' } }]),
      pods([{ name: 'cfg', configMap: { name: 'cm-2' } }, { name: 'data', configMap: { name: 'cm2' } }]),
      pods([{ configMap: { defaultMode: 420, name: 'cm' }, name: 'cfg' }, { configMap: { defaultMode: 420, name: 'cm2' }, name: 'data' }]),
      '{"spec":{"template":{"spec":{"$setElementOrder/volumes":[{"name":"cfg"},{"name":"data"}],"volumes":[{"$retainKeys":["configMap","name"],"configMap":{"name":"cm-2"},"name":"cfg"}]}}}}',
    ],
    [
      'a volume removed and one added (no directive on either)',
      pods([{ name: 'cfg', configMap: { name: 'cm-2' } }, { name: 'data', configMap: { name: 'cm2' } }]),
      pods([{ name: 'extra', emptyDir: {} }, { name: 'cfg', configMap: { name: 'cm-2' } }]),
      pods([{ configMap: { defaultMode: 420, name: 'cm-2' }, name: 'cfg' }, { configMap: { defaultMode: 420, name: 'cm2' }, name: 'data' }]),
      '{"spec":{"template":{"spec":{"$setElementOrder/volumes":[{"name":"extra"},{"name":"cfg"}],"volumes":[{"emptyDir":{},"name":"extra"},{"$patch":"delete","name":"data"}]}}}}',
    ],
  ])('%s', (_name, original, modified, current, body) => {
    expect(toJsonCompact(threeWayPatch(original, modified, current))).toBe(body);
  });

  it('leaves an unchanged map without extra live keys alone', () => {
    expect(threeWayPatch(deploy({ type: 'Recreate' }), deploy({ type: 'Recreate' }), deploy({ type: 'Recreate' }))).toEqual({});
  });
});

describe('three-way apply patch: finalizers, a list of scalars merged as a set', () => {
  it.each<[string, Obj, Obj, Obj, string]>([
    ['one removed', cm(['a', 'b', 'c']), cm(['a', 'c']), cm(['a', 'b', 'c']), '{"metadata":{"$deleteFromPrimitiveList/finalizers":["example.com/b"],"$setElementOrder/finalizers":["example.com/a","example.com/c"]}}'],
    ['one added, the order changed', cm(['a', 'c']), cm(['d', 'c', 'a']), cm(['a', 'c']), '{"metadata":{"$setElementOrder/finalizers":["example.com/d","example.com/c","example.com/a"],"finalizers":["example.com/d"]}}'],
    [
      'one removed and one added against a live list that kept the removed one',
      cm(['a', 'b', 'c']),
      cm(['d', 'c', 'a']),
      cm(['a', 'b', 'c']),
      '{"metadata":{"$deleteFromPrimitiveList/finalizers":["example.com/b"],"$setElementOrder/finalizers":["example.com/d","example.com/c","example.com/a"],"finalizers":["example.com/d"]}}',
    ],
    ['an empty list in the manifest', cm(['a', 'b', 'c']), cm([]), cm(['a', 'b', 'c']), '{"metadata":{"$deleteFromPrimitiveList/finalizers":["example.com/a","example.com/b","example.com/c"]}}'],
    ['the list dropped from the manifest', cm(['d', 'c', 'a']), cm(), cm(['d', 'c', 'a']), '{"metadata":{"finalizers":null}}'],
    ['a list the live object lacks', cm(), cm(['z']), cm(), '{"metadata":{"finalizers":["example.com/z"]}}'],
    // The additions come out in the manifest's order, not sorted.
    ['two added around a kept one', cm(['y']), cm(['z', 'y', 'x']), cm(['y']), '{"metadata":{"$setElementOrder/finalizers":["example.com/z","example.com/y","example.com/x"],"finalizers":["example.com/z","example.com/x"]}}'],
    [
      'a server-only value is left alone',
      cm(['z', 'y', 'x']),
      cm(['x', 'q']),
      cm(['s', 'z', 'y', 'x']),
      '{"metadata":{"$deleteFromPrimitiveList/finalizers":["example.com/y","example.com/z"],"$setElementOrder/finalizers":["example.com/x","example.com/q"],"finalizers":["example.com/q"]}}',
    ],
    // deduplicateScalars overwrites a repeat with the last value: a, c, b — not sorted.
    ['repeats removed, in deduplicateScalars order', cm(['b', 'a', 'a', 'c', 'c', 'd']), cm(['d']), cm(['b', 'a', 'a', 'c', 'c', 'd']), '{"metadata":{"$deleteFromPrimitiveList/finalizers":["example.com/a","example.com/c","example.com/b"],"$setElementOrder/finalizers":["example.com/d"]}}'],
  ])('%s', (_name, original, modified, current, body) => {
    expect(toJsonCompact(threeWayPatch(original, modified, current))).toBe(body);
  });

  it('is empty when the live list is the manifest’s', () => {
    expect(threeWayPatch(cm(['a', 'b']), cm(['a', 'b']), cm(['a', 'b']))).toEqual({});
  });

  it('replaces a Namespace’s spec.finalizers (NamespaceSpec has no patch strategy)', () => {
    const ns = (finalizers: string[]): Obj => ({ spec: { finalizers } });
    expect(threeWayPatch(ns(['kubernetes', 'x']), ns(['kubernetes']), ns(['kubernetes', 'x']))).toEqual({ spec: { finalizers: ['kubernetes'] } });
  });
});

describe('two-way patch (CreateTwoWayMergePatch, as kubectl edit sends it)', () => {
  it.each<[string, Obj, Obj, string]>([
    ['the strategy switched, rollingUpdate deleted', deploy(ru({ maxSurge: 2, maxUnavailable: '25%' })), deploy({ type: 'Recreate' }), '{"spec":{"strategy":{"$retainKeys":["type"],"rollingUpdate":null,"type":"Recreate"}}}'],
    ['a nested change', deploy(ru()), deploy(ru({ maxSurge: '25%', maxUnavailable: 1 })), '{"spec":{"strategy":{"$retainKeys":["rollingUpdate","type"],"rollingUpdate":{"maxUnavailable":1}}}}'],
    ['finalizers added', cm(['z']), cm(['c', 'x', 'z']), '{"metadata":{"$setElementOrder/finalizers":["example.com/c","example.com/x","example.com/z"],"finalizers":["example.com/c","example.com/x"]}}'],
    ['finalizers removed and added', cm(['a', 'b', 'c']), cm(['c', 'x']), '{"metadata":{"$deleteFromPrimitiveList/finalizers":["example.com/a","example.com/b"],"$setElementOrder/finalizers":["example.com/c","example.com/x"],"finalizers":["example.com/x"]}}'],
    ['finalizers reordered', cm(['c', 'x', 'z']), cm(['z', 'x', 'c']), '{"metadata":{"$setElementOrder/finalizers":["example.com/z","example.com/x","example.com/c"]}}'],
    ['finalizers removed', cm(['z', 'x', 'c']), cm(), '{"metadata":{"finalizers":null}}'],
    [
      'a volume source switched',
      pods([{ emptyDir: {}, name: 'extra' }, { configMap: { defaultMode: 420, name: 'cm-2' }, name: 'cfg' }]),
      pods([{ emptyDir: {}, name: 'extra' }, { name: 'cfg', secret: { secretName: 's' } }]),
      '{"spec":{"template":{"spec":{"$setElementOrder/volumes":[{"name":"extra"},{"name":"cfg"}],"volumes":[{"$retainKeys":["name","secret"],"configMap":null,"name":"cfg","secret":{"secretName":"s"}}]}}}}',
    ],
  ])('%s', (_name, original, modified, body) => {
    expect(toJsonCompact(twoWayMergePatch(original, modified))).toBe(body);
    // kubectl set and edit build it as the three-way patch with the original as the live object.
    expect(toJsonCompact(threeWayPatch(original, modified, original))).toBe(body);
  });
});

describe('a custom resource (no Go struct: a JSON merge patch)', () => {
  it('sends lists whole and no directives', () => {
    const cr = (finalizers: string[], strategy: Obj): Obj => ({ metadata: { finalizers }, spec: { strategy, containers: [{ name: 'a', image: 'x' }] } });
    const live = cr(['a', 'b'], { type: 'Canary', steps: 3 });
    const patch = threeWayPatch(cr(['a', 'b'], { type: 'Canary' }), { metadata: { finalizers: ['a'] }, spec: { strategy: { type: 'Blue' }, containers: [{ name: 'a', image: 'y' }] } }, live, false);
    expect(patch).toEqual({ metadata: { finalizers: ['a'] }, spec: { strategy: { type: 'Blue' }, containers: [{ name: 'a', image: 'y' }] } });
  });

  it('sends the nulls of the last-applied diff only: a dropped key live or not, a new null, never a kept one', () => {
    const w = (spec: Obj): Obj => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', creationTimestamp: null }, spec });
    const live = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', creationTimestamp: '2025-09-01T09:00:00Z' }, spec: { a: '1' } };
    expect(threeWayPatch(w({ a: '1', b: '2', n: null }), w({ a: '1', b: '2', n: null }), { ...live, spec: { a: '1', b: '2' } }, false)).toEqual({});
    expect(toJsonCompact(threeWayPatch(w({ a: '1', b: '2', n: null }), w({ a: '1', n: null, m: null }), live, false))).toBe('{"spec":{"b":null,"m":null}}');
  });
});

describe('three-way apply patch: the tagged fields of every served kind (bodies real kubectl sent)', () => {
  const podSpec = (spec: Obj): Obj => ({ apiVersion: 'apps/v1', kind: 'Deployment', spec: { template: { spec } } });
  const d1 = podSpec({
    imagePullSecrets: [{ name: 'r1' }],
    hostAliases: [{ ip: '10.0.0.1', hostnames: ['a'] }],
    topologySpreadConstraints: [{ topologyKey: 'zone', maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' }],
    containers: [
      { name: 'a', image: 'nginx', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] },
      { name: 'b', image: 'busybox' },
    ],
  });
  const d2 = podSpec({
    imagePullSecrets: [{ name: 'r1' }, { name: 'r2' }],
    hostAliases: [{ ip: '10.0.0.1', hostnames: ['a', 'b'] }],
    topologySpreadConstraints: [{ topologyKey: 'zone', maxSkew: 2, whenUnsatisfiable: 'DoNotSchedule' }],
    containers: [{ name: 'a', image: 'nginx', env: [{ name: 'A', value: '1' }] }],
  });
  // Container b and a's env were taken out of the live object by a JSON patch first.
  const live = podSpec({
    containers: [{ image: 'nginx', imagePullPolicy: 'Always', name: 'a' }],
    hostAliases: [{ hostnames: ['a'], ip: '10.0.0.1' }],
    imagePullSecrets: [{ name: 'r1' }],
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }],
  });

  it('merges imagePullSecrets, hostAliases and topologySpreadConstraints by key, and deletes what the manifest dropped whether or not the live object has it', () => {
    expect(toJsonCompact(threeWayPatch(d1, d2, live))).toBe(
      '{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"a"}],"$setElementOrder/hostAliases":[{"ip":"10.0.0.1"}],"$setElementOrder/imagePullSecrets":[{"name":"r1"},{"name":"r2"}],"$setElementOrder/topologySpreadConstraints":[{"topologyKey":"zone"}],"containers":[{"$setElementOrder/env":[{"name":"A"}],"env":[{"name":"A","value":"1"},{"$patch":"delete","name":"B"}],"name":"a"},{"$patch":"delete","name":"b"}],"hostAliases":[{"hostnames":["a","b"],"ip":"10.0.0.1"}],"imagePullSecrets":[{"name":"r2"}],"topologySpreadConstraints":[{"maxSkew":2,"topologyKey":"zone"}]}}}}',
    );
  });

  it('merges a Service’s ports by port', () => {
    const svc = (ports: Obj[]): Obj => ({ apiVersion: 'v1', kind: 'Service', spec: { ports } });
    const original = svc([{ name: 'http', port: 80, targetPort: 8080 }, { name: 'https', port: 443, targetPort: 8443 }]);
    const modified = svc([{ name: 'https', port: 443, targetPort: 9443 }, { name: 'metrics', port: 9090 }]);
    const current = svc([{ name: 'http', port: 80, protocol: 'TCP', targetPort: 8080 }, { name: 'https', port: 443, protocol: 'TCP', targetPort: 8443 }]);
    expect(toJsonCompact(threeWayPatch(original, modified, current))).toBe('{"spec":{"$setElementOrder/ports":[{"port":443},{"port":9090}],"ports":[{"port":443,"targetPort":9443},{"name":"metrics","port":9090},{"$patch":"delete","port":80}]}}');
    expect(threeWayPatch(modified, modified, { ...modified, spec: { ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 9443 }, { name: 'metrics', port: 9090, protocol: 'TCP', targetPort: 9090 }] } })).toEqual({});
  });

  it('sends a PodDisruptionBudget’s selector (patchStrategy replace) whole on every apply', () => {
    const pdb = (selector: Obj): Obj => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', spec: { minAvailable: 1, selector } });
    const m = pdb({ matchLabels: { app: 'web' } });
    expect(toJsonCompact(threeWayPatch(m, m, m))).toBe('{"spec":{"selector":{"matchLabels":{"app":"web"}}}}');
    // A Deployment's selector has no tag: it is diffed.
    const d = { kind: 'Deployment', spec: { selector: { matchLabels: { app: 'web' } } } };
    expect(threeWayPatch(d, d, d)).toEqual({});
  });

  it('deletes a key the manifest dropped even when the live object lost it already', () => {
    const cm2 = (labels: Obj, data: Obj): Obj => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c2', labels }, data });
    const patch = threeWayPatch(cm2({ x: '1', z: '2' }, { a: '1', b: '2' }), cm2({ x: '1' }, { a: '1' }), cm2({ x: '1' }, { a: '1' }));
    expect(toJsonCompact(patch)).toBe('{"data":{"b":null},"metadata":{"labels":{"z":null}}}');
  });

  it('sends an explicit null wherever the live value is not null, so every apply of such a manifest patches', () => {
    const manifest = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c3', creationTimestamp: null, labels: { x: null } }, data: { a: '1' } };
    const current = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c3', creationTimestamp: '2025-09-01T09:00:00Z' }, data: { a: '1' } };
    expect(toJsonCompact(threeWayPatch(manifest, manifest, current))).toBe('{"metadata":{"creationTimestamp":null,"labels":{"x":null}}}');
  });
});
