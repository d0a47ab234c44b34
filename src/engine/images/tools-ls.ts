/**
 * `ls` as GNU coreutils 9.1 (Debian 12's) and BusyBox 1.36 print it, for the options learners use:
 * -l -a -A -h -d -t -S -r -R -1 -n -s -m -g -o -Q -c -u and their combinations, file and directory operands (files
 * first, then each directory under a `dir:` header when there are several operands or -R), and
 * symbolic links (`name -> target` in long listings; a link operand is followed unless -l).
 *
 * Formats, recorded on this machine against GNU ls 9.1 and BusyBox 1.35's `ls` and read in
 * BusyBox 1.36.1's coreutils/ls.c and libbb/human_readable.c (github:mirror/busybox):
 * - GNU pads every column to the widest entry of the listing (nlink right, owner and group left,
 *   size right; a device's `major, minor` share the size column); BusyBox prints fixed widths
 *   (`%-10s %4lu %-8.8s %-8.8s %9llu `, `%4u, %3u ` for a device).
 * - Times: `Mon dd HH:MM` within six months (GNU: half a Gregorian year, not in the future;
 *   BusyBox: half of 365 days, up to 15 minutes ahead), else `Mon dd  YYYY`.
 * - -h: GNU rounds up (`121K`, `4.0K`), BusyBox rounds to one decimal (`120.6K`) and pads its
 *   total (`total 132K   `); the size conversions are du's and df's (tools-disk.ts, tools-sysinfo.ts).
 * - `total` counts 1K blocks of what is listed: 4 per started 4 KiB of a file (ext4 under
 *   overlayfs), 4 for a directory, 0 for a link or a device, and 0 for anything on procfs or
 *   sysfs (/proc, /sys: no blocks; procfs reports every size as 0 too; recorded on this machine,
 *   `ls -ls /proc /proc/meminfo /sys/fs/cgroup`).
 * - Names on a terminal (or with -C / -x) stand in columns sized to its width (ls-columns.ts):
 *   GNU asks the terminal, then COLUMNS, then takes 80; BusyBox asks its stdin's terminal, then
 *   COLUMNS, then 80, and uses one less; -w sets the width; GNU's -T the tab stops. Piped, or
 *   with -1, one name a line. The last of -l -1 -C -x wins (BusyBox: -1 does not undo -l).
 * - -i: the inode number first (the stand-in stat prints, inode.ts), GNU padded to the widest in
 *   the listing, BusyBox `%7llu`.
 * - -c and -u: the fs keeps one time per file, so ctime and atime are that time (as if nothing
 *   had been read or chmod'ed since it was written); GNU sorts by it without -l, as it would.
 * Options are read in tools-ls-options.ts. Not modelled: -F, colours, GNU's quoting of names with spaces or specials on a terminal, and
 * errors for unreadable directories. The terminal's width is the page's when its line carried
 * it (ToolEnv.columns: the bridge sends it with lines that may run ls), else 80.
 */
import { utf8Length } from '../../k8s/utf8';
import { dateFormat } from './clock';
import { byteCompare, languageCollator } from './collate';
import { listDir, lstat, onTmpfs, resolveLinks, stat, written, type LStat } from './fs';
import { ownerOf, permOf } from './file-mode';
import { languageCollation } from './tool-options';
import { bb, path, stdinIsTty, stdoutIsTty, type ToolEnv, type ToolResult } from './tool-types';
import { parseLsOptions, type Opts } from './tools-ls-options';
import { busyboxColumns, gnuColumns, type Cell } from './ls-columns';
import { inodeOf } from './inode';
import { gnuHuman } from './tools-disk';
import { bbHuman } from './tools-sysinfo';


export type FileType = 'd' | '-' | 'l' | 'c';

export interface Entry {
  /** As printed: the operand as given, or the name in its directory. */
  name: string;
  full: string;
  type: FileType;
  perm: number;
  nlink: number;
  owner: string;
  group: string;
  uid: number;
  gid: number;
  size: number;
  dev?: [number, number];
  blocks: number;
  mtime: number;
  target?: string;
}

/** Character devices the runtime puts in /dev that the filesystem holds (major, minor). */
const DEVICES: Record<string, [number, number]> = { '/dev/null': [1, 3] };

const child = (dir: string, name: string): string => `${dir === '/' ? '' : dir}/${name}`;

/** The kernel's pseudo filesystems every container and node mounts: what lives there has no blocks. */
const pseudoFs = (at: string): 'proc' | 'sys' | undefined => (/^\/proc(\/|$)/.test(at) ? 'proc' : /^\/sys(\/|$)/.test(at) ? 'sys' : undefined);

export function entryOf(env: ToolEnv, full: string, name: string, follow: boolean): Entry | undefined {
  let s: LStat = follow ? stat(env.fs, env.base, full) : lstat(env.fs, env.base, full);
  // A dangling link operand is listed as the link (GNU and BusyBox fall back to lstat).
  if (s.kind === 'none' && follow) s = lstat(env.fs, env.base, full);
  if (s.kind === 'none') return undefined;
  // A followed link describes its target; a link itself is described where it lies.
  const at = s.kind === 'link' ? full : resolveLinks(env.fs, env.base, full);
  const meta = env.base.meta?.(at);
  const w = written(env.fs, env.base, at);
  const mtime = w ? (w.at ?? env.clock) : (meta?.mtime ?? env.clock);
  const owner = ownerOf(env.fs, env.base, at, env.user);
  const base = { name, full, mtime, owner: owner.name, group: owner.group, uid: owner.uid, gid: owner.gid, nlink: 1 };
  const pseudo = pseudoFs(at);
  switch (s.kind) {
    case 'link':
      return { ...base, type: 'l', perm: 0o777, size: utf8Length(s.target), blocks: 0, target: s.target };
    case 'dir': {
      const names = listDir(env.fs, env.base, at);
      const subdirs = names.filter((n) => lstat(env.fs, env.base, child(at, n)).kind === 'dir').length;
      const tmpfs = onTmpfs(env.fs, at);
      // tmpfs (mm/shmem.c): a directory's size is BOGO_DIRENT_SIZE (20) per entry plus 40, no blocks.
      const size = pseudo ? 0 : tmpfs ? 40 + 20 * names.length : 4096;
      return { ...base, type: 'd', perm: permOf(env.fs, env.base, at, 'dir'), nlink: 2 + subdirs, size, blocks: tmpfs || pseudo ? 0 : 4 };
    }
    case 'file': {
      const dev = DEVICES[at];
      if (dev) return { ...base, type: 'c', perm: 0o666, size: 0, dev, blocks: 0 };
      const size = pseudo === 'proc' ? 0 : (meta?.size ?? utf8Length(s.content));
      return { ...base, type: '-', perm: permOf(env.fs, env.base, at, 'file', s.content), size, blocks: pseudo ? 0 : Math.ceil(size / 4096) * 4, nlink: w ? 1 : (meta?.nlink ?? 1) };
    }
  }
}

export function modeString(e: Entry): string {
  const bit = (m: number, c: string): string => (e.perm & m ? c : '-');
  const x = (m: number, special: number, on: string, off: string): string => (e.perm & special ? (e.perm & m ? on : off) : bit(m, 'x'));
  return `${e.type}${bit(0o400, 'r')}${bit(0o200, 'w')}${x(0o100, 0o4000, 's', 'S')}${bit(0o40, 'r')}${bit(0o20, 'w')}${x(0o10, 0o2000, 's', 'S')}${bit(0o4, 'r')}${bit(0o2, 'w')}${x(0o1, 0o1000, 't', 'T')}`;
}

/** BusyBox's make_human_readable_str(n, 0, 0), for `total`: no decimal, rounded half up. */
function bbHumanWhole(n: number): string {
  if (n === 0) return '0';
  let u = 0;
  let frac = 0;
  let v = n;
  while (v >= 1024) {
    u++;
    frac = Math.floor(((v % 1024) * 10 + 512) / 1024);
    v = Math.floor(v / 1024);
  }
  if (frac >= 10) return `${v + 1}${' KMGTPE'[u]!.trim()}`;
  return `${v + (frac >= 5 ? 1 : 0)}${' KMGTPE'[u]!.trim()}`;
}

function timeString(env: ToolEnv, t: number, o: Opts): string {
  if (o.fullTime) return dateFormat(t, bb(env) ? '%Y-%m-%d %H:%M:%S +0000' : `%Y-%m-%d %H:%M:%S.${String(Math.floor(((t % 1000) + 1000) % 1000) * 1_000_000).padStart(9, '0')} +0000`);
  const age = (env.clock - t) / 1000;
  const recent = bb(env) ? age < (3600 * 24 * 365) / 2 && age > -15 * 60 : age < 31556952 / 2 && age >= 0;
  return dateFormat(t, recent ? '%b %e %H:%M' : '%b %e  %Y');
}

function nameOf(e: Entry, o: Opts): string {
  const q = (n: string): string => (o.quote ? `"${n}"` : n);
  return o.long && e.target !== undefined ? `${q(e.name)} -> ${q(e.target)}` : q(e.name);
}

function longLines(env: ToolEnv, entries: Entry[], o: Opts): string[] {
  const owner = (e: Entry): string => (o.numeric ? String(e.uid) : e.owner);
  const group = (e: Entry): string => (o.numeric ? String(e.gid) : e.group);
  if (bb(env)) {
    return entries.map((e) => {
      const size = e.dev ? `${String(e.dev[0]).padStart(4)}, ${String(e.dev[1]).padStart(3)}` : o.human ? bbHuman(e.size).padStart(7) : String(e.size).padStart(9);
      const cut = (x: string): string => (o.numeric ? x : x.slice(0, 8)).padEnd(8);
      const ids = o.noOwner ? cut(group(e)) : `${cut(owner(e))} ${cut(group(e))}`;
      return `${modeString(e).padEnd(10)} ${String(e.nlink).padStart(4)} ${ids} ${size} ${timeString(env, e.mtime, o)} ${nameOf(e, o)}`;
    });
  }
  const sizes = entries.map((e) => (o.human ? gnuHuman(e.size) : String(e.size)));
  const widest = (f: (e: Entry, i: number) => string): number => entries.reduce((m, e, i) => Math.max(m, f(e, i).length), 0);
  const linkW = widest((e) => String(e.nlink));
  const ownerW = widest(owner);
  const groupW = widest(group);
  const majW = widest((e) => (e.dev ? String(e.dev[0]) : ''));
  const minW = widest((e) => (e.dev ? String(e.dev[1]) : ''));
  const sizeW = Math.max(widest((e, i) => (e.dev ? '' : sizes[i]!)), entries.some((e) => e.dev) ? majW + 2 + minW : 0);
  return entries.map((e, i) => {
    const size = e.dev ? `${String(e.dev[0]).padStart(sizeW - minW - 2)}, ${String(e.dev[1]).padStart(minW)}` : sizes[i]!.padStart(sizeW);
    const ids = `${o.noOwner ? '' : `${owner(e).padEnd(ownerW)} `}${o.noGroup ? '' : `${group(e).padEnd(groupW)} `}`;
    return `${modeString(e)} ${String(e.nlink).padStart(linkW)} ${ids}${size} ${timeString(env, e.mtime, o)} ${nameOf(e, o)}`;
  });
}

/** Names compare with strcoll: bytes in C (every container), glibc's en_US order at the laptop's prompt. */
function sortEntries(env: ToolEnv, entries: Entry[], o: Opts): Entry[] {
  const collate = languageCollation(env) ? languageCollator() : byteCompare;
  const byName = (a: Entry, b: Entry): number => collate(a.name, b.name);
  const cmp = (a: Entry, b: Entry): number => (o.size ? b.size - a.size : o.time ? b.mtime - a.mtime : 0) || byName(a, b);
  return [...entries].sort((a, b) => (o.reverse ? -cmp(a, b) : cmp(a, b)));
}

/** The inode column of each entry (with its space): GNU's as wide as the widest, BusyBox's `%7llu `. */
function inodes(env: ToolEnv, entries: Entry[], o: Opts): string[] {
  if (!o.inode) return entries.map(() => '');
  const numbers = entries.map((e) => String(inodeOf(env, e.type, e.full)));
  const w = bb(env) ? 7 : numbers.reduce((m, x) => Math.max(m, x.length), 0);
  return numbers.map((x) => `${x.padStart(w)} `);
}

/** The line length the columns fill (see the header). */
function lineLength(env: ToolEnv, o: Opts): number {
  if (o.width !== undefined) return o.width;
  const columns = env.vars.COLUMNS;
  const fromEnv = columns !== undefined && /^\d+$/.test(columns) && Number(columns) > 0 ? Number(columns) : undefined;
  if (bb(env)) {
    const w = stdinIsTty(env.io) ? (env.columns ?? 80) : (fromEnv ?? 80);
    return (w <= 1 || w >= 30000 ? 80 : w) - 1;
  }
  return stdoutIsTty(env.io) ? (env.columns ?? 80) : (fromEnv ?? 80);
}

/** -s's column (with its space): GNU's as wide as the widest, in -h's units with -h; BusyBox's `%6llu ` always in 1K blocks (recorded). */
function blockColumn(env: ToolEnv, entries: Entry[], o: Opts): string[] {
  if (!o.blocks) return entries.map(() => '');
  if (bb(env)) return entries.map((e) => `${String(e.blocks).padStart(6)} `);
  const shown = entries.map((e) => (o.human && e.blocks > 0 ? gnuHuman(e.blocks * 1024) : String(e.blocks)));
  const w = shown.reduce((m, x) => Math.max(m, x.length), 0);
  return shown.map((x) => `${x.padStart(w)} `);
}

/**
 * GNU's -m: names joined by `, `, a line broken after the comma where the next name would
 * reach the line length (ls.c print_with_separator).
 */
function commaLines(names: readonly string[], width: number): string {
  let out = '';
  let pos = 0;
  names.forEach((name, i) => {
    const len = [...name].length;
    if (i > 0) {
      if (pos + len + 2 < width) {
        out += ', ';
        pos += 2;
      } else {
        out += ',\n';
        pos = 0;
      }
    }
    out += name;
    pos += len;
  });
  return `${out}\n`;
}

function printEntries(env: ToolEnv, entries: Entry[], o: Opts): void {
  if (entries.length === 0) return;
  const ino = inodes(env, entries, o);
  const blk = blockColumn(env, entries, o);
  if (o.long) {
    env.io.out(`${longLines(env, entries, o).map((l, i) => ino[i]! + blk[i]! + l).join('\n')}\n`);
    return;
  }
  const layout = o.layout ?? (stdoutIsTty(env.io) ? 'C' : '1');
  if (layout === 'm') {
    env.io.out(commaLines(entries.map((e, i) => ino[i]! + blk[i]! + nameOf(e, o)), lineLength(env, o)));
    return;
  }
  const cells: Cell[] = entries.map((e, i) => {
    const text = ino[i]! + blk[i]! + nameOf(e, o);
    return { text, width: [...text].length };
  });
  const lines = layout === '1' ? cells.map((c) => c.text) : bb(env) ? busyboxColumns(cells, lineLength(env, o), layout === 'x') : gnuColumns(cells, lineLength(env, o), o.tabsize ?? 8, layout === 'C');
  env.io.out(`${lines.join('\n')}\n`);
}

function total(env: ToolEnv, entries: Entry[], o: Opts): string {
  const blocks = entries.reduce((n, e) => n + e.blocks, 0);
  if (!o.human) return `total ${blocks}\n`;
  return bb(env) ? `total ${bbHumanWhole(blocks * 1024).padEnd(7)}\n` : `total ${gnuHuman(blocks * 1024)}\n`;
}

/** Lists one directory (and, with -R, its subdirectories after it); `first` is whether nothing was printed before. */
function listDirectory(env: ToolEnv, full: string, label: string, o: Opts, header: boolean, first: boolean): void {
  if (header || o.recursive) env.io.out(`${first ? '' : '\n'}${label}:\n`);
  const names = listDir(env.fs, env.base, full).filter((n) => o.all || o.almost || !n.startsWith('.'));
  const entries = names.flatMap((n) => entryOf(env, child(full, n), n, false) ?? []);
  if (o.all) {
    const dot = entryOf(env, full, '.', true);
    const real = resolveLinks(env.fs, env.base, full);
    const dotdot = entryOf(env, real.slice(0, real.lastIndexOf('/')) || '/', '..', true);
    entries.push(...(dot ? [dot] : []), ...(dotdot ? [dotdot] : []));
  }
  const sorted = sortEntries(env, entries, o);
  if (o.long || o.blocks) env.io.out(total(env, sorted, o));
  printEntries(env, sorted, o);
  if (!o.recursive) return;
  for (const e of sorted) {
    if (e.type !== 'd' || e.name === '.' || e.name === '..') continue;
    listDirectory(env, e.full, label.endsWith('/') ? `${label}${e.name}` : `${label}/${e.name}`, o, true, false);
  }
}

export function ls(args: string[], env: ToolEnv): ToolResult {
  const parsed = parseLsOptions(args, env);
  if (!('o' in parsed)) return parsed;
  const { o } = parsed;
  const operands = parsed.operands.length > 0 ? parsed.operands : ['.'];
  let status = 0;
  const files: Entry[] = [];
  const dirs: Entry[] = [];
  for (const a of operands) {
    const full = path(env, a);
    // A link operand is followed unless -l (or -d) asks about the link itself; `dir/` always follows.
    const e = entryOf(env, full, a, !(o.long || o.dirOnly) || a.endsWith('/'));
    if (!e) {
      env.io.err(bb(env) ? `ls: ${a}: No such file or directory\n` : `ls: cannot access '${a}': No such file or directory\n`);
      status = bb(env) ? 1 : 2;
    } else if (e.type === 'd' && !o.dirOnly) dirs.push(e);
    else files.push(e);
  }
  const sortedFiles = sortEntries(env, files, o);
  printEntries(env, sortedFiles, o);
  const header = operands.length > 1;
  sortEntries(env, dirs, o).forEach((d, i) => listDirectory(env, d.full, d.name, o, header, i === 0 && sortedFiles.length === 0));
  return { status };
}
