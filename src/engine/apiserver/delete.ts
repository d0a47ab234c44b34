/**
 * DELETE semantics: graceful deletion for scheduled Pods (deletionTimestamp = now + grace, the
 * kubelet finishes it), finalizers that hold an object in Terminating, and the propagation
 * policy that tells the garbage collector what to do with dependents.
 */
import type { ComponentId } from '../core/ids';
import { rfc3339 } from '../../k8s/time';
import type { KObject, Pod } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import type { World } from '../world';
import { trace, traceRef } from '../runtime';
import { conflict, etcdFailure, forbidden, preconditionFailed } from './status';
import { isSystemPriorityClass } from './admission/priority-classes';
import { commit } from './storage';
import type { ApiResponse } from './handler';
import type { UserInfo } from './auth';
import { admitDelete } from './admission';
import { cloneData } from '../core/clone';
import { markCrdForDeletion } from '../apiextensions/strategy';

export interface DeleteOptions {
  gracePeriodSeconds?: number;
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  dryRun?: boolean;
  /** DeleteOptions.preconditions: delete only the object with this uid (a controller's guard against a re-created name). */
  preconditions?: { uid?: string };
  /** The requester, for the admission chain (NamespaceLifecycle, NodeRestriction). */
  user?: UserInfo;
}

const FOREGROUND = 'foregroundDeletion';
const ORPHAN = 'orphan';

export function applyDelete(w: World, serverId: ComponentId, requestId: number, info: ResourceInfo, old: KObject, opts: DeleteOptions): ApiResponse {
  const ns = old.metadata.namespace;
  const name = old.metadata.name ?? '';
  const write = (next: KObject | undefined, op: 'update' | 'delete'): ApiResponse => {
    if (opts.dryRun) return { ok: true, code: 200, object: next ?? old, resourceVersion: old.metadata.resourceVersion ?? '' };
    const res = commit(w, serverId, requestId, info.resource, ns, name, next, op);
    if (!res.ok) return { ok: false, error: etcdFailure(res.error) };
    return { ok: true, code: next ? 202 : 200, object: res.stored ?? { ...old, metadata: { ...old.metadata, resourceVersion: res.rv } }, resourceVersion: res.rv };
  };
  // The PriorityClass REST storage refuses before admission runs (priorityclass/storage/storage.go).
  if (info.resource === 'priorityclasses' && isSystemPriorityClass(name)) {
    return { ok: false, error: { ...forbidden(`priorityclasses.scheduling.k8s.io "${name}" is forbidden: this is a system priority class and cannot be deleted`), details: { name, group: info.group, kind: info.resource } } };
  }
  // The storage checks preconditions before the delete's admission runs.
  const wantedUid = opts.preconditions?.uid;
  if (wantedUid !== undefined && wantedUid !== old.metadata.uid) return { ok: false, error: preconditionFailed(info, name, wantedUid, old.metadata.uid ?? '') };
  if (opts.user) {
    const rejected = admitDelete(w, { operation: 'DELETE', info, obj: old, user: opts.user, namespace: ns, serverId, ...(opts.dryRun ? { dryRun: true } : {}) });
    if (rejected) {
      trace(w, { from: serverId, to: serverId, kind: 'validating-admission', detail: { result: 'rejected', message: rejected.message }, object: traceRef(old), requestId });
      return { ok: false, error: rejected };
    }
  }
  trace(w, { from: serverId, to: serverId, kind: 'validating-admission', detail: { result: 'admitted', operation: 'delete' }, object: traceRef(old), requestId });

  if (info.resource === 'customresourcedefinitions') {
    const marked = markCrdForDeletion(w, old);
    if (marked) return write(marked, 'update');
  }
  const finalizers = [...(old.metadata.finalizers ?? [])];
  // jobStrategy.DefaultGarbageCollectionPolicy: a batch/v1 Job deleted without a policy orphans its Pods.
  const policy = opts.propagationPolicy ?? (info.resource === 'jobs' ? 'Orphan' : undefined);
  if (policy === 'Orphan' && !finalizers.includes(ORPHAN)) finalizers.push(ORPHAN);
  if (policy === 'Foreground' && !finalizers.includes(FOREGROUND)) finalizers.push(FOREGROUND);

  if (info.resource === 'pods') {
    const pod = old as Pod;
    const phase = pod.status?.phase;
    const terminal = phase === 'Succeeded' || phase === 'Failed';
    const spec = pod.spec.terminationGracePeriodSeconds ?? 30;
    let grace = opts.gracePeriodSeconds ?? spec;
    // An unscheduled or finished Pod has no kubelet to wait for.
    if (!pod.spec.nodeName || terminal) grace = 0;
    const current = pod.metadata.deletionGracePeriodSeconds;
    if (grace > 0 || (finalizers.length > 0 && !pod.metadata.deletionTimestamp)) {
      if (current !== undefined && current <= grace && finalizers.length === (old.metadata.finalizers ?? []).length) {
        return { ok: true, code: 202, object: old, resourceVersion: old.metadata.resourceVersion ?? '' };
      }
      const next = cloneData(old);
      next.metadata.deletionTimestamp = rfc3339((w.now + grace * 1000) as typeof w.now);
      next.metadata.deletionGracePeriodSeconds = grace;
      next.metadata.finalizers = finalizers.length ? finalizers : undefined;
      if (!next.metadata.finalizers) delete next.metadata.finalizers;
      next.metadata.generation = (next.metadata.generation ?? 0) + 1;
      return write(next, 'update');
    }
    if (finalizers.length > 0) {
      const next = cloneData(old);
      next.metadata.deletionTimestamp ??= rfc3339(w.now);
      next.metadata.deletionGracePeriodSeconds = 0;
      next.metadata.finalizers = finalizers;
      return write(next, 'update');
    }
    return write(undefined, 'delete');
  }

  // A Namespace with spec.finalizers enters Terminating; the namespace controller empties it.
  const specFinalizers = info.resource === 'namespaces' ? ((old.spec as { finalizers?: string[] } | undefined)?.finalizers ?? []) : [];
  if (specFinalizers.length > 0 && !old.metadata.deletionTimestamp) {
    const next = cloneData(old) as KObject & { status?: { phase?: string } };
    next.metadata.deletionTimestamp = rfc3339(w.now);
    if (finalizers.length) next.metadata.finalizers = finalizers;
    next.status = { ...(next.status ?? {}), phase: 'Terminating' };
    return write(next, 'update');
  }
  if (specFinalizers.length > 0) {
    return {
      ok: false,
      error: {
        ...conflict(info, name),
        message: `Operation cannot be fulfilled on namespaces "${name}": The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.`,
      },
    };
  }

  if (finalizers.length > 0) {
    if (old.metadata.deletionTimestamp && finalizers.length === (old.metadata.finalizers ?? []).length) {
      return { ok: true, code: 202, object: old, resourceVersion: old.metadata.resourceVersion ?? '' };
    }
    const next = cloneData(old);
    next.metadata.deletionTimestamp ??= rfc3339(w.now);
    next.metadata.deletionGracePeriodSeconds = 0;
    next.metadata.finalizers = finalizers;
    return write(next, 'update');
  }
  return write(undefined, 'delete');
}
