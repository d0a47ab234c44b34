/**
 * helper.DefaultSelector (pkg/scheduler/framework/plugins/helper/spread.go): the Pods a Pod is
 * spread against when it names no topologySpreadConstraints of its own — those selected by every
 * Service that selects it, narrowed by the selector of its controlling ReplicationController,
 * ReplicaSet or StatefulSet (looked up by its controller ownerReference, not by label search).
 */
import { fromLabelSelector, fromMap, matches, type Selector } from '../../../k8s/labels';
import type { LabelSelector, Pod } from '../../../k8s/types';
import type { ClusterView, WorkloadResource } from '../framework';

/** The controller kinds DefaultSelector knows, by their apiVersion/kind. */
const CONTROLLERS: ReadonlyMap<string, WorkloadResource> = new Map([
  ['v1/ReplicationController', 'replicationcontrollers'],
  ['apps/v1/ReplicaSet', 'replicasets'],
  ['apps/v1/StatefulSet', 'statefulsets'],
]);

/** An empty result means "no default spreading" (selector.Empty()). */
export function defaultSelector(pod: Pod, view: ClusterView): Selector {
  const ns = pod.metadata.namespace ?? 'default';
  // Services, RCs, RSs and SSs that match the Pod cannot disagree on a label: merging is safe.
  const labelSet: Record<string, string> = {};
  for (const svc of view.services(ns)) {
    const sel = svc.spec.selector;
    // A Service without a selector selects nothing (an empty map is stored as none).
    if (!sel || Object.keys(sel).length === 0) continue;
    if (matches(fromMap(sel), pod.metadata.labels)) Object.assign(labelSet, sel);
  }
  const owner = pod.metadata.ownerReferences?.find((r) => r.controller);
  const resource = owner ? CONTROLLERS.get(`${owner.apiVersion}/${owner.kind}`) : undefined;
  if (!owner || !resource) return fromMap(labelSet);
  const ctrl = view.workload(resource, ns, owner.name) as { spec?: { selector?: LabelSelector | Record<string, string> } } | undefined;
  if (!ctrl?.spec?.selector) return fromMap(labelSet);
  // A ReplicationController's selector is a plain map; the apps/v1 kinds carry a LabelSelector.
  if (resource === 'replicationcontrollers') return fromMap({ ...labelSet, ...(ctrl.spec.selector as Record<string, string>) });
  return [...fromMap(labelSet), ...fromLabelSelector(ctrl.spec.selector as LabelSelector)];
}
