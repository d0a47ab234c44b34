/**
 * Defaulting and the serialisation round trip for the policy kinds: SetDefaults_LimitRangeItem
 * (a Container item's default limit falls back to max, its default request to the default
 * limit, then to min) and the canonical quantities a ResourceList holds once the server has
 * parsed it (`1000m` is stored as `1`, and a Go map marshals its keys sorted).
 */
import type { LimitRange, ResourceList, ResourceQuota } from '../../../k8s/types';
import { canonical } from '../../../k8s/resource-list';

/** A ResourceList as Go stores it: canonical quantities, sorted keys. */
export function canonicalList(list: ResourceList | undefined): ResourceList | undefined {
  if (!list || typeof list !== 'object') return list;
  const out: ResourceList = {};
  for (const k of Object.keys(list).sort()) out[k] = canonical(list[k] as string | number);
  return out;
}

const LIST_FIELDS = ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'] as const;

export function defaultLimitRange(lr: LimitRange): boolean {
  let changed = false;
  for (const item of lr.spec?.limits ?? []) {
    if (!item || typeof item !== 'object') continue;
    for (const f of LIST_FIELDS) if (item[f]) item[f] = canonicalList(item[f]);
    if (item.type !== 'Container') continue;
    const def: ResourceList = { ...(item.default ?? {}) };
    const defReq: ResourceList = { ...(item.defaultRequest ?? {}) };
    for (const [k, v] of Object.entries(item.max ?? {})) if (def[k] === undefined) def[k] = v;
    for (const [k, v] of Object.entries(def)) if (defReq[k] === undefined) defReq[k] = v;
    for (const [k, v] of Object.entries(item.min ?? {})) if (defReq[k] === undefined) defReq[k] = v;
    const before = JSON.stringify([item.default ?? {}, item.defaultRequest ?? {}]);
    // An empty map is omitted when marshalled, so a Container item without bounds stays bare.
    if (Object.keys(def).length) item.default = canonicalList(def);
    if (Object.keys(defReq).length) item.defaultRequest = canonicalList(defReq);
    if (JSON.stringify([item.default ?? {}, item.defaultRequest ?? {}]) !== before) changed = true;
  }
  return changed;
}

export function canonicalizeQuota(q: ResourceQuota): boolean {
  if (q.spec?.hard) q.spec.hard = canonicalList(q.spec.hard);
  return false;
}
