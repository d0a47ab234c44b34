/**
 * Node selector matching (component-helpers/scheduling/corev1/nodeaffinity), shared by the
 * scheduler's NodeAffinity and the DaemonSet controller's NodeShouldRunDaemonPod: nodeSelector maps,
 * NodeSelectorTerms (ORed; a term's requirements ANDed; an empty or invalid term matches
 * nothing) with In/NotIn/Exists/DoesNotExist/Gt/Lt, and matchFields on metadata.name.
 */
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod } from './types';
import { own } from './own';

const INT = /^[+-]?[0-9]+$/;

/** undefined when the requirement is malformed (the whole term is then ignored). */
function labelRequirementMatches(r: NodeSelectorRequirement, labels: Record<string, string>): boolean | undefined {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
      if (values.length === 0) return undefined;
      return has && values.includes(labels[r.key]!);
    case 'NotIn':
      if (values.length === 0) return undefined;
      return !has || !values.includes(labels[r.key]!);
    case 'Exists':
      if (values.length !== 0) return undefined;
      return has;
    case 'DoesNotExist':
      if (values.length !== 0) return undefined;
      return !has;
    case 'Gt':
    case 'Lt': {
      if (values.length !== 1 || !INT.test(values[0]!)) return undefined;
      if (!has || !INT.test(labels[r.key]!)) return false;
      const lv = Number(labels[r.key]);
      const rv = Number(values[0]);
      return r.operator === 'Gt' ? lv > rv : lv < rv;
    }
    default:
      return undefined;
  }
}

function fieldRequirementMatches(r: NodeSelectorRequirement, nodeName: string): boolean | undefined {
  if (r.key !== 'metadata.name') return undefined;
  const values = r.values ?? [];
  if (values.length !== 1) return undefined;
  if (r.operator === 'In') return values[0] === nodeName;
  if (r.operator === 'NotIn') return values[0] !== nodeName;
  return undefined;
}

export function termMatches(term: NodeSelectorTerm, labels: Record<string, string>, nodeName: string): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  for (const r of exprs) if (labelRequirementMatches(r, labels) !== true) return false;
  for (const r of fields) if (fieldRequirementMatches(r, nodeName) !== true) return false;
  return true;
}

export function termsMatch(terms: readonly NodeSelectorTerm[], labels: Record<string, string>, nodeName: string): boolean {
  for (const t of terms) if (termMatches(t, labels, nodeName)) return true;
  return false;
}

/** nodeaffinity.GetRequiredNodeAffinity(pod).Match(node): nodeSelector AND required node affinity. */
export function podMatchesNodeSelectorAndAffinityTerms(pod: Pick<Pod, 'spec'>, labels: Record<string, string>, nodeName: string): boolean {
  for (const [k, v] of Object.entries(pod.spec.nodeSelector ?? {})) if (own(labels, k) !== v) return false;
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (terms === undefined) return true;
  return termsMatch(terms, labels, nodeName);
}

export function nodeLabels(node: Node | undefined): Record<string, string> {
  return node?.metadata.labels ?? {};
}
