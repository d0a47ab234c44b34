/**
 * What a request to `reconcile serve` names: the API routes every reader of a URL shares
 * (src/k8s/api-route.ts: resources, discovery), and what only this HTTP front serves — the
 * OpenAPI documents, the simulation's control endpoint, and the other non-resource paths the
 * engine's own apiserver answers to a GET. Pure: no engine, no I/O.
 */
import { apiRoute, type ApiRoute, type ResourceRoute, type ResourceVerb } from '../k8s/api-route';
import type { ResourceInfo } from '../k8s/resources';

export type { ResourceRoute, ResourceVerb };

export type Route =
  | Exclude<ApiRoute, { type: 'non-resource' }>
  | { type: 'openapi-v3-root' }
  | { type: 'openapi-v2' }
  | { type: 'control' }
  /** A non-resource path the engine's own apiserver serves (`/version`, `/healthz`, `/openapi/v3/...`). */
  | { type: 'engine-raw'; path: string };

export const CONTROL_PATH = '/reconcile/v1/sim';

/** Reads one request line (method and URL path with query) into a Route. */
export function routeOf(method: string, url: string, custom: readonly ResourceInfo[] = []): Route {
  const route = apiRoute(method, url, custom);
  if (route.type !== 'non-resource') return route;
  const path = route.path.split('?')[0]!;
  if (path === CONTROL_PATH) return method === 'POST' ? { type: 'control' } : { type: 'method-not-allowed' };
  if (path === '/openapi/v3') return { type: 'openapi-v3-root' };
  if (path === '/openapi/v2') return { type: 'openapi-v2' };
  return method === 'GET' ? { type: 'engine-raw', path: route.path } : { type: 'method-not-allowed' };
}
