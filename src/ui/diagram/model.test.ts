import { describe, expect, it } from 'vitest';
import { KCM_CONTROLLERS } from './actors';
import { EDGE_STYLE, toFlowGraph, type ComponentNodeData, type DiagramNode, type GroupNodeData } from './model';
import { BASIC, pod, rec, withComponent } from './testkit';

const data = (g: { nodes: DiagramNode[] }, id: string) => g.nodes.find((n) => n.id === id)?.data;

describe('toFlowGraph', () => {
  it('draws every component once, inside its machine box, with the Pods on their node', () => {
    const g = toFlowGraph(BASIC, new Map([pod('web-1', 'node-1')]), []);
    const ids = g.nodes.map((n) => n.id);
    for (const id of BASIC.keys()) expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(g.nodes.find((n) => n.id === 'kubelet/node-1')?.parentId).toBe('node:node-1');
    expect(g.nodes.find((n) => n.id === 'kube-apiserver')?.parentId).toBe('machine:control-plane');
    const p = g.nodes.find((n) => n.id === 'pod:default/web-1');
    expect(p?.parentId).toBe('node:node-1');
    expect(p?.data).toMatchObject({ status: 'Pending', ready: '0/1', shape: 'progress', containers: [{ name: 'c', state: 'Waiting', ready: false }] });
  });

  it('shows Pods without a node in a Pending box beside the control plane, and on their node once bound', () => {
    const [key, unbound] = pod('web-2', 'node-1');
    delete (unbound as { spec: { nodeName?: string } }).spec.nodeName;
    const g = toFlowGraph(BASIC, new Map([pod('web-1', 'node-1'), [key, unbound]]), []);
    const box = g.nodes.find((n) => n.id === 'group:unscheduled');
    expect(box?.data).toMatchObject({ labelKey: 'diagram.group.unscheduled', virtual: true });
    expect(g.nodes.find((n) => n.id === 'pod:default/web-2')?.parentId).toBe('group:unscheduled');
    expect(g.nodes.findIndex((n) => n.id === 'group:unscheduled')).toBeLessThan(g.nodes.findIndex((n) => n.id === 'pod:default/web-2'));
    expect(toFlowGraph(BASIC, new Map([pod('web-1', 'node-1')]), []).nodes.some((n) => n.id === 'group:unscheduled')).toBe(false);
  });

  it('puts every parent before its children and gives every node a size (React Flow and geometry rely on both)', () => {
    const g = toFlowGraph(BASIC, new Map([pod('a', 'node-1'), pod('b', 'node-1'), pod('c', 'node-2')]), []);
    const seen = new Set<string>();
    for (const n of g.nodes) {
      if (n.parentId) expect(seen.has(n.parentId), `${n.id} after ${n.parentId}`).toBe(true);
      expect(n.width).toBeGreaterThan(0);
      expect(n.height).toBeGreaterThan(0);
      seen.add(n.id);
    }
  });

  it('draws the syllabus parts: the user, cloud-controller-manager as absent, a CSI node plugin on every node', () => {
    const g = toFlowGraph(BASIC, new Map(), []);
    expect(data(g, 'user')).toMatchObject({ kind: 'user', labelKey: 'diagram.user' });
    expect(data(g, 'cloud-controller-manager')).toMatchObject({ absent: true, running: false });
    expect(g.edges.find((e) => e.id === 'cloud-controller-manager~kube-apiserver')?.className).toBe('diagram-edge-absent');
    for (const host of ['control-plane', 'node-1', 'node-2']) {
      const n = g.nodes.find((x) => x.id === `csi-node/${host}`);
      expect(n?.parentId).toBe(`node:${host}`);
      expect(n?.data).toMatchObject({ componentId: 'csi', labelKey: 'diagram.csiNode' });
    }
    expect(data(g, 'csi')).toMatchObject({ labelKey: 'diagram.csiController' });
  });

  it('lists the controllers kube-controller-manager runs', () => {
    const g = toFlowGraph(BASIC, new Map(), []);
    expect((data(g, 'kube-controller-manager') as ComponentNodeData).controllers).toEqual(KCM_CONTROLLERS);
    expect(KCM_CONTROLLERS).toContain('deployment-controller');
  });

  it('marks the raft leader and its term on etcd, and the Lease holder', () => {
    const cs = withComponent(BASIC, 'etcd', { details: { raftLeader: true, raftTerm: 3 } });
    const g = toFlowGraph(cs, new Map(), [], new Set(['kube-scheduler']));
    expect(data(g, 'etcd')).toMatchObject({ raft: { leader: true, term: 3 } });
    expect(data(g, 'kube-scheduler')).toMatchObject({ leader: true });
    expect(data(g, 'kube-controller-manager')).toMatchObject({ leader: false });
    expect((data(g, 'kube-apiserver') as ComponentNodeData).leader).toBeUndefined();
  });

  it('is hub and spoke: components reach each other only through kube-apiserver, except the real direct edges', () => {
    const g = toFlowGraph(BASIC, new Map(), []);
    const pairs = g.edges.map((e) => [e.source, e.target].sort().join(' '));
    const pair = (a: string, b: string) => [a, b].sort().join(' ');
    expect(pairs).toContain(pair('kube-apiserver', 'kube-scheduler'));
    expect(pairs).toContain(pair('etcd', 'kube-apiserver'));
    expect(pairs).toContain(pair('container-runtime/node-1', 'kubelet/node-1'));
    expect(pairs).toContain(pair('cni/node-1', 'container-runtime/node-1'));
    expect(pairs).toContain(pair('csi-node/node-1', 'kubelet/node-1'));
    expect(pairs).not.toContain(pair('kube-scheduler', 'kubelet/node-1'));
    expect(pairs).not.toContain(pair('etcd', 'kube-scheduler'));
    for (const e of g.edges) expect(g.nodes.some((n) => n.id === e.source) && g.nodes.some((n) => n.id === e.target), e.id).toBe(true);
  });

  it('lights the edge of the latest message, drawing controllers as kube-controller-manager', () => {
    const g = toFlowGraph(BASIC, new Map(), [rec(1, 'kubectl', 'kube-apiserver'), rec(2, 'deployment-controller', 'kube-apiserver'), rec(3, 'kube-scheduler', 'kube-apiserver', 'lease')]);
    expect(g.activeEdge).toBe('kube-apiserver~kube-controller-manager');
    expect(g.edges.filter((e) => e.animated).map((e) => e.id)).toEqual(['kube-apiserver~kube-controller-manager']);
    // Strokes are inline so an exported image keeps them (html-to-image copies no CSS into <svg>).
    expect(g.edges.find((e) => e.animated)?.style).toEqual(EDGE_STYLE.lit);
    for (const e of g.edges) expect(e.style?.stroke, e.id).toBeTruthy();
    expect(data(g, 'kube-controller-manager')).toMatchObject({ active: true });
    expect(data(g, 'kube-scheduler')).toMatchObject({ active: false });
  });

  it('lights the CSI node plugin on the kubelet’s own node for NodePublishVolume', () => {
    const g = toFlowGraph(BASIC, new Map(), [rec(1, 'kubelet/node-2', 'csi', 'csi')]);
    expect(g.activeEdge).toBe('csi-node/node-2~kubelet/node-2');
  });

  it('marks stopped components with the faults that keep them down, and powered-off or partitioned machines', () => {
    let cs = withComponent(BASIC, 'kube-scheduler', { running: false, details: { faults: ['kube-scheduler'] } });
    cs = withComponent(cs, 'kubelet/node-1', { running: false, details: { faults: ['node/node-1'] } });
    cs = withComponent(cs, 'kube-proxy/node-2', { details: { faults: ['network/node-2'] } });
    const g = toFlowGraph(cs, new Map(), []);
    expect(data(g, 'kube-scheduler')).toMatchObject({ running: false, faults: ['kube-scheduler'] });
    expect(data(g, 'node:node-1') as GroupNodeData).toMatchObject({ poweredOff: true, partitioned: false });
    expect(data(g, 'node:node-2') as GroupNodeData).toMatchObject({ poweredOff: false, partitioned: true });
    // The CSI node plugin is part of the one csi process, but it dies with its machine.
    expect(data(g, 'csi-node/node-1')).toMatchObject({ running: false, faults: ['node/node-1'] });
    expect(data(g, 'csi-node/node-2')).toMatchObject({ running: true });
  });

  it('draws one control-plane column per machine in the ha topology', () => {
    const ha = new Map(BASIC);
    for (const id of ['etcd', 'kube-apiserver', 'kube-scheduler', 'kube-controller-manager']) ha.delete(id);
    for (const i of [1, 2, 3]) {
      for (const kind of ['etcd', 'kube-apiserver', 'kube-scheduler', 'kube-controller-manager'] as const) ha.set(`${kind}-${i}`, { id: `${kind}-${i}`, kind, host: `control-plane-${i}`, running: true });
    }
    const g = toFlowGraph(ha, new Map(), []);
    const columns = g.nodes.filter((n) => n.id.startsWith('machine:'));
    expect(columns.map((n) => n.id)).toEqual(['machine:control-plane-1', 'machine:control-plane-2', 'machine:control-plane-3']);
    expect(new Set(columns.map((n) => n.position.x)).size).toBe(3);
    expect(g.nodes.find((n) => n.id === 'etcd-2')?.parentId).toBe('machine:control-plane-2');
  });
});
