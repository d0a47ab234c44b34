/**
 * `ps`: procps-ng 4.0.2's (Debian's procps package, an Ubuntu node) and BusyBox 1.36's applet,
 * printing a Proc[] (proc-model.ts). Column names, widths and justification are procps-ng's
 * format table as `ps` on a machine with kernel.pid_max = 4194304 prints it (systemd's default
 * on Ubuntu nodes: PID columns 7 wide), recorded from procps-ng 4.0.2; BusyBox's come from
 * procps/ps.c of 1.36.0 (out_spec, format_header, format_process, read_cmdline's `{comm}` rule)
 * and were checked against BusyBox 1.35's output.
 *
 * Approximate: output is never cut to a terminal's width (procps and BusyBox cut lines on a
 * tty); `--forest`, thread options and most selection options other than -e/-A/a/x/-p/-C/-u are
 * not modelled (they say so on stderr and exit 1, as an unknown option does).
 *
 * Over 400 lines: two programs' option parsers and column tables kept side by side, since both
 * print the same Proc[] and differ column by column.
 */
import { wall } from './clock';
import type { Proc } from './proc-model';
import { libcGetopt, type ToolEnv, type ToolResult } from './tool-types';
import { getopt, getopt32, messageOf } from '../../k8s/getopt';

/** What ps reads besides the table: the caller itself (its uid and terminal) and the machine's memory. */
export interface PsCaller {
  uid: number;
  tty: string;
  memTotalKb: number;
  now: number;
}

type Just = 'L' | 'R';
interface Column {
  header: string;
  width: number;
  just: Just;
  /** The header may be wider than the column (procps' ADDR: `-` under `ADDR`, the overrun absorbed by SZ). */
  narrow?: true;
  value: (p: Proc, c: PsCaller) => string;
  sort?: (p: Proc, c: PsCaller) => number | string;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** [[dd-]hh:]mm:ss (procps' etime). */
function etime(sec: number): string {
  const d = Math.floor(sec / 86400);
  const h = Math.floor((sec % 86400) / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = sec % 60;
  if (d > 0) return `${d}-${pad2(h)}:${pad2(m)}:${pad2(s)}`;
  if (h > 0) return `${pad2(h)}:${pad2(m)}:${pad2(s)}`;
  return `${pad2(m)}:${pad2(s)}`;
}

/** START/STIME: HH:MM within a day, else MmmDD (procps' bsdstart/stime). */
function startStamp(p: Proc, c: PsCaller): string {
  const w = wall(p.startedAt);
  return c.now - p.startedAt < 86_400_000 ? `${w.h}:${w.mi}` : `${w.mon}${w.d}`;
}

/** USER: names longer than the column end in `+` (procps-ng ≥ 3.3). */
function userName(p: Proc, width = 8): string {
  return p.user.length > width ? `${p.user.slice(0, width - 1)}+` : p.user;
}

/** args: the command line, or `[comm]` for a process without one (a kernel thread). */
const argsOf = (p: Proc): string => p.args || `[${p.comm}]`;

const elapsedSec = (p: Proc, c: PsCaller): number => Math.max(0, Math.floor((c.now - p.startedAt) / 1000));
const pmem = (p: Proc, c: PsCaller): number => Math.floor((p.rssKb * 1000) / c.memTotalKb);

const COLUMNS: Record<string, Column> = {
  pid: { header: 'PID', width: 7, just: 'R', value: (p) => String(p.pid), sort: (p) => p.pid },
  ppid: { header: 'PPID', width: 7, just: 'R', value: (p) => String(p.ppid), sort: (p) => p.ppid },
  user: { header: 'USER', width: 8, just: 'L', value: (p) => userName(p), sort: (p) => p.user },
  euser: { header: 'EUSER', width: 8, just: 'L', value: (p) => userName(p), sort: (p) => p.user },
  ruser: { header: 'RUSER', width: 8, just: 'L', value: (p) => userName(p), sort: (p) => p.user },
  uid: { header: 'UID', width: 5, just: 'R', value: (p) => String(p.uid), sort: (p) => p.uid },
  comm: { header: 'COMMAND', width: 15, just: 'L', value: (p) => p.comm, sort: (p) => p.comm },
  ucmd: { header: 'CMD', width: 15, just: 'L', value: (p) => p.comm, sort: (p) => p.comm },
  args: { header: 'COMMAND', width: 27, just: 'L', value: argsOf, sort: argsOf },
  cmd: { header: 'CMD', width: 27, just: 'L', value: argsOf, sort: argsOf },
  command: { header: 'COMMAND', width: 27, just: 'L', value: argsOf, sort: argsOf },
  etime: { header: 'ELAPSED', width: 11, just: 'R', value: (p, c) => etime(elapsedSec(p, c)), sort: (p, c) => elapsedSec(p, c) },
  etimes: { header: 'ELAPSED', width: 7, just: 'R', value: (p, c) => String(elapsedSec(p, c)), sort: (p, c) => elapsedSec(p, c) },
  rss: { header: 'RSS', width: 5, just: 'R', value: (p) => String(p.rssKb), sort: (p) => p.rssKb },
  vsz: { header: 'VSZ', width: 6, just: 'R', value: (p) => String(p.vszKb), sort: (p) => p.vszKb },
  stat: { header: 'STAT', width: 4, just: 'L', value: (p) => p.stat },
  tty: { header: 'TT', width: 8, just: 'L', value: (p) => p.tty },
  time: { header: 'TIME', width: 8, just: 'R', value: () => '00:00:00' },
  '%cpu': { header: '%CPU', width: 4, just: 'R', value: () => '0.0', sort: () => 0 },
  '%mem': { header: '%MEM', width: 4, just: 'R', value: (p, c) => `${Math.floor(pmem(p, c) / 10)}.${pmem(p, c) % 10}`, sort: (p) => p.rssKb },
  ni: { header: 'NI', width: 3, just: 'R', value: (p) => String(p.nice), sort: (p) => p.nice },
  start_time: { header: 'START', width: 5, just: 'R', value: startStamp, sort: (p) => p.startedAt },
  stime: { header: 'STIME', width: 5, just: 'L', value: startStamp, sort: (p) => p.startedAt },
  start: { header: 'STARTED', width: 8, just: 'R', value: (p) => { const w = wall(p.startedAt); return `${w.h}:${w.mi}:${w.s}`; }, sort: (p) => p.startedAt },
  c: { header: 'C', width: 2, just: 'R', value: () => '0', sort: () => 0 },
  // -l's columns: flags (4, PF_SUPERPRIV, as published `ps -elf` transcripts of containers show for
  // every process), the state letter, priority 80 + nice, no address, the size in pages, and what
  // it sleeps in (see wchanOf; cut to 6 unless it is the last column, as procps does).
  f: { header: 'F', width: 1, just: 'R', value: () => '4' },
  s: { header: 'S', width: 1, just: 'L', value: (p) => p.stat.slice(0, 1) },
  pri: { header: 'PRI', width: 3, just: 'R', value: (p) => String(80 + p.nice) },
  addr: { header: 'ADDR', width: 1, just: 'L', narrow: true, value: () => '-' },
  sz: { header: 'SZ', width: 5, just: 'R', value: (p) => String(Math.ceil(p.vszKb / 4)), sort: (p) => p.vszKb },
  wchan: { header: 'WCHAN', width: 6, just: 'L', value: (p) => wchanOf(p) },
  // `ps aux`'s own columns: TTY's header, START (bsdstart), TIME as m:ss (bsdtime).
  tty_: { header: 'TTY', width: 8, just: 'L', value: (p) => p.tty },
  bsdstart: { header: 'START', width: 5, just: 'R', value: startStamp, sort: (p) => p.startedAt },
  bsdtime: { header: 'TIME', width: 6, just: 'R', value: () => '0:00' },
};
const ALIASES: Record<string, string> = { pcpu: '%cpu', pmem: '%mem', tname: 'tty', tt: 'tty', cputime: 'time', nice: 'ni', lstart: 'start', fname: 'comm', ucomm: 'comm', uname: 'user', rssize: 'rss', rsz: 'rss', vsize: 'vsz', state: 'stat', group: 'user' };

/**
 * WCHAN: /proc/PID/wchan, the kernel function a sleeping process waits in, cut to the column's 6
 * (recorded with procps-ng 4.0.2 on a 6.x kernel: a shell waiting for its child `do_wai`
 * (do_wait), a JVM `futex_` (futex_wait_queue), sleep `hrtime` (hrtimer_nanosleep), a server in
 * epoll `do_epo` (do_epoll_wait); a running one `-`). Approximate: chosen by the program's name,
 * not read from a kernel.
 */
function wchanOf(p: Proc): string {
  if (p.stat.startsWith('R')) return '-';
  if (['sh', 'dash', 'bash', 'ash', 'zsh'].includes(p.comm)) return 'do_wait';
  if (p.comm === 'java') return 'futex_wait_queue';
  if (p.comm === 'sleep') return 'hrtimer_nanosleep';
  return 'do_epoll_wait';
}

interface Spec {
  col: Column;
  header: string;
}

const spec = (name: string, header?: string): Spec => {
  const col = COLUMNS[name]!;
  return { col, header: header ?? col.header };
};

const DEFAULT = [spec('pid'), spec('tty_'), spec('time'), spec('ucmd')];
const FULL = [spec('user', 'UID'), spec('pid'), spec('ppid'), spec('c'), spec('stime'), spec('tty_'), spec('time'), spec('cmd')];
/** -l, and -l with -f (procps' "l" and "lf" formats). */
const LONG = [spec('f'), spec('s'), spec('uid'), spec('pid'), spec('ppid'), spec('c'), spec('pri'), spec('ni'), spec('addr'), spec('sz'), spec('wchan'), spec('tty_'), spec('time'), spec('ucmd')];
const LONG_FULL = [spec('f'), spec('s'), spec('user', 'UID'), spec('pid'), spec('ppid'), spec('c'), spec('pri'), spec('ni'), spec('addr'), spec('sz'), spec('wchan'), spec('stime'), spec('tty_'), spec('time'), spec('cmd')];
const BSD_U = [spec('user'), spec('pid'), spec('%cpu'), spec('%mem'), spec('vsz'), spec('rss'), spec('tty_'), spec('stat'), spec('bsdstart'), spec('bsdtime'), spec('command')];
const BSD_X = [spec('pid'), spec('tty_'), spec('stat'), spec('bsdtime'), spec('command')];

/** One -o list: `pid,ppid,user`, `pid=PROCESS,user` (procps 4 splits at every comma), `user:20`; an unknown name is procps' error. */
function parseFormat(text: string): Spec[] | { error: string } {
  const out: Spec[] = [];
  for (const item of text.split(/[,\s]+/).filter(Boolean)) {
    const eq = item.indexOf('=');
    const named = eq >= 0 ? item.slice(0, eq) : item;
    const [rawName, widthText] = named.split(':');
    const name = rawName!.toLowerCase();
    const key = Object.hasOwn(COLUMNS, name) ? name : Object.hasOwn(ALIASES, name) ? ALIASES[name]! : undefined;
    if (!key) return { error: `error: unknown user-defined format specifier "${named}"` };
    let s = spec(key, eq >= 0 ? item.slice(eq + 1) : undefined);
    if (widthText && /^\d+$/.test(widthText)) s = { ...s, col: { ...s.col, width: Number(widthText) } };
    out.push(s);
  }
  return out;
}

/**
 * procps' placement: each column has a fixed position (widths plus one space between), and a
 * value wider than its column pushes the line right until later padding absorbs the overrun.
 * Non-final columns are cut to their width when they are text (comm, args).
 */
function renderRow(cells: { text: string; width: number; just: Just; whole?: true }[]): string {
  let line = '';
  let correct = 0;
  cells.forEach((cell, i) => {
    const last = i === cells.length - 1;
    const sep = i === 0 ? 0 : 1;
    const text = !last && !cell.whole && cell.just === 'L' && cell.text.length > cell.width ? cell.text.slice(0, cell.width) : cell.text;
    const start = correct + sep;
    if (cell.just === 'R') line += ' '.repeat(Math.max(sep, start + cell.width - line.length - text.length)) + text;
    else line += ' '.repeat(Math.max(sep, start - line.length)) + text;
    correct = start + cell.width;
  });
  return line.replace(/\s+$/, '');
}

/** Header, then one row per process. `header` false: `--no-headers` or every header emptied (`-o pid=`). */
function table(specs: Spec[], rows: Proc[], c: PsCaller, header: boolean): string {
  const lines: string[] = [];
  const cols = specs.map((s) => ({ ...s, width: s.col.narrow ? s.col.width : Math.max(s.col.width, s.header.length) }));
  if (header && cols.some((s) => s.header !== '')) lines.push(renderRow(cols.map((s) => ({ text: s.header, width: s.width, just: s.col.just, ...(s.col.narrow ? { whole: true as const } : {}) }))));
  for (const p of rows) lines.push(renderRow(cols.map((s) => ({ text: s.col.value(p, c), width: s.width, just: s.col.just }))));
  return lines.length ? `${lines.join('\n')}\n` : '';
}

const USAGE = '\nUsage:\n ps [options]\n\n Try \'ps --help <simple|list|output|threads|misc|all>\'\n  or \'ps --help <s|l|o|t|m|a>\'\n for additional help text.\n\nFor more details see ps(1).\n';

interface Parsed {
  format?: Spec[];
  all: boolean;
  bsdA: boolean;
  bsdX: boolean;
  full: boolean;
  long: boolean;
  pids?: number[];
  names?: string[];
  users?: string[];
  headers: boolean;
  sort: string[];
}

function parseArgs(args: string[]): Parsed | { error: string } {
  const o: Parsed = { all: false, bsdA: false, bsdX: false, full: false, long: false, headers: true, sort: [] };
  let bsdU = false;
  const addFormat = (text: string | undefined, flag: string): string | undefined => {
    if (text === undefined || text === '') return `error: format specification must follow ${flag}`;
    const f = parseFormat(text);
    if ('error' in f) return f.error;
    o.format = [...(o.format ?? []), ...f];
    return undefined;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      const [name, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
      const value = (): string | undefined => inline ?? args[++i];
      switch (name) {
        case '--no-headers':
        case '--no-heading':
          o.headers = false;
          break;
        case '--sort': {
          const v = value();
          if (!v) return { error: 'error: long sort specification must follow --sort' };
          o.sort.push(...v.split(','));
          break;
        }
        case '--pid': {
          const v = value();
          if (!v) return { error: 'error: list of process IDs must follow --pid' };
          o.pids = [...(o.pids ?? []), ...v.split(',').map(Number)];
          break;
        }
        case '--format': {
          const e = addFormat(value(), '--format');
          if (e) return { error: e };
          break;
        }
        default:
          return { error: 'error: unknown gnu long option' };
      }
      continue;
    }
    if (a.startsWith('-')) {
      const flags = a.slice(1);
      for (let k = 0; k < flags.length; k++) {
        const f = flags[k]!;
        const rest = flags.slice(k + 1) || undefined;
        const take = (): string | undefined => rest ?? args[++i];
        if (f === 'e' || f === 'A') o.all = true;
        else if (f === 'f') o.full = true;
        else if (f === 'a') o.bsdA = true;
        else if (f === 'l') o.long = true;
        else if (f === 'w' || f === 'y' || f === 'H') continue;
        else if (f === 'o') {
          const e = addFormat(take(), '-o');
          if (e) return { error: e };
          break;
        } else if (f === 'p' || f === 'C' || f === 'u' || f === 'U') {
          const v = take();
          if (!v) return { error: f === 'p' ? 'error: list of process IDs must follow -p' : f === 'C' ? 'error: list of command names must follow -C' : `error: list of users must follow -${f}` };
          if (f === 'p') o.pids = [...(o.pids ?? []), ...v.split(',').map(Number)];
          else if (f === 'C') o.names = [...(o.names ?? []), ...v.split(',')];
          else o.users = [...(o.users ?? []), ...v.split(',')];
          break;
        } else return { error: 'error: unsupported SysV option' };
      }
      continue;
    }
    // BSD syntax: letters without a dash.
    for (const f of a) {
      if (f === 'a') o.bsdA = true;
      else if (f === 'x') o.bsdX = true;
      else if (f === 'u') bsdU = true;
      else if (f === 'w' || f === 'e') continue;
      else return { error: 'error: unsupported option (BSD syntax)' };
    }
  }
  if (!o.format) {
    if (bsdU) o.format = BSD_U;
    else if (o.bsdX || (o.bsdA && !o.all)) o.format = o.full ? FULL : BSD_X;
    else if (o.long) o.format = o.full ? LONG_FULL : LONG;
    else if (o.full) o.format = FULL;
  }
  return o;
}

function sortRows(rows: Proc[], keys: string[], c: PsCaller): Proc[] | { error: string } {
  const cmps: ((a: Proc, b: Proc) => number)[] = [];
  for (const k of keys) {
    const desc = k.startsWith('-');
    const name = k.replace(/^[+-]/, '').toLowerCase();
    const key = Object.hasOwn(COLUMNS, name) ? name : ALIASES[name];
    const by = key ? COLUMNS[key]!.sort : undefined;
    if (!by) return { error: 'error: unknown sort specifier' };
    cmps.push((a, b) => {
      const x = by(a, c);
      const y = by(b, c);
      const r = x < y ? -1 : x > y ? 1 : 0;
      return desc ? -r : r;
    });
  }
  return [...rows].sort((a, b) => {
    for (const f of cmps) {
      const r = f(a, b);
      if (r !== 0) return r;
    }
    return a.pid - b.pid;
  });
}

/** procps-ng's ps. */
export function procpsPs(args: string[], procs: Proc[], c: PsCaller, env: ToolEnv): ToolResult {
  const o = parseArgs(args);
  if ('error' in o) {
    env.io.err(`${o.error}\n${USAGE}`);
    return { status: 1 };
  }
  const listed = o.pids !== undefined || o.names !== undefined || o.users !== undefined;
  let rows = procs.filter((p) => {
    if (listed) return (o.pids?.includes(p.pid) ?? false) || (o.names?.includes(p.comm) ?? false) || (o.users?.some((u) => u === p.user || u === String(p.uid)) ?? false);
    if (o.all || (o.bsdA && o.bsdX)) return true;
    if (o.bsdA) return p.tty !== '?';
    if (o.bsdX) return p.uid === c.uid;
    // No selection: the caller's own processes on the caller's terminal.
    return p.uid === c.uid && p.tty === c.tty;
  });
  rows = [...rows].sort((a, b) => a.pid - b.pid);
  if (o.sort.length) {
    const sorted = sortRows(rows, o.sort, c);
    if ('error' in sorted) {
      env.io.err(`${sorted.error}\n${USAGE}`);
      return { status: 1 };
    }
    rows = sorted;
  }
  env.io.out(table(o.format ?? DEFAULT, rows, c, o.headers));
  return { status: rows.length ? 0 : 1 };
}

// ---------------------------------------------------------------------------------------------
// BusyBox
// ---------------------------------------------------------------------------------------------

interface BbColumn {
  width: number;
  header: string;
  value: (p: Proc, c: PsCaller) => string;
}

/** smart_ulltoa4 with the scale " mgtpezy": 4 characters for a KiB count (libbb/human_readable.c). */
function ulltoa4(kb: number): string {
  if (kb <= 9999) return String(kb).padStart(4);
  let ul = kb * 10;
  let idx = 0;
  do {
    ul = Math.floor(ul / 1024);
    idx++;
  } while (ul >= 10000);
  const u = Math.floor(ul / 10);
  const v = ul % 10;
  const scale = ' mgtpezy'[idx]!;
  if (u >= 10) return `${String(Math.floor(u / 10)).padStart(2)}${u % 10}${scale}`;
  return `${u}.${v}${scale}`;
}

/** format_time for a 5-wide column: mm:ss, then hhHmm, then ddDhh. */
function bbTime(sec: number): string {
  let t = sec;
  let ff = t % 60;
  t = Math.floor(t / 60);
  if (t < 60) return `${String(t).padStart(2)}:${pad2(ff)}`;
  ff = t % 60;
  t = Math.floor(t / 60);
  if (t < 24) return `${String(t).padStart(2)}h${pad2(ff)}`;
  ff = t % 24;
  t = Math.floor(t / 24);
  return t < 100 ? `${String(t).padStart(2)}d${pad2(ff)}` : `${String(t).padStart(4)}d`;
}

/** read_cmdline: the command line, prefixed `{comm} ` when comm differs from argv[0]'s base name. */
function bbArgs(p: Proc): string {
  if (!p.args) return `[${p.comm}]`;
  const first = p.args.split(' ')[0]!;
  let base = first.slice(first.lastIndexOf('/') + 1);
  if (base.startsWith('-')) base = base.slice(1);
  return base.startsWith(p.comm) ? p.args : `{${p.comm}} ${p.args}`;
}

/** libbb's state: the letter, then W for a process without memory, then < or N for its nice value. */
function bbState(p: Proc): string {
  let s = p.stat[0] ?? 'S';
  if (p.vszKb === 0) s += 'W';
  if (p.nice < 0) s += '<';
  else if (p.nice > 0) s += 'N';
  return s;
}

const BB_COLUMNS: Record<string, BbColumn> = {
  user: { width: 8, header: 'USER', value: (p) => p.user.slice(0, 8) },
  group: { width: 8, header: 'GROUP', value: (p) => p.user.slice(0, 8) },
  comm: { width: 16, header: 'COMMAND', value: (p) => p.comm },
  args: { width: 2048, header: 'COMMAND', value: bbArgs },
  pid: { width: 5, header: 'PID', value: (p) => String(p.pid).padStart(5) },
  ppid: { width: 5, header: 'PPID', value: (p) => String(p.ppid).padStart(5) },
  pgid: { width: 5, header: 'PGID', value: (p) => String(p.pid).padStart(5) },
  etime: { width: 7, header: 'ELAPSED', value: (p, c) => bbTime(elapsedSec(p, c)) },
  nice: { width: 5, header: 'NI', value: (p) => String(p.nice).padStart(5) },
  rgroup: { width: 8, header: 'RGROUP', value: (p) => p.user.slice(0, 8) },
  ruser: { width: 8, header: 'RUSER', value: (p) => p.user.slice(0, 8) },
  time: { width: 5, header: 'TIME', value: () => bbTime(0) },
  tty: { width: 6, header: 'TT', value: (p) => (p.tty === '?' ? '?' : `136,${p.tty.replace(/^pts\//, '')}`) },
  vsz: { width: 4, header: 'VSZ', value: (p) => ulltoa4(p.vszKb) },
  sid: { width: 5, header: 'SID', value: (p) => String(p.pid).padStart(5) },
  stat: { width: 4, header: 'STAT', value: bbState },
  rss: { width: 4, header: 'RSS', value: (p) => ulltoa4(p.rssKb) },
};
const BB_NAMES = 'user,group,comm,args,pid,ppid,pgid,etime,nice,rgroup,ruser,time,tty,vsz,sid,stat,rss';

/** parse_o: commas split names until the first `=`, whose header runs to the end of the item. */
function bbParseO(text: string, out: BbColumn[]): string | undefined {
  let opt = text;
  for (;;) {
    const comma = opt.indexOf(',');
    const equal = opt.indexOf('=');
    if (comma >= 0 && (equal < 0 || equal > comma)) {
      const c = bbFind(opt.slice(0, comma));
      if (typeof c === 'string') return c;
      out.push(c);
      opt = opt.slice(comma + 1);
      continue;
    }
    break;
  }
  const name = equal(opt) >= 0 ? opt.slice(0, equal(opt)) : opt;
  const c = bbFind(name);
  if (typeof c === 'string') return c;
  if (equal(opt) >= 0) {
    const header = opt.slice(equal(opt) + 1);
    out.push(header ? { ...c, header, width: header.length } : { ...c, header: '' });
  } else out.push(c);
  return undefined;
}
const equal = (s: string): number => s.indexOf('=');

function bbFind(name: string): BbColumn | string {
  // find_out_spec compares the first 6 characters.
  const key = Object.keys(BB_COLUMNS).find((k) => k.slice(0, 6) === name.slice(0, 6));
  return key ? BB_COLUMNS[key]! : `ps: bad -o argument '${name}', supported arguments: ${BB_NAMES}\n`;
}

const BB_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: ps [-o COL1,COL2=HEADER] [-T]\n\nShow list of processes\n\n\t-o COL1,COL2=HEADER\tSelect columns for display\n\t-T\t\t\tShow threads\n';

/** BusyBox's applet (ENABLE_DESKTOP, as the busybox image builds it): every process, -o picks the columns. */
export function busyboxPs(args: string[], procs: Proc[], c: PsCaller, env: ToolEnv): ToolResult {
  const cols: BbColumn[] = [];
  // getopt32 "Zo:*aAdeflT" over glibc: words without a dash (`aux`) are operands, which ps ignores.
  const walked = getopt(args, getopt32('Zo:aAdeflT'), ({ key, value }): ToolResult | undefined => {
    const e = key === 'o' ? bbParseO(value!, cols) : undefined;
    if (!e) return undefined;
    env.io.err(e);
    return { status: 1 };
  });
  if (walked.k === 'error') {
    env.io.err(`ps: ${messageOf(libcGetopt(env), walked.error)}\n${BB_USAGE}`);
    return { status: 1 };
  }
  if (walked.k === 'stopped') return walked.value;
  const specs = cols.length ? cols : ['pid', 'user', 'time', 'args'].map((n) => BB_COLUMNS[n]!);
  const lines: string[] = [];
  // format_header / format_process: `%-*s ` for each field but the last, which is not padded.
  if (specs.some((s) => s.header !== '')) lines.push(specs.map((s, i) => (i === specs.length - 1 ? s.header : s.header.padEnd(s.width) + ' ')).join(''));
  for (const p of [...procs].sort((a, b) => a.pid - b.pid)) {
    lines.push(specs.map((s, i) => {
      const v = s.value(p, c) || '-';
      return i === specs.length - 1 ? v : v + ' '.repeat(s.width - v.length + 1);
    }).join(''));
  }
  env.io.out(lines.map((l) => `${l}\n`).join(''));
  return { status: 0 };
}
