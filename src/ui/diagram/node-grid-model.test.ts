import { describe, expect, it } from 'vitest';
import type { KObject, Node } from '../../k8s/types';
import { aggregateNodes, cellState, sameAggregate, shade } from './node-grid-model';
import { pod, runningPod } from './testkit';

type Cond = { type: string; status: 'True' | 'False' | 'Unknown' };

function worker(name: string, conditions: Cond[] | undefined, extra: { zone?: string; unschedulable?: boolean; controlPlane?: boolean } = {}): [string, KObject] {
  const labels: Record<string, string> = { 'kubernetes.io/hostname': name };
  if (extra.zone) labels['topology.kubernetes.io/zone'] = extra.zone;
  if (extra.controlPlane) labels['node-role.kubernetes.io/control-plane'] = '';
  const n = { apiVersion: 'v1', kind: 'Node', metadata: { name, labels }, spec: extra.unschedulable ? { unschedulable: true } : {}, status: conditions ? { conditions } : {} } as Node;
  return [`nodes/${name}`, n];
}

const READY: Cond[] = [{ type: 'Ready', status: 'True' }, { type: 'MemoryPressure', status: 'False' }];

describe('cellState', () => {
  it('is ready, notready or pressure from the Node conditions, with kubectl STATUS', () => {
    expect(cellState(worker('a', READY)[1] as Node)).toEqual({ state: 'ready', status: 'Ready', pressure: [] });
    expect(cellState(worker('a', [{ type: 'Ready', status: 'Unknown' }])[1] as Node)).toMatchObject({ state: 'notready', status: 'NotReady' });
    expect(cellState(worker('a', [{ type: 'Ready', status: 'False' }])[1] as Node)).toMatchObject({ state: 'notready', status: 'NotReady' });
    expect(cellState(worker('a', undefined)[1] as Node)).toMatchObject({ state: 'notready', status: 'Unknown' });
    expect(cellState(undefined)).toMatchObject({ state: 'notready', status: 'Unknown' });
    const pressed = worker('a', [{ type: 'Ready', status: 'True' }, { type: 'DiskPressure', status: 'True' }, { type: 'PIDPressure', status: 'True' }], { unschedulable: true });
    expect(cellState(pressed[1] as Node)).toEqual({ state: 'pressure', status: 'Ready,SchedulingDisabled', pressure: ['DiskPressure', 'PIDPressure'] });
    // A NotReady node under pressure is NotReady first.
    expect(cellState(worker('a', [{ type: 'Ready', status: 'False' }, { type: 'MemoryPressure', status: 'True' }])[1] as Node).state).toBe('notready');
  });
});

describe('aggregateNodes', () => {
  it('counts workers by state and their non-terminated Pods; control planes stay out', () => {
    const objects = new Map<string, KObject>([
      worker('control-plane', READY, { controlPlane: true }),
      worker('node-1', READY),
      worker('node-2', [{ type: 'Ready', status: 'Unknown' }]),
      worker('node-10', [{ type: 'Ready', status: 'True' }, { type: 'MemoryPressure', status: 'True' }]),
      runningPod('a', 'node-1'),
      runningPod('b', 'node-1'),
      pod('c', 'node-10'),
      pod('done', 'node-1', { phase: 'Succeeded' }),
      pod('failed', 'node-1', { phase: 'Failed' }),
      runningPod('etcd', 'control-plane'),
      pod('waiting', ''),
    ]);
    const g = aggregateNodes(objects, new Set(['control-plane']), ['node-1', 'node-2', 'node-10', 'node-11']);
    expect(g.zoned).toBe(false);
    expect(g.zones).toHaveLength(1);
    // Natural order: node-2 before node-10; node-11's kubelet has no Node object yet.
    expect(g.zones[0]!.cells.map((c) => [c.name, c.state, c.pods])).toEqual([
      ['node-1', 'ready', 2],
      ['node-2', 'notready', 0],
      ['node-10', 'pressure', 1],
      ['node-11', 'notready', 0],
    ]);
    expect(g.zones[0]!.cells[3]!.status).toBe('Unknown');
    expect(g.counts).toEqual({ nodes: 4, ready: 1, notReady: 2, pressure: 1, pods: 3 });
    expect(g.maxPods).toBe(2);
  });

  it('groups by topology.kubernetes.io/zone, zones by name, nodes without one last, with counts per zone', () => {
    const objects = new Map<string, KObject>([
      worker('n-1', READY, { zone: 'zone-b' }),
      worker('n-2', [{ type: 'Ready', status: 'False' }], { zone: 'zone-a' }),
      worker('n-3', READY, { zone: 'zone-a' }),
      worker('n-4', READY),
      runningPod('p', 'n-3'),
    ]);
    const g = aggregateNodes(objects, new Set());
    expect(g.zoned).toBe(true);
    expect(g.zones.map((z) => [z.zone, z.cells.map((c) => c.name), z.nodes, z.notReady, z.pods])).toEqual([
      ['zone-a', ['n-2', 'n-3'], 2, 1, 1],
      ['zone-b', ['n-1'], 1, 0, 0],
      ['', ['n-4'], 1, 0, 0],
    ]);
  });

  it('says when two moments draw the same picture', () => {
    const a = new Map<string, KObject>([worker('n-1', READY), runningPod('p', 'n-1')]);
    const same = aggregateNodes(new Map(a), new Set());
    expect(sameAggregate(aggregateNodes(a, new Set()), same)).toBe(true);
    const more = new Map(a);
    more.set(...runningPod('q', 'n-1'));
    expect(sameAggregate(aggregateNodes(more, new Set()), same)).toBe(false);
    const down = new Map(a);
    down.set(...worker('n-1', [{ type: 'Ready', status: 'Unknown' }]));
    expect(sameAggregate(aggregateNodes(down, new Set()), same)).toBe(false);
  });

  it('aggregates 5,000 nodes and 150,000 Pods in one pass', () => {
    const objects = new Map<string, KObject>();
    for (let i = 1; i <= 5000; i++) objects.set(...worker(`node-${i}`, READY, { zone: `zone-${String.fromCharCode(97 + (i % 3))}` }));
    const status = { phase: 'Running' } as const;
    for (let i = 0; i < 150_000; i++) {
      const [k, p] = pod(`p-${i}`, `node-${1 + (i % 5000)}`, status);
      objects.set(k, p);
    }
    const g = aggregateNodes(objects, new Set());
    expect(g.counts).toEqual({ nodes: 5000, ready: 5000, notReady: 0, pressure: 0, pods: 150_000 });
    expect(g.zones.map((z) => z.nodes)).toEqual([1666, 1667, 1667]);
    expect(g.maxPods).toBe(30);
  });
});

describe('shade', () => {
  it('is 0 without Pods and up to 3 near the busiest node', () => {
    expect([0, 1, 10, 11, 20, 21, 30].map((n) => shade(n, 30))).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(shade(5, 0)).toBe(0);
  });
});
