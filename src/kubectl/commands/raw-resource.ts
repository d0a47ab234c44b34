/**
 * `kubectl get --raw` on a resource path (`/api/v1/namespaces/default/pods/x`,
 * `/apis/apps/v1/deployments`): a GET through the apiserver's resource handler, the body as
 * the apiserver's JSON serializer writes it (json.Encoder: compact, then a newline).
 */
import type { KObject } from '../../k8s/types';
import { RESOURCES, type ResourceInfo } from '../../k8s/resources';
import { toJsonCompactInOrder } from '../../k8s/printers/json';
import type { Request } from '../client';
import { aggregatedResourceInfos } from '../discovery';

/** ObjectMeta's fields in their Go declaration order. */
const OBJECT_META = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
];

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
  if (segs.length > 2) return undefined;
  const [resource, name] = segs;
  // metrics.k8s.io, while aggregated, is asked for by group: the engine's names are `pods.metrics.k8s.io`.
  const aggregated = aggregatedResourceInfos().find((r) => r.group === group && r.version === version && r.resource === resource);
  const info = aggregated ?? RESOURCES.find((r) => r.group === group && r.version === version && r.resource === resource);
  if (!info || (namespace !== undefined && !info.namespaced)) return undefined;
  const asked = aggregated ? `${info.resource}.${info.group}` : info.resource;
  if (name === undefined) return { info, req: { verb: 'list', resource: asked, ...(namespace ? { namespace } : {}) } };
  return { info, req: { verb: 'get', resource: asked, name, ...(namespace ? { namespace } : {}) } };
}

/**
 * A typed object as the server encodes it: TypeMeta's kind and apiVersion first (absent on list
 * items), ObjectMeta in field order, then the object's own fields. Nested fields come out
 * sorted, not in each Go struct's order.
 */
function typed(obj: KObject, withType: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (withType) {
    out['kind'] = obj.kind;
    out['apiVersion'] = obj.apiVersion;
  }
  const meta = obj.metadata as Record<string, unknown>;
  const orderedMeta: Record<string, unknown> = {};
  for (const k of OBJECT_META) if (meta[k] !== undefined) orderedMeta[k] = meta[k];
  out['metadata'] = orderedMeta;
  const rest = Object.keys(obj).filter((k) => k !== 'kind' && k !== 'apiVersion' && k !== 'metadata');
  const first = ['spec', 'status'].filter((k) => rest.includes(k));
  for (const k of [...first, ...rest.filter((k) => !first.includes(k)).sort()]) out[k] = (obj as Record<string, unknown>)[k];
  return sortNested(out);
}

/** Nested objects sorted (the encoder keeps the order it is given). */
function sortNested(top: Record<string, unknown>): Record<string, unknown> {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v === null || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, sort(o[k])]),
    );
  };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(top)) out[k] = k === 'metadata' ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([mk, mv]) => [mk, sort(mv)])) : sort(v);
  return out;
}

export function objectBody(obj: KObject): string {
  return `${toJsonCompactInOrder(typed(obj, true))}\n`;
}

export function listBody(info: ResourceInfo, items: KObject[], resourceVersion: string): string {
  const list = {
    kind: `${info.kind}List`,
    apiVersion: info.group ? `${info.group}/${info.version}` : info.version,
    metadata: { resourceVersion },
    items: items.map((o) => typed(o, false)),
  };
  return `${toJsonCompactInOrder(list)}\n`;
}
