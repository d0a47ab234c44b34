/**
 * apiserver_request_total as kube-apiserver counts it (k8s.io/apiserver/pkg/endpoints/metrics):
 * InstrumentRouteFunc wraps each REST route, so a request is counted once its handler has
 * answered — past authentication and authorization (a 401 or the authorization filter's 403 never
 * reaches a route, nor does a path no route serves) — with the labels MonitorRequest gives it.
 * This is on every request's path: one key built by concatenation and one Map increment, nothing
 * else; the scrape (metrics-endpoint.ts) splits the keys back into labels.
 */
import type { ApiServerState } from './state';

/**
 * The label values in label-name order (code, component, dry_run, group, resource, scope,
 * subresource, verb, version), joined by NUL: keys then sort as the registry sorts the samples.
 */
export const LABEL_NAMES = ['code', 'component', 'dry_run', 'group', 'resource', 'scope', 'subresource', 'verb', 'version'] as const;

/** validConnectRequests: a request to one of these subresources is reported as CONNECT (CleanVerb). */
const CONNECT_SUBRESOURCES: ReadonlySet<string> = new Set(['log', 'exec', 'portforward', 'attach', 'proxy']);

/** What the count reads of a served resource request (an ApiRequest). */
export interface CountedRequest {
  verb: 'get' | 'list' | 'create' | 'update' | 'patch' | 'delete';
  subresource?: string;
  namespace?: string;
  name?: string;
  dryRun?: boolean;
  apply?: unknown;
}

/** The resource as the URL named it (events.k8s.io for core Events seen there). */
export interface CountedResource {
  group: string;
  version: string;
  resource: string;
  namespaced: boolean;
}

/**
 * installer.go's requestScope: a path naming an object or a POST is `resource`, a namespaced
 * collection `namespace`, one across all namespaces (or a cluster-scoped one) `cluster`.
 */
function scopeOf(r: CountedRequest, info: CountedResource): string {
  if (r.name || r.verb === 'create') return 'resource';
  return info.namespaced && r.namespace ? 'namespace' : 'cluster';
}

/**
 * MonitorRequest's verb: the HTTP method, GET of a collection as LIST (CanonicalVerb), an
 * apply-patch as APPLY and a connect subresource as CONNECT (CleanVerb). A collection's DELETE is
 * the method's DELETE too.
 */
function verbOf(r: CountedRequest): string {
  if (r.subresource && CONNECT_SUBRESOURCES.has(r.subresource)) return 'CONNECT';
  switch (r.verb) {
    case 'get':
      return 'GET';
    case 'list':
      return 'LIST';
    case 'create':
      return 'POST';
    case 'update':
      return 'PUT';
    case 'patch':
      return r.apply ? 'APPLY' : 'PATCH';
    case 'delete':
      return 'DELETE';
  }
}

/** One resource request answered with `code` by `server`. */
export function countResourceRequest(server: ApiServerState, r: CountedRequest, info: CountedResource, code: number, now: number): void {
  // cleanDryRun: the sorted, deduplicated dryRun values; kubectl and the engine only send All.
  const key = `${code}\0apiserver\0${r.dryRun ? 'All' : ''}\0${info.group}\0${info.resource}\0${scopeOf(r, info)}\0${r.subresource ?? ''}\0${verbOf(r)}\0${info.version}`;
  bump(server, key);
  if (r.verb === 'get' || r.verb === 'list') server.lastReadOnlyAt = now;
  else server.lastMutatingAt = now;
}

/**
 * A health check's root path (/healthz, /livez, /readyz): healthz.InstallPathHandler instruments it
 * with InstrumentHandlerFunc("GET", "", "", "", path, "", "", …) — no component, the path as the
 * subresource. Its single checks (`/livez/etcd`) and /version, /metrics, discovery are not counted.
 */
export function countHealthCheck(server: ApiServerState, path: string, code: number, now: number): void {
  bump(server, `${code}\0\0\0\0\0\0${path}\0GET\0`);
  server.lastReadOnlyAt = now;
}

function bump(server: ApiServerState, key: string): void {
  const counts = (server.requestCounts ??= new Map());
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
