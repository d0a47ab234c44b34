/**
 * API objects as kube-apiserver's JSON serializer writes them on the wire: compact with a final
 * newline (json.Encoder, what kubectl receives) or pretty (MarshalIndent, no final newline: what
 * curl and wget get, negotiation.isPrettyPrint matching their User-Agent). TypeMeta and
 * ObjectMeta come in Go's field order; nested fields come out sorted, not in each Go struct's order.
 */
import type { KObject } from './types';
import type { ResourceInfo } from './resources';
import type { ListMeta } from './paging';
import { toJsonCompactInOrder, toJsonPrettyInOrder } from './printers/json';

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

export function objectBody(obj: KObject, pretty = false): string {
  const o = typed(obj, true);
  return pretty ? toJsonPrettyInOrder(o) : `${toJsonCompactInOrder(o)}\n`;
}

/**
 * `meta` undefined: a list no store produced (the kubelet's /pods), whose metadata is empty; a
 * string: its resourceVersion; else a page's ListMeta (continue, remainingItemCount).
 */
export function listBody(info: ResourceInfo, items: KObject[], meta: string | ListMeta | undefined, pretty = false): string {
  const list = typedList(info, items, meta);
  return pretty ? toJsonPrettyInOrder(list) : `${toJsonCompactInOrder(list)}\n`;
}

/** The typed List itself (`PodList`: its kind, the list's metadata, items without TypeMeta), laid out as listBody writes it. */
export function typedList(info: ResourceInfo, items: KObject[], meta: string | ListMeta | undefined): { kind: string; apiVersion: string; metadata: ListMeta | Record<string, never>; items: Record<string, unknown>[] } {
  return {
    kind: `${info.kind}List`,
    apiVersion: info.group ? `${info.group}/${info.version}` : info.version,
    metadata: meta === undefined ? {} : typeof meta === 'string' ? { resourceVersion: meta } : listMeta(meta),
    items: items.map((o) => typed(o, false)),
  };
}

/** ListMeta in Go's field order. */
function listMeta(m: ListMeta): ListMeta {
  const out: ListMeta = { resourceVersion: m.resourceVersion };
  if (m.continue !== undefined) out.continue = m.continue;
  if (m.remainingItemCount !== undefined) out.remainingItemCount = m.remainingItemCount;
  return out;
}
