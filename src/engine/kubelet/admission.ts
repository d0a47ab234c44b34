/**
 * The kubelet's own admission (lifecycle.PredicateAdmitHandler): a Pod bound to this node must
 * fit what the node has left, or it is rejected — phase Failed, reason `OutOfcpu` and friends —
 * even though the scheduler thought otherwise (or never ran, as with spec.nodeName).
 */
import type { Pod } from '../../k8s/types';
import { milli } from '../../k8s/quantity';
import { podRequests as podResourceRequests } from '../../k8s/pod-resources';
import type { World } from '../world';
import type { KubeletState } from './state';

/**
 * Per spec object: a stored Pod's spec is never mutated, and a status write shares it with the
 * version before (apiserver/handler.ts), so each admission stops re-parsing every admitted Pod.
 */
const REQUESTS = new WeakMap<Pod['spec'], Readonly<Record<string, number>>>();

function podRequests(pod: Pod): Readonly<Record<string, number>> {
  let sum = REQUESTS.get(pod.spec);
  if (!sum) REQUESTS.set(pod.spec, (sum = sumRequests(pod)));
  return sum;
}

/** noderesources.Fits' computePodResourceRequest: PodRequests, sidecars and the RuntimeClass's overhead included. */
function sumRequests(pod: Pod): Record<string, number> {
  const sum: Record<string, number> = {};
  // The kubelet counts what it allocated (the Pod passed in carries that spec), never the status.
  for (const [k, v] of podResourceRequests(pod, { useStatusResources: false })) sum[k] = v.milli;
  return sum;
}

/** Milli-units as the rejection message prints them: millicores for cpu, bytes otherwise. */
function shown(resource: string, m: number): number {
  return resource === 'cpu' ? m : Math.round(m / 1000);
}

export type AdmitResult = { ok: true } | { ok: false; reason: string; message: string };

export function admitPod(w: World, self: KubeletState, pod: Pod): AdmitResult {
  const alloc = w.machineSpecs.get(self.host)?.allocatable ?? {};
  const used: Record<string, number> = { pods: 0 };
  for (const wk of self.workers.values()) {
    if (!wk.admitted || wk.lifecycle === 'terminated' || wk.uid === pod.metadata.uid) continue;
    used['pods'] = (used['pods'] ?? 0) + 1000;
    // Other Pods count at what was allocated to them, not a resize they asked for since.
    const allocated = wk.allocated && wk.allocated !== wk.pod.spec ? { ...wk.pod, spec: wk.allocated } : wk.pod;
    for (const [k, v] of Object.entries(podRequests(allocated))) used[k] = (used[k] ?? 0) + v;
  }
  const want: Record<string, number> = { ...podRequests(pod), pods: 1000 };
  for (const resource of ['pods', 'cpu', 'memory', 'ephemeral-storage']) {
    const req = want[resource] ?? 0;
    if (req === 0 || alloc[resource] === undefined) continue;
    const cap = milli(alloc[resource]);
    const u = used[resource] ?? 0;
    if (u + req <= cap) continue;
    return {
      ok: false,
      reason: `OutOf${resource}`,
      message: `Node didn't have enough resource: ${resource}, requested: ${shown(resource, req)}, used: ${shown(resource, u)}, capacity: ${shown(resource, cap)}`,
    };
  }
  return { ok: true };
}
