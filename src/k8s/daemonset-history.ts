/**
 * What a DaemonSet's or StatefulSet's ControllerRevision holds (daemon/update.go and
 * statefulset/stateful_set_utils.go getPatch, duplicated upstream in kubectl's
 * polymorphichelpers): the strategic-merge patch `{"spec":{"template":{…,"$patch":"replace"}}}`
 * with keys sorted as Go's json.Marshal of a map writes them. The controllers store it and match
 * the current template against it; kubectl reads the template back and sends the patch to roll
 * back. One definition, so both sides agree byte for byte.
 */
import type { ControllerRevision, KObject, PodTemplateSpec } from './types';

/** The part of a DaemonSet or StatefulSet a revision snapshots. */
export interface TemplatedWorkload {
  spec: { template: PodTemplateSpec };
}

/**
 * The DaemonSet strategy's internal templateGeneration, as apps/v1 carries it: set by the
 * apiserver, grown only by template changes, copied into the Pods' `pod-template-generation`.
 */
export const TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

/** GetTemplateGeneration: undefined when the annotation is absent or not a number. */
export function templateGenerationOf(ds: KObject): number | undefined {
  const v = ds.metadata.annotations?.[TEMPLATE_GENERATION];
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) ? n : undefined;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
  return out;
}

export function daemonSetPatch(ds: TemplatedWorkload): Record<string, unknown> {
  return sortKeys({ spec: { template: { ...ds.spec.template, $patch: 'replace' } } }) as Record<string, unknown>;
}

/**
 * JSON of a template's patch and of a revision's data, once per object: the DaemonSet controller
 * matches every revision on every sync (one per Node heartbeat at boot), and the objects it reads
 * are never mutated once stored (apiserver/storage.test.ts runs a cluster with them frozen).
 */
const templatePatchJson = new WeakMap<object, string>();
const revisionDataJson = new WeakMap<object, string>();

function memoJson(memo: WeakMap<object, string>, key: object, value: () => unknown): string {
  let json = memo.get(key);
  if (json === undefined) memo.set(key, (json = JSON.stringify(value())));
  return json;
}

/** Match: the revision's data is exactly this workload's patch. */
export function matchesRevision(ds: TemplatedWorkload, cr: ControllerRevision): boolean {
  const data: unknown = cr.data;
  const stored = data !== null && typeof data === 'object' ? memoJson(revisionDataJson, data, () => data) : JSON.stringify(data);
  return stored === memoJson(templatePatchJson, ds.spec.template, () => daemonSetPatch(ds));
}

/** applyDaemonSetHistory, for the template only: what the revision's patch puts back. */
export function revisionTemplate(cr: ControllerRevision): PodTemplateSpec | undefined {
  const t = (cr.data as { spec?: { template?: Record<string, unknown> } } | undefined)?.spec?.template;
  if (!t || typeof t !== 'object') return undefined;
  const { $patch: _directive, ...rest } = t;
  // The revision was written by the controller from a validated template.
  return rest as unknown as PodTemplateSpec;
}
