/**
 * `chown`'s words: its options walked as GNU coreutils 9.1 and BusyBox 1.36 walk them, its
 * operand counts, and a missing FILE. Ownership itself is not modelled (a file's owner is its
 * image's or its writer's, file-mode.ts ownerOf), so a well-formed chown succeeds and changes
 * nothing; -v, -c, --from and --reference, which would report or depend on owners, are refused.
 *
 * Recorded on this machine (coreutils 9.1, BusyBox 1.35; chown.c is the same in 1.36.1):
 * `chown: missing operand`, `chown: missing operand after 'root'`, `chown: cannot access 'x': No
 * such file or directory` (GNU); BusyBox's getopt32long "^RhvcfLHP\0-2" with its seven long
 * names shows the usage for fewer than two operands and says `chown: x: No such file or directory`.
 */
import { stat } from './fs';
import { busyboxHelp, getopt, HELP_VERSION, optionError, quote, quoteFile, refuse, usageError, type OptionSpec } from './tool-options';
import { bb, libcGetopt, ok, path, type ToolEnv, type ToolResult } from './tool-types';
import { getopt as walk, messageOf, type LongOption } from '../../k8s/getopt';

const GNU: OptionSpec = {
  tool: 'chown',
  short: 'HLPRcfhv',
  long: [
    ['recursive', 'R', 'none'], ['changes', 'c', 'none'], ['dereference', 'dereference', 'none'], ['from', 'from', 'required'], ['no-dereference', 'h', 'none'],
    ['no-preserve-root', 'no-preserve-root', 'none'], ['preserve-root', 'preserve-root', 'none'], ['quiet', 'f', 'none'], ['silent', 'f', 'none'], ['reference', 'reference', 'required'],
    ['verbose', 'v', 'none'], ...HELP_VERSION,
  ],
  unsupported: ['c', 'v', 'from', 'reference'],
};

const BUSYBOX_LONG: readonly LongOption[] = [
  ['recursive', 'R', 'none'], ['dereference', 'dereference', 'none'], ['no-dereference', 'h', 'none'], ['changes', 'c', 'none'], ['silent', 'f', 'none'], ['quiet', 'f', 'none'], ['verbose', 'v', 'none'],
];

export function chown(args: string[], env: ToolEnv): ToolResult {
  let operands: string[];
  let quiet = false;
  if (bb(env)) {
    const help = busyboxHelp(args, env, 'chown');
    if (help) return help;
    const walked = walk(args, { short: 'RhvcfLHP', long: BUSYBOX_LONG }, ({ key, name }) => {
      // -f hides fileAction's errors only: a missing FILE is recursive_action's, said anyway (recorded).
      return key === 'v' || key === 'c' ? refuse(env, 'chown', name) : undefined;
    });
    if (walked.k === 'stopped') return walked.value;
    if (walked.k === 'error') return optionError(env, GNU, messageOf(libcGetopt(env), walked.error));
    operands = walked.operands;
    if (operands.length < 2) return optionError(env, GNU, undefined);
  } else {
    const p = getopt(args, GNU, env, (o) => {
      if (o.key === 'f') quiet = true;
      return undefined;
    });
    if (!p.ok) return p.result;
    operands = p.operands;
    if (operands.length === 0) return usageError(env, GNU, 'missing operand');
    if (operands.length === 1) return usageError(env, GNU, `missing operand after ${quote(env, operands[0]!)}`);
  }
  let status = 0;
  for (const f of operands.slice(1)) {
    if (stat(env.fs, env.base, path(env, f)).kind !== 'none') continue;
    status = 1;
    // GNU's -f hides the failure, not the status.
    if (!quiet) env.io.err(bb(env) ? `chown: ${f}: No such file or directory\n` : `chown: cannot access ${quoteFile(f)}: No such file or directory\n`);
  }
  return status ? { status } : ok;
}
