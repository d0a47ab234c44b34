/**
 * VolumeBinding. PreFilter: every PersistentVolumeClaim the Pod mounts must exist, and those of
 * an Immediate-binding class must already be bound (the PV controller binds them, not the
 * scheduler). Filter: a bound claim's PV must be reachable from the node (PV node affinity); an
 * unbound WaitForFirstConsumer claim needs a matching Available PV here or a class that can
 * provision. PreBind (run at bind time by the scheduler) then claims the chosen PV, or marks the
 * claim with `volume.kubernetes.io/selected-node` for the provisioner, and waits until bound.
 */
import { milli } from '../../../k8s/quantity';
import type { PersistentVolume, PersistentVolumeClaim, Pod, StorageClass } from '../../../k8s/types';
import { unresolvable, type ClusterView, type FilterPlugin, type Rejection } from '../framework';
import type { NodeInfo } from '../nodeinfo';
import { termsMatch } from '../../../k8s/node-affinity';
import type { NodeSelectorTerm } from '../../../k8s/types';

export const NAME = 'VolumeBinding';
export const ERR_REASON_BIND_CONFLICT = "node(s) didn't find available persistent volumes to bind";
export const ERR_REASON_NODE_CONFLICT = 'node(s) had volume node affinity conflict';
export const ERR_REASON_PV_NOT_EXIST = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';
export const ERR_UNBOUND_IMMEDIATE = 'pod has unbound immediate PersistentVolumeClaims';
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const NO_PROVISIONER = 'kubernetes.io/no-provisioner';

export function claimNames(pod: Pod): string[] {
  const out: string[] = [];
  for (const v of pod.spec.volumes ?? []) if (v.persistentVolumeClaim?.claimName) out.push(v.persistentVolumeClaim.claimName);
  return out;
}

export interface PodVolumeClaims {
  bound: PersistentVolumeClaim[];
  /** Unbound claims of a WaitForFirstConsumer class, with that class. */
  delayed: { pvc: PersistentVolumeClaim; cls: StorageClass }[];
}

/** PreFilter: classify the Pod's claims, or say why the Pod cannot be scheduled at all. */
export function podVolumeClaims(pod: Pod, view: ClusterView): PodVolumeClaims | Rejection {
  const ns = pod.metadata.namespace ?? 'default';
  const out: PodVolumeClaims = { bound: [], delayed: [] };
  let immediateUnbound = false;
  for (const name of claimNames(pod)) {
    const pvc = view.pvc(ns, name);
    if (!pvc) return unresolvable(`persistentvolumeclaim "${name}" not found`);
    if (pvc.metadata.deletionTimestamp) return unresolvable(`persistentvolumeclaim "${name}" is being deleted`);
    if (pvc.spec.volumeName) {
      out.bound.push(pvc);
      continue;
    }
    const cls = pvc.spec.storageClassName ? view.storageClass(pvc.spec.storageClassName) : undefined;
    if (cls?.volumeBindingMode === 'WaitForFirstConsumer') out.delayed.push({ pvc, cls });
    else immediateUnbound = true;
  }
  if (immediateUnbound) return unresolvable(ERR_UNBOUND_IMMEDIATE);
  return out;
}

function pvNodeAffinity(pv: PersistentVolume): NodeSelectorTerm[] | undefined {
  return (pv.spec.nodeAffinity as { required?: { nodeSelectorTerms?: NodeSelectorTerm[] } } | undefined)?.required?.nodeSelectorTerms;
}

export function pvReachable(pv: PersistentVolume, node: NodeInfo): boolean {
  const terms = pvNodeAffinity(pv);
  return terms === undefined || termsMatch(terms, node.labels, node.name);
}

/** A statically provisioned PV this claim could bind to on `node` (smallest that fits). */
export function findMatchingVolume(pvc: PersistentVolumeClaim, cls: StorageClass, pvs: readonly PersistentVolume[], node: NodeInfo): PersistentVolume | undefined {
  const want = milli(pvc.spec.resources?.requests?.['storage']);
  const modes = pvc.spec.accessModes ?? [];
  let best: PersistentVolume | undefined;
  for (const pv of pvs) {
    if ((pv.spec.storageClassName ?? '') !== (cls.metadata.name ?? '')) continue;
    const ref = pv.spec.claimRef;
    if (ref && !(ref.namespace === pvc.metadata.namespace && ref.name === pvc.metadata.name)) continue;
    if (pv.status?.phase && pv.status.phase !== 'Available' && !ref) continue;
    if (pv.metadata.deletionTimestamp) continue;
    const size = milli(pv.spec.capacity?.['storage']);
    if (size < want) continue;
    if (!modes.every((m) => (pv.spec.accessModes ?? []).includes(m))) continue;
    if (!pvReachable(pv, node)) continue;
    if (!best || size < milli(best.spec.capacity?.['storage'])) best = pv;
  }
  return best;
}

export function filter(claims: PodVolumeClaims, view: ClusterView, node: NodeInfo): Rejection | undefined {
  const reasons = new Set<string>();
  for (const pvc of claims.bound) {
    const pv = view.pv(pvc.spec.volumeName!);
    if (!pv) reasons.add(ERR_REASON_PV_NOT_EXIST);
    else if (!pvReachable(pv, node)) reasons.add(ERR_REASON_NODE_CONFLICT);
  }
  for (const { pvc, cls } of claims.delayed) {
    if (findMatchingVolume(pvc, cls, view.pvs(), node)) continue;
    if (cls.provisioner === NO_PROVISIONER) reasons.add(ERR_REASON_BIND_CONFLICT);
  }
  return reasons.size ? unresolvable(...reasons) : undefined;
}

/** What PreBind has to write for one claim once the node is chosen. */
export type VolumeAction = { kind: 'bind-pv'; pvc: PersistentVolumeClaim; pv: PersistentVolume } | { kind: 'provision'; pvc: PersistentVolumeClaim };

export function preBindActions(pod: Pod, view: ClusterView, node: NodeInfo): VolumeAction[] {
  const claims = podVolumeClaims(pod, view);
  if ('code' in claims) return [];
  const out: VolumeAction[] = [];
  for (const { pvc, cls } of claims.delayed) {
    const pv = findMatchingVolume(pvc, cls, view.pvs(), node);
    if (pv) out.push({ kind: 'bind-pv', pvc, pv });
    else if (pvc.metadata.annotations?.[ANN_SELECTED_NODE] !== node.name) out.push({ kind: 'provision', pvc });
  }
  return out;
}

/** Every claim of the Pod is bound (PreBind's wait condition). */
export function allBound(pod: Pod, view: ClusterView): boolean {
  const ns = pod.metadata.namespace ?? 'default';
  return claimNames(pod).every((n) => !!view.pvc(ns, n)?.spec.volumeName);
}

export const VolumeBinding: FilterPlugin = {
  name: NAME,
  preFilter(pi, view) {
    if (claimNames(pi.pod).length === 0) return { kind: 'skip' };
    const claims = podVolumeClaims(pi.pod, view);
    if ('code' in claims) return { kind: 'reject', rejection: claims };
    return { kind: 'filter', filter: (node) => filter(claims, view, node) };
  },
  isSchedulableAfter(e) {
    switch (e.kind) {
      case 'PvcChange':
      case 'PvChange':
      case 'StorageClassAdd':
      case 'NodeAdd':
        return true;
      case 'NodeUpdate':
        return e.labels;
      default:
        return false;
    }
  },
};
