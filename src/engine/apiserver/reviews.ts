/**
 * The review APIs, answered by the apiserver itself and never stored: the self-reviews —
 * SelfSubjectAccessReview (may I?), SelfSubjectRulesReview (what may I, in a namespace?) and
 * SelfSubjectReview (who am I?), for the authenticated (or impersonated) user — and, for
 * whoever the spec names, TokenReview (token-review.ts) and (Local)SubjectAccessReview
 * (access-review.ts).
 */
import type { KObject } from '../../k8s/types';
import { apiVersionOf, type ResourceInfo } from '../../k8s/resources';
import type { World } from '../world';
import type { UserInfo } from './auth';
import { authorizeNonResourceWithReason, authorizeResourceWithReason, rulesFor } from './rbac-authorizer';
import { badRequest, methodNotAllowed, type StatusError } from './status';
import { subjectAccessReview } from './access-review';
import { tokenReview } from './token-review';

const REVIEWS: ReadonlySet<string> = new Set(['selfsubjectaccessreviews', 'selfsubjectrulesreviews', 'selfsubjectreviews', 'tokenreviews', 'subjectaccessreviews', 'localsubjectaccessreviews']);

export function isReview(info: ResourceInfo): boolean {
  return REVIEWS.has(info.resource);
}

function answered(out: KObject | StatusError): { ok: true; object: KObject } | { ok: false; error: StatusError } {
  return 'code' in out ? { ok: false, error: out as StatusError } : { ok: true, object: out };
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function accessReview(w: World, user: UserInfo, spec: Record<string, unknown>): Record<string, unknown> | StatusError {
  const ra = spec['resourceAttributes'] as Record<string, unknown> | undefined;
  const nra = spec['nonResourceAttributes'] as Record<string, unknown> | undefined;
  if (ra && nra) return badRequest('exactly one of nonResourceAttributes or resourceAttributes must be specified');
  if (nra) return decision(authorizeNonResourceWithReason(w, user, str(nra['verb']), str(nra['path'])));
  if (!ra) return badRequest('exactly one of nonResourceAttributes or resourceAttributes must be specified');
  const sub = str(ra['subresource']);
  const resource = sub ? `${str(ra['resource'])}/${sub}` : str(ra['resource']);
  const namespace = str(ra['namespace']);
  const name = str(ra['name']);
  return decision(authorizeResourceWithReason(w, user, { verb: str(ra['verb']), group: str(ra['group']), resource, ...(namespace ? { namespace } : {}), ...(name ? { name } : {}) }));
}

/** SubjectAccessReviewStatus: the decision, and RBAC's reason when it gives one (never for a refusal). */
function decision(d: { allowed: boolean; reason: string }): Record<string, unknown> {
  return d.reason ? { allowed: d.allowed, reason: d.reason } : { allowed: d.allowed };
}

/** RBAC's RulesFor: the ClusterRoleBindings' rules, then those of the RoleBindings in `namespace`. */
function rulesReview(w: World, user: UserInfo, namespace: string): Record<string, unknown> {
  const resourceRules: Record<string, unknown>[] = [];
  const nonResourceRules: Record<string, unknown>[] = [];
  for (const r of rulesFor(w, user, namespace)) {
    if (r.nonResourceURLs?.length) nonResourceRules.push({ verbs: [...r.verbs], nonResourceURLs: [...r.nonResourceURLs] });
    else resourceRules.push({ verbs: [...r.verbs], apiGroups: [...(r.apiGroups ?? [])], resources: [...(r.resources ?? [])], ...(r.resourceNames?.length ? { resourceNames: [...r.resourceNames] } : {}) });
  }
  return { resourceRules, nonResourceRules, incomplete: false };
}

/** Answers a `create` of a review: the object sent, with its status filled. `namespace`: the URL's (a LocalSubjectAccessReview's). */
export function review(w: World, info: ResourceInfo, verb: string, user: UserInfo, body: KObject | undefined, namespace?: string): { ok: true; object: KObject } | { ok: false; error: StatusError } {
  if (verb !== 'create') return { ok: false, error: methodNotAllowed('the server does not allow this method on the requested resource') };
  if (info.resource === 'tokenreviews') return answered(tokenReview(w, body));
  if (info.resource === 'subjectaccessreviews' || info.resource === 'localsubjectaccessreviews') return answered(subjectAccessReview(w, info, body, namespace));
  const spec = ((body as Record<string, unknown> | undefined)?.['spec'] ?? {}) as Record<string, unknown>;
  let status: Record<string, unknown> | StatusError;
  switch (info.resource) {
    case 'selfsubjectaccessreviews':
      status = accessReview(w, user, spec);
      break;
    case 'selfsubjectrulesreviews':
      if (!str(spec['namespace'])) return { ok: false, error: badRequest('no namespace on request') };
      status = rulesReview(w, user, str(spec['namespace']));
      break;
    default:
      status = { userInfo: { username: user.name, ...(user.uid ? { uid: user.uid } : {}), groups: [...user.groups], ...(user.extra ? { extra: structuredClone(user.extra) } : {}) } };
  }
  if ('code' in status) return { ok: false, error: status as StatusError };
  // SelfSubjectReview has no spec; the others echo theirs.
  const echoed = info.resource === 'selfsubjectreviews' ? {} : { spec };
  return { ok: true, object: { apiVersion: apiVersionOf(info), kind: info.kind, metadata: { creationTimestamp: null }, ...echoed, status } as unknown as KObject };
}
