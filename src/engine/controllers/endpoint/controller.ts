/**
 * The Endpoints controller (pkg/controller/endpoint; `endpoint-controller`): for every Service
 * with a selector, a v1 Endpoints object of the same name listing its Pods' addresses, ready or
 * not, per port set. The API is deprecated since v1.33 (kubectl warns) but the controller still
 * runs in v1.36, and `kubectl get endpoints` is what most tutorials type. It only ever reacts to
 * Services, their Pods and deleted Endpoints, never to its own updates.
 */
import type { Endpoints, EndpointSubset, Pod, Service } from '../../../k8s/types';
import { parseTimestamp, rfc3339 } from '../../../k8s/time';
import { componentId, type SimMillis } from '../../core/ids';
import { metaKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { canonicalJson } from '../util/equal';
import { isPodReady, isPodTerminal } from '../util/pods';
import { isNamespaceTerminating, runSync, statusCode, SyncError } from '../util/errors';
import { newServiceMembers, podDelta, serviceDelta, type ServiceMembers } from '../util/service-members';
import { indexKeys, stateOf } from '../util/state';
import { endpointSubsets } from './subsets';

export const HEADLESS_LABEL = 'service.kubernetes.io/headless';
const TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';

interface EndpointsState extends ServiceMembers {
  /** TriggerTimeTracker: per Service, the trigger times last seen (Pods by name, and the Service's). */
  seen: Map<string, { pods: Map<string, number>; service: number }>;
}

function state(ctx: ControllerContext): EndpointsState {
  return stateOf(ctx, () => ({ ...newServiceMembers(), seen: new Map() }));
}

/** What of a Pod the Endpoints show: a change to anything else needs no sync. */
function podView(pod: Pod | undefined): string {
  if (!pod) return '';
  return JSON.stringify([pod.status?.podIP, isPodReady(pod), !!pod.metadata.deletionTimestamp, isPodTerminal(pod), pod.spec.nodeName, pod.metadata.uid]);
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  switch (resource) {
    case 'pods':
      return podDelta(ctx, state(ctx), d, () => podView(d.old as Pod | undefined) !== podView(d.cur as Pod | undefined));
    case 'services':
      return [serviceDelta(ctx, state(ctx), d)];
    case 'endpoints':
      // onEndpointsDelete only: someone removed what this controller keeps.
      return d.cur ? [] : [metaKey(d.old!)];
    default:
      return [];
  }
}

/**
 * ComputeEndpointLastChangeTriggerTime: the Service's creation on first sight, then the earliest
 * of the trigger times (a Pod's Ready transition, the Service's creation) that moved since.
 */
function triggerTime(s: EndpointsState, key: string, svc: Service, pods: Pod[]): number | undefined {
  const prev = s.seen.get(key);
  const podTimes = new Map<string, number>();
  let min: number | undefined;
  for (const p of pods) {
    const ready = p.status?.conditions?.find((c) => c.type === 'Ready');
    if (!ready?.lastTransitionTime) continue;
    const t = parseTimestamp(ready.lastTransitionTime);
    podTimes.set(p.metadata.name ?? '', t);
    if (t > (prev?.pods.get(p.metadata.name ?? '') ?? -Infinity)) min = min === undefined ? t : Math.min(min, t);
  }
  const svcTime = parseTimestamp(svc.metadata.creationTimestamp ?? '');
  if (svcTime > (prev?.service ?? -Infinity)) min = min === undefined ? svcTime : Math.min(min, svcTime);
  s.seen.set(key, { pods: podTimes, service: svcTime });
  return prev ? min : svcTime;
}

function syncService(ctx: ControllerContext, key: string): ReconcileResult {
  const s = state(ctx);
  const [ns = '', name = ''] = key.split('/');
  const svc = ctx.cache('services').cache.get(key) as Service | undefined;
  if (!svc) {
    s.seen.delete(key);
    const res = ctx.request({ verb: 'delete', resource: 'endpoints', namespace: ns, name });
    if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
    return DONE;
  }
  if (svc.spec.type === 'ExternalName' || !svc.spec.selector) return DONE;
  const podCache = ctx.cache('pods').cache;
  const pods = indexKeys(s.members, key)
    .map((k) => podCache.get(k) as Pod | undefined)
    .filter((p): p is Pod => !!p);
  const trigger = triggerTime(s, key, svc, pods);
  const subsets: EndpointSubset[] = endpointSubsets(svc, pods);
  const current = ctx.cache('endpoints').cache.get(key) as Endpoints | undefined;
  const labels: Record<string, string> = { ...(svc.metadata.labels ?? {}) };
  const compare = { ...(current?.metadata.labels ?? {}) };
  delete compare[HEADLESS_LABEL];
  if (current && canonicalJson(current.subsets ?? []) === canonicalJson(subsets) && canonicalJson(compare) === canonicalJson(labels)) return DONE;
  if (svc.spec.clusterIP === 'None') labels[HEADLESS_LABEL] = '';
  const annotations: Record<string, string> = { ...(current?.metadata.annotations ?? {}) };
  if (trigger !== undefined) annotations[TRIGGER_TIME] = rfc3339(trigger as SimMillis);
  else delete annotations[TRIGGER_TIME];
  const metadata: Endpoints['metadata'] = { ...(current?.metadata ?? { name: svc.metadata.name, namespace: ns }), labels };
  // An empty map is omitted on the wire.
  if (!Object.keys(labels).length) delete metadata.labels;
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  else delete metadata.annotations;
  const body: Endpoints = { apiVersion: 'v1', kind: 'Endpoints', metadata };
  if (subsets.length) body.subsets = subsets;
  const res = current
    ? ctx.request({ verb: 'update', resource: 'endpoints', namespace: ns, name, body })
    : ctx.request({ verb: 'create', resource: 'endpoints', namespace: ns, body });
  if (res.ok) return DONE;
  if (!current && isNamespaceTerminating(res)) return DONE;
  ctx.record(body, current
    ? { type: 'Warning', reason: 'FailedToUpdateEndpoint', message: `Failed to update endpoint ${ns}/${name}: ${res.error.message}` }
    : { type: 'Warning', reason: 'FailedToCreateEndpoint', message: `Failed to create endpoint for service ${ns}/${name}: ${res.error.message}` });
  throw new SyncError(res.error.message);
}

export const endpointController: ControllerDef = {
  name: 'endpoint',
  actor: componentId('endpoint-controller'),
  informers: ['services', 'pods', 'endpoints'],
  keysFor,
  reconcile: (ctx, key) => runSync(() => syncService(ctx, key)),
};
