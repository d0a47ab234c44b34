/**
 * The serviceaccounts/token subresource through the whole request pipeline: authn, RBAC on
 * `create serviceaccounts/token`, TokenREST's checks in upstream's order, and a token the
 * service-account authenticator accepts — with nothing written to etcd.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { TokenRequest } from '../../k8s/authentication';
import { decodeBase64 } from '../../k8s/base64';
import { JANE } from './auth';
import { bootedCluster, failure, ok, pod, requestAs } from './apiserver.testing';
import { authenticateToken } from './serviceaccount-token';
import { worldOf } from '../simulation';
import type { Simulation } from '../index';

const cluster = bootedCluster();

function tokenRequest(sim: Simulation, name = 'default', spec: Partial<TokenRequest['spec']> = {}, namespace = 'default'): ReturnType<Simulation['request']> {
  const body = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: {}, spec: { audiences: null, boundObjectRef: null, ...spec } } as unknown as KObject;
  return sim.request({ verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace, name, body });
}

function claims(token: string): Record<string, unknown> {
  const body = token.split('.')[1] ?? '';
  return JSON.parse(decodeBase64(body.replace(/[-_]/g, (c) => (c === '-' ? '+' : '/')))) as Record<string, unknown>;
}

describe('POST serviceaccounts/{name}/token', () => {
  it('answers 201 with a TokenRequest: the token, and expiry = simulated now + expirationSeconds (default 3600)', () => {
    const sim = cluster();
    const revision = sim.revision;
    const res = tokenRequest(sim);
    expect(res.ok && res.code, JSON.stringify(res)).toBe(201);
    const tr = ok(res) as TokenRequest;
    const now = Date.parse(tr.metadata.creationTimestamp!);
    expect(tr).toMatchObject({
      kind: 'TokenRequest',
      apiVersion: 'authentication.k8s.io/v1',
      metadata: { name: 'default', namespace: 'default' },
      spec: { audiences: ['https://kubernetes.default.svc.cluster.local'], expirationSeconds: 3600, boundObjectRef: null },
    });
    expect(Date.parse(tr.status!.expirationTimestamp!) - now).toBe(3600_000);
    const c = claims(tr.status!.token);
    expect(c['exp']! as number - (c['iat'] as number)).toBe(3600);
    expect(c['sub']).toBe('system:serviceaccount:default:default');
    expect(c['kubernetes.io']).not.toHaveProperty('warnafter');
    // Upstream persists no TokenRequest: etcd's revision does not move.
    expect(sim.revision).toBe(revision);
    // The service-account authenticator accepts it as the ServiceAccount.
    expect(authenticateToken(worldOf(sim), tr.status!.token)?.name).toBe('system:serviceaccount:default:default');
  });

  it('goes through the pipeline: authn, RBAC for create serviceaccounts/token, a 201 response on the trace', () => {
    const sim = cluster();
    const seq = worldOf(sim).trace.records.length;
    ok(tokenRequest(sim, 'default', { expirationSeconds: 7200 }));
    const hops = worldOf(sim).trace.records.slice(seq).filter((r) => r.to === 'kube-apiserver' || r.from === 'kube-apiserver');
    expect(hops.map((r) => r.kind)).toEqual(['request', 'authn', 'authz', 'response']);
    expect(hops[2]!.detail).toMatchObject({ allowed: true, verb: 'create', resource: 'serviceaccounts/token' });
    expect(hops[3]!.detail).toMatchObject({ code: 201 });
  });

  it('a missing ServiceAccount is a 404, before the duration is checked', () => {
    const sim = cluster();
    expect(failure(tokenRequest(sim, 'nope', { expirationSeconds: 60 }))).toMatchObject({ code: 404, reason: 'NotFound', message: 'serviceaccounts "nope" not found' });
  });

  it('refuses a lifetime under 10 minutes or over 2^32 s with ValidateTokenRequest\'s 422 naming no object', () => {
    const sim = cluster();
    expect(failure(tokenRequest(sim, 'default', { expirationSeconds: 300 }))).toMatchObject({
      code: 422,
      reason: 'Invalid',
      message: 'TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes',
    });
    expect(failure(tokenRequest(sim, 'default', { expirationSeconds: 2 ** 32 + 1 })).message).toBe(
      'TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 4294967297: may not specify a duration larger than 2^32 seconds',
    );
    expect(ok(tokenRequest(sim, 'default', { expirationSeconds: 600 }))).toBeDefined();
  });

  it('is Forbidden to jane, whose role only reads', () => {
    const sim = cluster();
    const body = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: {}, spec: {} } as unknown as KObject;
    expect(failure(requestAs(sim, JANE, { verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: 'default', name: 'default', body }))).toMatchObject({
      code: 403,
      message: 'serviceaccounts "default" is forbidden: User "jane" cannot create resource "serviceaccounts/token" in API group "" in the namespace "default"',
    });
  });

  it('binds to a Pod (checking its ServiceAccount and uid) and the token dies with the Pod; another audience is not for the API server', () => {
    const sim = cluster();
    const p = ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') }));
    const bound = ok(tokenRequest(sim, 'default', { boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'web' } })) as TokenRequest;
    expect((claims(bound.status!.token)['kubernetes.io'] as { pod: unknown }).pod).toEqual({ name: 'web', uid: p.metadata.uid });
    expect(failure(tokenRequest(sim, 'default', { boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'web', uid: 'other' } }))).toMatchObject({
      code: 409,
      message: `Operation cannot be fulfilled on Pod "web": the UID in the bound object reference (other) does not match the UID in record. The object might have been deleted and then recreated`,
    });
    expect(failure(tokenRequest(sim, 'default', { boundObjectRef: { kind: 'ConfigMap', apiVersion: 'v1', name: 'x' } })).message).toBe('cannot bind token to object of type /v1, Kind=ConfigMap');
    ok(sim.request({ verb: 'create', resource: 'serviceaccounts', namespace: 'default', body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'robot' } } as KObject }));
    expect(failure(tokenRequest(sim, 'robot', { boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'web' } })).message).toBe(
      'cannot bind token for serviceaccount "robot" to pod running with different serviceaccount name.',
    );
    const w = worldOf(sim);
    expect(authenticateToken(w, bound.status!.token)).toBeDefined();
    const other = ok(tokenRequest(sim, 'default', { audiences: ['https://vault.example.com'] })) as TokenRequest;
    expect(claims(other.status!.token)['aud']).toEqual(['https://vault.example.com']);
    expect(authenticateToken(w, other.status!.token)).toBeUndefined();
    ok(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'web', gracePeriodSeconds: 0 }));
    sim.advance(5000);
    expect(authenticateToken(w, bound.status!.token)).toBeUndefined();
  });
});
