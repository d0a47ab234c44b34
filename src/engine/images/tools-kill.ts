/**
 * `kill [-SIGNAL | -s SIGNAL | -n NUMBER] PID…`: the shell's builtin (ash, dash, bash) or the
 * program (BusyBox's applet; procps' /bin/kill), with each one's own messages (recorded: BusyBox
 * 1.35, dash 0.5.12, bash 5.2, procps-ng 4.0). PIDs are the caller's namespace's, so in a
 * shared PID namespace another container's process is reached (the "Share Process Namespace"
 * page's `kill -HUP 8`); what the signal does is app-signals.ts's. Signal 0 only checks.
 *
 * Approximate: only applications take signals (a shell or `sleep` the table lists is signalled
 * without effect), no permission is checked, a job spec (`%1`) finds no job, and -l and procps'
 * -q/-L are not supported.
 */
import { signalOf } from './tools-pkill';
import type { ToolEnv, ToolResult } from './tool-types';

const PROCPS_USAGE =
  '\nUsage:\n kill [options] <pid> [...]\n\nOptions:\n <pid> [...]            send signal to every <pid> listed\n -<signal>, -s, --signal <signal>\n                        specify the <signal> to be sent\n -q, --queue <value>    integer value to be sent with the signal\n -l, --list=[<signal>]  list all signal names, or convert one to a name\n -L, --table            list all signal names in a nice table\n\n -h, --help     display this help and exit\n -V, --version  output version information and exit\n\nFor more details see kill(1).\n';

type Voice = 'ash' | 'dash' | 'bash' | 'busybox' | 'procps';

function voiceOf(env: ToolEnv): Voice {
  if (env.asProgram !== undefined) return env.flavour === 'busybox' ? 'busybox' : 'procps';
  return env.dialect;
}

/** The builtin's own prefix: dash's and bash's name the shell (and the line, unless bash reads a terminal). */
function builtin(env: ToolEnv): string {
  const shell = env.shell ?? 'sh';
  if (env.dialect === 'dash') return `${shell}: ${env.interactive?.line ?? 1}: kill: `;
  return env.interactive ? `${shell}: kill: ` : `${shell}: line 1: kill: `;
}

function noSuchProcess(env: ToolEnv, pid: string): string {
  switch (voiceOf(env)) {
    case 'busybox': return `kill: can't kill pid ${pid}: No such process\n`;
    case 'ash': return `sh: can't kill pid ${pid}: No such process\n`;
    case 'procps': return `${env.asProgram ?? 'kill'}: (${pid}): No such process\n`;
    case 'bash': return `${builtin(env)}(${pid}) - No such process\n`;
    // dash ends its errno message with a newline of its own, after sh_error's.
    case 'dash': return `${builtin(env)}No such process\n\n`;
  }
}

/** A PID that is not a number (a job spec `%1` included: no job table here, so none exists). */
function badPid(env: ToolEnv, pid: string): { text: string; status: number } {
  const job = pid.startsWith('%');
  switch (voiceOf(env)) {
    case 'busybox': return { text: `kill: invalid number '${pid}'\n`, status: 1 };
    case 'ash': return { text: job ? `sh: kill: line 0: ${pid}: no such job\n` : `sh: invalid number '${pid}'\n`, status: 1 };
    case 'procps': return { text: `${env.asProgram ?? 'kill'}: failed to parse argument: '${pid}'\n`, status: 1 };
    case 'bash': return { text: `${builtin(env)}${pid}: ${job ? 'no such job' : 'arguments must be process or job IDs'}\n`, status: 1 };
    case 'dash': return { text: `${builtin(env)}${job ? `No such job: ${pid}` : `Illegal number: ${pid}`}\n`, status: 2 };
  }
}

function badSignal(env: ToolEnv, name: string): ToolResult {
  const v = voiceOf(env);
  if (v === 'busybox' || v === 'ash') env.io.err(`${v === 'busybox' ? 'kill' : 'sh'}: bad signal name '${name}'\n`);
  else if (v === 'bash') env.io.err(`${builtin(env)}${name}: invalid signal specification\n`);
  else if (v === 'dash') env.io.err(`${builtin(env)}Illegal option -${name[0] ?? ''}\n`);
  else env.io.err(`${env.asProgram ?? 'kill'}: invalid argument ${name[0] ?? ''}\n${PROCPS_USAGE}`);
  return { status: v === 'dash' ? 2 : 1 };
}

/**
 * `-s` (or `-n`) as the last word (recorded): bash's and dash's getopt words; BusyBox and procps
 * read the letter itself as the signal's name (`bad signal name 's'`, `invalid argument s`).
 */
function missingSignal(env: ToolEnv, option: string): ToolResult {
  const v = voiceOf(env);
  if (v === 'bash') {
    env.io.err(`${builtin(env)}${option}: option requires an argument\n`);
    return { status: 1 };
  }
  if (v === 'dash' && option === '-s') {
    env.io.err(`${builtin(env)}No arg for -s option\n`);
    return { status: 2 };
  }
  return badSignal(env, option.slice(1));
}

export function kill(args: string[], env: ToolEnv): ToolResult {
  let sig = 15;
  const pids: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (pids.length > 0 || a === '-' || !a.startsWith('-') || /^-\d+$/.test(a) && i > 0) {
      pids.push(a);
      continue;
    }
    if (a === '--') {
      pids.push(...args.slice(i + 1));
      break;
    }
    const takesName = a === '-s' || a === '-n' || a === '--signal';
    if (takesName && i + 1 >= args.length) return missingSignal(env, a);
    const name = takesName ? args[++i]! : a.slice(1);
    const s = signalOf(name);
    if (s === undefined) return badSignal(env, name);
    sig = s;
  }
  const v = voiceOf(env);
  if (pids.length === 0) {
    // bash prints its builtins' usage without the shell's name or line.
    if (v === 'bash') env.io.err(`kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n`);
    else if (v === 'procps') env.io.err(`${env.asProgram ?? 'kill'}: not enough arguments\n`);
    else if (v === 'dash') env.io.err(`${builtin(env)}Usage: kill [-s sigspec | -signum | -sigspec] [pid | job]... or\nkill -l [exitstatus]\n`);
    else env.io.err(`${v === 'busybox' ? 'kill' : 'sh'}: you need to specify whom to kill\n`);
    return { status: v === 'bash' ? 2 : 1 };
  }
  // The command running is the last process the caller's table lists: the sender the receiver sees.
  const sender = env.processes[env.processes.length - 1]?.pid ?? 0;
  // BusyBox (applet and ash) counts its failures into the exit status; the others exit 1 (dash 2
  // for a bad number). dash and procps stop at an argument that is not a number; the rest go on.
  let failures = 0;
  let status = 0;
  for (const pid of pids) {
    if (!/^\d+$/.test(pid)) {
      const bad = badPid(env, pid);
      env.io.err(bad.text);
      failures++;
      status = bad.status;
      if (v === 'dash' || v === 'procps') return { status };
      continue;
    }
    const n = Number(pid);
    if (!env.processes.some((p) => p.pid === n)) {
      env.io.err(noSuchProcess(env, pid));
      failures++;
      status = 1;
      continue;
    }
    env.signal?.(n, sig, sender);
  }
  if (v === 'busybox' || v === 'ash') return { status: failures };
  return { status };
}
