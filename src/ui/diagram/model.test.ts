import { describe, expect, it } from 'vitest';
import type { KObject, Pod } from '../../engine/api/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary } from '../../protocol/messages';
import { lastHop, toFlowGraph } from './model';

function comps(list: [string, ComponentSummary['kind'], string][]): Map<string, ComponentSummary> {
  return new Map(list.map(([id, kind, host]) => [id, { id, kind, host, running: true }]));
}

const basic = comps([
  ['kubectl', 'kubectl', 'workstation'],
  ['etcd', 'etcd', 'control-plane'],
  ['kube-apiserver', 'kube-apiserver', 'control-plane'],
  ['kube-scheduler', 'kube-scheduler', 'control-plane'],
  ['kube-controller-manager', 'kube-controller-manager', 'control-plane'],
  ['csi', 'csi', 'control-plane'],
  ['kubelet/node-1', 'kubelet', 'node-1'],
  ['container-runtime/node-1', 'container-runtime', 'node-1'],
  ['cni/node-1', 'cni', 'node-1'],
  ['kube-proxy/node-1', 'kube-proxy', 'node-1'],
]);

function rec(seq: number, from: string, to: string, kind: TraceRecord['kind'] = 'request'): TraceRecord {
  return { seq, at: seq, from, to, kind, summary: 'x' } as TraceRecord;
}

const pod = (name: string, node: string): [string, KObject] => [
  `pods/default/${name}`,
  { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName: node, containers: [{ name: 'c' }] }, status: { phase: 'Pending' } } as Pod,
];

describe('toFlowGraph', () => {
  it('draws every component once, inside its machine box, with the Pods on their node', () => {
    const g = toFlowGraph(basic, new Map([pod('web-1', 'node-1')]), []);
    const ids = g.nodes.map((n) => n.id);
    for (const id of basic.keys()) expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(g.nodes.find((n) => n.id === 'kubelet/node-1')?.parentId).toBe('node:node-1');
    expect(g.nodes.find((n) => n.id === 'kube-apiserver')?.parentId).toBe('machine:control-plane');
    const p = g.nodes.find((n) => n.id === 'pod:default/web-1');
    expect(p?.parentId).toBe('node:node-1');
    expect(p?.data).toMatchObject({ status: 'Pending', ready: '0/1' });
  });

  it('is hub and spoke: components reach each other only through kube-apiserver, except the real direct edges', () => {
    const g = toFlowGraph(basic, new Map(), []);
    const pairs = g.edges.map((e) => [e.source, e.target].sort().join(' '));
    expect(pairs).toContain(['kube-apiserver', 'kube-scheduler'].sort().join(' '));
    expect(pairs).toContain(['etcd', 'kube-apiserver'].sort().join(' '));
    expect(pairs).toContain(['container-runtime/node-1', 'kubelet/node-1'].sort().join(' '));
    expect(pairs).toContain(['cni/node-1', 'container-runtime/node-1'].sort().join(' '));
    expect(pairs).not.toContain(['kube-scheduler', 'kubelet/node-1'].sort().join(' '));
    expect(pairs).not.toContain(['etcd', 'kube-scheduler'].sort().join(' '));
  });

  it('animates the edge of the latest message, drawing controllers as kube-controller-manager', () => {
    const g = toFlowGraph(basic, new Map(), [rec(1, 'kubectl', 'kube-apiserver'), rec(2, 'deployment-controller', 'kube-apiserver'), rec(3, 'kube-scheduler', 'kube-apiserver', 'lease')]);
    expect(g.activeEdge).toBe('kube-apiserver~kube-controller-manager');
    expect(g.edges.filter((e) => e.animated).map((e) => e.id)).toEqual(['kube-apiserver~kube-controller-manager']);
    const kcm = g.nodes.find((n) => n.id === 'kube-controller-manager');
    expect(kcm?.data).toMatchObject({ active: true });
  });

  it('skips Events and Lease renewals when choosing the hop to show', () => {
    expect(lastHop([rec(1, 'a', 'b'), rec(2, 'c', 'd', 'event'), rec(3, 'e', 'f', 'lease')])?.seq).toBe(1);
    expect(lastHop([])).toBeUndefined();
  });

  it('marks a stopped component', () => {
    const stopped = new Map(basic);
    stopped.set('kube-scheduler', { ...basic.get('kube-scheduler')!, running: false });
    const g = toFlowGraph(stopped, new Map(), []);
    expect(g.nodes.find((n) => n.id === 'kube-scheduler')?.data).toMatchObject({ running: false });
  });
});
