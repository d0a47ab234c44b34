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
 * kubeconfig holds them; undefined for any other, which no CA here signed, so it fails.
 */
export function kubeadmClientUser(w: World, certificatePem: string): UserInfo | undefined {
  const pem = certificatePem.trim();
  return [ADMIN, JANE].find((u) => kubeadmClientPem(w, u.name, 'cert').trim() === pem);
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
