/**
 * `kubectl get --raw` on a resource path (`/api/v1/namespaces/default/pods/x`,
 * `/apis/apps/v1/deployments`): a GET through the apiserver's resource handler, the body as
 * the apiserver's JSON serializer writes it (json.Encoder: compact, then a newline).
 */
import { RESOURCES, type ResourceInfo } from '../../k8s/resources';
import type { Request } from '../client';
import { aggregatedResourceInfos } from '../discovery';
import { afterSegments } from '../../k8s/url-path';

const PODS = RESOURCES.find((r) => r.resource === 'pods' && r.group === '')!;
const CONNECT: ReadonlySet<string> = new Set(['exec', 'attach', 'portforward', 'proxy']);
const READABLE_SUBRESOURCES: ReadonlySet<string> = new Set(['status', 'ephemeralcontainers', 'log']);

/** The request a resource path names, or undefined when it names none the server serves. */
export function resourceRequest(path: string): { info: ResourceInfo; req: Request } | undefined {
  const clean = path.split('?')[0]!.replace(/\/+$/, '');
  const core = /^\/api\/(v1)\/(.+)$/.exec(clean);
  const grouped = /^\/apis\/([^/]+)\/([^/]+)\/(.+)$/.exec(clean);
  const [group, version, tail] = core ? ['', core[1]!, core[2]!] : grouped ? [grouped[1]!, grouped[2]!, grouped[3]!] : [undefined, undefined, undefined];
  if (group === undefined || version === undefined || tail === undefined) return undefined;
  let segs = tail.split('/');
  let namespace: string | undefined;
  // /namespaces/<ns>/<resource>... is namespaced; /namespaces/<name> is the Namespace itself.
  if (segs[0] === 'namespaces' && segs.length >= 3) {
    namespace = segs[1];
    segs = segs.slice(2);
  }
  const connect = connectRequest(group, version, namespace, segs, path);
  if (connect) return connect;
  const [resource, name, sub] = segs;
  // One subresource read as its own path: the object itself (status, ephemeralcontainers) or a
  // Pod's log; others (scale's Scale, binding, eviction) are not served here.
  if (segs.length > 3 || (sub !== undefined && !READABLE_SUBRESOURCES.has(sub))) return undefined;
  // metrics.k8s.io, while aggregated, is asked for by group: the engine's names are `pods.metrics.k8s.io`.
  const aggregated = aggregatedResourceInfos().find((r) => r.group === group && r.version === version && r.resource === resource);
  const info = aggregated ?? RESOURCES.find((r) => r.group === group && r.version === version && r.resource === resource);
  if (!info || (namespace !== undefined && !info.namespaced)) return undefined;
  const asked = aggregated ? `${info.resource}.${info.group}` : info.resource;
  if (name === undefined) return { info, req: { verb: 'list', resource: asked, ...(namespace ? { namespace } : {}) } };
  if (sub !== undefined) {
    if (!info.subresources.includes(sub)) return undefined;
    return { info, req: { verb: 'get', resource: asked, name, subresource: sub as Request['subresource'], ...(namespace ? { namespace } : {}) } };
  }
  return { info, req: { verb: 'get', resource: asked, name, ...(namespace ? { namespace } : {}) } };
}

/**
 * A GET of a Pod's exec, attach or portforward (refused without an upgrade) or of its proxy
 * (`pods/<name>/proxy[/<path>][?<query>]`, the rest carried as `proxyPath`): kube-apiserver's
 * Connect handlers, not a store.
 */
function connectRequest(group: string, version: string, namespace: string | undefined, segs: string[], path: string): { info: ResourceInfo; req: Request } | undefined {
  const [resource, name, sub] = segs;
  if (group !== '' || version !== 'v1' || resource !== 'pods' || name === undefined || !CONNECT.has(sub ?? '') || (segs.length > 3 && sub !== 'proxy')) return undefined;
  const asked = /[?&]container=([^&]*)/.exec(path)?.[1];
  const container = asked === undefined ? undefined : decodeURIComponent(asked.replace(/\+/g, ' '));
  const req: Request = { verb: 'get', resource: 'pods', subresource: sub as Request['subresource'], name, plain: true, ...(namespace ? { namespace } : {}), ...(container ? { container } : {}) };
  if (sub === 'proxy') {
    // What follows `/proxy` goes on to the Pod as written, trailing slash and query included.
    const q = path.indexOf('?');
    const [bare, query] = q < 0 ? [path, ''] : [path.slice(0, q), path.slice(q)];
    req.proxyPath = afterSegments(bare, 2 + (namespace !== undefined ? 2 : 0) + 3) + query;
  }
  return { info: PODS, req };
}

export { objectBody, listBody } from '../../k8s/wire-json';
