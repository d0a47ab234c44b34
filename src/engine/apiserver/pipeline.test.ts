import { describe, expect, it } from 'vitest';
import type { Deployment, KObject } from '../../k8s/types';
import { ALPHANUMS } from '../core/rng';
import { bootedCluster, configMap, deployment, failure, ok, pod } from './apiserver.testing';
import { worldOf } from '../simulation';

const cluster = bootedCluster();

describe('kube-apiserver request pipeline', () => {
  it('passes a create through every stage, in order, under one request id', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') }));
    const requestId = worldOf(sim).nextRequestId - 1;
    const hops = worldOf(sim).trace.records.filter((r) => r.requestId === requestId);
    expect(hops.map((r) => r.kind)).toEqual([
      'request',
      'authn',
      'authz',
      'mutating-admission',
      'validation',
      'validating-admission',
      'etcd-write',
      'etcd-commit',
      'response',
    ]);
    expect(hops[0]!.summary).toBe('POST /apis/apps/v1/namespaces/default/deployments');
    expect(hops[1]!.summary).toBe('authenticated as "kubernetes-admin"');
    expect(hops[6]!.summary).toBe('Txn create /registry/deployments/default/web');
    expect(hops.at(-1)!.summary).toBe('201 Created deployment/web');
  });

  it('gives every write a strictly larger resourceVersion, equal to etcd revision', () => {
    const sim = cluster();
    const rvs: number[] = [];
    const record = (o: KObject): void => {
      rvs.push(Number(o.metadata.resourceVersion));
      expect(o.metadata.resourceVersion).toBe(String(worldOf(sim).etcd.revision));
    };
    record(ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('a') })));
    record(ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('b') })));
    record(ok(sim.request({ verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'a', body: { data: { key: 'v2' } } as never })));
    record(ok(sim.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'b' })));
    expect(rvs.every((rv, i) => i === 0 || rv > rvs[i - 1]!)).toBe(true);
    const stored = sim.objects('configmaps').find((c) => c.metadata.name === 'a')!;
    expect(stored.metadata.resourceVersion).toBe(String(rvs[2]));
  });

  it('rejects an update carrying a stale resourceVersion with 409 Conflict', () => {
    const sim = cluster();
    const created = ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') })) as Deployment;
    const first = structuredClone(created);
    first.metadata.labels = { tier: 'one' };
    ok(sim.request({ verb: 'update', resource: 'deployments', namespace: 'default', name: 'web', body: first }));
    const stale = structuredClone(created);
    stale.metadata.labels = { tier: 'two' };
    const e = failure(sim.request({ verb: 'update', resource: 'deployments', namespace: 'default', name: 'web', body: stale }));
    expect(e.code).toBe(409);
    expect(e.reason).toBe('Conflict');
    expect(e.message).toBe('Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again');
  });

  it('completes generateName with five characters from the no-vowel alphabet', () => {
    const sim = cluster();
    const a = ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: { ...pod(''), metadata: { generateName: 'web-' } } }));
    expect(a.metadata.name).toMatch(new RegExp(`^web-[${ALPHANUMS}]{5}$`));
    const long = 'x'.repeat(70);
    const b = ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { ...configMap(''), metadata: { generateName: long } } }));
    expect(b.metadata.name).toHaveLength(63);
    expect(b.metadata.name!.startsWith('x'.repeat(58))).toBe(true);
  });

  it('assigns each object a random version-4 UUID and a new one when recreated', () => {
    const sim = cluster();
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const first = ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c') }));
    ok(sim.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'c' }));
    const second = ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c') }));
    expect(first.metadata.uid).toMatch(v4);
    expect(second.metadata.uid).toMatch(v4);
    expect(second.metadata.uid).not.toBe(first.metadata.uid);
  });

  it('bumps metadata.generation on spec changes only', () => {
    const sim = cluster();
    const d = ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') })) as Deployment;
    expect(d.metadata.generation).toBe(1);
    const scaled = ok(sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', body: { spec: { replicas: 3 } } as never }));
    expect(scaled.metadata.generation).toBe(2);
    const labelled = ok(sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', body: { metadata: { labels: { team: 'a' } } } as never }));
    expect(labelled.metadata.generation).toBe(2);
    expect(Number(labelled.metadata.resourceVersion)).toBeGreaterThan(Number(scaled.metadata.resourceVersion));
    const withStatus = { ...structuredClone(labelled), status: { observedGeneration: 2, replicas: 3 } };
    const status = ok(sim.request({ verb: 'update', resource: 'deployments', subresource: 'status', namespace: 'default', name: 'web', body: withStatus }));
    expect(status.metadata.generation).toBe(2);
    expect((status as Deployment).status?.replicas).toBe(3);
  });

  it("keeps a Deployment status write's annotations, but not its labels or spec (deploymentStatusStrategy)", () => {
    const sim = cluster();
    const d = ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') })) as Deployment;
    const body = structuredClone(d);
    body.metadata.annotations = { 'deployment.kubernetes.io/revision': '1' };
    body.metadata.labels = { team: 'a' };
    body.spec.replicas = 5;
    const put = ok(sim.request({ verb: 'update', resource: 'deployments', subresource: 'status', namespace: 'default', name: 'web', body })) as Deployment;
    expect(put.metadata.annotations).toEqual({ 'deployment.kubernetes.io/revision': '1' });
    expect(put.metadata.labels).toEqual(d.metadata.labels);
    expect(put.spec.replicas).toBe(d.spec.replicas);
    // A status patch merges into the whole object: the annotation it does not name stays.
    const patched = ok(sim.request({ verb: 'patch', resource: 'deployments', subresource: 'status', namespace: 'default', name: 'web', patchType: 'merge', body: { metadata: { annotations: { note: 'x' } } } as never }));
    expect(patched.metadata.annotations).toEqual({ 'deployment.kubernetes.io/revision': '1', note: 'x' });
  });

  it('does not write, or bump resourceVersion, for an update that changes nothing', () => {
    const sim = cluster();
    const d = ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') }));
    const revision = worldOf(sim).etcd.revision;
    // The same object with its keys in another order is still the same object.
    const reordered = { spec: d.spec, metadata: d.metadata, kind: d.kind, apiVersion: d.apiVersion } as KObject;
    const again = ok(sim.request({ verb: 'update', resource: 'deployments', namespace: 'default', name: 'web', body: reordered }));
    expect(again.metadata.resourceVersion).toBe(d.metadata.resourceVersion);
    expect(worldOf(sim).etcd.revision).toBe(revision);
    ok(sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', body: { spec: { replicas: 1 } } as never }));
    expect(worldOf(sim).etcd.revision).toBe(revision);
  });

  it('reports AlreadyExists only for a valid object, after admission and validation', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('dup') }));
    const dup = failure(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('dup') }));
    expect(dup).toMatchObject({ code: 409, reason: 'AlreadyExists', message: 'configmaps "dup" already exists' });
    const invalid = failure(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('dup', { data: { 'bad key': 'x' } }) }));
    expect(invalid.reason).toBe('Invalid');
  });

  it('creates into a namespace only when it exists', () => {
    const sim = cluster();
    const e = failure(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'nowhere', body: configMap('c') }));
    expect(e).toMatchObject({ code: 404, reason: 'NotFound', message: 'namespaces "nowhere" not found' });
  });
});
