/**
 * apiserver_request_total as kube-apiserver counts it (k8s.io/apiserver/pkg/endpoints/metrics):
 * InstrumentRouteFunc wraps each REST route, so a request is counted once its handler has
 * answered — past authentication and authorization (a 401 or the authorization filter's 403 never
 * reaches a route, nor does a path no route serves) — with the labels MonitorRequest gives it.
 * This is on every request's path: one cached key string looked up and one Map increment, nothing
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

const SCOPES = ['resource', 'namespace', 'cluster'] as const;

/**
 * installer.go's requestScope (an index into SCOPES): a path naming an object or a POST is
 * `resource`, a namespaced collection `namespace`, one across all namespaces (or a cluster-scoped
 * one) `cluster`.
 */
function scopeOf(r: CountedRequest, info: CountedResource): number {
  if (r.name || r.verb === 'create') return 0;
  return info.namespaced && r.namespace ? 1 : 2;
}

const VERBS = ['GET', 'LIST', 'POST', 'PUT', 'PATCH', 'APPLY', 'DELETE', 'CONNECT'] as const;

/**
 * MonitorRequest's verb (an index into VERBS): the HTTP method, GET of a collection as LIST
 * (CanonicalVerb), an apply-patch as APPLY and a connect subresource as CONNECT (CleanVerb). A
 * collection's DELETE is the method's DELETE too.
 */
function verbOf(r: CountedRequest): number {
  if (r.subresource && CONNECT_SUBRESOURCES.has(r.subresource)) return 7;
  switch (r.verb) {
    case 'get':
      return 0;
    case 'list':
      return 1;
    case 'create':
      return 2;
    case 'update':
      return 3;
    case 'patch':
      return r.apply ? 5 : 4;
    case 'delete':
      return 6;
  }
}

/**
 * Each label set's key string, built once: by the resource (the table's own objects, so a
 * WeakMap keyed by identity), the subresource, then code, verb, scope and dry run as one number.
 * Handing the Map the same string again lets V8 reuse its cached hash, which a string built per
 * request would compute anew; a bare concatenation per request cost about four times as much.
 * Derived data only (the key is a function of its parts), so it lives outside the World.
 */
const KEYS = new WeakMap<CountedResource, Map<string, Map<number, string>>>();

function keyOf(info: CountedResource, subresource: string, code: number, verb: number, scope: number, dryRun: boolean): string {
  let bySub = KEYS.get(info);
  if (!bySub) KEYS.set(info, (bySub = new Map()));
  let byLabels = bySub.get(subresource);
  if (!byLabels) bySub.set(subresource, (byLabels = new Map()));
  const n = ((code * 8 + verb) * 4 + scope) * 2 + (dryRun ? 1 : 0);
  let key = byLabels.get(n);
  if (key === undefined) {
    // cleanDryRun: the sorted, deduplicated dryRun values; kubectl and the engine only send All.
    key = `${code}\0apiserver\0${dryRun ? 'All' : ''}\0${info.group}\0${info.resource}\0${SCOPES[scope]}\0${subresource}\0${VERBS[verb]}\0${info.version}`;
    byLabels.set(n, key);
  }
  return key;
}

/** One resource request answered with `code` by `server`. */
export function countResourceRequest(server: ApiServerState, r: CountedRequest, info: CountedResource, code: number, now: number): void {
  bump(server, keyOf(info, r.subresource ?? '', code, verbOf(r), scopeOf(r, info), r.dryRun === true));
  if (r.verb === 'get' || r.verb === 'list') server.lastReadOnlyAt = now;
  else server.lastMutatingAt = now;
}

/**
 * A WATCH whose client went away: served by the collection's LIST route (its scope is the
 * route's, namespace or cluster, whatever the fieldSelector names), reported as WATCH with the
 * 200 its stream began with.
 */
export function countWatchEnd(server: ApiServerState, info: CountedResource, namespaced: boolean): void {
  bump(server, `200\0apiserver\0\0${info.group}\0${info.resource}\0${namespaced ? 'namespace' : 'cluster'}\0\0WATCH\0${info.version}`);
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
