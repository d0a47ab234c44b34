import { describe, expect, it } from 'vitest';
import { nodeInfo, podInfo, podManifest, requests } from '../scheduler.testing';
import { filter, leastAllocatedScore, leastRequestedScore, NodeResourcesFit } from './node-resources-fit';

const pod = (cpu: string, memory?: string) => podInfo(podManifest('p', { containers: requests(cpu, memory) }));

describe('NodeResourcesFit', () => {
  it('accepts a Pod that fits beside the Pods already there', () => {
    const ni = nodeInfo('n', { cpu: '4' }, [podManifest('a', { containers: requests('3') })]);
    expect(filter(pod('1').res.requests, ni)).toBeUndefined();
  });

  it('says Insufficient cpu when the room left is too small (resolvable by preemption)', () => {
    const ni = nodeInfo('n', { cpu: '4' }, [podManifest('a', { containers: requests('3500m') })]);
    expect(filter(pod('1').res.requests, ni)).toEqual({ code: 'Unschedulable', reasons: ['Insufficient cpu'] });
  });

  it('is unresolvable when the request exceeds the whole allocatable', () => {
    expect(filter(pod('100').res.requests, nodeInfo('n', { cpu: '4' }))).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: ['Insufficient cpu'] });
  });

  it('reports every shortfall, pods first', () => {
    const ni = nodeInfo('n', { cpu: '1', memory: '1Gi', pods: '1' }, [podManifest('a', { containers: requests('900m', '900Mi') })]);
    expect(filter(pod('500m', '500Mi').res.requests, ni)?.reasons).toEqual(['Too many pods', 'Insufficient cpu', 'Insufficient memory']);
  });

  it('checks only the pod count for a Pod without requests', () => {
    const full = nodeInfo('n', { cpu: '1', pods: '1' }, [podManifest('a', { containers: requests('1') })]);
    expect(filter(podInfo(podManifest('p')).res.requests, full)?.reasons).toEqual(['Too many pods']);
    const roomy = nodeInfo('n', { cpu: '1', pods: '2' }, [podManifest('a', { containers: requests('1') })]);
    expect(filter(podInfo(podManifest('p')).res.requests, roomy)).toBeUndefined();
  });

  it('checks ephemeral-storage and extended resources', () => {
    const p = podInfo(podManifest('p', { containers: [{ name: 'a', image: 'x', resources: { requests: { 'ephemeral-storage': '100Gi', 'example.com/dongle': '1' } } }] }));
    expect(filter(p.res.requests, nodeInfo('n'))?.reasons).toEqual(['Insufficient ephemeral-storage', 'Insufficient example.com/dongle']);
  });

  it('scores emptier nodes higher (LeastAllocated over cpu and memory)', () => {
    expect(leastRequestedScore(1000, 4000)).toBe(75);
    expect(leastRequestedScore(5000, 4000)).toBe(0);
    const empty = nodeInfo('a', { cpu: '4', memory: '8Gi' });
    const busy = nodeInfo('b', { cpu: '4', memory: '8Gi' }, [podManifest('x', { containers: requests('2', '4Gi') })]);
    const p = pod('1', '2Gi');
    // cpu (4000-1000)/4000 = 75, memory (8-2)/8 = 75.
    expect(leastAllocatedScore(p.res, empty)).toBe(75);
    expect(leastAllocatedScore(p.res, busy)).toBe(25);
  });

  it('wakes on node additions that fit and on any assigned Pod deletion', () => {
    const p = pod('2');
    expect(NodeResourcesFit.isSchedulableAfter({ kind: 'NodeAdd', node: nodeInfo('n', { cpu: '1' }) }, p)).toBe(false);
    expect(NodeResourcesFit.isSchedulableAfter({ kind: 'NodeAdd', node: nodeInfo('n', { cpu: '4' }) }, p)).toBe(true);
    expect(NodeResourcesFit.isSchedulableAfter({ kind: 'AssignedPodDelete', pod: podManifest('x') }, p)).toBe(true);
  });
});
