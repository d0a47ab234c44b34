/**
 * The Pod a DaemonSet runs on one node (pkg/controller/daemon/util): the template with the
 * revision labels, a required nodeAffinity on `metadata.name` (ReplaceDaemonSetPodNodeNameNodeAffinity)
 * so the default scheduler binds it to exactly that node, and the tolerations every daemon Pod
 * gets (AddOrUpdateDaemonPodTolerations) so node problems neither block nor evict it.
 */
import type { Affinity, DaemonSet, KObject, Node, Pod, Toleration } from '../../../k8s/types';
import { podMatchesNodeSelectorAndAffinityTerms } from '../../../k8s/node-affinity';
import { computeHash } from '../deployment/hash';
import { templateGenerationOf } from '../../../k8s/daemonset-history';
import { newControllerRef } from '../util/meta';
import { cloneData } from '../../core/clone';
import { findMatchingUntoleratedTaint, isFilterTaint, isNoExecuteTaint } from '../../../k8s/tolerations';

const DAEMON_TOLERATIONS: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
];

/** A host-network daemon (a CNI agent, kube-proxy) must start on a node whose network is not up yet. */
const HOST_NETWORK_TOLERATION: Toleration = { key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' };

/**
 * AddOrUpdateDaemonPodTolerations: the template's tolerations plus the daemon ones it does not
 * already carry (same key and effect).
 */
export function daemonTolerations(own: Toleration[] | undefined, hostNetwork: boolean | undefined): Toleration[] {
  const out = [...(own ?? [])];
  const add = hostNetwork ? [...DAEMON_TOLERATIONS, HOST_NETWORK_TOLERATION] : DAEMON_TOLERATIONS;
  for (const t of add) {
    if (!out.some((o) => o.key === t.key && o.effect === t.effect)) out.push(t);
  }
  return out;
}

/**
 * The `controller-revision-hash` label: controller.ComputeHash of the template and collisionCount,
 * as upstream names the ControllerRevision `<daemonset>-<hash>` (the simulation stores no
 * ControllerRevision objects, only this label).
 */
export function revisionHash(ds: DaemonSet): string {
  return computeHash(ds.spec.template, ds.status?.collisionCount);
}

/** CreatePodTemplate: the `pod-template-generation` label, only when the DaemonSet has one. */
function templateGenerationLabel(ds: DaemonSet): Record<string, string> {
  const g = templateGenerationOf(ds);
  return g === undefined ? {} : { 'pod-template-generation': String(g) };
}

/** The node pinned by a daemon Pod's nodeAffinity (or its nodeName once bound). */
export function podNodeName(pod: Pod): string | undefined {
  if (pod.spec.nodeName) return pod.spec.nodeName;
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const t of terms) {
    const f = t.matchFields?.find((r) => r.key === 'metadata.name' && r.operator === 'In');
    if (f?.values?.length === 1) return f.values[0];
  }
  return undefined;
}

/** `own` is the new Pod's private copy of the template's affinity, so it is written in place. */
function nodeAffinityFor(node: string, own: Affinity | undefined): Affinity {
  const affinity: Affinity = own ?? {};
  const required = { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: [node] }] }] };
  affinity.nodeAffinity = { ...affinity.nodeAffinity, requiredDuringSchedulingIgnoredDuringExecution: required };
  return affinity;
}

/** A new daemon Pod for `node`, built fresh: it shares nothing with the DaemonSet or any constant. */
export function newDaemonPod(ds: DaemonSet, node: string, hash: string): Pod {
  const t = ds.spec.template;
  const metadata: KObject['metadata'] = {
    generateName: `${ds.metadata.name}-`,
    labels: { ...(t.metadata?.labels ?? {}), 'controller-revision-hash': hash, ...templateGenerationLabel(ds) },
    ownerReferences: [newControllerRef(ds, 'apps/v1', 'DaemonSet')],
  };
  if (t.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
  const spec = cloneData(t.spec);
  spec.affinity = nodeAffinityFor(node, spec.affinity);
  // The daemon tolerations are shared constants: the Pod gets copies, so nothing in it is shared
  // and kube-apiserver may keep the body as it is (`handOver`).
  spec.tolerations = daemonTolerations(spec.tolerations, spec.hostNetwork).map((x) => ({ ...x }));
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

/** Where a DaemonSet stands on one node. */
export interface DaemonPlacement {
  /** A daemon Pod belongs here: one is created if none runs. */
  shouldRun: boolean;
  /** A daemon Pod already here may stay (every NoExecute taint is tolerated); none is created. */
  shouldContinueRunning: boolean;
}

const RUN: DaemonPlacement = { shouldRun: true, shouldContinueRunning: true };
const STAY: DaemonPlacement = { shouldRun: false, shouldContinueRunning: true };
const AWAY: DaemonPlacement = { shouldRun: false, shouldContinueRunning: false };

/**
 * NodeShouldRunDaemonPod: the template's nodeName, nodeSelector and required node affinity match
 * the node, and every NoSchedule/NoExecute taint is tolerated (with the daemon tolerations). A
 * node that only gained a NoSchedule taint — `node.kubernetes.io/not-ready` or `unreachable` when
 * its kubelet stops — gets no new daemon Pod, but keeps the one it runs.
 */
export function nodeShouldRunDaemonPod(ds: DaemonSet, node: Node): DaemonPlacement {
  const spec = ds.spec.template.spec;
  const name = node.metadata.name ?? '';
  if (spec.nodeName && spec.nodeName !== name) return AWAY;
  if (!podMatchesNodeSelectorAndAffinityTerms(ds.spec.template, node.metadata.labels ?? {}, name)) return AWAY;
  const taints = node.spec.taints ?? [];
  if (taints.length === 0) return RUN;
  const tolerations = daemonTolerations(spec.tolerations, spec.hostNetwork);
  if (!findMatchingUntoleratedTaint(taints, tolerations, isFilterTaint)) return RUN;
  return findMatchingUntoleratedTaint(taints, tolerations, isNoExecuteTaint) ? AWAY : STAY;
}
