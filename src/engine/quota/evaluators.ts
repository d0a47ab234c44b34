/**
 * Quota evaluators (pkg/quota/v1/evaluator/core and apiserver's generic object counter): for
 * each resource, which quota resource names it charges, what one object costs, and which Pods
 * a scope selects. The ResourceQuota admission plugin charges one object at a time with them;
 * the resource quota controller sums every object of a namespace with the same functions, so
 * the two can never disagree about what an object costs.
 */
import type { KObject, PersistentVolumeClaim, Pod, ResourceQuota, ScopedResourceSelectorRequirement, Service } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { podQOS } from '../../k8s/qos';
import { parseTimestamp } from '../../k8s/time';
import { addUsage, parseQty, usageOf, type Qty, type Usage } from '../../k8s/resource-list';
import { podLimits, podRequests } from '../../k8s/pod-resources';

const ONE: Qty = { milli: 1000, format: 'DecimalSI' };

export interface QuotaEvaluator {
  /** The group resource it charges, `pods` or `deployments.apps`. */
  groupResource: string;
  /** Which of a quota's hard names this evaluator charges. */
  matchingResources(names: readonly string[]): string[];
  /** Whether an operation can change usage (Handles). */
  handles(operation: 'CREATE' | 'UPDATE' | 'DELETE', subresource: string | undefined): boolean;
  /** Whether a scope selector (Terminating, BestEffort, PriorityClass, ...) selects the object. */
  matchesScope(sel: ScopedResourceSelectorRequirement, obj: KObject): boolean;
  /** Constraints: a refusal's text when the object lacks what the quota requires, else undefined. */
  constraints(required: readonly string[], obj: KObject): string | undefined;
  usage(obj: KObject, now: number): Usage;
}

/** ObjectCountQuotaResourceNameFor: `count/pods`, `count/deployments.apps`. */
export function objectCountName(info: Pick<ResourceInfo, 'resource' | 'group'>): string {
  return info.group ? `count/${info.resource}.${info.group}` : `count/${info.resource}`;
}

function usageFrom(entries: [string, Qty][]): Usage {
  return new Map(entries);
}

/** generic.NewObjectCountEvaluator, with the legacy alias (`configmaps`, `secrets`, ...) where core registers one. */
function objectCounter(info: Pick<ResourceInfo, 'resource' | 'group'>, alias?: string): QuotaEvaluator {
  const names = [objectCountName(info), ...(alias ? [alias] : [])];
  return {
    groupResource: info.group ? `${info.resource}.${info.group}` : info.resource,
    matchingResources: (input) => input.filter((n) => names.includes(n)),
    handles: (op) => op === 'CREATE',
    matchesScope: () => false,
    constraints: () => undefined,
    usage: () => usageFrom(names.map((n) => [n, ONE])),
  };
}

// ---- Pods ----

const POD_RESOURCES = ['count/pods', 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage', 'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods'];

/** validationSet: quotas on these make every container name them ("it was a mistake", says upstream). */
const VALIDATION_SET = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];

/** podComputeUsageHelper. */
function computeUsage(requests: Usage, limits: Usage): Usage {
  const out: Usage = new Map([['pods', ONE]]);
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    const req = requests.get(r);
    if (req) {
      out.set(r, req);
      out.set(`requests.${r}`, req);
    }
    const lim = limits.get(r);
    if (lim) out.set(`limits.${r}`, lim);
  }
  for (const [r, v] of requests) {
    if (r.startsWith('hugepages-')) {
      out.set(r, v);
      out.set(`requests.${r}`, v);
    } else if (r.includes('/') && !r.includes('kubernetes.io/')) out.set(`requests.${r}`, v);
  }
  return out;
}

/** QuotaV1Pod: terminal Pods, and Pods past their deletion grace period, are not charged compute. */
function chargeable(pod: Pod, now: number): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return false;
  const del = pod.metadata.deletionTimestamp;
  const grace = pod.metadata.deletionGracePeriodSeconds;
  if (del && grace !== undefined && now > parseTimestamp(del) + grace * 1000) return false;
  return true;
}

export function podUsage(pod: Pod, now: number): Usage {
  const base: Usage = new Map([['count/pods', ONE]]);
  if (!chargeable(pod, now)) return base;
  return addUsage(base, computeUsage(podRequests(pod), podLimits(pod)));
}

function isTerminating(pod: Pod): boolean {
  return pod.spec.activeDeadlineSeconds !== undefined && pod.spec.activeDeadlineSeconds >= 0;
}

function usesCrossNamespaceAffinity(pod: Pod): boolean {
  const a = pod.spec.affinity as { podAffinity?: Record<string, unknown[]>; podAntiAffinity?: Record<string, unknown[]> } | undefined;
  const terms = (x: Record<string, unknown[]> | undefined): boolean =>
    [...(x?.['requiredDuringSchedulingIgnoredDuringExecution'] ?? []), ...((x?.['preferredDuringSchedulingIgnoredDuringExecution'] ?? []) as { podAffinityTerm?: unknown }[]).map((t) => t.podAffinityTerm)].some((t) => {
      const term = t as { namespaces?: string[]; namespaceSelector?: unknown } | undefined;
      return (term?.namespaces?.length ?? 0) > 0 || term?.namespaceSelector !== undefined;
    });
  return terms(a?.podAffinity) || terms(a?.podAntiAffinity);
}

/** podMatchesScopeFunc. */
function podMatchesScope(sel: ScopedResourceSelectorRequirement, pod: Pod): boolean {
  switch (sel.scopeName) {
    case 'Terminating':
      return isTerminating(pod);
    case 'NotTerminating':
      return !isTerminating(pod);
    case 'BestEffort':
      return podQOS(pod) === 'BestEffort';
    case 'NotBestEffort':
      return podQOS(pod) !== 'BestEffort';
    case 'PriorityClass': {
      const pc = pod.spec.priorityClassName ?? '';
      switch (sel.operator) {
        case 'Exists':
          return pc !== '';
        case 'DoesNotExist':
          return pc === '';
        case 'In':
          return pc !== '' && (sel.values ?? []).includes(pc);
        case 'NotIn':
          return pc === '' || !(sel.values ?? []).includes(pc);
      }
      return false;
    }
    case 'CrossNamespacePodAffinity':
      return usesCrossNamespaceAffinity(pod);
    default:
      return false;
  }
}

/** enforcePodContainerConstraints over every container: `must specify limits.cpu for: app; requests.memory for: app,db`. */
function podConstraints(required: readonly string[], pod: Pod): string | undefined {
  const req = required.filter((r) => VALIDATION_SET.includes(r));
  const missing = new Map<string, Set<string>>();
  for (const c of [...(pod.spec.containers ?? []), ...(pod.spec.initContainers ?? [])]) {
    const has = computeUsage(usageOf(c.resources?.requests), usageOf(c.resources?.limits));
    for (const r of req) if (!has.has(r)) (missing.get(r) ?? missing.set(r, new Set()).get(r)!).add(c.name);
  }
  if (missing.size === 0) return undefined;
  const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}

const podEvaluator: QuotaEvaluator = {
  groupResource: 'pods',
  matchingResources: (input) => input.filter((n) => POD_RESOURCES.includes(n) || n.startsWith('hugepages-') || n.startsWith('requests.hugepages-') || (n.startsWith('requests.') && n.includes('/') && !n.includes('kubernetes.io/'))),
  handles: (op, sub) => op === 'CREATE' && !sub,
  matchesScope: (sel, obj) => podMatchesScope(sel, obj as Pod),
  constraints: (required, obj) => podConstraints(required, obj as Pod),
  usage: (obj, now) => podUsage(obj as Pod, now),
};

// ---- Services ----

const SERVICE_RESOURCES = ['count/services', 'services', 'services.loadbalancers', 'services.nodeports'];

const serviceEvaluator: QuotaEvaluator = {
  groupResource: 'services',
  matchingResources: (input) => input.filter((n) => SERVICE_RESOURCES.includes(n)),
  handles: (op) => op === 'CREATE' || op === 'UPDATE',
  matchesScope: () => false,
  constraints: () => undefined,
  usage(obj) {
    const svc = obj as Service;
    const out: Usage = new Map([
      ['count/services', ONE],
      ['services', ONE],
    ]);
    const ports = svc.spec?.ports ?? [];
    const count = (n: number): Qty => ({ milli: n * 1000, format: 'DecimalSI' });
    if (svc.spec?.type === 'NodePort') out.set('services.nodeports', count(ports.length));
    if (svc.spec?.type === 'LoadBalancer') {
      const allocate = (svc.spec as { allocateLoadBalancerNodePorts?: boolean }).allocateLoadBalancerNodePorts;
      out.set('services.nodeports', count(allocate === false ? ports.filter((p) => p.nodePort).length : ports.length));
      out.set('services.loadbalancers', ONE);
    }
    return out;
  },
};

// ---- PersistentVolumeClaims ----

const STORAGE_CLASS_SUFFIX = '.storageclass.storage.k8s.io/';

const pvcEvaluator: QuotaEvaluator = {
  groupResource: 'persistentvolumeclaims',
  matchingResources: (input) =>
    input.filter(
      (n) =>
        ['count/persistentvolumeclaims', 'persistentvolumeclaims', 'requests.storage'].includes(n) ||
        (n.includes(STORAGE_CLASS_SUFFIX) && ['requests.storage', 'persistentvolumeclaims'].includes(n.slice(n.indexOf(STORAGE_CLASS_SUFFIX) + STORAGE_CLASS_SUFFIX.length))),
    ),
  handles: (op) => op === 'CREATE' || op === 'UPDATE',
  matchesScope: () => false,
  constraints: () => undefined,
  usage(obj) {
    const pvc = obj as PersistentVolumeClaim;
    const out: Usage = new Map([
      ['count/persistentvolumeclaims', ONE],
      ['persistentvolumeclaims', ONE],
    ]);
    const cls = pvc.spec?.storageClassName;
    if (cls) out.set(`${cls}${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`, ONE);
    const storage = parseQty(pvc.spec?.resources?.requests?.['storage']);
    if (storage) {
      out.set('requests.storage', storage);
      if (cls) out.set(`${cls}${STORAGE_CLASS_SUFFIX}requests.storage`, storage);
    }
    return out;
  },
};

/** The legacy object-count names core's registry keeps beside `count/<resource>`. */
const ALIASES: Record<string, string> = { configmaps: 'configmaps', secrets: 'secrets', resourcequotas: 'resourcequotas', replicationcontrollers: 'replicationcontrollers' };

/** Resources quota never charges (the admission plugin's ignored resources, and what only the server writes). */
const IGNORED = new Set(['events', 'bindings']);

/** The registry's evaluator for a resource, or the generic object counter; undefined for ignored and cluster-scoped ones. */
export function evaluatorFor(info: ResourceInfo): QuotaEvaluator | undefined {
  if (!info.namespaced || IGNORED.has(info.resource)) return undefined;
  if (info.group === '') {
    if (info.resource === 'pods') return podEvaluator;
    if (info.resource === 'services') return serviceEvaluator;
    if (info.resource === 'persistentvolumeclaims') return pvcEvaluator;
  }
  return objectCounter(info, info.group === '' ? ALIASES[info.resource] : undefined);
}

/** getScopeSelectorsFromQuota: spec.scopes as Exists requirements, then the scopeSelector's. */
export function scopeSelectorsOf(q: ResourceQuota): ScopedResourceSelectorRequirement[] {
  return [...(q.spec?.scopes ?? []).map((s) => ({ scopeName: s, operator: 'Exists' as const })), ...(q.spec?.scopeSelector?.matchExpressions ?? [])];
}

/** generic.Matches: the quota limits something this evaluator charges, and every scope selects the object. */
export function quotaMatches(e: QuotaEvaluator, q: ResourceQuota, obj: KObject): boolean {
  if (e.matchingResources(Object.keys(q.status?.hard ?? {})).length === 0) return false;
  return scopeSelectorsOf(q).every((s) => e.matchesScope(s, obj));
}
