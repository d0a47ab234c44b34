/** polymorphichelpers.UpdatePodSpecForObject's reach: a Pod's spec, or a workload's pod template's. */
import type { KObject, PodSpec } from '../../k8s/types';

export function podSpecOf(obj: KObject): PodSpec | undefined {
  if (obj.kind === 'Pod') return obj.spec as PodSpec;
  return (obj.spec as { template?: { spec?: PodSpec } } | undefined)?.template?.spec;
}
