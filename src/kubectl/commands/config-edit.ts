/**
 * The `kubectl config` subcommands that rewrite the learner's kubeconfig (pkg/cmd/config):
 * use-context, set-context, delete-context, rename-context. They change only the Session's
 * Kubeconfig (kubeconfig.ts); the cluster never hears of them. Messages name the file as kubectl
 * does, by its path on the learner's workstation.
 */
import { plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { contextIn, type KubeconfigContext } from '../kubeconfig';
import { CONFIG_USAGE } from './config-usage';

/** set-context's own flag; --cluster, --user and -n/--namespace are the globals' names and kinds. */
export const SET_CONTEXT_FLAGS: FlagDef[] = [{ name: 'current', kind: 'bool' }];

/** helpErrorf: the command's help on stdout, then the bare error. */
function helpError(env: Env, sub: keyof typeof CONFIG_USAGE, args: readonly string[]): never {
  env.out.out(CONFIG_USAGE[sub]);
  throw plainError(`Unexpected args: [${args.join(' ')}]`);
}

export function useContext(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, [], 'kubectl config use-context');
  if (flags.args.length !== 1) helpError(env, 'use-context', flags.args);
  const name = flags.args[0]!;
  if (name === '') throw plainError('empty context names are not allowed');
  if (!contextIn(env.kubeconfig, name)) throw plainError(`no context exists with the name: ${JSON.stringify(name)}`);
  env.kubeconfig.currentContext = name;
  env.out.out(`Switched to context ${JSON.stringify(name)}.\n`);
  return 0;
}

/**
 * set-context: creates the context or merges the flags given onto it; a flag given empty
 * (`--namespace=`) clears its field, one not given leaves it.
 */
export function setContext(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, SET_CONTEXT_FLAGS, 'kubectl config set-context');
  if (flags.args.length > 1) helpError(env, 'set-context', flags.args);
  const named = flags.args[0] ?? '';
  const current = flags.bool('current');
  if (named === '' && !current) throw plainError('you must specify a non-empty context name or --current');
  if (named !== '' && current) throw plainError('you cannot specify both a context name and --current');
  const k = env.kubeconfig;
  const name = current ? k.currentContext : named;
  if (name === '') throw plainError('no current context is set');
  const existing = contextIn(k, name);
  const context: KubeconfigContext = existing ?? { name, cluster: '', user: '' };
  if (flags.has('cluster')) context.cluster = flags.str('cluster');
  if (flags.has('user')) context.user = flags.str('user');
  if (flags.has('namespace')) {
    const ns = flags.str('namespace');
    if (ns === '') delete context.namespace;
    else context.namespace = ns;
  }
  if (!existing) k.contexts.push(context);
  env.out.out(`Context ${JSON.stringify(name)} ${existing ? 'modified' : 'created'}.\n`);
  return 0;
}

/** delete-context: anything but one name prints its help and succeeds (cmd.Help, no error). */
export function deleteContext(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, [], 'kubectl config delete-context');
  if (flags.args.length !== 1) {
    env.out.out(CONFIG_USAGE['delete-context']);
    return 0;
  }
  const name = flags.args[0]!;
  const k = env.kubeconfig;
  if (!contextIn(k, name)) throw plainError(`cannot delete context ${name}, not in ${env.kubeconfigPath}`);
  // The current-context stays as it was: every later command then fails to find it.
  if (k.currentContext === name) env.out.err('warning: this removed your active context, use "kubectl config use-context" to select a different one\n');
  k.contexts = k.contexts.filter((c) => c.name !== name);
  env.out.out(`deleted context ${name} from ${env.kubeconfigPath}\n`);
  return 0;
}

export function renameContext(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, [], 'kubectl config rename-context');
  if (flags.args.length !== 2) helpError(env, 'rename-context', flags.args);
  const [from, to] = flags.args as [string, string];
  if (to === '') throw plainError('You must specify a new non-empty context name');
  const k = env.kubeconfig;
  const context = contextIn(k, from);
  if (!context) throw plainError(`cannot rename the context ${JSON.stringify(from)}, it's not in ${env.kubeconfigPath}`);
  if (contextIn(k, to)) throw plainError(`cannot rename the context ${JSON.stringify(from)}, the context ${JSON.stringify(to)} already exists in ${env.kubeconfigPath}`);
  context.name = to;
  if (k.currentContext === from) k.currentContext = to;
  env.out.out(`Context ${JSON.stringify(from)} renamed to ${JSON.stringify(to)}.\n`);
  return 0;
}
