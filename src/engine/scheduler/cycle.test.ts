import { describe, expect, it } from 'vitest';
import { numFeasibleNodesToFind, rank, schedulePod, selectHost } from './cycle';
import type { PodEntry } from './nodeinfo';
import { CONTROL_PLANE_TAINT, nodeInfo, podInfo, podManifest, requests, viewOf } from './scheduler.testing';

const never = (): number => {
  throw new Error('no tie expected');
};

describe('scheduling cycle', () => {
  it('finds an adaptive share of the nodes (percentageOfNodesToScore)', () => {
    expect(numFeasibleNodesToFind(4)).toBe(4);
    expect(numFeasibleNodesToFind(99)).toBe(99);
    expect(numFeasibleNodesToFind(100)).toBe(100);
    expect(numFeasibleNodesToFind(1000)).toBe(420);
    expect(numFeasibleNodesToFind(5000)).toBe(500);
    expect(numFeasibleNodesToFind(10_000)).toBe(500);
  });

  it('stops filtering once enough nodes fit and rotates where the next pass starts', () => {
    const nodes = Array.from({ length: 200 }, (_, i) => nodeInfo(`n${i}`));
    const view = viewOf(nodes);
    const r = schedulePod({ pod: podInfo(podManifest('p')), view, nextStartNodeIndex: 150, nominated: new Map(), randomInt: () => 0 });
    expect(r.kind).toBe('scheduled');
    if (r.kind !== 'scheduled') return;
    expect(r.evaluated).toBe(100);
    expect(r.nextStartNodeIndex).toBe(50);
    // Every node scores the same: the first candidate wins the reservoir with randomInt() = 0 each time.
    expect(r.node).toBe('n49');
  });

  it('explains every rejected node and scores the feasible ones', () => {
    const cp = nodeInfo('cp', { cpu: '2', taints: [CONTROL_PLANE_TAINT] });
    const small = nodeInfo('small', { cpu: '1' });
    const big = nodeInfo('big', { cpu: '8' });
    const busy = nodeInfo('busy', { cpu: '8' }, [podManifest('x', { containers: requests('6') })]);
    const r = schedulePod({ pod: podInfo(podManifest('p', { containers: requests('2') })), view: viewOf([cp, small, big, busy]), nextStartNodeIndex: 0, nominated: new Map(), randomInt: never });
    if (r.kind !== 'scheduled') throw new Error(r.kind);
    expect(r.node).toBe('big');
    expect(r.verdicts.find((v) => v.node === 'cp')?.rejectedBy?.plugin).toBe('TaintToleration');
    expect(r.verdicts.find((v) => v.node === 'small')?.rejectedBy).toEqual({ plugin: 'NodeResourcesFit', reason: 'Insufficient cpu' });
    const bigV = r.verdicts.find((v) => v.node === 'big')!;
    expect(Object.keys(bigV.scores!)).toEqual(['TaintToleration', 'NodeResourcesFit', 'NodeResourcesBalancedAllocation', 'ImageLocality']);
    expect(bigV.total).toBeGreaterThan(r.verdicts.find((v) => v.node === 'busy')!.total!);
  });

  it('gives the unschedulable diagnosis and which plugins rejected', () => {
    const cp = nodeInfo('cp', { taints: [CONTROL_PLANE_TAINT] });
    const a = nodeInfo('a', { cpu: '1' });
    const r = schedulePod({ pod: podInfo(podManifest('p', { containers: requests('2') })), view: viewOf([cp, a]), nextStartNodeIndex: 0, nominated: new Map(), randomInt: never });
    if (r.kind !== 'unschedulable') throw new Error(r.kind);
    expect(r.rejectedBy).toEqual(['NodeResourcesFit', 'TaintToleration']);
    expect([...r.diagnosis.nodeToStatus.keys()]).toEqual(['cp', 'a']);
  });

  it('says so when there are no nodes at all', () => {
    expect(schedulePod({ pod: podInfo(podManifest('p')), view: viewOf([]), nextStartNodeIndex: 0, nominated: new Map(), randomInt: never }).kind).toBe('no-nodes');
  });

  it('counts Pods nominated to a node with at least our priority as already there', () => {
    const a = nodeInfo('a', { cpu: '4' });
    const nominee = podInfo(podManifest('nominee', { containers: requests('3'), priority: 10 }));
    const entry: PodEntry = { key: 'default/nominee', pod: nominee.pod, nodeName: 'a', requests: nominee.res.requests, nonZeroCPU: 0, nonZeroMemory: 0, ports: [], affinity: false, requiredAntiAffinity: false, priority: 10, generation: 1 };
    const input = (priority: number) => ({ pod: podInfo(podManifest('p', { containers: requests('2'), priority })), view: viewOf([a]), nextStartNodeIndex: 0, nominated: new Map([['a', [entry]]]), randomInt: never });
    const low = schedulePod(input(0));
    expect(low.kind === 'unschedulable' && low.diagnosis.nodeToStatus.get('a')?.reasons).toEqual(['Insufficient cpu']);
    // A higher-priority Pod ignores a lower-priority nomination.
    expect(schedulePod(input(100)).kind).toBe('scheduled');
  });

  it('breaks ties uniformly and ranks the best nodes first', () => {
    expect(selectHost([5, 9, 9, 1], (n) => n - 1)).toBe(1);
    expect(selectHost([5, 9, 9, 1], () => 0)).toBe(2);
    expect(rank([5, 9, 7, 9, 1], 3, 3)).toEqual([3, 1, 2]);
  });
});
