/**
 * The tar archive format as GNU tar, BusyBox tar and Go's archive/tar (kubectl cp) write and read
 * it: 512-byte blocks, a header per member (name, octal mode/uid/gid/size/mtime, checksum, type,
 * `ustar` magic, owner names), the member's bytes padded to a block, two zero blocks at the end.
 *
 * An archive travels as a JS string whose UTF-8 encoding is the byte stream: headers are ASCII
 * and files here are text, so the string is the stream's exact bytes once encoded, which is how
 * `reconcile serve` sends exec output to a real kubectl (and reads its stdin). Sizes and padding
 * count UTF-8 bytes, never JS characters.
 */
import { utf8Bytes, utf8Decode, utf8Length } from '../../k8s/utf8';

export const BLOCK = 512;
/** GNU tar writes whole records of 20 blocks (its default blocking factor); BusyBox does not pad. */
export const GNU_RECORD = 20 * BLOCK;

export interface TarMember {
  /** As stored: no leading `/`, a directory's with a trailing `/`. */
  name: string;
  type: 'file' | 'dir' | 'symlink' | 'other';
  content: string;
  mode: number;
  linkname?: string;
  /** What a read archive said (`tar tv`); a written one takes the archive's owner. */
  owner?: TarOwner;
}

export interface TarOwner {
  uid: number;
  gid: number;
  uname: string;
  gname: string;
  /** Seconds since the Unix epoch. */
  mtime: number;
}

const NUL = '\0';

function octal(n: number, width: number): string {
  return `${n.toString(8).padStart(width - 1, '0')}${NUL}`;
}

function field(s: string, width: number): string {
  return s.slice(0, width).padEnd(width, NUL);
}

const TYPEFLAG: Record<TarMember['type'], string> = { file: '0', dir: '5', symlink: '2', other: '0' };

/** One header block (GNU's `ustar  ` magic, which BusyBox writes too). */
function header(name: string, type: string, size: number, mode: number, owner: TarOwner, linkname = ''): string {
  const head = field(name, 100) + octal(mode, 8) + octal(owner.uid, 8) + octal(owner.gid, 8) + octal(size, 12) + octal(owner.mtime, 12);
  const tail = type + field(linkname, 100) + 'ustar  ' + NUL + field(owner.uname, 32) + field(owner.gname, 32);
  const unsummed = head + ' '.repeat(8) + tail;
  let sum = 0;
  for (let i = 0; i < unsummed.length; i++) sum += unsummed.charCodeAt(i);
  return (head + `${sum.toString(8).padStart(6, '0')}${NUL} ` + tail).padEnd(BLOCK, NUL);
}

const padding = (bytes: number): string => NUL.repeat((BLOCK - (bytes % BLOCK)) % BLOCK);

/** A name longer than the header's 100 bytes goes first as GNU's `././@LongLink` member. */
function entry(name: string, type: string, content: string, mode: number, owner: TarOwner, linkname?: string): string {
  const bytes = utf8Length(content);
  const nameBytes = utf8Length(name);
  const long = nameBytes >= 100 ? header('././@LongLink', 'L', nameBytes + 1, 0o644, { ...owner, mtime: 0 }) + name + NUL + padding(nameBytes + 1) : '';
  return long + header(name, type, bytes, mode, owner, linkname) + content + padding(bytes);
}

/** The archive of `members`, closed by two zero blocks (and padded to a record when `record` is set). */
export function writeTar(members: readonly TarMember[], owner: TarOwner, record: number = BLOCK): string {
  let out = '';
  let size = 0;
  for (const m of members) {
    const e = entry(m.name, TYPEFLAG[m.type], m.type === 'file' ? m.content : '', m.mode, owner, m.linkname);
    out += e;
    size += utf8Length(e);
  }
  out += NUL.repeat(2 * BLOCK);
  size += 2 * BLOCK;
  return out + NUL.repeat((record - (size % record)) % record);
}

export type TarRead =
  | { ok: true; members: TarMember[] }
  /** `empty`: no byte at all; `not-tar`: a block that is no header; `truncated`: the stream ends inside a member. */
  | { ok: false; members: TarMember[]; error: 'empty' | 'not-tar' | 'truncated' };

function text(bytes: number[], from: number, width: number): string {
  const slice = bytes.slice(from, from + width);
  const end = slice.indexOf(0);
  return utf8Decode(end < 0 ? slice : slice.slice(0, end));
}

function num(bytes: number[], from: number, width: number): number {
  const s = text(bytes, from, width).trim();
  return s === '' ? 0 : parseInt(s, 8);
}

function checksumOk(bytes: number[], at: number): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : bytes[at + i]!;
  return sum === num(bytes, at + 148, 8);
}

/** PAX records (`27 path=some/long/name\n`): the ones a reader here needs. */
function paxPath(records: string): string | undefined {
  for (const line of records.split('\n')) {
    const m = /^\d+ path=(.*)$/.exec(line);
    if (m) return m[1];
  }
  return undefined;
}

/** Reads every member of `stream` (GNU long names and Go's PAX paths included). */
export function readTar(stream: string): TarRead {
  const bytes = utf8Bytes(stream);
  const members: TarMember[] = [];
  if (bytes.length === 0) return { ok: false, members, error: 'empty' };
  let at = 0;
  let longName: string | undefined;
  while (at + BLOCK <= bytes.length) {
    if (bytes.slice(at, at + BLOCK).every((b) => b === 0)) return { ok: true, members };
    if (!checksumOk(bytes, at)) return { ok: false, members, error: 'not-tar' };
    const size = num(bytes, at + 124, 12);
    const flag = String.fromCharCode(bytes[at + 156]!);
    const posix = text(bytes, at + 257, 6) === 'ustar';
    const prefix = posix ? text(bytes, at + 345, 155) : '';
    const stored = text(bytes, at, 100);
    const body = at + BLOCK;
    if (body + size > bytes.length) return { ok: false, members, error: 'truncated' };
    const content = utf8Decode(bytes.slice(body, body + size));
    at = body + Math.ceil(size / BLOCK) * BLOCK;
    if (flag === 'L') {
      longName = content.replace(/\0+$/, '');
      continue;
    }
    if (flag === 'x') {
      longName = paxPath(content) ?? longName;
      continue;
    }
    if (flag === 'g') continue;
    const name = longName ?? (prefix ? `${prefix}/${stored}` : stored);
    longName = undefined;
    const type = flag === '5' || ((flag === '0' || flag === NUL) && name.endsWith('/')) ? 'dir' : flag === '0' || flag === NUL || flag === '7' ? 'file' : flag === '2' ? 'symlink' : 'other';
    const linkname = text(bytes, body - BLOCK + 157, 100);
    const h = body - BLOCK;
    const owner = { uid: num(bytes, h + 108, 8), gid: num(bytes, h + 116, 8), uname: text(bytes, h + 265, 32), gname: text(bytes, h + 297, 32), mtime: num(bytes, h + 136, 12) };
    members.push({ name, type, content: type === 'file' ? content : '', mode: num(bytes, h + 100, 8), ...(linkname ? { linkname } : {}), owner });
  }
  // A stream that stops on a block boundary without the closing zero blocks: tar accepts it.
  return at === bytes.length ? { ok: true, members } : { ok: false, members, error: 'truncated' };
}
