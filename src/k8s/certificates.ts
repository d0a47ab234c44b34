/**
 * certificates.k8s.io/v1 CertificateSigningRequest: its type, the well-known signers, and the
 * rules kube-apiserver, kube-controller-manager and kubectl share about one — ParseCSR, the
 * kubelet client/serving checks (pkg/apis/certificates/helpers.go), the kube-apiserver-client
 * signer's usages (pkg/controller/certificates/signer/signer.go), and the CONDITION kubectl prints
 * (printers.go extractCSRStatus).
 */
import { decodeBase64 } from './base64';
import { pemDecode } from './der';
import { parseCertificateRequest, type CertificateRequest, type KeyUsageBit } from './pkix';
import { identityOf } from './pkix-name';
import type { KObject } from './types';

export const KUBE_APISERVER_CLIENT = 'kubernetes.io/kube-apiserver-client';
export const KUBE_APISERVER_CLIENT_KUBELET = 'kubernetes.io/kube-apiserver-client-kubelet';
export const KUBELET_SERVING = 'kubernetes.io/kubelet-serving';
export const LEGACY_UNKNOWN = 'kubernetes.io/legacy-unknown';

export interface CsrCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
}

export interface CertificateSigningRequest extends KObject {
  spec: {
    /** The PEM request, base64 in JSON ([]byte). */
    request: string;
    signerName: string;
    expirationSeconds?: number;
    usages?: string[];
    username?: string;
    uid?: string;
    groups?: string[];
    extra?: Record<string, string[]>;
  };
  status?: { conditions?: CsrCondition[]; certificate?: string };
}

/** allValidUsages (validation.go), which NotSupported lists sorted. */
export const VALID_USAGES: readonly string[] = [
  'signing',
  'digital signature',
  'content commitment',
  'key encipherment',
  'key agreement',
  'data encipherment',
  'cert sign',
  'crl sign',
  'encipher only',
  'decipher only',
  'any',
  'server auth',
  'client auth',
  'code signing',
  'email protection',
  's/mime',
  'ipsec end system',
  'ipsec tunnel',
  'ipsec user',
  'timestamping',
  'ocsp signing',
  'microsoft sgc',
  'netscape sgc',
];

/** authority.keyUsagesFromStrings: each usage's keyUsage bit or extKeyUsage. */
const KEY_USAGES: Readonly<Record<string, KeyUsageBit>> = {
  signing: 'digitalSignature',
  'digital signature': 'digitalSignature',
  'content commitment': 'contentCommitment',
  'key encipherment': 'keyEncipherment',
  'key agreement': 'keyAgreement',
  'data encipherment': 'dataEncipherment',
  'cert sign': 'keyCertSign',
  'crl sign': 'cRLSign',
  'encipher only': 'encipherOnly',
  'decipher only': 'decipherOnly',
};
const EXT_USAGES: Readonly<Record<string, string>> = {
  any: 'any',
  'server auth': 'serverAuth',
  'client auth': 'clientAuth',
  'code signing': 'codeSigning',
  'email protection': 'emailProtection',
  's/mime': 'emailProtection',
  'ipsec end system': 'ipsecEndSystem',
  'ipsec tunnel': 'ipsecTunnel',
  'ipsec user': 'ipsecUser',
  timestamping: 'timeStamping',
  'ocsp signing': 'ocspSigning',
  'microsoft sgc': 'microsoftSGC',
  'netscape sgc': 'netscapeSGC',
};

/** The certificate's keyUsage bits (in bit order) and extKeyUsages (sorted, as Go's set gives them) for a CSR's usages. */
export function certificateUsages(usages: readonly string[]): { keyUsage: KeyUsageBit[]; extKeyUsage: string[] } {
  const keyUsage = new Set<KeyUsageBit>();
  const ext = new Set<string>();
  for (const u of usages) {
    if (KEY_USAGES[u]) keyUsage.add(KEY_USAGES[u]);
    if (EXT_USAGES[u]) ext.add(EXT_USAGES[u]);
  }
  const order: readonly KeyUsageBit[] = ['digitalSignature', 'contentCommitment', 'keyEncipherment', 'dataEncipherment', 'keyAgreement', 'keyCertSign', 'cRLSign', 'encipherOnly', 'decipherOnly'];
  return { keyUsage: order.filter((u) => keyUsage.has(u)), extKeyUsage: [...ext].sort() };
}

/** The PEM text a CSR's `request` holds, or undefined when it is not base64 of anything. */
export function requestPem(csr: Pick<CertificateSigningRequest, 'spec'>): string {
  return decodeBase64(csr.spec?.request ?? '');
}

export type ParsedCsr = { ok: true; req: CertificateRequest } | { ok: false; message: string };

/**
 * ParseCSR of a request's `spec.request`, remembered by its text: one request is parsed by the
 * create, both subresource writes, admission, the approver and the signer, and at a thousand
 * nodes the parsing was most of what their TLS bootstrap cost. A pure function's memo, bounded.
 */
const parsedRequests = new Map<string, ParsedCsr>();

export function parseCsrOf(csr: Pick<CertificateSigningRequest, 'spec'>): ParsedCsr {
  const b64 = csr.spec?.request ?? '';
  let got = parsedRequests.get(b64);
  if (!got) {
    got = parseCsrPem(decodeBase64(b64));
    if (parsedRequests.size >= 2048) parsedRequests.clear();
    parsedRequests.set(b64, got);
  }
  return got;
}

/** certificates.ParseCSR: the first PEM block must be a CERTIFICATE REQUEST that parses. */
export function parseCsrPem(pem: string): ParsedCsr {
  const block = pemDecode(pem);
  if (!block || block.label !== 'CERTIFICATE REQUEST') return { ok: false, message: 'PEM block type must be CERTIFICATE REQUEST' };
  const req = parseCertificateRequest(block.der);
  // Approximate: encoding/asn1's error depends on the bytes (which tag it met where); this is the
  // start every such error shares, not a recorded whole message.
  return req ? { ok: true, req } : { ok: false, message: 'asn1: structure error: tags don\'t match' };
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => new Set(a).size === b.length && b.every((x) => a.includes(x));

/** ValidateKubeletClientCSR's error, or undefined when the request is a kubelet's client certificate. */
export function kubeletClientError(req: CertificateRequest, usages: readonly string[]): string | undefined {
  const { commonName, organizations } = identityOf(req.subject);
  if (organizations.length !== 1 || organizations[0] !== 'system:nodes') return 'subject organization is not system:nodes';
  if (req.dnsNames.length) return 'DNS subjectAltNames are not allowed';
  if (req.emailAddresses.length) return 'Email subjectAltNames are not allowed';
  if (req.ipAddresses.length) return 'IP subjectAltNames are not allowed';
  if (req.uris.length) return 'URI subjectAltNames are not allowed';
  if (!commonName.startsWith('system:node:')) return 'subject common name does not begin with system:node:';
  const u = [...new Set(usages)];
  if (!sameSet(u, ['digital signature', 'key encipherment', 'client auth']) && !sameSet(u, ['digital signature', 'client auth'])) return 'usages did not match [client auth digital signature key encipherment]';
  return undefined;
}

/** ValidateKubeletServingCSR's error, or undefined. */
export function kubeletServingError(req: CertificateRequest, usages: readonly string[]): string | undefined {
  const { commonName, organizations } = identityOf(req.subject);
  if (organizations.length !== 1 || organizations[0] !== 'system:nodes') return 'subject organization is not system:nodes';
  if (!req.dnsNames.length && !req.ipAddresses.length) return 'DNS or IP subjectAltName is required';
  if (req.emailAddresses.length) return 'Email subjectAltNames are not allowed';
  if (req.uris.length) return 'URI subjectAltNames are not allowed';
  const u = [...new Set(usages)];
  if (!sameSet(u, ['digital signature', 'key encipherment', 'server auth']) && !sameSet(u, ['digital signature', 'server auth'])) return 'usages did not match [digital signature key encipherment server auth]';
  if (!commonName.startsWith('system:node:')) return 'subject common name does not begin with system:node:';
  return undefined;
}

/** validAPIServerClientUsages. */
export function apiServerClientUsageError(usages: readonly string[]): string | undefined {
  let clientAuth = false;
  for (const u of usages) {
    if (u === 'client auth') clientAuth = true;
    else if (u !== 'digital signature' && u !== 'key encipherment') return `invalid usage for client certificate: ${u}`;
  }
  return clientAuth ? undefined : 'missing required usage for client certificate: client auth';
}

export function hasCondition(csr: CertificateSigningRequest, type: string): boolean {
  return (csr.status?.conditions ?? []).some((c) => c.type === type);
}

/** extractCSRStatus: Denied over Approved over Pending, then `,Failed` and `,Issued`. */
export function csrCondition(csr: CertificateSigningRequest): string {
  let s = hasCondition(csr, 'Denied') ? 'Denied' : hasCondition(csr, 'Approved') ? 'Approved' : 'Pending';
  if (hasCondition(csr, 'Failed')) s += ',Failed';
  if (csr.status?.certificate) s += ',Issued';
  return s;
}
