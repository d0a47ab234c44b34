/**
 * cmdutil.DefaultSubCommandRun: a parent command (`kubectl top`, `set`, `auth`, `config`,
 * `rollout`, `create secret`) run without a subcommand prints its own help and exits 1 — on
 * stderr, except `rollout`, whose command writes it to stdout. The text is kubectl 1.35's from
 * the help chunk (load.ts); before the chunk has arrived, a one-line pointer to `--help` stands in.
 * A leaf module, so the commands can use it without importing the help printer's command table.
 */
import type { Env } from '../env';
import { usageError } from '../errors';
import { parseFlags } from '../flags';
import { kubectlHelp, loadKubectlHelp } from './load';

export function parentUsage(env: Env, path: string, stream: 'out' | 'err'): number {
  const help = kubectlHelp();
  if (!help) void loadKubectlHelp();
  const text = help && Object.hasOwn(help.topics, path) ? help.topics[path]! : `Run 'kubectl ${path} --help' for usage.\n`;
  if (stream === 'out') env.out.out(text);
  else env.out.err(text);
  return 1;
}

/**
 * cmdutil.DefaultSubCommandRun whole: RequireNoArguments (`unknown command "a b"`, the words
 * joined), else the parent's usage. `argv` is what the parent was handed, its flags already
 * checked against its own table (index.ts), so only the global flags remain among the words.
 */
export function defaultSubCommandRun(env: Env, argv: readonly string[], path: string, stream: 'out' | 'err'): number {
  const words = parseFlags([...argv], [], `kubectl ${path}`).args;
  if (words.length) throw usageError(`unknown command ${JSON.stringify(words.join(' '))}`, `kubectl ${path}`);
  return parentUsage(env, path, stream);
}
