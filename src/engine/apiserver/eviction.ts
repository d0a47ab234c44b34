/**
 * The pods/eviction subresource (pkg/registry/core/pod/storage/eviction.go): a DELETE that asks
 * the Pod's PodDisruptionBudget first. A terminal, Pending or already deleting Pod is deleted
 * outright; otherwise the one budget selecting the Pod must allow a disruption, which is
 * recorded in its status (disruptionsAllowed - 1, disruptedPods[pod] = now) before the delete, so
 * the disruption controller counts the Pod as gone until it really is. Refusals are 429
 * TooManyRequests, which clients such as `kubectl drain` retry. The Pod gets the DisruptionTarget
 * condition (EvictionByEvictionAPI) just before its delete.
 */
import type { ComponentId } from '../core/ids';
import type { Eviction, KObject, Pod, PodDisruptionBudget } from '../../k8s/types';
import { resourceInfo, type ResourceInfo } from '../../k8s/resources';
import { rfc3339 } from '../../k8s/time';
import type { SimMillis } from '../../k8s/units';
import type { World } from '../world';
import { cloneData } from '../core/clone';
import { isPodReady } from '../controllers/util/pods';
import { pdbSelects, updateDisruptionAllowedCondition } from '../controllers/disruption/pdb';
import { badRequest, forbidden, type StatusError } from './status';
import { applyDelete } from './delete';
import type { ApiRequest, ApiResponse } from './handler';

const PDBS = resourceInfo('poddisruptionbudgets')!;

/** MaxDisruptedPodSize: approved evictions the controller has not yet confirmed. */
const MAX_DISRUPTED_POD_SIZE = 2000;

const VIOLATES = "Cannot evict pod as it would violate the pod's disruption budget.";

function tooManyRequests(message: string, cause: string, retryAfterSeconds: number): StatusError {
  return { code: 429, reason: 'TooManyRequests', message, details: { causes: [{ type: 'DisruptionBudget', field: '', message: cause }], ...(retryAfterSeconds ? { retryAfterSeconds } : {}) } };
}

function success(): ApiResponse {
  return { ok: true, code: 201, object: { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Success' } as KObject, resourceVersion: '' };
}

/** podutil.UpdatePodCondition with the eviction's DisruptionTarget condition. */
function withDisruptionTarget(pod: Pod, now: SimMillis): Pod {
  const next = cloneData(pod);
  const conds = (next.status ??= {}).conditions ?? [];
  const c = { type: 'DisruptionTarget', status: 'True' as const, lastProbeTime: null, lastTransitionTime: rfc3339(now), reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' };
  const i = conds.findIndex((x) => x.type === 'DisruptionTarget');
  if (i < 0) conds.push(c);
  else conds[i] = { ...c, lastTransitionTime: conds[i]!.status === 'True' ? conds[i]!.lastTransitionTime : c.lastTransitionTime };
  next.status.conditions = conds;
  return next;
}

/** canIgnorePDB: the Pod's disruption already happened, or it never ran. */
function canIgnorePDB(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata.deletionTimestamp;
}

/** Writes a status (the Pod's, a PodDisruptionBudget's) through the apiserver's own update path. */
export type StatusWriter = (info: ResourceInfo, namespace: string | undefined, old: KObject, next: KObject) => ApiResponse;

export function evictPod(w: World, serverId: ComponentId, requestId: number, info: ResourceInfo, pod: Pod, req: ApiRequest, writeStatus: StatusWriter): ApiResponse {
  const eviction = req.body as Eviction | undefined;
  if (!eviction || eviction.metadata?.name !== pod.metadata.name) return { ok: false, error: badRequest('name in URL does not match name in Eviction object') };
  const opts = eviction.deleteOptions ?? {};
  const dryRun = !!req.dryRun || (opts.dryRun ?? []).includes('All');
  const del = (): ApiResponse => {
    let target = pod;
    if (!dryRun) {
      // addConditionAndDeletePod: the Pod says why it is going before it goes.
      const marked = writeStatus(info, pod.metadata.namespace, pod, withDisruptionTarget(pod, w.now));
      if (!marked.ok) return marked;
      target = (marked.object as Pod | undefined) ?? pod;
    }
    const res = applyDelete(w, serverId, requestId, info, target, { ...(opts.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: opts.gracePeriodSeconds } : {}), dryRun, user: req.user });
    return res.ok ? success() : res;
  };
  if (canIgnorePDB(pod)) return del();

  const ns = pod.metadata.namespace;
  const pdbs = [...(w.etcd.kv.get(PDBS.resource)?.values() ?? [])].map((o) => o as PodDisruptionBudget).filter((p) => pdbSelects(p, pod));
  if (pdbs.length > 1) return { ok: false, error: { code: 500, reason: '', message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.' } };
  if (pdbs.length === 0) return del();
  const pdb = pdbs[0]!;
  const st = pdb.status ?? { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  // An unready Pod does not count towards currentHealthy, so evicting it spends no budget: with
  // IfHealthyBudget (the default) only while the budget is met, with AlwaysAllow always.
  if (!isPodReady(pod) && (pdb.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow' || (st.currentHealthy >= st.desiredHealthy && st.desiredHealthy > 0))) return del();

  // checkAndDecrement.
  const name = pdb.metadata.name ?? '';
  if ((st.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) {
    return { ok: false, error: tooManyRequests(VIOLATES, `The disruption budget ${name} is still being processed by the server.`, 10) };
  }
  if (st.disruptionsAllowed < 0) return { ok: false, error: forbidden(`poddisruptionbudget.policy "${name}" is forbidden: pdb disruptions allowed is negative`) };
  if (Object.keys(st.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) {
    return { ok: false, error: forbidden(`poddisruptionbudget.policy "${name}" is forbidden: DisruptedPods map too big - too many evictions not confirmed by PDB controller`) };
  }
  if (st.disruptionsAllowed === 0) {
    return { ok: false, error: tooManyRequests(VIOLATES, `The disruption budget ${name} needs ${st.desiredHealthy} healthy pods and has ${st.currentHealthy} currently`, 0) };
  }
  if (!dryRun) {
    const next = cloneData(pdb);
    const ns2 = (next.status = cloneData(st));
    ns2.disruptionsAllowed--;
    if (ns2.disruptionsAllowed === 0) updateDisruptionAllowedCondition(next, w.now);
    ns2.disruptedPods = { ...(ns2.disruptedPods ?? {}), [pod.metadata.name ?? '']: rfc3339(w.now) };
    const written = writeStatus(PDBS, ns, pdb, next);
    if (!written.ok) return written;
  }
  return del();
}
