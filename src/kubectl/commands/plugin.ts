/**
 * `kubectl plugin list` (kubernetes/kubectl pkg/cmd/plugin/plugin.go): plugins are executables
 * named `kubectl-*` on the PATH, and the learner's laptop has none, so the list is always
 * upstream's error for an empty search (exit 1), whatever its arguments. Running a plugin
 * (`kubectl foo` finding `kubectl-foo`) is not modelled: an unknown command stays one.
 */
import type { Env } from '../env';
import { plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { defaultSubCommandRun } from '../help/parent-usage';

export const PLUGIN_SUBCOMMANDS: readonly string[] = ['list'];
export const PLUGIN_FLAGS: FlagDef[] = [{ name: 'name-only', kind: 'bool' }];

export function runPlugin(env: Env, argv: string[]): number {
  const sub = argv[0];
  // cmdutil.DefaultSubCommandRun: the parent's help on stderr, exit 1; it takes no arguments.
  if (sub === undefined || !PLUGIN_SUBCOMMANDS.includes(sub)) return defaultSubCommandRun(env, argv, 'plugin', 'err');
  parseFlags(argv.slice(1), PLUGIN_FLAGS, 'kubectl plugin list');
  throw plainError('unable to find any kubectl plugins in your PATH');
}
