/**
 * One pass of the StatefulSet control loop (stateful_set_control.go updateStatefulSet,
 * processReplica, processCondemned; stateful_pod_control.go for the writes and their events).
 * Pods are split into replicas (ordinals in range, a placeholder for each missing one) and
 * condemned (beyond it, highest first). OrderedReady is monotonic: it creates one Pod and waits
 * for it to be Running and Ready (and available after minReadySeconds), deletes one condemned
 * Pod at a time once every replica is healthy, and stops at the first unhealthy Pod. Parallel
 * acts on every ordinal in the same pass. Then RollingUpdate (MaxUnavailableStatefulSet on, as
 * since 1.35) deletes Pods not at the update revision from the highest ordinal down to
 * `partition`, while fewer than maxUnavailable (default 1) Pods in range are unavailable;
 * OnDelete leaves Pods alone until someone deletes them.
 */
import type { IntOrString, Pod, StatefulSet } from '../../../k8s/types';
import { scaledValue } from '../deployment/util';
import type { ControllerContext } from '../framework';
import { SyncError } from '../util/errors';
import { claimsMatchRetentionPolicy, createMissingClaims, updateClaimsForRetentionPolicy } from './claims';
import {
  endOrdinal,
  identityMatches,
  isCreated,
  isFailed,
  isHealthy,
  isPending,
  isRunningAndAvailable,
  isRunningAndReady,
  isSucceeded,
  isTerminating,
  newStatefulSetPod,
  ordinalOf,
  podInOrdinalRange,
  revisionOf,
  startOrdinal,
  storageMatches,
  withIdentityLabels,
} from './identity';

export interface Pass {
  set: StatefulSet;
  /** The set at its current and update revisions (their templates). */
  currentSet: StatefulSet;
  updateSet: StatefulSet;
  currentRevision: string;
  updateRevision: string;
}

/** recordPodEvent. */
function recordPod(ctx: ControllerContext, set: StatefulSet, verb: 'create' | 'delete' | 'update', pod: Pod, err?: string): void {
  const Verb = verb[0]!.toUpperCase() + verb.slice(1);
  const name = pod.metadata.name ?? '';
  if (err === undefined) ctx.record(set, { type: 'Normal', reason: `Successful${Verb}`, message: `${verb} Pod ${name} in StatefulSet ${set.metadata.name ?? ''} successful` });
  else ctx.record(set, { type: 'Warning', reason: `Failed${Verb}`, message: `${verb} Pod ${name} in StatefulSet ${set.metadata.name ?? ''} failed error: ${err}` });
}

/** CreateStatefulPod: claims first, then the Pod; an AlreadyExists Pod is an error without an event. */
function createPod(ctx: ControllerContext, p: Pass, pod: Pod): void {
  const claimErr = createMissingClaims(ctx, p.set, pod);
  if (claimErr !== undefined) {
    recordPod(ctx, p.set, 'create', pod, claimErr);
    throw new SyncError(claimErr);
  }
  const res = ctx.request({ verb: 'create', resource: 'pods', namespace: p.set.metadata.namespace, body: pod });
  if (!res.ok) {
    if (!('code' in res.error) || res.error.reason !== 'AlreadyExists') recordPod(ctx, p.set, 'create', pod, res.error.message);
    throw new SyncError(res.error.message);
  }
  updateClaimsForRetentionPolicy(ctx, p.updateSet, res.object as Pod);
  recordPod(ctx, p.set, 'create', pod);
}

/** DeleteStatefulPod (a Pod already gone counts as deleted). */
function deletePod(ctx: ControllerContext, set: StatefulSet, pod: Pod): void {
  const res = ctx.request({ verb: 'delete', resource: 'pods', namespace: pod.metadata.namespace, name: pod.metadata.name });
  if (res.ok) {
    recordPod(ctx, set, 'delete', pod);
    return;
  }
  if ('code' in res.error && res.error.code === 404) return;
  recordPod(ctx, set, 'delete', pod, res.error.message);
  throw new SyncError(res.error.message);
}

/**
 * newVersionedStatefulSetPod: an ordinal below the partition (or, without rollingUpdate, below
 * currentReplicas) is recreated at the current revision, any other at the update revision.
 */
function versionedPod(p: Pass, ordinal: number): Pod {
  const s = p.currentSet;
  const ru = s.spec.updateStrategy?.rollingUpdate;
  const rolling = s.spec.updateStrategy?.type === 'RollingUpdate';
  const keepCurrent = (rolling && !ru && ordinal < startOrdinal(s) + (s.status?.currentReplicas ?? 0)) || (ru !== undefined && ordinal < startOrdinal(s) + (ru.partition ?? 0));
  return keepCurrent ? newStatefulSetPod(p.currentSet, ordinal, p.currentRevision) : newStatefulSetPod(p.updateSet, ordinal, p.updateRevision);
}

/** processReplica: returns true when the pass must stop here. */
function processReplica(ctx: ControllerContext, p: Pass, monotonic: boolean, replicas: Pod[], i: number): boolean {
  const set = p.set;
  let pod = replicas[i]!;
  const now = ctx.w.now;
  if (isFailed(pod) || isSucceeded(pod)) {
    const ns = set.metadata.namespace ?? '';
    if (isFailed(pod)) ctx.record(set, { type: 'Warning', reason: 'RecreatingFailedPod', message: `StatefulSet ${ns}/${set.metadata.name ?? ''} is recreating failed Pod ${pod.metadata.name ?? ''}` });
    else ctx.record(set, { type: 'Normal', reason: 'RecreatingTerminatedPod', message: `StatefulSet ${ns}/${set.metadata.name ?? ''} is recreating terminated Pod ${pod.metadata.name ?? ''}` });
    deletePod(ctx, set, pod);
    pod = replicas[i] = versionedPod(p, i + startOrdinal(set));
  }
  if (!isCreated(pod)) {
    createPod(ctx, p, pod);
    if (monotonic) return true;
  }
  if (isPending(pod)) {
    const err = createMissingClaims(ctx, set, pod);
    if (err !== undefined) throw new SyncError(err);
  }
  if (isTerminating(pod) && monotonic) return true;
  if (!isRunningAndReady(pod) && monotonic) return true;
  if (!isRunningAndAvailable(pod, set.spec.minReadySeconds ?? 0, now) && monotonic) return true;
  if (!isCreated(pod)) return false;
  if (!claimsMatchRetentionPolicy(ctx, p.updateSet, pod)) updateClaimsForRetentionPolicy(ctx, p.updateSet, pod);
  if (identityMatches(set, pod) && storageMatches(set, pod)) return false;
  // UpdateStatefulPod, for the labels only: a Pod's volumes cannot change after creation.
  if (!identityMatches(set, pod)) {
    const res = ctx.request({ verb: 'update', resource: 'pods', namespace: pod.metadata.namespace, name: pod.metadata.name, body: withIdentityLabels(set, pod) });
    recordPod(ctx, set, 'update', pod, res.ok ? undefined : res.error.message);
    if (!res.ok) throw new SyncError(res.error.message);
  }
  return false;
}

/** processCondemned: delete one Pod beyond the range; monotonic waits for a terminating one. */
function processCondemned(ctx: ControllerContext, set: StatefulSet, firstUnhealthy: Pod | undefined, monotonic: boolean, pod: Pod): boolean {
  if (isTerminating(pod)) return monotonic;
  if (!isRunningAndReady(pod) && monotonic && pod !== firstUnhealthy) return true;
  if (!isRunningAndAvailable(pod, set.spec.minReadySeconds ?? 0, ctx.w.now) && monotonic && pod !== firstUnhealthy) return true;
  deletePod(ctx, set, pod);
  return true;
}

/**
 * runForAll: monotonic stops at the first step that says so; burst (Parallel) runs every step
 * and stops only on an error (the first one is rethrown after the others ran).
 */
function runForAll(pods: Pod[], fn: (i: number) => boolean, monotonic: boolean): boolean {
  if (monotonic) {
    for (let i = 0; i < pods.length; i++) if (fn(i)) return true;
    return false;
  }
  let first: unknown;
  for (let i = 0; i < pods.length; i++) {
    try {
      fn(i);
    } catch (e) {
      if (!(e instanceof SyncError)) throw e;
      first ??= e;
    }
  }
  if (first !== undefined) throw first;
  return false;
}

/** The Pods this pass ends with (replicas, placeholders included, and condemned), for status. */
export interface PassResult {
  replicas: Pod[];
  condemned: Pod[];
}

/**
 * updateStatefulSet. Throws SyncError on a failed write; the caller still writes status from
 * the Pods it holds, as upstream does with a non-nil status and an error.
 */
export function updateStatefulSet(ctx: ControllerContext, p: Pass, pods: Pod[], result: PassResult): void {
  const set = p.set;
  const start = startOrdinal(set);
  const count = Math.max(0, endOrdinal(set) - start + 1);
  const replicas: (Pod | undefined)[] = new Array<Pod | undefined>(count).fill(undefined);
  const condemned: Pod[] = [];
  for (const pod of pods) {
    if (podInOrdinalRange(pod, set)) replicas[ordinalOf(pod) - start] = pod;
    else if (ordinalOf(pod) >= 0) condemned.push(pod);
  }
  for (let i = 0; i < count; i++) replicas[i] ??= versionedPod(p, i + start);
  const live = replicas as Pod[];
  condemned.sort((a, b) => ordinalOf(b) - ordinalOf(a));
  result.replicas = live;
  result.condemned = condemned;
  let firstUnhealthy = live.find((pod) => !isHealthy(pod));
  for (let i = condemned.length - 1; i >= 0 && !firstUnhealthy; i--) if (!isHealthy(condemned[i]!)) firstUnhealthy = condemned[i];
  if (set.metadata.deletionTimestamp) return;
  const monotonic = set.spec.podManagementPolicy !== 'Parallel';
  if (runForAll(live, (i) => processReplica(ctx, p, monotonic, live, i), monotonic)) return;
  // Claims of condemned Pods take their scaled-down owners before the Pods go.
  const fixClaims = (i: number): boolean => {
    if (!claimsMatchRetentionPolicy(ctx, p.updateSet, condemned[i]!)) updateClaimsForRetentionPolicy(ctx, p.updateSet, condemned[i]!);
    return false;
  };
  if (runForAll(condemned, fixClaims, monotonic)) return;
  if (runForAll(condemned, (i) => processCondemned(ctx, set, firstUnhealthy, monotonic, condemned[i]!), monotonic)) return;
  if (set.spec.updateStrategy?.type === 'OnDelete') return;
  rollingUpdate(ctx, set, live, p.updateRevision);
}

/** getStatefulSetMaxUnavailable: scaled against replicas, rounded up, at least 1. */
function maxUnavailableOf(v: IntOrString | undefined, replicas: number): number {
  return Math.max(1, v === undefined ? 1 : scaledValue(v, replicas, true));
}

/**
 * updateStatefulSetAfterInvariantEstablished: count the unavailable Pods in range (terminating,
 * or not Running and available), then delete up to maxUnavailable minus that many outdated Pods,
 * highest ordinal first, none below the partition.
 */
function rollingUpdate(ctx: ControllerContext, set: StatefulSet, replicas: Pod[], updateRevision: string): void {
  const ru = set.spec.updateStrategy?.rollingUpdate;
  const updateMin = ru?.partition ?? 0;
  const maxUnavailable = ru ? maxUnavailableOf(ru.maxUnavailable, set.spec.replicas ?? 1) : 1;
  const minReady = set.spec.minReadySeconds ?? 0;
  const unavailable = replicas.filter((pod) => isTerminating(pod) || !isRunningAndAvailable(pod, minReady, ctx.w.now)).length;
  let budget = maxUnavailable - unavailable;
  for (let target = replicas.length - 1; target >= updateMin && budget > 0; target--) {
    const pod = replicas[target]!;
    if (revisionOf(pod) === updateRevision || isTerminating(pod)) continue;
    deletePod(ctx, set, pod);
    budget--;
  }
}
