/**
 * Simulation.request with ClientCredentials: a bearer token is verified by the authenticators
 * kube-apiserver runs for Pods (token-authn.ts), the authn hop names who it authenticated as, and
 * a token that does not verify — or a certificate the cluster's CA never signed — is the
 * authentication filter's 401, before authorization.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../k8s/types';
import { Simulation } from './simulation';

function tokenFor(sim: Simulation, sa: string): string {
  expect(sim.request({ verb: 'create', resource: 'serviceaccounts', namespace: 'default', body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: sa } } as KObject }).ok).toBe(true);
  const body = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: {}, spec: {} } as unknown as KObject;
  const res = sim.request({ verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: 'default', name: sa, body });
  if (!res.ok) throw new Error(res.error.message);
  return (res.object as unknown as { status: { token: string } }).status.token;
}

describe('Simulation.request with credentials', () => {
  it('authenticates a ServiceAccount token as its ServiceAccount, with the credential id', () => {
    const sim = new Simulation({ seed: 1 });
    const token = tokenFor(sim, 'bot');
    const res = sim.request({ verb: 'create', resource: 'selfsubjectreviews', body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', metadata: {} } as unknown as KObject }, { token });
    expect(res.ok).toBe(true);
    const ui = (res.ok ? (res.object as unknown as { status: { userInfo: Record<string, unknown> } }).status.userInfo : {}) as Record<string, unknown>;
    expect(ui['username']).toBe('system:serviceaccount:default:bot');
    expect(ui['groups']).toEqual(['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated']);
    expect(Object.keys(ui['extra'] as object)).toEqual(['authentication.kubernetes.io/credential-id']);
    const authn = sim.traceSince(sim.lastTraceSeq - 10).filter((r) => r.kind === 'authn');
    expect(authn.at(-1)?.detail).toEqual({ user: 'system:serviceaccount:default:bot' });
    // RBAC decides for the ServiceAccount: no binding, no list.
    const list = sim.request({ verb: 'list', resource: 'pods', namespace: 'default' }, { token });
    expect(!list.ok && 'code' in list.error && list.error.code).toBe(403);
  });

  it('answers a token that does not verify, and a foreign certificate, with 401 before any handler', () => {
    const sim = new Simulation({ seed: 1 });
    const token = tokenFor(sim, 'bot');
    for (const as of [{ token: 'garbage' }, { token: `${token}x` }, { certificate: 'bot.crt' }]) {
      const before = sim.lastTraceSeq;
      expect(sim.request({ verb: 'list', resource: 'pods', namespace: 'default' }, as)).toEqual({ ok: false, error: { code: 401, reason: 'Unauthorized', message: 'Unauthorized' } });
      const hops = sim.traceSince(before);
      expect(hops.map((r) => r.kind)).toEqual(['request', 'response']);
      expect(hops[0]!.detail).toMatchObject({ user: '', path: '/api/v1/namespaces/default/pods' });
      expect(sim.refusedBeforeRouting('GET', '/apis/example.com/v1/widgets', as)).toMatchObject({ code: 401 });
      expect(sim.rawRequest('/version', as)).toMatchObject({ ok: true, code: 401 });
    }
    // The ServiceAccount's deletion orphans its token.
    expect(sim.request({ verb: 'delete', resource: 'serviceaccounts', namespace: 'default', name: 'bot' }).ok).toBe(true);
    expect(sim.request({ verb: 'list', resource: 'pods', namespace: 'default' }, { token })).toMatchObject({ ok: false, error: { code: 401 } });
  });
});
