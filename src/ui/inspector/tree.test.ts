import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { goApiScaled } from './fixture.testing';
import { objectTree, type TreeNode } from './tree';

/** One line per item: indentation, label, status, and `+`/`-` for expanded/collapsed parents. */
function outline(nodes: readonly TreeNode[], depth = 0, out: string[] = []): string[] {
  for (const n of nodes) {
    const l = n.label;
    const text = l.type === 'object' ? `${l.kind} ${l.name}` : l.type === 'namespace' ? `namespace ${l.name}` : `[${l.group}]`;
    const mark = n.children.length ? (n.expanded ? '- ' : '+ ') : '  ';
    out.push(`${'  '.repeat(depth)}${mark}${text}${n.status ? ` (${n.status})` : ''}`);
    outline(n.children, depth + 1, out);
  }
  return out;
}

describe('objectTree on a real cluster (go-api applied and scaled to 2)', () => {
  const { state } = goApiScaled();
  const tree = objectTree(state.objects);
  const top = tree.map((n) => (n.label.type === 'namespace' ? n.label.name : n.label.type === 'group' ? `[${n.label.group}]` : ''));

  it('puts user namespaces first and expanded, then Nodes, then the kube-* namespaces collapsed', () => {
    expect(top).toEqual(['default', '[nodes]', 'kube-node-lease', 'kube-public', 'kube-system', '[cluster]']);
    expect(tree.map((n) => n.expanded)).toEqual([true, true, false, false, false, false]);
    expect(tree[0]!.key).toBe('namespaces/default');
    expect(tree[0]!.status).toBe('Active');
  });

  it('nests Deployment → ReplicaSet → Pods by ownerReferences, with kubectl status words', () => {
    const lines = outline(tree[0]!.children);
    const rs = [...state.objects.values()].find((o) => o.kind === 'ReplicaSet' && o.metadata.namespace === 'default')!.metadata.name!;
    expect(lines.slice(0, 4)).toEqual([
      '- Deployment go-api (2/2 ready)',
      `  - ReplicaSet ${rs} (2/2 ready)`,
      expect.stringMatching(new RegExp(`^ {6}Pod ${rs}-\\w{5} \\(Running\\)$`)),
      expect.stringMatching(new RegExp(`^ {6}Pod ${rs}-\\w{5} \\(Running\\)$`)),
    ]);
    // The Service with the EndpointSlice the apiservers keep for it.
    expect(lines).toContain('- Service kubernetes (ClusterIP 10.96.0.1)');
    expect(lines).toContain('    EndpointSlice kubernetes (10.0.0.10)');
    // Events are left to the events table; ConfigMaps and ServiceAccounts wait in a collapsed group.
    expect(lines.some((l) => l.includes('Event '))).toBe(false);
    expect(lines).toContain('+ [other]');
  });

  it('lists under each Node the Pods bound to it, as separate items for the same objects', () => {
    const nodes = tree[1]!;
    expect(nodes.children.map((n) => `${n.key} ${n.status}`)).toEqual(['nodes/control-plane Ready', 'nodes/node-1 Ready', 'nodes/node-2 Ready', 'nodes/node-3 Ready']);
    for (const n of nodes.children) {
      const name = n.key!.split('/')[1];
      for (const p of n.children) {
        expect((state.objects.get(p.key!) as { spec: { nodeName?: string } }).spec.nodeName).toBe(name);
        expect(p.id).not.toBe(p.key);
      }
    }
    const bound = nodes.children.flatMap((n) => n.children.map((p) => p.key));
    const allPods = [...state.objects.values()].filter((o) => o.kind === 'Pod').length;
    expect(bound).toHaveLength(allPods);
    const ids: string[] = [];
    const collect = (list: readonly TreeNode[]) => list.forEach((n) => (ids.push(n.id), collect(n.children)));
    collect(tree);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows kube-system: the kube-proxy DaemonSet with a Pod per node, kube-dns with its EndpointSlice, leader Leases with holders', () => {
    const sys = outline(tree.find((n) => n.id === 'ns:kube-system')!.children);
    expect(sys).toContain('- DaemonSet kube-proxy (4/4 ready)');
    expect(sys.filter((l) => /^ {4}Pod kube-proxy-\w{5} \(Running\)$/.test(l))).toHaveLength(4);
    expect(sys.some((l) => /^- Service kube-dns \(ClusterIP [\d.]+\)$/.test(l))).toBe(true);
    expect(sys.some((l) => /^ {4}EndpointSlice kube-dns-\w{5} \([\d.,]+\)$/.test(l))).toBe(true);
    expect(sys.some((l) => /^ {4}Lease kube-scheduler \(holder control-plane_[\w-]+\)$/.test(l))).toBe(true);
    // Static Pods are owned by their Node, not a workload: they stand alone.
    expect(sys).toContain('  Pod etcd-control-plane (Running)');
    const heartbeats = outline(tree.find((n) => n.id === 'ns:kube-node-lease')!.children);
    expect(heartbeats).toContain('- [leases]');
    expect(heartbeats).toContain('    Lease node-1 (holder node-1)');
  });

  it('gives each Lease its renewal age at the moment shown: node heartbeats every 10 s', () => {
    const withAge = objectTree(state.objects, state.now);
    const lease = (id: string) => withAge.find((n) => n.id === 'ns:kube-node-lease')!.children[0]!.children.find((n) => n.key === id)!;
    for (const node of ['node-1', 'node-2', 'node-3']) expect(lease(`leases/kube-node-lease/${node}`).renewed).toMatch(/^\ds$/);
    expect(tree.find((n) => n.id === 'ns:kube-node-lease')!.children[0]!.children[0]!.renewed).toBeUndefined();
  });
});

describe('objectTree edge cases', () => {
  const obj = (kind: string, ns: string | undefined, name: string, extra: Partial<KObject> & { meta?: Partial<KObject['metadata']> } = {}): [string, KObject] => {
    const { meta, ...rest } = extra;
    const resource = `${kind.toLowerCase()}s`;
    return [ns ? `${resource}/${ns}/${name}` : `${resource}/${name}`, { apiVersion: 'v1', kind, metadata: { name, ...(ns ? { namespace: ns } : {}), uid: `uid-${name}`, ...meta }, ...rest }];
  };

  it('keeps a Pod whose owner is gone as a bare Pod, and a Service without slices, in a namespace with no Namespace object', () => {
    const objects = new Map([
      obj('Pod', 'team-a', 'orphan', { spec: { containers: [] }, meta: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'gone', uid: 'uid-gone', controller: true }] } }),
      obj('Pod', 'team-a', 'web', { spec: { containers: [{ name: 'c', image: 'i' }] }, status: { phase: 'Pending' } }),
      obj('Service', 'team-a', 'web', { spec: { type: 'NodePort', clusterIP: '10.96.3.4' } }),
      obj('EndpointSlice', 'team-a', 'stray', { meta: { labels: { 'kubernetes.io/service-name': 'other' } }, endpoints: null }),
    ]);
    expect(outline(objectTree(objects))).toEqual(['- namespace team-a', '    Pod orphan', '    Pod web (Pending)', '    Service web (NodePort 10.96.3.4)', '  + [other]', '      EndpointSlice stray (<unset>)']);
  });

  it('is empty for no objects', () => {
    expect(objectTree(new Map())).toEqual([]);
  });
});
