/**
 * The CAs kubeadm creates: the cluster CA (/etc/kubernetes/pki/ca.crt), which the
 * root-ca-cert-publisher copies into every namespace's kube-root-ca.crt ConfigMap and which signs
 * kube-apiserver's serving certificate, whose names are listed here as kubeadm writes them; and
 * the front-proxy CA of the aggregation layer.
 */
import { seedRng, nextUint32 } from '../core/rng';
import type { World } from '../world';
import type { ApiServerState } from './state';
import { ADMIN, JANE, type UserInfo } from './auth';
import { hmacSha256 } from '../../k8s/sha256';
import { pemDecode } from '../../k8s/der';
import { parseX509 } from '../../k8s/pkix';
import { identityOf, type NameAttr } from '../../k8s/pkix-name';
import { EPOCH_MS } from '../../k8s/time';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The cluster's CA certificate as PEM: a kubeadm-shaped DER prefix followed by bytes derived from
 * the world's seed, so every namespace (and every run of the same seed) sees the same CA without
 * drawing from the world's PRNG.
 */
export function clusterCaPem(w: World): string {
  return seededPem(w.seed ^ 0x5eed_ca, 'MIIDBTCCAe2gAwIBAgII', 1068);
}

/**
 * kubeadm's front-proxy CA (/etc/kubernetes/pki/front-proxy-ca.crt), a second self-signed root:
 * it signs front-proxy-client.crt, the identity kube-apiserver presents when it proxies a request
 * to an aggregated API server, which trusts the request-header identity only from it.
 */
export function frontProxyCaPem(w: World): string {
  return seededPem(w.seed ^ 0xf207_ca, 'MIIDETCCAfmgAwIBAgII', 1084);
}

/**
 * The client certificate (or its RSA key) kubeadm's kubeconfig phase made for a kubeconfig user
 * (admin.conf's kubernetes-admin; jane's, as the lessons' setup made it), signed by the cluster
 * CA: the same seeded shape, so `kubectl config view --raw` prints the same bytes every run.
 */
export function kubeadmClientPem(w: World, user: string, part: 'cert' | 'key'): string {
  let h = 0x7b1d;
  for (const ch of user) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return part === 'cert' ? seededPem(w.seed ^ h, 'MIIDKTCCAhGgAwIBAgII', 1144) : seededPem(w.seed ^ h ^ 0x6b6579, 'MIIEowIBAAKCAQEA', 2240, 'RSA PRIVATE KEY');
}

/**
 * Whom a client certificate names to an x509 authenticator that trusts the cluster CA
 * (kube-apiserver's, the kubelet's): kubeadm's admin.conf certificate or jane's, as their
 * kubeconfig holds them, or one kube-controller-manager's signer issued (caSignedUser);
 * undefined for any other, which this CA did not sign, so it fails.
 */
export function kubeadmClientUser(w: World, certificatePem: string): UserInfo | undefined {
  const pem = certificatePem.trim();
  return [ADMIN, JANE].find((u) => kubeadmClientPem(w, u.name, 'cert').trim() === pem) ?? caSignedUser(w, pem);
}

/** kubeadm's CA is `CN=kubernetes` (certs.KubeadmCertRootCA). */
export const CLUSTER_CA_SUBJECT: readonly NameAttr[] = [{ type: 'CN', value: 'kubernetes' }];

/** The CA's private half, as this simulation has one: bytes from the seed that never leave the engine. */
function caSecret(w: World): number[] {
  const rng = seedRng(w.seed ^ 0x5eed_ca ^ 0x7e_c2e7);
  return Array.from({ length: 32 }, () => nextUint32(rng) & 0xff);
}

/** The CA certificate's subjectKeyId, which every certificate it signs names as its authorityKeyId. */
export function caKeyId(w: World): number[] {
  const rng = seedRng(w.seed ^ 0x5eed_ca ^ 0x6b_1d);
  return Array.from({ length: 20 }, () => nextUint32(rng) & 0xff);
}

/**
 * The cluster CA's "signature" over a TBSCertificate: 256 bytes, an HMAC of the bytes under the
 * CA's secret followed by bytes seeded from it, where a real CA would write sha256WithRSA. Only the
 * engine can make them, so only certificates this CA issued verify (caSignedUser).
 */
export function caSignature(w: World, tbs: readonly number[]): number[] {
  const mac = [...hmacSha256(caSecret(w), tbs)];
  const rng = seedRng(((mac[0]! << 24) | (mac[1]! << 16) | (mac[2]! << 8) | mac[3]!) >>> 0);
  while (mac.length < 256) mac.push(nextUint32(rng) & 0xff);
  return mac;
}

/**
 * The x509 authenticator for a certificate the cluster CA signed (kube-controller-manager's
 * signer issues them, csrsigning): verified against the CA, within its validity, for client auth;
 * the user is the subject's CN and its groups each O (with system:authenticated). One UserInfo per
 * certificate, so the authorizer's per-user memo hits across requests.
 */
const caUsers = new Map<string, { user: UserInfo; notBefore: number; notAfter: number } | null>();

function caSignedUser(w: World, pem: string): UserInfo | undefined {
  const key = `${w.seed}|${pem}`;
  let known = caUsers.get(key);
  if (known === undefined) {
    known = verify(w, pem);
    if (caUsers.size > 256) caUsers.clear();
    caUsers.set(key, known);
  }
  if (!known) return undefined;
  const now = EPOCH_MS + w.now;
  return now >= known.notBefore && now <= known.notAfter ? known.user : undefined;
}

function verify(w: World, pem: string): { user: UserInfo; notBefore: number; notAfter: number } | null {
  const block = pemDecode(pem);
  const cert = block?.label === 'CERTIFICATE' ? parseX509(block.der) : undefined;
  if (!cert) return null;
  const sig = caSignature(w, cert.tbs);
  if (cert.signature.length !== sig.length || cert.signature.some((b, i) => b !== sig[i])) return null;
  if (cert.extKeyUsage && !cert.extKeyUsage.includes('clientAuth') && !cert.extKeyUsage.includes('any')) return null;
  const { commonName, organizations } = identityOf(cert.subject);
  return { user: { name: commonName, groups: [...organizations, 'system:authenticated'] }, notBefore: cert.notBefore, notAfter: cert.notAfter };
}

function seededPem(seed: number, derPrefix: string, length: number, label = 'CERTIFICATE'): string {
  const rng = seedRng(seed);
  let body = derPrefix;
  while (body.length < length) body += B64[nextUint32(rng) % 64];
  body += '==';
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/**
 * The subject alternative names of kube-apiserver's serving certificate (kubeadm's
 * apiserver.crt): the machine's hostname, the `kubernetes` Service's names, the Service's
 * ClusterIP, the advertise address, and the HA load balancer's address when there is one.
 */
export function apiServerCertNames(server: ApiServerState, lb: string): string[] {
  const ip = server.address.split(':')[0] ?? '';
  const names = [server.host, 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc', 'kubernetes.default.svc.cluster.local', KUBERNETES_SERVICE_IP, ip];
  const lbIp = lb.split(':')[0] ?? '';
  if (!names.includes(lbIp)) names.push(lbIp);
  return names;
}

/** The `kubernetes` Service's ClusterIP: the first address of the Service CIDR (10.96.0.0/12). */
export const KUBERNETES_SERVICE_IP = '10.96.0.1';
