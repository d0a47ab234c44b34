/**
 * `tty [-s]`: the name of the terminal on stdin, as isatty(0) and ttyname(0) answer (commands.ts
 * ttyOf). A line typed at an attached shell (`kubectl exec -it`, `kubectl run -it`) reads pts/0;
 * anything else — a script, `kubectl exec` without -it, a pipe or `<` — reads no terminal.
 * Recorded on this machine from GNU coreutils 9.1 and BusyBox 1.35 under script(1): `/dev/pts/0`
 * (status 0) or `not a tty` on stdout (status 1); `-s` prints nothing. GNU refuses an operand
 * (`tty: extra operand 'x'`, status 2); BusyBox says `tty: ignoring all arguments` and goes on
 * (coreutils/tty.c of github:mirror/busybox: bb_warn_ignoring_args), its usage error is status 2.
 * Approximate: every session's terminal is pts/0 (as `ps` shows it).
 */
import { getopt, HELP_VERSION, quote, usageError, type OptionSpec } from './tool-options';
import { bb, stdinIsTty, type ToolEnv, type ToolResult, libcGetopt } from './tool-types';
import { getopt as walk, getopt32, messageOf } from '../../k8s/getopt';

const GNU: OptionSpec = { tool: 'tty', short: 's', long: [['silent', 's', 'none'], ['quiet', 's', 'none'], ...HELP_VERSION], unsupported: ['help', 'version'], status: 2 };

const BUSYBOX_USAGE = "BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: tty [-s]\n\nPrint file name of stdin's terminal\n\n\t-s\tPrint nothing, only return exit status\n";

export function tty(args: string[], env: ToolEnv): ToolResult {
  let silent = false;
  if (bb(env)) {
    // getopt32 "s" over glibc: -s after an operand counts too (recorded: `busybox tty a -s` is silent).
    const walked = walk(args, getopt32('s'), () => {
      silent = true;
      return undefined;
    });
    if (walked.k === 'error') {
      env.io.err(`tty: ${messageOf(libcGetopt(env), walked.error)}\n${BUSYBOX_USAGE}`);
      return { status: 2 };
    }
    if (walked.k === 'done' && walked.operands.length > 0) env.io.err('tty: ignoring all arguments\n');
  } else {
    const parsed = getopt(args, GNU, env);
    if (!parsed.ok) return parsed.result;
    if (parsed.operands.length > 0) return usageError(env, GNU, `extra operand ${quote(env, parsed.operands[0]!)}`);
    silent = parsed.opts.length > 0;
  }
  const on = stdinIsTty(env.io);
  if (!silent) env.io.out(on ? '/dev/pts/0\n' : 'not a tty\n');
  return { status: on ? 0 : 1 };
}
