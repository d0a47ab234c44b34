/**
 * The `Update` side of field management (apimachinery's fieldmanager on create, update and
 * patch): the request's manager comes to own the fields its write added or changed, those fields
 * leave every other manager's set, and removed fields leave every set. A later apply that sends
 * such a field with another value conflicts with `"<manager>" using <apiVersion>`.
 *
 * Cost: only objects an apply has touched are tracked (their managedFields are not empty), so the
 * controllers' hot writes to their own Pods and ReplicaSets compute no field sets and objects
 * nobody applied are stored as before. An apply onto an untracked object finds its fields owned
 * by `before-first-apply`, as upstream's skip-non-applied manager does (apply.ts). Approximate:
 * upstream tracks every object from its create, so it would name the creator (`kubectl-create`).
 */
import type { KObject } from '../../../k8s/types';
import { semanticEqual } from '../validation/field';
import { entriesOf, sortManagedFields, type ManagedFieldsEntry } from './apply';
import { fieldSet, fromFieldsV1, pathKey, toFieldsV1, type FieldPath, type FieldSet } from './fieldset';

export interface UpdateManager {
  manager: string;
  /** The request's apiVersion (a scale write is recorded with the parent's, e.g. apps/v1). */
  apiVersion: string;
  /** `status`, `scale`, `ephemeralcontainers` or `resize`: the entry is kept apart from the main resource's. */
  subresource?: 'status' | 'scale' | 'ephemeralcontainers' | 'resize' | 'approval';
}

const REPLICAS: FieldPath = ['f:spec', 'f:replicas'];

/** The field set of the part of the object this write may change. */
function setOf(obj: KObject | undefined, sub: UpdateManager['subresource']): FieldSet {
  if (!obj) return new Map();
  if (sub === 'scale') {
    const replicas = (obj.spec as Record<string, unknown> | undefined)?.replicas;
    return new Map(replicas === undefined ? [] : [[pathKey(REPLICAS), { path: REPLICAS, value: replicas }]]);
  }
  return fieldSet(obj as unknown as Record<string, unknown>, sub === 'status' ? 'status' : 'main');
}

/**
 * Records the write of `next` over `old` (undefined for a create) in next's managedFields, in
 * place. The entries are old's: a client cannot rewrite ownership through an update's body.
 */
export function recordUpdate(old: KObject | undefined, next: KObject, m: UpdateManager, now: string): void {
  const entries = entriesOf(old);
  if (entries.length === 0) {
    delete next.metadata.managedFields;
    return;
  }
  const before = setOf(old, m.subresource);
  const after = setOf(next, m.subresource);
  const changed: FieldPath[] = [];
  for (const [k, { path, value }] of after) {
    const was = before.get(k);
    // A list item's own `.` changes only by appearing; its fields are compared one by one.
    if (!was) changed.push(path);
    else if (path[path.length - 1] !== '.' && !semanticEqual(was.value, value)) changed.push(path);
  }
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const taken = new Set([...changed.map(pathKey), ...removed]);

  const mine = (e: ManagedFieldsEntry): boolean => e.manager === m.manager && e.operation === 'Update' && e.apiVersion === m.apiVersion && (e.subresource ?? '') === (m.subresource ?? '');
  const kept: ManagedFieldsEntry[] = [];
  let own: ManagedFieldsEntry | undefined;
  for (const e of entries) {
    if (mine(e)) {
      own = e;
      continue;
    }
    if (taken.size === 0) {
      kept.push(e);
      continue;
    }
    const rest = fromFieldsV1(e.fieldsV1).filter((p) => !taken.has(pathKey(p)));
    if (rest.length > 0) kept.push({ ...e, fieldsV1: toFieldsV1(rest) });
  }
  const ownPaths = [...(own ? fromFieldsV1(own.fieldsV1).filter((p) => !removed.includes(pathKey(p))) : []), ...changed];
  const unique = new Map(ownPaths.map((p) => [pathKey(p), p] as const));
  if (unique.size > 0) {
    kept.push({
      manager: m.manager,
      operation: 'Update',
      apiVersion: m.apiVersion,
      // The entry's time moves only when this write changed something it now owns.
      time: changed.length > 0 || !own ? now : own.time,
      fieldsType: 'FieldsV1',
      fieldsV1: toFieldsV1(unique.values()),
      ...(m.subresource ? { subresource: m.subresource } : {}),
    });
  }
  if (kept.length === 0) delete next.metadata.managedFields;
  else next.metadata.managedFields = sortManagedFields(kept) as unknown as KObject['metadata']['managedFields'];
}
