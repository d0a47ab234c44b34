/**
 * `free`, `df`, `du`, `nproc`, `uptime`: what a machine (or a container on it) reports about memory,
 * disks, CPUs and time up. free, nproc and uptime read the kernel's files (/proc/meminfo,
 * /proc/cpuinfo, /proc/uptime, /proc/loadavg: sysinfo.ts) through the filesystem, so inside a
 * container they show the node's numbers, as real ones do; df lists the filesystems the view
 * mounts (SystemView.mounts).
 *
 * Formats recorded on this machine: procps-ng 4.0.2's free (Ubuntu 24.04 ships 4.0.4, whose free
 * prints the same columns), GNU coreutils 9.1's df (column widths from the widest cell: Filesystem
 * at least 14, sizes at least 5; Use% rounded up; -h rounds up, one decimal under 10) and the
 * BusyBox 1.35 applets (free.c, df.c and uptime.c are the same in 1.36: fixed `%12`/`%9` columns,
 * Use% rounded to nearest, -h one decimal rounded). procps's uptime writes `0 user` as this
 * machine's does.
 */
import { civil, EPOCH_MS } from '../../k8s/time';
import { dirEntries, lstat, resolveLinks, stat, written } from './fs';
import { bb, libcGetopt, ok, path, type Tool, type ToolEnv, type ToolResult } from './tool-types';
import { getopt, getopt32, messageOf, type GetoptSpec } from '../../k8s/getopt';
import { HELP_VERSION, quote, toolOptions, type OptionSet, type OptionSpec } from './tool-options';
import type { DfRow } from './sysinfo';

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

/** procps sprint_uptime / BusyBox uptime.c: ` 09:12:03 up 12 min,  0 user,  load average: 0.08, 0.05, 0.01`. */
export const uptime: Tool = (args, env) => {
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
  if (!bb(env) && (args.includes('-p') || args.includes('--pretty'))) {
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

// ---------------------------------------------------------------------------------------------
// df
// ---------------------------------------------------------------------------------------------

/** GNU human_readable with human_ceiling | autoscale | base 1024 (`252G`, `7.3G`, `4.0K`, `0`). */
export function gnuHuman(bytes: number): string {
  if (bytes < 1024) return String(Math.ceil(bytes));
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < 6) {
    v /= 1024;
    u++;
  }
  const unit = (k: number): string => 'BKMGTPE'[k]!;
  if (v < 10) {
    const t = Math.ceil(Math.round(v * 10 * 1e6) / 1e6) / 10;
    if (t < 10) return `${t.toFixed(1)}${unit(u)}`;
    return `10${unit(u)}`;
  }
  const i = Math.ceil(Math.round(v * 1e6) / 1e6);
  return i >= 1024 ? `1.0${unit(u + 1)}` : `${i}${unit(u)}`;
}

/** The mount whose target holds `p` (the longest target that is `p` or a parent of it). */
function mountOf(rows: readonly DfRow[], p: string): DfRow | undefined {
  let best: DfRow | undefined;
  for (const r of rows) if ((p === r.target || p.startsWith(r.target === '/' ? '/' : `${r.target}/`)) && (!best || r.target.length >= best.target.length)) best = r;
  return best;
}

/** GNU df 9.1's optstring and long_options (df.c's order); -a -k -l -P change nothing here, what else it has is refused by name. */
const GNU_DF: OptionSpec = {
  tool: 'df',
  short: 'aB:iF:hHklmPTt:vx:',
  long: [
    ['all', 'a', 'none'], ['block-size', 'B', 'required'], ['inodes', 'i', 'none'], ['human-readable', 'h', 'none'], ['si', 'H', 'none'], ['local', 'l', 'none'],
    ['output', 'output', 'optional'], ['portability', 'P', 'none'], ['print-type', 'T', 'none'], ['sync', 'sync', 'none'], ['no-sync', 'no-sync', 'none'],
    ['total', 'total', 'none'], ['type', 't', 'required'], ['exclude-type', 'x', 'required'], ...HELP_VERSION,
  ],
  unsupported: ['B', 'i', 'F', 'H', 'v', 't', 'x', 'output', 'sync', 'no-sync', 'total'],
};

/** BusyBox df's getopt32 "kPTt:aiB:hHm" (DF_FANCY and HUMAN_READABLE, as defconfig builds it). */
const BB_DF = getopt32('kPTt:aiB:hHm');

function gnuDf(o: OptionSet, env: ToolEnv, rows: readonly DfRow[]): ToolResult {
  const human = o.set.has('h');
  const mega = o.set.has('m');
  const typed = o.set.has('T');
  const { picked, status } = pick(env, rows, o.operands);
  if (!picked.length) return { status };
  const size = (kib: number): string => (human ? gnuHuman(kib * 1024) : mega ? String(Math.ceil(kib / 1024)) : String(kib));
  const head = ['Filesystem', ...(typed ? ['Type'] : []), human ? 'Size' : mega ? '1M-blocks' : '1K-blocks', 'Used', human ? 'Avail' : 'Available', 'Use%', 'Mounted on'];
  const body = picked.map((r) => {
    const denom = r.usedKib + r.availKib;
    const pct = denom === 0 ? '-' : `${Math.ceil((r.usedKib * 100) / denom)}%`;
    return [r.source, ...(typed ? [r.fstype] : []), size(r.sizeKib), size(r.usedKib), size(r.availKib), pct, r.target];
  });
  const min = [14, ...(typed ? [4] : []), 5, 5, 5, 4, 0];
  const width = head.map((h, i) => Math.max(min[i]!, h.length, ...body.map((b) => b[i]!.length)));
  const left = new Set([0, ...(typed ? [1] : [])]);
  const line = (cells: string[]): string => `${cells.map((c, i) => (i === cells.length - 1 ? c : left.has(i) ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join(' ')}\n`;
  env.io.out(line(head) + body.map(line).join(''));
  return { status };
}

function busyboxDf(o: OptionSet, env: ToolEnv, rows: readonly DfRow[]): ToolResult {
  const human = o.set.has('h');
  const mega = o.set.has('m');
  const typed = o.set.has('T');
  const { picked, status } = pick(env, rows, o.operands);
  if (!picked.length) return { status };
  const v = (kib: number): string => (human ? bbHuman(kib * 1024) : String(mega ? Math.floor((kib + 512) / 1024) : kib));
  let out = `Filesystem           ${typed ? 'Type       ' : ''}${(human ? '     Size' : mega ? '1M-blocks' : '1K-blocks').padEnd(15)}Used Available Use% Mounted on\n`;
  for (const r of picked) {
    const denom = r.usedKib + r.availKib;
    const pct = denom === 0 ? 0 : Math.floor((r.usedKib * 100 + Math.floor(denom / 2)) / denom);
    out += r.source.length > 20 ? `${r.source}\n${''.padEnd(20)}` : r.source.padEnd(20);
    if (typed) out += ` ${r.fstype.padEnd(10)}`;
    out += ` ${v(r.sizeKib).padStart(9)} ${v(r.usedKib).padStart(9)} ${v(r.availKib).padStart(9)} ${String(pct).padStart(3)}% ${r.target}\n`;
  }
  env.io.out(out);
  return { status };
}

/** The rows for df's operands (a path's filesystem), with GNU's and BusyBox's error for a missing one. */
function pick(env: ToolEnv, rows: readonly DfRow[], operands: string[]): { picked: DfRow[]; status: number } {
  if (!operands.length) return { picked: [...rows], status: 0 };
  const picked: DfRow[] = [];
  let status = 0;
  for (const a of operands) {
    const full = path(env, a);
    const r = stat(env.fs, env.base, full).kind === 'none' ? undefined : mountOf(rows, full);
    if (r) picked.push(r);
    else {
      env.io.err(bb(env) ? `df: ${a}: can't find mount point\n` : `df: ${a}: No such file or directory\n`);
      status = 1;
    }
  }
  return { picked, status };
}

export const df: Tool = (args, env) => {
  // Options first, as df's main reads them before the mount table.
  const o = toolOptions(args, env, GNU_DF, BB_DF, 'kPTahm');
  if (!('set' in o)) return o;
  const rows = env.system?.mounts ?? [];
  if (!rows.length) {
    env.io.err('df: cannot read table of mounted file systems: No such file or directory\n');
    return { status: 1 };
  }
  return bb(env) ? busyboxDf(o, env, rows) : gnuDf(o, env, rows);
};

// ---------------------------------------------------------------------------------------------
// du
// ---------------------------------------------------------------------------------------------

/** GNU du 9.1's optstring and long_options (du.c's order); -k and -x change nothing here, what else it has is refused by name. */
const GNU_DU: OptionSpec = {
  tool: 'du',
  short: '0abd:chHklmst:xB:DLPSX:',
  long: [
    ['all', 'a', 'none'], ['apparent-size', 'apparent-size', 'none'], ['block-size', 'B', 'required'], ['bytes', 'b', 'none'], ['count-links', 'l', 'none'],
    ['dereference', 'L', 'none'], ['dereference-args', 'D', 'none'], ['exclude', 'exclude', 'required'], ['exclude-from', 'X', 'required'],
    ['files0-from', 'files0-from', 'required'], ['human-readable', 'h', 'none'], ['inodes', 'inodes', 'none'], ['si', 'si', 'none'], ['max-depth', 'd', 'required'],
    ['null', '0', 'none'], ['no-dereference', 'P', 'none'], ['one-file-system', 'x', 'none'], ['separate-dirs', 'S', 'none'], ['summarize', 's', 'none'],
    ['total', 'c', 'none'], ['threshold', 't', 'required'], ['time', 'time', 'optional'], ['time-style', 'time-style', 'required'], ...HELP_VERSION,
  ],
  unsupported: ['0', 'b', 'H', 'm', 't', 'B', 'D', 'L', 'P', 'S', 'X', 'apparent-size', 'exclude', 'files0-from', 'inodes', 'si', 'time', 'time-style'],
};

/** BusyBox du's getopt32 "aHkLsxd:+lcbhm" (HUMAN_READABLE on). */
const BB_DU = getopt32('aHkLsxd:lcbhm');

/** ext4's 4 KiB blocks: a directory takes one, a file its content rounded up (an empty one none). */
const BLOCK_KIB = 4;

/**
 * `du [-a] [-s] [-h] [-c] [-d N] [-l] [PATH]...`: KiB in use under each path, a directory after its
 * subdirectories (GNU's and BusyBox's `SIZE<tab>PATH`); a file hard-linked under several names
 * counts once unless -l (both keep a table of the inodes seen). Approximate: every directory is one
 * block, a file's size is the image's recorded size or its text's length, and entries come in the
 * listing's (sorted) order.
 */
export const du: Tool = (args, env) => {
  const o = toolOptions(args, env, GNU_DU, BB_DU, 'ashckxld');
  if (!('set' in o)) return o;
  const { set, operands } = o;
  let depth = Infinity;
  const value = o.values.get('d');
  if (value !== undefined) {
    // GNU: xstrtoimax, a non-negative number; BusyBox: "d:+", xatou.
    if (!/^\d+$/.test(value)) {
      env.io.err(bb(env) ? `du: invalid number '${value}'\n` : `du: invalid maximum depth ${quote(env, value)}\nTry 'du --help' for more information.\n`);
      return { status: 1 };
    }
    depth = Number(value);
  }
  if (set.has('s')) depth = 0;
  const show = (kib: number): string => (set.has('h') ? (bb(env) ? bbHuman(kib * 1024) : gnuHuman(kib * 1024)) : String(kib));
  let status = 0;
  let total = 0;
  const seen = new Set<string>();
  const fileKib = (full: string, content: string): number => {
    const meta = written(env.fs, env.base, full) ? undefined : env.base.meta?.(full);
    if (meta?.nlink !== undefined && meta.nlink > 1 && !set.has('l')) {
      const inode = meta.inode ?? full;
      if (seen.has(inode)) return 0;
      seen.add(inode);
    }
    return Math.ceil((meta?.size ?? content.length) / 4096) * BLOCK_KIB;
  };
  const walk = (full: string, shown: string, level: number): number => {
    // du follows no link (nginx's /etc/nginx/modules, Debian's /bin): a link's own blocks are 0.
    const s = lstat(env.fs, env.base, full);
    if (s.kind === 'file' || s.kind === 'link') {
      const kib = s.kind === 'link' ? 0 : fileKib(full, s.content);
      if (level === 0 || (set.has('a') && level <= depth)) env.io.out(`${show(kib)}\t${shown}\n`);
      return kib;
    }
    let kib = BLOCK_KIB;
    for (const e of dirEntries(env.fs, env.base, full)) kib += walk(`${full === '/' ? '' : full}/${e.name}`, `${shown.replace(/\/$/, '')}/${e.name}`, level + 1);
    if (level <= depth) env.io.out(`${show(kib)}\t${shown}\n`);
    return kib;
  };
  for (const a of operands.length ? operands : ['.']) {
    // A trailing slash makes the kernel follow a link to a directory (`du -sh /bin/` in Debian is /usr/bin's).
    const full = a.endsWith('/') ? resolveLinks(env.fs, env.base, path(env, a)) : path(env, a);
    if (stat(env.fs, env.base, full).kind === 'none') {
      env.io.err(bb(env) ? `du: ${a}: No such file or directory\n` : `du: cannot access '${a}': No such file or directory\n`);
      status = 1;
      continue;
    }
    total += walk(full, a, 0);
  }
  if (set.has('c')) env.io.out(`${show(total)}\ttotal\n`);
  return { status };
};

export const SYSINFO_TOOLS: Record<string, Tool> = { free, df, nproc, uptime, du };
