/**
 * A client-go typed object as kubectl prints it: encoding/json writes a Go struct's fields in
 * declaration order and a map's keys sorted, so `-o json` of a generator's typed result (create
 * service, create ingress) follows the Go structs, not the order the object was built in.
 */
/** Field order of a Go struct, by JSON key: a nested struct, a list of them, or `map` for sorted keys. */
export type Order = { readonly [key: string]: 0 | 'map' | Order | readonly [Order] };

const OWNER: Order = { apiVersion: 0, kind: 0, name: 0, uid: 0, controller: 0, blockOwnerDeletion: 0 };
const MANAGED: Order = { manager: 0, operation: 0, apiVersion: 0, time: 0, fieldsType: 0, fieldsV1: 'map', subresource: 0 };
export const META: Order = {
  name: 0, generateName: 0, namespace: 0, selfLink: 0, uid: 0, resourceVersion: 0, generation: 0, creationTimestamp: 0, deletionTimestamp: 0,
  deletionGracePeriodSeconds: 0, labels: 'map', annotations: 'map', ownerReferences: [OWNER], finalizers: 0, managedFields: [MANAGED],
};

function sortedDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedDeep);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedDeep((v as Record<string, unknown>)[k])]));
}

const isList = (o: Order[string]): o is readonly [Order] => Array.isArray(o);

/** `v` with every struct's keys in `order`'s and every map's sorted. */
export function inOrder(v: unknown, order: Order[string]): unknown {
  if (isList(order)) return Array.isArray(v) ? v.map((x) => inOrder(x, order[0])) : v;
  if (typeof order !== 'object' || v === null || typeof v !== 'object') return sortedDeep(v);
  const rec = v as Record<string, unknown>;
  // A typed object has no other fields; anything else (none is expected) follows, sorted.
  const keys = [...Object.keys(order).filter((k) => k in rec), ...Object.keys(rec).filter((k) => !(k in order)).sort()];
  return Object.fromEntries(keys.map((k) => [k, inOrder(rec[k], order[k] ?? 0)]));
}

