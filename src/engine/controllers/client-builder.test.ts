import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { Simulation, worldOf } from '../simulation';
import { CONTROLLERS } from './registry';
import { create, deployment, get, waitFor } from './controllers.testing';

const KCM = 'kube-controller-manager';

function requestsBy(sim: Simulation, from: string, afterSeq = 0): string[] {
  return worldOf(sim)
    .trace.records.filter((r) => r.seq > afterSeq && r.from === from && r.kind === 'request')
    .map((r) => r.summary);
}

// The token controller runs with the manager's own client (rootClient), as upstream's does.
const saNames = (): string[] => [...new Set(CONTROLLERS.filter((d) => !d.rootClient).map((d) => d.serviceAccount ?? d.actor))];

describe("kube-controller-manager's client builder (--use-service-account-credentials)", () => {
  it('gives every controller a ServiceAccount in kube-system as it starts, and each client a TokenRequest of 3600 s before it writes', () => {
    const sim = new Simulation({ seed: 3 });
    const names = saNames();
    expect(names).toContain('deployment-controller');
    expect(names).toContain('node-controller');
    for (const name of names) expect(get(sim, 'serviceaccounts', name, 'kube-system'), name).toBeDefined();
    const kcm = requestsBy(sim, KCM);
    // Config(): GET (404), GET the namespace, POST — once per ServiceAccount; node-controller's
    // second client (node lifecycle after node IPAM) finds it with one GET.
    expect(kcm.filter((s) => s === 'POST /api/v1/namespaces/kube-system/serviceaccounts')).toHaveLength(names.length);
    expect(kcm.filter((s) => s === 'GET /api/v1/namespaces/kube-system/serviceaccounts/node-controller').length).toBeGreaterThanOrEqual(3);
    // The Deployment controller wrote during boot (CoreDNS), so its token came first.
    const dc = kcm.indexOf('POST /api/v1/namespaces/kube-system/serviceaccounts/deployment-controller/token');
    expect(dc).toBeGreaterThan(kcm.indexOf('POST /api/v1/namespaces/kube-system/serviceaccounts'));
    // The ServiceAccounts were created with the manager's own identity, as kubeadm's RBAC allows.
    const created = sim.auditLog().map((l) => JSON.parse(l) as { verb: string; objectRef?: { resource?: string; subresource?: string; name?: string }; user: { username: string }; responseStatus: { code: number } });
    const sa = created.find((e) => e.verb === 'create' && e.objectRef?.resource === 'serviceaccounts' && !e.objectRef.subresource && e.objectRef.name === 'deployment-controller');
    expect(sa?.user.username).toBe('system:kube-controller-manager');
    expect(sa?.responseStatus.code).toBe(201);
    const token = created.find((e) => e.verb === 'create' && e.objectRef?.subresource === 'token' && e.objectRef.name === 'deployment-controller');
    expect(token?.responseStatus.code).toBe(201);
  });

  it('renews a token once 80 % of its hour has passed, at the next request, and re-creates a deleted ServiceAccount then', () => {
    const sim = new Simulation({ seed: 3 });
    sim.request({ verb: 'delete', resource: 'serviceaccounts', namespace: 'kube-system', name: 'deployment-controller' });
    create(sim, 'deployments', deployment('web', 1));
    waitFor(sim, 'ReplicaSet', () => {
      const rs = sim.request({ verb: 'list', resource: 'replicasets', namespace: 'default' });
      return rs.ok && (rs.items ?? []).length === 1;
    }, 10_000);
    // Still within the token's life: nothing asked for the deleted ServiceAccount.
    expect(get(sim, 'serviceaccounts', 'deployment-controller', 'kube-system')).toBeUndefined();
    sim.advance(2_880_000);
    const from = worldOf(sim).trace.records.at(-1)!.seq;
    sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', patchType: 'merge', body: { spec: { replicas: 2 } } as unknown as KObject });
    waitFor(sim, 'renewed', () => requestsBy(sim, KCM, from).includes('POST /api/v1/namespaces/kube-system/serviceaccounts/deployment-controller/token'), 10_000);
    expect(requestsBy(sim, KCM, from).slice(0, 4)).toEqual([
      'GET /api/v1/namespaces/kube-system/serviceaccounts/deployment-controller',
      'GET /api/v1/namespaces/kube-system',
      'POST /api/v1/namespaces/kube-system/serviceaccounts',
      'POST /api/v1/namespaces/kube-system/serviceaccounts/deployment-controller/token',
    ]);
    expect(get(sim, 'serviceaccounts', 'deployment-controller', 'kube-system')).toBeDefined();
  });

  it('gives each ServiceAccount a uid of its own, the same for the same seed', () => {
    const a = new Simulation({ seed: 9 });
    const b = new Simulation({ seed: 9 });
    const uids = (s: Simulation): (string | undefined)[] => saNames().map((n) => get(s, 'serviceaccounts', n, 'kube-system')?.metadata.uid);
    expect(uids(a)).toEqual(uids(b));
    expect(new Set(uids(a)).size).toBe(saNames().length);
  });
});
