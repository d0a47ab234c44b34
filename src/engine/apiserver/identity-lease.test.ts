import { describe, expect, it } from 'vitest';
import type { Lease } from '../../k8s/types';
import { Simulation } from '../simulation';
import { identityLeaseName, IDENTITY_LABEL } from './identity-lease';

const identityLeases = (sim: Simulation): Lease[] => sim.objects<Lease>('leases').filter((l) => l.metadata.labels?.[IDENTITY_LABEL] === 'kube-apiserver');

describe('kube-apiserver identity Leases', () => {
  it('names the Lease after the hostname as upstream hashes it', () => {
    // base32(sha256(len‖"control-plane"‖len‖"kube-apiserver")[:16]), checked against Go's encoding.
    expect(identityLeaseName('control-plane')).toBe('apiserver-6vzvajxlkf7lcarzgdc4jnyaru');
  });

  it('gives each apiserver a Lease at etcd initial revision, without moving any later revision', () => {
    const sim = new Simulation({ seed: 1, topology: 'ha' });
    const leases = identityLeases(sim);
    expect(leases.map((l) => l.metadata.labels?.['kubernetes.io/hostname']).sort()).toEqual(['control-plane-1', 'control-plane-2', 'control-plane-3']);
    for (const l of leases) {
      expect(l.metadata.namespace).toBe('kube-system');
      expect(l.spec.leaseDurationSeconds).toBe(3600);
      expect(l.spec.holderIdentity).toMatch(new RegExp(`^${l.metadata.name}_[0-9a-f-]{36}$`));
      expect(l.metadata.resourceVersion).toBe('1');
    }
  });

  it('renews every 10 s and collects the Lease of an apiserver gone for an hour, when renewal is on', () => {
    const sim = new Simulation({ seed: 1, topology: 'ha', cluster: { identityLeaseRenewal: true } });
    const name = identityLeaseName('control-plane-3');
    const before = identityLeases(sim).find((l) => l.metadata.name === name)!;
    sim.advance(20_000);
    const renewed = identityLeases(sim).find((l) => l.metadata.name === name)!;
    expect(renewed.spec.renewTime).not.toBe(before.spec.renewTime);
    expect(renewed.spec.holderIdentity).toBe(before.spec.holderIdentity);
    sim.injectFault('kube-apiserver-3');
    sim.advance(3_700_000);
    expect(identityLeases(sim).map((l) => l.metadata.name)).not.toContain(name);
    sim.healFault('kube-apiserver-3');
    sim.advance(1_000);
    const back = identityLeases(sim).find((l) => l.metadata.name === name)!;
    expect(back.spec.holderIdentity).not.toBe(before.spec.holderIdentity);
  });

});
