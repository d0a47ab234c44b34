import { describe, expect, it } from 'vitest';
import { fitErrorMessage, truncateMessage } from './fit-error';
import { unresolvable, unschedulable } from './framework';

describe('FitError message', () => {
  it('counts reasons per node and sorts the histogram as strings', () => {
    const m = new Map([
      ['a', unschedulable('Insufficient cpu')],
      ['b', unresolvable("node(s) didn't match Pod's node affinity/selector")],
      ['c', unresolvable('node(s) were unschedulable')],
      ['d', unresolvable('node(s) were unschedulable')],
    ]);
    expect(fitErrorMessage(4, { nodeToStatus: m, postFilterMsg: 'preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.' })).toBe(
      "0/4 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match Pod's node affinity/selector, 2 node(s) were unschedulable. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling..",
    );
  });

  it('counts every reason of a node, and sorts 10 before 2 as strings do', () => {
    const m = new Map<string, ReturnType<typeof unschedulable>>();
    for (let i = 0; i < 10; i++) m.set(`n${i}`, unschedulable('Insufficient cpu', 'Insufficient memory'));
    m.set('x', unschedulable('Too many pods'));
    m.set('y', unschedulable('Too many pods'));
    expect(fitErrorMessage(12, { nodeToStatus: m })).toBe('0/12 nodes are available: 10 Insufficient cpu, 10 Insufficient memory, 2 Too many pods.');
  });

  it('uses the PreFilter message alone when PreFilter rejected the Pod', () => {
    expect(fitErrorMessage(3, { nodeToStatus: new Map(), absentNodesStatus: unresolvable('x'), preFilterMsg: 'pod has unbound immediate PersistentVolumeClaims' })).toBe(
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
    );
  });

  it('counts nodes absent from the map with the absent status', () => {
    expect(fitErrorMessage(5, { nodeToStatus: new Map([['a', unschedulable('Insufficient cpu')]]), absentNodesStatus: unresolvable('Preemption is not helpful for scheduling') })).toBe(
      '0/5 nodes are available: 1 Insufficient cpu, 4 Preemption is not helpful for scheduling.',
    );
  });

  it('truncates long Event messages to 1024 characters ending in " ..."', () => {
    const t = truncateMessage('x'.repeat(2000));
    expect(t).toHaveLength(1024);
    expect(t.endsWith('x ...')).toBe(true);
    expect(truncateMessage('short')).toBe('short');
  });
});
