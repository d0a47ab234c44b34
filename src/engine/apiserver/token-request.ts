/**
 * The serviceaccounts/token subresource (pkg/registry/core/serviceaccount/storage/token.go):
 * a create that answers an authentication.k8s.io/v1 TokenRequest with a signed token for the
 * ServiceAccount. Nothing is stored: the TokenRequest is built, checked and returned. Its order
 * of checks is upstream's — the name and namespace in the body, the ServiceAccount (404 before
 * anything else, in subresources.ts), ValidateTokenRequest, then the bound object.
 */
import type { KObject, Pod } from '../../k8s/types';
import type { BoundObjectReference, TokenRequest } from '../../k8s/authentication';
import type { ResourceInfo } from '../../k8s/resources';
import { rfc3339 } from '../../k8s/time';
import type { SimMillis } from '../../k8s/units';
import type { World } from '../world';
import { badRequest, invalid, notFound, type StatusError } from './status';
import { invalid as invalidField, path } from './validation/field';
import { storedObject } from './storage';
import { API_AUDIENCES, extendsExpiration, mintToken, type ObjectBinding, type TokenBinding } from './serviceaccount-token';
import type { ApiResponse } from './handler';

/** How the errors name the kind: `TokenRequest.authentication.k8s.io "x" is invalid: …`. */
const TOKEN_REQUEST_KIND = { group: 'authentication.k8s.io', kind: 'TokenRequest' } as ResourceInfo;

/** ValidateTokenRequest's bounds (MinTokenAgeSec, 2^32). */
const MIN_TOKEN_AGE_S = 10 * 60;
const MAX_TOKEN_AGE_S = 2 ** 32;
/** token.WarnOnlyBoundTokenExpirationSeconds: what the kubelet asks for a kube-api-access token. */

function fail(e: StatusError): ApiResponse {
  return { ok: false, error: e };
}

/** A Conflict naming the bound object's kind as its resource, as upstream's NewConflict call does. */
function uidConflict(kind: string, name: string, uid: string): StatusError {
  return {
    code: 409,
    reason: 'Conflict',
    message: `Operation cannot be fulfilled on ${kind} "${name}": the UID in the bound object reference (${uid}) does not match the UID in record. The object might have been deleted and then recreated`,
    details: { name, group: '', kind },
  };
}

const ref = (o: KObject): ObjectBinding => ({ name: o.metadata.name ?? '', uid: o.metadata.uid ?? '' });

/** The bound object's part of the binding, or the error that refuses it. */
function bindObject(w: World, ns: string, sa: string, r: BoundObjectReference): { ok: true; binding: Partial<TokenBinding> } | { ok: false; error: StatusError } {
  const name = r.name ?? '';
  const group = (r.apiVersion ?? '').includes('/') ? (r.apiVersion ?? '').split('/')[0]! : '';
  const version = (r.apiVersion ?? '').split('/').pop() ?? '';
  const kind = r.kind ?? '';
  const missing = (resource: string): { ok: false; error: StatusError } => ({ ok: false, error: notFound({ resource, group: '' } as ResourceInfo, name) });
  let obj: KObject | undefined;
  let binding: Partial<TokenBinding>;
  if (group === '' && kind === 'Pod') {
    const pod = storedObject(w, 'pods', ns, name) as Pod | undefined;
    if (!pod) return missing('pods');
    if ((pod.spec.serviceAccountName ?? 'default') !== sa) return { ok: false, error: badRequest(`cannot bind token for serviceaccount "${sa}" to pod running with different serviceaccount name.`) };
    // ServiceAccountTokenPodNodeInfo: the Pod's Node rides along, by name alone if it is gone.
    const nodeName = pod.spec.nodeName ?? '';
    const node = nodeName ? storedObject(w, 'nodes', undefined, nodeName) : undefined;
    obj = pod;
    binding = { pod: ref(pod), ...(nodeName ? { node: { name: nodeName, uid: node?.metadata.uid ?? '' } } : {}) };
  } else if (group === '' && kind === 'Node') {
    obj = storedObject(w, 'nodes', undefined, name);
    if (!obj) return missing('nodes');
    binding = { node: ref(obj) };
  } else if (group === '' && kind === 'Secret') {
    obj = storedObject(w, 'secrets', ns, name);
    if (!obj) return missing('secrets');
    binding = { secret: ref(obj) };
  } else {
    // schema.GroupVersionKind's String(): `/v1, Kind=ConfigMap` for the core group.
    return { ok: false, error: badRequest(`cannot bind token to object of type ${group}/${version}, Kind=${kind}`) };
  }
  if (r.uid && r.uid !== obj.metadata.uid) return { ok: false, error: uidConflict(kind, name, r.uid) };
  return { ok: true, binding };
}

/** TokenREST.Create for the ServiceAccount `sa` (already read: a missing one is a 404 before this). */
export function requestToken(w: World, sa: KObject, body: KObject | undefined, nonce: string): ApiResponse {
  const name = sa.metadata.name ?? '';
  const ns = sa.metadata.namespace ?? '';
  const req = (body ?? {}) as Partial<TokenRequest>;
  if (req.metadata?.name && req.metadata.name !== name) {
    return fail(invalid(TOKEN_REQUEST_KIND, name, [invalidField(path('metadata', 'name'), req.metadata.name, 'must match the service account name if specified')]));
  }
  if (req.metadata?.namespace && req.metadata.namespace !== ns) {
    return fail(invalid(TOKEN_REQUEST_KIND, name, [invalidField(path('metadata', 'namespace'), req.metadata.namespace, 'must match the service account namespace if specified')]));
  }
  const audiences = req.spec?.audiences?.length ? req.spec.audiences : [...API_AUDIENCES];
  // SetDefaults_TokenRequestSpec: an hour.
  const expirationSeconds = req.spec?.expirationSeconds ?? 3600;
  const errs = [];
  const exp = path('spec', 'expirationSeconds');
  if (expirationSeconds < MIN_TOKEN_AGE_S) errs.push(invalidField(exp, expirationSeconds, 'may not specify a duration less than 10 minutes'));
  if (expirationSeconds > MAX_TOKEN_AGE_S) errs.push(invalidField(exp, expirationSeconds, 'may not specify a duration larger than 2^32 seconds'));
  // Validated before the name is copied in, so the error names no object.
  if (errs.length) return fail(invalid(TOKEN_REQUEST_KIND, '', errs));

  const boundObjectRef = req.spec?.boundObjectRef ?? null;
  let bound: Partial<TokenBinding> = {};
  if (boundObjectRef) {
    const b = bindObject(w, ns, name, boundObjectRef);
    if (!b.ok) return fail(b.error);
    bound = b.binding;
  }
  const extendExpiration = extendsExpiration(!!bound.pod, expirationSeconds, audiences);
  const minted = mintToken(w, { namespace: ns, serviceAccount: name, ...bound, expirationSeconds, extendExpiration, audiences, nonce });
  if (!minted.ok) return fail(notFound({ resource: 'serviceaccounts', group: '' } as ResourceInfo, name));
  // The status's expiry is the asked-for lifetime from now, even when the token's exp is extended.
  const expiry = (w.now + expirationSeconds * 1000) as SimMillis;
  const out: TokenRequest = {
    kind: 'TokenRequest',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { name, namespace: ns, creationTimestamp: rfc3339(w.now) },
    spec: { audiences, expirationSeconds, boundObjectRef },
    status: { token: minted.token, expirationTimestamp: rfc3339(expiry) },
  };
  return { ok: true, code: 201, object: out, resourceVersion: '' };
}
