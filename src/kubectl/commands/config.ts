/**
 * `kubectl config` (pkg/cmd/config) over the learner's kubeconfig (kubeconfig.ts): the readers
 * here (current-context, get-contexts, get-clusters, get-users, view — its text is
 * kubeconfig-view.ts's), the writers in config-edit.ts (contexts), config-credentials.ts (users),
 * config-cluster.ts (clusters) and config-set.ts (any field by name). Nothing here talks to the
 * cluster: kubectl only reads or rewrites its own file.
 */
import { toJsonIndentInOrder } from '../../k8s/printers/json';
import { toKyamlInOrder } from '../../k8s/printers/kyaml';
import { plainError, usageError } from '../errors';
import { defaultSubCommandRun } from '../help/parent-usage';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { contextIn, sortedClusterNames, sortedContexts, sortedUserNames } from '../kubeconfig';
import { configView } from '../kubeconfig-view';
import { TabWriter, GET_TABLE } from '../../k8s/go-tabwriter';
import { noCompatiblePrinter, parseOutput, printGeneric, PRINT_FORMATS } from '../printers/generic';
import type { KObject } from '../../k8s/types';
import { OUTPUT_FLAG, templateOptions } from './common';
import { deleteContext, renameContext, setContext, SET_CONTEXT_FLAGS, useContext } from './config-edit';
import { deleteUser, setCredentials, SET_CREDENTIALS_FLAGS } from './config-credentials';
import { deleteCluster, setCluster, SET_CLUSTER_FLAGS } from './config-cluster';
import { configSet, configUnset, SET_FLAGS } from './config-set';

export const CONFIG_SUBCOMMANDS = ['current-context', 'delete-cluster', 'delete-context', 'delete-user', 'get-clusters', 'get-contexts', 'get-users', 'rename-context', 'set', 'set-cluster', 'set-context', 'set-credentials', 'unset', 'use-context', 'view'] as const;
export const CONFIG_SUBCOMMAND_ALIASES = ['use'] as const;

/** The union of the subcommands' own flags (the command table's; each parses its own). */
export const CONFIG_FLAGS: FlagDef[] = [
  { name: 'no-headers', kind: 'bool' },
  OUTPUT_FLAG,
  { name: 'minify', kind: 'bool' },
  { name: 'raw', kind: 'bool' },
  { name: 'flatten', kind: 'bool' },
  { name: 'merge', kind: 'bool' },
  { name: 'template', kind: 'string' },
  { name: 'allow-missing-template-keys', kind: 'bool' },
  ...SET_CONTEXT_FLAGS,
  ...SET_CREDENTIALS_FLAGS,
  ...SET_CLUSTER_FLAGS.filter((f) => f.name !== 'embed-certs'),
  ...SET_FLAGS,
];

const VIEW_FLAGS = CONFIG_FLAGS.filter((f) => ['output', 'minify', 'raw', 'flatten', 'merge', 'template', 'allow-missing-template-keys'].includes(f.name));
const GET_CONTEXTS_FLAGS = CONFIG_FLAGS.filter((f) => f.name === 'output' || f.name === 'no-headers');

/** Each subcommand's own table (`use` is use-context's alias); the ones not named take only the global flags. */
export const CONFIG_SUBCOMMAND_FLAGS: Readonly<Record<string, readonly FlagDef[]>> = {
  ...Object.fromEntries([...CONFIG_SUBCOMMANDS, ...CONFIG_SUBCOMMAND_ALIASES].map((sub) => [sub, []])),
  'get-contexts': GET_CONTEXTS_FLAGS,
  set: SET_FLAGS,
  'set-cluster': SET_CLUSTER_FLAGS,
  'set-context': SET_CONTEXT_FLAGS,
  'set-credentials': SET_CREDENTIALS_FLAGS,
  view: VIEW_FLAGS,
};

function currentContext(env: Env, argv: string[]): number {
  parseFlags(argv, [], 'kubectl config current-context');
  env.out.out(`${env.kubeconfig.currentContext}\n`);
  return 0;
}

function getContexts(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, GET_CONTEXTS_FLAGS, 'kubectl config get-contexts');
  const output = flags.str('output');
  if (output !== '' && output !== 'name') throw plainError(`--output ${output} is not available in kubectl config get-contexts; resetting to default output format`);
  const nameOnly = output === 'name';
  const k = env.kubeconfig;
  const errors: string[] = [];
  const wanted = flags.args.length === 0 ? sortedContexts(k) : flags.args.flatMap((n) => contextIn(k, n) ?? (errors.push(`context ${n} not found`), []));
  const tw = new TabWriter(GET_TABLE);
  if (!flags.bool('no-headers') && !nameOnly) tw.write('CURRENT\tNAME\tCLUSTER\tAUTHINFO\tNAMESPACE\n');
  for (const c of [...wanted].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    tw.write(nameOnly ? `${c.name}\n` : `${k.currentContext === c.name ? '*' : ' '}\t${c.name}\t${c.cluster}\t${c.user}\t${c.namespace ?? ''}\n`);
  }
  env.out.out(tw.flush());
  if (errors.length === 1) throw plainError(errors[0]!);
  if (errors.length > 1) throw plainError(`[${errors.join(', ')}]`);
  return 0;
}

/** get-clusters / get-users: a NAME column of the file's entries, sorted; arguments are ignored. */
function getNames(env: Env, argv: string[], sub: 'get-clusters' | 'get-users', names: readonly string[]): number {
  parseFlags(argv, [], `kubectl config ${sub}`);
  env.out.out(`NAME\n${[...names].sort().map((n) => `${n}\n`).join('')}`);
  return 0;
}

/**
 * view: the config through kubectl's print flags (default yaml). `-o jsonpath='{..namespace}'`
 * with --minify is how guides read the current namespace; `--minify --raw` (or `--flatten`) is
 * how they copy a self-contained kubeconfig.
 */
function view(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, VIEW_FLAGS, 'kubectl config view');
  if (flags.args.length) throw usageError(`unexpected arguments: [${flags.args.join(' ')}]`, 'kubectl config view');
  const fmt = parseOutput(flags.str('output') || 'yaml', PRINT_FORMATS, templateOptions(flags, env.files));
  // --merge=false needs an explicit --kubeconfig file, which the simulator never has.
  if (flags.has('merge') && !flags.bool('merge')) throw plainError('if merge==false a precise file must be specified');
  const view = configView(env.kubeconfig, {
    context: flags.str('context') || env.kubeconfig.currentContext,
    minify: flags.bool('minify'),
    raw: flags.bool('raw'),
    flatten: flags.bool('flatten'),
    pem: (which) => env.sim.kubeadmPem(which),
    readFile: (path) => env.files.readFile(path),
  });
  if (!view.ok) throw plainError(view.message);
  switch (fmt.kind) {
    case 'json':
      // A typed v1.Config: the Go struct's field order, not sorted keys (kyaml too).
      env.out.out(toJsonIndentInOrder(view.config));
      return 0;
    case 'kyaml':
      env.out.out(toKyamlInOrder(view.config));
      return 0;
    case 'name':
      // NamePrinter on an object with no name and a kind no resource serves.
      env.out.out('config/<unknown>\n');
      return 0;
    case 'table':
      // `-o wide`: only get's print flags know it.
      throw noCompatiblePrinter(flags.str('output'), PRINT_FORMATS);
    default:
      env.out.out(printGeneric(fmt, [view.config as unknown as KObject], true));
      return 0;
  }
}

export function runConfig(env: Env, argv: string[]): number {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'current-context':
      return currentContext(env, rest);
    case 'get-contexts':
      return getContexts(env, rest);
    case 'get-clusters':
      return getNames(env, rest, sub, sortedClusterNames(env.kubeconfig));
    case 'get-users':
      return getNames(env, rest, sub, sortedUserNames(env.kubeconfig));
    case 'use-context':
    case 'use':
      return useContext(env, rest);
    case 'set-context':
      return setContext(env, rest);
    case 'delete-context':
      return deleteContext(env, rest);
    case 'rename-context':
      return renameContext(env, rest);
    case 'set-credentials':
      return setCredentials(env, rest);
    case 'delete-user':
      return deleteUser(env, rest);
    case 'set-cluster':
      return setCluster(env, rest);
    case 'delete-cluster':
      return deleteCluster(env, rest);
    case 'set':
      return configSet(env, rest);
    case 'unset':
      return configUnset(env, rest);
    case 'view':
      return view(env, rest);
    default:
      return defaultSubCommandRun(env, argv, 'config', 'err');
  }
}
