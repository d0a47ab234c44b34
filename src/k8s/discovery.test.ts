import { describe, expect, it } from 'vitest';
import { aggregatedDiscovery, apiResourceList } from './discovery';

interface Item {
  metadata: { name: string };
  versions: { version: string; resources: { resource: string; scope: string; subresources?: { subresource: string; responseKind: { group: string; kind: string } }[] }[] }[];
}

describe('discovery', () => {
  it('serves the core group at /api and the named groups at /apis, as aggregated discovery', () => {
    const core = aggregatedDiscovery(true) as { kind: string; items: Item[] };
    expect(core.kind).toBe('APIGroupDiscoveryList');
    expect(core.items.map((i) => i.metadata.name)).toEqual(['']);
    const pods = core.items[0]!.versions[0]!.resources.find((r) => r.resource === 'pods')!;
    expect(pods.scope).toBe('Namespaced');
    // Served, so kubectl drain evicts (drain's CheckEvictionSupport finds policy/v1 Eviction).
    expect(pods.subresources?.find((s) => s.subresource === 'eviction')?.responseKind).toEqual({ group: 'policy', version: 'v1', kind: 'Eviction' });
    const named = aggregatedDiscovery(false) as { items: Item[] };
    expect(named.items.map((i) => i.metadata.name)).toContain('apps');
    expect(named.items.map((i) => i.metadata.name)).not.toContain('');
  });

  it('describes the scale subresource as an autoscaling/v1 Scale in legacy discovery', () => {
    const apps = apiResourceList('apps', 'v1') as { resources: { name: string; group?: string; kind: string }[] };
    expect(apps.resources.find((r) => r.name === 'deployments/scale')).toMatchObject({ group: 'autoscaling', kind: 'Scale' });
    expect(apiResourceList('example.com', 'v1')).toBeUndefined();
  });

  it('lists the paths of a group in name order, subresources included, as APIInstaller registers them sorted', () => {
    const core = apiResourceList('', 'v1') as { resources: { name: string }[] };
    const names = core.resources.map((r) => r.name);
    expect(names).toEqual([...names].sort());
    expect(names.filter((n) => n.startsWith('pods/'))).toEqual(['pods/attach', 'pods/binding', 'pods/ephemeralcontainers', 'pods/eviction', 'pods/exec', 'pods/log', 'pods/portforward', 'pods/proxy', 'pods/resize', 'pods/status']);
    const pods = (aggregatedDiscovery(true) as { items: Item[] }).items[0]!.versions[0]!.resources.find((r) => r.resource === 'pods')!;
    expect(pods.subresources?.map((s) => s.subresource)).toEqual(['attach', 'binding', 'ephemeralcontainers', 'eviction', 'exec', 'log', 'portforward', 'proxy', 'resize', 'status']);
  });

  it('describes the pod subresources as kube-apiserver 1.36 does', () => {
    const core = apiResourceList('', 'v1') as { resources: { name: string }[] };
    // A real cluster's /api/v1.
    expect(core.resources.filter((r) => r.name.startsWith('pods/'))).toEqual([
      { name: 'pods/attach', singularName: '', namespaced: true, kind: 'PodAttachOptions', verbs: ['create', 'get'] },
      { name: 'pods/binding', singularName: '', namespaced: true, kind: 'Binding', verbs: ['create'] },
      { name: 'pods/ephemeralcontainers', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get', 'patch', 'update'] },
      { name: 'pods/eviction', singularName: '', namespaced: true, group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] },
      { name: 'pods/exec', singularName: '', namespaced: true, kind: 'PodExecOptions', verbs: ['create', 'get'] },
      { name: 'pods/log', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get'] },
      { name: 'pods/portforward', singularName: '', namespaced: true, kind: 'PodPortForwardOptions', verbs: ['create', 'get'] },
      { name: 'pods/proxy', singularName: '', namespaced: true, kind: 'PodProxyOptions', verbs: ['create', 'delete', 'get', 'patch', 'update'] },
      { name: 'pods/resize', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get', 'patch', 'update'] },
      { name: 'pods/status', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get', 'patch', 'update'] },
    ]);
    const pods = (aggregatedDiscovery(true) as { items: Item[] }).items[0]!.versions[0]!.resources.find((r) => r.resource === 'pods')!;
    expect(pods.subresources?.find((s) => s.subresource === 'attach')).toEqual({ subresource: 'attach', responseKind: { group: '', version: 'v1', kind: 'PodAttachOptions' }, verbs: ['create', 'get'] });
  });

  it("lists nodes/proxy as ProxyREST declares it: NodeProxyOptions, every proxied method's verb", () => {
    const core = apiResourceList('', 'v1') as { resources: { name: string }[] };
    expect(core.resources.filter((r) => r.name.startsWith('nodes/'))).toEqual([
      { name: 'nodes/proxy', singularName: '', namespaced: false, kind: 'NodeProxyOptions', verbs: ['create', 'delete', 'get', 'patch', 'update'] },
      { name: 'nodes/status', singularName: '', namespaced: false, kind: 'Node', verbs: ['get', 'patch', 'update'] },
    ]);
    const nodes = (aggregatedDiscovery(true) as { items: Item[] }).items[0]!.versions[0]!.resources.find((r) => r.resource === 'nodes')!;
    expect(nodes.subresources?.find((s) => s.subresource === 'proxy')).toEqual({ subresource: 'proxy', responseKind: { group: '', version: 'v1', kind: 'NodeProxyOptions' }, verbs: ['create', 'delete', 'get', 'patch', 'update'] });
  });
});
