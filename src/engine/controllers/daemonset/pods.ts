/**
 * The Pod a DaemonSet runs on one node (pkg/controller/daemon/util): the template with the
 * revision labels, a required nodeAffinity on `metadata.name` (ReplaceDaemonSetPodNodeNameNodeAffinity)
 * so the default scheduler binds it to exactly that node, and the tolerations every daemon Pod
 * gets (AddOrUpdateDaemonPodTolerations) so node problems neither block nor evict it.
 */
import type { Affinity, DaemonSet, KObject, Node, Pod, Toleration } from '../../../k8s/types';
import { matches, fromMap } from '../../../k8s/labels';
import { computeHash } from '../deployment/hash';
import { templateGenerationOf } from '../../../k8s/daemonset-history';
import { newControllerRef } from '../util/meta';
import { matchingTolerations } from '../util/taints';

const DAEMON_TOLERATIONS: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
];

/** The template's tolerations plus the daemon ones it does not already carry (same key and effect). */
export function daemonTolerations(own: Toleration[] | undefined): Toleration[] {
  const out = [...(own ?? [])];
  for (const t of DAEMON_TOLERATIONS) {
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

function nodeAffinityFor(node: string, own: Affinity | undefined): Affinity {
  const affinity: Affinity = structuredClone(own ?? {});
  const required = { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: [node] }] }] };
  affinity.nodeAffinity = { ...affinity.nodeAffinity, requiredDuringSchedulingIgnoredDuringExecution: required };
  return affinity;
}

export function newDaemonPod(ds: DaemonSet, node: string, hash: string): Pod {
  const t = ds.spec.template;
  const metadata: KObject['metadata'] = {
    generateName: `${ds.metadata.name}-`,
    labels: { ...(t.metadata?.labels ?? {}), 'controller-revision-hash': hash, ...templateGenerationLabel(ds) },
    ownerReferences: [newControllerRef(ds, 'apps/v1', 'DaemonSet')],
  };
  if (t.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
  const spec = structuredClone(t.spec);
  spec.affinity = nodeAffinityFor(node, spec.affinity);
  spec.tolerations = daemonTolerations(spec.tolerations);
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

/**
 * NodeShouldRunDaemonPod: the node matches the template's nodeSelector and every NoSchedule /
 * NoExecute taint is tolerated (with the daemon tolerations added).
 */
export function nodeShouldRunDaemonPod(ds: DaemonSet, node: Node): boolean {
  const spec = ds.spec.template.spec;
  if (spec.nodeName && spec.nodeName !== node.metadata.name) return false;
  if (spec.nodeSelector && !matches(fromMap(spec.nodeSelector), node.metadata.labels)) return false;
  const taints = (node.spec.taints ?? []).filter((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute');
  return matchingTolerations(taints, daemonTolerations(spec.tolerations)).all;
}
