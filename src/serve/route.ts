/**
 * What a request URL names, as kube-apiserver's RequestInfoFactory reads it: a resource request
 * (`/api/v1/namespaces/default/pods/web/log`, with its verb from the method and the query) or a
 * non-resource path (discovery, /version, health, OpenAPI, our control endpoint). Pure: no
 * engine, no I/O, so every path shape is testable as data.
 */
import { resourceInfo, type ResourceInfo } from '../k8s/resources';
import { atVersion } from '../k8s/served-versions';
import { afterSegments } from '../k8s/url-path';

export type ResourceVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export interface ResourceRoute {
  type: 'resource';
  verb: ResourceVerb;
  info: ResourceInfo;
  namespace?: string;
  name?: string;
  subresource?: string;
  query: URLSearchParams;
  /** `proxy`: what follows `/proxy` in the URL as sent (still escaped, trailing slash kept), with its `?query`. */
  proxyPath?: string;
}

export type Route =
  | ResourceRoute
  | { type: 'discovery-root'; legacy: boolean }
  | { type: 'discovery-group'; group: string }
  | { type: 'discovery-version'; group: string; version: string }
  | { type: 'openapi-v3-root' }
  | { type: 'openapi-v2' }
  | { type: 'control' }
  /** A non-resource path the engine's own apiserver serves (`/version`, `/healthz`, `/openapi/v3/...`). */
  | { type: 'engine-raw'; path: string }
  /** A resource path naming a group, version or resource the server does not serve. */
  | { type: 'not-found' }
  | { type: 'method-not-allowed' };

export const CONTROL_PATH = '/reconcile/v1/sim';

/** Reads one request line (method and URL path with query) into a Route. */
export function routeOf(method: string, url: string, custom: readonly ResourceInfo[] = []): Route {
  const parsed = new URL(url, 'https://127.0.0.1');
  const path = parsed.pathname.replace(/\/+$/, '') || '/';
  const parts = path.split('/').filter((s) => s !== '').map(decodeURIComponent);
  if (path === CONTROL_PATH) return method === 'POST' ? { type: 'control' } : { type: 'method-not-allowed' };
  if (parts[0] === 'api' || parts[0] === 'apis') {
    const legacy = parts[0] === 'api';
    if (parts.length === 1) return method === 'GET' ? { type: 'discovery-root', legacy } : { type: 'method-not-allowed' };
    const group = legacy ? '' : parts[1]!;
    const rest = legacy ? parts.slice(1) : parts.slice(2);
    if (!legacy && rest.length === 0) return method === 'GET' ? { type: 'discovery-group', group } : { type: 'method-not-allowed' };
    const version = rest[0]!;
    if (rest.length === 1) return method === 'GET' ? { type: 'discovery-version', group, version } : { type: 'method-not-allowed' };
    const route = resourceRoute(method, group, version, rest.slice(1), parsed.searchParams, custom);
    if (route.type === 'resource' && route.subresource === 'proxy') {
      // api/v1 or apis/<g>/<v>, [namespaces/<ns>,] <resource>/<name>/proxy: the rest goes on to the target.
      const before = (legacy ? 2 : 3) + (route.namespace !== undefined ? 2 : 0) + 3;
      route.proxyPath = afterSegments(parsed.pathname, before) + parsed.search;
    }
    return route;
  }
  if (path === '/openapi/v3') return { type: 'openapi-v3-root' };
  if (path === '/openapi/v2') return { type: 'openapi-v2' };
  return method === 'GET' ? { type: 'engine-raw', path: path + parsed.search } : { type: 'method-not-allowed' };
}

/** `[namespaces/<ns>/]<resource>[/<name>[/<subresource>]]` after `/api/v1` or `/apis/<g>/<v>`. */
function resourceRoute(method: string, group: string, version: string, segs: string[], query: URLSearchParams, custom: readonly ResourceInfo[]): Route {
  let namespace: string | undefined;
  // `/namespaces/<ns>/<resource>...` scopes to a namespace; `/namespaces/<name>[/status]` is the Namespace itself.
  if (segs[0] === 'namespaces' && segs.length >= 3 && segs[2] !== 'status' && segs[2] !== 'finalize') {
    namespace = segs[1];
    segs = segs.slice(2);
  }
  const [resource, name, subresource, ...extra] = segs;
  // A built-in name in another group (metrics.k8s.io's `nodes`, `pods`) is that group's own resource.
  const builtin = resource === undefined ? undefined : resourceInfo(resource);
  const found = resource === undefined ? undefined : builtin && builtin.group === group ? builtin : custom.find((r) => r.resource === resource && r.group === group);
  // The route's info names the URL's version: the table's, or one served by conversion (autoscaling/v1 HPAs).
  const info = found && found.group === group ? atVersion(found, version) : undefined;
  // Only proxy takes a path after its name (`pods/web:80/proxy/healthz`).
  if (!info || (extra.length > 0 && subresource !== 'proxy')) return { type: 'not-found' };
  if (namespace !== undefined && !info.namespaced) return { type: 'not-found' };
  const verb = verbOf(method, name !== undefined, query);
  if (!verb) return { type: 'method-not-allowed' };
  const route: ResourceRoute = { type: 'resource', verb, info, query };
  if (namespace !== undefined) route.namespace = namespace;
  if (name !== undefined) route.name = name;
  if (subresource !== undefined) route.subresource = subresource;
  return route;
}

/** RequestInfoFactory's verb: the method, and for GET on a collection `list` or `watch`. */
function verbOf(method: string, named: boolean, query: URLSearchParams): ResourceVerb | undefined {
  const watch = query.get('watch') === 'true' || query.get('watch') === '1';
  switch (method) {
    case 'GET':
      return watch ? 'watch' : named ? 'get' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return named ? 'update' : undefined;
    case 'PATCH':
      return named ? 'patch' : undefined;
    case 'DELETE':
      return named ? 'delete' : 'deletecollection';
    default:
      return undefined;
  }
}
