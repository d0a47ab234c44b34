/**
 * The token controller and the rest of the "Configure Service Accounts for Pods" page: a
 * service-account-token Secret is filled in and verifies; it goes with its ServiceAccount; a
 * ServiceAccount's imagePullSecrets reach new Pods; a projected token keeps its audience and
 * lifetime (pods/pod-projected-svc-token.yaml: vault, 7200 s).
 */
import { describe, expect, it } from 'vitest';
import type { KObject, Pod, Secret } from '../../k8s/types';
import { decodeBase64 } from '../../k8s/base64';
import { Simulation, worldOf } from '../simulation';
import { authenticateToken } from '../apiserver/serviceaccount-token';
import { create, get, waitFor } from './controllers.testing';
import { inPod } from '../kubelet/kubelet.testing';

const sa = (name: string, extra: Partial<KObject> = {}): KObject => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: 'default' }, ...extra });
const tokenSecret = (name: string, account: string): KObject =>
  ({ apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'default', annotations: { 'kubernetes.io/service-account.name': account } }, type: 'kubernetes.io/service-account-token' }) as KObject;

function claims(token: string): Record<string, unknown> {
  return JSON.parse(decodeBase64((token.split('.')[1] ?? '').replace(/[-_]/g, (c) => (c === '-' ? '+' : '/')))) as Record<string, unknown>;
}

describe('the token controller', () => {
  it('fills a service-account-token Secret: ca.crt, namespace, a legacy token the API accepts, the uid annotation', () => {
    const sim = new Simulation({ seed: 1 });
    create(sim, 'serviceaccounts', sa('build-robot'), 'default');
    create(sim, 'secrets', tokenSecret('build-robot-secret', 'build-robot'), 'default');
    waitFor(sim, 'token', () => !!get<Secret>(sim, 'secrets', 'build-robot-secret')?.data?.['token'], 5_000);
    const s = get<Secret>(sim, 'secrets', 'build-robot-secret')!;
    const uid = get(sim, 'serviceaccounts', 'build-robot')!.metadata.uid;
    expect(s.metadata.annotations?.['kubernetes.io/service-account.uid']).toBe(uid);
    expect(decodeBase64(s.data!['namespace']!)).toBe('default');
    expect(decodeBase64(s.data!['ca.crt']!)).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
    const token = decodeBase64(s.data!['token']!);
    expect(claims(token)).toEqual({
      iss: 'kubernetes/serviceaccount',
      'kubernetes.io/serviceaccount/namespace': 'default',
      'kubernetes.io/serviceaccount/secret.name': 'build-robot-secret',
      'kubernetes.io/serviceaccount/service-account.name': 'build-robot',
      'kubernetes.io/serviceaccount/service-account.uid': uid,
      sub: 'system:serviceaccount:default:build-robot',
    });
    expect(authenticateToken(worldOf(sim), token)?.name).toBe('system:serviceaccount:default:build-robot');
  });

  it('deletes the Secret with its ServiceAccount, after which the token is refused', () => {
    const sim = new Simulation({ seed: 1 });
    create(sim, 'serviceaccounts', sa('build-robot'), 'default');
    create(sim, 'secrets', tokenSecret('build-robot-secret', 'build-robot'), 'default');
    waitFor(sim, 'token', () => !!get<Secret>(sim, 'secrets', 'build-robot-secret')?.data?.['token'], 5_000);
    const token = decodeBase64(get<Secret>(sim, 'secrets', 'build-robot-secret')!.data!['token']!);
    sim.request({ verb: 'delete', resource: 'serviceaccounts', namespace: 'default', name: 'build-robot' });
    waitFor(sim, 'secret deleted', () => !get(sim, 'secrets', 'build-robot-secret'), 5_000);
    expect(authenticateToken(worldOf(sim), token)).toBeUndefined();
  });

  it('deletes a token Secret naming no ServiceAccount', () => {
    const sim = new Simulation({ seed: 1 });
    create(sim, 'secrets', tokenSecret('orphan', 'nobody'), 'default');
    waitFor(sim, 'orphan deleted', () => !get(sim, 'secrets', 'orphan'), 5_000);
  });
});

describe('a ServiceAccount in a Pod', () => {
  it("lends a Pod naming no pull secrets its imagePullSecrets (the page's myregistrykey)", () => {
    const sim = new Simulation({ seed: 1 });
    sim.request({ verb: 'patch', resource: 'serviceaccounts', namespace: 'default', name: 'default', patchType: 'strategic', body: { imagePullSecrets: [{ name: 'myregistrykey' }] } as unknown as KObject });
    create(sim, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx', namespace: 'default' }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } as Pod, 'default');
    expect(get<Pod>(sim, 'pods', 'nginx')!.spec.imagePullSecrets).toEqual([{ name: 'myregistrykey' }]);
  });

  it('gets a projected token for its audience and lifetime, not the kubelet’s extended API token', () => {
    const sim = new Simulation({ seed: 1 });
    create(sim, 'serviceaccounts', sa('build-robot'), 'default');
    const source = { serviceAccountToken: { path: 'vault-token', expirationSeconds: 7200, audience: 'vault' } };
    create(sim, 'pods', {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx', namespace: 'default' },
      spec: { serviceAccountName: 'build-robot', containers: [{ name: 'nginx', image: 'nginx', volumeMounts: [{ mountPath: '/var/run/secrets/tokens', name: 'vault-token' }] }], volumes: [{ name: 'vault-token', projected: { sources: [source] } }] },
    } as unknown as Pod, 'default');
    sim.advance(20_000);
    const c = claims(inPod(sim, 'nginx', ['cat', '/var/run/secrets/tokens/vault-token']).output);
    expect(c['aud']).toEqual(['vault']);
    expect((c['exp'] as number) - (c['iat'] as number)).toBe(7200);
    expect(c['kubernetes.io']).not.toHaveProperty('warnafter');
    expect(claims(inPod(sim, 'nginx', ['cat', '/var/run/secrets/kubernetes.io/serviceaccount/token']).output)['kubernetes.io']).toHaveProperty('warnafter');
  });
});
