/**
 * csrapproving (pkg/controller/certificates/approver/sarapprove.go): approves a kubelet's client
 * certificate request on its own — recognised as one (signer kube-apiserver-client-kubelet, CN
 * system:node:…, O system:nodes, client usages), then asked of the authorizer with a
 * SubjectAccessReview for the requestor: `create certificatesigningrequests/selfnodeclient` when
 * the CN is the requestor itself (a renewal), else `…/nodeclient` (kubeadm grants that to
 * system:bootstrappers:kubeadm:default-node-token, the join token's group). Approved with reason
 * AutoApproved through /approval. A request it does not recognise, or one the review refuses,
 * waits for a person (`kubectl certificate approve`): kubelet-serving requests always do.
 */
import { hasCondition, KUBE_APISERVER_CLIENT_KUBELET, kubeletClientError, type CertificateSigningRequest, parseCsrOf } from '../../../k8s/certificates';
import { identityOf } from '../../../k8s/pkix-name';
import type { KObject } from '../../../k8s/types';
import { componentId } from '../../core/ids';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { csrKeys } from './signer';

const RECOGNIZERS = [
  { subresource: 'selfnodeclient', self: true, message: 'Auto approving self kubelet client certificate after SubjectAccessReview.' },
  { subresource: 'nodeclient', self: false, message: 'Auto approving kubelet client certificate after SubjectAccessReview.' },
] as const;

function allowed(ctx: ControllerContext, csr: CertificateSigningRequest, subresource: string): boolean | string {
  const body = {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SubjectAccessReview',
    metadata: {},
    spec: {
      user: csr.spec.username ?? '',
      ...(csr.spec.uid ? { uid: csr.spec.uid } : {}),
      groups: csr.spec.groups ?? [],
      ...(csr.spec.extra ? { extra: csr.spec.extra } : {}),
      resourceAttributes: { group: 'certificates.k8s.io', resource: 'certificatesigningrequests', verb: 'create', subresource },
    },
  } as unknown as KObject;
  const res = ctx.request({ verb: 'create', resource: 'subjectaccessreviews', body });
  if (!res.ok) return res.error.message;
  return (res.object as { status?: { allowed?: boolean } } | undefined)?.status?.allowed === true;
}

function handle(ctx: ControllerContext, name: string): ReconcileResult {
  const csr = ctx.cache('certificatesigningrequests').cache.get(name) as CertificateSigningRequest | undefined;
  if (!csr || csr.status?.certificate || hasCondition(csr, 'Approved') || hasCondition(csr, 'Denied')) return DONE;
  const parsed = parseCsrOf(csr);
  if (!parsed.ok) return { kind: 'error', message: `unable to parse csr "${name}": ${parsed.message}` };
  const nodeClient = csr.spec.signerName === KUBE_APISERVER_CLIENT_KUBELET && kubeletClientError(parsed.req, csr.spec.usages ?? []) === undefined;
  if (!nodeClient) return DONE;
  const cn = identityOf(parsed.req.subject).commonName;
  for (const r of RECOGNIZERS) {
    if (r.self && csr.spec.username !== cn) continue;
    const ok = allowed(ctx, csr, r.subresource);
    if (typeof ok === 'string') return { kind: 'error', message: ok };
    if (!ok) continue;
    const conditions = [...(csr.status?.conditions ?? []), { type: 'Approved', status: 'True', reason: 'AutoApproved', message: r.message }];
    const res = ctx.request({ verb: 'update', resource: 'certificatesigningrequests', subresource: 'approval', name, body: { ...csr, status: { ...csr.status, conditions } } });
    if (!res.ok) return { kind: 'error', message: `error updating approval for csr: ${res.error.message}` };
    return DONE;
  }
  // IgnorableError: recognised, but no review allowed it; nothing to retry.
  return DONE;
}

export const csrApprovingController: ControllerDef = {
  name: 'csrapproving',
  actor: componentId('csrapproving'),
  serviceAccount: 'certificate-controller',
  informers: ['certificatesigningrequests'],
  keysFor: csrKeys,
  reconcile: handle,
};
