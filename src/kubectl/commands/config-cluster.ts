/**
 * The `kubectl config` subcommands that rewrite the kubeconfig's clusters (pkg/cmd/config
 * create_cluster.go, delete_cluster.go): set-cluster and delete-cluster. Like config-edit.ts they
 * change only the Session's Kubeconfig; what a cluster entry then means to every later command is
 * client-config.ts's (a server that is not kube-apiserver's is unreachable). Messages recorded
 * from kubectl v1.35.2 (config-cluster.test.ts cites them).
 */
import { plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { clusterIn, storedPath, utf8Bytes, type KubeconfigCluster } from '../kubeconfig';
import { CONFIG_USAGE } from './config-usage';

/** set-cluster's own flags; --server, --certificate-authority, --insecure-skip-tls-verify and --tls-server-name shadow the globals. */
export const SET_CLUSTER_FLAGS: FlagDef[] = [
  { name: 'server', kind: 'string' },
  { name: 'certificate-authority', kind: 'string', values: 'files' },
  { name: 'embed-certs', kind: 'bool' },
  { name: 'insecure-skip-tls-verify', kind: 'bool' },
  { name: 'tls-server-name', kind: 'string' },
  { name: 'proxy-url', kind: 'string' },
];

/**
 * set-cluster NAME: creates the entry or merges the flags given onto it (modifyCluster): a new
 * --server clears tls-server-name; insecure mode clears the CA; a CA (a path made absolute, or
 * with --embed-certs the file's bytes) clears insecure mode, and a path clears embedded data.
 */
export function setCluster(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, SET_CLUSTER_FLAGS, 'kubectl config set-cluster');
  if (flags.args.length !== 1) {
    env.out.out(CONFIG_USAGE['set-cluster']);
    throw plainError(`Unexpected args: [${flags.args.join(' ')}]`);
  }
  const name = flags.args[0]!;
  if (name === '') throw plainError('you must specify a non-empty cluster name');
  const ca = flags.str('certificate-authority');
  if (flags.bool('insecure-skip-tls-verify') && ca !== '') throw plainError('you cannot specify a certificate authority and insecure mode at the same time');
  const embed = flags.bool('embed-certs');
  if (embed && ca === '') throw plainError('you must specify a --certificate-authority to embed');
  // os.Stat of the file to embed, on the learner's machine.
  const caText = embed ? env.files.readFile(ca) : undefined;
  if (embed && caText === undefined) throw plainError(`could not stat certificate-authority file ${ca}: stat ${ca}: no such file or directory`);
  const k = env.kubeconfig;
  const existing = clusterIn(k, name);
  const cluster: KubeconfigCluster = existing ?? { name, server: '' };
  if (flags.has('server')) {
    cluster.server = flags.str('server');
    delete cluster.tlsServerName;
  }
  if (flags.has('tls-server-name')) cluster.tlsServerName = flags.str('tls-server-name');
  if (flags.has('insecure-skip-tls-verify')) {
    cluster.insecureSkipTlsVerify = flags.bool('insecure-skip-tls-verify');
    if (cluster.insecureSkipTlsVerify) {
      delete cluster.certificateAuthority;
      delete cluster.certificateAuthorityData;
    }
  }
  if (flags.has('certificate-authority')) {
    delete cluster.insecureSkipTlsVerify;
    if (caText !== undefined) {
      cluster.certificateAuthorityData = { kind: 'bytes', data: utf8Bytes(caText) };
      delete cluster.certificateAuthority;
    } else {
      cluster.certificateAuthority = storedPath(ca);
      delete cluster.certificateAuthorityData;
    }
  }
  if (flags.has('proxy-url')) cluster.proxyUrl = flags.str('proxy-url');
  if (!existing) k.clusters.push(cluster);
  env.out.out(`Cluster ${JSON.stringify(name)} set.\n`);
  return 0;
}

/** delete-cluster NAME: anything but one name prints its help and succeeds (cmd.Help); contexts naming it keep naming it. */
export function deleteCluster(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, [], 'kubectl config delete-cluster');
  if (flags.args.length !== 1) {
    env.out.out(CONFIG_USAGE['delete-cluster']);
    return 0;
  }
  const name = flags.args[0]!;
  const k = env.kubeconfig;
  if (!clusterIn(k, name)) throw plainError(`cannot delete cluster ${name}, not in ${env.kubeconfigPath}`);
  k.clusters = k.clusters.filter((c) => c.name !== name);
  env.out.out(`deleted cluster ${name} from ${env.kubeconfigPath}\n`);
  return 0;
}
