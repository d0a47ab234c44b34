/**
 * clientcmd's DirectClientConfig for one invocation: the context (`--context`, else the file's
 * current one) with the global `--cluster`, `--user` and `--token` flags over it, resolved to the
 * server the Client dials and the credentials it presents. Errors are clientcmd's, recorded from
 * kubectl v1.35.2: a missing context or `--cluster` is a configuration error, a missing `--user`
 * an `auth info … does not exist`; a context that merely names a user the file lacks sends no
 * credentials (kubeconfig.ts credentialsOf).
 *
 * `--token` is merged into the user entry as clientcmd's overrides are: a user that also holds a
 * client certificate still presents it, and kube-apiserver's x509 authenticator runs before its
 * token authenticators, so `kubectl --token=… ` under kubeadm's admin.conf is still the admin.
 */
import type { ClientCredentials, NetworkError } from '../engine/index';
import { CmdError, plainError } from './errors';
import { CLUSTER_NAME, contextIn, credentialsOf, DEFAULT_SERVER, reachesCluster, userIn, type Kubeconfig, type KubeconfigContext } from './kubeconfig';

export interface ClientConfig {
  /** Undefined only for `kubectl config`, which reads the file without building a client. */
  context: KubeconfigContext | undefined;
  credentials: ClientCredentials;
  /** Set when the cluster is not this one: every request fails with it, as a dial where nothing listens. */
  unreachable?: NetworkError;
}

/**
 * Commands whose own flag hides a global one of the same name: cobra adds a parent's persistent
 * flag only where the command has no flag by that name (`create rolebinding --user` names a
 * subject, not credentials).
 */
const SHADOWED: ReadonlyMap<string, readonly string[]> = new Map([
  ['create rolebinding', ['user']],
  ['create clusterrolebinding', ['user']],
  ['set subject', ['user']],
]);

/** A global string flag's value wherever it stands on the line (before a bare `--`); '' when absent or empty. */
export function globalFlag(argv: readonly string[], name: string): string {
  let found = '';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a.startsWith(`--${name}=`)) found = a.slice(name.length + 3);
    else if (a === `--${name}` && i + 1 < argv.length) found = argv[++i]!;
  }
  return found;
}

/** clientcmd's validation errors: one is printed as `error: …` (or its own prefix), several as a list. */
function configurationError(errors: readonly string[]): CmdError {
  if (errors.length === 1) return errors[0]!.startsWith('context was not found') ? new CmdError(`Error in configuration: ${errors[0]}\n`) : plainError(errors[0]!);
  return new CmdError(`Error in configuration: \n${errors.map((e) => `* ${e}\n`).join('')}`);
}

/** The configuration `argv` runs with; `words` are its command words (`['create', 'rolebinding']`). */
export function clientConfig(k: Kubeconfig, argv: readonly string[], words: readonly string[]): ClientConfig {
  const contextName = globalFlag(argv, 'context') || k.currentContext;
  const context = contextIn(k, contextName);
  if (words[0] === 'config') return { context, credentials: 'kubernetes-admin' };
  // A Map: command words are the learner's (`kubectl constructor`), never an object's inherited keys.
  const shadowed = SHADOWED.get(words.join(' ')) ?? [];
  const own = (name: string): string => (shadowed.includes(name) ? '' : globalFlag(argv, name));
  const cluster = own('cluster');
  const errors: string[] = [];
  if (!context) errors.push(`context was not found for specified context: ${contextName}`);
  if (cluster !== '' && cluster !== CLUSTER_NAME) errors.push(`no server found for cluster ${JSON.stringify(cluster)}`);
  if (errors.length) throw configurationError(errors);
  const userName = own('user');
  const user = userIn(k, userName || context!.user);
  if (userName !== '' && !user) throw plainError(`auth info ${JSON.stringify(userName)} does not exist`);
  const token = own('token');
  const credentials = credentialsOf(token ? { name: userName, ...user, token } : user);
  // A context naming a cluster the file lacks dials clientcmd's default server, where nothing
  // listens. The real kubectl also logs klog `E… memcache.go:265] "Unhandled Error" …` lines
  // (with a timestamp and pid) for each failed discovery first; those are left out.
  const reaches = cluster === CLUSTER_NAME || reachesCluster(context!);
  return { context, credentials, ...(reaches ? {} : { unreachable: { network: true, server: DEFAULT_SERVER, message: 'dial tcp 127.0.0.1:8080: connect: connection refused' } }) };
}
