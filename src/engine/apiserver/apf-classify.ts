/**
 * APF's classification of one request as the filter makes it (apf_filter.go, rule.go): the
 * stored FlowSchemas in matching order, the first that matches and whose priority level exists.
 * What a client sees of it is the two response headers with those objects' uids
 * (flowcontrol.ResponseHeaderMatchedFlowSchemaUID and …PriorityLevelConfigurationUID, which Go's
 * client canonicalizes to `X-Kubernetes-Pf-Flowschema-Uid` and `X-Kubernetes-Pf-Prioritylevel-Uid`).
 * Nothing when no FlowSchema matches (upstream then imagines the mandatory catch-all, whose uid
 * is empty): the headers are left out.
 */
import { classify, type FlowSchema, type PriorityLevelConfiguration, type RequestDigest } from '../../k8s/flowcontrol';
import type { World } from '../world';

export interface ApfMatch {
  flowSchemaUid: string;
  priorityLevelUid: string;
}

export function classifyRequest(w: World, digest: RequestDigest): ApfMatch | undefined {
  const schemas = [...(w.etcd.kv.get('flowschemas')?.values() ?? [])] as FlowSchema[];
  const levels = new Map<string, PriorityLevelConfiguration>();
  for (const o of w.etcd.kv.get('prioritylevelconfigurations')?.values() ?? []) levels.set(o.metadata.name ?? '', o as PriorityLevelConfiguration);
  const hit = classify(digest, schemas, levels);
  return hit ? { flowSchemaUid: hit.schema.metadata.uid ?? '', priorityLevelUid: hit.level.metadata.uid ?? '' } : undefined;
}

/** The response headers, in the order Go's client prints a sorted header map. */
export function apfHeaders(m: ApfMatch | undefined): [string, string][] {
  return m ? [['X-Kubernetes-Pf-Flowschema-Uid', m.flowSchemaUid], ['X-Kubernetes-Pf-Prioritylevel-Uid', m.priorityLevelUid]] : [];
}
