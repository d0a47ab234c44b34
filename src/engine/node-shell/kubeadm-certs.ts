/**
 * `kubeadm certs check-expiration` (cmd/kubeadm/app/cmd/certs.go newCmdCertsExpiration and its
 * certTextPrinter): the certificates and CAs the renewal manager knows, read from the node's own
 * disk (the learner's edits included) — a PEM's notAfter, a kubeconfig's embedded client certificate — against the simulated
 * clock. With admin.conf it first reads the kubeadm-config ConfigMap through kube-apiserver
 * (FetchInitConfigurationFromCluster's two lines; getInternalCfg's fallback line when that fails);
 * without it (a worker) it goes straight to the defaults, so every certificate is !MISSING! and
 * the cluster CA, whose key is not there, is externally managed.
 */
import { decodeBase64 } from '../../k8s/base64';
import { pemDecode } from '../../k8s/der';
import { parseX509, type Certificate } from '../../k8s/pkix';
import type { World } from '../world';
import type { ShellIo } from './io';
import { expiryDate, kubeadmError, kubeadmRequest, parseFlags, shortHumanDuration, unixNow, type FileReader } from './kubeadm-client';
import { tabwrite } from './tabwriter';

const PKI = '/etc/kubernetes/pki';

/**
 * renewal.Manager's certificates, by name (the order it lists them), with the file, the CA and
 * the long name each has (certlist.go and the kubeconfig handlers; `kubeadm certs renew` says it).
 */
export const CERTIFICATES: readonly { name: string; file: string; ca: 'ca' | 'etcd-ca' | 'front-proxy-ca'; longName: string; kubeconfig?: true }[] = [
  { name: 'admin.conf', file: '/etc/kubernetes/admin.conf', ca: 'ca', longName: 'certificate embedded in the kubeconfig file for the admin to use and for kubeadm itself', kubeconfig: true },
  { name: 'apiserver', file: `${PKI}/apiserver.crt`, ca: 'ca', longName: 'certificate for serving the Kubernetes API' },
  { name: 'apiserver-etcd-client', file: `${PKI}/apiserver-etcd-client.crt`, ca: 'etcd-ca', longName: 'certificate the apiserver uses to access etcd' },
  { name: 'apiserver-kubelet-client', file: `${PKI}/apiserver-kubelet-client.crt`, ca: 'ca', longName: 'certificate for the API server to connect to kubelet' },
  { name: 'controller-manager.conf', file: '/etc/kubernetes/controller-manager.conf', ca: 'ca', longName: 'certificate embedded in the kubeconfig file for the controller manager to use', kubeconfig: true },
  { name: 'etcd-healthcheck-client', file: `${PKI}/etcd/healthcheck-client.crt`, ca: 'etcd-ca', longName: 'certificate for liveness probes to healthcheck etcd' },
  { name: 'etcd-peer', file: `${PKI}/etcd/peer.crt`, ca: 'etcd-ca', longName: 'certificate for etcd nodes to communicate with each other' },
  { name: 'etcd-server', file: `${PKI}/etcd/server.crt`, ca: 'etcd-ca', longName: 'certificate for serving etcd' },
  { name: 'front-proxy-client', file: `${PKI}/front-proxy-client.crt`, ca: 'front-proxy-ca', longName: 'certificate for the front proxy client' },
  { name: 'scheduler.conf', file: '/etc/kubernetes/scheduler.conf', ca: 'ca', longName: 'certificate embedded in the kubeconfig file for the scheduler manager to use', kubeconfig: true },
  { name: 'super-admin.conf', file: '/etc/kubernetes/super-admin.conf', ca: 'ca', longName: 'certificate embedded in the kubeconfig file for the super-admin', kubeconfig: true },
];

/** The CAs, and where their certificate and key are (without `.crt`/`.key`). */
export const CAS: readonly { name: 'ca' | 'etcd-ca' | 'front-proxy-ca'; base: string }[] = [
  { name: 'ca', base: `${PKI}/ca` },
  { name: 'etcd-ca', base: `${PKI}/etcd/ca` },
  { name: 'front-proxy-ca', base: `${PKI}/front-proxy-ca` },
];

/** The certificate a PEM file or a kubeconfig's client-certificate-data holds; undefined if absent or unreadable. */
export function certificateIn(text: string | undefined, kubeconfig: boolean): Certificate | undefined {
  if (text === undefined) return undefined;
  const pem = kubeconfig ? decodeBase64(/client-certificate-data: (\S+)/.exec(text)?.[1] ?? '') : text;
  const block = pemDecode(pem);
  return block?.label === 'CERTIFICATE' ? parseX509(block.der) : undefined;
}

const notAfterOf = (text: string | undefined, kubeconfig: boolean): number | undefined => certificateIn(text, kubeconfig)?.notAfter;

/** The kubeadm-config read before the work (FetchInitConfigurationFromCluster), with admin.conf only: its lines under `[prefix]`. */
export function readClusterConfig(w: World, node: string, read: FileReader, prefix: string, io: ShellIo): void {
  if (read('/etc/kubernetes/admin.conf') === undefined) return;
  io.out(`[${prefix}] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...\n`);
  io.out(`[${prefix}] Use 'kubeadm init phase upload-config kubeadm --config your-config-file' to re-upload it.\n`);
  const res = kubeadmRequest(w, node, { verb: 'get', resource: 'configmaps', namespace: 'kube-system', name: 'kubeadm-config' });
  io.out(res.ok ? '\n' : `[${prefix}] Error reading configuration from the Cluster. Falling back to default configuration\n\n`);
}

/** A CA is externally managed when its certificate is there without its key. */
export function externallyManaged(read: FileReader, ca: string): boolean {
  const base = CAS.find((c) => c.name === ca)?.base ?? '';
  return read(`${base}.crt`) !== undefined && read(`${base}.key`) === undefined;
}

const yesNo = (b: boolean): string => (b ? 'yes' : 'no');

export function checkExpiration(w: World, node: string, args: string[], read: FileReader, io: ShellIo): number {
  const parsed = parseFlags(args, ['cert-dir', 'config', 'kubeconfig', 'output'], ['allow-missing-template-keys', 'show-managed-fields'], { o: 'output' });
  if ('error' in parsed) return kubeadmError(io, parsed.error);
  if (parsed.rest.length) return kubeadmError(io, `unknown command "${parsed.rest[0]}" for "kubeadm certs check-expiration"`);
  const output = parsed.flags.get('output') ?? 'text';
  if (output !== 'text') {
    io.err(`kubeadm: only the text output of certs check-expiration is modelled here (-o ${output} is not)\n`);
    return 1;
  }
  readClusterConfig(w, node, read, 'check-expiration', io);
  const now = unixNow(w);
  // Externally managed: the CA's certificate is there without its key (an external CA signs its certificates).
  const external = new Map(CAS.map((ca) => [ca.name, externallyManaged(read, ca.name)]));
  const certRows = [['CERTIFICATE', 'EXPIRES', 'RESIDUAL TIME', 'CERTIFICATE AUTHORITY', 'EXTERNALLY MANAGED']];
  for (const c of CERTIFICATES) {
    const at = notAfterOf(read(c.file), c.kubeconfig === true);
    if (at === undefined) certRows.push([`!MISSING! ${c.name}`, '', '', '', '']);
    else certRows.push([c.name, expiryDate(at), shortHumanDuration(at - now), c.ca, yesNo(external.get(c.ca) === true).padEnd(8)]);
  }
  const caRows = [['CERTIFICATE AUTHORITY', 'EXPIRES', 'RESIDUAL TIME', 'EXTERNALLY MANAGED']];
  for (const ca of CAS) {
    const at = notAfterOf(read(`${ca.base}.crt`), false);
    if (at === undefined) caRows.push([`!MISSING! ${ca.name}`, '', '', '']);
    else caRows.push([ca.name, expiryDate(at), shortHumanDuration(at - now), yesNo(external.get(ca.name) === true).padEnd(8)]);
  }
  // One tabwriter (minwidth 10, padding 3); the blank line between the tables ends the first's columns.
  io.out(`${tabwrite(certRows, 10, 3)}\n${tabwrite(caRows, 10, 3)}`);
  return 0;
}
