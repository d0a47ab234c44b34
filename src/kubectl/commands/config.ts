/**
 * `kubectl config current-context | get-contexts | use-context | view` (pkg/cmd/config) over the
 * simulated kubeconfig (kubeconfig.ts). Nothing here talks to the cluster: kubectl only reads or
 * rewrites its own file.
 */
import { toYaml } from '../../k8s/printers/yaml';
import { toJsonIndent } from '../../k8s/printers/json';
import { plainError, usageError } from '../errors';
import { parentUsage } from '../help/parent-usage';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { configView, contextNamed, CONTEXTS } from '../kubeconfig';
import { TabWriter, GET_TABLE } from '../printers/tabwriter';
import { noCompatiblePrinter, PRINT_FORMATS } from '../printers/generic';

export const CONFIG_SUBCOMMANDS = ['current-context', 'get-contexts', 'use-context', 'view'] as const;
export const CONFIG_SUBCOMMAND_ALIASES = ['use'] as const;

/** kubectl config's other subcommands, which this simulator does not model. */
const REAL_SUBCOMMANDS = ['delete-cluster', 'delete-context', 'delete-user', 'get-clusters', 'get-users', 'rename-context', 'set', 'set-cluster', 'set-context', 'set-credentials', 'unset'];

const USE_CONTEXT_HELP = `Set the current-context in a kubeconfig file.

Aliases:
use-context, use

Examples:
  # Use the context for the minikube cluster
  kubectl config use-context minikube

Usage:
  kubectl config use-context CONTEXT_NAME [options]

Use "kubectl options" for a list of global command-line options (applies to all commands).
`;

export const CONFIG_FLAGS: FlagDef[] = [
  { name: 'no-headers', kind: 'bool' },
  { name: 'output', short: 'o', kind: 'string', values: ['yaml', 'json', 'name'] },
  { name: 'minify', kind: 'bool' },
];

function currentContext(env: Env, argv: string[]): number {
  parseFlags(argv, [], 'kubectl config current-context');
  env.out.out(`${env.kubeconfig.currentContext}\n`);
  return 0;
}

function getContexts(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, CONFIG_FLAGS.filter((f) => f.name !== 'minify'), 'kubectl config get-contexts');
  const output = flags.str('output');
  if (output !== '' && output !== 'name') throw plainError(`--output ${output} is not available in kubectl config get-contexts; resetting to default output format`);
  const nameOnly = output === 'name';
  const errors: string[] = [];
  const names = flags.args.length === 0 ? CONTEXTS.map((c) => c.name) : flags.args.filter((n) => contextNamed(n) !== undefined || (errors.push(`context ${n} not found`), false));
  const tw = new TabWriter(GET_TABLE);
  if (!flags.bool('no-headers') && !nameOnly) tw.write('CURRENT\tNAME\tCLUSTER\tAUTHINFO\tNAMESPACE\n');
  for (const name of [...names].sort()) {
    const c = contextNamed(name)!;
    tw.write(nameOnly ? `${name}\n` : `${env.kubeconfig.currentContext === name ? '*' : ' '}\t${name}\t${c.cluster}\t${c.user}\t${c.namespace ?? ''}\n`);
  }
  env.out.out(tw.flush());
  if (errors.length === 1) throw plainError(errors[0]!);
  if (errors.length > 1) throw plainError(`[${errors.join(', ')}]`);
  return 0;
}

function useContext(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, [], 'kubectl config use-context');
  if (flags.args.length !== 1) {
    // helpErrorf: the command's help, then the bare error.
    env.out.out(USE_CONTEXT_HELP);
    throw plainError(`Unexpected args: [${flags.args.join(' ')}]`);
  }
  const name = flags.args[0]!;
  if (name === '') throw plainError('empty context names are not allowed');
  if (!contextNamed(name)) throw plainError(`no context exists with the name: ${JSON.stringify(name)}`);
  env.kubeconfig.currentContext = name;
  env.out.out(`Switched to context ${JSON.stringify(name)}.\n`);
  return 0;
}

function view(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, CONFIG_FLAGS.filter((f) => f.name !== 'no-headers'), 'kubectl config view');
  if (flags.args.length) throw usageError(`unexpected arguments: [${flags.args.join(' ')}]`, 'kubectl config view');
  const output = flags.str('output') || 'yaml';
  if (output !== 'yaml' && output !== 'json') throw noCompatiblePrinter(output, PRINT_FORMATS);
  const current = env.kubeconfig.currentContext;
  const context = flags.str('context') || current;
  if (flags.bool('minify') && !contextNamed(context)) throw plainError(`cannot locate context ${context}`);
  const config = configView(env.sim.serverAddress(), current, context, flags.bool('minify'));
  env.out.out(output === 'json' ? toJsonIndent(config) : toYaml(config));
  return 0;
}

export function runConfig(env: Env, argv: string[]): number {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'current-context':
      return currentContext(env, rest);
    case 'get-contexts':
      return getContexts(env, rest);
    case 'use-context':
    case 'use':
      return useContext(env, rest);
    case 'view':
      return view(env, rest);
    case undefined:
      return parentUsage(env, 'config', 'err');
    default:
      if (REAL_SUBCOMMANDS.includes(sub)) throw plainError(`"kubectl config ${sub}" is not available in this simulator; supported: ${CONFIG_SUBCOMMANDS.join(', ')}`);
      throw usageError(`unknown command ${JSON.stringify(sub)}`, 'kubectl config');
  }
}
