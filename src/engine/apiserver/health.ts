/**
 * kube-apiserver's non-resource endpoints that `kubectl get --raw` reaches: the health checks
 * (/healthz, /livez, /readyz, each optionally `?verbose`, and `/<endpoint>/<check>`), /version
 * and /metrics (metrics-endpoint.ts). Output follows apiserver/pkg/server/healthz: `[+]name ok`,
 * `[-]name failed: reason withheld`, then `<endpoint> check passed`; any failure is an HTTP 500
 * whose body is the full verbose list. The etcd checks are honest: they fail exactly when etcd has no quorum.
 */
import { openApiDocument } from './openapi';
import { discoveryDocument } from './discovery';
import { customOpenApiDocument } from '../apiextensions/openapi';
import { SERVER_VERSION } from '../../k8s/version';
import type { ComponentId } from '../core/ids';
import { etcdHasQuorum } from './etcd-quorum';
import { trace } from '../runtime';
import type { World } from '../world';
import { authorize, forbiddenMessage, impersonate, impersonationChecks, type Impersonation, type UserInfo } from './auth';
import { authorizeNonResource } from './rbac-authorizer';
import { toJsonPrettyInOrder } from '../../k8s/printers/json';
import { UNAUTHORIZED } from './status';
import type { ApiServerState } from './state';
import { countHealthCheck } from './request-metrics';
import { apiServerMetrics } from './metrics-endpoint';
import { PROMETHEUS_TEXT, writeExposition } from '../metrics/exposition';

export interface RawResponse {
  code: number;
  body: string;
  /** When the answer is neither JSON nor plain text: /metrics' Prometheus text. */
  contentType?: string;
}

/** The post-start hooks a v1.34 kube-apiserver reports, in its order. */
const POST_START_HOOKS = [
  'start-apiserver-admission-initializer',
  'generic-apiserver-start-informers',
  'priority-and-fairness-config-consumer',
  'priority-and-fairness-filter',
  'storage-object-count-tracker-hook',
  'start-apiextensions-informers',
  'start-apiextensions-controllers',
  'crd-informer-synced',
  'start-system-namespaces-controller',
  'start-cluster-authentication-info-controller',
  'start-kube-apiserver-identity-lease-controller',
  'start-kube-apiserver-identity-lease-garbage-collector',
  'start-legacy-token-tracking-controller',
  'start-service-ip-repair-controllers',
  'rbac/bootstrap-roles',
  'scheduling/bootstrap-system-priority-classes',
  'priority-and-fairness-config-producer',
  'bootstrap-controller',
  'start-kubernetes-service-cidr-controller',
  'aggregator-reload-proxy-client-cert',
  'start-kube-aggregator-informers',
  'apiservice-status-local-available-controller',
  'apiservice-status-remote-available-controller',
  'apiservice-registration-controller',
  'apiservice-discovery-controller',
  'kube-apiserver-autoregistration',
];


type Endpoint = 'healthz' | 'livez' | 'readyz';

function checks(endpoint: Endpoint): string[] {
  const hooks = POST_START_HOOKS.map((h) => `poststarthook/${h}`);
  const base = ['ping', 'log', 'etcd'];
  if (endpoint === 'readyz') return [...base, 'etcd-readiness', 'informer-sync', ...hooks, 'autoregister-completion', 'shutdown'];
  return [...base, ...hooks, 'autoregister-completion'];
}

function healthy(w: World, check: string): boolean {
  return check === 'etcd' || check === 'etcd-readiness' ? etcdHasQuorum(w) : true;
}

function health(w: World, endpoint: Endpoint, sub: string | undefined, verbose: boolean): RawResponse {
  const names = checks(endpoint);
  if (sub !== undefined) {
    if (!names.includes(sub)) return { code: 404, body: '404 page not found\n' };
    return healthy(w, sub) ? { code: 200, body: 'ok' } : { code: 500, body: `internal server error: etcdserver: request timed out\n` };
  }
  let out = '';
  let failed = false;
  for (const n of names) {
    if (healthy(w, n)) out += `[+]${n} ok\n`;
    else {
      out += `[-]${n} failed: reason withheld\n`;
      failed = true;
    }
  }
  if (failed) return { code: 500, body: `${out}${endpoint} check failed\n` };
  if (!verbose) return { code: 200, body: 'ok' };
  return { code: 200, body: `${out}${endpoint} check passed\n` };
}

const VERSION = SERVER_VERSION;

/**
 * What an in-cluster client over HTTPS adds (https.ts): who it authenticated as, whose
 * non-resource request RBAC must allow, and the pretty encoding curl's User-Agent gets.
 */
export interface NonResourceClient {
  user: UserInfo;
  pretty: boolean;
  /** `kubectl --as`: WithImpersonation runs on every path, a non-resource one too. */
  impersonate?: Impersonation;
}

/** Serves a GET on a non-resource path at `serverId`, recording the exchange in the trace. */
export function serveNonResource(w: World, serverId: ComponentId, from: ComponentId, user: string, path: string, client?: NonResourceClient): RawResponse {
  const requestId = w.nextRequestId++;
  trace(w, { from, to: serverId, kind: 'request', detail: { type: 'non-resource', method: 'GET', path, user }, requestId });
  const [p = '', query = ''] = path.split('?');
  let res: RawResponse | undefined;
  if (client) {
    trace(w, { from: serverId, to: serverId, kind: 'authn', detail: { user }, requestId });
    let asUser = client.user;
    if (client.impersonate) {
      // handler.ts's order: each thing asked for is authorized for the real user, traced, and the
      // first refusal is responsewriters.Forbidden's Status naming it.
      for (const c of impersonationChecks(client.impersonate)) {
        const may = authorize(w, client.user, 'impersonate', c.group, c.resource, c.namespace, c.name);
        trace(w, { from: serverId, to: serverId, kind: 'authz', detail: { allowed: may, verb: 'impersonate', resource: c.resource }, requestId });
        if (!may) {
          res = { code: 403, body: forbiddenStatus(forbiddenMessage(client.user, 'impersonate', c.group, c.resource, c.namespace, c.name), { name: c.name, ...(c.group ? { group: c.group } : {}), kind: c.resource }) };
          break;
        }
      }
      if (!res) {
        asUser = impersonate(client.impersonate);
        trace(w, { from: serverId, to: serverId, kind: 'authn', detail: { user: asUser.name, impersonatedBy: client.user.name }, requestId });
      }
    }
    if (!res) {
      const allowed = authorizeNonResource(w, asUser, 'get', p);
      trace(w, { from: serverId, to: serverId, kind: 'authz', detail: { allowed, verb: 'get', resource: p }, requestId });
      // responsewriters.Forbidden: a non-resource refusal names the path, its details are empty.
      if (!allowed) res = { code: 403, body: forbiddenStatus(`forbidden: User ${JSON.stringify(asUser.name)} cannot get path ${JSON.stringify(p)}`) };
    }
  }
  const server = w.components.get(serverId) as ApiServerState;
  if (!res) {
    res = route(w, server, p, query, client?.pretty ?? false);
    if (p === '/healthz' || p === '/livez' || p === '/readyz') countHealthCheck(server, p, res.code, w.now);
  }
  const reason = res.code === 200 ? 'OK' : res.code === 500 ? 'Internal Server Error' : res.code === 403 ? 'Forbidden' : 'Not Found';
  trace(w, { from: serverId, to: from, kind: 'response', detail: { type: 'status', code: res.code, reason }, requestId });
  return res;
}

/**
 * A non-resource GET the authentication filter refused (credentials that did not verify): the
 * 401 Status as kube-apiserver writes it to a client that did not ask for pretty JSON. The trace
 * names no user, as https.ts's refusal does.
 */
export function refuseNonResource(w: World, serverId: ComponentId, from: ComponentId, path: string): RawResponse {
  const requestId = w.nextRequestId++;
  trace(w, { from, to: serverId, kind: 'request', detail: { type: 'non-resource', method: 'GET', path, user: '' }, requestId });
  trace(w, { from: serverId, to: from, kind: 'response', detail: { type: 'status', code: 401, reason: 'Unauthorized', message: UNAUTHORIZED.message }, requestId });
  const { code, reason, message } = UNAUTHORIZED;
  return { code, body: `${JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code })}
` };
}

function forbiddenStatus(message: string, details: Record<string, string> = {}): string {
  return toJsonPrettyInOrder({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'Forbidden', details, code: 403 });
}

function route(w: World, server: ApiServerState, p: string, query: string, pretty: boolean): RawResponse {
  const params = new Set(query.split('&').map((q) => q.split('=')[0]));
  const parts = p.split('/').filter((s) => s !== '');
  const discovery = discoveryDocument(w, parts);
  if (discovery !== null) {
    // kube-apiserver's JSON serializer ends every document with a newline; the pretty one does not.
    if (!discovery) return { code: 404, body: '404 page not found\n' };
    return { code: 200, body: pretty ? JSON.stringify(discovery, null, 2) : `${JSON.stringify(discovery)}\n` };
  }
  if ((parts[0] === 'healthz' || parts[0] === 'livez' || parts[0] === 'readyz') && parts.length <= 2) return health(w, parts[0], parts.length === 2 ? parts[1] : undefined, params.has('verbose'));
  if (p === '/metrics') return { code: 200, body: writeExposition(apiServerMetrics(w, server)), contentType: PROMETHEUS_TEXT };
  if (p === '/version') return { code: 200, body: `${JSON.stringify(VERSION, null, 2)}` };
  if (parts[0] === 'openapi' && parts[1] === 'v3' && (parts[2] === 'api' ? parts.length === 4 : parts[2] === 'apis' && parts.length === 5)) {
    const doc = parts[2] === 'api' ? openApiDocument('', parts[3]!) : (openApiDocument(parts[3]!, parts[4]!) ?? customOpenApiDocument(w, parts[3]!, parts[4]!));
    return doc ? { code: 200, body: JSON.stringify(doc) } : { code: 404, body: '404 page not found\n' };
  }
  return { code: 404, body: '404 page not found\n' };
}
