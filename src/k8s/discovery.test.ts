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
    expect(names.filter((n) => n.startsWith('pods/'))).toEqual(['pods/binding', 'pods/ephemeralcontainers', 'pods/eviction', 'pods/log', 'pods/status']);
    const pods = (aggregatedDiscovery(true) as { items: Item[] }).items[0]!.versions[0]!.resources.find((r) => r.resource === 'pods')!;
    expect(pods.subresources?.map((s) => s.subresource)).toEqual(['binding', 'ephemeralcontainers', 'eviction', 'log', 'status']);
  });
});
