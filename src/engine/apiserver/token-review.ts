/**
 * TokenReview (authentication.k8s.io/v1), pkg/registry/authentication/tokenreview/storage.go:
 * the token is put in a request of its own and handed to kube-apiserver's authenticators (the
 * ServiceAccount and bootstrap token ones, token-authn.ts), whose answer fills the status. Never
 * stored. Approximate: every token they do not accept gets the bearer-token authenticator's
 * default error, `invalid bearer token` (upstream names an expired or invalidated ServiceAccount
 * token's own cause as well).
 */
import type { KObject } from '../../k8s/types';
import type { World } from '../world';
import { authenticateBootstrapToken } from './token-authn';
import { API_AUDIENCES, authenticateServiceAccountToken } from './serviceaccount-token';
import { badRequest, type StatusError } from './status';

interface TokenReviewSpec {
  token?: unknown;
  audiences?: unknown;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The status the authenticators give `token` for `audiences` (the API server's when none are asked for). */
function status(w: World, token: string, asked: readonly string[]): Record<string, unknown> {
  const audiences = asked.length ? asked : API_AUDIENCES;
  const sa = authenticateServiceAccountToken(w, token, audiences);
  if (sa) {
    const user: Record<string, unknown> = { username: sa.user.name, uid: sa.user.uid, groups: [...sa.user.groups] };
    if (Object.keys(sa.extra).length) user['extra'] = sa.extra;
    return { authenticated: true, user, audiences: sa.audiences };
  }
  // The bootstrap authenticator is audience-agnostic: it answers for the API server's own audiences.
  const implicit = audiences.filter((a) => API_AUDIENCES.includes(a));
  const bootstrap = implicit.length ? authenticateBootstrapToken(w, token) : undefined;
  if (bootstrap) return { authenticated: true, user: { username: bootstrap.name, groups: [...bootstrap.groups] }, audiences: implicit };
  return { user: {}, error: 'invalid bearer token' };
}

/** REST.Create: the review sent, with its status filled. */
export function tokenReview(w: World, body: KObject | undefined): KObject | StatusError {
  const spec = ((body as Record<string, unknown> | undefined)?.['spec'] ?? {}) as TokenReviewSpec;
  const token = typeof spec.token === 'string' ? spec.token : '';
  if (!token) return badRequest('token is required for TokenReview in authentication');
  const audiences = strings(spec.audiences);
  const echoed = { token, ...(audiences.length ? { audiences } : {}) };
  return { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', metadata: { creationTimestamp: null }, spec: echoed, status: status(w, token, audiences) } as unknown as KObject;
}
