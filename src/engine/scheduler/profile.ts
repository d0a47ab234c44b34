/**
 * The `default-scheduler` profile (pkg/scheduler/apis/config/v1/default_plugins.go): which
 * plugins run at each extension point, in kube-scheduler's order, with the real score weights.
 * VolumeRestrictions, NodeVolumeLimits, VolumeZone and DynamicResources are not modelled.
 */
import type { FilterPlugin, ScorePlugin } from './framework';
import { NodeUnschedulable } from './plugins/node-unschedulable';
import { NodeName } from './plugins/node-name';
import { TaintToleration } from './plugins/taint-toleration';
import { NodeAffinity } from './plugins/node-affinity';
import { NodePorts } from './plugins/node-ports';
import { NodeResourcesFit } from './plugins/node-resources-fit';
import { VolumeBinding } from './plugins/volume-binding';
import { PodTopologySpread } from './plugins/pod-topology-spread';
import { InterPodAffinity } from './plugins/inter-pod-affinity';
import { NodeResourcesBalancedAllocation } from './plugins/balanced-allocation';
import { ImageLocality } from './plugins/image-locality';

export const SCHEDULER_NAME = 'default-scheduler';

/** PreFilter + Filter plugins, in profile order (PreFilter runs in this order too). */
export const FILTER_PLUGINS: readonly FilterPlugin[] = [
  NodeUnschedulable,
  NodeName,
  TaintToleration,
  NodeAffinity,
  NodePorts,
  NodeResourcesFit,
  VolumeBinding,
  PodTopologySpread,
  InterPodAffinity,
];

/** PreScore + Score plugins with their weights. */
export const SCORE_PLUGINS: readonly ScorePlugin[] = [
  TaintToleration,
  NodeAffinity,
  NodeResourcesFit,
  PodTopologySpread,
  InterPodAffinity,
  NodeResourcesBalancedAllocation,
  ImageLocality,
];

export function filterPlugin(name: string): FilterPlugin | undefined {
  return FILTER_PLUGINS.find((p) => p.name === name);
}
