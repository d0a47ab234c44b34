/**
 * `pgrep` and `pidof` over the same process table `ps` prints (proc-model.ts). procps-ng 4.0.2's
 * pgrep (Debian's procps package, the node) matches an extended regex against the 15-character
 * comm, or the whole command line with -f, and leaves itself out; BusyBox 1.36's (procps/pgrep.c)
 * tries argv[0] (the command line with -f) and then comm. `pidof` (sysvinit-utils' on Debian,
 * BusyBox's applet) prints the PIDs whose comm or argv[0]'s base name is the name, newest first.
 * Messages recorded from procps-ng 4.0.2 and sysvinit 3.06; BusyBox's from its sources.
 *
 * Approximate: procps pgrep's -g/-G/-s/-t/-U/-F/-r/--ns/--cgroup and BusyBox's -s are refused
 * as unknown options.
 */
import { translate } from './posix-regex';
import type { Proc } from './proc-model';
import { bb, type ToolEnv, type ToolResult, libcGetopt } from './tool-types';
import { busyboxHelp, optionError, refuse, type OptionSpec } from './tool-options';
import { getopt, getopt32, messageOf, type GetoptFamily, type GetoptSpec } from '../../k8s/getopt';

const PROCPS_USAGE = `
Usage:
 pgrep [options] <pattern>

Options:
 -d, --delimiter <string>  specify output delimiter
 -l, --list-name           list PID and process name
 -a, --list-full           list PID and full command line
 -v, --inverse             negates the matching
 -w, --lightweight         list all TID
 -c, --count               count of matching processes
 -f, --full                use full process name to match
 -g, --pgroup <PGID,...>   match listed process group IDs
 -G, --group <GID,...>     match real group IDs
 -i, --ignore-case         match case insensitively
 -n, --newest              select most recently started
 -o, --oldest              select least recently started
 -O, --older <seconds>     select where older than seconds
 -P, --parent <PPID,...>   match only child processes of the given parent
 -s, --session <SID,...>   match session IDs
 -t, --terminal <tty,...>  match by controlling terminal
 -u, --euid <ID,...>       match by effective IDs
 -U, --uid <ID,...>        match by real IDs
 -x, --exact               match exactly with the command name
 -F, --pidfile <file>      read PIDs from file
 -L, --logpidfile          fail if PID file is not locked
 -r, --runstates <state>   match runstates [D,S,Z,...]
 -A, --ignore-ancestors    exclude our ancestors from results
 --cgroup <grp,...>        match by cgroup v2 names
 --ns <PID>                match the processes that belong to the same
                           namespace as <pid>
 --nslist <ns,...>         list which namespaces will be considered for
                           the --ns option.
                           Available namespaces: ipc, mnt, net, pid, user, uts

 -h, --help     display this help and exit
 -V, --version  output version information and exit

For more details see pgrep(1).
`;

const BB_PGREP_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: pgrep [-flanovx] [-s SID|-P PPID|PATTERN]\n\nDisplay process(es) selected by regex PATTERN\n\n\t-l\tShow command name too\n\t-a\tShow command line too\n\t-f\tMatch against entire command line\n\t-n\tShow the newest process only\n\t-o\tShow the oldest process only\n\t-v\tNegate the match\n\t-x\tMatch whole name (not substring)\n\t-s\tMatch session ID (0 for current)\n\t-P\tMatch parent process ID\n';

interface PgrepOpts {
  list: 'none' | 'name' | 'full';
  full: boolean;
  exact: boolean;
  invert: boolean;
  count: boolean;
  newest: boolean;
  oldest: boolean;
  ignoreCase: boolean;
  delimiter: string;
  parents?: number[];
  users?: string[];
  pattern?: string;
}

/** argv[0] as /proc/PID/cmdline holds it: a program that set a title keeps it all in one string. */
const argv0 = (p: Proc): string => (p.titled ? p.args : (p.args.split(' ')[0] ?? ''));

/**
 * procps-ng 4.0.2 pgrep's getopt_long table: every long name (`pgrep --help`), in the order its
 * ambiguity messages list them (recorded: `pgrep --l x` names '--list-name' '--list-full'
 * '--lightweight' '--logpidfile'). The short letters are the modelled ones; a long option that is
 * not modelled is refused by name.
 */
export const PROCPS: GetoptSpec = {
  short: 'lavcfinoxP:u:d:',
  long: [
    ['signal', 'signal', 'required'], ['count', 'c', 'none'], ['cgroup', 'cgroup', 'required'], ['delimiter', 'd', 'required'], ['list-name', 'l', 'none'],
    ['list-full', 'a', 'none'], ['full', 'f', 'none'], ['pgroup', 'pgroup', 'required'], ['group', 'group', 'required'], ['ignore-ancestors', 'ignore-ancestors', 'none'],
    ['ignore-case', 'i', 'none'], ['newest', 'n', 'none'], ['oldest', 'o', 'none'], ['older', 'older', 'required'], ['parent', 'P', 'required'],
    ['session', 'session', 'required'], ['terminal', 'terminal', 'required'], ['euid', 'u', 'required'], ['uid', 'uid', 'required'], ['inverse', 'v', 'none'],
    ['lightweight', 'lightweight', 'none'], ['exact', 'x', 'none'], ['pidfile', 'pidfile', 'required'], ['logpidfile', 'logpidfile', 'none'], ['echo', 'echo', 'none'],
    ['ns', 'ns', 'required'], ['nslist', 'nslist', 'required'], ['queue', 'queue', 'required'], ['runstates', 'runstates', 'required'], ['help', 'help', 'none'], ['version', 'version', 'none'],
  ],
};

function parse(args: string[], busybox: boolean, family: GetoptFamily): PgrepOpts | { error: string; status: number } {
  const o: PgrepOpts = { list: 'none', full: false, exact: false, invert: false, count: false, newest: false, oldest: false, ignoreCase: false, delimiter: '\n' };
  const usage = (msg: string): { error: string; status: number } => (busybox ? { error: `${msg}${BB_PGREP_USAGE}`, status: 1 } : { error: `${msg}${PROCPS_USAGE}`, status: 2 });
  const walked = getopt(args, busybox ? getopt32('lafxnovP:') : PROCPS, ({ key, value, name }): { error: string; status: number } | undefined => {
    if (key.length > 1) return { error: `pgrep: option '${name}' is not supported by this simulator\n`, status: 2 };
    if (key === 'l') o.list = 'name';
    else if (key === 'a') o.list = 'full';
    else if (key === 'f') o.full = true;
    else if (key === 'x') o.exact = true;
    else if (key === 'v') o.invert = true;
    else if (key === 'c') o.count = true;
    else if (key === 'n') o.newest = true;
    else if (key === 'o') o.oldest = true;
    else if (key === 'i') o.ignoreCase = true;
    else if (key === 'P') o.parents = value!.split(',').map(Number);
    else if (key === 'u') o.users = value!.split(',');
    else o.delimiter = value!;
    return undefined;
  });
  if (walked.k === 'error') return usage(`pgrep: ${messageOf(family, walked.error)}\n`);
  if (walked.k === 'stopped') return walked.value;
  const operands = walked.operands;
  if (operands.length > 1) return busybox ? usage('') : { error: `pgrep: only one pattern can be provided\nTry \`pgrep --help' for more information.\n`, status: 2 };
  if (operands[0] !== undefined) o.pattern = operands[0];
  else if (!o.parents && !o.users) return busybox ? usage('') : { error: "pgrep: no matching criteria specified\nTry `pgrep --help' for more information.\n", status: 2 };
  return o;
}

export function pgrep(args: string[], env: ToolEnv): ToolResult {
  const busybox = bb(env);
  const o = parse(args, busybox, libcGetopt(env));
  if ('error' in o) {
    env.io.err(o.error);
    return { status: o.status };
  }
  let re: RegExp | undefined;
  if (o.pattern !== undefined) {
    const t = translate(o.pattern, true);
    if (!t.ok) {
      env.io.err(busybox ? `pgrep: bad regex '${o.pattern}': ${t.error}\n` : `pgrep: cannot compile regular expression '${o.pattern}': ${t.error}\n`);
      return { status: busybox ? 1 : 2 };
    }
    re = new RegExp(o.exact ? `^(?:${t.source})$` : t.source, o.ignoreCase ? 'i' : '');
  }
  // pgrep leaves itself out: the last process the caller's table lists is the command running.
  const all = env.processes;
  const procs = all.slice(0, -1).sort((a, b) => a.pid - b.pid);
  const matches = (p: Proc): boolean => {
    if (o.parents && !o.parents.includes(p.ppid)) return false;
    if (o.users && !o.users.some((u) => u === p.user || u === String(p.uid))) return false;
    if (!re) return true;
    if (busybox) return re.test(o.full ? p.args || p.comm : argv0(p) || p.comm) || re.test(p.comm);
    return re.test(o.full ? p.args || p.comm : p.comm);
  };
  let hits = procs.filter((p) => matches(p) !== o.invert);
  if (o.newest && hits.length) hits = [hits.reduce((a, b) => (b.startedAt >= a.startedAt ? b : a))];
  else if (o.oldest && hits.length) hits = [hits.reduce((a, b) => (b.startedAt < a.startedAt ? b : a))];
  if (o.count) env.io.out(`${hits.length}\n`);
  else if (hits.length) {
    const show = (p: Proc): string => {
      if (o.list === 'none') return String(p.pid);
      if (o.list === 'full') return `${p.pid} ${p.args || p.comm}`;
      return `${p.pid} ${busybox ? (o.full ? p.args : argv0(p)) || p.comm : p.comm}`;
    };
    env.io.out(busybox ? hits.map((p) => `${show(p)}\n`).join('') : `${hits.map(show).join(o.delimiter)}\n`);
  }
  return { status: hits.length ? 0 : 1 };
}

/**
 * `pidof NAME…`: every match's PID, newest first, on one line (-o: not these).
 * sysvinit 3.06's getopt "qhco:d:sxzn" (opterr off: a bad option is a silent exit 1, recorded);
 * -q prints nothing, -d sets the separator; -c -x -z -n -h are refused. BusyBox's getopt32
 * "so:*" (the busybox image's defconfig has -s and -o; Debian's build, recorded, has neither)
 * prints getopt's message and its usage (from 1.36.1's pidof.c). `%PPID` is not resolved.
 */
export function pidof(args: string[], env: ToolEnv): ToolResult {
  let single = false;
  let quiet = false;
  let separator = ' ';
  const omit: string[] = [];
  const busybox = bb(env);
  const help = busybox ? busyboxHelp(args, env, 'pidof') : undefined;
  if (help) return help;
  const walked = getopt(args, busybox ? getopt32('so:') : { short: 'qhco:d:sxzn' }, ({ key, value, name }) => {
    if (key === 's') single = true;
    else if (key === 'o') omit.push(...value!.split(','));
    else if (key === 'q' && !busybox) quiet = true;
    else if (key === 'd' && !busybox) separator = value!;
    else return refuse(env, 'pidof', name);
    return undefined;
  });
  if (walked.k === 'stopped') return walked.value;
  if (walked.k === 'error') return busybox ? optionError(env, PIDOF_SPEC, messageOf(libcGetopt(env), walked.error)) : { status: 1 };
  const procs = env.processes.slice(0, -1).filter((p) => !omit.includes(String(p.pid))).sort((a, b) => b.pid - a.pid);
  const out: number[] = [];
  for (const name of walked.operands) {
    const found = procs.filter((p) => p.comm === name.slice(0, 15) || argv0(p).slice(argv0(p).lastIndexOf('/') + 1) === name);
    out.push(...(single ? found.slice(0, 1) : found).map((p) => p.pid));
  }
  // -s: BusyBox's loop breaks per NAME; sysvinit's prints one PID in all (recorded: `pidof -s bash sleep`).
  const shown = single && !busybox ? out.slice(0, 1) : out;
  if (shown.length && !quiet) env.io.out(`${shown.join(busybox ? ' ' : separator)}\n`);
  return { status: out.length ? 0 : 1 };
}

/** For BusyBox's usage screen after a bad option. */
const PIDOF_SPEC: OptionSpec = { tool: 'pidof', short: 'so:', long: [] };
