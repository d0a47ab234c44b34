/**
 * The namespace controller (`namespace-controller`): when a Namespace is deleted it enters
 * Terminating; this controller deletes everything in it (each resource type listed and deleted,
 * Background propagation), waits for graceful Pods and finalizers — re-checking after the Pods'
 * grace period, as upstream estimates it — and finally removes `kubernetes` from spec.finalizers
 * through `namespaces/finalize`, upon which kube-apiserver removes the Namespace.
 */
import { customResources } from '../../apiextensions/served';
import type { KObject, Namespace, Pod } from '../../../k8s/types';
import { RESOURCES, apiVersionOf } from '../../../k8s/resources';
import { componentId } from '../../core/ids';
import { parseTimestamp } from '../../../k8s/time';
import type { Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, SyncError, statusCode } from '../util/errors';
import { updateConditions, type ContentTotals, type NamespaceCondition } from './conditions';

const FINALIZER = 'kubernetes';
/** finalizerEstimateSeconds: how long to wait for other controllers' finalizers. */
const FINALIZER_ESTIMATE_SECONDS = 15;

/** Namespaced resources that support delete, in discovery order. */
const DELETABLE = RESOURCES.filter((r) => r.namespaced && r.resource !== 'bindings' && r.verbs.includes('delete'));

function list(ctx: ControllerContext, resource: string, ns: string): KObject[] {
  const res = ctx.request({ verb: 'list', resource, namespace: ns });
  if (!res.ok) throw new SyncError(res.error.message);
  return res.items ?? [];
}

/** estimateGracefulTerminationForPods: the longest grace period of a non-terminal Pod. */
function podsEstimate(pods: KObject[]): number {
  let est = 0;
  for (const p of pods as Pod[]) {
    const phase = p.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') continue;
    est = Math.max(est, p.spec.terminationGracePeriodSeconds ?? 0);
  }
  return est;
}

/** deleteAllContent: returns the estimate in seconds before everything is gone (0 = done). */
function deleteAllContent(ctx: ControllerContext, ns: Namespace): number {
  const name = ns.metadata.name ?? '';
  const deletedAt = parseTimestamp(ns.metadata.deletionTimestamp ?? '');
  const totals: ContentTotals = { remaining: new Map(), finalizers: new Map(), errors: [] };
  let estimate = 0;
  // Discovery's namespaced resources include the custom ones the CRDs serve now.
  const deletable = [...DELETABLE, ...customResources(ctx.w).filter((r) => r.namespaced)];
  for (const info of deletable) {
    try {
      const before = list(ctx, info.resource, name);
      let est = info.resource === 'pods' ? podsEstimate(before) : 0;
      if (ctx.w.now - deletedAt >= est * 1000) est = 0;
      for (const item of before) {
        if (item.metadata.deletionTimestamp) continue;
        const res = ctx.request({ verb: 'delete', resource: info.resource, namespace: name, name: item.metadata.name, propagationPolicy: 'Background' });
        if (!res.ok && statusCode(res) !== 404 && statusCode(res) !== 405) throw new SyncError(res.error.message);
      }
      const left = before.length ? list(ctx, info.resource, name) : [];
      if (left.length === 0) continue;
      const byFinalizer = new Map<string, number>();
      for (const item of left) for (const f of item.metadata.finalizers ?? []) byFinalizer.set(f, (byFinalizer.get(f) ?? 0) + 1);
      if (est === 0 && byFinalizer.size > 0) est = FINALIZER_ESTIMATE_SECONDS;
      totals.remaining.set(`${info.resource}.${info.group}`, left.length);
      for (const [f, n] of byFinalizer) totals.finalizers.set(f, (totals.finalizers.get(f) ?? 0) + n);
      if (est === 0) throw new SyncError(`unexpected items still remain in namespace: ${name} for gvr: ${info.group}/${info.version}, Resource=${info.resource}`);
      estimate = Math.max(estimate, est);
    } catch (e) {
      if (!(e instanceof SyncError)) throw e;
      totals.errors.push(e.message);
    }
  }
  const conditions = structuredClone((ns.status as { conditions?: NamespaceCondition[] } | undefined)?.conditions ?? []);
  if (updateConditions(conditions, totals, ctx.w.now)) {
    const body = { ...ns, status: { ...(ns.status ?? {}), conditions } } as KObject;
    ctx.request({ verb: 'update', resource: 'namespaces', subresource: 'status', name, body });
  }
  if (totals.errors.length) throw new SyncError(totals.errors.join(', '));
  return estimate;
}

/** namespacedResourcesDeleter.Delete. */
function syncNamespace(ctx: ControllerContext, name: string): ReconcileResult {
  const cached = ctx.cache('namespaces').cache.get(name);
  if (!cached?.metadata.deletionTimestamp) return DONE;
  const got = ctx.request({ verb: 'get', resource: 'namespaces', name });
  if (statusCode(got) === 404) return DONE;
  if (!got.ok) throw new SyncError(got.error.message);
  let ns = got.object as Namespace;
  if (!ns.metadata.deletionTimestamp) return DONE;
  if (ns.status?.phase !== 'Terminating') {
    const res = ctx.request({ verb: 'update', resource: 'namespaces', subresource: 'status', name, body: { ...ns, status: { ...(ns.status ?? {}), phase: 'Terminating' } } });
    if (statusCode(res) === 404) return DONE;
    if (!res.ok) throw new SyncError(res.error.message);
    ns = res.object as Namespace;
  }
  const finalizers = ns.spec?.finalizers ?? [];
  if (finalizers.length === 0) return DONE;
  const estimate = deleteAllContent(ctx, ns);
  if (estimate > 0) return { kind: 'requeueAfter', delay: estimate * 1000 };
  const rest = [...new Set(finalizers.filter((f) => f !== FINALIZER))].sort();
  const res = ctx.request({
    verb: 'update',
    resource: 'namespaces',
    subresource: 'finalize',
    name,
    body: { apiVersion: apiVersionOf(RESOURCES.find((r) => r.resource === 'namespaces')!), kind: 'Namespace', metadata: ns.metadata, spec: { finalizers: rest } },
  });
  if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
  return DONE;
}

function keysFor(_ctx: ControllerContext, _resource: string, d: Delta): string[] {
  const ns = d.cur;
  return ns?.metadata.deletionTimestamp ? [ns.metadata.name ?? ''] : [];
}

export const namespaceController: ControllerDef = {
  name: 'namespace',
  actor: componentId('namespace-controller'),
  informers: ['namespaces'],
  keysFor,
  reconcile: (ctx, key) => runSync(() => syncNamespace(ctx, key)),
};
