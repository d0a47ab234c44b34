/**
 * The `kubectl config` subcommands that rewrite the kubeconfig's users (pkg/cmd/config):
 * set-credentials and delete-user. Like config-edit.ts they change only the Session's Kubeconfig;
 * what a user entry presents to the cluster is kubeconfig.ts credentialsOf's rule. Messages
 * recorded from kubectl v1.35.2.
 */
import { plainError, usageError } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import type { Env } from '../env';
import { KUBECONFIG_PATH, userIn, type CertificateSource, type KubeconfigAuthInfo } from '../kubeconfig';
import { CONFIG_USAGE } from './config-usage';

/**
 * set-credentials' flags this simulator models. --token, --client-certificate, --client-key,
 * --username and --password share the globals' names and kinds; the auth-provider and exec
 * plugin flags are not modelled (nothing here could run a plugin).
 */
export const SET_CREDENTIALS_FLAGS: FlagDef[] = [{ name: 'embed-certs', kind: 'bool' }];

/** The certificate or key a flag names, or undefined when the flag was not given; `null` clears it (given empty). */
function sourceOf(env: Env, flags: Flags, flag: 'client-certificate' | 'client-key', embed: boolean): CertificateSource | null | undefined {
  if (!flags.has(flag)) return undefined;
  const path = flags.str(flag);
  if (path === '') return null;
  if (!embed) return { kind: 'file', path };
  // os.Stat of the file to embed, on the learner's machine.
  if (env.files.readFile(path) === undefined) throw plainError(`could not stat ${flag} file ${path}: stat ${path}: no such file or directory`);
  return { kind: 'data' };
}

/**
 * set-credentials NAME: creates the user entry or merges the flags given onto it (a flag given
 * empty clears its field). A path is stored as typed; with --embed-certs the file must exist and
 * only the fact that data is embedded is kept (`config view` redacts it anyway).
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
  if (flags.has('token') && (flags.has('username') || flags.has('password'))) throw plainError('you cannot specify more than one authentication method at the same time: --token, --username/--password');
  // kube-apiserver has served no basic auth since v1.19: storing it would only mislead.
  if (flags.has('username') || flags.has('password')) throw plainError('basic auth (--username/--password) is not available in this simulator: kube-apiserver has no basic authentication since v1.19; use --token');
  const certificate = sourceOf(env, flags, 'client-certificate', embed);
  const key = sourceOf(env, flags, 'client-key', embed);
  const k = env.kubeconfig;
  const existing = userIn(k, name);
  const user: KubeconfigAuthInfo = existing ?? { name };
  if (certificate === null) delete user.certificate;
  else if (certificate) user.certificate = certificate;
  if (key === null) delete user.key;
  else if (key) user.key = key;
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
  if (!userIn(k, name)) throw plainError(`cannot delete user ${name}, not in ${KUBECONFIG_PATH}`);
  k.users = k.users.filter((u) => u.name !== name);
  env.out.out(`deleted user ${name} from ${KUBECONFIG_PATH}\n`);
  return 0;
}
