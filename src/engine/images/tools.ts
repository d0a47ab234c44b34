/**
 * The userland commands scripts call (echo, cat, touch, rm, sleep, date, …), with the error texts
 * of BusyBox (`cat: can't open 'x': No such file or directory`) or GNU coreutils
 * (`cat: x: No such file or directory`) depending on the image. Network tools live in net-tools.ts.
 * Tools never throw; unknown flags are ignored the way a forgiving reader would expect.
 */
import { hostname } from './tools-hostname';
import { busyboxPs, procpsPs } from './tools-ps';
import { pgrep, pidof } from './tools-pgrep';
import { kill } from './tools-kill';
import { pkill } from './tools-pkill';
import { FILE_TOOLS } from './tools-files';
import { TEXT_TOOLS } from './tools-text';
import { tar } from './tools-tar';
import { base64 } from './tools-base64';
import { date } from './tools-date';
import { diff } from './tools-diff';
import { sed } from './tools-sed';
import { testTool } from './tools-test';
import { chroot } from './tools-chroot';
import { chmod } from './tools-chmod';
import { chown } from './tools-chown';
import { ln } from './tools-ln';
import { envTool } from './tools-env';
import { which } from './tools-which';
import { stat } from './tools-stat';
import { nohup, timeout } from './tools-nohup-timeout';
import { time } from './tools-time';
import { tty } from './tools-tty';
import { vi } from './tools-vi';
import { xargs } from './tools-xargs';
import { rev } from './tools-rev';
import { find } from './tools-find';
import { printf } from './tools-printf';
import { id } from './tools-id';
import { unescapeAll } from './backslash-escapes';
import { DISK_TOOLS } from './tools-disk';
import { SYSINFO_TOOLS } from './tools-sysinfo';
import { bb, ok, type Tool, type ToolEnv, type ToolResult } from './tool-types';
import { getopt, HELP_VERSION, quote, toolOptions, usageError, type OptionSpec } from './tool-options';
import { BUSYBOX_USAGE } from './busybox-usage';
import { getopt32 } from '../../k8s/getopt';
import { own } from '../../k8s/own';
import { uname } from './tools-uname';

/** `busybox whoami --help` (1.35's on this machine), with the image's banner. */
const WHOAMI_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: whoami\n\nPrint the user name associated with the current effective user id\n';

export type { Io, Tool, ToolEnv, ToolResult } from './tool-types';

/**
 * The shell's echo builtin, or the program (/bin/echo by its path, through env, with no shell):
 * coreutils' takes -n -e -E and decodes nothing by default, as bash's builtin does (dash's decodes
 * always and knows only -n); BusyBox's applet is ash's builtin.
 */
function echo(args: string[], env: ToolEnv): ToolResult {
  const voice = env.asProgram === undefined ? env.dialect : bb(env) ? 'ash' : 'bash';
  let newline = true;
  let escapes = voice === 'dash';
  let i = 0;
  for (; i < args.length && /^-[neE]+$/.test(args[i]!); i++) {
    // dash's echo knows only -n; `echo -e x` prints `-e x`.
    if (voice === 'dash' && args[i] !== '-n') break;
    for (const c of args[i]!.slice(1)) {
      if (c === 'n') newline = false;
      else if (c === 'e') escapes = true;
      else escapes = false;
    }
  }
  let text = args.slice(i).join(' ');
  if (escapes) {
    const e = unescapeAll(text, voice, 'echo');
    text = e.text;
    if (e.stop) newline = false;
  }
  env.io.out(newline ? `${text}\n` : text);
  return ok;
}

function sleep(args: string[], env: ToolEnv): ToolResult {
  let total = 0;
  if (args.length === 0) {
    env.io.err(bb(env) ? 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: sleep [N]...\n' : 'sleep: missing operand\n');
    return { status: 1 };
  }
  for (const a of args) {
    if (a === 'infinity' || a === 'inf') return { status: 0, block: true };
    const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(a);
    if (!m) {
      env.io.err(bb(env) ? `sleep: invalid number '${a}'\n` : `sleep: invalid time interval '${a}'\n`);
      return { status: 1 };
    }
    const unit = m[2] === 'm' ? 60 : m[2] === 'h' ? 3600 : m[2] === 'd' ? 86400 : 1;
    total += Number(m[1]) * unit * 1000;
  }
  return { status: 0, ms: Math.round(total) };
}

function printenv(args: string[], env: ToolEnv): ToolResult {
  if (args.length === 0) {
    for (const [k, v] of Object.entries(env.vars)) env.io.out(`${k}=${v}\n`);
    return ok;
  }
  let status = 0;
  for (const a of args) {
    const v = own(env.vars, a);
    if (v === undefined) status = 1;
    else env.io.out(`${v}\n`);
  }
  return { status };
}

/** A path's last component, as basename(1) strips it: trailing slashes off, `/` for a path of slashes. */
function lastComponent(name: string): string {
  const trimmed = name.replace(/\/+$/, '');
  return trimmed === '' && name.startsWith('/') ? '/' : trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/**
 * `basename NAME [SUFFIX]`, `-a NAME…`, `-s SUFFIX NAME…`: a SUFFIX that ends NAME (and is not all
 * of it) is dropped (POSIX; GNU 9.1 and BusyBox 1.35 alike, recorded). Options: GNU's "+as:z" and
 * table (-z refused by name), BusyBox's getopt32 "^+as:" with at least one operand. Without -a,
 * a third operand is GNU's `extra operand`, BusyBox's usage.
 */
function basename(args: string[], env: ToolEnv): ToolResult {
  const gnu: OptionSpec = { tool: 'basename', short: '+as:z', long: [['multiple', 'a', 'none'], ['suffix', 's', 'required'], ['zero', 'z', 'none'], ...HELP_VERSION], unsupported: ['z'] };
  const o = toolOptions(args, env, gnu, { short: '+as:', long: [] }, 'as');
  if (!('set' in o)) return o;
  const names = o.operands;
  const multiple = o.set.has('a') || o.set.has('s');
  if (names.length === 0 || (!multiple && names.length > 2)) {
    if (bb(env)) {
      env.io.err(BUSYBOX_USAGE.basename!);
      return { status: 1 };
    }
    return usageError(env, gnu, names.length === 0 ? 'missing operand' : `extra operand ${quote(env, names[2]!)}`);
  }
  const suffix = multiple ? o.values.get('s') : names[1];
  const strip = (p: string): string => (suffix && p !== suffix && p.endsWith(suffix) ? p.slice(0, -suffix.length) : p);
  env.io.out((multiple ? names : names.slice(0, 1)).map((n) => `${strip(lastComponent(n))}\n`).join(''));
  return ok;
}

/** `dirname NAME…` (GNU: each NAME; -z refused by name) or BusyBox's `dirname NAME` (single_argv: exactly one, else its usage). */
function dirname(args: string[], env: ToolEnv): ToolResult {
  const gnu: OptionSpec = { tool: 'dirname', short: 'z', long: [['zero', 'z', 'none'], ...HELP_VERSION], unsupported: ['z'] };
  let names: string[];
  if (bb(env)) {
    names = args[0] === '--' ? args.slice(1) : args;
    if (names.length !== 1) {
      env.io.err(BUSYBOX_USAGE.dirname!);
      return { status: 1 };
    }
  } else {
    const parsed = getopt(args, gnu, env);
    if (!parsed.ok) return parsed.result;
    names = parsed.operands;
    if (names.length === 0) return usageError(env, gnu, 'missing operand');
  }
  // Trailing slashes go first, then the last component and the slashes before it (`a/b/` is `a`, `a//b` is `a`).
  const dir = (p: string): string => {
    const t = p.replace(/\/+$/, '');
    if (t === '') return p.startsWith('/') ? '/' : '.';
    const i = t.lastIndexOf('/');
    if (i < 0) return '.';
    return t.slice(0, i).replace(/\/+$/, '') || '/';
  };
  env.io.out(names.map((n) => `${dir(n)}\n`).join(''));
  return ok;
}

/** BusyBox's applet, or procps-ng's ps where the userland is Debian's or procps is installed (tools-ps.ts). */
function ps(args: string[], env: ToolEnv): ToolResult {
  const caller = { ...(env.caller ?? { uid: 0, tty: '?' }), memTotalKb: env.memTotalKb ?? DEFAULT_MEM_KB, now: env.clock };
  return bb(env) ? busyboxPs(args, env.processes, caller, env) : procpsPs(args, env.processes, caller, env);
}

/** A worker node's memory (topology.ts WORKER_CAPACITY), for %MEM where no node is known. */
const DEFAULT_MEM_KB = 8141880;

/**
 * Commands every shell image has, keyed by name. A Map: the name is whatever a container's
 * command line says (`hasOwnProperty` is a missing command, not Object.prototype's method).
 */
export const TOOLS: ReadonlyMap<string, Tool> = new Map(Object.entries<Tool>({
  ...FILE_TOOLS,
  ...TEXT_TOOLS,
  ...SYSINFO_TOOLS,
  ...DISK_TOOLS,
  chroot,
  echo,
  printf,
  sleep,
  date,
  env: envTool,
  which,
  stat,
  nohup,
  tty,
  vi,
  timeout,
  time,
  xargs,
  rev,
  find,
  printenv,
  true: () => ok,
  false: () => ({ status: 1 }),
  hostname,
  id,
  whoami: (args, env) => {
    // BusyBox: any word at all is its usage alone (whoami.c: `if (argv[1]) bb_show_usage()`); GNU:
    // parse_gnu_standard_options_only, then `extra operand` (recorded: BusyBox 1.35, coreutils 9.1).
    if (bb(env) && args.length > 0) {
      env.io.err(WHOAMI_USAGE);
      return { status: 1 };
    }
    if (!bb(env)) {
      const parsed = getopt(args, { tool: 'whoami', short: '', long: HELP_VERSION }, env);
      if (!parsed.ok) return parsed.result;
      if (parsed.operands.length) return usageError(env, { tool: 'whoami', short: '', long: [] }, `extra operand ${quote(env, parsed.operands[0]!)}`);
    }
    const u = env.user;
    if (u?.unnamed) {
      // BusyBox's xuid2uname, GNU whoami's message.
      env.io.err(bb(env) ? `whoami: unknown uid ${u.uid}\n` : `whoami: cannot find name for user ID ${u.uid}\n`);
      return { status: 1 };
    }
    env.io.out(`${u?.name ?? 'root'}\n`);
    return ok;
  },
  pwd: (args, env) => {
    // -L and -P (no links are in a working directory here), GNU's table and BusyBox's getopt32 "LP".
    const o = toolOptions(args, env, { tool: 'pwd', short: 'LP', long: [['logical', 'L', 'none'], ['physical', 'P', 'none'], ...HELP_VERSION] }, getopt32('LP'), 'LP');
    if (!('set' in o)) return o;
    env.io.out(`${env.cwd}\n`);
    return ok;
  },
  test: testTool('test'),
  '[': testTool('['),
  uname,
  basename,
  dirname,
  chmod,
  chown,
  ln,
  // -d and -f only narrow what is synced, and nothing is; BusyBox's "df" with its d--f:f--d not modelled.
  sync: (args, env) => {
    const o = toolOptions(args, env, { tool: 'sync', short: 'df', long: [['data', 'd', 'none'], ['file-system', 'f', 'none'], ...HELP_VERSION] }, getopt32('df'), 'df');
    return 'set' in o ? ok : o;
  },
  kill,
  ps,
  pgrep,
  pidof,
  pkill,
  tar,
  base64,
  diff,
  sed,
}));
