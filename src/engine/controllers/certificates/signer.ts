/**
 * csrsigning (pkg/controller/certificates/signer): kube-controller-manager's four local signers in
 * one controller — kube-apiserver-client, kube-apiserver-client-kubelet, kubelet-serving and
 * legacy-unknown. An approved request for one of them, not failed and not yet issued, is checked
 * against the signer's rules (a kubelet's CN and O, SANs and usages; a client certificate's
 * usages) and either issued (status.certificate, through /status) or marked with a `Failed`
 * condition, reason SignerValidationFailure, carrying the rule's message. Other signers' requests
 * are left to whoever signs for them.
 */
import { apiServerClientUsageError, hasCondition, KUBE_APISERVER_CLIENT, KUBE_APISERVER_CLIENT_KUBELET, KUBELET_SERVING, kubeletClientError, kubeletServingError, LEGACY_UNKNOWN, type CertificateSigningRequest, parseCsrOf } from '../../../k8s/certificates';
import { base64Encode } from '../../../k8s/base64';
import { rfc3339 } from '../../../k8s/time';
import { componentId } from '../../core/ids';
import type { Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { signRequest } from './authority';

const SIGNERS: Readonly<Record<string, (req: Parameters<typeof kubeletClientError>[0], usages: readonly string[]) => string | undefined>> = {
  [KUBE_APISERVER_CLIENT]: (_req, usages) => apiServerClientUsageError(usages),
  [KUBE_APISERVER_CLIENT_KUBELET]: kubeletClientError,
  [KUBELET_SERVING]: kubeletServingError,
  [LEGACY_UNKNOWN]: () => undefined,
};

export function csrKeys(_ctx: ControllerContext, _resource: string, d: Delta): string[] {
  return d.cur ? [d.cur.metadata.name ?? ''] : [];
}

function handle(ctx: ControllerContext, name: string): ReconcileResult {
  const csr = ctx.cache('certificatesigningrequests').cache.get(name) as CertificateSigningRequest | undefined;
  if (!csr || !hasCondition(csr, 'Approved') || hasCondition(csr, 'Failed') || csr.status?.certificate) return DONE;
  const rule = SIGNERS[csr.spec.signerName];
  if (!rule) return DONE;
  const parsed = parseCsrOf(csr);
  if (!parsed.ok) return { kind: 'error', message: `unable to parse csr "${name}": ${parsed.message}` };
  const failure = rule(parsed.req, csr.spec.usages ?? []);
  const status = failure
    ? { ...csr.status, conditions: [...(csr.status?.conditions ?? []), { type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message: failure, lastUpdateTime: rfc3339(ctx.w.now) }] }
    : { ...csr.status, certificate: base64Encode(signRequest(ctx.w, parsed.req, csr.spec.request, csr.spec.usages ?? [], csr.spec.expirationSeconds)) };
  const res = ctx.request({ verb: 'update', resource: 'certificatesigningrequests', subresource: 'status', name, body: { ...csr, status } });
  if (!res.ok) return { kind: 'error', message: `${failure ? 'error adding failure condition for csr' : 'error updating signature for csr'}: ${res.error.message}` };
  return DONE;
}

export const csrSigningController: ControllerDef = {
  name: 'csrsigning',
  actor: componentId('csrsigning'),
  serviceAccount: 'certificate-controller',
  informers: ['certificatesigningrequests'],
  keysFor: csrKeys,
  reconcile: handle,
};
