import { describe, expect, it } from 'vitest';
import type { ConfigMap } from '../../k8s/types';
import { Simulation } from '../simulation';
import { create, get, patch, waitFor } from './controllers.testing';

describe('service-account-controller and root-ca-cert-publisher', () => {
  it('give every namespace a default ServiceAccount and the kube-root-ca.crt ConfigMap', () => {
    const sim = new Simulation({ seed: 1 });
    for (const ns of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) {
      expect(get(sim, 'serviceaccounts', 'default', ns)).toBeDefined();
      const cm = get<ConfigMap>(sim, 'configmaps', 'kube-root-ca.crt', ns)!;
      expect(cm.data?.['ca.crt']).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/);
      expect(cm.metadata.annotations?.['kubernetes.io/description']).toMatch(/^Contains a CA bundle that can be used to verify the kube-apiserver/);
    }
    create(sim, 'namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } }, undefined);
    waitFor(sim, 'new namespace', () => !!get(sim, 'serviceaccounts', 'default', 'shop') && !!get(sim, 'configmaps', 'kube-root-ca.crt', 'shop'), 5_000);
    const ca = get<ConfigMap>(sim, 'configmaps', 'kube-root-ca.crt', 'default')!.data!['ca.crt'];
    expect(get<ConfigMap>(sim, 'configmaps', 'kube-root-ca.crt', 'shop')!.data!['ca.crt']).toBe(ca);
  });

  it('put them back when they are deleted or edited', () => {
    const sim = new Simulation({ seed: 1 });
    sim.request({ verb: 'delete', resource: 'serviceaccounts', namespace: 'default', name: 'default' });
    const before = get(sim, 'serviceaccounts', 'default');
    expect(before).toBeUndefined();
    waitFor(sim, 'recreated', () => !!get(sim, 'serviceaccounts', 'default'), 5_000);
    const ca = get<ConfigMap>(sim, 'configmaps', 'kube-root-ca.crt')!.data!['ca.crt'];
    patch(sim, 'configmaps', 'kube-root-ca.crt', { data: { 'ca.crt': 'tampered' } });
    waitFor(sim, 'reverted', () => get<ConfigMap>(sim, 'configmaps', 'kube-root-ca.crt')!.data!['ca.crt'] === ca, 5_000);
  });
});
