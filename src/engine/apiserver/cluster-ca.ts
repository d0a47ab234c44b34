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
import { pemDecode, pemEncode } from '../../k8s/der';
import { certificateDer, parseX509, rsaPkcs1PrivateKeyDer, tbsCertificateDer, type SubjectAltNames } from '../../k8s/pkix';
import { identityOf, type NameAttr } from '../../k8s/pkix-name';
import { EPOCH_MS } from '../../k8s/time';

/** kubeadm's certificate lifetimes (constants.CACertificateValidityPeriod, CertificateValidityPeriod) and backdate. */
const CA_VALIDITY_MS = 10 * 365 * 24 * 3600_000;
export const LEAF_VALIDITY_MS = 365 * 24 * 3600_000;
const BACKDATE_MS = 5 * 60_000;

/**
 * What kubeadm's certs phase made, as real X.509 and PKCS#1 structures (pkix.ts) built from the
 * world's seed, never its PRNG: every namespace, kubeconfig and run of the same seed sees the same
 * bytes, and `openssl x509 -noout -text` reads them. Their keys' numbers and signatures are
 * seeded bytes (caSignature), as everywhere in this simulation's PKI. Built once per seed.
 */
const built = new Map<string, string>();

export function once(w: World, key: string, make: () => string): string {
  const k = `${w.seed}|${key}`;
  let pem = built.get(k);
  if (pem === undefined) {
    // A control plane's whole PKI is some forty entries per machine: room for an HA cluster and a few seeds.
    if (built.size > 512) built.clear();
    pem = make();
    built.set(k, pem);
  }
  return pem;
}

export function seededBytes(seed: number, n: number): number[] {
  const rng = seedRng(seed);
  return Array.from({ length: n }, () => nextUint32(rng) & 0xff);
}

/** A 2048-bit modulus's bytes: top bit set, odd, as a real one is. */
export function modulusOf(seed: number): number[] {
  const m = seededBytes(seed, 256);
  m[0]! |= 0x80;
  m[255]! |= 1;
  return m;
}

/** pkiutil's serial: a positive random number below 2^63, here seeded. */
export function serialOf(seed: number): number[] {
  const s = seededBytes(seed, 8);
  s[0]! &= 0x7f;
  return s;
}

/**
 * The cluster's CA certificate (/etc/kubernetes/pki/ca.crt) as kubeadm's NewSelfSignedCACert
 * makes it: `CN=kubernetes`, DNS:kubernetes, ten years, CA:TRUE, self-signed.
 */
export function clusterCaPem(w: World): string {
  return once(w, 'ca', () => selfSignedCa(w.seed ^ 0x5eed_ca, CLUSTER_CA_SUBJECT, 'kubernetes', caKeyId(w), (tbs) => caSignature(w, tbs)));
}

/**
 * kubeadm's front-proxy CA (/etc/kubernetes/pki/front-proxy-ca.crt), a second self-signed root:
 * it signs front-proxy-client.crt, the identity kube-apiserver presents when it proxies a request
 * to an aggregated API server, which trusts the request-header identity only from it.
 */
export function frontProxyCaPem(w: World): string {
  return issuedCaPem(w, frontProxyCa(w));
}

/** A CA that signs leaf certificates: its name, the key id its leaves name, and its "signature". */
export interface Issuer {
  /** once-cache key and the dNSName kubeadm's NewSelfSignedCACert gives a CA (its CommonName). */
  name: string;
  seed: number;
  subject: readonly NameAttr[];
  keyId: number[];
  sign: (tbs: readonly number[]) => number[];
}

/**
 * A self-signed CA other than the cluster's (the front-proxy CA, etcd's CA): seeded from `seed`,
 * signing with an HMAC under a secret of its own followed by seeded bytes, as caSignature does.
 */
export function otherCa(name: string, seed: number): Issuer {
  return { name, seed, subject: [{ type: 'CN', value: name }], keyId: seededBytes(seed ^ 0x6b_1d, 20), sign: (tbs) => [...hmacSha256(seededBytes(seed ^ 0x7e_c2e7, 32), tbs), ...seededBytes(seed ^ 0x519, 224)] };
}

export function frontProxyCa(w: World): Issuer {
  return otherCa('front-proxy-ca', w.seed ^ 0xf207_ca);
}

/** The cluster CA as an issuer of leaves. */
export function clusterCa(w: World): Issuer {
  return { name: 'ca', seed: w.seed ^ 0x5eed_ca, subject: CLUSTER_CA_SUBJECT, keyId: caKeyId(w), sign: (tbs) => caSignature(w, tbs) };
}

/** An issuer's own certificate (self-signed, ten years). */
export function issuedCaPem(w: World, ca: Issuer): string {
  return once(w, ca.name, () => selfSignedCa(ca.seed, ca.subject, ca.subject.find((a) => a.type === 'CN')?.value ?? ca.name, ca.keyId, ca.sign));
}

/** The cluster CA's key (/etc/kubernetes/pki/ca.key): PKCS#1, the certificate's modulus. */
export function clusterCaKeyPem(w: World): string {
  return once(w, 'ca.key', () => rsaKeyPem(w.seed ^ 0x5eed_ca));
}

export function rsaKeyPem(seed: number): string {
  return pemEncode('RSA PRIVATE KEY', rsaPkcs1PrivateKeyDer(modulusOf(seed), (n) => seededBytes(seed ^ 0x6b6579 ^ n, n)));
}

/**
 * kube-apiserver's serving certificate on `host` (/etc/kubernetes/pki/apiserver.crt) as kubeadm's
 * certs phase signs it with the cluster CA: `CN=kube-apiserver`, serverAuth, one year, the names
 * apiServerCertNames gives (the DNS names first, then the IP addresses, as Go lays SANs out).
 */
export function apiServerCertPem(w: World, host: string, names: readonly string[], part: 'cert' | 'key'): string {
  const seed = nameSeed(w, 0xa915, host);
  if (part === 'key') return once(w, `apiserver.key|${host}`, () => rsaKeyPem(seed));
  const ip = /^\d+\.\d+\.\d+\.\d+$/;
  const sans = { dnsNames: names.filter((n) => !ip.test(n)), ipAddresses: names.filter((n) => ip.test(n)) };
  return once(w, `apiserver.crt|${host}|${names.join(',')}`, () => caSignedLeaf(w, seed, [{ type: 'CN', value: 'kube-apiserver' }], 'serverAuth', sans));
}

/** A seed per certificate holder, from the world's and the holder's name (never the world's PRNG). */
export function nameSeed(w: World, base: number, name: string): number {
  let h = base;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return w.seed ^ h;
}

/**
 * What kubeadm's certs phase signs with a CA (pkiutil.NewSignedCert): one year, its usages, the
 * CA's key id; the cluster CA unless `issuer` names another (etcd's, the front proxy's).
 */
export function caSignedLeaf(w: World, seed: number, subject: readonly NameAttr[], usage: 'serverAuth' | 'clientAuth' | readonly ('serverAuth' | 'clientAuth')[], sans?: Partial<SubjectAltNames>, issuer: Issuer = clusterCa(w)): string {
  const tbs = tbsCertificateDer({
    serial: serialOf(seed ^ 0x5e41),
    issuer: issuer.subject,
    subject,
    notBefore: EPOCH_MS - BACKDATE_MS,
    notAfter: EPOCH_MS + LEAF_VALIDITY_MS,
    publicKey: { alg: 'rsa', modulus: modulusOf(seed), exponent: 65537 },
    keyUsage: ['digitalSignature', 'keyEncipherment'],
    extKeyUsage: typeof usage === 'string' ? [usage] : [...usage],
    authorityKeyId: issuer.keyId,
    ...(sans ? { sans } : {}),
  });
  return pemEncode('CERTIFICATE', certificateDer(tbs, issuer.sign(tbs)));
}

function selfSignedCa(seed: number, subject: readonly NameAttr[], dnsName: string, keyId: number[], sign: (tbs: number[]) => number[]): string {
  const tbs = tbsCertificateDer({
    serial: serialOf(seed ^ 0x5e41),
    issuer: subject,
    subject,
    notBefore: EPOCH_MS - BACKDATE_MS,
    notAfter: EPOCH_MS + CA_VALIDITY_MS,
    publicKey: { alg: 'rsa', modulus: modulusOf(seed), exponent: 65537 },
    keyUsage: ['digitalSignature', 'keyEncipherment', 'keyCertSign'],
    extKeyUsage: [],
    ca: { subjectKeyId: keyId },
    sans: { dnsNames: [dnsName] },
  });
  return pemEncode('CERTIFICATE', certificateDer(tbs, sign(tbs)));
}

/**
 * The client certificate (or its RSA key) kubeadm's kubeconfig phase made for a kubeconfig user
 * (admin.conf's `O=kubeadm:cluster-admins, CN=kubernetes-admin`; jane's `CN=jane`, as the lessons'
 * setup made it): signed by the cluster CA for client auth, one year; the key is PKCS#1 with the
 * certificate's modulus, so `config view --raw`'s pair matches.
 */
export function kubeadmClientPem(w: World, user: string, part: 'cert' | 'key'): string {
  const seed = nameSeed(w, 0x7b1d, user);
  if (part === 'key') return once(w, `key|${user}`, () => rsaKeyPem(seed));
  const groups = [ADMIN, JANE].find((u) => u.name === user)?.groups.filter((g) => !g.startsWith('system:')) ?? [];
  return once(w, `cert|${user}`, () => caSignedLeaf(w, seed, [...groups.map((g): NameAttr => ({ type: 'O', value: g })), { type: 'CN', value: user }], 'clientAuth'));
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
