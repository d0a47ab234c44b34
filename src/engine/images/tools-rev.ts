/**
 * rev: each line of the FILEs (or stdin) with its characters in reverse order, the line's newline
 * kept at its end and a last line without one written without one. The "Indexed Job for Parallel
 * Processing" task runs BusyBox's (`rev /input/data.txt`).
 *
 * Two programs, checked against the real ones (BusyBox 1.35's applet, util-linux 2.38.1's rev):
 * - BusyBox (miscutils/rev.c): no options; `-` is stdin; a missing FILE is `rev: NAME: No such
 *   file or directory` (fopen_or_warn_stdin) and the next FILE is read, exit 1; a directory opens
 *   and reads nothing (exit 0). An option is `invalid option` and the usage screen.
 * - util-linux (Debian images): a missing FILE is `rev: cannot open NAME: No such file or
 *   directory`, a directory `rev: NAME: 0: Is a directory` (the line count it reached), and `-` is
 *   a file name like any other. Its -0/--zero, --help and --version are refused by name.
 * Characters are code points, as both do under a UTF-8 locale (BusyBox's unicode support,
 * util-linux's wide characters). Approximate: not in the C locale, where util-linux reverses bytes.
 */
import { stat } from './fs';
import { getopt, HELP_VERSION, type OptionSpec } from './tool-options';
import { bb, path, type ToolEnv, type ToolResult, libcGetopt } from './tool-types';
import { getopt as walk, getopt32, messageOf } from '../../k8s/getopt';

/** BusyBox 1.36's usage screen for rev (rev_trivial_usage, rev_full_usage). */
const BB_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: rev [FILE]...\n\nReverse lines of FILE\n';

const UTIL_LINUX: OptionSpec = { tool: 'rev', short: '0hV', long: [['zero', '0', 'none'], ...HELP_VERSION], unsupported: ['0', 'h', 'V'] };

function reverseLines(text: string): string {
  return text.replace(/[^\n]+/g, (line) => [...line].reverse().join(''));
}

export function rev(args: string[], env: ToolEnv): ToolResult {
  return bb(env) ? busyboxRev(args, env) : utilLinuxRev(args, env);
}

function busyboxRev(args: string[], env: ToolEnv): ToolResult {
  // getopt32 "" over glibc: any option, wherever it stands, is refused; `--` lets a FILE start with a dash.
  const walked = walk(args, getopt32(''), () => undefined);
  if (walked.k === 'error') {
    env.io.err(`rev: ${messageOf(libcGetopt(env), walked.error)}\n${BB_USAGE}`);
    return { status: 1 };
  }
  const files = walked.k === 'done' ? walked.operands : [];
  let status = 0;
  let stdinUsed = false;
  for (const f of files.length ? files : ['-']) {
    if (f === '-') {
      if (!stdinUsed) env.io.out(reverseLines(env.io.stdin));
      stdinUsed = true;
      continue;
    }
    const s = stat(env.fs, env.base, path(env, f));
    if (s.kind === 'file') env.io.out(reverseLines(s.content));
    else if (s.kind === 'none') {
      env.io.err(`rev: ${f}: No such file or directory\n`);
      status = 1;
    }
  }
  return { status };
}

function utilLinuxRev(args: string[], env: ToolEnv): ToolResult {
  const parsed = getopt(args, UTIL_LINUX, env);
  if (!parsed.ok) return parsed.result;
  if (!parsed.operands.length) {
    env.io.out(reverseLines(env.io.stdin));
    return { status: 0 };
  }
  let status = 0;
  for (const f of parsed.operands) {
    const s = stat(env.fs, env.base, path(env, f));
    if (s.kind === 'file') env.io.out(reverseLines(s.content));
    else {
      env.io.err(s.kind === 'dir' ? `rev: ${f}: 0: Is a directory\n` : `rev: cannot open ${f}: No such file or directory\n`);
      status = 1;
    }
  }
  return { status };
}
