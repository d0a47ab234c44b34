/**
 * Which API request a URL names, as kube-apiserver reads it: RequestInfoFactory's parts and verb
 * (`[watch/][namespaces/<ns>/]<resource>[/<name>[/<subresource>[/<path>]]]` after `/api/v1` or
 * `/apis/<group>/<version>`), and whether APIInstaller installed a route for it — a resource,
 * version or subresource not served is 404, a method its storage does not implement 405.
 * Discovery paths and every path outside `/api` and `/apis` are told apart, not answered.
 *
 * One rule for both ends that read request URLs: `reconcile serve` (what a real kubectl sends)
 * and the page's `kubectl get --raw` (which has no HTTP), so a path means the same to both.
 *
 * kube-apiserver routes after its filter chain, so its 404 and 405 reach only a client that was
 * authorized for the request the path's shape names: whoever answers them asks
 * request-info.ts's reading of the line first (the engine's refusedBeforeRouting).
 */
import { ApiQuery, queryFlag } from './api-query';
import { subresourceVerbs } from './discovery';
import { resourceInfo, type ResourceInfo } from './resources';
import { atVersion } from './served-versions';
import { afterSegments } from './url-path';

/** RequestInfo's verb: the method's, `list` or `watch` for a GET of a collection, `deletecollection` for its DELETE. */
export type ResourceVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export interface ResourceRoute {
  type: 'resource';
  verb: ResourceVerb;
  /** At the URL's version: the table's own, or one served by conversion (autoscaling/v1 HPAs). */
  info: ResourceInfo;
  namespace?: string;
  name?: string;
  subresource?: string;
  query: ApiQuery;
  /** `proxy` only: what follows `/proxy` in the URL as sent (still escaped, trailing slash kept), with its `?query`. */
  proxyPath?: string;
}

export type ApiRoute =
  | ResourceRoute
  | { type: 'discovery-root'; legacy: boolean }
  | { type: 'discovery-group'; group: string }
  | { type: 'discovery-version'; group: string; version: string }
  /** A path outside `/api` and `/apis` (`/version`, `/readyz?verbose`): trailing slashes dropped, the query as sent. */
  | { type: 'non-resource'; path: string }
  /** An API path naming a version, resource or subresource that is not served, or a shape no route has. */
  | { type: 'not-found' }
  /** A served path whose storage has no handler for the method. */
  | { type: 'method-not-allowed' };

const NOT_FOUND: ApiRoute = { type: 'not-found' };
const NOT_ALLOWED: ApiRoute = { type: 'method-not-allowed' };

/** RequestInfoFactory's namespaceSubresources: `/namespaces/<name>/status` is the Namespace's own, not a resource in it. */
const NAMESPACE_SUBRESOURCES: ReadonlySet<string> = new Set(['status', 'finalize']);

/**
 * Reads one request line. `url` is the path with its query, as sent (escaped); `extra` the
 * resources served beyond the built-in table (established CRDs, Available aggregated groups).
 */
export function apiRoute(method: string, url: string, extra: readonly ResourceInfo[] = []): ApiRoute {
  const at = url.indexOf('?');
  const rawPath = at < 0 ? url : url.slice(0, at);
  const rawQuery = at < 0 ? '' : url.slice(at + 1);
  // go-restful trims trailing slashes before matching a route.
  const path = rawPath.replace(/\/+$/, '') || '/';
  let parts: string[];
  try {
    parts = path
      .split('/')
      .filter((s) => s !== '')
      .map(decodeURIComponent);
  } catch {
    return NOT_FOUND;
  }
  if (parts[0] !== 'api' && parts[0] !== 'apis') return { type: 'non-resource', path: rawQuery === '' ? path : `${path}?${rawQuery}` };
  const legacy = parts[0] === 'api';
  const read = method === 'GET' || method === 'HEAD';
  if (parts.length === 1) return read ? { type: 'discovery-root', legacy } : NOT_ALLOWED;
  const group = legacy ? '' : parts[1]!;
  const rest = parts.slice(legacy ? 1 : 2);
  if (rest.length === 0) return read ? { type: 'discovery-group', group } : NOT_ALLOWED;
  const version = rest[0]!;
  if (rest.length === 1) return read ? { type: 'discovery-version', group, version } : NOT_ALLOWED;
  const route = resourceRoute(method, group, version, rest.slice(1), new ApiQuery(rawQuery), extra);
  if (route.type === 'resource' && route.subresource === 'proxy') {
    // `api/v1` or `apis/<g>/<v>`, [`namespaces/<ns>`,] `<resource>/<name>/proxy`: the rest goes on to the target.
    const before = (legacy ? 2 : 3) + (route.namespace !== undefined ? 2 : 0) + 3;
    route.proxyPath = afterSegments(rawPath, before) + (rawQuery === '' ? '' : `?${rawQuery}`);
  }
  return route;
}

function resourceRoute(method: string, group: string, version: string, segs: string[], query: ApiQuery, extra: readonly ResourceInfo[]): ApiRoute {
  // The special verb `watch` (`/api/v1/watch/namespaces/<ns>/pods[/<name>]`): APIInstaller's deprecated watch routes.
  const watchPrefix = segs[0] === 'watch';
  if (watchPrefix) segs = segs.slice(1);
  let namespace: string | undefined;
  if (segs[0] === 'namespaces' && segs.length >= 3 && !NAMESPACE_SUBRESOURCES.has(segs[2]!)) {
    namespace = segs[1];
    segs = segs.slice(2);
  }
  const [resource, name, subresource, ...beyond] = segs;
  if (resource === undefined) return NOT_FOUND;
  // A built-in name in another group (metrics.k8s.io's `pods`) is that group's own resource.
  const builtin = resourceInfo(resource);
  const found = builtin && builtin.group === group ? builtin : extra.find((r) => r.resource === resource && r.group === group);
  // Or a built-in store served in another group too (core Events as events.k8s.io/v1).
  const info = found ? atVersion(found, version) : builtin && atVersion(builtin, version, group);
  if (!info) return NOT_FOUND;
  if (namespace !== undefined ? !info.namespaced : info.namespaced && name !== undefined) return NOT_FOUND;
  if (subresource !== undefined && (watchPrefix || !info.subresources.includes(subresource))) return NOT_FOUND;
  // Only proxy takes a path after its subresource (`pods/web:80/proxy/healthz`).
  if (beyond.length > 0 && subresource !== 'proxy') return NOT_FOUND;
  const verb = verbOf(method, name !== undefined, watchPrefix, query);
  if (!verb || !handled(info, verb, subresource, name !== undefined, namespace !== undefined || !info.namespaced)) return NOT_ALLOWED;
  const route: ResourceRoute = { type: 'resource', verb, info, query };
  if (namespace !== undefined) route.namespace = namespace;
  if (name !== undefined) route.name = name;
  if (subresource !== undefined) route.subresource = subresource;
  return route;
}

/**
 * RequestInfoFactory's verb. `?watch` turns only a collection's GET into a watch (an object's GET
 * stays a get); the watch prefix is GET only.
 */
function verbOf(method: string, named: boolean, watchPrefix: boolean, query: ApiQuery): ResourceVerb | undefined {
  const read = method === 'GET' || method === 'HEAD';
  if (watchPrefix) return read ? 'watch' : undefined;
  if (read) return named ? 'get' : queryFlag(query, 'watch') ? 'watch' : 'list';
  switch (method) {
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return named ? 'delete' : 'deletecollection';
    default:
      return undefined;
  }
}

/**
 * Whether APIInstaller registered a handler for the verb at this path: a subresource's verbs are
 * its storage's (discovery lists them); an object path takes get, update, patch and delete; a
 * collection list, watch, create and deletecollection, and every namespace's collection
 * (`/api/v1/pods`) only list and watch; each within the resource's own verbs. A watch the
 * storage cannot serve is refused by its handler, after authorization: the caller's to answer.
 */
function handled(info: ResourceInfo, verb: ResourceVerb, subresource: string | undefined, named: boolean, scoped: boolean): boolean {
  if (subresource !== undefined) return subresourceVerbs(info, subresource).includes(verb);
  if (verb === 'watch') return true;
  const onPath = named ? verb === 'get' || verb === 'update' || verb === 'patch' || verb === 'delete' : verb === 'list' || (scoped && (verb === 'create' || verb === 'deletecollection'));
  return onPath && info.verbs.includes(verb);
}
