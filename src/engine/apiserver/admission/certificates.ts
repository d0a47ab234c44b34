/**
 * The certificates admission plugins (plugin/pkg/admission/certificates), in AllOrderedPlugins'
 * order: CertificateApproval (an update of certificatesigningrequests/approval needs `approve` on
 * the request's signer), CertificateSigning (a status update that changes the certificate or the
 * conditions needs `sign`), CertificateSubjectRestriction (no kube-apiserver-client certificate for
 * system:masters). A signer is the virtual resource `signers` of certificates.k8s.io, named by the
 * signerName or by its domain's wildcard (`kubernetes.io/*`), as certauthorization checks it. Both
 * update checks read the stored object's signerName, so an update cannot dodge them by changing it.
 */
import { KUBE_APISERVER_CLIENT, type CertificateSigningRequest, parseCsrOf } from '../../../k8s/certificates';
import { identityOf } from '../../../k8s/pkix-name';
import type { World } from '../../world';
import { authorize, type UserInfo } from '../auth';
import { semanticEqual } from '../validation/field';
import { admissionForbidden } from './forbidden';
import type { AdmissionAttributes, ValidatingPlugin } from './types';

const GROUP = 'certificates.k8s.io';

/** certauthorization.IsAuthorizedForSignerName: the signer by name, else its domain's `/*`. */
export function authorizedForSigner(w: World, user: UserInfo, verb: 'approve' | 'sign', signerName: string): boolean {
  if (authorize(w, user, verb, GROUP, 'signers', undefined, signerName)) return true;
  return authorize(w, user, verb, GROUP, 'signers', undefined, `${signerName.split('/')[0]}/*`);
}

function isCsrUpdate(a: AdmissionAttributes, subresource: string): boolean {
  return a.info.resource === 'certificatesigningrequests' && a.operation === 'UPDATE' && a.subresource === subresource && a.old !== undefined;
}

export const CertificateApproval: ValidatingPlugin = {
  name: 'CertificateApproval',
  validate(w, a) {
    if (!isCsrUpdate(a, 'approval')) return undefined;
    const signer = (a.old as CertificateSigningRequest).spec.signerName;
    if (authorizedForSigner(w, a.user, 'approve', signer)) return undefined;
    return admissionForbidden(a, `user not permitted to approve requests with signerName ${JSON.stringify(signer)}`);
  },
};

export const CertificateSigning: ValidatingPlugin = {
  name: 'CertificateSigning',
  validate(w, a) {
    if (!isCsrUpdate(a, 'status')) return undefined;
    const old = a.old as CertificateSigningRequest;
    const next = a.obj as CertificateSigningRequest;
    // Only a change of the certificate or of the conditions needs the signer's permission.
    if (old.status?.certificate === next.status?.certificate && semanticEqual(old.status?.conditions ?? [], next.status?.conditions ?? [])) return undefined;
    if (authorizedForSigner(w, a.user, 'sign', old.spec.signerName)) return undefined;
    return admissionForbidden(a, `user not permitted to sign requests with signerName ${JSON.stringify(old.spec.signerName)}`);
  },
};

export const CertificateSubjectRestriction: ValidatingPlugin = {
  name: 'CertificateSubjectRestriction',
  validate(_w, a) {
    if (a.info.resource !== 'certificatesigningrequests' || a.operation !== 'CREATE' || a.subresource) return undefined;
    const csr = a.obj as CertificateSigningRequest;
    if (csr.spec?.signerName !== KUBE_APISERVER_CLIENT) return undefined;
    const parsed = parseCsrOf(csr);
    if (!parsed.ok) return admissionForbidden(a, `failed to parse CSR: ${parsed.message}`);
    if (!identityOf(parsed.req.subject).organizations.includes('system:masters')) return undefined;
    return admissionForbidden(a, `use of ${KUBE_APISERVER_CLIENT} signer with system:masters group is not allowed`);
  },
};
