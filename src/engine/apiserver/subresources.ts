/**
 * Subresources with their own semantics: `pods/binding` (the scheduler's bind: sets
 * spec.nodeName once and marks PodScheduled), `<workload>/scale` (only spec.replicas) and
 * `pods/eviction` (eviction.ts), `serviceaccounts/token` (token-request.ts: nothing is stored).
 */
import type { ComponentId } from '../core/ids';
import { rfc3339 } from '../../k8s/time';
import type { Binding, KObject, Pod } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import type { World } from '../world';
import { badRequest, conflict, notFound, type StatusError } from './status';
import { storedObject } from './storage';
import { managerOf, update, type ApiRequest, type ApiResponse } from './handler';
import { cloneData } from '../core/clone';
import { evictPod } from './eviction';
import { requestToken } from './token-request';

function fail(e: StatusError): ApiResponse {
  return { ok: false, error: e };
}

export function applySubresource(w: World, serverId: ComponentId, requestId: number, info: ResourceInfo, ns: string | undefined, req: ApiRequest): ApiResponse {
  const name = req.name ?? req.body?.metadata?.name ?? '';
  const old = storedObject(w, info.resource, ns, name);
  if (!old) return fail(notFound(info, name));
  switch (req.subresource) {
    case 'binding': {
      const b = req.body as Binding | undefined;
      const target = b?.target?.name;
      if (!target) return fail(badRequest('Binding target name is required'));
      const pod = old as Pod;
      if (pod.spec.nodeName) return fail({ ...conflict(info, name), message: `Operation cannot be fulfilled on pods/binding "${name}": pod ${name} is already assigned to node "${pod.spec.nodeName}"` });
      if (pod.metadata.deletionTimestamp) return fail({ ...conflict(info, name), message: `Operation cannot be fulfilled on pods/binding "${name}": pod ${name} is being deleted, cannot be assigned to a host` });
      // Structural sharing with the stored Pod (never mutated after commit): only spec.nodeName
      // and the conditions list are new; spreading keeps every key where it was.
      const conds = [...(pod.status?.conditions ?? [])];
      const scheduled = { type: 'PodScheduled', status: 'True' as const, lastProbeTime: null, lastTransitionTime: rfc3339(w.now) };
      const i = conds.findIndex((c) => c.type === 'PodScheduled');
      if (i >= 0) conds[i] = scheduled;
      else conds.push(scheduled);
      const next: Pod = { ...pod, spec: { ...pod.spec, nodeName: target }, status: { ...pod.status, conditions: conds } };
      const res = update(w, serverId, requestId, info, ns, old, next, { subresource: 'binding', user: req.user });
      return res.ok ? { ...res, code: 201 } : res;
    }
    case 'scale': {
      const replicas = (req.body as { spec?: { replicas?: number } } | undefined)?.spec?.replicas;
      if (typeof replicas !== 'number') return fail(badRequest('spec.replicas is required'));
      const next = cloneData(old) as KObject & { spec: { replicas?: number } };
      next.spec.replicas = replicas;
      // The scale handler records the write against the parent's .spec.replicas, in its apiVersion.
      // Admission sees `<resource>/scale` and Scales (ScaleREST's toScaleUpdateValidation), so a
      // policy on the resource itself does not catch a scale.
      return update(w, serverId, requestId, info, ns, old, next, { subresource: 'scale', user: req.user, manager: managerOf(req, info, 'scale') });
    }
    case 'eviction':
      if (info.resource !== 'pods') return fail(badRequest(`the server does not allow this method on the requested resource`));
      return evictPod(w, serverId, requestId, info, old as Pod, req, (i, ns2, prev, next) => update(w, serverId, requestId, i, ns2, prev, next, { subresource: 'status', user: req.user }));
    case 'token':
      if (info.resource !== 'serviceaccounts') return fail(badRequest(`the server does not allow this method on the requested resource`));
      return requestToken(w, old, req.body, `${serverId}/${requestId}`);
    case 'finalize': {
      // namespaces/finalize: only spec.finalizers changes; emptying it lets a Terminating namespace go.
      if (info.resource !== 'namespaces') return fail(badRequest(`the server does not allow this method on the requested resource`));
      const finalizers = (req.body as { spec?: { finalizers?: string[] } } | undefined)?.spec?.finalizers ?? [];
      const next = cloneData(old) as KObject & { spec?: { finalizers?: string[] } };
      next.spec = { ...(next.spec ?? {}), finalizers };
      return update(w, serverId, requestId, info, ns, old, next, { user: req.user, subresource: 'finalize' });
    }
    default:
      return fail(badRequest(`the server does not allow this method on the requested resource`));
  }
}
