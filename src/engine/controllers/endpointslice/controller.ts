/**
 * The EndpointSlice controller (`endpointslice-controller`): for every Service with a selector,
 * EndpointSlices listing the matching Pods that have an IP, with their readiness. Membership
 * (Service → Pods) is maintained from Pod and Service deltas, so a Pod update costs a look at
 * the Services of its namespace, and a sync only reads the Service's own Pods.
 */
import type { EndpointSlice, KObject, Node, Pod, Service } from '../../../k8s/types';
import { fromMap, matches } from '../../../k8s/labels';
import { componentId, type SimMillis } from '../../core/ids';
import { parseTimestamp, rfc3339 } from '../../../k8s/time';
import { metaKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, SyncError, isNamespaceTerminating, statusCode } from '../util/errors';
import { indexAdd, indexKeys, indexMove, indexRemove, stateOf, type KeyIndex } from '../util/state';
import { endpointPorts, endpointView, podToEndpoint, portsKey, shouldPodBeInEndpoints } from './endpoints';
import { CONTROLLER_NAME, LABEL_MANAGED_BY, LABEL_SERVICE_NAME, TRIGGER_TIME, endpointKey, planSlices, type DesiredGroup } from './reconciler';

interface EndpointSliceState {
  /** namespace → Pod keys. */
  podsByNamespace: KeyIndex;
  /**
   * `namespace/key=value` → keys of the Services whose selector has that pair as its first
   * (sorted) requirement: a Pod can only match Services filed under one of its own labels.
   */
  servicesByPair: KeyIndex;
  /** namespace → Services with an empty selector (they select every Pod). */
  selectAll: KeyIndex;
  /** Service key → keys of the Pods its selector matches. */
  members: KeyIndex;
  /** Pod key → keys of the Services it is a member of. */
  memberOf: KeyIndex;
  /** Service key → keys of the slices this controller manages for it. */
  slices: KeyIndex;
  /** Slice key → resourceVersion this controller wrote (its own writes need no resync). */
  written: Map<string, string>;
}

function state(ctx: ControllerContext): EndpointSliceState {
  return stateOf(ctx, () => ({
    podsByNamespace: new Map(),
    servicesByPair: new Map(),
    selectAll: new Map(),
    members: new Map(),
    memberOf: new Map(),
    slices: new Map(),
    written: new Map(),
  }));
}

/** Where a Service is filed for Pod lookups; undefined without a selector. */
function selectorBucket(svc: Service | undefined): { pair: string } | { all: true } | undefined {
  const sel = svc?.spec.selector;
  if (!svc || !sel) return undefined;
  const keys = Object.keys(sel).sort();
  if (keys.length === 0) return { all: true };
  return { pair: `${svc.metadata.namespace}/${keys[0]}=${sel[keys[0]!]}` };
}

function fileService(s: EndpointSliceState, key: string, svc: Service | undefined, add: boolean): void {
  const b = selectorBucket(svc);
  if (!b) return;
  const [idx, bucket] = 'all' in b ? [s.selectAll, svc!.metadata.namespace ?? ''] : [s.servicesByPair, b.pair];
  if (add) indexAdd(idx, bucket, key);
  else indexRemove(idx, bucket, key);
}

function setMember(s: EndpointSliceState, svcKey: string, podKey: string, member: boolean): void {
  if (member) {
    indexAdd(s.members, svcKey, podKey);
    indexAdd(s.memberOf, podKey, svcKey);
  } else {
    indexRemove(s.members, svcKey, podKey);
    indexRemove(s.memberOf, podKey, svcKey);
  }
}

function selects(svc: Service | undefined, pod: Pod | undefined): boolean {
  if (!svc || !pod || !svc.spec.selector) return false;
  return matches(fromMap(svc.spec.selector), pod.metadata.labels);
}

function keysForPod(ctx: ControllerContext, d: Delta): string[] {
  const s = state(ctx);
  const cur = d.cur as Pod | undefined;
  const old = d.old as Pod | undefined;
  const pod = (cur ?? old)!;
  const key = metaKey(pod);
  const ns = pod.metadata.namespace ?? '';
  indexMove(s.podsByNamespace, key, old ? ns : undefined, cur ? ns : undefined);
  // Services the Pod was in, and those its current labels could put it in.
  const candidates = new Set(indexKeys(s.memberOf, key));
  for (const k of indexKeys(s.selectAll, ns)) candidates.add(k);
  for (const [k, v] of Object.entries(cur?.metadata.labels ?? {})) for (const svcKey of indexKeys(s.servicesByPair, `${ns}/${k}=${v}`)) candidates.add(svcKey);
  if (candidates.size === 0) return [];
  const viewChanged = endpointView(old) !== endpointView(cur);
  const keys: string[] = [];
  for (const svcKey of candidates) {
    const svc = ctx.cache('services').cache.get(svcKey) as Service | undefined;
    const was = s.members.get(svcKey)?.has(key) ?? false;
    const is = selects(svc, cur);
    if (is !== was) setMember(s, svcKey, key, is);
    if (is !== was || (is && viewChanged)) keys.push(svcKey);
  }
  return keys;
}

function keysForService(ctx: ControllerContext, d: Delta): string[] {
  const s = state(ctx);
  const svc = (d.cur ?? d.old)!;
  const key = metaKey(svc);
  const ns = svc.metadata.namespace ?? '';
  const oldSel = JSON.stringify((d.old as Service | undefined)?.spec.selector ?? null);
  const curSel = JSON.stringify((d.cur as Service | undefined)?.spec.selector ?? null);
  if (!d.old || !d.cur || oldSel !== curSel) {
    fileService(s, key, d.old as Service | undefined, false);
    fileService(s, key, d.cur as Service | undefined, true);
    for (const pk of indexKeys(s.members, key)) setMember(s, key, pk, false);
    const pods = ctx.cache('pods').cache;
    if (d.cur) for (const pk of indexKeys(s.podsByNamespace, ns)) if (selects(d.cur as Service, pods.get(pk) as Pod | undefined)) setMember(s, key, pk, true);
  }
  return [key];
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
      return keysForPod(ctx, d);
    case 'services':
      return keysForService(ctx, d);
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
