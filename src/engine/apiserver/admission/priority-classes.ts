/**
 * PriorityClass lookup for the Priority plugin: the stored classes plus the two system classes
 * kube-apiserver guarantees (system-node-critical, system-cluster-critical).
 */
import type { PriorityClass } from '../../../k8s/types';
import type { World } from '../../world';
import { storedObject } from '../storage';

/** By name; a Map, since the name looked up is a Pod's `priorityClassName` (`constructor` is none). */
export const SYSTEM_PRIORITY_CLASSES: ReadonlyMap<string, number> = new Map([
  ['system-node-critical', 2000001000],
  ['system-cluster-critical', 2000000000],
]);

export interface ResolvedPriority {
  name: string;
  value: number;
  preemptionPolicy: 'PreemptLowerPriority' | 'Never';
}

export function resolvePriorityClass(w: World, name: string): ResolvedPriority | undefined {
  const pc = storedObject(w, 'priorityclasses', undefined, name) as PriorityClass | undefined;
  if (pc) return { name, value: pc.value, preemptionPolicy: pc.preemptionPolicy ?? 'PreemptLowerPriority' };
  const system = SYSTEM_PRIORITY_CLASSES.get(name);
  return system === undefined ? undefined : { name, value: system, preemptionPolicy: 'PreemptLowerPriority' };
}

/** The globalDefault class (the oldest wins if several slipped in); priority 0 without one. */
export function defaultPriority(w: World): ResolvedPriority {
  const defaults = [...(w.etcd.kv.get('priorityclasses')?.values() ?? [])]
    .filter((o) => (o as PriorityClass).globalDefault)
    .sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''));
  const pc = defaults[0] as PriorityClass | undefined;
  return pc ? { name: pc.metadata.name ?? '', value: pc.value, preemptionPolicy: pc.preemptionPolicy ?? 'PreemptLowerPriority' } : { name: '', value: 0, preemptionPolicy: 'PreemptLowerPriority' };
}
