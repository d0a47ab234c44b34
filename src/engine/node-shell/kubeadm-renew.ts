/**
 * `kubeadm certs renew all|<name>` (cmd/kubeadm/app/cmd/certs.go getRenewSubCommands, renewCert):
 * each certificate kubeadm manages is signed again by its CA on a new key, from now for a year,
 * keeping its subject, names and usages, and written over the old files on the node's disk (a
 * kubeconfig's client-certificate-data and client-key-data). What runs keeps the old ones until
 * it restarts, as the closing line says — so check-expiration shows the new dates at once.
 * A missing certificate is `MISSING! <long name>`; one whose CA key is absent (an external CA) is
 * not renewed. Lines recorded from kubeadm v1.3x transcripts of `certs renew all`.
 */
import { base64Encode } from '../../k8s/base64';
import { fnv1a } from '../../k8s/sha256';
import { renewedLeaf } from '../apiserver/kubeadm-pki';
import { stat, writeFile } from '../images/fs';
import type { World } from '../world';
import type { NodeDisk, ShellIo } from './io';
import { CERTIFICATES, certificateIn, externallyManaged, readClusterConfig } from './kubeadm-certs';
import { kubeadmError, parseFlags, unixNow } from './kubeadm-client';

const CA_BASE_NAMES: Readonly<Record<string, string>> = { ca: 'ca', 'etcd-ca': 'etcd/ca', 'front-proxy-ca': 'front-proxy-ca' };

export function renew(w: World, node: string, args: string[], disk: NodeDisk, io: ShellIo): number {
  const [target, ...rest] = args;
  // SubCmdRunE("renew"): renew alone, or a word that is no certificate.
  if (target === undefined) return kubeadmError(io, 'missing subcommand; "renew" is not meant to be run on its own');
  const chosen = target === 'all' ? CERTIFICATES : CERTIFICATES.filter((c) => c.name === target);
  if (!chosen.length) return kubeadmError(io, `invalid subcommand: "${target}"`);
  const parsed = parseFlags(rest, ['cert-dir', 'config', 'kubeconfig'], []);
  if ('error' in parsed) return kubeadmError(io, parsed.error);
  if (parsed.rest.length) return kubeadmError(io, `unknown command "${parsed.rest[0]}" for "kubeadm certs renew ${target}"`);
  const read = (p: string): string | undefined => {
    const s = stat(disk.layer, disk.base, p);
    return s.kind === 'file' ? s.content : undefined;
  };
  readClusterConfig(w, node, read, 'renew', io);
  const now = unixNow(w);
  for (const c of chosen) {
    const text = read(c.file);
    const old = certificateIn(text, c.kubeconfig === true);
    if (text === undefined || !old) {
      io.out(`MISSING! ${c.longName}\n`);
      continue;
    }
    if (externallyManaged(read, c.ca)) {
      io.out(`Detected external ${CA_BASE_NAMES[c.ca]}, ${c.longName} can't be renewed\n`);
      continue;
    }
    const { cert, key } = renewedLeaf(w, c.ca, old, now, fnv1a(`${w.seed}|renew|${node}|${c.name}|${w.now}`));
    if (c.kubeconfig) {
      const conf = text.replace(/(client-certificate-data: )\S+/, `$1${base64Encode(cert)}`).replace(/(client-key-data: )\S+/, `$1${base64Encode(key)}`);
      writeFile(disk.layer, disk.base, c.file, conf, false);
    } else {
      writeFile(disk.layer, disk.base, c.file, cert, false);
      writeFile(disk.layer, disk.base, c.file.replace(/\.crt$/, '.key'), key, false);
    }
    io.out(`${c.longName} renewed\n`);
  }
  if (target === 'all') io.out('\nDone renewing certificates. You must restart the kube-apiserver, kube-controller-manager, kube-scheduler and etcd, so that they can use the new certificates.\n');
  return 0;
}
