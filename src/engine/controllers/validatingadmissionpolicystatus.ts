/**
 * The ValidatingAdmissionPolicy status controller (`validatingadmissionpolicy-status-controller`,
 * pkg/controller/validatingadmissionpolicystatus): a policy whose generation is newer than its
 * status.observedGeneration gets its type-checking result written to status, forced, as its
 * own field manager: `observedGeneration` and `typeChecking`. Upstream type-checks each
 * expression against the OpenAPI schemas of the kinds the policy matches and lists the
 * warnings; this controller has no schemas to check against, so `typeChecking` is always empty.
 */
import type { ValidatingAdmissionPolicy } from '../../k8s/admission-policy';
import { componentId } from '../core/ids';
import type { Delta } from '../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from './framework';
import { statusCode } from './util/errors';

const NAME = 'validatingadmissionpolicy-status-controller';

function keysFor(_ctx: ControllerContext, _resource: string, d: Delta): string[] {
  // Add and update only: a deleted policy has no status to write.
  return d.cur ? [d.cur.metadata.name ?? ''] : [];
}

function reconcile(ctx: ControllerContext, name: string): ReconcileResult {
  const policy = ctx.cache('validatingadmissionpolicies').cache.get(name) as ValidatingAdmissionPolicy | undefined;
  if (!policy) return DONE;
  const generation = policy.metadata.generation ?? 0;
  if (generation <= (policy.status?.observedGeneration ?? 0)) return DONE;
  const res = ctx.request({
    verb: 'patch',
    resource: 'validatingadmissionpolicies',
    subresource: 'status',
    name,
    fieldManager: NAME,
    body: { status: { observedGeneration: generation, typeChecking: {} } } as never,
  });
  return res.ok || statusCode(res) === 404 ? DONE : { kind: 'error', message: res.error.message };
}

export const validatingAdmissionPolicyStatusController: ControllerDef = {
  name: 'validatingadmissionpolicy-status-controller',
  actor: componentId(NAME),
  informers: ['validatingadmissionpolicies'],
  keysFor,
  reconcile,
};
