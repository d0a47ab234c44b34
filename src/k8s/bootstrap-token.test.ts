import { describe, expect, it } from 'vitest';
import { base64Encode } from './base64';
import { unixFrom } from './time';
import type { Secret } from './types';
import { bootstrapTokenExpiration, bootstrapTokenGroups, parseBootstrapToken } from './bootstrap-token';

const secret = (values: Record<string, string>): Secret => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 'bootstrap-token-abcdef', namespace: 'kube-system' },
  type: 'bootstrap.kubernetes.io/token',
  data: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, base64Encode(v)])),
});

describe('bootstrap token rules', () => {
  it('parses only <6 of [a-z0-9]>.<16 of [a-z0-9]>', () => {
    expect(parseBootstrapToken('abcdef.0123456789abcdef')).toEqual({ id: 'abcdef', secret: '0123456789abcdef' });
    for (const bad of ['ABCDEF.0123456789abcdef', 'abcde.0123456789abcdef', 'abcdef.0123456789abcde', 'abcdef:0123456789abcdef', 'eyJ.a.b']) expect(parseBootstrapToken(bad), bad).toBeUndefined();
  });

  it('reads the expiration as GetExpiration does: none never expires, an unparseable one has, offsets count', () => {
    const now = unixFrom(2025, 9, 1, 9, 0, 0, 0);
    expect(bootstrapTokenExpiration(secret({}), now)).toEqual({ ttlMs: 0, expired: false });
    expect(bootstrapTokenExpiration(secret({ expiration: 'tomorrow' }), now)).toEqual({ ttlMs: 0, expired: true });
    expect(bootstrapTokenExpiration(secret({ expiration: '2025-09-02T09:00:00Z' }), now)).toEqual({ ttlMs: 24 * 3600_000, expired: false });
    expect(bootstrapTokenExpiration(secret({ expiration: '2025-09-01T10:00:00+02:00' }), now)).toEqual({ ttlMs: 0, expired: true });
    expect(bootstrapTokenExpiration(secret({ expiration: '2025-09-01T09:00:00Z' }), now).expired).toBe(true);
  });

  it('groups: system:bootstrappers and the valid extra ones, sorted; any invalid one fails them all', () => {
    expect(bootstrapTokenGroups(secret({}))).toEqual(['system:bootstrappers']);
    expect(bootstrapTokenGroups(secret({ 'auth-extra-groups': 'system:bootstrappers:z,system:bootstrappers:kubeadm:default-node-token,system:bootstrappers:z' }))).toEqual([
      'system:bootstrappers',
      'system:bootstrappers:kubeadm:default-node-token',
      'system:bootstrappers:z',
    ]);
    expect(bootstrapTokenGroups(secret({ 'auth-extra-groups': 'system:masters' }))).toBeUndefined();
  });
});
