/**
 * ResourceQuota (validating, last in kube-apiserver's chain; k8s.io/apiserver
 * plugin/resourcequota controller.go checkRequest/checkQuotas): an object is charged against
 * every quota of its namespace that limits something it costs. Each quota must already have
 * usage for what it limits (the controller's first sync), a Pod must name the cpu/memory a quota
 * limits, and used + requested must stay within hard, or the request is Forbidden. An admitted
 * charge is written into the quotas' status.used before the object itself is stored (dry runs
 * charge nothing), and the controller's recount later corrects what admission over-counted.
 */
import type { KObject, ResourceQuota } from '../../../k8s/types';
import { resourceInfo } from '../../../k8s/resources';
import { addUsage, lessThanOrEqual, maskUsage, prettyUsage, removeZeros, subtractNonNegative, toResourceList, usageEquals, usageOf, type Usage } from '../../../k8s/resource-list';
import type { World } from '../../world';
import { cloneData } from '../../core/clone';
import { evaluatorFor, quotaMatches, type QuotaEvaluator } from '../../quota/evaluators';
import type { StatusError } from '../status';
import { admissionForbidden } from './forbidden';
import type { AdmissionAttributes, ValidatingPlugin } from './types';

const QUOTAS = resourceInfo('resourcequotas')!;

function quotasIn(w: World, ns: string): ResourceQuota[] {
  const out: ResourceQuota[] = [];
  for (const o of w.etcd.kv.get('resourcequotas')?.values() ?? []) if (o.metadata.namespace === ns) out.push(o as ResourceQuota);
  // The lister's order: by name.
  return out.sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
}

/** hasUsageStats: every limited resource this request touches already has a used value. */
function hasUsageStats(q: ResourceQuota, restricted: string[]): boolean {
  const used = q.status?.used ?? {};
  return restricted.every((r) => !(r in (q.status?.hard ?? {})) || r in used);
}

/** checkRequest: the quotas' new status.used if the request fits, or the refusal. */
function checkRequest(w: World, a: AdmissionAttributes, e: QuotaEvaluator, quotas: ResourceQuota[]): Map<number, Usage> | StatusError {
  const interesting: number[] = [];
  for (const [i, q] of quotas.entries()) {
    if (!quotaMatches(e, q, a.obj)) continue;
    const restricted = e.matchingResources(Object.keys(q.status?.hard ?? {}));
    const failed = e.constraints(restricted, a.obj);
    if (failed) return admissionForbidden(a, `failed quota: ${q.metadata.name}: ${failed}`);
    if (!hasUsageStats(q, restricted)) return admissionForbidden(a, `status unknown for quota: ${q.metadata.name}, resources: ${[...restricted].sort().join(',')}`);
    interesting.push(i);
  }
  if (interesting.length === 0) return new Map();
  const input = e.usage(a.obj, w.now);
  const negative = [...input].filter(([, v]) => v.milli < 0).map(([k]) => k);
  if (negative.length) return admissionForbidden(a, `quota usage is negative for resource(s): ${negative.sort().join(',')}`);
  const deltas = new Map<number, Usage>(interesting.map((i) => [i, input]));
  if (a.operation === 'UPDATE' && a.old?.metadata.resourceVersion) {
    // Charge the difference, for the quotas that also counted the old object.
    const delta = subtractNonNegative(input, e.usage(a.old, w.now));
    for (const i of interesting) if (quotaMatches(e, quotas[i]!, a.old)) deltas.set(i, delta);
  }
  const out = new Map<number, Usage>();
  for (const i of interesting) {
    const delta = removeZeros(deltas.get(i)!);
    if (delta.size === 0) continue;
    const q = quotas[i]!;
    const hard = usageOf(q.status?.hard);
    const used = usageOf(q.status?.used);
    const requested = maskUsage(delta, hard.keys());
    const next = addUsage(used, requested);
    const fits = lessThanOrEqual(maskUsage(next, requested.keys()), hard);
    if (!fits.ok) {
      const ex = fits.exceeded;
      return admissionForbidden(a, `exceeded quota: ${q.metadata.name}, requested: ${prettyUsage(maskUsage(requested, ex))}, used: ${prettyUsage(maskUsage(used, ex))}, limited: ${prettyUsage(maskUsage(hard, ex))}`);
    }
    out.set(i, next);
  }
  return out;
}

function isNamespaceCreation(a: AdmissionAttributes): boolean {
  return a.operation === 'CREATE' && a.info.resource === 'namespaces';
}

export const ResourceQuotaPlugin: ValidatingPlugin = {
  name: 'ResourceQuota',
  validate(w, a) {
    if (a.subresource || !a.namespace || isNamespaceCreation(a) || a.operation === 'DELETE') return undefined;
    const e = evaluatorFor(a.info);
    if (!e || !e.handles(a.operation, a.subresource)) return undefined;
    const quotas = quotasIn(w, a.namespace);
    if (quotas.length === 0) return undefined;
    const checked = checkRequest(w, a, e, quotas);
    if (!(checked instanceof Map)) return checked;
    if (a.dryRun || !a.writeStatus) return undefined;
    for (const [i, used] of checked) {
      const q = quotas[i]!;
      if (usageEquals(used, usageOf(q.status?.used))) continue;
      const next = cloneData(q) as ResourceQuota & KObject;
      next.status = { ...(next.status ?? {}), used: toResourceList(used) };
      const res = a.writeStatus(QUOTAS, a.namespace, q, next);
      if (!res.ok) return 'network' in res.error ? { code: 500, reason: 'InternalError', message: res.error.message } : res.error;
    }
    return undefined;
  },
};
