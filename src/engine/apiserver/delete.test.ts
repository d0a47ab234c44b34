import { describe, expect, it } from 'vitest';
import type { Namespace, Pod } from '../../k8s/types';
import { rfc3339 } from '../../k8s/time';
import type { SimMillis } from '../core/ids';
import { storedObject } from './storage';
import { bootedCluster, configMap, deployment, failure, ok, pod } from './apiserver.testing';
import { worldOf } from '../simulation';

const cluster = bootedCluster();

describe('deletion', () => {
  it('deletes a scheduled Pod gracefully: deletionTimestamp now + grace, left for the kubelet', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web', { nodeName: 'node-1', terminationGracePeriodSeconds: 45 }) }));
    const res = sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'web' });
    const terminating = ok(res) as Pod;
    expect(res.ok && res.code).toBe(202);
    expect(terminating.metadata.deletionGracePeriodSeconds).toBe(45);
    expect(terminating.metadata.deletionTimestamp).toBe(rfc3339((sim.now + 45_000) as SimMillis));
    expect(storedObject(worldOf(sim), 'pods', 'default', 'web')?.metadata.deletionTimestamp).toBeDefined();
    // --grace-period=0 on an already terminating Pod shortens it; the kubelet still finishes.
    const forced = ok(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'web', gracePeriodSeconds: 1 }));
    expect(forced.metadata.deletionGracePeriodSeconds).toBe(1);
  });

  it('removes an unscheduled Pod at once: no kubelet has it', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('pending') }));
    const res = sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'pending' });
    expect(res.ok && res.code).toBe(200);
    expect(storedObject(worldOf(sim), 'pods', 'default', 'pending')).toBeUndefined();
  });

  it('holds an object with finalizers in Terminating until the last one is removed', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('held', { metadata: { name: 'held', finalizers: ['example.com/hold'] } }) }));
    const held = ok(sim.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'held' }));
    expect(held.metadata.deletionTimestamp).toBe(rfc3339(sim.now));
    expect(storedObject(worldOf(sim), 'configmaps', 'default', 'held')).toBeDefined();
    const added = failure(sim.request({ verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'held', body: { metadata: { finalizers: ['example.com/hold', 'example.com/more'] } } as never }));
    expect(added.message).toBe(
      'ConfigMap "held" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/more"}',
    );
    ok(sim.request({ verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'held', body: { metadata: { finalizers: null } } as never }));
    expect(storedObject(worldOf(sim), 'configmaps', 'default', 'held')).toBeUndefined();
  });

  it('records the propagation policy as the orphan or foregroundDeletion finalizer', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('orphaned') }));
    ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('foreground') }));
    const o = ok(sim.request({ verb: 'delete', resource: 'deployments', namespace: 'default', name: 'orphaned', propagationPolicy: 'Orphan' }));
    const f = ok(sim.request({ verb: 'delete', resource: 'deployments', namespace: 'default', name: 'foreground', propagationPolicy: 'Foreground' }));
    expect(o.metadata.finalizers).toEqual(['orphan']);
    expect(f.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(o.metadata.deletionTimestamp && f.metadata.deletionTimestamp).toBeTruthy();
  });

  it('turns a deleted Namespace Terminating, refuses new content, and lets it go once finalized', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } } }));
    const ns = ok(sim.request({ verb: 'delete', resource: 'namespaces', name: 'team' })) as Namespace;
    expect(ns.status?.phase).toBe('Terminating');
    expect(ns.spec?.finalizers).toEqual(['kubernetes']);
    const refused = failure(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'team', body: configMap('late') }));
    expect(refused).toMatchObject({ code: 403, reason: 'Forbidden', message: 'configmaps "late" is forbidden: unable to create new content in namespace team because it is being terminated' });
    // A plain update cannot drop spec.finalizers; only namespaces/finalize can.
    const plain = structuredClone(ns);
    plain.spec = { finalizers: [] };
    ok(sim.request({ verb: 'update', resource: 'namespaces', name: 'team', body: plain }));
    expect((storedObject(worldOf(sim), 'namespaces', undefined, 'team') as Namespace).spec?.finalizers).toEqual(['kubernetes']);
    ok(sim.request({ verb: 'update', resource: 'namespaces', subresource: 'finalize', name: 'team', body: { ...plain, spec: { finalizers: [] } } }));
    expect(storedObject(worldOf(sim), 'namespaces', undefined, 'team')).toBeUndefined();
  });

  it('never deletes the namespaces the cluster depends on', () => {
    const sim = cluster();
    for (const name of ['default', 'kube-system', 'kube-public']) {
      const e = failure(sim.request({ verb: 'delete', resource: 'namespaces', name }));
      expect(e).toMatchObject({ code: 403, reason: 'Forbidden', message: `namespaces "${name}" is forbidden: this namespace may not be deleted` });
    }
  });
});
