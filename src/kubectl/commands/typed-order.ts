/**
 * A client-go typed object as kubectl prints it: encoding/json writes a Go struct's fields in
 * declaration order and a map's keys sorted, so `-o json` of a generator's typed result (create
 * deployment, service, role, run, expose, …) follows the Go structs, not the order the object was
 * built in. omitempty never drops a struct held by value, and a field without omitempty is written
 * even when zero: such fields are there in every format (`status: {}`, a pod template's
 * `metadata: {}`), whether or not the object held them.
 */
const ZERO = Symbol('zero');

/** A field written even when unset, as `zero`. */
export interface Always {
  readonly [ZERO]: unknown;
  readonly field: Field;
}
/** One field: a scalar or list of scalars (0), a map (keys sorted), a nested struct, a list of them, or one written always. */
export type Field = 0 | 'map' | Order | readonly [Order] | Always;
/** Field order of a Go struct, by JSON key. */
export type Order = { readonly [key: string]: Field };

/** A struct held by value: `{}` when unset (with its own always-written fields). */
export function value(order: Order): Always {
  return { [ZERO]: {}, field: order };
}

/** A field without omitempty: Go's zero value as encoding/json writes it (null for a nil pointer, slice or map, 0, "", false). */
export function always(field: Field, zero: null | 0 | '' | false): Always {
  return { [ZERO]: zero, field };
}

const OWNER: Order = { apiVersion: 0, kind: 0, name: 0, uid: 0, controller: 0, blockOwnerDeletion: 0 };
const MANAGED: Order = { manager: 0, operation: 0, apiVersion: 0, time: 0, fieldsType: 0, fieldsV1: 'map', subresource: 0 };
export const META: Order = {
  name: 0, generateName: 0, namespace: 0, selfLink: 0, uid: 0, resourceVersion: 0, generation: 0, creationTimestamp: 0, deletionTimestamp: 0,
  deletionGracePeriodSeconds: 0, labels: 'map', annotations: 'map', ownerReferences: [OWNER], finalizers: 0, managedFields: [MANAGED],
};
/** metav1.LabelSelector. */
export const LABEL_SELECTOR: Order = { matchLabels: 'map', matchExpressions: [{ key: 0, operator: 0, values: 0 }] };
/** metav1.Condition. */
export const CONDITION: Order = { type: 0, status: 0, observedGeneration: 0, lastTransitionTime: 0, reason: 0, message: 0 };

/** TypeMeta and ObjectMeta, then the kind's own fields. */
export function kind(fields: Order): Order {
  return { kind: 0, apiVersion: 0, metadata: value(META), ...fields };
}

function sortedDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedDeep);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedDeep((v as Record<string, unknown>)[k])]));
}

const isAlways = (f: Field): f is Always => typeof f === 'object' && ZERO in f;
const isList = (f: Field): f is readonly [Order] => Array.isArray(f);

/** omitempty's empty slice or map (a struct, even empty, is never omitted). */
function omittedEmpty(x: unknown, f: Field): boolean {
  if (Array.isArray(x)) return x.length === 0;
  return f === 'map' && typeof x === 'object' && x !== null && Object.keys(x).length === 0;
}

/** `v` with every struct's keys in `order`'s, its always-written fields filled in, and every map's keys sorted. */
export function inOrder(v: unknown, order: Field): unknown {
  if (isAlways(order)) return inOrder(v, order.field);
  if (isList(order)) return Array.isArray(v) ? v.map((x) => inOrder(x, order[0])) : v;
  if (typeof order !== 'object' || v === null || typeof v !== 'object' || Array.isArray(v)) return sortedDeep(v);
  const rec = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(order)) {
    const x = rec[k];
    if (isAlways(f)) out[k] = inOrder(x === undefined ? structuredClone(f[ZERO]) : x, f.field);
    else if (x !== undefined && !omittedEmpty(x, f)) out[k] = inOrder(x, f);
  }
  // A typed object has no other fields; anything else (none is expected) follows, sorted.
  for (const k of Object.keys(rec).filter((k) => !Object.hasOwn(order, k)).sort()) out[k] = sortedDeep(rec[k]);
  return out;
}
