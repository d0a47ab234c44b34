/**
 * RBAC's escalation prevention (pkg/registry/rbac: role/policybased, clusterrole/policybased,
 * rolebinding/policybased, clusterrolebinding/policybased, escalation_check.go and
 * validation/policy_comparator.go): a user may write a Role or ClusterRole only with rules they
 * already hold, and bind a role only if they hold its rules — unless they may `escalate` (roles)
 * or `bind` (the role a binding names), or are in `system:masters`. It runs in the registry,
 * after mutating admission and before validation, as the policy-based storage wraps it.
 */
import type { KObject } from '../../k8s/types';
import { qualifiedResource, type ResourceInfo } from '../../k8s/resources';
import {
  breakdownRule,
  compactRules,
  compactString,
  goQuotedList,
  RBAC_GROUP,
  type ClusterRole,
  type FullRule,
  type PolicyRule,
  type Role,
  type RoleBinding,
} from '../../k8s/rbac';
import type { World } from '../world';
import type { UserInfo } from './auth';
import { authorize } from './auth';
import { roleRefRules, rulesFor } from './rbac-authorizer';
import { semanticEqual } from './validation/field';
import { forbidden, type StatusError } from './status';

const FULL_AUTHORITY: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

const has = (set: readonly string[], x: string): boolean => set.includes(x);
const hasAll = (set: readonly string[], xs: readonly string[]): boolean => xs.every((x) => set.includes(x));

function resourceCoversAll(owner: readonly string[], wanted: readonly string[]): boolean {
  if (has(owner, '*') || hasAll(owner, wanted)) return true;
  for (const path of wanted) {
    if (has(owner, path)) continue;
    const slash = path.indexOf('/');
    if (slash < 0) return false;
    if (!has(owner, `*/${path.slice(slash + 1)}`)) return false;
  }
  return true;
}

function nonResourceURLCovers(owner: string, sub: string): boolean {
  return owner === sub || (owner.endsWith('*') && sub.startsWith(owner.replace(/\*+$/, '')));
}

/** policy_comparator.go's ruleCovers, for one broken-down rule. */
function ruleCovers(owner: FullRule, sub: FullRule): boolean {
  const verbs = has(owner.verbs, '*') || hasAll(owner.verbs, sub.verbs);
  const groups = has(owner.apiGroups, '*') || hasAll(owner.apiGroups, sub.apiGroups);
  const resources = resourceCoversAll(owner.resources, sub.resources);
  const urls = sub.nonResourceURLs.every((u) => owner.nonResourceURLs.some((o) => nonResourceURLCovers(o, u)));
  const names = sub.resourceNames.length === 0 ? owner.resourceNames.length === 0 : owner.resourceNames.length === 0 || hasAll(owner.resourceNames, sub.resourceNames);
  return verbs && groups && resources && names && urls;
}

/** Covers: the broken-down rules of `wanted` no rule of `owned` covers. */
function missingRules(owned: readonly PolicyRule[], wanted: readonly PolicyRule[]): FullRule[] {
  const owners = owned.map((r) => ({ verbs: [...r.verbs], apiGroups: [...(r.apiGroups ?? [])], resources: [...(r.resources ?? [])], resourceNames: [...(r.resourceNames ?? [])], nonResourceURLs: [...(r.nonResourceURLs ?? [])] }));
  return wanted.flatMap(breakdownRule).filter((sub) => !owners.some((o) => ruleCovers(o, sub)));
}

/** ConfirmNoEscalation's error text, or undefined when the user holds every rule. */
function escalation(w: World, user: UserInfo, namespace: string | undefined, rules: readonly PolicyRule[]): string | undefined {
  const missing = missingRules(rulesFor(w, user, namespace), rules);
  if (missing.length === 0) return undefined;
  const lines = [...new Set(compactRules(missing).map(compactString))].sort();
  return `user ${JSON.stringify(user.name)} (groups=${goQuotedList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${lines.join('\n')}`;
}

function forbiddenFor(info: ResourceInfo, name: string, err: string): StatusError {
  return forbidden(name ? `${qualifiedResource(info)} ${JSON.stringify(name)} is forbidden: ${err}` : `${qualifiedResource(info)} is forbidden: ${err}`);
}

/** IsOnlyMutatingGCFields: an update that changes only ownerReferences and finalizers. */
function onlyGCFields(obj: KObject, old: KObject): boolean {
  const strip = (o: KObject): KObject => {
    const { ownerReferences: _o, finalizers: _f, resourceVersion: _r, managedFields: _m, ...metadata } = o.metadata;
    return { ...o, metadata };
  };
  return semanticEqual(strip(obj), strip(old));
}

export interface EscalationRequest {
  info: ResourceInfo;
  obj: KObject;
  old?: KObject;
  user: UserInfo;
  /** The request's namespace; undefined for the cluster-scoped kinds. */
  namespace: string | undefined;
  /** The name in the request's path (none on a create). */
  requestName?: string;
}

/** The policy-based storage's check on a create or update of an RBAC object; undefined allows it. */
export function checkEscalation(w: World, r: EscalationRequest): StatusError | undefined {
  const { info, obj, old, user } = r;
  if (user.groups.includes('system:masters')) return undefined;
  if (old && onlyGCFields(obj, old)) return undefined;
  const name = obj.metadata.name ?? '';
  switch (info.resource) {
    case 'roles':
    case 'clusterroles': {
      if (authorize(w, user, 'escalate', RBAC_GROUP, info.resource, r.namespace, r.requestName)) return undefined;
      const err = escalation(w, user, r.namespace, (obj as Role).rules ?? []);
      if (err) return forbiddenFor(info, name, err);
      const aggregates = (o: KObject | undefined): boolean => (o as ClusterRole | undefined)?.aggregationRule !== undefined && (o as ClusterRole | undefined)?.aggregationRule !== null;
      if (info.resource === 'clusterroles' && (aggregates(obj) || aggregates(old)) && escalation(w, user, r.namespace, FULL_AUTHORITY)) {
        return forbiddenFor(info, name, 'must have cluster-admin privileges to use the aggregationRule');
      }
      return undefined;
    }
    case 'rolebindings':
    case 'clusterrolebindings': {
      const ref = (obj as RoleBinding).roleRef ?? { apiGroup: '', kind: '', name: '' };
      const refResource = ref.kind === 'ClusterRole' ? 'clusterroles' : ref.kind === 'Role' ? 'roles' : undefined;
      if (refResource && authorize(w, user, 'bind', ref.apiGroup ?? '', refResource, r.namespace, ref.name)) return undefined;
      const rules = roleRefRules(w, ref.kind, ref.name, r.namespace);
      if (!rules) {
        const what = refResource ? `${refResource}.${RBAC_GROUP}` : `${(ref.kind ?? '').toLowerCase()}s.${RBAC_GROUP}`;
        return { code: 404, reason: 'NotFound', message: `${what} ${JSON.stringify(ref.name)} not found`, details: { name: ref.name, group: RBAC_GROUP, kind: refResource ?? '' } };
      }
      const err = escalation(w, user, r.namespace, rules);
      return err ? forbiddenFor(info, name, err) : undefined;
    }
    default:
      return undefined;
  }
}
