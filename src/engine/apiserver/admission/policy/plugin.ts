/**
 * The ValidatingAdmissionPolicy admission plugin (policy/validating/dispatcher.go Dispatch):
 * every binding whose policy exists, where both match the request, evaluates the policy once
 * per param; a failed validation is acted on by the binding's validationActions — Deny refuses
 * the request (the first denial's message, reason and code), Warn adds a `Warning:` to the
 * response, Audit would annotate the audit event, which this audit log does not model.
 * Policies are taken in name order and each policy's bindings in name order (upstream walks a
 * Go map, so which of several denials is reported is not fixed there).
 */
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../k8s/admission-policy';
import type { KObject } from '../../../../k8s/types';
import type { World } from '../../../world';
import { storedObject } from '../../storage';
import { notFound, type StatusError, type StatusReason } from '../../status';
import { resourceInfo } from '../../../../k8s/resources';
import { admissionForbidden } from '../forbidden';
import type { AdmissionAttributes, ValidatingPlugin } from '../types';
import { compiledPolicy } from './compiled';
import { matchResources, objects } from './match';
import { collectParams, paramResource } from './params';
import { validate, type Decision } from './validator';
import { admissionRequestValue, namespaceObject, toCel } from './values';

interface Denial {
  policy: string;
  binding?: string;
  message: string;
  reason?: string;
}

/** Non-persisted reviews and the admission configuration itself are never subject to policies. */
const EXEMPT_GROUPS = new Set(['admissionregistration.k8s.io', 'authentication.k8s.io', 'authorization.k8s.io']);

function byName<T extends KObject>(items: Iterable<KObject>): T[] {
  return [...items].sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1)) as T[];
}

/** reasonToCode. */
function codeOf(reason: string): number {
  return reason === 'Forbidden' ? 403 : reason === 'Unauthorized' ? 401 : reason === 'RequestEntityTooLarge' ? 413 : 422;
}

/** addConfigError: the failure policy decides whether a broken policy or binding refuses the request. */
function configError(policy: ValidatingAdmissionPolicy, binding: ValidatingAdmissionPolicyBinding | undefined, err: string): Denial | undefined {
  if (policy.spec.failurePolicy === 'Ignore') return undefined;
  const message = binding ? `failed to configure binding: ${err}` : `failed to configure policy: ${err}`;
  return { policy: policy.metadata.name ?? '', ...(binding ? { binding: binding.metadata.name ?? '' } : {}), message };
}

function toError(a: AdmissionAttributes, d: Denial): StatusError {
  const message = d.binding
    ? `ValidatingAdmissionPolicy '${d.policy}' with binding '${d.binding}' denied request: ${d.message}`
    : `ValidatingAdmissionPolicy '${d.policy}' denied request: ${d.message}`;
  const e = admissionForbidden(a, message);
  const reason = (d.reason || 'Invalid') as StatusReason;
  return { ...e, code: codeOf(reason), reason, details: { ...e.details, causes: [{ type: '', field: '', message }] } };
}

/** The namespace the expressions see: none for a cluster-scoped object or a Namespace itself. */
function requestNamespace(w: World, a: AdmissionAttributes): { ns?: KObject; error?: StatusError } {
  const isNamespace = a.info.group === '' && a.info.resource === 'namespaces';
  if (!a.namespace || isNamespace) return {};
  const ns = storedObject(w, 'namespaces', undefined, a.namespace);
  return ns ? { ns } : { error: notFound(resourceInfo('namespaces')!, a.namespace) };
}

function bindingsByPolicy(w: World): Map<string, ValidatingAdmissionPolicyBinding[]> {
  const out = new Map<string, ValidatingAdmissionPolicyBinding[]>();
  for (const b of byName<ValidatingAdmissionPolicyBinding>(w.etcd.kv.get('validatingadmissionpolicybindings')?.values() ?? [])) {
    const name = b.spec?.policyName ?? '';
    out.set(name, [...(out.get(name) ?? []), b]);
  }
  return out;
}

export const ValidatingAdmissionPolicyPlugin: ValidatingPlugin = {
  name: 'ValidatingAdmissionPolicy',
  validate(w, a) {
    if (EXEMPT_GROUPS.has(a.info.group)) return undefined;
    const bindings = bindingsByPolicy(w);
    if (bindings.size === 0) return undefined;
    const name = a.obj.metadata.name ?? '';
    const denials: Denial[] = [];
    const deny = (d: Denial | undefined): void => void (d && denials.push(d));
    for (const policy of byName<ValidatingAdmissionPolicy>(w.etcd.kv.get('validatingadmissionpolicies')?.values() ?? [])) {
      const pname = policy.metadata.name ?? '';
      const policyBindings = bindings.get(pname);
      if (!policyBindings) continue;
      const defined = matchResources(w, policy.spec.matchConstraints, a, name);
      if (defined.error) deny(configError(policy, undefined, defined.error.message));
      if (!defined.matches) continue;
      const paramKind = paramResource(w, policy);
      if (paramKind.error) {
        deny(configError(policy, undefined, paramKind.error));
        continue;
      }
      const compiled = compiledPolicy(policy);
      for (const binding of policyBindings) {
        const bound = matchResources(w, binding.spec?.matchResources, a, name);
        if (bound.error) deny(configError(policy, binding, bound.error.message));
        if (!bound.matches) continue;
        const params = collectParams(w, paramKind.info, binding, a.namespace);
        if (!params.ok) {
          deny(configError(policy, binding, params.error));
          continue;
        }
        const namespace = requestNamespace(w, a);
        if (namespace.error) return namespace.error;
        const { object, oldObject } = objects(a);
        const base = { object: toCel(object), oldObject: toCel(oldObject), request: admissionRequestValue(a, name), namespaceObject: namespaceObject(namespace.ns) };
        for (const param of params.params) {
          for (const d of validate(compiled, policy.spec, { ...base, params: toCel(param) })) act(a, policy, binding, d, denials);
        }
      }
    }
    return denials.length ? toError(a, denials[0]!) : undefined;
  },
};

function act(a: AdmissionAttributes, policy: ValidatingAdmissionPolicy, binding: ValidatingAdmissionPolicyBinding, d: Decision, denials: Denial[]): void {
  if (d.action !== 'deny') return;
  const pname = policy.metadata.name ?? '';
  const bname = binding.metadata.name ?? '';
  for (const action of binding.spec?.validationActions ?? []) {
    if (action === 'Deny') denials.push({ policy: pname, binding: bname, message: d.message, ...(d.reason ? { reason: d.reason } : {}) });
    else if (action === 'Warn') a.warnings?.push(`Validation failed for ValidatingAdmissionPolicy '${pname}' with binding '${bname}': ${d.message}`);
  }
}
