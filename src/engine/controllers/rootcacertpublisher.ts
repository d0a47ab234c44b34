/**
 * The root CA publisher (`root-ca-cert-publisher`): a `kube-root-ca.crt` ConfigMap in every
 * namespace holding the cluster CA, which the projected `kube-api-access-*` volume mounts as
 * /var/run/secrets/kubernetes.io/serviceaccount/ca.crt. Edits are reverted; deletions re-created.
 */
import type { ConfigMap, KObject } from '../../k8s/types';
import { componentId } from '../core/ids';
import { clusterCaPem } from '../apiserver/cluster-ca';
import type { Delta } from '../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from './framework';
import { statusCode } from './util/errors';

export const ROOT_CA_CONFIGMAP = 'kube-root-ca.crt';
const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
const DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';

function keysFor(_ctx: ControllerContext, resource: string, d: Delta): string[] {
  const obj = (d.cur ?? d.old)!;
  if (resource === 'namespaces') return d.cur ? [obj.metadata.name ?? ''] : [];
  return obj.metadata.name === ROOT_CA_CONFIGMAP ? [obj.metadata.namespace ?? ''] : [];
}

function syncNamespace(ctx: ControllerContext, ns: string): ReconcileResult {
  const namespace = ctx.cache('namespaces').cache.get(ns);
  if (!namespace || namespace.metadata.deletionTimestamp) return DONE;
  const data = { 'ca.crt': clusterCaPem(ctx.w) };
  const cur = ctx.cache('configmaps').cache.get(`${ns}/${ROOT_CA_CONFIGMAP}`) as ConfigMap | undefined;
  if (!cur) {
    const cm: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: ROOT_CA_CONFIGMAP, namespace: ns, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data };
    const res = ctx.request({ verb: 'create', resource: 'configmaps', namespace: ns, body: cm });
    if (res.ok || statusCode(res) === 409 || statusCode(res) === 403) return DONE;
    return { kind: 'error', message: res.error.message };
  }
  const sameData = cur.data?.['ca.crt'] === data['ca.crt'] && Object.keys(cur.data ?? {}).length === 1 && !cur.binaryData;
  if (sameData && cur.metadata.annotations?.[DESCRIPTION_ANNOTATION] === DESCRIPTION) return DONE;
  const next = { ...cur, data, metadata: { ...cur.metadata, annotations: { ...(cur.metadata.annotations ?? {}), [DESCRIPTION_ANNOTATION]: DESCRIPTION } } } as KObject;
  delete next['binaryData'];
  const res = ctx.request({ verb: 'update', resource: 'configmaps', namespace: ns, name: ROOT_CA_CONFIGMAP, body: next });
  if (res.ok || statusCode(res) === 404) return DONE;
  return { kind: 'error', message: res.error.message };
}

export const rootCaCertPublisher: ControllerDef = {
  name: 'root-ca-cert-publisher',
  actor: componentId('root-ca-cert-publisher'),
  informers: ['namespaces', 'configmaps'],
  keysFor,
  reconcile: syncNamespace,
};
