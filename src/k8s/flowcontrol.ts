/**
 * flowcontrol.apiserver.k8s.io/v1 (API Priority and Fairness): the two kinds, the apiserver's
 * bootstrap configuration and how a request is classified.
 *
 * The bootstrap objects are k8s.io/apiserver v0.36.3's pkg/apis/flowcontrol/bootstrap/default.go:
 * two mandatory FlowSchemas (exempt, catch-all) and PriorityLevelConfigurations (exempt,
 * catch-all), nine suggested FlowSchemas and six suggested priority levels, each annotated
 * `apf.kubernetes.io/autoupdate-spec: "true"`. Classification is pkg/util/flowcontrol/rule.go
 * over the FlowSchemas in FlowSchemaSequence order (matchingPrecedence, then name), skipping a
 * FlowSchema whose priority level does not exist (apf_controller.go's digestConfigObjects).
 */
import type { KObject } from './types';

export type DistinguisherType = 'ByUser' | 'ByNamespace';

export type FlowSubject =
  | { kind: 'User'; user?: { name: string } }
  | { kind: 'Group'; group?: { name: string } }
  | { kind: 'ServiceAccount'; serviceAccount?: { namespace: string; name: string } };

export interface ResourcePolicyRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  clusterScope?: boolean;
  namespaces?: string[];
}

export interface NonResourcePolicyRule {
  verbs: string[];
  nonResourceURLs: string[];
}

export interface PolicyRulesWithSubjects {
  subjects: FlowSubject[];
  resourceRules?: ResourcePolicyRule[];
  nonResourceRules?: NonResourcePolicyRule[];
}

export interface FlowSchemaCondition {
  type?: string;
  status?: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface FlowSchema extends KObject {
  kind: 'FlowSchema';
  spec: {
    priorityLevelConfiguration: { name: string };
    matchingPrecedence: number;
    distinguisherMethod?: { type: DistinguisherType };
    rules?: PolicyRulesWithSubjects[];
  };
  status?: { conditions?: FlowSchemaCondition[] };
}

export interface QueuingConfiguration {
  queues: number;
  handSize: number;
  queueLengthLimit: number;
}

export interface PriorityLevelConfiguration extends KObject {
  kind: 'PriorityLevelConfiguration';
  spec: {
    type: 'Exempt' | 'Limited';
    limited?: {
      nominalConcurrencyShares?: number;
      limitResponse: { type: 'Queue' | 'Reject'; queuing?: QueuingConfiguration };
      lendablePercent?: number;
      borrowingLimitPercent?: number;
    };
    exempt?: { nominalConcurrencyShares?: number; lendablePercent?: number };
  };
  status?: { conditions?: FlowSchemaCondition[] };
}

export const FLOWCONTROL_API_VERSION = 'flowcontrol.apiserver.k8s.io/v1';
/** flowcontrol.AutoUpdateAnnotationKey. */
export const AUTO_UPDATE_ANNOTATION = 'apf.kubernetes.io/autoupdate-spec';

function pl(name: string, spec: PriorityLevelConfiguration['spec']): PriorityLevelConfiguration {
  return { apiVersion: FLOWCONTROL_API_VERSION, kind: 'PriorityLevelConfiguration', metadata: { name, annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' } }, spec };
}

function queued(shares: number, lendable: number, queues: number, handSize: number): PriorityLevelConfiguration['spec'] {
  return { type: 'Limited', limited: { nominalConcurrencyShares: shares, limitResponse: { type: 'Queue', queuing: { queues, handSize, queueLengthLimit: 50 } }, lendablePercent: lendable } };
}

function fs(name: string, plName: string, precedence: number, dm: DistinguisherType | undefined, rules: PolicyRulesWithSubjects): FlowSchema {
  return {
    apiVersion: FLOWCONTROL_API_VERSION,
    kind: 'FlowSchema',
    metadata: { name, annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' } },
    spec: { priorityLevelConfiguration: { name: plName }, matchingPrecedence: precedence, ...(dm ? { distinguisherMethod: { type: dm } } : {}), rules: [rules] },
  };
}

const groups = (...names: string[]): FlowSubject[] => names.map((name) => ({ kind: 'Group', group: { name } }));
const users = (...names: string[]): FlowSubject[] => names.map((name) => ({ kind: 'User', user: { name } }));
const kubeSystemServiceAccounts: FlowSubject[] = [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'kube-system', name: '*' } }];

/** Every verb, group, resource and namespace, cluster scope included, and every non-resource URL. */
function everything(subjects: FlowSubject[]): PolicyRulesWithSubjects {
  return {
    subjects,
    resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*'] }],
    nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
  };
}

export const MANDATORY_PRIORITY_LEVELS: readonly PriorityLevelConfiguration[] = [
  pl('catch-all', { type: 'Limited', limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' }, lendablePercent: 0 } }),
  pl('exempt', { type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } }),
];

export const MANDATORY_FLOW_SCHEMAS: readonly FlowSchema[] = [
  fs('exempt', 'exempt', 1, undefined, everything(groups('system:masters'))),
  fs('catch-all', 'catch-all', 10000, 'ByUser', everything(groups('system:unauthenticated', 'system:authenticated'))),
];

export const SUGGESTED_PRIORITY_LEVELS: readonly PriorityLevelConfiguration[] = [
  pl('system', queued(30, 33, 64, 6)),
  pl('node-high', queued(40, 25, 64, 6)),
  pl('leader-election', queued(10, 0, 16, 4)),
  pl('workload-high', queued(40, 50, 128, 6)),
  pl('workload-low', queued(100, 90, 128, 6)),
  pl('global-default', queued(20, 50, 128, 6)),
];

/** In SuggestedFlowSchemas' order (the ensurer creates them in it). */
export const SUGGESTED_FLOW_SCHEMAS: readonly FlowSchema[] = [
  fs('system-nodes', 'system', 500, 'ByUser', everything(groups('system:nodes'))),
  fs('system-node-high', 'node-high', 400, 'ByUser', {
    subjects: groups('system:nodes'),
    resourceRules: [
      { verbs: ['*'], apiGroups: [''], resources: ['nodes', 'nodes/status'], clusterScope: true, namespaces: ['*'] },
      { verbs: ['*'], apiGroups: ['coordination.k8s.io'], resources: ['leases'], namespaces: ['*'] },
    ],
  }),
  fs('probes', 'exempt', 2, undefined, { subjects: groups('system:unauthenticated', 'system:authenticated'), nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/readyz', '/livez'] }] }),
  fs('system-leader-election', 'leader-election', 100, 'ByUser', {
    subjects: [...users('system:kube-controller-manager', 'system:kube-scheduler'), ...kubeSystemServiceAccounts],
    resourceRules: [{ verbs: ['get', 'create', 'update'], apiGroups: ['coordination.k8s.io'], resources: ['leases'], namespaces: ['*'] }],
  }),
  fs('kube-controller-manager', 'workload-high', 800, 'ByNamespace', everything(users('system:kube-controller-manager'))),
  fs('kube-scheduler', 'workload-high', 800, 'ByNamespace', everything(users('system:kube-scheduler'))),
  fs('kube-system-service-accounts', 'workload-high', 900, 'ByNamespace', everything(kubeSystemServiceAccounts)),
  fs('service-accounts', 'workload-low', 9000, 'ByUser', everything(groups('system:serviceaccounts'))),
  fs('global-default', 'global-default', 9900, 'ByUser', everything(groups('system:unauthenticated', 'system:authenticated'))),
];

/** FlowSchemaSequence's Less: matchingPrecedence, then name. */
export function flowSchemaOrder(a: FlowSchema, b: FlowSchema): number {
  const pa = a.spec?.matchingPrecedence ?? 0;
  const pb = b.spec?.matchingPrecedence ?? 0;
  if (pa !== pb) return pa - pb;
  const na = a.metadata.name ?? '';
  const nb = b.metadata.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** What rule.go reads of a request (RequestDigest: the user and request.RequestInfo). */
export interface RequestDigest {
  user: { name: string; groups: readonly string[] };
  /** A resource request: its verb (get, list, watch, create, …), group, resource, subresource and namespace. */
  resource?: { verb: string; apiGroup: string; resource: string; subresource?: string; namespace?: string };
  /** A non-resource request: its verb (get, post, …) and path. */
  nonResource?: { verb: string; path: string };
}

function containsString(x: string, list: readonly string[] | undefined, wildcard: string): boolean {
  if (!list) return false;
  if (list.length === 1 && list[0] === wildcard) return true;
  return list.includes(x);
}

function matchesSubject(user: RequestDigest['user'], s: FlowSubject): boolean {
  switch (s.kind) {
    case 'User':
      return !!s.user && (s.user.name === '*' || s.user.name === user.name);
    case 'Group':
      return !!s.group && (s.group.name === '*' || user.groups.includes(s.group.name));
    case 'ServiceAccount': {
      const sa = s.serviceAccount;
      if (!sa) return false;
      if (sa.name === '*') return user.name.startsWith(`system:serviceaccount:${sa.namespace}:`);
      return user.name === `system:serviceaccount:${sa.namespace}:${sa.name}`;
    }
    default:
      return false;
  }
}

function matchesNonResourceURL(urls: readonly string[], path: string): boolean {
  for (const rule of urls) {
    if (rule === '*' || rule === path) return true;
    let prefix = rule.endsWith('*') ? rule.slice(0, -1) : rule;
    if (!prefix.endsWith('/')) prefix += '/';
    if (path.startsWith(prefix)) return true;
  }
  return false;
}

function matchesRules(d: RequestDigest, r: PolicyRulesWithSubjects): boolean {
  if (!(r.subjects ?? []).some((s) => matchesSubject(d.user, s))) return false;
  if (d.resource) {
    const ri = d.resource;
    const rs = ri.subresource ? `${ri.resource}/${ri.subresource}` : ri.resource;
    return (r.resourceRules ?? []).some((rr) => {
      if (!containsString(ri.verb, rr.verbs, '*') || !containsString(rs, rr.resources, '*') || !containsString(ri.apiGroup, rr.apiGroups, '*')) return false;
      if (!ri.namespace) return rr.clusterScope === true;
      return containsString(ri.namespace, rr.namespaces, '*');
    });
  }
  const nr = d.nonResource;
  return !!nr && (r.nonResourceRules ?? []).some((rr) => containsString(nr.verb, rr.verbs, '*') && matchesNonResourceURL(rr.nonResourceURLs ?? [], nr.path));
}

export function matchesFlowSchema(d: RequestDigest, schema: FlowSchema): boolean {
  return (schema.spec?.rules ?? []).some((r) => matchesRules(d, r));
}

/**
 * The FlowSchema and priority level a request is classified into: the first matching FlowSchema
 * in sequence whose priority level exists. None when nothing matches (the real filter then
 * falls back to the mandatory catch-all, imagined if it was deleted).
 */
export function classify(d: RequestDigest, schemas: readonly FlowSchema[], levels: ReadonlyMap<string, PriorityLevelConfiguration>): { schema: FlowSchema; level: PriorityLevelConfiguration } | undefined {
  for (const schema of [...schemas].sort(flowSchemaOrder)) {
    const level = levels.get(schema.spec?.priorityLevelConfiguration?.name ?? '');
    if (level && matchesFlowSchema(d, schema)) return { schema, level };
  }
  return undefined;
}

/**
 * apiequality.Semantic.DeepEqual of two defaulted specs as the JSON decodes them: a false bool,
 * an empty string or list and an absent field are the same Go zero.
 */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? v.map(canonical) : undefined;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const c = canonical((v as Record<string, unknown>)[k]);
      if (c !== undefined && c !== false && c !== '') out[k] = c;
    }
    return out;
  }
  return v ?? undefined;
}

export function sameSpec(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** strconv.ParseBool. */
export function parseGoBool(v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return undefined;
}
