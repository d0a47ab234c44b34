import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { bootedCluster, configMap, ok, openWatch, pod } from './apiserver.testing';

const cluster = bootedCluster();

function bind(name: string, node: string): object {
  return { apiVersion: 'v1', kind: 'Binding', metadata: { name }, target: { apiVersion: 'v1', kind: 'Node', name: node } };
}

describe('watches', () => {
  it('delivers ADDED, MODIFIED and DELETED with the writes resourceVersions', () => {
    const sim = cluster();
    const events = openWatch(sim, 'configmaps', { namespace: 'default' });
    const created = ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('settings') }));
    const updated = ok(sim.request({ verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'settings', body: { data: { key: 'v2' } } as never }));
    const deleted = ok(sim.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'settings' }));
    ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'kube-system', body: configMap('elsewhere') }));
    const seen = events();
    expect(seen.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
    expect(seen.map((e) => e.object.metadata.resourceVersion)).toEqual([created, updated, deleted].map((o) => o.metadata.resourceVersion));
    expect(seen[1]!.object.data).toEqual({ key: 'v2' });
  });

  it('shows a spec.nodeName watch a Pod as ADDED the moment it is bound to that node', () => {
    const sim = cluster();
    const onNode1 = openWatch(sim, 'pods', { fieldSelector: [{ field: 'spec.nodeName', op: '=', value: 'node-1' }] });
    const onNode2 = openWatch(sim, 'pods', { fieldSelector: [{ field: 'spec.nodeName', op: '=', value: 'node-2' }] });
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') }));
    expect(onNode1()).toEqual([]);
    ok(sim.request({ verb: 'create', resource: 'pods', subresource: 'binding', namespace: 'default', name: 'web', body: bind('web', 'node-1') as never }));
    const seen = onNode1();
    expect(seen.map((e) => e.type)).toEqual(['ADDED']);
    expect((seen[0]!.object as Pod).spec.nodeName).toBe('node-1');
    expect((seen[0]!.object as Pod).status?.conditions?.find((c) => c.type === 'PodScheduled')?.status).toBe('True');
    expect(onNode2()).toEqual([]);
    // A graceful delete of a bound Pod is an update the kubelet must see.
    ok(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'web' }));
    expect(onNode1().map((e) => e.type)).toEqual(['ADDED', 'MODIFIED']);
  });

  it('turns a label change that leaves a selector into DELETED for that watcher', () => {
    const sim = cluster();
    const frontends = openWatch(sim, 'pods', { labelSelector: [{ key: 'tier', op: 'In', values: ['frontend'] }] });
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web', {}, { tier: 'frontend' }) }));
    ok(sim.request({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'web', body: { metadata: { labels: { tier: 'backend' } } } as never }));
    expect(frontends().map((e) => e.type)).toEqual(['ADDED', 'DELETED']);
  });

  it('binds without bumping metadata.generation (binding is not a spec update through the strategy)', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') }));
    ok(sim.request({ verb: 'create', resource: 'pods', subresource: 'binding', namespace: 'default', name: 'web', body: bind('web', 'node-1') as never }));
    const bound = sim.objects<Pod>('pods').find((p) => p.metadata.name === 'web')!;
    expect(bound.spec.nodeName).toBe('node-1');
    expect(bound.metadata.generation).toBe(1);
  });

  it('refuses a second binding of a bound Pod', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') }));
    ok(sim.request({ verb: 'create', resource: 'pods', subresource: 'binding', namespace: 'default', name: 'web', body: bind('web', 'node-1') as never }));
    const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'binding', namespace: 'default', name: 'web', body: bind('web', 'node-2') as never });
    expect(res.ok).toBe(false);
    expect(!res.ok && res.error.message).toBe('Operation cannot be fulfilled on pods/binding "web": pod web is already assigned to node "node-1"');
  });
});
