/**
 * The rest of what kubeadm's certs and kubeconfig phases leave on a control-plane machine, beside
 * the cluster CA and kube-apiserver's serving certificate (cluster-ca.ts): etcd's own CA and the
 * certificates it signs, kube-apiserver's client certificates (to etcd, to the kubelets, to
 * aggregated servers through the front-proxy CA), the ServiceAccount key pair, and the
 * kubeconfigs with their embedded client certificates. Definitions from kubernetes/kubernetes
 * cmd/kubeadm/app/util/pkiutil (certlist: KubeadmCertEtcdServer & co., GetEtcdAltNames) and
 * cmd/kubeadm/app/phases/kubeconfig (getKubeConfigSpecsBase). Like cluster-ca.ts: real X.509 and
 * PKCS#1 built from the world's seed (never its PRNG), once per seed and holder, when first read.
 */
import { base64Encode } from '../../k8s/base64';
import { pemEncode } from '../../k8s/der';
import { certificateDer, publicKeyDer, tbsCertificateDer, type Certificate } from '../../k8s/pkix';
import type { NameAttr } from '../../k8s/pkix-name';
import type { World } from '../world';
import { caSignedLeaf, kubeadmClientPem, clusterCa, clusterCaPem, frontProxyCa, issuedCaPem, LEAF_VALIDITY_MS, modulusOf, nameSeed, once, otherCa, rsaKeyPem, serialOf, type Issuer } from './cluster-ca';

/** kubeadm's etcd CA (/etc/kubernetes/pki/etcd/ca.crt): `CN=etcd-ca`, self-signed, ten years. */
export function etcdCa(w: World): Issuer {
  return otherCa('etcd-ca', w.seed ^ 0xe7cd_ca);
}

/** kubeadm's system:masters (constants.SystemPrivilegedGroup), which etcd's and the kubelet's client certificates carry. */
const MASTERS = 'system:masters';

type Usage = 'serverAuth' | 'clientAuth';

interface Leaf {
  /** Path under /etc/kubernetes/pki, without `.crt`/`.key`. */
  base: string;
  subject: NameAttr[];
  usages: Usage[];
  issuer: (w: World) => Issuer;
  sans?: (host: string, ip: string) => { dnsNames: string[]; ipAddresses: string[] };
}

const cn = (name: string, org?: string): NameAttr[] => [...(org ? [{ type: 'O', value: org }] : []), { type: 'CN', value: name }];

/**
 * getAltNames for etcd's server and peer certificates: the node's name and localhost (sorted, as
 * RemoveDuplicateAltNames lists a set), then the advertise address, 127.0.0.1 and ::1.
 */
const etcdSans = (host: string, ip: string): { dnsNames: string[]; ipAddresses: string[] } => ({ dnsNames: [host, 'localhost'].sort(), ipAddresses: [ip, '127.0.0.1', '::1'] });

/** The leaf certificates of GetDefaultCertList other than kube-apiserver's serving one; etcd's carry the node's name as CN. */
const LEAVES: readonly Leaf[] = [
  { base: 'apiserver-kubelet-client', subject: cn('kube-apiserver-kubelet-client', MASTERS), usages: ['clientAuth'], issuer: clusterCa },
  { base: 'front-proxy-client', subject: cn('front-proxy-client'), usages: ['clientAuth'], issuer: frontProxyCa },
  { base: 'etcd/server', subject: [], usages: ['serverAuth', 'clientAuth'], issuer: etcdCa, sans: etcdSans },
  { base: 'etcd/peer', subject: [], usages: ['serverAuth', 'clientAuth'], issuer: etcdCa, sans: etcdSans },
  { base: 'etcd/healthcheck-client', subject: cn('kube-etcd-healthcheck-client', MASTERS), usages: ['clientAuth'], issuer: etcdCa },
  { base: 'apiserver-etcd-client', subject: cn('kube-apiserver-etcd-client', MASTERS), usages: ['clientAuth'], issuer: etcdCa },
];

function leafSeed(w: World, base: string, host: string): number {
  return nameSeed(w, 0x1eaf, `${base}|${host}`);
}

function leafPem(w: World, leaf: Leaf, host: string, ip: string, part: 'crt' | 'key'): string {
  const seed = leafSeed(w, leaf.base, host);
  if (part === 'key') return once(w, `${leaf.base}.key|${host}`, () => rsaKeyPem(seed));
  const subject = leaf.subject.length ? leaf.subject : cn(host);
  return once(w, `${leaf.base}.crt|${host}|${ip}`, () => caSignedLeaf(w, seed, subject, leaf.usages, leaf.sans?.(host, ip), leaf.issuer(w)));
}

/** The ServiceAccount signing key (sa.key, PKCS#1) or its public half (sa.pub, PKIX), as kubeadm's certs phase writes them. */
function serviceAccountKey(w: World, part: 'key' | 'pub'): string {
  const seed = w.seed ^ 0x5a_4e7;
  if (part === 'key') return once(w, 'sa.key', () => rsaKeyPem(seed));
  return once(w, 'sa.pub', () => pemEncode('PUBLIC KEY', publicKeyDer({ alg: 'rsa', modulus: modulusOf(seed), exponent: 65537 })));
}

/** A lazily built file: its text is made (and cached per seed) only when something reads it. */
export type LazyFiles = Record<string, () => string>;

/**
 * /etc/kubernetes/pki on a control-plane machine `host` (advertising `ip`), beyond what
 * cluster-ca.ts serves: paths → builders.
 */
export function controlPlanePki(w: World, host: string, ip: string): LazyFiles {
  const files: LazyFiles = {
    'etcd/ca.crt': () => issuedCaPem(w, etcdCa(w)),
    'etcd/ca.key': () => once(w, 'etcd-ca.key', () => rsaKeyPem(etcdCa(w).seed)),
    'front-proxy-ca.key': () => once(w, 'front-proxy-ca.key', () => rsaKeyPem(frontProxyCa(w).seed)),
    'sa.key': () => serviceAccountKey(w, 'key'),
    'sa.pub': () => serviceAccountKey(w, 'pub'),
  };
  for (const leaf of LEAVES) {
    files[`${leaf.base}.crt`] = () => leafPem(w, leaf, host, ip, 'crt');
    files[`${leaf.base}.key`] = () => leafPem(w, leaf, host, ip, 'key');
  }
  return Object.fromEntries(Object.entries(files).map(([p, f]) => [`/etc/kubernetes/pki/${p}`, f]));
}

/** A kubeconfig's client certificate (or its key) made by kubeadm's kubeconfig phase, signed by the cluster CA. */
function kubeconfigClient(w: World, user: string, org: string | undefined, host: string | undefined, part: 'cert' | 'key'): string {
  // admin.conf's user is the one the laptop's kubeconfig holds (cluster-ca.ts): the same bytes.
  if (user === 'kubernetes-admin') return kubeadmClientPem(w, user, part);
  const holder = host === undefined ? user : `${user}|${host}`;
  const seed = nameSeed(w, 0x7b1d, holder);
  if (part === 'key') return once(w, `key|${holder}`, () => rsaKeyPem(seed));
  return once(w, `cert|${holder}`, () => caSignedLeaf(w, seed, cn(user, org), 'clientAuth'));
}

/**
 * clientcmd.Write of the Config kubeadm's CreateWithCerts builds: one cluster `kubernetes`, one
 * context `<user>@kubernetes`, one user, with embedded data; or, for the kubelet after
 * kubelet-finalize, the user pointing at its rotated certificate file.
 */
export function kubeadmKubeconfig(w: World, server: string, user: string, credentials: { cert: string; key: string } | { file: string }): string {
  const creds =
    'file' in credentials
      ? `    client-certificate: ${credentials.file}\n    client-key: ${credentials.file}\n`
      : `    client-certificate-data: ${base64Encode(credentials.cert)}\n    client-key-data: ${base64Encode(credentials.key)}\n`;
  return `apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: ${base64Encode(clusterCaPem(w))}
    server: https://${server}
  name: kubernetes
contexts:
- context:
    cluster: kubernetes
    user: ${user}
  name: ${user}@kubernetes
current-context: ${user}@kubernetes
kind: Config
preferences: {}
users:
- name: ${user}
  user:
${creds}`;
}

/** Where the kubelet keeps its client certificate and key (one PEM file, certificate first), which kubelet.conf names. */
export const KUBELET_CLIENT_PEM = '/var/lib/kubelet/pki/kubelet-client-current.pem';

/**
 * The kubeconfigs kubeadm writes in /etc/kubernetes on a control-plane machine: admin.conf
 * (`O=kubeadm:cluster-admins`) and super-admin.conf (`O=system:masters`, which bypasses RBAC) at
 * the cluster's endpoint; controller-manager.conf and scheduler.conf at the machine's own
 * kube-apiserver (LocalAPIEndpoint); kubelet.conf, rewritten by kubelet-finalize to point at the
 * kubelet's rotated certificate (kubeadm's ControlPlaneKubeletLocalMode: the local kube-apiserver too).
 */
export function controlPlaneKubeconfigs(w: World, host: string, endpoint: string, local: string): LazyFiles {
  const embedded = (user: string, org: string | undefined, perHost: boolean, server: string) => (): string =>
    once(w, `conf|${user}|${perHost ? host : ''}|${server}`, () =>
      kubeadmKubeconfig(w, server, user, { cert: kubeconfigClient(w, user, org, perHost ? host : undefined, 'cert'), key: kubeconfigClient(w, user, org, perHost ? host : undefined, 'key') }),
    );
  return {
    '/etc/kubernetes/admin.conf': embedded('kubernetes-admin', 'kubeadm:cluster-admins', false, endpoint),
    '/etc/kubernetes/super-admin.conf': embedded('kubernetes-super-admin', MASTERS, false, endpoint),
    '/etc/kubernetes/controller-manager.conf': embedded('system:kube-controller-manager', undefined, true, local),
    '/etc/kubernetes/scheduler.conf': embedded('system:kube-scheduler', undefined, true, local),
    '/etc/kubernetes/kubelet.conf': () => once(w, `kubelet.conf|${host}|${local}`, () => kubeadmKubeconfig(w, local, `system:node:${host}`, { file: KUBELET_CLIENT_PEM })),
    [KUBELET_CLIENT_PEM]: () => once(w, `kubelet-client|${host}`, () => kubeconfigClient(w, `system:node:${host}`, 'system:nodes', host, 'cert') + kubeconfigClient(w, `system:node:${host}`, 'system:nodes', host, 'key')),
  };
}

/**
 * A worker's kubelet.conf as the kubelet's TLS bootstrap writes it (writeKubeconfigFromBootstrapping):
 * the bootstrap kubeconfig's cluster and CA under `default-cluster`, the rotated certificate's file.
 */
export function bootstrappedKubeletConf(w: World, endpoint: string): string {
  return once(w, `worker-kubelet.conf|${endpoint}`, () => `apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: ${base64Encode(clusterCaPem(w))}
    server: https://${endpoint}
  name: default-cluster
contexts:
- context:
    cluster: default-cluster
    namespace: default
    user: default-auth
  name: default-context
current-context: default-context
kind: Config
preferences: {}
users:
- name: default-auth
  user:
    client-certificate: ${KUBELET_CLIENT_PEM}
    client-key: ${KUBELET_CLIENT_PEM}
`);
}

/** SEC1 `EC PRIVATE KEY` for a P-256 key whose public point is `point` (the scalar is seeded bytes). */
export function ecPrivateKeyPem(scalar: readonly number[], point: readonly number[]): string {
  const der = [
    ...[0x02, 0x01, 0x01],
    ...[0x04, scalar.length, ...scalar],
    ...[0xa0, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07],
    ...[0xa1, point.length + 3, 0x03, point.length + 1, 0x00, ...point],
  ];
  return pemEncode('EC PRIVATE KEY', [0x30, der.length, ...der]);
}

/**
 * What `kubeadm certs renew` writes for a certificate (renewal.Manager.RenewUsingLocalCA): the old
 * certificate's subject, names and usages (certToConfig) on a new key, signed by the same CA from
 * `nowUnixMs` for the certificate validity period (no backdate: NotBefore is the command's start).
 * `seed` makes the new key and serial (the caller mixes in the moment, so each renewal differs).
 */
export function renewedLeaf(w: World, ca: 'ca' | 'etcd-ca' | 'front-proxy-ca', old: Certificate, nowUnixMs: number, seed: number): { cert: string; key: string } {
  const issuer = ca === 'ca' ? clusterCa(w) : ca === 'etcd-ca' ? etcdCa(w) : frontProxyCa(w);
  const tbs = tbsCertificateDer({
    serial: serialOf(seed ^ 0x5e41),
    issuer: issuer.subject,
    subject: old.subject,
    notBefore: nowUnixMs,
    notAfter: nowUnixMs + LEAF_VALIDITY_MS,
    publicKey: { alg: 'rsa', modulus: modulusOf(seed), exponent: 65537 },
    keyUsage: ['digitalSignature', 'keyEncipherment'],
    extKeyUsage: old.extKeyUsage ?? [],
    authorityKeyId: issuer.keyId,
    sans: { dnsNames: old.dnsNames, ipAddresses: old.ipAddresses },
  });
  return { cert: pemEncode('CERTIFICATE', certificateDer(tbs, issuer.sign(tbs))), key: rsaKeyPem(seed) };
}
