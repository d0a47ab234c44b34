/**
 * The autoscaling/v1 Scale a workload's `/scale` subresource reads as (the registries'
 * scaleFromDeployment, scaleFromReplicaSet, scaleFromStatefulSet, scaleFromRC): the object's identity, its
 * spec.replicas, and status.replicas with the selector as a string. The engine stores and hands
 * out the workload; the served cluster and the page's `kubectl get --raw` show it as this view.
 */
import { formatLabelSelector } from './labels';
import type { KObject, LabelSelector } from './types';

export interface Scale {
  kind: 'Scale';
  apiVersion: 'autoscaling/v1';
  metadata: Pick<KObject['metadata'], 'name' | 'namespace' | 'uid' | 'resourceVersion' | 'creationTimestamp'>;
  spec: { replicas: number };
  status: { replicas: number; selector: string };
}

/** The workload's selector as a LabelSelector: a ReplicationController's is a bare label map (labels.SelectorFromSet). */
export function workloadSelector(obj: KObject): LabelSelector | undefined {
  const selector = (obj.spec as { selector?: LabelSelector | Record<string, string> } | undefined)?.selector;
  return obj.kind === 'ReplicationController' ? { matchLabels: selector as Record<string, string> | undefined } : (selector as LabelSelector | undefined);
}

export function scaleOf(obj: KObject): Scale {
  const spec = obj.spec as { replicas?: number } | undefined;
  const selector = workloadSelector(obj);
  const status = obj.status as { replicas?: number } | undefined;
  const m = obj.metadata;
  const metadata = { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: m.resourceVersion, creationTimestamp: m.creationTimestamp };
  return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata, spec: { replicas: spec?.replicas ?? 0 }, status: { replicas: status?.replicas ?? 0, selector: formatLabelSelector(selector) } };
}
