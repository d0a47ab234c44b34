/**
 * The params a binding hands its policy (generic/policy_dispatcher.go CollectParams): none
 * (one evaluation with `params` null) when the policy has no paramKind or the binding no
 * paramRef; else the object named, or every object the selector picks, in the binding's
 * namespace, the request's, or cluster-wide for a cluster-scoped kind. None found is an
 * error under parameterNotFoundAction Deny and no evaluation at all under Allow.
 */
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../k8s/admission-policy';
import type { ResourceInfo } from '../../../../k8s/resources';
import { fromLabelSelector, matches } from '../../../../k8s/labels';
import type { KObject } from '../../../../k8s/types';
import type { World } from '../../../world';
import { servedKind } from '../../../apiextensions/served';
import { storedObject } from '../../storage';

export type ParamsResult = { ok: true; params: (KObject | null)[] } | { ok: false; error: string };

/** schema.GroupVersionKind's String(): `/v1, Kind=ConfigMap`. */
function gvkString(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return `${group}/${version}, Kind=${kind}`;
}

/** The paramKind's resource, or the policy's configuration error when nothing serves it. */
export function paramResource(w: World, policy: ValidatingAdmissionPolicy): { info?: ResourceInfo; error?: string } {
  const pk = policy.spec.paramKind;
  if (!pk) return {};
  const apiVersion = pk.apiVersion ?? '';
  const kind = pk.kind ?? '';
  const info = servedKind(w, kind, apiVersion);
  const served = info && (info.group ? `${info.group}/${info.version}` : info.version) === apiVersion;
  if (!info || !served) return { error: `failed to find resource referenced by paramKind: '${gvkString(apiVersion, kind)}'` };
  return { info };
}

export function collectParams(w: World, info: ResourceInfo | undefined, binding: ValidatingAdmissionPolicyBinding, namespace: string | undefined): ParamsResult {
  const ref = binding.spec.paramRef;
  if (!info || !ref) return { ok: true, params: [null] };
  let ns: string | undefined;
  if (info.namespaced) {
    ns = ref.namespace || namespace;
    if (!ns) return { ok: false, error: 'cannot use namespaced paramRef in policy binding that matches cluster-scoped resources' };
  } else if (ref.namespace) return { ok: false, error: 'paramRef.namespace must not be provided for a cluster-scoped `paramKind`' };
  let params: KObject[];
  if (ref.name) {
    if (ref.selector) return { ok: false, error: 'paramRef.name and paramRef.selector are mutually exclusive' };
    const found = storedObject(w, info.resource, ns, ref.name);
    params = found ? [found] : [];
  } else if (ref.selector) {
    const sel = fromLabelSelector(ref.selector);
    params = [...(w.etcd.kv.get(info.resource)?.values() ?? [])]
      .filter((o) => (ns === undefined || o.metadata.namespace === ns) && matches(sel, o.metadata.labels))
      .sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
  } else return { ok: false, error: 'one of name or selector must be provided' };
  if (params.length === 0 && ref.parameterNotFoundAction === 'Deny') return { ok: false, error: 'no params found for policy binding with `Deny` parameterNotFoundAction' };
  return { ok: true, params };
}
