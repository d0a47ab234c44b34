/**
 * A StatefulSet Pod's sticky identity (pkg/controller/statefulset/stateful_set_utils.go): the
 * name `<set>-<ordinal>`, the labels naming it and its index, hostname and subdomain (set once,
 * at creation) so a headless Service gives it `<pod>.<service>` in DNS, and one claim per
 * volumeClaimTemplate, `<template>-<set>-<ordinal>`, mounted in place of a volume of that name.
 * Also the Pod predicates the control loop decides on (isCreated, isHealthy, …).
 */
import type { KObject, PersistentVolumeClaim, Pod, StatefulSet, Volume } from '../../../k8s/types';
import { newControllerRef } from '../util/meta';
import { isPodAvailable, isPodReady } from '../util/pods';

export const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
export const REVISION_LABEL = 'controller-revision-hash';

/** getParentNameAndOrdinal: `web-12` → web, 12; -1 when the name has no ordinal suffix. */
export function parentAndOrdinal(pod: Pod): { parent: string; ordinal: number } {
  const m = /^(.*)-([0-9]+)$/.exec(pod.metadata.name ?? '');
  if (!m) return { parent: '', ordinal: -1 };
  const n = Number(m[2]);
  return Number.isSafeInteger(n) && n <= 0x7fffffff ? { parent: m[1]!, ordinal: n } : { parent: '', ordinal: -1 };
}

export const ordinalOf = (pod: Pod): number => parentAndOrdinal(pod).ordinal;

export function startOrdinal(set: StatefulSet): number {
  return set.spec.ordinals?.start ?? 0;
}

/** getEndOrdinal: the last ordinal in range (start - 1 when replicas is 0). */
export function endOrdinal(set: StatefulSet): number {
  return startOrdinal(set) + (set.spec.replicas ?? 1) - 1;
}

export function podInOrdinalRange(pod: Pod, set: StatefulSet): boolean {
  const o = ordinalOf(pod);
  return o >= startOrdinal(set) && o <= endOrdinal(set);
}

export const podName = (set: StatefulSet, ordinal: number): string => `${set.metadata.name ?? ''}-${ordinal}`;

export const claimName = (set: StatefulSet, template: PersistentVolumeClaim, ordinal: number): string => `${template.metadata.name ?? ''}-${set.metadata.name ?? ''}-${ordinal}`;

/** getPersistentVolumeClaims: each template as this ordinal's claim, labelled with the selector's matchLabels. */
export function claimsFor(set: StatefulSet, ordinal: number): { template: string; claim: PersistentVolumeClaim }[] {
  return (set.spec.volumeClaimTemplates ?? []).map((t) => {
    const metadata: KObject['metadata'] = { ...structuredClone(t.metadata), name: claimName(set, t, ordinal), namespace: set.metadata.namespace };
    metadata.labels = { ...(t.metadata.labels ?? {}), ...(set.spec.selector.matchLabels ?? {}) };
    const claim: PersistentVolumeClaim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec: structuredClone(t.spec ?? {}) };
    return { template: t.metadata.name ?? '', claim };
  });
}

/** updateIdentity: the name and the labels that name the Pod and its index. */
function updateIdentity(set: StatefulSet, pod: Pod, ordinal: number): void {
  pod.metadata.name = podName(set, ordinal);
  pod.metadata.namespace = set.metadata.namespace;
  const labels = (pod.metadata.labels ??= {});
  labels[POD_NAME_LABEL] = pod.metadata.name;
  labels[POD_INDEX_LABEL] = String(ordinal);
}

/** updateStorage: a claim volume per template first, then the template's other volumes. */
function updateStorage(set: StatefulSet, pod: Pod, ordinal: number): void {
  const claims = claimsFor(set, ordinal);
  if (claims.length === 0) return;
  const names = new Set(claims.map((c) => c.template));
  const volumes: Volume[] = claims.map((c) => ({ name: c.template, persistentVolumeClaim: { claimName: c.claim.metadata.name ?? '' } }));
  for (const v of pod.spec.volumes ?? []) if (!names.has(v.name)) volumes.push(v);
  pod.spec.volumes = volumes;
}

/** newStatefulSetPod: GetPodFromTemplate (generateName `<set>-`), then identity and storage. */
export function newStatefulSetPod(set: StatefulSet, ordinal: number, revision: string): Pod {
  const t = set.spec.template;
  const metadata: KObject['metadata'] = {
    generateName: `${set.metadata.name ?? ''}-`,
    labels: { ...(t.metadata?.labels ?? {}), [REVISION_LABEL]: revision },
    ownerReferences: [newControllerRef(set, 'apps/v1', 'StatefulSet')],
  };
  if (t.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
  if (t.metadata?.finalizers) metadata.finalizers = [...t.metadata.finalizers];
  const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata, spec: structuredClone(t.spec) };
  updateIdentity(set, pod, ordinal);
  // initIdentity: hostname and subdomain are immutable, so only a new Pod gets them.
  pod.spec.hostname = pod.metadata.name;
  if (set.spec.serviceName) pod.spec.subdomain = set.spec.serviceName;
  updateStorage(set, pod, ordinal);
  return pod;
}

/** identityMatches: the Pod's name, namespace and pod-name label say the ordinal it holds. */
export function identityMatches(set: StatefulSet, pod: Pod): boolean {
  const { parent, ordinal } = parentAndOrdinal(pod);
  return ordinal >= 0 && parent === set.metadata.name && pod.metadata.name === podName(set, ordinal) && pod.metadata.namespace === set.metadata.namespace && pod.metadata.labels?.[POD_NAME_LABEL] === pod.metadata.name;
}

/** storageMatches: every template's volume names this ordinal's claim. */
export function storageMatches(set: StatefulSet, pod: Pod): boolean {
  const ordinal = ordinalOf(pod);
  if (ordinal < 0) return false;
  const byName = new Map((pod.spec.volumes ?? []).map((v) => [v.name, v]));
  return claimsFor(set, ordinal).every((c) => byName.get(c.template)?.persistentVolumeClaim?.claimName === c.claim.metadata.name);
}

/** The identity labels alone, for a Pod that lost them (UpdateStatefulPod; volumes are immutable). */
export function withIdentityLabels(set: StatefulSet, pod: Pod): Pod {
  const next = structuredClone(pod);
  updateIdentity(set, next, ordinalOf(pod));
  return next;
}

export const revisionOf = (pod: Pod): string => pod.metadata.labels?.[REVISION_LABEL] ?? '';

/** A Pod the apiserver has stored (the placeholders the control loop builds have no phase). */
export const isCreated = (pod: Pod): boolean => (pod.status?.phase ?? '') !== '';
export const isPending = (pod: Pod): boolean => pod.status?.phase === 'Pending';
export const isFailed = (pod: Pod): boolean => pod.status?.phase === 'Failed';
export const isSucceeded = (pod: Pod): boolean => pod.status?.phase === 'Succeeded';
export const isTerminating = (pod: Pod): boolean => !!pod.metadata.deletionTimestamp;
export const isRunningAndReady = (pod: Pod): boolean => pod.status?.phase === 'Running' && isPodReady(pod);
export const isRunningAndAvailable = (pod: Pod, minReadySeconds: number, now: number): boolean => pod.status?.phase === 'Running' && isPodAvailable(pod, minReadySeconds, now);
export const isHealthy = (pod: Pod): boolean => isRunningAndReady(pod) && !isTerminating(pod);
