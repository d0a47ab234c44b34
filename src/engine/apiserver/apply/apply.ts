/**
 * Server-side apply (a PATCH with `application/apply-patch+yaml`): the applied configuration is
 * merged into the live object, the manager comes to own exactly the fields it sent (recorded in
 * `metadata.managedFields` as an `Apply` entry), fields it owned before and no longer sends are
 * removed unless another manager owns them, and a field another manager owns with a different
 * value is a conflict (409) unless the request forces, which takes the field over.
 *
 * Writes through create, update and patch record `Update` entries (update.ts), which an apply
 * conflicts with like any other manager.
 */
import type { KObject } from '../../../k8s/types';
import { cloneData } from '../../core/clone';
import { badRequest, unknownError, type StatusCause, type StatusError } from '../status';
import { semanticEqual } from '../validation/field';
import { fieldPaths, fieldSet, fromFieldsV1, pathKey, pathString, removeAt, toFieldsV1, typedErrors, type FieldPath } from './fieldset';
import { mergeApplied } from './merge';

export interface ApplyOptions {
  /** `?fieldManager=` (required for apply: kubectl sends `kubectl`, or `--field-manager`). */
  fieldManager: string;
  /** `?force=true` (`kubectl apply --server-side --force-conflicts`). */
  force: boolean;
}

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}

export type ApplyResult = { ok: true; object: KObject } | { ok: false; error: StatusError };

interface Conflict {
  entry: ManagedFieldsEntry;
  path: FieldPath;
}

export function entriesOf(obj: KObject | undefined): ManagedFieldsEntry[] {
  const raw = obj?.metadata.managedFields;
  // A client may have written anything there (a PUT carries managedFields back): keep only entries.
  if (!Array.isArray(raw)) return [];
  return (raw as unknown[]).filter((e): e is ManagedFieldsEntry => typeof e === 'object' && e !== null && typeof (e as ManagedFieldsEntry).manager === 'string' && typeof (e as ManagedFieldsEntry).fieldsV1 === 'object' && (e as ManagedFieldsEntry).fieldsV1 !== null).map((e) => cloneData(e));
}

/** The object the apply produces (to go on through admission, validation and storage), or its failure. */
export function applyConfiguration(live: KObject | undefined, config: KObject, opts: ApplyOptions, apiVersion: string, now: string): ApplyResult {
  // structuredmerge.go Apply: the configuration must carry no ownership, and convert to its type.
  if (config.metadata?.managedFields != null) return { ok: false, error: badRequest('metadata.managedFields must be nil') };
  const typed = typedErrors(config as unknown as Record<string, unknown>);
  if (typed.length > 0) {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    const what = `${config.metadata?.namespace ?? ''}/${config.metadata?.name ?? ''}; ${group}/${version}, Kind=${config.kind}`;
    const detail = typed.length === 1 ? typed[0]! : ['errors:', ...typed.map((t) => `  ${t}`)].join('\n');
    return { ok: false, error: unknownError(`failed to create typed patch object (${what}): ${detail}`) };
  }
  const mine = (e: ManagedFieldsEntry): boolean => e.manager === opts.fieldManager && e.operation === 'Apply' && !e.subresource;
  const sentSet = fieldSet(config as unknown as Record<string, unknown>);
  const paths = [...sentSet.values()].map((l) => l.path);
  const sent = new Set(sentSet.keys());
  const entries = entriesOf(live);
  // skipNonAppliedManager: an object nobody applied yet has its fields owned by before-first-apply.
  if (live && entries.length === 0) {
    const fields = fieldPaths(live as unknown as Record<string, unknown>);
    if (fields.length > 0) entries.push({ manager: 'before-first-apply', operation: 'Update', apiVersion, time: now, fieldsType: 'FieldsV1', fieldsV1: toFieldsV1(fields) });
  }

  const conflicts: Conflict[] = [];
  const liveSet = live && entries.some((e) => !mine(e)) ? fieldSet(live as unknown as Record<string, unknown>) : undefined;
  for (const entry of entries) {
    if (mine(entry)) continue;
    for (const p of fromFieldsV1(entry.fieldsV1)) {
      const k = pathKey(p);
      if (p[p.length - 1] === '.' || !sent.has(k)) continue;
      if (!semanticEqual(liveSet?.get(k)?.value, sentSet.get(k)!.value)) conflicts.push({ entry, path: p });
    }
  }
  if (conflicts.length && !opts.force) return { ok: false, error: conflictError(conflicts) };
  // Forcing takes the conflicting fields from their managers; a manager left with nothing goes.
  for (const c of conflicts) {
    const rest = fromFieldsV1(c.entry.fieldsV1).filter((p) => pathKey(p) !== pathKey(c.path));
    c.entry.fieldsV1 = toFieldsV1(rest);
  }

  const before = entries.find(mine);
  const others = new Set(entries.filter((e) => !mine(e)).flatMap((e) => fromFieldsV1(e.fieldsV1).map(pathKey)));
  const configMeta = config.metadata ?? {};
  const applied = { ...config, metadata: configMeta } as unknown as Record<string, unknown>;
  const merged = (live ? mergeApplied(live as unknown as Record<string, unknown>, applied) : cloneData(applied)) as unknown as KObject;
  // Fields this manager applied before and no longer sends go, unless someone else owns them.
  for (const p of before ? fromFieldsV1(before.fieldsV1) : []) {
    const k = pathKey(p);
    if (!sent.has(k) && !others.has(k)) removeAt(merged as unknown as Record<string, unknown>, p);
  }

  const entry: ManagedFieldsEntry = { manager: opts.fieldManager, operation: 'Apply', apiVersion, time: now, fieldsType: 'FieldsV1', fieldsV1: toFieldsV1(paths) };
  // The entry's time moves only when the apply changed something, so a repeated apply is a no-op write.
  if (before && live && semanticEqual(before.fieldsV1, entry.fieldsV1) && semanticEqual({ ...merged, metadata: { ...merged.metadata, managedFields: undefined } }, { ...live, metadata: { ...live.metadata, managedFields: undefined } })) entry.time = before.time;
  const kept = entries.map((e) => (mine(e) ? entry : e)).filter((e) => Object.keys(e.fieldsV1).length > 0);
  if (!before) kept.push(entry);
  merged.metadata = { ...merged.metadata, managedFields: sortManagedFields(kept) };
  return { ok: true, object: merged };
}

/**
 * fieldmanager's sortEncodedManagedFields: appliers before updaters, then by time (to the
 * second), manager, apiVersion and subresource.
 */
export function sortManagedFields(entries: ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...entries].sort((p, q) => cmp(p.operation, q.operation) || cmp(p.time, q.time) || cmp(p.manager, q.manager) || cmp(p.apiVersion, q.apiVersion) || cmp(p.subresource ?? '', q.subresource ?? ''));
}

/** The manager as printManager writes it: an applier by name, an updater with its version. */
function managerName(e: ManagedFieldsEntry): string {
  return e.operation === 'Update' ? `${JSON.stringify(e.manager)} using ${e.apiVersion}` : JSON.stringify(e.manager);
}

/** fieldmanager's NewConflictError: a 409 Conflict with one FieldManagerConflict cause per field. */
function conflictError(conflicts: Conflict[]): StatusError {
  const causes: StatusCause[] = conflicts.map((c) => ({ type: 'FieldManagerConflict', message: `conflict with ${managerName(c.entry)}`, field: pathString(c.path) }));
  let message: string;
  if (conflicts.length === 1) {
    const c = conflicts[0]!;
    message = `Apply failed with 1 conflict: conflict with ${managerName(c.entry)}: ${pathString(c.path)}`;
  } else {
    const by = new Map<string, string[]>();
    for (const c of conflicts) {
      const name = managerName(c.entry);
      by.set(name, [...(by.get(name) ?? []), pathString(c.path)]);
    }
    const lines: string[] = [];
    for (const name of [...by.keys()].sort()) lines.push(`conflicts with ${name}:`, ...by.get(name)!.map((p) => `- ${p}`));
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  return { code: 409, reason: 'Conflict', message, details: { causes } };
}
