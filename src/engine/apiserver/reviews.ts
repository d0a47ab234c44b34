/**
 * The self-review APIs, answered by the apiserver itself and never stored:
 * SelfSubjectAccessReview (may I?), SelfSubjectRulesReview (what may I, in a namespace?) and
 * SelfSubjectReview (who am I?). The requestor is the authenticated — or impersonated — user.
 */
import type { KObject } from '../../k8s/types';
import { apiVersionOf, type ResourceInfo } from '../../k8s/resources';
import { authorize, type UserInfo } from './auth';
import { BINDINGS, CLUSTER_ROLES } from './rbac-policy';
import { badRequest, methodNotAllowed, type StatusError } from './status';

export function isReview(info: ResourceInfo): boolean {
  return info.resource === 'selfsubjectaccessreviews' || info.resource === 'selfsubjectrulesreviews' || info.resource === 'selfsubjectreviews';
}

interface NonResourceRule {
  verbs: readonly string[];
  nonResourceURLs: readonly string[];
}

const HEALTH = ['/healthz', '/livez', '/readyz', '/version', '/version/'];

/**
 * The non-resource rules of the bootstrap roles, by the role of a binding in rbac-policy.ts.
 * system:discovery and system:public-info-viewer are bound to system:authenticated as
 * system:basic-user is, so their rules ride on that binding.
 */
const NON_RESOURCE: Readonly<Record<string, readonly NonResourceRule[]>> = {
  'cluster-admin': [{ verbs: ['*'], nonResourceURLs: ['*'] }],
  'system:basic-user': [
    { verbs: ['get'], nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'] },
    { verbs: ['get'], nonResourceURLs: HEALTH },
  ],
};

function subjectsOf(user: UserInfo): Set<string> {
  return new Set([user.name, ...user.groups]);
}

function nonResourceAllowed(user: UserInfo, verb: string, path: string): boolean {
  const subjects = subjectsOf(user);
  for (const b of BINDINGS) {
    if (!subjects.has(b.subject) || b.namespace !== undefined) continue;
    for (const r of NON_RESOURCE[b.role] ?? []) {
      if (!(r.verbs.includes('*') || r.verbs.includes(verb))) continue;
      if (r.nonResourceURLs.some((u) => u === '*' || u === path || (u.endsWith('*') && path.startsWith(u.slice(0, -1))))) return true;
    }
  }
  return false;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function accessReview(user: UserInfo, spec: Record<string, unknown>): Record<string, unknown> | StatusError {
  const ra = spec['resourceAttributes'] as Record<string, unknown> | undefined;
  const nra = spec['nonResourceAttributes'] as Record<string, unknown> | undefined;
  if (ra && nra) return badRequest('exactly one of nonResourceAttributes or resourceAttributes must be specified');
  if (nra) return { allowed: nonResourceAllowed(user, str(nra['verb']), str(nra['path'])) };
  if (!ra) return badRequest('exactly one of nonResourceAttributes or resourceAttributes must be specified');
  const sub = str(ra['subresource']);
  const resource = sub ? `${str(ra['resource'])}/${sub}` : str(ra['resource']);
  const allowed = authorize(user, str(ra['verb']), str(ra['group']), resource, str(ra['namespace']) || undefined, str(ra['name']) || undefined);
  return { allowed };
}

/** RBAC's RulesFor: the ClusterRoleBindings' rules, then those of the RoleBindings in `namespace`. */
function rulesReview(user: UserInfo, namespace: string): Record<string, unknown> {
  const subjects = subjectsOf(user);
  const resourceRules: Record<string, unknown>[] = [];
  const nonResourceRules: Record<string, unknown>[] = [];
  const bindings = [...BINDINGS.filter((b) => b.namespace === undefined), ...BINDINGS.filter((b) => b.namespace !== undefined && b.namespace === namespace)];
  for (const b of bindings) {
    if (!subjects.has(b.subject)) continue;
    for (const r of CLUSTER_ROLES[b.role] ?? []) {
      resourceRules.push({ verbs: [...r.verbs], apiGroups: [...r.groups], resources: [...r.resources], ...(r.resourceNames ? { resourceNames: [...r.resourceNames] } : {}) });
    }
    if (b.namespace === undefined) for (const r of NON_RESOURCE[b.role] ?? []) nonResourceRules.push({ verbs: [...r.verbs], nonResourceURLs: [...r.nonResourceURLs] });
  }
  return { resourceRules, nonResourceRules, incomplete: false };
}

/** Answers a `create` of a review: the object sent, with its status filled. */
export function review(info: ResourceInfo, verb: string, user: UserInfo, body: KObject | undefined): { ok: true; object: KObject } | { ok: false; error: StatusError } {
  if (verb !== 'create') return { ok: false, error: methodNotAllowed('the server does not allow this method on the requested resource') };
  const spec = ((body as Record<string, unknown> | undefined)?.['spec'] ?? {}) as Record<string, unknown>;
  let status: Record<string, unknown> | StatusError;
  switch (info.resource) {
    case 'selfsubjectaccessreviews':
      status = accessReview(user, spec);
      break;
    case 'selfsubjectrulesreviews':
      if (!str(spec['namespace'])) return { ok: false, error: badRequest('no namespace on request') };
      status = rulesReview(user, str(spec['namespace']));
      break;
    default:
      status = { userInfo: { username: user.name, ...(user.uid ? { uid: user.uid } : {}), groups: [...user.groups] } };
  }
  if ('code' in status) return { ok: false, error: status as StatusError };
  // SelfSubjectReview has no spec; the others echo theirs.
  const echoed = info.resource === 'selfsubjectreviews' ? {} : { spec };
  return { ok: true, object: { apiVersion: apiVersionOf(info), kind: info.kind, metadata: { creationTimestamp: null }, ...echoed, status } as unknown as KObject };
}
