/** The Pod's QoS class (pkg/apis/core/v1/helper/qos GetPodQOS), over cpu and memory only. */
import type { Container, Pod } from './types';
import { milli } from './quantity';
import { own } from './own';

const TRACKED = ['cpu', 'memory'] as const;

/** Per tracked resource (TRACKED's order): the summed milli-units and whether any were non-zero. */
interface Totals {
  sum: [number, number];
  seen: [boolean, boolean];
}

const newTotals = (): Totals => ({ sum: [0, 0], seen: [false, false] });

/** Adds one container's non-zero quantities; returns how many tracked resources it named. */
function add(t: Totals, list: Readonly<Record<string, string | number>> | undefined): number {
  let found = 0;
  for (let i = 0; i < TRACKED.length; i++) {
    const q = list === undefined ? 0 : milli(own(list, TRACKED[i]!) as string | number | undefined);
    if (q === 0) continue;
    t.sum[i] = t.sum[i]! + q;
    t.seen[i] = true;
    found++;
  }
  return found;
}

const count = (t: Totals): number => (t.seen[0] ? 1 : 0) + (t.seen[1] ? 1 : 0);

export function podQOS(pod: Pod): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const requests = newTotals();
  const limits = newTotals();
  let guaranteed = true;
  const visit = (c: Container): void => {
    add(requests, c.resources?.requests);
    if (add(limits, c.resources?.limits) < TRACKED.length) guaranteed = false;
  };
  for (const c of pod.spec.initContainers ?? []) visit(c);
  for (const c of pod.spec.containers) visit(c);
  if (count(requests) === 0 && count(limits) === 0) return 'BestEffort';
  for (let i = 0; i < TRACKED.length; i++) {
    if (requests.seen[i] && (!limits.seen[i] || limits.sum[i] !== requests.sum[i])) guaranteed = false;
  }
  return guaranteed && count(requests) === count(limits) ? 'Guaranteed' : 'Burstable';
}
