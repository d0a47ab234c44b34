/**
 * The ServiceAccount controller (`service-account-controller`): every active namespace has a
 * `default` ServiceAccount — Pods without serviceAccountName run as it — recreated if deleted.
 */
import type { ServiceAccount } from '../../k8s/types';
import { componentId } from '../core/ids';
import type { Delta } from '../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from './framework';
import { statusCode } from './util/errors';

const DEFAULT = 'default';

function keysFor(_ctx: ControllerContext, resource: string, d: Delta): string[] {
  const obj = (d.cur ?? d.old)!;
  if (resource === 'namespaces') return d.cur ? [obj.metadata.name ?? ''] : [];
  // A deleted `default` ServiceAccount is put back.
  return !d.cur && obj.metadata.name === DEFAULT ? [obj.metadata.namespace ?? ''] : [];
}

function syncNamespace(ctx: ControllerContext, ns: string): ReconcileResult {
  const namespace = ctx.cache('namespaces').cache.get(ns);
  if (!namespace || namespace.metadata.deletionTimestamp) return DONE;
  if (ctx.cache('serviceaccounts').cache.has(`${ns}/${DEFAULT}`)) return DONE;
  const sa: ServiceAccount = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: DEFAULT, namespace: ns } };
  const res = ctx.request({ verb: 'create', resource: 'serviceaccounts', namespace: ns, body: sa });
  if (res.ok || statusCode(res) === 409 || statusCode(res) === 403) return DONE;
  return { kind: 'error', message: res.error.message };
}

export const serviceAccountController: ControllerDef = {
  name: 'serviceaccount',
  actor: componentId('service-account-controller'),
  informers: ['namespaces', 'serviceaccounts'],
  keysFor,
  reconcile: syncNamespace,
};
