/**
 * `kubectl get --raw` on an API path, in the page: the route every reader of a URL shares
 * (src/k8s/api-route.ts, which `reconcile serve` reads a real kubectl's requests with), taken as
 * the GET kubectl sends and turned into the engine request that serves it — the object (or its
 * subresource's view of it), the list with the query's selectors and paging, a Pod's log, or a
 * Connecter (a Pod's exec, attach, portforward, proxy; a Service's proxy).
 *
 * What the page cannot do is hold a response open: a watch or a followed log is refused with a
 * line saying so and what to type instead, where a real kubectl would stream until interrupted.
 */
import type { StatusError } from '../../engine/index';
import { queryFlag } from '../../k8s/api-query';
import type { ResourceRoute } from '../../k8s/api-route';
import { isConnecter } from '../../k8s/discovery';
import { listSelectors, podLogOptions } from '../../k8s/request-options';
import { readOptions } from '../../k8s/read-consistency';
import { requestedResource, type ResourceInfo } from '../../k8s/resources';
import { servedTarget } from '../../k8s/served-versions';
import type { Request } from '../client';

/** How the answer is printed: the object, its Scale, the List (paged), or the body as it came (a log, an app's page). */
export type RawView = 'object' | 'scale' | 'list' | 'as-sent';

export type RawPlan =
  | { kind: 'request'; req: Request; view: RawView }
  /** The query cannot be decoded: kube-apiserver's 400. */
  | { kind: 'status'; error: StatusError }
  /** A response the page would have to keep open; `instead` is the command that shows the same. */
  | { kind: 'stream'; what: string; instead: string };

/** The engine request for a GET the router read (`route.verb` is get, list or watch: kubectl's raw GET). */
export function planRaw(route: ResourceRoute): RawPlan {
  const { info } = route;
  const base: Request = { verb: 'get', resource: requestedResource(info) };
  if (info.namespaced && route.namespace !== undefined) base.namespace = route.namespace;
  // A version served by conversion (autoscaling/v1 HPAs): the engine converts the answer.
  Object.assign(base, servedTarget(info));
  const q = route.query;
  // `?resourceVersion=0` is the watch cache's answer; without one etcd must answer (read-consistency.ts).
  const read = readOptions(q);
  if (Object.keys(read).length) base.read = read;
  switch (route.verb) {
    case 'watch':
      return { kind: 'stream', what: 'a watch', instead: `kubectl get ${getTarget(info, route)} --watch` };
    case 'list': {
      const selectors = listSelectors(q);
      if (typeof selectors === 'string') return { kind: 'status', error: { code: 400, reason: 'BadRequest', message: selectors } };
      return { kind: 'request', req: { ...base, verb: 'list', ...selectors }, view: 'list' };
    }
    case 'get':
      break;
    default:
      // kubectl get --raw only ever GETs; the router gives a GET no other verb.
      throw new Error(`get --raw: a GET routed as ${route.verb}`);
  }
  const req: Request = { ...base, name: route.name ?? '' };
  const sub = route.subresource;
  if (sub === undefined) return { kind: 'request', req, view: 'object' };
  if (isConnecter(sub)) {
    // Connect: located and authorized by kube-apiserver, then refused without an upgrade (exec, attach,
    // portforward) or relayed to the app (proxy, with what follows `/proxy`).
    const container = q.get('container');
    const connect: Request = { ...req, subresource: sub as Request['subresource'], plain: true, ...(container ? { container } : {}) };
    if (route.proxyPath !== undefined) connect.proxyPath = route.proxyPath;
    return { kind: 'request', req: connect, view: 'as-sent' };
  }
  if (sub === 'log') {
    if (queryFlag(q, 'follow')) return { kind: 'stream', what: 'a followed log', instead: `kubectl logs -f ${route.name ?? ''}${route.namespace !== undefined ? ` -n ${route.namespace}` : ''}` };
    return { kind: 'request', req: { ...req, subresource: 'log', logOptions: podLogOptions(q) }, view: 'as-sent' };
  }
  // status, ephemeralcontainers, scale: authorized as the subresource, answered with the object.
  return { kind: 'request', req: { ...req, subresource: sub as Request['subresource'] }, view: sub === 'scale' ? 'scale' : 'object' };
}

/** What `kubectl get` names to show the same objects: the resource, a name, the namespace. */
function getTarget(info: ResourceInfo, route: ResourceRoute): string {
  const resource = info.group ? `${info.resource}.${info.version}.${info.group}` : info.resource;
  const scope = route.namespace !== undefined ? ` -n ${route.namespace}` : info.namespaced ? ' -A' : '';
  return `${resource}${route.name !== undefined ? ` ${route.name}` : ''}${scope}`;
}
