/**
 * kube-apiserver's bearer-token authenticators as a union, in upstream's order: ServiceAccount
 * tokens (serviceaccount-token.ts), then bootstrap tokens (`--enable-bootstrap-token-auth`, which
 * kubeadm sets; plugin/pkg/auth/authenticator/token/bootstrap). The first to recognise the token
 * decides; one that does not is silent, so a bad token is simply unauthenticated (401). The
 * kubelet's webhook authentication asks the same union through a TokenReview.
 */
import {
  BOOTSTRAP_TOKEN_NAMESPACE,
  BOOTSTRAP_TOKEN_SECRET_PREFIX,
  BOOTSTRAP_TOKEN_SECRET_TYPE,
  BOOTSTRAP_USER_PREFIX,
  TOKEN_ID_KEY,
  TOKEN_SECRET_KEY,
  USAGE_AUTHENTICATION_KEY,
  bootstrapTokenExpiration,
  bootstrapTokenGroups,
  parseBootstrapToken,
  secretData,
} from '../../k8s/bootstrap-token';
import { EPOCH_MS } from '../../k8s/time';
import type { Secret } from '../../k8s/types';
import type { World } from '../world';
import type { UserInfo } from './auth';
import { authenticateToken } from './serviceaccount-token';
import { storedObject } from './storage';

/** TokenAuthenticator.AuthenticateToken: `system:bootstrap:<id>` in system:bootstrappers and the token's extra groups. */
export function authenticateBootstrapToken(w: World, token: string): UserInfo | undefined {
  const parsed = parseBootstrapToken(token);
  if (!parsed) return undefined;
  const secret = storedObject(w, 'secrets', BOOTSTRAP_TOKEN_NAMESPACE, `${BOOTSTRAP_TOKEN_SECRET_PREFIX}${parsed.id}`) as Secret | undefined;
  if (!secret || secret.metadata.deletionTimestamp) return undefined;
  if (secret.type !== BOOTSTRAP_TOKEN_SECRET_TYPE || !secret.data) return undefined;
  if (secretData(secret, TOKEN_SECRET_KEY) !== parsed.secret || secretData(secret, TOKEN_ID_KEY) !== parsed.id) return undefined;
  if (bootstrapTokenExpiration(secret, EPOCH_MS + w.now).expired) return undefined;
  if (secretData(secret, USAGE_AUTHENTICATION_KEY) !== 'true') return undefined;
  const groups = bootstrapTokenGroups(secret);
  // The union adds system:authenticated to whoever it let in.
  return groups ? { name: `${BOOTSTRAP_USER_PREFIX}${parsed.id}`, groups: [...groups, 'system:authenticated'] } : undefined;
}

export function authenticateBearerToken(w: World, token: string): UserInfo | undefined {
  return authenticateToken(w, token) ?? authenticateBootstrapToken(w, token);
}
