import { describe, expect, it } from 'vitest';
import { formatTraceLine } from '../core/trace';
import { bootCluster, createPod, podManifest } from '../kubelet/kubelet.testing';
import { cniAdd, cniDel, cniOf, configureCni } from './cni';
import { worldOf } from '../simulation';

describe('CNI host-local IPAM', () => {
  it('hands out addresses round-robin from the pod CIDR and refuses when none are left', () => {
    const sim = bootCluster();
    const cni = cniOf(worldOf(sim), 'node-3')!;
    const from = 'container-runtime/node-3' as never;
    configureCni(worldOf(sim), cni, from, '10.250.0.0/30');
    cni.allocations.clear();
    const pod = { namespace: 'default', name: 'x' };
    expect(cniAdd(worldOf(sim), cni, from, pod, 'sb1')).toEqual({ ok: true, ip: '10.250.0.2' });
    expect(cniAdd(worldOf(sim), cni, from, pod, 'sb2')).toEqual({ ok: false, error: 'failed to allocate for range 0: no IP addresses available in range set: 10.250.0.2-10.250.0.2' });
    cniDel(worldOf(sim), cni, from, pod, 'sb1');
    expect(cniAdd(worldOf(sim), cni, from, pod, 'sb3')).toEqual({ ok: true, ip: '10.250.0.2' });
  });

  it('is deterministic: the same seed and commands give the same trace', () => {
    const run = (): string[] => {
      const sim = bootCluster(7);
      createPod(sim, podManifest('web', 'nginx:1.27'));
      sim.advance(20_000);
      return worldOf(sim).trace.records.map(formatTraceLine);
    };
    expect(run()).toEqual(run());
  });
});
