/**
 * SubjectAccessReview and LocalSubjectAccessReview (authorization.k8s.io/v1): may this user, with
 * these groups, do that? Answered by the authorizer chain for the identity the spec names
 * (authorizationutil.AuthorizationAttributesFrom), as pkg/registry/authorization/
 * {subjectaccessreview,localsubjectaccessreview}/rest.go do; validated as
 * pkg/apis/authorization/validation does. Never stored.
 */
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import type { World } from '../world';
import type { UserInfo } from './auth';
import { authorizeNonResourceWithReason, authorizeResourceWithReason } from './rbac-authorizer';
import { badRequest, invalid as invalidObject, type FieldError, type StatusError } from './status';
import { invalid, path } from './validation/field';

type Fields = Record<string, unknown>;

function obj(v: unknown): Fields | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : undefined;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** Laid out in Go's field order, zero values left out (every field is omitempty). */
function ordered(src: Fields, keys: readonly string[]): Fields {
  const out: Fields = {};
  for (const k of keys) {
    const v = src[k];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out;
}

const RESOURCE_ATTRIBUTES = ['namespace', 'verb', 'group', 'version', 'resource', 'subresource', 'name', 'fieldSelector', 'labelSelector'];
const NON_RESOURCE_ATTRIBUTES = ['path', 'verb'];

interface Spec {
  resourceAttributes?: Fields;
  nonResourceAttributes?: Fields;
  user: string;
  groups: string[];
  extra?: Fields;
  uid: string;
}

function readSpec(raw: Fields): Spec {
  const ra = obj(raw['resourceAttributes']);
  const nra = obj(raw['nonResourceAttributes']);
  const extra = obj(raw['extra']);
  const spec: Spec = { user: str(raw['user']), groups: strings(raw['groups']), uid: str(raw['uid']) };
  if (ra) spec.resourceAttributes = ordered(ra, RESOURCE_ATTRIBUTES);
  if (nra) spec.nonResourceAttributes = ordered(nra, NON_RESOURCE_ATTRIBUTES);
  if (extra && Object.keys(extra).length) spec.extra = extra;
  return spec;
}

/** v1.SubjectAccessReviewSpec as the answer prints it. */
function specOut(s: Spec): Fields {
  return ordered({ ...s } as Fields, ['resourceAttributes', 'nonResourceAttributes', 'user', 'groups', 'extra', 'uid']);
}

/** ValidateSubjectAccessReviewSpec. */
function validateSpec(s: Spec): FieldError[] {
  const errs: FieldError[] = [];
  if (s.resourceAttributes && s.nonResourceAttributes) errs.push(invalid(path('spec', 'nonResourceAttributes'), s.nonResourceAttributes, 'cannot be specified in combination with resourceAttributes'));
  // Upstream passes the (nil) nonResourceAttributes as the value: `Invalid value: null`.
  if (!s.resourceAttributes && !s.nonResourceAttributes) errs.push(invalid(path('spec', 'resourceAttributes'), null, 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  if (!s.user && s.groups.length === 0) errs.push(invalid(path('spec', 'user'), s.user, 'at least one of user or group must be specified'));
  return errs;
}

/** ObjectMeta without the fields a client may leave set: managedFields, and (for the local review) the namespace. */
function metadataSet(meta: Fields | undefined, ignore: readonly string[]): boolean {
  if (!meta) return false;
  return Object.entries(meta).some(([k, v]) => !ignore.includes(k) && v !== null && v !== undefined && v !== '' && !(typeof v === 'object' && Object.keys(v).length === 0));
}

/** The chain's answer for the spec's identity: v1.SubjectAccessReviewStatus. */
function decide(w: World, s: Spec): Fields {
  const user: UserInfo = { name: s.user, groups: s.groups, ...(s.uid ? { uid: s.uid } : {}) };
  let decided: { allowed: boolean; reason: string };
  if (s.nonResourceAttributes) decided = authorizeNonResourceWithReason(w, user, str(s.nonResourceAttributes['verb']), str(s.nonResourceAttributes['path']));
  else {
    const ra = s.resourceAttributes ?? {};
    const sub = str(ra['subresource']);
    const resource = sub ? `${str(ra['resource'])}/${sub}` : str(ra['resource']);
    const namespace = str(ra['namespace']);
    const name = str(ra['name']);
    decided = authorizeResourceWithReason(w, user, { verb: str(ra['verb']), group: str(ra['group']), resource, ...(namespace ? { namespace } : {}), ...(name ? { name } : {}) });
  }
  // RBAC has no deny: a refusal is NoOpinion, so `denied` stays false and is left out.
  return { allowed: decided.allowed, ...(decided.reason ? { reason: decided.reason } : {}) };
}

/**
 * A SubjectAccessReview (`namespace` undefined) or LocalSubjectAccessReview (the URL's namespace,
 * which the handler has already matched against metadata.namespace).
 */
export function subjectAccessReview(w: World, info: ResourceInfo, body: KObject | undefined, namespace: string | undefined): KObject | StatusError {
  const raw = (body ?? {}) as Fields;
  const spec = readSpec(obj(raw['spec']) ?? {});
  const meta = obj(raw['metadata']);
  const local = info.namespaced;
  // EnsureObjectNamespaceMatchesRequestNamespace, before the registry sees the object.
  const metaNs = str(meta?.['namespace']);
  if (local && metaNs && metaNs !== namespace) return badRequest('the namespace of the provided object does not match the namespace sent on the request');
  const errs = validateSpec(spec);
  if (!local && metadataSet(meta, ['managedFields'])) errs.push(invalid(path('metadata'), meta, 'must be empty'));
  if (local) {
    if (metadataSet(meta, ['managedFields', 'namespace'])) errs.push(invalid(path('metadata'), meta, 'must be empty except for namespace'));
    const raNs = spec.resourceAttributes ? str(spec.resourceAttributes['namespace']) : undefined;
    if (raNs !== undefined && raNs !== namespace) errs.push(invalid(path('spec.resourceAttributes.namespace'), raNs, 'must match metadata.namespace'));
    if (spec.nonResourceAttributes) errs.push(invalid(path('spec.nonResourceAttributes'), spec.nonResourceAttributes, 'disallowed on this kind of request'));
  }
  // The handler decoded into the internal type, which carries no kind: `.authorization.k8s.io "" is invalid`.
  if (errs.length) return invalidObject({ ...info, kind: '' }, '', errs);
  const metadata = local ? { namespace, creationTimestamp: null } : { creationTimestamp: null };
  return { apiVersion: 'authorization.k8s.io/v1', kind: info.kind, metadata, spec: specOut(spec), status: decide(w, spec) } as unknown as KObject;
}
