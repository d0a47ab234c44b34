/**
 * kube-controller-manager's DynamicControllerClientBuilder (controller-manager/pkg/clientbuilder),
 * what `--use-service-account-credentials=true` (kubeadm sets it) gives every controller: its own
 * ServiceAccount in kube-system, so `kubectl get sa -n kube-system` lists one per controller and
 * RBAC can grant each only what it needs (`system:controller:<name>`).
 *   - Config(), as each controller starts: getOrCreateServiceAccount — GET the ServiceAccount,
 *     and on a 404 GET the namespace and CREATE the ServiceAccount — with the manager's own
 *     client (system:kube-controller-manager).
 *   - The cached token source, on the first request a controller's client sends and again once
 *     80 % of the token's life has passed (defaultLeewayPercent 20): getOrCreateServiceAccount
 *     once more, then a TokenRequest for 3600 s (defaultExpirationSeconds). Clients of the same
 *     ServiceAccount share the token (node-controller serves node IPAM and node lifecycle).
 * The ServiceAccounts draw their uids from a stream of their own (withRngStream), so adding them
 * left the uids and generated names of everything else as they were.
 */
import type { KObject } from '../../k8s/types';
import { request, type ClientIdentity } from '../client/client';
import { fnv1a } from '../../k8s/sha256';
import { parseTimestamp } from '../../k8s/time';
import { withRngStream } from '../runtime';
import type { World } from '../world';
import type { ManagerState } from './state';

/** defaultExpirationSeconds: the TokenRequest's lifetime. */
export const CONTROLLER_TOKEN_SECONDS = 3600;
/** defaultLeewayPercent: the token is renewed with this share of its lifetime left. */
const LEEWAY_PERCENT = 20;
/** tokenSourceImpl pins a shorter lifetime (clock skew) to 10 minutes. */
const MIN_LIFETIME_MS = 10 * 60_000;
const NAMESPACE = 'kube-system';

/** Seeds the stream the controllers' ServiceAccounts draw their uids from (mixed with the name and the moment). */
const CONTROLLER_SA_STREAM = 0x5ac_c1b;

/** getOrCreateServiceAccount: a failure is left to the next attempt (upstream logs and retries). */
function getOrCreateServiceAccount(w: World, self: ManagerState, root: ClientIdentity, name: string): void {
  const got = request(w, self, root, { verb: 'get', resource: 'serviceaccounts', namespace: NAMESPACE, name });
  if (got.ok || 'network' in got.error || got.error.code !== 404) return;
  // "Create the namespace if we can't verify it exists": kube-system always does here, so the
  // GET answers and nothing is created.
  const ns = request(w, self, root, { verb: 'get', resource: 'namespaces', name: NAMESPACE });
  if (!ns.ok && !('network' in ns.error) && ns.error.code === 404) {
    request(w, self, root, { verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } } });
  }
  const body: KObject = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: NAMESPACE } };
  const created = withRngStream(w, CONTROLLER_SA_STREAM ^ fnv1a(`${name}:${w.now}`), () =>
    request(w, self, root, { verb: 'create', resource: 'serviceaccounts', namespace: NAMESPACE, body }),
  );
  // Someone else made it first: upstream fetches it again.
  if (!created.ok && !('network' in created.error) && created.error.code === 409) request(w, self, root, { verb: 'get', resource: 'serviceaccounts', namespace: NAMESPACE, name });
}

/** Config(saName), as a controller starts. */
export function configureClient(w: World, self: ManagerState, root: ClientIdentity, serviceAccount: string): void {
  getOrCreateServiceAccount(w, self, root, serviceAccount);
}

/**
 * The cached token source in front of every request a controller's client sends (its writes and
 * its Events): nothing while the token it holds is fresh, else a new TokenRequest.
 */
export function ensureClientToken(w: World, self: ManagerState, root: ClientIdentity, serviceAccount: string): void {
  const tokens = (self.tokens ??= {});
  const renewAt = tokens[serviceAccount];
  if (renewAt !== undefined && w.now < renewAt) return;
  getOrCreateServiceAccount(w, self, root, serviceAccount);
  const body = {
    kind: 'TokenRequest',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { creationTimestamp: null },
    spec: { audiences: null, expirationSeconds: CONTROLLER_TOKEN_SECONDS, boundObjectRef: null },
    status: { token: '', expirationTimestamp: null },
  } as unknown as KObject;
  const res = request(w, self, root, { verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: NAMESPACE, name: serviceAccount, body });
  // Upstream backs off and retries, then fails the request it was fetching for; the simulated
  // request goes on with the identity it always has, and the next one asks for a token again.
  if (!res.ok) return;
  const stamp = (res.object as { status?: { expirationTimestamp?: string } } | undefined)?.status?.expirationTimestamp;
  const expires = stamp ? parseTimestamp(stamp) : Number.NaN;
  const lifetime = Number.isNaN(expires) ? CONTROLLER_TOKEN_SECONDS * 1000 : Math.max(MIN_LIFETIME_MS, expires - w.now);
  tokens[serviceAccount] = w.now + lifetime - Math.floor((lifetime * LEEWAY_PERCENT) / 100);
}
