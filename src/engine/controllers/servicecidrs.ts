/**
 * The ServiceCIDR controller (`service-cidrs-controller`, pkg/controller/servicecidrs): every
 * ServiceCIDR gets the `networking.k8s.io/service-cidr-finalizer` and a Ready=True condition;
 * a ServiceCIDR being deleted keeps its finalizer while an address kube-apiserver allocated
 * (an IPAddress managed by `ipallocator.k8s.io`) lies in it and in no other ServiceCIDR — Ready
 * turns False with reason Terminating — and loses it 10 s after its deletion began once none
 * does, the grace that lets every allocator see the deletion before the range is gone.
 * IPAddress adds and deletes requeue the ServiceCIDRs that contain them, so the last Service
 * deleted from a draining range releases it.
 */
import type { IPAddress, MetaCondition, ServiceCIDR } from '../../k8s/types';
import { cidrContains, cidrsOverlap, cidrWithin, ipv4ToInt, parseCidr, type Cidr } from '../../k8s/ipv4';
import { parseTimestamp, rfc3339 } from '../../k8s/time';
import { componentId } from '../core/ids';
import type { Delta } from '../client/informer';
import { IPALLOCATOR, LABEL_MANAGED_BY } from '../apiserver/ipallocator';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from './framework';
import { statusCode } from './util/errors';

export const SERVICE_CIDR_FINALIZER = 'networking.k8s.io/service-cidr-finalizer';
const NAME = 'service-cidrs-controller';
const DELETION_GRACE_MS = 10_000;
const READY_MESSAGE = 'Kubernetes Service CIDR is ready';
const BLOCKED_MESSAGE = 'There are still IPAddresses referencing the ServiceCIDR, please remove them or create a new ServiceCIDR';

function rangesOf(sc: ServiceCIDR): Cidr[] {
  return (sc.spec?.cidrs ?? []).map(parseCidr).filter((c): c is Cidr => c !== undefined);
}

function serviceCIDRs(ctx: ControllerContext): ServiceCIDR[] {
  return [...ctx.cache('servicecidrs').cache.values()] as ServiceCIDR[];
}

/** The ServiceCIDRs holding an address the allocator handed out (a hand-made IPAddress blocks nothing). */
function containing(ctx: ControllerContext, ip: IPAddress): string[] {
  if (ip.metadata.labels?.[LABEL_MANAGED_BY] !== IPALLOCATOR) return [];
  const n = ipv4ToInt(ip.metadata.name ?? '');
  if (n === undefined) return [];
  return serviceCIDRs(ctx)
    .filter((sc) => rangesOf(sc).some((c) => cidrContains(c, n)))
    .map((sc) => sc.metadata.name ?? '');
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  const obj = d.cur ?? d.old;
  if (!obj) return [];
  if (resource === 'ipaddresses') return d.old && d.cur ? [] : containing(ctx, obj as IPAddress);
  const name = obj.metadata.name ?? '';
  if (d.old || !d.cur) return [name];
  // A new range may take over addresses a draining one was holding.
  const mine = rangesOf(d.cur as ServiceCIDR);
  const overlapping = serviceCIDRs(ctx).filter((sc) => sc.metadata.name !== name && rangesOf(sc).some((c) => mine.some((m) => cidrsOverlap(c, m))));
  return [name, ...overlapping.map((sc) => sc.metadata.name ?? '')];
}

/** canDeleteCIDR: another range covers this one, or no allocated address would be left without a range. */
function canDelete(ctx: ControllerContext, sc: ServiceCIDR): boolean {
  const others = serviceCIDRs(ctx).filter((o) => o.metadata.name !== sc.metadata.name);
  const mine = rangesOf(sc);
  if (mine.every((m) => others.some((o) => rangesOf(o).some((c) => cidrWithin(m, c))))) return true;
  for (const ip of ctx.cache('ipaddresses').cache.values() as Iterable<IPAddress>) {
    if (ip.metadata.labels?.[LABEL_MANAGED_BY] !== IPALLOCATOR) continue;
    const n = ipv4ToInt(ip.metadata.name ?? '');
    if (n === undefined || !mine.some((m) => cidrContains(m, n))) continue;
    if (!others.some((o) => rangesOf(o).some((c) => cidrContains(c, n)))) return false;
  }
  return true;
}

/** updateConditionIfNeeded: written (apply, forced) only when status, reason or message differ. */
function setReady(ctx: ControllerContext, sc: ServiceCIDR, status: 'True' | 'False', reason: string, message: string): ReconcileResult {
  const cur = sc.status?.conditions?.find((c) => c.type === 'Ready');
  if (cur && cur.status === status && cur.reason === reason && cur.message === message) return DONE;
  const condition: MetaCondition = { type: 'Ready', status, lastTransitionTime: rfc3339(ctx.w.now), reason, message };
  const res = ctx.request({ verb: 'patch', resource: 'servicecidrs', subresource: 'status', name: sc.metadata.name, fieldManager: NAME, body: { status: { conditions: [condition] } } as never });
  return res.ok || statusCode(res) === 404 ? DONE : { kind: 'error', message: res.error.message };
}

function patchFinalizers(ctx: ControllerContext, name: string, patch: Record<string, unknown>): ReconcileResult | undefined {
  const res = ctx.request({ verb: 'patch', resource: 'servicecidrs', name, body: { metadata: patch } as never });
  return res.ok || statusCode(res) === 404 ? undefined : { kind: 'error', message: res.error.message };
}

function sync(ctx: ControllerContext, name: string): ReconcileResult {
  const sc = ctx.cache('servicecidrs').cache.get(name) as ServiceCIDR | undefined;
  if (!sc) return DONE;
  const finalizers = sc.metadata.finalizers ?? [];
  if (sc.metadata.deletionTimestamp) {
    if (!canDelete(ctx, sc)) return setReady(ctx, sc, 'False', 'Terminating', BLOCKED_MESSAGE);
    const wait = parseTimestamp(sc.metadata.deletionTimestamp) + DELETION_GRACE_MS - ctx.w.now;
    if (wait > 0) return { kind: 'requeueAfter', delay: wait };
    if (!finalizers.includes(SERVICE_CIDR_FINALIZER)) return DONE;
    return patchFinalizers(ctx, name, { [`$deleteFromPrimitiveList/finalizers`]: [SERVICE_CIDR_FINALIZER] }) ?? DONE;
  }
  if (!finalizers.includes(SERVICE_CIDR_FINALIZER)) {
    const failed = patchFinalizers(ctx, name, { finalizers: [SERVICE_CIDR_FINALIZER] });
    if (failed) return failed;
  }
  return setReady(ctx, sc, 'True', '', READY_MESSAGE);
}

export const serviceCIDRsController: ControllerDef = {
  name: 'service-cidr-controller',
  actor: componentId(NAME),
  informers: ['servicecidrs', 'ipaddresses'],
  keysFor,
  reconcile: sync,
};
