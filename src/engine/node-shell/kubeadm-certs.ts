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
import { parseX509 } from '../../k8s/pkix';
import type { World } from '../world';
import type { ShellIo } from './io';
import { expiryDate, kubeadmError, kubeadmRequest, parseFlags, shortHumanDuration, unixNow, type FileReader } from './kubeadm-client';
import { tabwrite } from './tabwriter';

const PKI = '/etc/kubernetes/pki';

/** renewal.Manager's certificates, by name (the order it lists them), with the file and CA each has. */
const CERTIFICATES: readonly { name: string; file: string; ca: string; kubeconfig?: true }[] = [
  { name: 'admin.conf', file: '/etc/kubernetes/admin.conf', ca: 'ca', kubeconfig: true },
  { name: 'apiserver', file: `${PKI}/apiserver.crt`, ca: 'ca' },
  { name: 'apiserver-etcd-client', file: `${PKI}/apiserver-etcd-client.crt`, ca: 'etcd-ca' },
  { name: 'apiserver-kubelet-client', file: `${PKI}/apiserver-kubelet-client.crt`, ca: 'ca' },
  { name: 'controller-manager.conf', file: '/etc/kubernetes/controller-manager.conf', ca: 'ca', kubeconfig: true },
  { name: 'etcd-healthcheck-client', file: `${PKI}/etcd/healthcheck-client.crt`, ca: 'etcd-ca' },
  { name: 'etcd-peer', file: `${PKI}/etcd/peer.crt`, ca: 'etcd-ca' },
  { name: 'etcd-server', file: `${PKI}/etcd/server.crt`, ca: 'etcd-ca' },
  { name: 'front-proxy-client', file: `${PKI}/front-proxy-client.crt`, ca: 'front-proxy-ca' },
  { name: 'scheduler.conf', file: '/etc/kubernetes/scheduler.conf', ca: 'ca', kubeconfig: true },
  { name: 'super-admin.conf', file: '/etc/kubernetes/super-admin.conf', ca: 'ca', kubeconfig: true },
];

const CAS: readonly { name: string; base: string }[] = [
  { name: 'ca', base: `${PKI}/ca` },
  { name: 'etcd-ca', base: `${PKI}/etcd/ca` },
  { name: 'front-proxy-ca', base: `${PKI}/front-proxy-ca` },
];

/** A certificate's notAfter (Unix ms) from a PEM file or a kubeconfig's client-certificate-data; undefined if absent or unreadable. */
function notAfterOf(text: string | undefined, kubeconfig: boolean): number | undefined {
  if (text === undefined) return undefined;
  const pem = kubeconfig ? decodeBase64(/client-certificate-data: (\S+)/.exec(text)?.[1] ?? '') : text;
  const block = pemDecode(pem);
  return block?.label === 'CERTIFICATE' ? parseX509(block.der)?.notAfter : undefined;
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
  if (read('/etc/kubernetes/admin.conf') !== undefined) {
    io.out('[check-expiration] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...\n');
    io.out("[check-expiration] Use 'kubeadm init phase upload-config kubeadm --config your-config-file' to re-upload it.\n");
    const res = kubeadmRequest(w, node, { verb: 'get', resource: 'configmaps', namespace: 'kube-system', name: 'kubeadm-config' });
    io.out(res.ok ? '\n' : '[check-expiration] Error reading configuration from the Cluster. Falling back to default configuration\n\n');
  }
  const now = unixNow(w);
  // Externally managed: the CA's certificate is there without its key (an external CA signs its certificates).
  const external = new Map(CAS.map((ca) => [ca.name, read(`${ca.base}.crt`) !== undefined && read(`${ca.base}.key`) === undefined]));
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
