/**
 * PriorityClass lookup for the Priority plugin, and the two system classes kube-apiserver
 * creates at start (pkg/apis/scheduling/v1/helpers.go) and refuses to delete.
 */
import type { PriorityClass } from '../../../k8s/types';
import type { World } from '../../world';
import { storedObject } from '../storage';

/** systemPriorityClasses, in upstream's order. */
export const SYSTEM_PRIORITY_CLASSES: readonly PriorityClass[] = [
  {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: 'system-node-critical' },
    value: 2000001000,
    description: 'Used for system critical pods that must not be moved from their current node.',
  },
  {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: 'system-cluster-critical' },
    value: 2000000000,
    description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
  },
];

export function isSystemPriorityClass(name: string): boolean {
  return SYSTEM_PRIORITY_CLASSES.some((pc) => pc.metadata.name === name);
}

export interface ResolvedPriority {
  name: string;
  value: number;
  preemptionPolicy: 'PreemptLowerPriority' | 'Never';
}

/** From the stored classes only: the system ones are stored objects from the apiserver's first start. */
export function resolvePriorityClass(w: World, name: string): ResolvedPriority | undefined {
  const pc = storedObject(w, 'priorityclasses', undefined, name) as PriorityClass | undefined;
  return pc ? { name, value: pc.value, preemptionPolicy: pc.preemptionPolicy ?? 'PreemptLowerPriority' } : undefined;
}

/** The globalDefault class (the oldest wins if several slipped in); priority 0 without one. */
export function defaultPriority(w: World): ResolvedPriority {
  const defaults = [...(w.etcd.kv.get('priorityclasses')?.values() ?? [])]
    .filter((o) => (o as PriorityClass).globalDefault)
    .sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''));
  const pc = defaults[0] as PriorityClass | undefined;
  return pc ? { name: pc.metadata.name ?? '', value: pc.value, preemptionPolicy: pc.preemptionPolicy ?? 'PreemptLowerPriority' } : { name: '', value: 0, preemptionPolicy: 'PreemptLowerPriority' };
}
