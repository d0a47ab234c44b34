import { describe, expect, it } from 'vitest';
import type { Node } from '../../k8s/types';
import { Simulation } from '../simulation';
import { cidrForIndex } from './nodeipam';
import { fakeNode, get, waitFor } from './controllers.testing';

describe('node-ipam-controller', () => {
  it('numbers /24 ranges through the /14 cluster CIDR', () => {
    expect(cidrForIndex(0)).toBe('10.244.0.0/24');
    expect(cidrForIndex(3)).toBe('10.244.3.0/24');
    expect(cidrForIndex(256)).toBe('10.245.0.0/24');
    expect(cidrForIndex(1023)).toBe('10.247.255.0/24');
  });

  it('gives every Node its own podCIDR, in order, and reuses a deleted Node\'s', () => {
    const sim = new Simulation({ seed: 1 });
    fakeNode(sim, 'extra-1');
    fakeNode(sim, 'extra-2');
    const cidr = (n: string): string | undefined => get<Node>(sim, 'nodes', n, undefined)?.spec.podCIDR;
    waitFor(sim, 'cidrs', () => !!cidr('extra-1') && !!cidr('extra-2'), 10_000);
    const all = sim.objects<Node>('nodes').map((n) => n.spec.podCIDR);
    expect(new Set(all).size).toBe(all.length);
    const [a, b] = [cidr('extra-1')!, cidr('extra-2')!];
    expect(a).toMatch(/^10\.244\.\d+\.0\/24$/);
    expect(Number(b.split('.')[2])).toBe(Number(a.split('.')[2]) + 1);
    expect(get<Node>(sim, 'nodes', 'extra-1', undefined)!.spec.podCIDRs).toEqual([a]);
  });
});
