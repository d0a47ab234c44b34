/**
 * The EndpointSlice controller (`endpointslice-controller`): for every Service with a selector,
 * EndpointSlices listing the matching Pods that have an IP, with their readiness. Membership
 * (Service → Pods) comes from util/service-members.
 */
import type { EndpointSlice, KObject, Node, Pod, Service } from '../../../k8s/types';
import { componentId, type SimMillis } from '../../core/ids';
import { parseTimestamp, rfc3339 } from '../../../k8s/time';
import { metaKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, SyncError, isNamespaceTerminating, statusCode } from '../util/errors';
import { indexKeys, indexMove, stateOf, type KeyIndex } from '../util/state';
import { newServiceMembers, podDelta, serviceDelta, type ServiceMembers } from '../util/service-members';
import { endpointPorts, endpointView, podToEndpoint, portsKey, shouldPodBeInEndpoints } from './endpoints';
import { CONTROLLER_NAME, LABEL_MANAGED_BY, LABEL_SERVICE_NAME, TRIGGER_TIME, endpointKey, planSlices, type DesiredGroup } from './reconciler';

interface EndpointSliceState extends ServiceMembers {
  /** Service key → keys of the slices this controller manages for it. */
  slices: KeyIndex;
  /** Slice key → resourceVersion this controller wrote (its own writes need no resync). */
  written: Map<string, string>;
}

function state(ctx: ControllerContext): EndpointSliceState {
  return stateOf(ctx, () => ({ ...newServiceMembers(), slices: new Map(), written: new Map() }));
}

function keysForSlice(ctx: ControllerContext, d: Delta): string[] {
  const s = state(ctx);
  const slice = (d.cur ?? d.old)!;
  const managed = (o: KObject | undefined): string | undefined =>
    o && o.metadata.labels?.[LABEL_MANAGED_BY] === CONTROLLER_NAME && o.metadata.labels[LABEL_SERVICE_NAME] ? `${o.metadata.namespace}/${o.metadata.labels[LABEL_SERVICE_NAME]}` : undefined;
  const key = metaKey(slice);
  const oldSvc = managed(d.old);
  const curSvc = managed(d.cur);
  indexMove(s.slices, key, oldSvc, curSvc);
  // Our own write coming back needs no resync; anyone else's change (or a deletion) does.
  if (d.cur && s.written.get(key) === d.cur.metadata.resourceVersion) return [];
  if (!d.cur) s.written.delete(key);
  return [...new Set([oldSvc, curSvc].filter((k): k is string => !!k))];
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  switch (resource) {
    case 'pods':
      return podDelta(ctx, state(ctx), d, () => endpointView(d.old as Pod | undefined) !== endpointView(d.cur as Pod | undefined));
    case 'services':
      return [serviceDelta(ctx, state(ctx), d)];
    case 'endpointslices':
      return keysForSlice(ctx, d);
    default:
      return [];
  }
}

/** The newest change among the Service and its Pods (last-change-trigger-time). */
function triggerTime(svc: Service, pods: Pod[]): string {
  let t = parseTimestamp(svc.metadata.creationTimestamp ?? '');
  for (const p of pods) {
    const ready = p.status?.conditions?.find((c) => c.type === 'Ready');
    const pt = parseTimestamp(ready?.lastTransitionTime ?? p.metadata.creationTimestamp ?? '');
    if (pt > t) t = pt;
  }
  return rfc3339(t as SimMillis);
}

function syncService(ctx: ControllerContext, key: string): ReconcileResult {
  const s = state(ctx);
  const svc = ctx.cache('services').cache.get(key) as Service | undefined;
  // A deleted Service's slices go with it through their ownerReference (garbage collector).
  if (!svc || svc.metadata.deletionTimestamp) return DONE;
  if (!svc.spec.selector || svc.spec.type === 'ExternalName') return DONE;
  const pods = ctx.cache('pods').cache;
  const nodes = ctx.cache('nodes').cache;
  const desired = new Map<string, DesiredGroup>();
  const included: Pod[] = [];
  for (const pk of indexKeys(s.members, key)) {
    const pod = pods.get(pk) as Pod | undefined;
    if (!pod || !shouldPodBeInEndpoints(pod)) continue;
    included.push(pod);
    const ports = endpointPorts(svc, pod);
    const pkey = portsKey(ports);
    let group = desired.get(pkey);
    if (!group) desired.set(pkey, (group = { ports, endpoints: new Map() }));
    const ep = podToEndpoint(pod, svc, nodes.get(pod.spec.nodeName ?? '') as Node | undefined);
    group.endpoints.set(endpointKey(ep), ep);
  }
  const existing = indexKeys(s.slices, key)
    .map((k) => ctx.cache('endpointslices').cache.get(k) as EndpointSlice | undefined)
    .filter((x): x is EndpointSlice => !!x && x.metadata.ownerReferences?.some((r) => r.uid === svc.metadata.uid) === true);
  const plan = planSlices(svc, desired, existing);
  const trigger = triggerTime(svc, included);
  const stamp = (slice: EndpointSlice): EndpointSlice => ({ ...slice, metadata: { ...slice.metadata, annotations: { ...(slice.metadata.annotations ?? {}), [TRIGGER_TIME]: trigger } } });
  const remember = (obj: KObject | undefined): void => {
    if (obj) s.written.set(metaKey(obj), obj.metadata.resourceVersion ?? '');
  };
  const ns = svc.metadata.namespace;
  for (const slice of plan.create) {
    const res = ctx.request({ verb: 'create', resource: 'endpointslices', namespace: ns, body: stamp(slice) });
    if (isNamespaceTerminating(res)) return DONE;
    if (!res.ok) throw new SyncError(res.error.message);
    remember(res.object);
  }
  for (const slice of plan.update) {
    const res = ctx.request({ verb: 'update', resource: 'endpointslices', namespace: ns, name: slice.metadata.name, body: stamp(slice) });
    if (!res.ok) throw new SyncError(res.error.message);
    remember(res.object);
  }
  for (const slice of plan.delete) {
    const res = ctx.request({ verb: 'delete', resource: 'endpointslices', namespace: ns, name: slice.metadata.name });
    if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
  }
  return DONE;
}

export const endpointSliceController: ControllerDef = {
  name: 'endpointslice',
  actor: componentId('endpointslice-controller'),
  informers: ['services', 'pods', 'endpointslices', 'nodes'],
  keysFor,
  reconcile: (ctx, key) => runSync(() => syncService(ctx, key)),
};
