/**
 * Zone disruption (handleDisruption in the node lifecycle controller). NoExecute taints are
 * added through a per-zone rate limiter — --node-eviction-rate 0.1 Nodes/s, burst 1 — which
 * slows to --secondary-node-eviction-rate (0.01/s) when ≥55% of a zone's Nodes are not Ready,
 * and stops altogether in zones of ≤50 Nodes. When every Node in every zone is not Ready the
 * controller assumes the fault is its own view of the cluster, lifts the NoExecute taints and
 * evicts nothing ("master disruption mode").
 */
import type { Node, NodeCondition } from '../../../k8s/types';

export type ZoneState = 'Initial' | 'Normal' | 'PartialDisruption' | 'FullDisruption';

export const EVICTION_QPS = 0.1;
export const SECONDARY_EVICTION_QPS = 0.01;
export const LARGE_CLUSTER_THRESHOLD = 50;
export const UNHEALTHY_ZONE_THRESHOLD = 0.55;

/** A token bucket with burst 1 (flowcontrol.NewTokenBucketRateLimiter); qps 0 never admits. */
export interface Limiter {
  qps: number;
  tokens: number;
  at: number;
}

export interface Zones {
  states: Map<string, ZoneState>;
  limiters: Map<string, Limiter>;
}

export function newZones(): Zones {
  return { states: new Map(), limiters: new Map() };
}

/** nodetopology.GetZoneKey. */
export function zoneKey(node: Node): string {
  const l = node.metadata.labels ?? {};
  const region = l['topology.kubernetes.io/region'] ?? l['failure-domain.beta.kubernetes.io/region'] ?? '';
  const zone = l['topology.kubernetes.io/zone'] ?? l['failure-domain.beta.kubernetes.io/zone'] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\u0000:${zone}`;
}

export function limiterFor(z: Zones, zone: string, now: number): Limiter {
  let l = z.limiters.get(zone);
  if (!l) z.limiters.set(zone, (l = { qps: EVICTION_QPS, tokens: 1, at: now }));
  return l;
}

/** TryAccept. */
export function tryAccept(l: Limiter, now: number): boolean {
  if (l.qps <= 0) return false;
  l.tokens = Math.min(1, l.tokens + ((now - l.at) / 1000) * l.qps);
  l.at = now;
  if (l.tokens < 1) return false;
  l.tokens -= 1;
  return true;
}

/** SwapLimiter: a new rate; a limiter that was out of tokens stays so. */
function swapLimiter(l: Limiter, qps: number, now: number): void {
  if (l.qps === qps) return;
  const wasWaiting = !tryAccept({ ...l }, now);
  l.qps = qps;
  l.tokens = qps > 0 && !wasWaiting ? 1 : 0;
  l.at = now;
}

/** ComputeZoneState. */
export function computeZoneState(ready: (NodeCondition | undefined)[]): ZoneState {
  let readyNodes = 0;
  let notReady = 0;
  for (const c of ready) {
    if (c?.status === 'True') readyNodes++;
    else notReady++;
  }
  if (readyNodes === 0 && notReady > 0) return 'FullDisruption';
  if (notReady > 2 && notReady / (notReady + readyNodes) >= UNHEALTHY_ZONE_THRESHOLD) return 'PartialDisruption';
  return 'Normal';
}

function qpsFor(state: ZoneState, zoneSize: number): number {
  if (state === 'PartialDisruption') return zoneSize > LARGE_CLUSTER_THRESHOLD ? SECONDARY_EVICTION_QPS : 0;
  return EVICTION_QPS;
}

export type DisruptionAction = 'none' | 'enterMasterDisruption' | 'exitMasterDisruption';

/**
 * Updates zone states and limiters from this pass's Ready conditions. The caller lifts taints on
 * `enterMasterDisruption` and refreshes every Node's probe time on `exitMasterDisruption`.
 */
export function handleDisruption(z: Zones, byZone: Map<string, (NodeCondition | undefined)[]>, now: number): DisruptionAction {
  const next = new Map<string, ZoneState>();
  let allFully = true;
  for (const [zone, conds] of byZone) {
    const state = computeZoneState(conds);
    if (state !== 'FullDisruption') allFully = false;
    next.set(zone, state);
    if (!z.states.has(zone)) z.states.set(zone, 'Initial');
  }
  let allWereFully = true;
  for (const [zone, state] of [...z.states]) {
    if (!byZone.has(zone)) {
      z.states.delete(zone);
      continue;
    }
    if (state !== 'FullDisruption') {
      allWereFully = false;
      break;
    }
  }
  if (allFully && allWereFully) return 'none';
  if (allFully) {
    for (const zone of z.states.keys()) {
      swapLimiter(limiterFor(z, zone, now), 0, now);
      z.states.set(zone, 'FullDisruption');
    }
    return 'enterMasterDisruption';
  }
  const exiting = allWereFully;
  for (const [zone, state] of z.states) {
    const ns = next.get(zone) ?? 'Normal';
    if (!exiting && state === ns) continue;
    swapLimiter(limiterFor(z, zone, now), qpsFor(ns, byZone.get(zone)?.length ?? 0), now);
    z.states.set(zone, ns);
  }
  return exiting ? 'exitMasterDisruption' : 'none';
}
