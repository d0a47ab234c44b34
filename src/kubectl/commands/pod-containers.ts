/**
 * podcmd's container helpers, shared by `kubectl exec` and `kubectl logs`: a Pod's containers in
 * the order kubectl names them (containers, then init, then ephemeral).
 */
import type { Pod } from '../../k8s/types';

type Named = { name: string };

function specOf(pod: Pod): Pod['spec'] & { ephemeralContainers?: Named[] } {
  return pod.spec as Pod['spec'] & { ephemeralContainers?: Named[] };
}

/** podcmd.AllContainerNames: containers, then `x (ephem)`, then `x (init)` (its order since kubectl 56434236a, 2021). */
export function allContainerNames(pod: Pod): string {
  const spec = specOf(pod);
  return [...spec.containers.map((c) => c.name), ...(spec.ephemeralContainers ?? []).map((c) => `${c.name} (ephem)`), ...(spec.initContainers ?? []).map((c) => `${c.name} (init)`)].join(', ');
}

/** Every container FindContainerByName can find, in its search order. */
export function containerNames(pod: Pod): string[] {
  const spec = specOf(pod);
  return [...spec.containers, ...(spec.initContainers ?? []), ...(spec.ephemeralContainers ?? [])].map((c) => c.name);
}

/** Whether a default-container choice is worth a "Defaulted container" line (more than one to choose from). */
export function hasSeveralContainers(pod: Pod): boolean {
  const spec = specOf(pod);
  return spec.containers.length > 1 || (spec.initContainers ?? []).length > 0 || (spec.ephemeralContainers ?? []).length > 0;
}

/**
 * logsForObject's `--all-containers` order: init containers, then containers, then ephemeral
 * ones, each with the fieldPath its log reference carries.
 */
export function logContainers(pod: Pod): { name: string; fieldPath: string }[] {
  const spec = specOf(pod);
  return [
    ...(spec.initContainers ?? []).map((c) => ({ name: c.name, fieldPath: `spec.initContainers{${c.name}}` })),
    ...spec.containers.map((c) => ({ name: c.name, fieldPath: `spec.containers{${c.name}}` })),
    ...(spec.ephemeralContainers ?? []).map((c) => ({ name: c.name, fieldPath: `spec.ephemeralContainers{${c.name}}` })),
  ];
}
