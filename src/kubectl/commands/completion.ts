/**
 * `kubectl completion SHELL` (kubernetes/kubectl pkg/cmd/completion/completion.go): the
 * command's license boilerplate, then cobra's generated script — GenBashCompletionV2(out, true),
 * GenZshCompletion (after `#compdef kubectl`), GenFishCompletion(out, true),
 * GenPowerShellCompletionWithDesc. The scripts name only the root command, so they are data: the
 * real binary's output, recorded by scripts/gen-kubectl-help.mjs into the help chunk (load.ts).
 * The terminal completes kubectl by itself; `source <(kubectl completion bash)` is accepted
 * without running anything (prompt-shell.ts).
 */
import type { Env } from '../env';
import { plainError, usageError } from '../errors';
import { parseFlags } from '../flags';
import { goQuote } from '../../k8s/go-quote';
import { kubectlHelp, loadKubectlHelp } from '../help/load';

/** completion.go's completionShells. */
export const COMPLETION_SHELLS: readonly string[] = ['bash', 'fish', 'powershell', 'zsh'];

export function runCompletion(env: Env, argv: string[]): number {
  const args = parseFlags(argv, [], 'kubectl completion').args;
  const usage = (msg: string): Error => usageError(msg, 'kubectl completion');
  if (args.length === 0) throw usage('Shell not specified.');
  if (args.length > 1) throw usage('Too many arguments. Expected only the shell type.');
  const shell = args[0]!;
  if (!COMPLETION_SHELLS.includes(shell)) throw usage(`Unsupported shell type ${goQuote(shell)}.`);
  const help = kubectlHelp();
  if (!help) {
    // Only in the page's first moments: the scripts arrive with the help chunk.
    void loadKubectlHelp();
    throw plainError(`the ${shell} completion script has not loaded yet in this simulator; run the command again`);
  }
  env.out.out(help.completion[shell] ?? '');
  return 0;
}
