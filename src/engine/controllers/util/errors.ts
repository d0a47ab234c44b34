/**
 * A reconcile step that failed talking to kube-apiserver. Sync code throws it the way Go code
 * returns `err`; the ControllerDef's reconcile turns it into a rate-limited requeue.
 */
import type { ApiResponse } from '../../apiserver/handler';
import type { KObject } from '../../../k8s/types';
import { DONE, type ReconcileResult } from '../framework';

export class SyncError extends Error {}

/** The response's object, or a SyncError carrying the apiserver's message. */
export function mustSucceed(res: ApiResponse): KObject {
  if (!res.ok) throw new SyncError(res.error.message);
  return res.object as KObject;
}

export function statusCode(res: ApiResponse): number | undefined {
  return res.ok ? res.code : 'network' in res.error ? undefined : res.error.code;
}

/** Runs a sync function, mapping a thrown SyncError to `{ kind: 'error' }`. */
export function runSync(fn: () => ReconcileResult | void): ReconcileResult {
  try {
    return fn() ?? DONE;
  } catch (e) {
    if (e instanceof SyncError) return { kind: 'error', message: e.message };
    throw e;
  }
}

/** NamespaceLifecycle's rejection: creating in a Terminating namespace is expected to fail quietly. */
export function isNamespaceTerminating(res: ApiResponse): boolean {
  return !res.ok && !('network' in res.error) && res.error.code === 403 && res.error.message.includes('because it is being terminated');
}
