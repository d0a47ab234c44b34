/**
 * `stat [-L] [-c FORMAT | --format=FORMAT | --printf=FORMAT] FILE...`: GNU coreutils 9.1's
 * (Debian 12) and BusyBox's, over what `ls -l` reads of a path (tools-ls.ts entryOf: type,
 * mode, owner, size, blocks, links, modification time).
 *
 * Recorded on this machine from GNU stat 9.1 and BusyBox 1.35's stat on a file, a link, a
 * directory and /dev/null:
 * - the default layout (GNU: `  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F`, `Device:
 *   %Hd,%Ld\tInode: %-11i Links: %h` (`%-5h Device type: %Hr,%Lr` for a device), `Access:
 *   (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)`, the three times and ` Birth:`; BusyBox: the
 *   device as `%xh/%ud`, a link named `'l' -> 'f'`, no Birth line);
 * - times `2026-12-07 02:04:45.046551424 +0000`; %N `'f'` and `'l' -> 'f'` (BusyBox: `f` unquoted);
 * - an unknown directive is `?` (GNU) or the letter itself (BusyBox);
 * - a missing file `stat: cannot statx 'x': No such file or directory` (GNU), `stat: can't stat
 *   'x': No such file or directory` (BusyBox), status 1; no operand: GNU's missing operand, BusyBox's
 *   usage, status 1.
 * Approximate: files keep one time, so access, change and birth times are the modification
 * time; the device (the overlay's, 0,48 here) and inode numbers of the default layout are stand-ins
 * (the inode from the path), so the directives that print them (%i %d %D %m) are refused rather
 * than invented; -f (file systems) and -t (terse) are refused.
 */
import { BUSYBOX_USAGE } from './busybox-usage';
import { dateFormat } from './clock';
import { bareFile, getopt, HELP_VERSION, quoteFile, usageError, type OptionSpec } from './tool-options';
import { bb, path, type ToolEnv, type ToolResult } from './tool-types';
import { entryOf, modeString, type Entry } from './tools-ls';
import { unescape } from './tool-types';
import { inodeOf } from './inode';

const SPEC: OptionSpec = {
  tool: 'stat',
  short: 'c:fLt',
  long: [['dereference', 'L', 'none'], ['file-system', 'f', 'none'], ['format', 'c', 'required'], ['printf', 'printf', 'required'], ['terse', 't', 'none'], ['cached', 'cached', 'required'], ...HELP_VERSION],
  unsupported: ['f', 't', 'cached', 'help', 'version'],
};

/** The overlay root's device (an anonymous block device: major 0) — a stand-in, as is the inode. */
const DEVICE: readonly [number, number] = [0, 48];

const TYPE_NAME: Record<Entry['type'], string> = { '-': 'regular file', d: 'directory', l: 'symbolic link', c: 'character special file' };
/** file_type(): an empty regular file is `regular empty file` (GNU 9.1 and BusyBox 1.35, recorded). */
const typeName = (e: Entry): string => (e.type === '-' && e.size === 0 ? 'regular empty file' : TYPE_NAME[e.type]);
const TYPE_BITS: Record<Entry['type'], number> = { '-': 0o100000, d: 0o40000, l: 0o120000, c: 0o20000 };

function time(t: number): string {
  return dateFormat(t, `%Y-%m-%d %H:%M:%S.${String((((t % 1000) + 1000) % 1000) * 1_000_000).padStart(9, '0')} +0000`);
}

const octal = (e: Entry): string => (e.perm & 0o7777).toString(8);

function nameQuoted(env: ToolEnv, e: Entry): string {
  if (bb(env)) return e.target === undefined ? e.name : `'${e.name}' -> '${e.target}'`;
  return e.target === undefined ? quoteFile(e.name) : `${quoteFile(e.name)} -> ${quoteFile(e.target)}`;
}

/** One directive's value; undefined: the directive is not modelled. */
function directive(env: ToolEnv, e: Entry, c: string): string | undefined {
  switch (c) {
    case 'a': return octal(e);
    case 'A': return modeString(e);
    case 'b': return String(e.blocks * 2);
    case 'B': return '512';
    case 'f': return (TYPE_BITS[e.type] | e.perm).toString(16);
    case 'F': return typeName(e);
    case 'g': return String(e.gid);
    case 'G': return e.group;
    case 'h': return String(e.nlink);
    case 'n': return e.name;
    case 'N': return nameQuoted(env, e);
    case 'o': return '4096';
    case 's': return String(e.size);
    case 't': return (e.dev?.[0] ?? 0).toString(16);
    case 'T': return (e.dev?.[1] ?? 0).toString(16);
    case 'u': return String(e.uid);
    case 'U': return e.owner;
    case 'x': case 'y': case 'z': return time(e.mtime);
    case 'X': case 'Y': case 'Z': return dateFormat(e.mtime, '%s');
    case 'w': return bb(env) ? undefined : time(e.mtime);
    case 'W': return bb(env) ? undefined : dateFormat(e.mtime, '%s');
    case 'd': case 'D': case 'i': case 'm': case 'C':
      return undefined;
    default:
      return bb(env) ? c : '?';
  }
}

/** FORMAT with its directives filled in; `refused` names the first one that is not modelled. */
function format(env: ToolEnv, e: Entry, fmt: string): { text: string; refused?: string } {
  let refused: string | undefined;
  const text = fmt.replace(/%([-#+ 0-9.']*)(.?)/g, (whole, flags: string, c: string) => {
    if (c === '%') return '%';
    if (c === '') return '%';
    const v = directive(env, e, c);
    if (v === undefined && ['d', 'D', 'i', 'm', 'C', 'w', 'W'].includes(c)) {
      refused ??= `%${c}`;
      return '';
    }
    const value = v ?? '?';
    const width = /(-?)0*(\d+)/.exec(flags);
    if (!width) return value;
    const n = Number(width[2]);
    return width[1] === '-' ? value.padEnd(n) : value.padStart(n, flags.startsWith('0') ? '0' : ' ');
  });
  return refused === undefined ? { text } : { text, refused };
}

function standard(env: ToolEnv, e: Entry, full: string): string {
  const name = bb(env) ? (e.target === undefined ? e.name : `'${e.name}' -> '${e.target}'`) : e.target === undefined ? bareFile(e.name) : `${bareFile(e.name)} -> ${bareFile(e.target)}`;
  const device = bb(env) ? `${(DEVICE[0] * 256 + DEVICE[1]).toString(16)}h/${DEVICE[0] * 256 + DEVICE[1]}d` : `${DEVICE[0]},${DEVICE[1]}`;
  const links = e.dev ? `Links: ${String(e.nlink).padEnd(5)} Device type: ${e.dev[0]},${e.dev[1]}` : `Links: ${e.nlink}`;
  const uid = `Uid: (${String(e.uid).padStart(5)}/${e.owner.padStart(8)})`;
  const gid = `Gid: (${String(e.gid).padStart(5)}/${e.group.padStart(8)})`;
  const t = time(e.mtime);
  return [
    `  File: ${name}`,
    `  Size: ${String(e.size).padEnd(10)}\tBlocks: ${String(e.blocks * 2).padEnd(10)} IO Block: ${'4096'.padEnd(6)} ${typeName(e)}`,
    `Device: ${device}\tInode: ${String(inodeOf(env, e.type, full)).padEnd(11)} ${links}`,
    `Access: (${octal(e).padStart(4, '0')}/${modeString(e)})  ${uid}   ${gid}`,
    `Access: ${t}`,
    `Modify: ${t}`,
    `Change: ${t}`,
    ...(bb(env) ? [] : [` Birth: ${t}`]),
    '',
  ].join('\n');
}

export function stat(args: string[], env: ToolEnv): ToolResult {
  const parsed = getopt(args, SPEC, env);
  if (!parsed.ok) {
    if (bb(env)) {
      env.io.err(BUSYBOX_USAGE.stat!);
      return { status: 1 };
    }
    return parsed.result;
  }
  let follow = false;
  let fmt: { text: string; newline: boolean } | undefined;
  for (const o of parsed.opts) {
    if (o.key === 'L') follow = true;
    else if (o.key === 'c') fmt = { text: o.value, newline: true };
    else if (o.key === 'printf') fmt = { text: unescape(o.value), newline: false };
  }
  if (parsed.operands.length === 0) {
    if (bb(env)) {
      env.io.err(BUSYBOX_USAGE.stat!);
      return { status: 1 };
    }
    return usageError(env, SPEC, 'missing operand');
  }
  let status = 0;
  for (const a of parsed.operands) {
    const full = path(env, a);
    const e = entryOf(env, full, a, follow);
    if (!e) {
      env.io.err(bb(env) ? `stat: can't stat '${a}': No such file or directory\n` : `stat: cannot statx ${quoteFile(a)}: No such file or directory\n`);
      status = 1;
      continue;
    }
    if (!fmt) {
      env.io.out(standard(env, e, full));
      continue;
    }
    const r = format(env, e, fmt.text);
    if (r.refused !== undefined) {
      env.io.err(`stat: ${r.refused}: not simulated in this classroom (no device, inode or mount numbers)\n`);
      return { status: 1 };
    }
    env.io.out(fmt.newline ? `${r.text}\n` : r.text);
  }
  return { status };
}
