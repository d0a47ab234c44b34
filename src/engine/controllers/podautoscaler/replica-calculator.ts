/**
 * The replica calculator for resource utilization targets (pkg/controller/podautoscaler/
 * replica_calculator.go GetResourceReplicas, calcPlainMetricReplicas, groupPods): Pods being
 * deleted or Failed are ignored; Pending ones, and (for CPU) ones not yet Ready or whose sample
 * predates their readiness, are unready; Pods without a sample are missing. The usage ratio is
 * the total usage over the total requests of the Pods with samples, against the target; when
 * Pods are missing or unready it is computed again assuming the conservative value for them
 * (100% of request on a scale-down, 0 on a scale-up), and a move the assumption reverses is
 * dropped. Within the tolerance (0.1) the current count stays.
 */
import type { Pod } from '../../../k8s/types';
import { milli } from '../../../k8s/quantity';
import { parseTimestamp } from '../../../k8s/time';
import { podCondition } from '../util/pods';

export const TOLERANCE = 0.1;
/** --horizontal-pod-autoscaler-cpu-initialization-period. */
const CPU_INITIALIZATION_PERIOD_MS = 5 * 60_000;
/** --horizontal-pod-autoscaler-initial-readiness-delay. */
const INITIAL_READINESS_DELAY_MS = 30_000;

export interface PodSample {
  /** Milli-units (millicores, or milli-bytes for memory) summed over the Pod's containers. */
  value: number;
  timestamp: number;
  windowMs: number;
}

export type Calculation =
  | { ok: true; replicas: number; utilization: number; rawAverage: number }
  | { ok: false; error: string };

export function isWithinTolerance(ratio: number): boolean {
  return Math.abs(1 - ratio) <= TOLERANCE;
}

function groupPods(pods: Pod[], samples: Map<string, PodSample>, resource: string, now: number): { ready: number; unready: Set<string>; missing: Set<string>; ignored: Set<string> } {
  const unready = new Set<string>();
  const missing = new Set<string>();
  const ignored = new Set<string>();
  let ready = 0;
  for (const pod of pods) {
    const name = pod.metadata.name ?? '';
    if (pod.metadata.deletionTimestamp || pod.status?.phase === 'Failed') {
      ignored.add(name);
      continue;
    }
    if (pod.status?.phase === 'Pending') {
      unready.add(name);
      continue;
    }
    const sample = samples.get(name);
    if (!sample) {
      missing.add(name);
      continue;
    }
    if (resource === 'cpu') {
      const cond = podCondition(pod, 'Ready');
      const started = pod.status?.startTime;
      let isUnready: boolean;
      if (!cond || !started) isUnready = true;
      else {
        const start = parseTimestamp(started);
        const transition = cond.lastTransitionTime ? parseTimestamp(cond.lastTransitionTime) : start;
        if (start + CPU_INITIALIZATION_PERIOD_MS > now) isUnready = cond.status === 'False' || sample.timestamp < transition + sample.windowMs;
        else isUnready = cond.status === 'False' && start + INITIAL_READINESS_DELAY_MS > transition;
      }
      if (isUnready) {
        unready.add(name);
        continue;
      }
    }
    ready++;
  }
  return { ready, unready, missing, ignored };
}

/** calculatePodRequests: each Pod's summed container requests; a container without one is an error. */
function podRequests(pods: Pod[], resource: string): Map<string, number> | string {
  const out = new Map<string, number>();
  for (const pod of pods) {
    let sum = 0;
    for (const c of pod.spec.containers) {
      const q = c.resources?.requests?.[resource];
      if (q === undefined) return `missing request for ${resource} in container ${c.name} of Pod ${pod.metadata.name ?? ''}`;
      sum += milli(q);
    }
    out.set(pod.metadata.name ?? '', sum);
  }
  return out;
}

/** GetResourceUtilizationRatio. */
function utilizationRatio(samples: Map<string, number>, requests: Map<string, number>, target: number): { ratio: number; utilization: number; rawAverage: number } | string {
  let total = 0;
  let requested = 0;
  let n = 0;
  for (const [name, v] of samples) {
    const r = requests.get(name);
    if (r === undefined) continue;
    total += v;
    requested += r;
    n++;
  }
  if (requested === 0) return 'no metrics returned matched known pods';
  const utilization = Math.trunc((total * 100) / requested);
  return { ratio: utilization / target, utilization, rawAverage: Math.trunc(total / n) };
}

/**
 * `target` is a utilization percentage, or with `raw` an average value in milli-units
 * (GetRawResourceReplicas: no requests needed, the ratio is the average over the target).
 */
/** GetMetricUsageRatio for a raw average: the mean over the Pods with samples, against the target. */
function rawRatio(samples: Map<string, number>, target: number): { ratio: number; utilization: number; rawAverage: number } | string {
  if (samples.size === 0) return 'no metrics returned matched known pods';
  let total = 0;
  for (const v of samples.values()) total += v;
  const avg = Math.trunc(total / samples.size);
  return { ratio: avg / target, utilization: avg, rawAverage: avg };
}

export function resourceReplicas(current: number, target: number, resource: string, pods: Pod[], samples: Map<string, PodSample>, now: number, raw = false): Calculation {
  if (pods.length === 0) return { ok: false, error: 'no pods returned by selector while calculating replica count' };
  const g = groupPods(pods, samples, resource, now);
  const values = new Map<string, number>();
  for (const [name, s] of samples) if (!g.ignored.has(name) && !g.unready.has(name) && pods.some((p) => p.metadata.name === name)) values.set(name, s.value);
  if (values.size === 0) return { ok: false, error: 'did not receive metrics for targeted pods (pods might be unready)' };
  const requests = raw ? new Map(pods.map((p) => [p.metadata.name ?? '', 1000] as const)) : podRequests(pods, resource);
  if (typeof requests === 'string') return { ok: false, error: requests };
  const ratioOf = (v: Map<string, number>): ReturnType<typeof utilizationRatio> => (raw ? rawRatio(v, target) : utilizationRatio(v, requests, target));
  const first = ratioOf(values);
  if (typeof first === 'string') return { ok: false, error: first };
  const { ratio, utilization, rawAverage } = first;
  const scaleUpWithUnready = g.unready.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && g.missing.size === 0) {
    if (isWithinTolerance(ratio)) return { ok: true, replicas: current, utilization, rawAverage };
    return { ok: true, replicas: Math.ceil(ratio * g.ready), utilization, rawAverage };
  }
  if (g.missing.size > 0) {
    if (ratio < 1) {
      const fallback = Math.max(100, target);
      for (const name of g.missing) values.set(name, Math.trunc(((requests.get(name) ?? 0) * fallback) / 100));
    } else if (ratio > 1) {
      for (const name of g.missing) values.set(name, 0);
    }
  }
  if (scaleUpWithUnready) for (const name of g.unready) values.set(name, 0);
  const again = ratioOf(values);
  if (typeof again === 'string') return { ok: false, error: again };
  const next = again.ratio;
  if (isWithinTolerance(next) || (ratio < 1 && next > 1) || (ratio > 1 && next < 1)) return { ok: true, replicas: current, utilization, rawAverage };
  const replicas = Math.ceil(next * values.size);
  if ((next < 1 && replicas > current) || (next > 1 && replicas < current)) return { ok: true, replicas: current, utilization, rawAverage };
  return { ok: true, replicas, utilization, rawAverage };
}
