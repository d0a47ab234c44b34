/**
 * The `kubectl config` subcommands that rewrite the kubeconfig's users (pkg/cmd/config):
 * set-credentials and delete-user. Like config-edit.ts they change only the Session's Kubeconfig;
 * what a user entry presents to the cluster is client-config.ts credentialsOf's rule. Messages
 * recorded from kubectl v1.35.2.
 */
import { plainError, usageError } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import type { Env } from '../env';
import { storedPath, userIn, utf8Bytes, type KubeconfigAuthInfo, type KubeconfigBytes } from '../kubeconfig';
import { CONFIG_USAGE } from './config-usage';

/**
 * set-credentials' flags this simulator models. --token, --client-certificate, --client-key,
 * --username and --password share the globals' names and kinds; the auth-provider and exec
 * plugin flags are not modelled (nothing here could run a plugin).
 */
export const SET_CREDENTIALS_FLAGS: FlagDef[] = [{ name: 'embed-certs', kind: 'bool' }];

/**
 * modifyAuthInfo for --client-certificate or --client-key: embedded, the file's bytes replace the
 * data and clear the path; else the path (absolute, stored as kubectl writes it) replaces the
 * data. Undefined when the flag was not given.
 */
function fieldsOf(env: Env, flags: Flags, flag: 'client-certificate' | 'client-key', embed: boolean): { path?: string; data?: KubeconfigBytes } | undefined {
  if (!flags.has(flag)) return undefined;
  const path = flags.str(flag);
  if (!embed) return { path: storedPath(path) };
  // os.Stat of the file to embed, on the learner's machine (validate ran it for both flags first).
  const text = env.files.readFile(path);
  return text === undefined ? undefined : { data: { kind: 'bytes', data: utf8Bytes(text) } };
}

/**
 * set-credentials NAME: creates the user entry or merges the flags given onto it (`--token=`
 * clears the token). A path is stored absolute; with --embed-certs the file must exist and its
 * bytes are embedded (`config view --raw` shows them).
 */
export function setCredentials(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, SET_CREDENTIALS_FLAGS, 'kubectl config set-credentials');
  if (flags.args.length !== 1) {
    env.out.out(CONFIG_USAGE['set-credentials']);
    throw plainError(`unexpected args: [${flags.args.join(' ')}]`);
  }
  const name = flags.args[0]!;
  if (name === '') throw plainError('you must specify a non-empty user name');
  const embed = flags.bool('embed-certs');
  if (embed && !flags.str('client-certificate') && !flags.str('client-key')) throw plainError('you must specify a --client-certificate or --client-key to embed');
  if (embed) {
    for (const flag of ['client-certificate', 'client-key'] as const) {
      const path = flags.str(flag);
      if (path !== '' && env.files.readFile(path) === undefined) throw plainError(`could not stat ${flag} file ${path}: stat ${path}: no such file or directory`);
    }
  }
  if (flags.has('token') && (flags.has('username') || flags.has('password'))) throw plainError('you cannot specify more than one authentication method at the same time: --token, --username/--password');
  // kube-apiserver has served no basic auth since v1.19: storing it would only mislead.
  if (flags.has('username') || flags.has('password')) throw plainError('basic auth (--username/--password) is not available in this simulator: kube-apiserver has no basic authentication since v1.19; use --token');
  const certificate = fieldsOf(env, flags, 'client-certificate', embed);
  const key = fieldsOf(env, flags, 'client-key', embed);
  const k = env.kubeconfig;
  const existing = userIn(k, name);
  const user: KubeconfigAuthInfo = existing ?? { name };
  if (certificate?.data) {
    user.clientCertificateData = certificate.data;
    delete user.clientCertificate;
  } else if (certificate?.path) {
    user.clientCertificate = certificate.path;
    delete user.clientCertificateData;
  }
  if (key?.data) {
    user.clientKeyData = key.data;
    delete user.clientKey;
  } else if (key?.path) {
    user.clientKey = key.path;
    delete user.clientKeyData;
  }
  if (flags.has('token')) {
    const token = flags.str('token');
    if (token === '') delete user.token;
    else user.token = token;
  }
  if (!existing) k.users.push(user);
  env.out.out(`User ${JSON.stringify(name)} set.\n`);
  return 0;
}

/** delete-user NAME: contexts naming the user keep naming it (they then send no credentials). */
export function deleteUser(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, [], 'kubectl config delete-user');
  if (flags.args.length !== 1) throw usageError('user to delete is required', 'kubectl config delete-user');
  const name = flags.args[0]!;
  const k = env.kubeconfig;
  if (!userIn(k, name)) throw plainError(`cannot delete user ${name}, not in ${env.kubeconfigPath}`);
  k.users = k.users.filter((u) => u.name !== name);
  env.out.out(`deleted user ${name} from ${env.kubeconfigPath}\n`);
  return 0;
}
