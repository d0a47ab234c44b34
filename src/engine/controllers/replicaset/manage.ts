/**
 * manageReplicas (pkg/controller/replicaset/replica_set.go): create or delete Pods so the number
 * of active Pods matches spec.replicas. Creations run in slow-start batches (1, 2, 4, ...) and stop
 * at the first failure, so a quota error costs one request, not a hundred. Expectations record
 * what was asked for until the informer shows it.
 *
 * Every create and delete first takes a token from the controller's client rate limiter
 * (--kube-api-qps / --kube-api-burst). In Kubernetes that limiter covers every request the
 * client makes and a request waits for its token; here it covers the Pod creates and deletes —
 * the requests that grow with spec.replicas, the rest are few per sync — and a sync that runs
 * out of tokens does what it may and asks to run again when the bucket holds the rest of its
 * batch (at most a burst): one sync per batch, not one per token.
 */
import type { KObject, Pod, ReplicaSet } from '../../../k8s/types';
import type { ControllerContext } from '../framework';
import { creationObserved, deletionObserved, expectCreations, expectDeletions, type Expectations } from '../util/expectations';
import { isNamespaceTerminating, statusCode } from '../util/errors';
import { newControllerRef } from '../util/meta';
import { podsToDelete } from './ranking';
import { cloneData } from '../../core/clone';
import { available, tokenDelay, type RateLimit, type TokenBucket } from '../../client/flowcontrol';
import type { ReplicaKind } from './kind';

/** --concurrent... burstReplicas: at most this many creates or deletes per sync. */
export const BURST_REPLICAS = 500;
export const SLOW_START_INITIAL_BATCH_SIZE = 1;

/** slowStartBatch: runs `fn` count times in doubling batches; stops after a batch with a failure. */
export function slowStartBatch(count: number, initial: number, fn: () => string | undefined): { successes: number; error?: string } {
  let remaining = count;
  let successes = 0;
  for (let batch = Math.min(remaining, initial); batch > 0; batch = Math.min(2 * batch, remaining)) {
    let firstError: string | undefined;
    for (let i = 0; i < batch; i++) {
      const err = fn();
      if (err === undefined) successes++;
      else firstError ??= err;
    }
    if (firstError !== undefined) return { successes, error: firstError };
    remaining -= batch;
  }
  return { successes };
}

/** controller.GetPodFromTemplate + PodControl.CreatePods. Returns an error message on failure. */
function createPod(ctx: ControllerContext, kind: ReplicaKind, rs: ReplicaSet): string | undefined {
  const t = rs.spec.template;
  const labels = { ...(t?.metadata?.labels ?? {}) };
  if (Object.keys(labels).length === 0) return 'unable to create pods, no labels';
  const metadata: KObject['metadata'] = { generateName: `${rs.metadata.name}-`, labels, ownerReferences: [newControllerRef(rs, kind.apiVersion, kind.kind)] };
  if (t?.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
  if (t?.metadata?.finalizers) metadata.finalizers = [...t.metadata.finalizers];
  const body: Pod = { apiVersion: 'v1', kind: 'Pod', metadata, spec: cloneData(t?.spec ?? { containers: [] }) };
  // Built fresh from copies of the template: kube-apiserver may keep it.
  const res = ctx.request({ verb: 'create', resource: 'pods', namespace: rs.metadata.namespace, body, handOver: true });
  if (!res.ok) {
    // A Terminating namespace rejects every create; upstream neither reports nor retries it.
    if (isNamespaceTerminating(res)) return undefined;
    ctx.record(rs, { type: 'Warning', reason: 'FailedCreate', message: `Error creating: ${res.error.message}` });
    return res.error.message;
  }
  ctx.record(rs, { type: 'Normal', reason: 'SuccessfulCreate', message: `Created pod: ${res.object?.metadata.name ?? ''}` });
  return undefined;
}

function deletePod(ctx: ControllerContext, rs: ReplicaSet, pod: Pod): { error?: string; notFound?: boolean } {
  const res = ctx.request({ verb: 'delete', resource: 'pods', namespace: pod.metadata.namespace, name: pod.metadata.name });
  if (res.ok) {
    ctx.record(rs, { type: 'Normal', reason: 'SuccessfulDelete', message: `Deleted pod: ${pod.metadata.name}` });
    return {};
  }
  if (statusCode(res) === 404) return { notFound: true };
  ctx.record(rs, { type: 'Warning', reason: 'FailedDelete', message: `Error deleting: ${res.error.message}` });
  return { error: res.error.message };
}

export interface ManageInput {
  rs: ReplicaSet;
  kind: ReplicaKind;
  rsKey: string;
  /** How many active Pods the ReplicaSet controls. */
  active: number;
  /** Those Pods, in claim order; only a scale-down reads them, so they are gathered on demand. */
  activePods: () => Pod[];
  /**
   * Active Pods of every ReplicaSet sharing this one's controller (spreads deletions across
   * nodes). Only a scale-down reads them, and collecting them costs every Pod of the Deployment,
   * so they are gathered on demand.
   */
  related: () => Pod[];
  replicas: number;
  expectations: Expectations;
  /** The controller's client rate limiter; undefined when it has none (--kube-api-qps ≤ 0). */
  client: { limit: RateLimit; bucket: TokenBucket } | undefined;
}

export interface ManageResult {
  /** The first error, if any (it becomes the ReplicaFailure condition and a requeue). */
  error?: string;
  /** Set when the rate limiter stopped the sync short: the ms until the bucket holds the rest (or a full burst). */
  throttledFor?: number;
}

/** How many of `wanted` requests the client may send now, and the wait for the rest (if any). */
function admit(m: ManageInput, wanted: number, now: number): { n: number; throttledFor?: number } {
  if (!m.client) return { n: wanted };
  const n = Math.min(wanted, available(m.client.bucket, m.client.limit, now));
  m.client.bucket.tokens -= n;
  return n < wanted ? { n, throttledFor: tokenDelay(m.client.bucket, m.client.limit, now, wanted - n) } : { n };
}

export function manageReplicas(ctx: ControllerContext, m: ManageInput): ManageResult {
  const now = ctx.w.now;
  let diff = m.active - m.replicas;
  if (diff < 0) {
    diff = Math.min(-diff, BURST_REPLICAS);
    expectCreations(m.expectations, m.rsKey, diff, now);
    const { n, throttledFor } = admit(m, diff, now);
    let sent = 0;
    const r = slowStartBatch(n, SLOW_START_INITIAL_BATCH_SIZE, () => {
      sent++;
      return createPod(ctx, m.kind, m.rs);
    });
    // A batch that fails ends the sync: give back the tokens of the creates never sent.
    if (m.client) m.client.bucket.tokens += n - sent;
    // Pods never attempted will never be observed: lower the expectation for each.
    for (let i = r.successes; i < diff; i++) creationObserved(m.expectations, m.rsKey);
    return r.error !== undefined ? { error: r.error } : throttledFor !== undefined ? { throttledFor } : {};
  }
  if (diff > 0) {
    const { n, throttledFor } = admit(m, Math.min(diff, BURST_REPLICAS), now);
    const victims = n > 0 ? podsToDelete(m.activePods(), m.related(), n, now) : [];
    const keys = victims.map((p) => `${p.metadata.namespace}/${p.metadata.name}`);
    expectDeletions(m.expectations, m.rsKey, keys, now);
    let firstError: string | undefined;
    victims.forEach((p, i) => {
      const r = deletePod(ctx, m.rs, p);
      if (r.error === undefined && !r.notFound) return;
      deletionObserved(m.expectations, m.rsKey, keys[i]!);
      firstError ??= r.error;
    });
    return firstError !== undefined ? { error: firstError } : throttledFor !== undefined ? { throttledFor } : {};
  }
  return {};
}
