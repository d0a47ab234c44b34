/**
 * The token controller (`serviceaccount-token`, tokens_controller.go): a Secret of type
 * kubernetes.io/service-account-token whose kubernetes.io/service-account.name annotation names
 * an existing ServiceAccount is filled in — data ca.crt, namespace and a non-expiring legacy
 * token, and the kubernetes.io/service-account.uid annotation. A Secret whose ServiceAccount is
 * gone (or is another one by uid) is deleted, as are a ServiceAccount's Secrets when it is.
 * It runs with kube-controller-manager's own client (rootClientBuilder).
 */
import type { KObject, Secret, ServiceAccount } from '../../k8s/types';
import { base64Encode } from '../../k8s/base64';
import { componentId } from '../core/ids';
import { clusterCaPem } from '../apiserver/cluster-ca';
import { mintLegacyToken } from '../apiserver/serviceaccount-token';
import type { Delta } from '../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from './framework';
import { statusCode } from './util/errors';

export const SERVICE_ACCOUNT_TOKEN = 'kubernetes.io/service-account-token';
const NAME_KEY = 'kubernetes.io/service-account.name';
const UID_KEY = 'kubernetes.io/service-account.uid';

function isTokenSecret(o: KObject): o is Secret {
  return (o as Secret).type === SERVICE_ACCOUNT_TOKEN;
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  const obj = (d.cur ?? d.old)!;
  const ns = obj.metadata.namespace ?? '';
  if (resource === 'secrets') return d.cur && isTokenSecret(d.cur) ? [`${ns}/${obj.metadata.name ?? ''}`] : [];
  // A ServiceAccount deleted: its token Secrets go too.
  if (d.cur) return [];
  const keys: string[] = [];
  for (const s of ctx.cache('secrets').cache.values()) {
    if (s.metadata.namespace === ns && isTokenSecret(s) && s.metadata.annotations?.[NAME_KEY] === obj.metadata.name) keys.push(`${ns}/${s.metadata.name ?? ''}`);
  }
  return keys;
}

function deleteSecret(ctx: ControllerContext, s: Secret): ReconcileResult {
  const uid = s.metadata.uid;
  const res = ctx.request({ verb: 'delete', resource: 'secrets', namespace: s.metadata.namespace ?? '', name: s.metadata.name ?? '', ...(uid ? { preconditions: { uid } } : {}) });
  if (res.ok || statusCode(res) === 404 || statusCode(res) === 409) return DONE;
  return { kind: 'error', message: res.error.message };
}

function syncSecret(ctx: ControllerContext, key: string): ReconcileResult {
  const secret = ctx.cache('secrets').cache.get(key) as Secret | undefined;
  if (!secret || !isTokenSecret(secret) || secret.metadata.deletionTimestamp) return DONE;
  const ns = secret.metadata.namespace ?? '';
  const name = secret.metadata.annotations?.[NAME_KEY] ?? '';
  const sa = ctx.cache('serviceaccounts').cache.get(`${ns}/${name}`) as ServiceAccount | undefined;
  const uid = secret.metadata.annotations?.[UID_KEY];
  if (!sa || sa.metadata.deletionTimestamp || (uid !== undefined && uid !== sa.metadata.uid)) return deleteSecret(ctx, secret);
  const data = secret.data ?? {};
  if (data['ca.crt'] && data['namespace'] && data['token'] && uid !== undefined) return DONE;
  const next: Secret = {
    ...secret,
    metadata: { ...secret.metadata, annotations: { ...(secret.metadata.annotations ?? {}), [NAME_KEY]: name, [UID_KEY]: sa.metadata.uid ?? '' } },
    data: {
      ...data,
      'ca.crt': base64Encode(clusterCaPem(ctx.w)),
      namespace: base64Encode(ns),
      ...(data['token'] ? {} : { token: base64Encode(mintLegacyToken(ctx.w, { namespace: ns, name, uid: sa.metadata.uid ?? '' }, secret.metadata.name ?? '')) }),
    },
  };
  const res = ctx.request({ verb: 'update', resource: 'secrets', namespace: ns, name: secret.metadata.name ?? '', body: next });
  if (res.ok || statusCode(res) === 404) return DONE;
  return { kind: 'error', message: res.error.message };
}

export const serviceAccountTokenController: ControllerDef = {
  name: 'serviceaccount-token',
  actor: componentId('tokens-controller'),
  rootClient: true,
  informers: ['serviceaccounts', 'secrets'],
  keysFor,
  reconcile: syncSecret,
};
