/**
 * `--subresource` on get, patch, edit and replace. Since v1.32 kubectl sends whatever name it is
 * given and leaves the answer to the server, so the request's path is read by the route every
 * URL reader shares (src/k8s/api-route.ts, as `reconcile serve` reads a real kubectl's): a
 * subresource the resource does not serve is kube-apiserver's 404 and one whose storage lacks
 * the method its 405 — to a client its authorization filter lets that far (a 403 otherwise).
 */
import type { StatusError } from '../engine/index';
import { apiRoute, type ResourceRoute } from '../k8s/api-route';
import type { ResourceInfo } from '../k8s/resources';
import { aggregatedResourceInfos, customResourceInfos } from './discovery';
import type { Client, Request } from './client';

/** The names cobra completes for `--subresource` (AddSubresourceFlags); any other is sent too. */
export const SUBRESOURCE_COMPLETIONS = ['status', 'scale', 'resize'];

export const NOT_FOUND: StatusError = { code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' };
export const METHOD_NOT_ALLOWED: StatusError = { code: 405, reason: 'MethodNotAllowed', message: 'the server does not allow this method on the requested resource' };

/** The URL client-go's REST client builds for one named object's subresource. */
function subresourcePath(info: ResourceInfo, ns: string | undefined, name: string, subresource: string): string {
  const prefix = info.group ? `/apis/${info.group}/${info.version}` : `/api/${info.version}`;
  const scope = info.namespaced ? `/namespaces/${encodeURIComponent(ns ?? 'default')}` : '';
  return `${prefix}${scope}/${info.resource}/${encodeURIComponent(name)}/${subresource}`;
}

/**
 * The route of `method` on the subresource, or the status kube-apiserver answers a path it has no
 * route for: its authorization filter's 403 for a client not allowed the request, else 404 or 405.
 */
export function subresourceRoute(client: Client, info: ResourceInfo, ns: string | undefined, name: string, subresource: string, method: 'GET' | 'PATCH' | 'PUT'): ResourceRoute | StatusError {
  const path = subresourcePath(info, ns, name, subresource);
  const route = apiRoute(method, path, [...customResourceInfos(), ...aggregatedResourceInfos()]);
  if (route.type === 'resource') return route;
  return client.refusedBeforeRouting(method, path) ?? (route.type === 'method-not-allowed' ? METHOD_NOT_ALLOWED : NOT_FOUND);
}

/** The engine's name for a routed write subresource: only those with a PATCH or PUT route reach here. */
export function writeSubresource(route: ResourceRoute): Request['subresource'] {
  return route.subresource as Request['subresource'];
}
