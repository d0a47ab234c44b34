import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../k8s/types';
import { unresolvable, type Rejection } from '../framework';
import type { NodeInfo } from '../nodeinfo';
import { nodeInfo, podInfo, podManifest, requests } from '../scheduler.testing';
import { preempt } from './default-preemption';
import { filter } from './node-resources-fit';

const prio = (name: string, cpu: string, priority: number): Pod => podManifest(name, { containers: requests(cpu), priority });

function run(pod: Pod, nodes: NodeInfo[], statuses: Map<string, Rejection>) {
  const pi = podInfo(pod);
  return preempt({ pod: pi, nodes, statuses, absent: undefined, runFilters: (n) => filter(pi.res.requests, n), randomInt: () => 0 });
}

describe('DefaultPreemption', () => {
  it('says preemption is not helpful when every node is unresolvable', () => {
    const a = nodeInfo('a');
    const out = run(prio('p', '1', 100), [a], new Map([['a', unresolvable('x')]]));
    expect(out).toEqual({ kind: 'failed', message: '0/1 nodes are available: 1 Preemption is not helpful for scheduling.' });
  });

  it('finds no victims when nothing on the node has lower priority', () => {
    const a = nodeInfo('a', { cpu: '4' }, [prio('same', '4', 0)]);
    const out = run(prio('p', '1', 0), [a], new Map([['a', filter(podInfo(prio('p', '1', 0)).res.requests, a)!]]));
    expect(out).toEqual({ kind: 'failed', message: '0/1 nodes are available: 1 No preemption victims found for incoming pod.' });
  });

  it('evicts only as many lower-priority Pods as needed, least important first', () => {
    const a = nodeInfo('a', { cpu: '4' }, [prio('low-1', '2', 0), prio('low-2', '2', 10)]);
    const p = prio('p', '2', 100);
    const out = run(p, [a], new Map([['a', filter(podInfo(p).res.requests, a)!]]));
    expect(out.kind).toBe('nominated');
    if (out.kind === 'nominated') {
      expect(out.node).toBe('a');
      expect(out.victims.map((v) => v.pod.metadata.name)).toEqual(['low-1']);
    }
  });

  it('respects preemptionPolicy Never', () => {
    const a = nodeInfo('a', { cpu: '4' }, [prio('low', '4', 0)]);
    const p = podManifest('p', { containers: requests('1'), priority: 100, preemptionPolicy: 'Never' });
    expect(run(p, [a], new Map([['a', filter(podInfo(p).res.requests, a)!]]))).toEqual({ kind: 'failed', message: 'not eligible due to preemptionPolicy=Never.' });
  });
});
