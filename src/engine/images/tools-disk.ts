/**
 * `df` and `du`: the filesystems a view mounts (SystemView.mounts, sysinfo.ts) and what a tree
 * under a path takes on them. Formats recorded on this machine: GNU coreutils 9.1's df and du
 * (df's column widths from the widest cell: Filesystem at least 14, sizes at least 5; Use% rounded
 * up; -h rounds up, one decimal under 10) and the BusyBox 1.35 applets (df.c is the same in 1.36:
 * fixed `%12`/`%9` columns, Use% rounded to nearest, -h one decimal rounded).
 */
import { dirEntries, lstat, resolveLinks, stat, written } from './fs';
import { bb, path, type Tool, type ToolEnv, type ToolResult } from './tool-types';
import { getopt32 } from '../../k8s/getopt';
import { HELP_VERSION, quote, toolOptions, type OptionSet, type OptionSpec } from './tool-options';
import type { DfRow } from './sysinfo';
import { bbHuman } from './tools-sysinfo';

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

export const DISK_TOOLS: Record<string, Tool> = { df, du };
