/**
 * TokenReview, SubjectAccessReview and LocalSubjectAccessReview through the real pipeline: RBAC
 * on creating them, upstream's validation (pkg/apis/authorization/validation), the RBAC
 * authorizer's reasons, and the apiserver's own token authenticators — nothing stored.
 */
import { describe, expect, it } from 'vitest';
import type { KObject, Secret } from '../../k8s/types';
import type { TokenRequest } from '../../k8s/authentication';
import type { Simulation } from '../index';
import { JANE } from './auth';
import { bootedCluster, failure, ok, pod, requestAs } from './apiserver.testing';

const cluster = bootedCluster();

function sar(spec: Record<string, unknown>, extra: Record<string, unknown> = {}): KObject {
  return { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec, ...extra } as unknown as KObject;
}

function status(sim: Simulation, spec: Record<string, unknown>): unknown {
  return (ok(sim.request({ verb: 'create', resource: 'subjectaccessreviews', body: sar(spec) })) as unknown as { status: unknown }).status;
}

function tokenReview(sim: Simulation, token: string, audiences?: string[]): ReturnType<Simulation['request']> {
  const body = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token, ...(audiences ? { audiences } : {}) } } as unknown as KObject;
  return sim.request({ verb: 'create', resource: 'tokenreviews', body });
}

function token(sim: Simulation, spec: Record<string, unknown> = {}): string {
  const body = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: {}, spec } as unknown as KObject;
  return (ok(sim.request({ verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: 'default', name: 'default', body })) as TokenRequest).status!.token;
}

describe('SubjectAccessReview', () => {
  it("answers for a user with the RBAC authorizer's reason, and a refusal with none", () => {
    const sim = cluster();
    const revision = sim.revision;
    expect(status(sim, { user: 'jane', groups: ['system:authenticated'], resourceAttributes: { namespace: 'default', verb: 'list', resource: 'pods' } })).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by RoleBinding "jane-view/default" of ClusterRole "view" to User "jane"',
    });
    expect(status(sim, { user: 'jane', resourceAttributes: { namespace: 'kube-system', verb: 'list', resource: 'pods' } })).toEqual({ allowed: false });
    // Only the groups the spec names count: nothing adds system:authenticated.
    expect(status(sim, { user: 'nobody', resourceAttributes: { verb: 'create', group: 'authorization.k8s.io', resource: 'selfsubjectaccessreviews' } })).toEqual({ allowed: false });
    expect(sim.revision).toBe(revision);
  });

  it('answers for a group, a ServiceAccount and a non-resource URL', () => {
    const sim = cluster();
    expect(status(sim, { groups: ['kubeadm:cluster-admins'], resourceAttributes: { verb: 'delete', resource: 'nodes', name: 'node-1' } })).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by ClusterRoleBinding "kubeadm:cluster-admins" of ClusterRole "cluster-admin" to Group "kubeadm:cluster-admins"',
    });
    const sa = { user: 'system:serviceaccount:kube-system:replicaset-controller', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] };
    expect(status(sim, { ...sa, resourceAttributes: { namespace: 'default', verb: 'create', resource: 'pods' } })).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by ClusterRoleBinding "system:controller:replicaset-controller" of ClusterRole "system:controller:replicaset-controller" to ServiceAccount "replicaset-controller/kube-system"',
    });
    expect(status(sim, { ...sa, resourceAttributes: { namespace: 'default', verb: 'delete', resource: 'secrets' } })).toEqual({ allowed: false });
    expect(status(sim, { groups: ['system:authenticated'], nonResourceAttributes: { verb: 'get', path: '/healthz' } })).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"',
    });
    // system:masters is let through before RBAC, which gives no reason.
    expect(status(sim, { user: 'root', groups: ['system:masters'], resourceAttributes: { verb: 'delete', resource: 'nodes' } })).toEqual({ allowed: true });
  });

  it('gives a SelfSubjectAccessReview the same reason, for the requesting user', () => {
    const sim = cluster();
    const body = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: { verb: 'delete', resource: 'nodes' } } } as unknown as KObject;
    expect((ok(sim.request({ verb: 'create', resource: 'selfsubjectaccessreviews', body })) as unknown as { status: unknown }).status).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by ClusterRoleBinding "kubeadm:cluster-admins" of ClusterRole "cluster-admin" to Group "kubeadm:cluster-admins"',
    });
  });

  it("echoes the spec in Go's field order", () => {
    const sim = cluster();
    const out = ok(sim.request({ verb: 'create', resource: 'subjectaccessreviews', body: sar({ groups: ['g'], user: 'u', resourceAttributes: { resource: 'pods', verb: 'get', namespace: 'default' } }) }));
    expect(out).toEqual({
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SubjectAccessReview',
      metadata: { creationTimestamp: null },
      spec: { resourceAttributes: { namespace: 'default', verb: 'get', resource: 'pods' }, user: 'u', groups: ['g'] },
      status: { allowed: false },
    });
    expect(Object.keys((out as unknown as { spec: object }).spec)).toEqual(['resourceAttributes', 'user', 'groups']);
  });

  it("refuses a spec without a subject or attributes with upstream's messages, under the internal type's empty kind", () => {
    const sim = cluster();
    const e = failure(sim.request({ verb: 'create', resource: 'subjectaccessreviews', body: sar({}) }));
    expect(e.code).toBe(422);
    expect(e.message).toBe('.authorization.k8s.io "" is invalid: [spec.resourceAttributes: Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified, spec.user: Invalid value: "": at least one of user or group must be specified]');
    expect(e.details).toMatchObject({ group: 'authorization.k8s.io', kind: '', name: '' });
    const both = failure(sim.request({ verb: 'create', resource: 'subjectaccessreviews', body: sar({ user: 'u', resourceAttributes: { verb: 'get' }, nonResourceAttributes: { verb: 'get', path: '/' } }) }));
    expect(both.message).toBe('.authorization.k8s.io "" is invalid: spec.nonResourceAttributes: Invalid value: {"path":"/","verb":"get"}: cannot be specified in combination with resourceAttributes');
    const named = failure(sim.request({ verb: 'create', resource: 'subjectaccessreviews', body: sar({ user: 'u', resourceAttributes: { verb: 'get' } }, { metadata: { name: 'mine' } }) }));
    expect(named.message).toBe('.authorization.k8s.io "" is invalid: metadata: Invalid value: {"name":"mine"}: must be empty');
  });

  it("refuses a user without rights to create one with the apiserver's Forbidden", () => {
    const sim = cluster();
    const e = failure(requestAs(sim, JANE, { verb: 'create', resource: 'subjectaccessreviews', body: sar({ user: 'jane', resourceAttributes: { verb: 'get', resource: 'pods' } }) }));
    expect(e.code).toBe(403);
    expect(e.message).toBe('subjectaccessreviews.authorization.k8s.io is forbidden: User "jane" cannot create resource "subjectaccessreviews" in API group "authorization.k8s.io" at the cluster scope');
  });
});

describe('LocalSubjectAccessReview', () => {
  const lsar = (spec: Record<string, unknown>): KObject => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'LocalSubjectAccessReview', metadata: { namespace: 'default' }, spec }) as unknown as KObject;

  it("answers in the URL's namespace", () => {
    const sim = cluster();
    const out = ok(sim.request({ verb: 'create', resource: 'localsubjectaccessreviews', namespace: 'default', body: lsar({ user: 'jane', resourceAttributes: { namespace: 'default', verb: 'get', resource: 'configmaps' } }) }));
    expect(out).toMatchObject({ kind: 'LocalSubjectAccessReview', metadata: { namespace: 'default', creationTimestamp: null }, status: { allowed: true, reason: 'RBAC: allowed by RoleBinding "jane-view/default" of ClusterRole "view" to User "jane"' } });
  });

  it('refuses attributes naming another namespace, and non-resource attributes', () => {
    const sim = cluster();
    const other = failure(sim.request({ verb: 'create', resource: 'localsubjectaccessreviews', namespace: 'default', body: lsar({ user: 'jane', resourceAttributes: { namespace: 'kube-system', verb: 'get', resource: 'pods' } }) }));
    expect(other.message).toBe('.authorization.k8s.io "" is invalid: spec.resourceAttributes.namespace: Invalid value: "kube-system": must match metadata.namespace');
    const nonResource = failure(sim.request({ verb: 'create', resource: 'localsubjectaccessreviews', namespace: 'default', body: lsar({ user: 'jane', nonResourceAttributes: { verb: 'get', path: '/healthz' } }) }));
    expect(nonResource.message).toBe('.authorization.k8s.io "" is invalid: spec.nonResourceAttributes: Invalid value: {"path":"/healthz","verb":"get"}: disallowed on this kind of request');
    const moved = failure(sim.request({ verb: 'create', resource: 'localsubjectaccessreviews', namespace: 'kube-system', body: lsar({ user: 'jane', resourceAttributes: { namespace: 'kube-system', verb: 'get', resource: 'pods' } }) }));
    expect(moved).toMatchObject({ code: 400, message: 'the namespace of the provided object does not match the namespace sent on the request' });
  });
});

describe('TokenReview', () => {
  it("authenticates a ServiceAccount token: its user, groups, credential id and the API server's audience", () => {
    const sim = cluster();
    const res = ok(tokenReview(sim, token(sim))) as unknown as { spec: object; status: { authenticated: boolean; user: Record<string, unknown>; audiences: string[] } };
    const uid = sim.storedObject('serviceaccounts/default/default')!.metadata.uid;
    expect(res.status).toEqual({
      authenticated: true,
      user: {
        username: 'system:serviceaccount:default:default',
        uid,
        groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'],
        extra: { 'authentication.kubernetes.io/credential-id': [expect.stringMatching(/^JTI=[0-9a-f-]{36}$/)] },
      },
      audiences: ['https://kubernetes.default.svc.cluster.local'],
    });
  });

  it("names a Pod-bound token's Pod in the extra, and matches the audiences asked for", () => {
    const sim = cluster();
    const p = ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') }));
    const bound = token(sim, { audiences: ['vault'], boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'web', uid: p.metadata.uid } });
    const res = ok(tokenReview(sim, bound, ['vault', 'other'])) as unknown as { status: { user: { extra: Record<string, string[]> }; audiences: string[] } };
    expect(res.status.audiences).toEqual(['vault']);
    expect(res.status.user.extra).toMatchObject({ 'authentication.kubernetes.io/pod-name': ['web'], 'authentication.kubernetes.io/pod-uid': [p.metadata.uid] });
    // Not for the API server's own audience.
    expect((ok(tokenReview(sim, bound)) as unknown as { status: unknown }).status).toEqual({ user: {}, error: 'invalid bearer token' });
  });

  it('authenticates a bootstrap token as system:bootstrap:<id>', () => {
    const sim = cluster();
    // kubeadm init's own token (kubeadm-uploads.ts).
    const secret = sim.storedObjects().map((o) => o.object as Secret).find((s) => s.type === 'bootstrap.kubernetes.io/token');
    expect(secret).toBeDefined();
    const data = (k: string): string => atob(secret!.data![k]!);
    const res = ok(tokenReview(sim, `${data('token-id')}.${data('token-secret')}`)) as unknown as { status: Record<string, unknown> };
    expect(res.status).toMatchObject({ authenticated: true, user: { username: `system:bootstrap:${data('token-id')}` }, audiences: ['https://kubernetes.default.svc.cluster.local'] });
  });

  it('answers a token no authenticator accepts unauthenticated, and refuses an empty one', () => {
    const sim = cluster();
    expect(ok(tokenReview(sim, 'garbage'))).toEqual({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', metadata: { creationTimestamp: null }, spec: { token: 'garbage' }, status: { user: {}, error: 'invalid bearer token' } });
    expect(failure(tokenReview(sim, ''))).toMatchObject({ code: 400, reason: 'BadRequest', message: 'token is required for TokenReview in authentication' });
  });
});
