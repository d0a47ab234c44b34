/**
 * From the metrics' proposal to the replica count the HPA writes (horizontal.go): the
 * stabilization window (the highest recommendation of the last 300 s wins on the way down; with a
 * `behavior`, its own windows up and down), then the rate limits — without `behavior`, at most
 * max(2 × current, 4) and never outside [minReplicas, maxReplicas]; with it, its policies over the
 * scale events of their periods (the default: +100% or +4 Pods per 15 s, whichever is more;
 * −100% per 15 s). Each step names the AbleToScale and ScalingLimited conditions it sets.
 */
import type { HPAScalingRules, HorizontalPodAutoscalerBehavior } from '../../../k8s/autoscaling';
import { scaleDownRules, scaleUpRules } from '../../../k8s/hpa-behavior';

/** --horizontal-pod-autoscaler-downscale-stabilization. */
export const DOWNSCALE_STABILIZATION_MS = 300_000;

export interface Recommendation {
  at: number;
  replicas: number;
}

export interface ScaleEvent {
  at: number;
  change: number;
  outdated: boolean;
}

/** The controller's memory for one HPA (a.recommendations, a.scaleUpEvents, a.scaleDownEvents). */
export interface HpaMemory {
  recommendations: Recommendation[];
  scaleUp: ScaleEvent[];
  scaleDown: ScaleEvent[];
}

export interface Verdict {
  replicas: number;
  able: { reason: string; message: string };
  limited: { status: 'True' | 'False'; reason: string; message: string };
}

const DESIRED_WITHIN_RANGE = { reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
const READY_FOR_NEW_SCALE = { reason: 'ReadyForNewScale', message: 'recommended size matches current size' };
const SCALE_DOWN_STABILIZED = { reason: 'ScaleDownStabilized', message: 'recent recommendations were higher than current one, applying the highest recent recommendation' };

/** stabilizeRecommendation (no behavior): the highest recommendation of the window; the oldest stale one is replaced. */
function stabilize(mem: HpaMemory, proposed: number, now: number): number {
  let best = proposed;
  let old = -1;
  mem.recommendations.forEach((r, i) => {
    if (r.at < now - DOWNSCALE_STABILIZATION_MS) old = i;
    else if (r.replicas > best) best = r.replicas;
  });
  if (old >= 0) mem.recommendations[old] = { at: now, replicas: proposed };
  else mem.recommendations.push({ at: now, replicas: proposed });
  return best;
}

/** normalizeDesiredReplicas with convertDesiredReplicasWithRules. */
function withoutBehavior(mem: HpaMemory, current: number, proposed: number, min: number, max: number, now: number): Verdict {
  const stabilized = stabilize(mem, proposed, now);
  const able = stabilized !== proposed ? SCALE_DOWN_STABILIZED : READY_FOR_NEW_SCALE;
  const scaleUpLimit = Math.trunc(Math.max(2 * current, 4));
  let maxAllowed: number;
  let limiting: { reason: string; message: string };
  if (max > scaleUpLimit) {
    maxAllowed = scaleUpLimit;
    limiting = { reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' };
  } else {
    maxAllowed = max;
    limiting = { reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' };
  }
  let replicas = stabilized;
  let why = DESIRED_WITHIN_RANGE;
  if (stabilized < min) {
    replicas = min;
    why = { reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
  } else if (stabilized > maxAllowed) {
    replicas = maxAllowed;
    why = limiting;
  }
  return { replicas, able, limited: { status: replicas === stabilized ? 'False' : 'True', ...why } };
}

function changeInPeriod(periodSeconds: number, events: ScaleEvent[], now: number): number {
  let n = 0;
  for (const e of events) if (e.at > now - periodSeconds * 1000) n += e.change;
  return n;
}

function scaleUpLimit(current: number, events: ScaleEvent[], rules: HPAScalingRules, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const min = rules.selectPolicy === 'Min';
  let result = min ? 2 ** 31 - 1 : -(2 ** 31);
  for (const p of rules.policies ?? []) {
    const start = current - changeInPeriod(p.periodSeconds, events, now);
    const proposed = p.type === 'Pods' ? start + p.value : Math.ceil(start * (1 + p.value / 100));
    result = min ? Math.min(result, proposed) : Math.max(result, proposed);
  }
  return result;
}

function scaleDownLimit(current: number, events: ScaleEvent[], rules: HPAScalingRules, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const pick = rules.selectPolicy === 'Min' ? Math.max : Math.min;
  let result = 2 ** 31 - 1;
  for (const p of rules.policies ?? []) {
    const start = current + changeInPeriod(p.periodSeconds, events, now);
    const proposed = p.type === 'Pods' ? start - p.value : Math.trunc(start * (1 - p.value / 100));
    result = pick(result, proposed);
  }
  return result;
}

/** normalizeDesiredReplicasWithBehaviors: stabilizeRecommendationWithBehaviors then convertDesiredReplicasWithBehaviorRate. */
function withBehavior(mem: HpaMemory, b: HorizontalPodAutoscalerBehavior, current: number, proposed: number, min: number, max: number, now: number): Verdict {
  const up = scaleUpRules(b.scaleUp);
  const down = scaleDownRules(b.scaleDown);
  const upWindow = up.stabilizationWindowSeconds ?? 0;
  const downWindow = down.stabilizationWindowSeconds ?? DOWNSCALE_STABILIZATION_MS / 1000;
  const goingUp = proposed >= current;
  const window = goingUp ? upWindow : downWindow;
  const better = goingUp ? Math.min : Math.max;
  const stabilizedReason = goingUp
    ? { reason: 'ScaleUpStabilized', message: 'recent recommendations were lower than current one, applying the lowest recent recommendation' }
    : SCALE_DOWN_STABILIZED;
  const obsolete = now - Math.max(upWindow, downWindow) * 1000;
  let stabilized = proposed;
  let old = -1;
  mem.recommendations.forEach((r, i) => {
    if (r.at > now - window * 1000) stabilized = better(r.replicas, stabilized);
    if (r.at < obsolete) old = i;
  });
  if (old >= 0) mem.recommendations[old] = { at: now, replicas: proposed };
  else mem.recommendations.push({ at: now, replicas: proposed });
  const able = stabilized !== proposed ? stabilizedReason : READY_FOR_NEW_SCALE;

  let replicas = stabilized;
  let why = DESIRED_WITHIN_RANGE;
  if (stabilized > current) {
    const limit = Math.max(scaleUpLimit(current, mem.scaleUp, up, now), current);
    const [allowed, limiting] =
      max > limit
        ? [limit, { reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' }]
        : [max, { reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' }];
    if (stabilized > allowed) [replicas, why] = [allowed, limiting];
  } else if (stabilized < current) {
    const limit = Math.min(scaleDownLimit(current, mem.scaleDown, down, now), current);
    const [allowed, limiting] =
      min < limit
        ? [limit, { reason: 'ScaleDownLimit', message: 'the desired replica count is decreasing faster than the maximum scale rate' }]
        : [min, { reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' }];
    if (stabilized < allowed) [replicas, why] = [allowed, limiting];
  }
  return { replicas, able, limited: { status: replicas === stabilized ? 'False' : 'True', ...why } };
}

export function normalize(mem: HpaMemory, behavior: HorizontalPodAutoscalerBehavior | undefined, current: number, proposed: number, min: number, max: number, now: number): Verdict {
  return behavior ? withBehavior(mem, behavior, current, proposed, min, max, now) : withoutBehavior(mem, current, proposed, min, max, now);
}

/** storeScaleEvent: only a `behavior` uses them; an event older than the longest policy period is reused. */
export function storeScaleEvent(mem: HpaMemory, behavior: HorizontalPodAutoscalerBehavior | undefined, prev: number, next: number, now: number): void {
  if (!behavior) return;
  const up = next > prev;
  const rules = up ? scaleUpRules(behavior.scaleUp) : scaleDownRules(behavior.scaleDown);
  const longest = Math.max(0, ...(rules.policies ?? []).map((p) => p.periodSeconds));
  const events = up ? mem.scaleUp : mem.scaleDown;
  for (const e of events) if (e.at < now - longest * 1000) e.outdated = true;
  const event = { at: now, change: Math.abs(next - prev), outdated: false };
  let reuse = -1;
  events.forEach((e, i) => {
    if (e.outdated) reuse = i;
  });
  if (reuse >= 0) events[reuse] = event;
  else events.push(event);
}
