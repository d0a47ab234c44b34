/**
 * Bootstrap tokens (k8s.io/cluster-bootstrap: token/api, token/util, secret): the `<id>.<secret>`
 * credential `kubeadm join` authenticates with, stored as a Secret of type
 * `bootstrap.kubernetes.io/token` named `bootstrap-token-<id>` in kube-system. kubeadm writes it,
 * kube-apiserver's bootstrap authenticator accepts it, kube-controller-manager's bootstrap signer
 * signs kube-public/cluster-info with it and its token cleaner deletes it once expired.
 */
import type { Secret } from './types';
import { base64Encode, decodeBase64 } from './base64';
import { parseRfc3339Unix } from './time';

export const BOOTSTRAP_TOKEN_SECRET_TYPE = 'bootstrap.kubernetes.io/token';
export const BOOTSTRAP_TOKEN_SECRET_PREFIX = 'bootstrap-token-';
export const BOOTSTRAP_TOKEN_NAMESPACE = 'kube-system';

export const TOKEN_ID_KEY = 'token-id';
export const TOKEN_SECRET_KEY = 'token-secret';
export const DESCRIPTION_KEY = 'description';
export const EXPIRATION_KEY = 'expiration';
export const USAGE_AUTHENTICATION_KEY = 'usage-bootstrap-authentication';
export const USAGE_SIGNING_KEY = 'usage-bootstrap-signing';
export const EXTRA_GROUPS_KEY = 'auth-extra-groups';

/** The user a token authenticates as is this prefix and its id; every token is in the group. */
export const BOOTSTRAP_USER_PREFIX = 'system:bootstrap:';
export const BOOTSTRAP_DEFAULT_GROUP = 'system:bootstrappers';
/** What `kubeadm init` gives its token (DefaultTokenGroups). */
export const KUBEADM_NODE_TOKEN_GROUP = 'system:bootstrappers:kubeadm:default-node-token';

/** cluster-info's keys: the kubeconfig it publishes and one JWS signature per signing token. */
export const CLUSTER_INFO_KUBECONFIG_KEY = 'kubeconfig';
export const JWS_SIGNATURE_KEY_PREFIX = 'jws-kubeconfig-';

/** validBootstrapTokenChars: ids and secrets draw from these. */
export const TOKEN_CHARS = '0123456789abcdefghijklmnopqrstuvwxyz';
const TOKEN_RE = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
const GROUP_RE = /^system:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]$/;

/** ParseToken: the id and secret of a well-formed token, else undefined. */
export function parseBootstrapToken(token: string): { id: string; secret: string } | undefined {
  const m = TOKEN_RE.exec(token);
  return m ? { id: m[1]!, secret: m[2]! } : undefined;
}

/**
 * BootstrapTokenToSecret (kubeadm's bootstraptoken/v1): the Secret a token is stored as, with the
 * data keys as Go's JSON encoding sorts them. `usages` are `authentication`/`signing`.
 */
export function bootstrapTokenToSecret(t: { id: string; secret: string; description?: string; expiration?: string; usages: readonly string[]; groups: readonly string[] }): Secret {
  const data: Record<string, string> = { [TOKEN_ID_KEY]: t.id, [TOKEN_SECRET_KEY]: t.secret };
  if (t.description) data[DESCRIPTION_KEY] = t.description;
  if (t.expiration) data[EXPIRATION_KEY] = t.expiration;
  for (const u of t.usages) data[`usage-bootstrap-${u}`] = 'true';
  if (t.groups.length) data[EXTRA_GROUPS_KEY] = t.groups.join(',');
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: `${BOOTSTRAP_TOKEN_SECRET_PREFIX}${t.id}`, namespace: BOOTSTRAP_TOKEN_NAMESPACE },
    type: BOOTSTRAP_TOKEN_SECRET_TYPE,
    data: Object.fromEntries(Object.keys(data).sort().map((k) => [k, base64Encode(data[k]!)])),
  };
}

/** GetData: a key's decoded value, '' when absent. */
export function secretData(secret: Secret, key: string): string {
  const v = secret.data?.[key];
  return v === undefined ? '' : decodeBase64(v);
}

export function isBootstrapTokenSecret(secret: Secret): boolean {
  return secret.type === BOOTSTRAP_TOKEN_SECRET_TYPE && secret.metadata.namespace === BOOTSTRAP_TOKEN_NAMESPACE;
}

/**
 * GetExpiration at `nowUnixMs`: how long the token has left, or expired (an expiration that does
 * not parse counts as expired); a token without one never expires (`{ ttlMs: 0, expired: false }`).
 */
export function bootstrapTokenExpiration(secret: Secret, nowUnixMs: number): { ttlMs: number; expired: boolean } {
  const text = secretData(secret, EXPIRATION_KEY);
  if (text === '') return { ttlMs: 0, expired: false };
  const at = parseRfc3339Unix(text);
  if (Number.isNaN(at)) return { ttlMs: 0, expired: true };
  const ttlMs = at - nowUnixMs;
  return ttlMs <= 0 ? { ttlMs: 0, expired: true } : { ttlMs, expired: false };
}

/** GetGroups: the default group and the valid extra ones, sorted and unique; undefined if one is invalid. */
export function bootstrapTokenGroups(secret: Secret): string[] | undefined {
  const groups = new Set([BOOTSTRAP_DEFAULT_GROUP]);
  const extra = secretData(secret, EXTRA_GROUPS_KEY);
  if (extra !== '') {
    for (const g of extra.split(',')) {
      if (!GROUP_RE.test(g)) return undefined;
      groups.add(g);
    }
  }
  return [...groups].sort();
}
