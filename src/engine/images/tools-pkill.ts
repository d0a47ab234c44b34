/**
 * procps-ng 4.0.2's `pkill` (Debian's procps, as the images with procps have it): signals the
 * processes whose name (the 15-character comm; the whole command line with -f) matches an
 * extended regex, leaving itself out, as pgrep selects them (tools-pgrep.ts). `-SIGNAL` or
 * `--signal SIGNAL` (a number or a name, with or without SIG; default TERM), -f, -x, -i, -n, -o,
 * -e (`NAME killed (pid N)`). Exit 0 when something matched, 1 when nothing did.
 *
 * What a signal does is the container's (ToolEnv.signal): an application process ends with
 * 128 + the signal (the JVM's SIGTERM: 143); a shell that is PID 1 ignores it (the kernel drops
 * signals PID 1 has no handler for). Approximate: other options (-u, -P, -g, -s, -t, --ns …) are
 * refused by name, and no process refuses a signal for want of permission.
 */
import { translate } from './posix-regex';
import type { Proc } from './proc-model';
import { libcGetopt, type ToolEnv, type ToolResult } from './tool-types';
import { getopt, messageOf } from '../../k8s/getopt';
import { PROCPS } from './tools-pgrep';

/** The signal numbers of Linux x86-64 that kill(1) and pkill name. */
const SIGNALS: Readonly<Record<string, number>> = { HUP: 1, INT: 2, QUIT: 3, ILL: 4, TRAP: 5, ABRT: 6, BUS: 7, FPE: 8, KILL: 9, USR1: 10, SEGV: 11, USR2: 12, PIPE: 13, ALRM: 14, TERM: 15, STKFLT: 16, CHLD: 17, CONT: 18, STOP: 19, TSTP: 20, TTIN: 21, TTOU: 22 };

/** A signal as kill(1) and pkill take it: a number up to 64, or a name with or without SIG. */
export function signalOf(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text) <= 64 ? Number(text) : undefined;
  const name = text.toUpperCase().replace(/^SIG/, '');
  return SIGNALS[name];
}

/** `pkill -z`'s usage after its message (procps-ng 4.0.2 on this machine). */
const USAGE = "\nUsage:\n pkill [options] <pattern>\n\nOptions:\n -<sig>, --signal <sig>    signal to send (either number or name)\n -q, --queue <value>       integer value to be sent with the signal\n -e, --echo                display what is killed\n -c, --count               count of matching processes\n -f, --full                use full process name to match\n -g, --pgroup <PGID,...>   match listed process group IDs\n -G, --group <GID,...>     match real group IDs\n -i, --ignore-case         match case insensitively\n -n, --newest              select most recently started\n -o, --oldest              select least recently started\n -O, --older <seconds>     select where older than seconds\n -P, --parent <PPID,...>   match only child processes of the given parent\n -s, --session <SID,...>   match session IDs\n -t, --terminal <tty,...>  match by controlling terminal\n -u, --euid <ID,...>       match by effective IDs\n -U, --uid <ID,...>        match by real IDs\n -x, --exact               match exactly with the command name\n -F, --pidfile <file>      read PIDs from file\n -L, --logpidfile          fail if PID file is not locked\n -r, --runstates <state>   match runstates [D,S,Z,...]\n -A, --ignore-ancestors    exclude our ancestors from results\n --cgroup <grp,...>        match by cgroup v2 names\n --ns <PID>                match the processes that belong to the same\n                           namespace as <pid>\n --nslist <ns,...>         list which namespaces will be considered for\n                           the --ns option.\n                           Available namespaces: ipc, mnt, net, pid, user, uts\n\n -h, --help     display this help and exit\n -V, --version  output version information and exit\n\nFor more details see pgrep(1).\n";

/** Options pkill has and this one models; the rest of procps' table is refused by name. */
const MODELLED = new Set(['e', 'f', 'x', 'i', 'n', 'o', 'echo', 'signal']);

export function pkill(args: string[], env: ToolEnv): ToolResult {
  let sig = 15;
  let full = false;
  let exact = false;
  let ignoreCase = false;
  let newest = false;
  let oldest = false;
  let echo = false;
  // signal_option(): the first word anywhere that is `-SIGNAL` is the signal, and is taken out
  // before getopt sees the rest (recorded: `pkill -x NAME -HUP -f`; a second -HUP is `-H`).
  const at = args.findIndex((a) => a.startsWith('-') && signalOf(a.slice(1)) !== undefined);
  const words = at < 0 ? args : args.filter((_, i) => i !== at);
  if (at >= 0) sig = signalOf(args[at]!.slice(1))!;
  // pgrep.c's optstring for pkill ("eq:" then the shared letters, -A 4.0's) and longopts.
  const walked = getopt(words, { short: 'eq:LF:cfinoxP:O:g:s:u:U:G:t:r:VhA', long: PROCPS.long! }, ({ key, value, name }): ToolResult | undefined => {
    if (!MODELLED.has(key)) {
      env.io.err(`pkill: option '${name}' is not supported by this simulator\n`);
      return { status: 2 };
    }
    if (key === 'signal') {
      const s = signalOf(value ?? '');
      if (s === undefined) {
        env.io.err(`pkill: Unknown signal "${value ?? ''}".\n`);
        return { status: 2 };
      }
      sig = s;
    } else if (key === 'f') full = true;
    else if (key === 'x') exact = true;
    else if (key === 'i') ignoreCase = true;
    else if (key === 'n') newest = true;
    else if (key === 'o') oldest = true;
    else echo = true;
    return undefined;
  });
  if (walked.k === 'stopped') return walked.value;
  if (walked.k === 'error') {
    env.io.err(`pkill: ${messageOf(libcGetopt(env), walked.error)}\n${USAGE}`);
    return { status: 2 };
  }
  const operands = walked.operands;
  if (operands.length === 0) {
    env.io.err("pkill: no matching criteria specified\nTry `pkill --help' for more information.\n");
    return { status: 2 };
  }
  if (operands.length > 1) {
    env.io.err("pkill: only one pattern can be provided\nTry `pkill --help' for more information.\n");
    return { status: 2 };
  }
  const t = translate(operands[0]!, true);
  if (!t.ok) {
    env.io.err(`pkill: cannot compile regular expression '${operands[0]!}': ${t.error}\n`);
    return { status: 2 };
  }
  const re = new RegExp(exact ? `^(?:${t.source})$` : t.source, ignoreCase ? 'i' : '');
  // pkill leaves itself out: the last process the caller's table lists is the command running.
  const procs = env.processes.slice(0, -1).sort((a, b) => a.pid - b.pid);
  let hits = procs.filter((p: Proc) => re.test(full ? p.args || p.comm : p.comm));
  if (newest && hits.length) hits = [hits.reduce((a, b) => (b.startedAt >= a.startedAt ? b : a))];
  else if (oldest && hits.length) hits = [hits.reduce((a, b) => (b.startedAt < a.startedAt ? b : a))];
  for (const p of hits) {
    env.signal?.(p.pid, sig);
    if (echo) env.io.out(`${p.comm} killed (pid ${p.pid})\n`);
  }
  return { status: hits.length ? 0 : 1 };
}
