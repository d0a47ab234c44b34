/**
 * The cloud-provider service controller (k8s.io/cloud-provider/controllers/service), run by
 * cloud-controller-manager: a Service of type LoadBalancer gets the cleanup finalizer, then a
 * load balancer from the cloud (EnsuringLoadBalancer … EnsuredLoadBalancer), whose address it
 * writes to status.loadBalancer.ingress; a Service that stops wanting one, or is deleted, has
 * its load balancer deleted (DeletingLoadBalancer … DeletedLoadBalancer) and the finalizer
 * removed. Only changes upstream's needsUpdate cares about requeue a Service. Without a
 * cloud-controller-manager nothing does any of this, so EXTERNAL-IP stays `<pending>`.
 * The node-sync loop (UpdateLoadBalancer with new hosts) is not modelled.
 */
import type { Service } from '../../../k8s/types';
import { LB_CLEANUP_FINALIZER } from '../../../k8s/cloud';
import { componentId } from '../../core/ids';
import { metaKey } from '../../client/informer';
import { cloneData } from '../../core/clone';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, statusCode, SyncError } from '../util/errors';
import { hasFinalizer } from '../util/meta';
import { deleteLoadBalancer, ensureLoadBalancer, getLoadBalancer } from './provider';

function wantsLoadBalancer(svc: Service): boolean {
  return svc.spec?.type === 'LoadBalancer' && !(svc.spec as { loadBalancerClass?: string }).loadBalancerClass;
}

/** servicehelper.NeedsCleanup. */
function needsCleanup(svc: Service): boolean {
  if (!hasFinalizer(svc, LB_CLEANUP_FINALIZER)) return false;
  return !!svc.metadata.deletionTimestamp || !wantsLoadBalancer(svc);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The changes that make the controller look at a Service again (needsUpdate). */
function needsUpdate(old: Service, cur: Service): boolean {
  if (!wantsLoadBalancer(old) && !wantsLoadBalancer(cur)) return false;
  if (wantsLoadBalancer(old) !== wantsLoadBalancer(cur)) return true;
  return (
    !same(old.spec.ports, cur.spec.ports) ||
    old.spec.sessionAffinity !== cur.spec.sessionAffinity ||
    !same(old.metadata.annotations, cur.metadata.annotations) ||
    old.metadata.uid !== cur.metadata.uid ||
    old.spec.externalTrafficPolicy !== cur.spec.externalTrafficPolicy ||
    (old.spec as { healthCheckNodePort?: number }).healthCheckNodePort !== (cur.spec as { healthCheckNodePort?: number }).healthCheckNodePort
  );
}

function fresh(ctx: ControllerContext, svc: Service): Service | undefined {
  const got = ctx.request({ verb: 'get', resource: 'services', namespace: svc.metadata.namespace, name: svc.metadata.name });
  if (!got.ok) {
    if (statusCode(got) === 404) return undefined;
    throw new SyncError(got.error.message);
  }
  return got.object as Service;
}

function setFinalizers(ctx: ControllerContext, svc: Service, finalizers: string[]): void {
  const next = cloneData(svc);
  if (finalizers.length) next.metadata.finalizers = finalizers;
  else delete next.metadata.finalizers;
  const res = ctx.request({ verb: 'update', resource: 'services', namespace: svc.metadata.namespace, name: svc.metadata.name, body: next });
  if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
}

function patchIngress(ctx: ControllerContext, svc: Service, ingress: { ip: string; ipMode: string }[]): void {
  // The two-way merge patch of the old and new status: no address is `ingress: null`.
  const body = { status: { loadBalancer: { ingress: ingress.length ? ingress : null } } } as unknown as Service;
  const res = ctx.request({ verb: 'patch', resource: 'services', subresource: 'status', namespace: svc.metadata.namespace, name: svc.metadata.name, body });
  if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
}

function cleanup(ctx: ControllerContext, svc: Service): ReconcileResult {
  ctx.record(svc, { type: 'Normal', reason: 'DeletingLoadBalancer', message: 'Deleting load balancer' });
  deleteLoadBalancer(ctx.w, svc);
  ctx.record(svc, { type: 'Normal', reason: 'DeletedLoadBalancer', message: 'Deleted load balancer' });
  const cur = fresh(ctx, svc);
  if (!cur) return DONE;
  // A Service that only changed type keeps living: its status forgets the address first.
  if (!cur.metadata.deletionTimestamp && (cur.status?.loadBalancer?.ingress ?? []).length) patchIngress(ctx, cur, []);
  setFinalizers(ctx, fresh(ctx, cur) ?? cur, (cur.metadata.finalizers ?? []).filter((f) => f !== LB_CLEANUP_FINALIZER));
  return DONE;
}

function ensure(ctx: ControllerContext, svc: Service): ReconcileResult {
  let cur = svc;
  if (!hasFinalizer(cur, LB_CLEANUP_FINALIZER)) {
    const got = fresh(ctx, cur);
    if (!got) return DONE;
    setFinalizers(ctx, got, [...(got.metadata.finalizers ?? []), LB_CLEANUP_FINALIZER]);
    cur = got;
  }
  // syncLoadBalancerIfNeeded records EnsuringLoadBalancer at each sync that ensures (a new
  // Service, or one whose change needsUpdate noticed) and EnsuredLoadBalancer when the call returns.
  let lb = getLoadBalancer(ctx.w, cur);
  if (!lb?.ensuring) ctx.record(cur, { type: 'Normal', reason: 'EnsuringLoadBalancer', message: 'Ensuring load balancer' });
  lb ??= ensureLoadBalancer(ctx.w, cur);
  lb.ensuring = true;
  // The worker waits on the cloud's API until the load balancer is ready.
  if (lb.readyAt > ctx.w.now) return { kind: 'requeueAfter', delay: lb.readyAt - ctx.w.now };
  delete lb.ensuring;
  ctx.record(cur, { type: 'Normal', reason: 'EnsuredLoadBalancer', message: 'Ensured load balancer' });
  const ingress = cur.status?.loadBalancer?.ingress ?? [];
  if (ingress.length !== 1 || ingress[0]?.ip !== lb.ip) patchIngress(ctx, cur, [{ ip: lb.ip, ipMode: 'VIP' }]);
  return DONE;
}

function syncService(ctx: ControllerContext, key: string): ReconcileResult {
  const svc = ctx.cache('services').cache.get(key) as Service | undefined;
  if (!svc) {
    // processServiceDeletion: a Service gone without the finalizer still had a load balancer.
    const cloud = ctx.w.cloud?.loadBalancers ?? {};
    for (const [name, lb] of Object.entries(cloud)) if (lb.service === key) delete cloud[name];
    return DONE;
  }
  if (needsCleanup(svc)) return cleanup(ctx, svc);
  if (!wantsLoadBalancer(svc)) return DONE;
  return ensure(ctx, svc);
}

export const serviceController: ControllerDef = {
  name: 'service',
  actor: componentId('service-controller'),
  serviceAccount: 'cloud-controller-manager',
  informers: ['services'],
  keysFor: (ctx, _resource, d) => {
    const cur = d.cur as Service | undefined;
    const old = d.old as Service | undefined;
    if (!cur) return old && wantsLoadBalancer(old) ? [metaKey(old)] : [];
    if (!old) return wantsLoadBalancer(cur) || needsCleanup(cur) ? [metaKey(cur)] : [];
    // needsUpdate records a change of type as it notices it (a resync hands old = cur: no event).
    if (old !== cur && wantsLoadBalancer(old) !== wantsLoadBalancer(cur)) ctx.record(cur, { type: 'Normal', reason: 'Type', message: `${old.spec.type ?? 'ClusterIP'} -> ${cur.spec.type ?? 'ClusterIP'}` });
    return needsUpdate(old, cur) || needsCleanup(cur) ? [metaKey(cur)] : [];
  },
  reconcile: (ctx, key) => runSync(() => syncService(ctx, key)),
};
