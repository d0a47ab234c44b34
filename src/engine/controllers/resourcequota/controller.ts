/**
 * The resource quota controller (`resourcequota`, pkg/controller/resourcequota): recounts what
 * each ResourceQuota's namespace uses and writes status.hard (spec.hard) and status.used. Its
 * quota monitors replenish a quota when something it counts goes away (any delete; a Pod that
 * turns terminal; a Service that changes type; a claim whose request shrinks); a new quota or a
 * change of spec.hard is synced at once; and every --resource-quota-sync-period (5 min) every
 * quota is recounted, which is what corrects a charge admission made for an object that was
 * then never stored. Admission itself charges each new object (admission/resource-quota.ts).
 */
import type { KObject, PersistentVolumeClaim, Pod, ResourceQuota, Service } from '../../../k8s/types';
import { RESOURCES, resourceInfo } from '../../../k8s/resources';
import { addUsage, maskUsage, toResourceList, usageEquals, usageOf, ZERO, qty, type Usage } from '../../../k8s/resource-list';
import { componentId } from '../../core/ids';
import { metaKey } from '../../client/informer';
import type { Delta } from '../../client/types';
import { cloneData } from '../../core/clone';
import { semanticEqual } from '../../apiserver/validation/field';
import { evaluatorFor, podUsage, scopeSelectorsOf, type QuotaEvaluator } from '../../quota/evaluators';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';

/** kube-controller-manager's --resource-quota-sync-period default. */
export const RESOURCE_QUOTA_SYNC_PERIOD_MS = 5 * 60 * 1000;

/** The quotable resources: what discovery lists with create, list, watch and delete, namespaced, less what quota ignores. */
const QUOTABLE = RESOURCES.filter((r) => evaluatorFor(r) !== undefined);

const EVALUATORS: readonly { resource: string; e: QuotaEvaluator }[] = QUOTABLE.map((r) => ({ resource: r.resource, e: evaluatorFor(r)! }));

function quotasIn(ctx: ControllerContext, ns: string): ResourceQuota[] {
  const out: ResourceQuota[] = [];
  for (const o of ctx.cache('resourcequotas').cache.values()) if (o.metadata.namespace === ns) out.push(o as ResourceQuota);
  return out;
}

function hasQuotaIn(ctx: ControllerContext, ns: string): boolean {
  for (const o of ctx.cache('resourcequotas').cache.values()) if (o.metadata.namespace === ns) return true;
  return false;
}

/** CalculateUsage: each evaluator that charges something the quota limits sums its namespace's objects in scope. */
function calculateUsage(ctx: ControllerContext, q: ResourceQuota): Usage {
  const ns = q.metadata.namespace ?? '';
  const hard = Object.keys(q.spec?.hard ?? {});
  const scopes = scopeSelectorsOf(q);
  let used: Usage = new Map();
  for (const { resource, e } of EVALUATORS) {
    const matched = e.matchingResources(hard);
    if (matched.length === 0) continue;
    // UsageStats starts every tracked resource at zero.
    let stats: Usage = new Map(matched.map((n) => [n, ZERO]));
    for (const o of ctx.cache(resource).cache.values()) {
      if (o.metadata.namespace !== ns) continue;
      if (!scopes.every((s) => e.matchesScope(s, o))) continue;
      stats = addUsage(stats, e.usage(o, ctx.w.now));
    }
    used = addUsage(used, maskUsage(stats, matched));
  }
  return used;
}

/** syncResourceQuota: writes status only when hard or used changed. */
function sync(ctx: ControllerContext, key: string): ReconcileResult {
  const q = ctx.cache('resourcequotas').cache.get(key) as ResourceQuota | undefined;
  if (!q) return DONE;
  const hardList = q.spec?.hard ?? {};
  const hardNames = Object.keys(hardList);
  const prev = usageOf(q.status?.used);
  const merged: Usage = new Map(prev);
  for (const [k, v] of calculateUsage(ctx, q)) merged.set(k, v);
  const used = maskUsage(merged, hardNames);
  const hard = toResourceList(usageOf(hardList));
  const dirty = !q.status?.hard || !q.status.used || !semanticEqual(hard, q.status.hard) || !usageEquals(used, prev);
  if (!dirty) return DONE;
  const next = cloneData(q) as ResourceQuota & KObject;
  next.status = { hard, used: toResourceList(used) };
  const res = ctx.request({ verb: 'update', resource: 'resourcequotas', subresource: 'status', namespace: q.metadata.namespace, name: q.metadata.name, body: next });
  return res.ok ? DONE : { kind: 'error', message: res.error.message };
}

/** The type the Service quota charges (GetQuotaServiceType): NodePort and LoadBalancer cost more. */
function quotaServiceType(s: Service): string {
  return s.spec?.type === 'NodePort' || s.spec?.type === 'LoadBalancer' ? s.spec.type : '';
}

/** The quota monitor's update filter: only changes that give quota back. */
function replenishesOnUpdate(ctx: ControllerContext, resource: string, old: KObject, cur: KObject): boolean {
  switch (resource) {
    case 'pods': {
      const charged = (p: Pod): boolean => podUsage(p, ctx.w.now).has('pods');
      return charged(old as Pod) && !charged(cur as Pod);
    }
    case 'services':
      return quotaServiceType(old as Service) !== quotaServiceType(cur as Service);
    case 'persistentvolumeclaims': {
      const storage = (c: PersistentVolumeClaim): number => qty(c.spec?.resources?.requests?.['storage']).milli;
      return storage(cur as PersistentVolumeClaim) < storage(old as PersistentVolumeClaim);
    }
    default:
      return false;
  }
}

/** replenishQuota: the namespace's quotas limiting something this resource is charged for. */
function replenish(ctx: ControllerContext, resource: string, ns: string): string[] {
  const info = resourceInfo(resource);
  const e = info && evaluatorFor(info);
  if (!e) return [];
  return quotasIn(ctx, ns)
    .filter((q) => e.matchingResources(Object.keys(q.status?.hard ?? {})).length > 0)
    .map(metaKey)
    .sort();
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  if (resource === 'resourcequotas') {
    // addQuota, and updateQuota only when spec.hard changed (status writes would loop).
    if (!d.cur) return [];
    if (d.old && semanticEqual((d.old as ResourceQuota).spec?.hard ?? {}, (d.cur as ResourceQuota).spec?.hard ?? {})) return [];
    return [metaKey(d.cur)];
  }
  const o = d.cur ?? d.old;
  if (!o?.metadata.namespace) return [];
  // Without a quota in the namespace nothing can be replenished: skip pricing both versions of
  // the object (every Pod status update reaches this handler).
  if (!hasQuotaIn(ctx, o.metadata.namespace)) return [];
  if (d.cur && (!d.old || d.old === d.cur || !replenishesOnUpdate(ctx, resource, d.old, d.cur))) return [];
  return replenish(ctx, resource, o.metadata.namespace);
}

export const resourceQuotaController: ControllerDef = {
  name: 'resourcequota',
  actor: componentId('resourcequota-controller'),
  informers: ['resourcequotas', ...QUOTABLE.map((r) => r.resource).filter((r) => r !== 'resourcequotas')],
  keysFor,
  reconcile: (ctx, key) => sync(ctx, key),
  periodic: [
    {
      name: 'enqueue-all',
      every: () => RESOURCE_QUOTA_SYNC_PERIOD_MS,
      run(ctx) {
        for (const k of [...ctx.cache('resourcequotas').cache.keys()].sort()) ctx.enqueue(k);
      },
    },
  ],
};
