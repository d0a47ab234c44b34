/**
 * The AdmissionRequest as its JSON encodes it (k8s.io/api/admission/v1, built by
 * CreateAdmissionRequest in both the webhook dispatcher and the CEL policy plugin): omitempty
 * fields absent, in the struct's field order. The request's own GVK/GVR: matchPolicy Equivalent
 * finds no other version here.
 */
import type { KObject } from '../../../k8s/types';
import type { AdmissionAttributes } from './types';

const OPTIONS_KIND: Record<AdmissionAttributes['operation'], string> = { CREATE: 'CreateOptions', UPDATE: 'UpdateOptions', DELETE: 'DeleteOptions' };

/** `objects`: what a webhook is sent (the CEL plugin hands `object`/`oldObject` to expressions apart). */
export function admissionRequest(a: AdmissionAttributes, uid: string, name: string, objects?: { object: KObject | null; oldObject: KObject | null }): Record<string, unknown> {
  const kind = { group: a.info.group, version: a.info.version, kind: a.info.kind };
  const resource = { group: a.info.group, version: a.info.version, resource: a.info.resource };
  const userInfo: Record<string, unknown> = {};
  if (a.user.name) userInfo['username'] = a.user.name;
  if (a.user.uid) userInfo['uid'] = a.user.uid;
  if (a.user.groups.length) userInfo['groups'] = a.user.groups;
  return {
    uid,
    kind,
    resource,
    ...(a.subresource ? { subResource: a.subresource } : {}),
    requestKind: kind,
    requestResource: resource,
    ...(a.subresource ? { requestSubResource: a.subresource } : {}),
    ...(name ? { name } : {}),
    ...(a.namespace ? { namespace: a.namespace } : {}),
    operation: a.operation,
    userInfo,
    ...(objects ?? {}),
    dryRun: !!a.dryRun,
    options: { kind: OPTIONS_KIND[a.operation], apiVersion: 'meta.k8s.io/v1' },
  };
}
