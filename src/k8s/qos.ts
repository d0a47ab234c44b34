/** The Pod's QoS class (pkg/apis/core/v1/helper/qos GetPodQOS), over cpu and memory only. */
import type { Pod } from './types';
import { milli } from './quantity';

const TRACKED = ['cpu', 'memory'];

export function podQOS(pod: Pod): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const requests = new Map<string, number>();
  const limits = new Map<string, number>();
  let guaranteed = true;
  for (const c of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
    for (const [name, q] of Object.entries(c.resources?.requests ?? {})) {
      if (!TRACKED.includes(name) || milli(q) === 0) continue;
      requests.set(name, (requests.get(name) ?? 0) + milli(q));
    }
    const found = new Set<string>();
    for (const [name, q] of Object.entries(c.resources?.limits ?? {})) {
      if (!TRACKED.includes(name) || milli(q) === 0) continue;
      found.add(name);
      limits.set(name, (limits.get(name) ?? 0) + milli(q));
    }
    if (!TRACKED.every((r) => found.has(r))) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [name, r] of requests) if (limits.get(name) !== r) guaranteed = false;
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}
