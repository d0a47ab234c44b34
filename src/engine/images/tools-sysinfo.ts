/**
 * `free`, `nproc`, `uptime`: what a machine (or a container on it) reports about memory, CPUs and
 * time up (df and du: tools-disk.ts). They read the kernel's files (/proc/meminfo,
 * /proc/cpuinfo, /proc/uptime, /proc/loadavg: sysinfo.ts) through the filesystem, so inside a
 * container they show the node's numbers, as real ones do.
 *
 * Formats recorded on this machine: procps-ng 4.0.2's free (Ubuntu 24.04 ships 4.0.4, whose free
 * prints the same columns) and the BusyBox 1.35 applets (free.c and uptime.c are the same in
 * 1.36: fixed `%12` columns, -h one decimal rounded). procps's uptime writes `0 user` as this
 * machine's does.
 */
import { civil, EPOCH_MS } from '../../k8s/time';
import { stat } from './fs';
import { bb, libcGetopt, ok, type Tool, type ToolEnv, type ToolResult } from './tool-types';
import { getopt, messageOf, type GetoptSpec } from '../../k8s/getopt';
import { HELP_VERSION, toolOptions, type OptionSpec } from './tool-options';

const BB_FREE_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: free [-bkmgh]\n\nDisplay free and used memory\n';
const FREE_USAGE =
  '\nUsage:\n free [options]\n\nOptions:\n -b, --bytes         show output in bytes\n     --kilo          show output in kilobytes\n     --mega          show output in megabytes\n     --giga          show output in gigabytes\n     --tera          show output in terabytes\n     --peta          show output in petabytes\n -k, --kibi          show output in kibibytes\n -m, --mebi          show output in mebibytes\n -g, --gibi          show output in gibibytes\n     --tebi          show output in tebibytes\n     --pebi          show output in pebibytes\n -h, --human         show human-readable output\n     --si            use powers of 1000 not 1024\n -l, --lohi          show detailed low and high memory statistics\n -t, --total         show total for RAM + swap\n -v, --committed     show committed memory and commit limit\n -s N, --seconds N   repeat printing every N seconds\n -c N, --count N     repeat printing N times, then exit\n -w, --wide          wide output\n\n     --help     display this help and exit\n -V, --version  output version information and exit\n\nFor more details see free(1).\n';

/** `Name:   N kB` lines of /proc/meminfo as numbers (KiB), or undefined when the file is not there. */
function meminfo(env: ToolEnv): Record<string, number> | undefined {
  const s = stat(env.fs, env.base, '/proc/meminfo');
  if (s.kind !== 'file') return undefined;
  const out: Record<string, number> = {};
  for (const line of s.content.split('\n')) {
    const m = /^([\w()]+):\s+(\d+)/.exec(line);
    if (m) out[m[1]!] = Number(m[2]);
  }
  return out;
}

/**
 * procps-ng 4.0's free: getopt_long "bkmghltvc:ws:V" and free.c's longopts, in their order (the
 * order an ambiguous prefix lists: recorded, `free --t` says `'--tera' '--tebi' '--total'`).
 */
const FREE_OPTIONS: GetoptSpec = {
  short: 'bkmghltvc:ws:V',
  long: [
    ['bytes', 'b', 'none'], ['kilo', 'kilo', 'none'], ['mega', 'mega', 'none'], ['giga', 'giga', 'none'], ['tera', 'tera', 'none'], ['peta', 'peta', 'none'],
    ['kibi', 'k', 'none'], ['mebi', 'm', 'none'], ['gibi', 'g', 'none'], ['tebi', 'tebi', 'none'], ['pebi', 'pebi', 'none'], ['human', 'h', 'none'], ['si', 'si', 'none'],
    ['lohi', 'l', 'none'], ['total', 't', 'none'], ['committed', 'v', 'none'], ['seconds', 's', 'required'], ['count', 'c', 'required'], ['wide', 'w', 'none'],
    ['help', 'help', 'none'], ['version', 'V', 'none'],
  ],
};

/** procps free.c scale_size: KiB in the chosen unit, or -h's shortest form (`23Gi`, `1.9Gi`, `0B`). */
function procpsScale(kib: number, unit: number, human: boolean): string {
  const bytes = kib * 1024;
  if (!human) return unit === 1 ? String(bytes) : String(Math.floor(bytes / 1024 ** (unit - 1)));
  if (`${bytes}B`.length <= 4) return `${bytes}B`;
  for (const [i, u] of ['K', 'M', 'G', 'T', 'P'].entries()) {
    const v = bytes / 1024 ** (i + 1);
    const tenths = `${v.toFixed(1)}${u}i`;
    if (tenths.length <= 5) return tenths;
    const whole = `${Math.floor(v)}${u}i`;
    if (whole.length <= 5) return whole;
  }
  return `${bytes}B`;
}

/** libbb make_human_readable_str with display_unit 0: one decimal, rounded (`23.5G`, `4.0K`, `0`). */
export function bbHuman(bytes: number): string {
  if (bytes === 0) return '0';
  let val = Math.floor(bytes);
  let frac = 0;
  let u = 0;
  while (val >= 1024) {
    frac = Math.floor((((val % 1024) * 10) + 512) / 1024);
    val = Math.floor(val / 1024);
    u++;
  }
  if (frac >= 10) {
    val++;
    frac = 0;
  }
  return u === 0 ? String(val) : `${val}.${frac}${' KMGTPEZY'[u]}`;
}

function procpsFree(args: string[], env: ToolEnv): ToolResult {
  const s = new Set<string>();
  const walked = getopt(args, FREE_OPTIONS, ({ key, name }) => {
    // The units and repeats this free does not model are refused by name.
    if ((key.length > 1 && key !== 'help') || key === 's' || key === 'c') return `free: option '${name}' is not supported by this simulator\n`;
    s.add(key);
    return undefined;
  });
  // An operand: the usage alone (recorded: `free x`).
  if (walked.k !== 'done' || walked.operands.length) {
    env.io.err(`${walked.k === 'error' ? `free: ${messageOf(libcGetopt(env), walked.error)}\n` : walked.k === 'stopped' ? walked.value : ''}${FREE_USAGE}`);
    return { status: 1 };
  }
  if (s.has('help')) {
    env.io.out(FREE_USAGE);
    return ok;
  }
  if (s.has('V')) {
    env.io.out('free from procps-ng 4.0.4\n');
    return ok;
  }
  const mi = meminfo(env);
  if (!mi) {
    env.io.err('free: Memory information file /proc/meminfo does not exist\n');
    return { status: 1 };
  }
  const unit = s.has('b') ? 1 : s.has('m') ? 3 : s.has('g') ? 4 : 2;
  const human = s.has('h');
  const wide = s.has('w');
  const f = (kib: number): string => procpsScale(kib, unit, human).padStart(12);
  const g = (k: string): number => mi[k] ?? 0;
  const total = g('MemTotal');
  const available = g('MemAvailable');
  const cache = g('Cached') + g('SReclaimable');
  let out = ''.padEnd(8) + 'total'.padStart(12) + 'used'.padStart(12) + 'free'.padStart(12) + 'shared'.padStart(12);
  out += wide ? 'buffers'.padStart(12) + 'cache'.padStart(12) : 'buff/cache'.padStart(12);
  out += `${'available'.padStart(12)}\n`;
  out += 'Mem:'.padEnd(8) + f(total) + f(total - available) + f(g('MemFree')) + f(g('Shmem'));
  out += wide ? f(g('Buffers')) + f(cache) : f(g('Buffers') + cache);
  out += `${f(available)}\n`;
  if (s.has('l')) out += `${'Low:'.padEnd(8)}${f(total)}${f(total - g('MemFree'))}${f(g('MemFree'))}\n${'High:'.padEnd(8)}${f(0)}${f(0)}${f(0)}\n`;
  const swapUsed = g('SwapTotal') - g('SwapFree');
  out += `${'Swap:'.padEnd(8)}${f(g('SwapTotal'))}${f(swapUsed)}${f(g('SwapFree'))}\n`;
  if (s.has('t')) out += `${'Total:'.padEnd(8)}${f(total + g('SwapTotal'))}${f(total - available + swapUsed)}${f(g('MemFree') + g('SwapFree'))}\n`;
  if (s.has('v')) out += `${'Comm:'.padEnd(8)}${f(g('CommitLimit'))}${f(g('Committed_AS'))}${f(g('CommitLimit') - g('Committed_AS'))}\n`;
  env.io.out(out);
  return ok;
}

/**
 * BusyBox's free reads no options with getopt: it looks at the second character of its first
 * word when that starts with '-', and at nothing else (free.c, ENABLE_DESKTOP). Anything but
 * b k m g h there is its usage alone, without a message (recorded: `busybox free -x`, `--foo`,
 * `-`, `--`); `-mh` is -m, and later words are not read.
 */
function busyboxFree(args: string[], env: ToolEnv): ToolResult {
  const first = args[0];
  const unit = first?.startsWith('-') ? first.charAt(1) : 'k';
  if (!'bkmgh'.includes(unit) || unit === '') {
    env.io.err(BB_FREE_USAGE);
    return { status: 1 };
  }
  const mi = meminfo(env);
  if (!mi) {
    env.io.err("free: can't open '/proc/meminfo': No such file or directory\n");
    return { status: 1 };
  }
  const g = (k: string): number => mi[k] ?? 0;
  const v = (kib: number): string => (unit === 'h' ? bbHuman(kib * 1024) : String(unit === 'b' ? kib * 1024 : unit === 'm' ? Math.floor(kib / 1024) : unit === 'g' ? Math.floor(kib / 1048576) : kib)).padStart(12);
  const total = g('MemTotal');
  const cache = g('Buffers') + g('Cached') + g('SReclaimable');
  let out = `${''.padEnd(7)}${['total', 'used', 'free', 'shared', 'buff/cache', 'available'].map((h) => h.padStart(12)).join('')}\n`;
  out += `${'Mem:'.padEnd(7)}${v(total)}${v(total - g('MemFree') - cache)}${v(g('MemFree'))}${v(g('Shmem'))}${v(cache)}${v(g('MemAvailable'))}\n`;
  out += `${'Swap:'.padEnd(7)}${v(g('SwapTotal'))}${v(g('SwapTotal') - g('SwapFree'))}${v(g('SwapFree'))}\n`;
  env.io.out(out);
  return ok;
}

export const free: Tool = (args, env) => (bb(env) ? busyboxFree(args, env) : procpsFree(args, env));

/** GNU nproc 9.1's long-only table and BusyBox's ("\xfe:+" with the same two names); --ignore is refused by name, --all counts what /proc/cpuinfo lists, as without it. */
const NPROC: OptionSpec = { tool: 'nproc', short: '', long: [['all', 'all', 'none'], ['ignore', 'ignore', 'required'], ...HELP_VERSION], unsupported: ['ignore'] };

export const nproc: Tool = (args, env) => {
  const o = toolOptions(args, env, NPROC, { short: '', long: [['ignore', 'ignore', 'required'], ['all', 'a', 'none']] }, 'a');
  if (!('set' in o)) return o;
  const s = stat(env.fs, env.base, '/proc/cpuinfo');
  const n = s.kind === 'file' ? s.content.split('\n').filter((l) => l.startsWith('processor\t')).length : 0;
  env.io.out(`${Math.max(1, n)}\n`);
  return ok;
};

function clock(at: number): string {
  const c = civil(EPOCH_MS + at);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(c.h)}:${two(c.mi)}:${two(c.s)}`;
}

/** procps-ng 4.0.2's uptime usage (recorded): on stdout for -h, on stderr after a bad option or an operand. */
const UPTIME_USAGE = '\nUsage:\n uptime [options]\n\nOptions:\n -p, --pretty   show uptime in pretty format\n -h, --help     display this help and exit\n -s, --since    system up since\n -V, --version  output version information and exit\n\nFor more details see uptime(1).\n';

/**
 * uptime's options: procps-ng 4.0.2's getopt_long "phsV" (-s prints the boot time and ends
 * there, whatever else was given; recorded: `uptime -ps`), BusyBox's getopt32 "s" (operands
 * ignored). Returns what to print, or the finished result of a bad option.
 */
function uptimeOptions(args: string[], env: ToolEnv): { pretty: boolean; since: boolean } | ToolResult {
  const o = { pretty: false, since: false };
  if (bb(env)) {
    const r = toolOptions(args, env, { tool: 'uptime', short: 's', long: [] }, { short: 's', long: [] }, 's');
    if (!('set' in r)) return r;
    return { pretty: false, since: r.set.has('s') };
  }
  const walked = getopt(args, { short: 'phsV', long: [['pretty', 'p', 'none'], ['help', 'h', 'none'], ['since', 's', 'none'], ['version', 'V', 'none']] }, ({ key }) => {
    if (key === 'h') {
      env.io.out(UPTIME_USAGE);
      return ok;
    }
    if (key === 'V') {
      env.io.out('uptime from procps-ng 4.0.2\n');
      return ok;
    }
    if (key === 's') return { since: true } as const;
    o.pretty = true;
    return undefined;
  });
  if (walked.k === 'stopped') return 'since' in walked.value ? { pretty: false, since: true } : walked.value;
  if (walked.k === 'error' || walked.operands.length > 0) {
    env.io.err(`${walked.k === 'error' ? `uptime: ${messageOf('glibc', walked.error)}\n` : ''}${UPTIME_USAGE}`);
    return { status: 1 };
  }
  return o;
}

/** procps sprint_uptime / BusyBox uptime.c: ` 09:12:03 up 12 min,  0 user,  load average: 0.08, 0.05, 0.01`. */
export const uptime: Tool = (args, env) => {
  const opts = uptimeOptions(args, env);
  if ('status' in opts) return opts;
  const up = stat(env.fs, env.base, '/proc/uptime');
  const load = stat(env.fs, env.base, '/proc/loadavg');
  if (up.kind !== 'file' || load.kind !== 'file') {
    env.io.err(bb(env) ? "uptime: can't open '/proc/uptime': No such file or directory\n" : 'uptime: /proc must be mounted\n');
    return { status: 1 };
  }
  const secs = Math.floor(Number(up.content.split(' ')[0]));
  const days = Math.floor(secs / 86400);
  const hours = Math.floor(secs / 3600) % 24;
  const mins = Math.floor(secs / 60) % 60;
  if (opts.since) {
    // The boot time, to the second, in the machine's local time (UTC here): `2025-08-01 09:00:00`.
    const c = civil(EPOCH_MS + env.clock - Math.round(Number(up.content.split(' ')[0]) * 1000));
    const two = (n: number): string => String(n).padStart(2, '0');
    env.io.out(`${c.y}-${two(c.mo)}-${two(c.d)} ${two(c.h)}:${two(c.mi)}:${two(c.s)}\n`);
    return ok;
  }
  if (opts.pretty) {
    const parts = [days ? `${days} day${days === 1 ? '' : 's'}` : '', hours ? `${hours} hour${hours === 1 ? '' : 's'}` : '', mins || (!days && !hours) ? `${mins} minute${mins === 1 ? '' : 's'}` : ''].filter(Boolean);
    env.io.out(`up ${parts.join(', ')}\n`);
    return ok;
  }
  const [a, b, c] = load.content.split(' ');
  let out = ` ${clock(env.clock)} up `;
  if (days) out += `${days} day${days === 1 ? '' : 's'}, `;
  out += hours ? `${String(hours).padStart(2)}:${String(mins).padStart(2, '0')}, ` : `${mins} min, `;
  const users = env.system?.users ?? 0;
  out += bb(env) ? ` ${users} users, ` : `${String(users).padStart(2)} user${users > 1 ? 's' : ''}, `;
  out += ` load average: ${a}, ${b}, ${c}\n`;
  env.io.out(out);
  return ok;
};

export const SYSINFO_TOOLS: Record<string, Tool> = { free, nproc, uptime };
