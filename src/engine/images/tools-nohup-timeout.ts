/**
 * `nohup COMMAND [ARG]...` and `timeout [-s SIG] [-k DURATION] [--preserve-status] DURATION
 * COMMAND [ARG]...`, GNU coreutils 9.1's and BusyBox's: both run COMMAND as execvp does
 * (commands.ts execFromTool). Recorded on this machine from coreutils 9.1 and BusyBox 1.35
 * (whose Debian build lacks nohup: its messages are read in coreutils/nohup.c and
 * coreutils/timeout.c of github:mirror/busybox):
 * - nohup replaces each of its fds that is a terminal (a `kubectl exec -it` shell's line):
 *   stdin by /dev/null, stdout by ./nohup.out, stderr by stdout. GNU says what it did (recorded
 *   under script(1): `nohup true` `nohup: ignoring input and appending output to 'nohup.out'`,
 *   `</dev/null` `nohup: appending output to 'nohup.out'`, `| cat` or `>f` `nohup: ignoring
 *   input and redirecting stderr to stdout`, `</dev/null >f` `nohup: redirecting stderr to
 *   stdout`, `>f 2>g` `nohup: ignoring input`), BusyBox only `nohup: appending output to
 *   nohup.out`; with nothing a terminal (a script, `kubectl exec` without -it) it says nothing. A missing COMMAND: GNU `nohup: failed to run command 'x': No such file or
 *   directory`, BusyBox `nohup: can't execute 'x': …`, status 127; no COMMAND: GNU's missing
 *   operand (125), BusyBox's usage (127).
 * - timeout: COMMAND still running after DURATION (seconds, or with an s/m/h/d suffix, 0 for
 *   none) gets SIG (TERM): GNU's status is then 124 (128+9 for KILL, 128+SIG with
 *   --preserve-status), BusyBox's 128+SIG (143: it kills its own process, which COMMAND
 *   replaced). Otherwise COMMAND's status. GNU's usage errors are 125 (`timeout: invalid time
 *   interval 'x'`, `timeout: 'FOO': invalid signal`), a missing COMMAND `timeout: failed to run
 *   command 'x': No such file or directory` (127); BusyBox `timeout: invalid number 'x'`,
 *   `timeout: unknown signal 'FOO'` (1), `timeout: can't execute 'x': …` (127).
 * Approximate: every program dies of the first signal, so -k's second one is never needed;
 * what a killed program would have written after the deadline is still written; nohup.out is
 * made with the default mode (0600 in both), and is not moved to $HOME when . is read-only.
 */
import { normalizePath } from './fs';
import { getopt, HELP_VERSION, quote, usageError, type OptionSpec } from './tool-options';
import { bb, stdinIsTty, stdoutIsTty, type ExecRequest, type ToolEnv, type ToolResult, libcGetopt } from './tool-types';
import { getopt as walk, getopt32, messageOf } from '../../k8s/getopt';

const BANNER = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\n';

/** `can't execute` (BusyBox's BB_EXECVP_or_die) or GNU's `failed to run command`. */
function missingMessage(env: ToolEnv, tool: string, name: string): string {
  return bb(env) ? `${tool}: can't execute '${name}': No such file or directory\n` : `${tool}: failed to run command ${quote(env, name)}: No such file or directory\n`;
}

const NOHUP: OptionSpec = { tool: 'nohup', short: '+', long: HELP_VERSION, unsupported: ['help', 'version'], status: 125 };

export function nohup(args: string[], env: ToolEnv): ToolResult {
  let command = args;
  if (!bb(env)) {
    const parsed = getopt(args, NOHUP, env);
    if (!parsed.ok) return parsed.result;
    command = parsed.operands;
  }
  if (command.length === 0) {
    if (!bb(env)) return usageError(env, NOHUP, 'missing operand');
    env.io.err(`${BANNER}Usage: nohup PROG ARGS\n\nRun PROG immune to hangups, with output to a non-tty\n`);
    return { status: 127 };
  }
  const base: ExecRequest = { argv: command, env: env.vars, missing: missingMessage(env, 'nohup', command[0]!) };
  // Each fd on a terminal is replaced (nohup.c, GNU and BusyBox alike): stdin by /dev/null,
  // stdout by ./nohup.out, stderr by stdout. Only GNU names what it did besides the output file.
  const input = stdinIsTty(env.io);
  const output = stdoutIsTty(env.io);
  const errors = env.io.tty?.err === true;
  const exec: ExecRequest = { ...base, ...(input ? { stdin: '' } : {}), ...(output ? { outFile: normalizePath('nohup.out', env.cwd) } : {}), ...(errors ? { errToOut: true } : {}) };
  if (bb(env)) {
    if (output) env.io.err('nohup: appending output to nohup.out\n');
    return { status: 0, exec };
  }
  const said = input ? 'ignoring input' : '';
  if (output) env.io.err(`nohup: ${said ? `${said} and appending` : 'appending'} output to 'nohup.out'\n`);
  else if (errors) env.io.err(`nohup: ${said ? `${said} and redirecting` : 'redirecting'} stderr to stdout\n`);
  else if (input) env.io.err('nohup: ignoring input\n');
  return { status: 0, exec };
}

/** Signal numbers on x86-64 Linux (signal(7)), for -s by name or number. */
const SIGNALS: Readonly<Record<string, number>> = { HUP: 1, INT: 2, QUIT: 3, ILL: 4, TRAP: 5, ABRT: 6, BUS: 7, FPE: 8, KILL: 9, USR1: 10, SEGV: 11, USR2: 12, PIPE: 13, ALRM: 14, TERM: 15, STKFLT: 16, CHLD: 17, CONT: 18, STOP: 19, TSTP: 20, TTIN: 21, TTOU: 22, URG: 23, XCPU: 24, XFSZ: 25, VTALRM: 26, PROF: 27, WINCH: 28, IO: 29, PWR: 30, SYS: 31 };

function signalNumber(s: string): number | undefined {
  if (/^\d+$/.test(s)) return Number(s) <= 64 ? Number(s) : undefined;
  const name = s.toUpperCase().replace(/^SIG/, '');
  return Object.hasOwn(SIGNALS, name) ? SIGNALS[name] : undefined;
}

/** DURATION in ms: a non-negative number with an optional s, m, h or d (GNU's and BusyBox's parse_duration_str). */
function duration(s: string): number | undefined {
  const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(s);
  if (!m) return undefined;
  const unit = m[2] === 'm' ? 60 : m[2] === 'h' ? 3600 : m[2] === 'd' ? 86400 : 1;
  return Math.round(Number(m[1]) * unit * 1000);
}

const TIMEOUT: OptionSpec = {
  tool: 'timeout',
  short: '+k:s:v',
  long: [['foreground', 'foreground', 'none'], ['kill-after', 'k', 'required'], ['preserve-status', 'preserve-status', 'none'], ['signal', 's', 'required'], ['verbose', 'v', 'none'], ...HELP_VERSION],
  // -v's `timeout: sending signal TERM to command 'sleep'` would have to follow the command's output.
  unsupported: ['v', 'help', 'version'],
  status: 125,
};

const BB_TIMEOUT_USAGE = `${BANNER}Usage: timeout [-s SIG] [-k KILL_SECS] SECS PROG ARGS\n\nRun PROG. Send SIG to it if it is not gone in SECS seconds.\nDefault SIG: TERM.If it still exists in KILL_SECS seconds, send KILL.\n`;

export function timeout(args: string[], env: ToolEnv): ToolResult {
  let signal = 15;
  let preserve = false;
  let operands: string[];
  if (bb(env)) {
    const parsed = bbTimeoutOptions(args, env);
    if ('status' in parsed) return parsed;
    ({ signal, operands } = parsed);
  } else {
    const parsed = getopt(args, TIMEOUT, env, (o) => {
      if (o.key === 's') {
        const n = signalNumber(o.value);
        if (n === undefined) return usageError(env, TIMEOUT, `${quote(env, o.value)}: invalid signal`);
        signal = n;
      } else if (o.key === 'k' && duration(o.value) === undefined) return usageError(env, TIMEOUT, `invalid time interval ${quote(env, o.value)}`);
      else if (o.key === 'preserve-status') preserve = true;
      return undefined;
    });
    if (!parsed.ok) return parsed.result;
    operands = parsed.operands;
    // GNU's usage(EXIT_CANCELED) without a message (recorded: `timeout 5`).
    if (operands.length < 2) return usageError(env, TIMEOUT, undefined);
  }
  const ms = duration(operands[0]!);
  if (ms === undefined) {
    if (bb(env)) {
      env.io.err(`timeout: invalid number '${operands[0]!}'\n`);
      return { status: 1 };
    }
    return usageError(env, TIMEOUT, `invalid time interval ${quote(env, operands[0]!)}`);
  }
  const command = operands.slice(1);
  const status = bb(env) ? 128 + signal : preserve || signal === 9 ? 128 + signal : 124;
  const exec = { argv: command, env: env.vars, missing: missingMessage(env, 'timeout', command[0]!) };
  if (ms === 0) return { status: 0, exec };
  return { status: 0, exec: { ...exec, limit: { ms, status } } };
}

/** BusyBox's getopt32 `+s:k:`: a bad option or a missing operand prints the usage (status 1). */
function bbTimeoutOptions(args: string[], env: ToolEnv): { signal: number; operands: string[] } | ToolResult {
  let signal = 15;
  const usage = (): ToolResult => {
    env.io.err(BB_TIMEOUT_USAGE);
    return { status: 1 };
  };
  const walked = walk(args, getopt32('+s:k:'), ({ key, value }): ToolResult | undefined => {
    if (key === 's') {
      const n = signalNumber(value!);
      if (n === undefined) {
        env.io.err(`timeout: unknown signal '${value!}'\n`);
        return { status: 1 };
      }
      signal = n;
    } else if (duration(value!) === undefined) {
      env.io.err(`timeout: invalid number '${value!}'\n`);
      return { status: 1 };
    }
    return undefined;
  });
  if (walked.k === 'error') {
    env.io.err(`timeout: ${messageOf(libcGetopt(env), walked.error)}\n`);
    return usage();
  }
  if (walked.k === 'stopped') return walked.value;
  const operands = walked.operands;
  if (operands.length < 2) return usage();
  return { signal, operands };
}
