/**
 * tar as GNU tar 1.34 (Debian images) and BusyBox 1.36 tar (busybox, Alpine) do what `kubectl
 * cp` and the docs' pipelines ask: create (`tar cf - PATH`), extract (`tar -xmf - -C DIR`, with
 * `--no-same-permissions --no-same-owner`), list (`tar tf -`, `-v`), to and from stdin/stdout or
 * a file in the container, with each one's messages and exit statuses (GNU: 2, usage 64;
 * BusyBox: 1). The archive bytes are tar-format.ts's. Members record their permission bits
 * (file-mode.ts), and extraction restores them as each tar does (recorded, GNU tar 1.34 and
 * BusyBox 1.35 as root and as nobody, umask 022): as root, the archive's mode whole (set-id and
 * sticky bits too); GNU tar as another user, or given --no-same-permissions, the mode less the
 * umask and the set-id and sticky bits, unless -p; BusyBox as another user the mode less the
 * umask and the set-id bits, -p or not. Approximate: ownership and times are not recorded per
 * member (all are the image user's, at the command's simulated time), so -m/-o and
 * --no-same-owner change nothing here.
 * Options go through the shared walker (k8s/getopt.ts): GNU tar's whole argp table
 * (tar-options.ts: its prefixes and ambiguity lists, glibc's words, `Try 'tar --help' or 'tar
 * --usage'…`, 64) after the old-style first word is expanded; BusyBox's getopt32long table and
 * its move of `f` to the end of that word. An option either tar has but this one does not model
 * is refused by name.
 */
import { EPOCH_MS } from '../../k8s/time';
import { utf8Length } from '../../k8s/utf8';
import { dateFormat } from './clock';
import { listDir, lstat, makeDir, normalizePath, readOnlyAt, setMode, stat, writeFile } from './fs';
import { permOf } from './file-mode';
import { GNU_RECORD, BLOCK, readTar, writeTar, type TarMember, type TarOwner } from './tar-format';
import { bb, libcGetopt, path, type ToolEnv, type ToolResult } from './tool-types';
import { refuse } from './tool-options';
import { GNU_TAR_LONG, GNU_TAR_SHORT } from './tar-options';
import { getopt as walk, messageOf, type GetoptSpec } from '../../k8s/getopt';

type Mode = 'c' | 'x' | 't';

interface TarOptions {
  modes: Mode[];
  file: string;
  dir?: string;
  verbose: boolean;
  toStdout: boolean;
  /** -p / --same-permissions / --preserve-permissions (true), --no-same-permissions (false); unset: tar's default for the user. */
  samePermissions?: boolean;
  operands: string[];
}

/** Accepted and meaningless here: -m (mtimes), -o and the owner options, -h, -k, --overwrite. */
const NO_OPS = new Set(['m', 'o', 'h', 'k', 'no-same-owner', 'same-owner', 'overwrite']);
const PERMISSIONS: Readonly<Record<string, boolean>> = { p: true, 'no-same-permissions': false };

/** BusyBox 1.36.1's tar.c: getopt32long's optstring and table (defconfig: create, -T/-X, every compressor, long options). */
const BUSYBOX_SPEC: GetoptSpec = {
  short: 'txC:f:OopvkchjT:X:zJZam',
  long: [
    ['list', 't', 'none'], ['extract', 'x', 'none'], ['directory', 'C', 'required'], ['file', 'f', 'required'], ['to-stdout', 'O', 'none'], ['no-same-owner', 'o', 'none'],
    ['same-permissions', 'p', 'none'], ['verbose', 'v', 'none'], ['keep-old', 'k', 'none'], ['create', 'c', 'none'], ['dereference', 'h', 'none'], ['bzip2', 'j', 'none'],
    ['files-from', 'T', 'required'], ['exclude-from', 'X', 'required'], ['gzip', 'z', 'none'], ['xz', 'J', 'none'], ['compress', 'Z', 'none'], ['auto-compress', 'a', 'none'],
    ['touch', 'm', 'none'], ['strip-components', 'strip-components', 'required'], ['lzma', 'lzma', 'none'], ['no-recursion', 'no-recursion', 'none'],
    ['to-command', 'to-command', 'required'], ['numeric-owner', 'numeric-owner', 'none'], ['no-same-permissions', 'no-same-permissions', 'none'],
    ['overwrite', 'overwrite', 'none'], ['exclude', 'exclude', 'required'],
  ],
};
/** GNU tar's (tar-options.ts), with argp's -? and the tape-density digits its table knows. */
const GNU_SPEC: GetoptSpec = { short: `${GNU_TAR_SHORT}?01234567`, long: GNU_TAR_LONG };

const GNU_TRY = "Try 'tar --help' or 'tar --usage' for more information.\n";
/** 1.36.1's tar.c //usage under the defconfig (-T, -X and --to-command built; Debian's 1.35, recorded, has the same lines less those). */
const BUSYBOX_USAGE =
  'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: tar c|x|t [-ZzJjahmvokO] [-f TARFILE] [-C DIR] [-T FILE] [-X FILE] [LONGOPT]... [FILE]...\n\nCreate, extract, or list files from a tar file\n\n' +
  "\tc\tCreate\n\tx\tExtract\n\tt\tList\n\t-f FILE\tName of TARFILE ('-' for stdin/out)\n\t-C DIR\tChange to DIR before operation\n\t-v\tVerbose\n\t-O\tExtract to stdout\n\t-m\tDon't restore mtime\n" +
  "\t-o\tDon't restore user:group\n\t-k\tDon't replace existing files\n\t-Z\t(De)compress using compress\n\t-z\t(De)compress using gzip\n\t-J\t(De)compress using xz\n\t-j\t(De)compress using bzip2\n" +
  '\t--lzma\t(De)compress using lzma\n\t-a\t(De)compress based on extension\n\t-h\tFollow symlinks\n\t-T FILE\tFile with names to include\n\t-X FILE\tFile with glob patterns to exclude\n' +
  "\t--exclude PATTERN\tGlob pattern to exclude\n\t--overwrite\t\tReplace existing files\n\t--strip-components NUM\tNUM of leading components to strip\n\t--no-recursion\t\tDon't descend in directories\n" +
  "\t--numeric-owner\t\tUse numeric user:group\n\t--no-same-permissions\tDon't restore access permissions\n\t--to-command COMMAND\tPipe files to COMMAND\n";

type Parsed = { ok: true; o: TarOptions } | { ok: false; result: ToolResult };

/** GNU's message and Try line (argp's usage status 64, or tar's own 2), or BusyBox's message (if any) and usage. */
function usage(env: ToolEnv, message: string | undefined, gnuStatus = 64): Parsed {
  if (bb(env)) env.io.err(`${message === undefined ? '' : `tar: ${message}\n`}${BUSYBOX_USAGE}`);
  else env.io.err(`tar: ${message}\n${GNU_TRY}`);
  return { ok: false, result: { status: bb(env) ? 1 : gnuStatus } };
}

/**
 * An old-style first word (`cvf`) as options: GNU gives each letter that takes an argument the
 * next word in turn (none left: `Old option 'f' requires an argument.`, status 2); BusyBox moves
 * its `f` to the end of the word and reads it as `-cvf`, so `tar fx FILE` is `-xf FILE`.
 */
function oldStyle(args: string[], env: ToolEnv): string[] | Parsed {
  const first = args[0];
  if (first === undefined || first === '' || first.startsWith('-')) return args;
  if (bb(env)) return [`-${first.replace('f', '')}${first.includes('f') ? 'f' : ''}`, ...args.slice(1)];
  const words = args.slice(1);
  const expanded: string[] = [];
  for (const c of first) {
    expanded.push(`-${c}`);
    if (!GNU_SPEC.short.includes(`${c}:`) || c === ':') continue;
    if (words.length === 0) return usage(env, `Old option '${c}' requires an argument.`, 2);
    expanded.push(words.shift()!);
  }
  return [...expanded, ...words];
}

/** Walks tar's options (k8s/getopt.ts) over GNU tar's argp table or BusyBox's getopt32long one. */
function parse(args: string[], env: ToolEnv): Parsed {
  const words = oldStyle(args, env);
  if (!Array.isArray(words)) return words;
  const o: TarOptions = { modes: [], file: '-', verbose: false, toStdout: false, operands: [] };
  const walked = walk(words, bb(env) ? BUSYBOX_SPEC : GNU_SPEC, ({ key, value, name }): Parsed | undefined => {
    if (NO_OPS.has(key)) return undefined;
    if (Object.hasOwn(PERMISSIONS, key)) {
      o.samePermissions = PERMISSIONS[key];
      return undefined;
    }
    if (/^[0-7]$/.test(key)) return usage(env, "Options '-[0-7][lmh]' not supported by *this* tar");
    if (key === 'c' || key === 'x' || key === 't') o.modes.push(key);
    else if (key === 'f') o.file = value!;
    else if (key === 'C') o.dir = value!;
    else if (key === 'v') o.verbose = true;
    else if (key === 'O') o.toStdout = true;
    // Every other option the real tar has: compression, -T/-X, --exclude, --help, …
    else return { ok: false, result: refuse(env, 'tar', name, bb(env) ? 1 : 2) };
    return undefined;
  });
  if (walked.k === 'stopped') return walked.value;
  if (walked.k === 'error') return usage(env, messageOf(libcGetopt(env), walked.error));
  o.operands = walked.operands;
  if (new Set(o.modes).size > 1) {
    // BusyBox's getopt32 "c--tx:t--cx:x--ct": the usage alone (recorded, busybox 1.35 `tar -cx`).
    return bb(env) ? usage(env, undefined) : usage(env, "You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option", 2);
  }
  if (o.modes.length === 0) {
    if (bb(env)) {
      env.io.err(BUSYBOX_USAGE);
      return { ok: false, result: { status: 1 } };
    }
    return usage(env, "You must specify one of the '-Acdtrux', '--delete' or '--test-label' options", 2);
  }
  return { ok: true, o };
}

/** Tracks the failure that makes tar exit non-zero at the end (GNU's "previous errors"). */
interface Run {
  env: ToolEnv;
  failed: boolean;
  /** Prefixes already reported as removed (each is said once, as both tars do). */
  warned: Set<string>;
}

/** GNU's safer_name_suffix / BusyBox's strip_unsafe_prefix: leading `/` and anything up to a last `../`. */
function stripUnsafe(run: Run, name: string): string {
  let cut = 0;
  for (;;) {
    if (name[cut] === '/') cut++;
    else if (name.startsWith('../', cut)) cut += 3;
    else {
      const dots = name.indexOf('/../', cut);
      if (dots < 0) break;
      cut = dots + 4;
    }
  }
  if (cut > 0) {
    const prefix = name.slice(0, cut);
    const key = bb(run.env) ? '' : prefix;
    if (!run.warned.has(key)) {
      run.warned.add(key);
      run.env.io.err(bb(run.env) ? `tar: removing leading '${prefix}' from member names\n` : `tar: Removing leading \`${prefix}' from member names\n`);
    }
  }
  return name.slice(cut);
}

function finishRun(run: Run): ToolResult {
  if (!run.failed) return { status: 0 };
  run.env.io.err(bb(run.env) ? 'tar: error exit delayed from previous errors\n' : 'tar: Exiting with failure status due to previous errors\n');
  return { status: bb(run.env) ? 1 : 2 };
}

function owner(env: ToolEnv): TarOwner {
  const u = env.user;
  return { uid: u?.uid ?? 0, gid: u?.gid ?? 0, uname: u?.name ?? 'root', gname: u?.group ?? 'root', mtime: Math.floor((env.clock + EPOCH_MS) / 1000) };
}

function create(o: TarOptions, run: Run): ToolResult {
  const { env } = run;
  if (o.operands.length === 0) {
    if (bb(env)) return fatal(env, 'empty archive', 1);
    env.io.err(`tar: Cowardly refusing to create an empty archive\n${GNU_TRY}`);
    return { status: 2 };
  }
  const members: TarMember[] = [];
  // Verbose names go to stderr when the archive itself is stdout.
  const verbose = (s: string): void => (o.file === '-' ? env.io.err(s) : env.io.out(s));
  const walk = (typed: string, full: string): void => {
    // A link is archived as the link (tar follows none without -h): nginx's access.log -> /dev/stdout.
    const s = lstat(env.fs, env.base, full);
    if (s.kind === 'none') {
      if (!bb(env)) stripUnsafe(run, typed);
      env.io.err(bb(env) ? `tar: ${typed}: No such file or directory\n` : `tar: ${typed}: Cannot stat: No such file or directory\n`);
      run.failed = true;
      return;
    }
    const name = stripUnsafe(run, typed);
    if (s.kind === 'link') {
      if (o.verbose) verbose(`${bb(env) ? name : typed}\n`);
      members.push({ name, type: 'symlink', content: '', mode: 0o777, linkname: s.target });
      return;
    }
    if (s.kind === 'file') {
      if (o.verbose) verbose(`${bb(env) ? name : typed}\n`);
      members.push({ name, type: 'file', content: s.content, mode: permOf(env.fs, env.base, full, 'file', s.content) });
      return;
    }
    if (name !== '') {
      if (o.verbose) verbose(`${bb(env) ? name : typed}/\n`);
      members.push({ name: `${name}/`, type: 'dir', content: '', mode: permOf(env.fs, env.base, full, 'dir') });
    }
    for (const child of listDir(env.fs, env.base, full)) walk(`${typed}/${child}`, full === '/' ? `/${child}` : `${full}/${child}`);
  };
  // -C names the directory the operands are read from (approximate: GNU tar lets each -C apply to the operands after it only).
  const from = o.dir === undefined ? env.cwd : path(env, o.dir);
  for (const operand of o.operands) walk(operand.length > 1 ? operand.replace(/\/+$/, '') : operand, normalizePath(operand, from));
  const archive = writeTar(members, owner(env), bb(env) ? BLOCK : GNU_RECORD);
  if (o.file === '-') env.io.out(archive);
  else writeFile(env.fs, env.base, path(env, o.file), archive, false);
  return finishRun(run);
}

function fatal(env: ToolEnv, message: string, status: number): ToolResult {
  env.io.err(`tar: ${message}\n`);
  return { status };
}

/** The archive's text, or the result of failing to open it. */
function archiveText(o: TarOptions, env: ToolEnv): string | ToolResult {
  if (o.file === '-') return env.io.stdin;
  const s = stat(env.fs, env.base, path(env, o.file));
  if (s.kind === 'file') return s.content;
  const why = s.kind === 'dir' ? 'Is a directory' : 'No such file or directory';
  if (bb(env)) return fatal(env, `can't open '${o.file}': ${why}`, 1);
  env.io.err(`tar: ${o.file}: Cannot open: ${why}\ntar: Error is not recoverable: exiting now\n`);
  return { status: 2 };
}

const MODE_LETTERS = 'rwxrwxrwx';
function modeString(m: TarMember): string {
  const kind = m.type === 'dir' ? 'd' : m.type === 'symlink' ? 'l' : '-';
  return kind + [...MODE_LETTERS].map((c, i) => (m.mode & (1 << (8 - i)) ? c : '-')).join('');
}

/** `tar tv`: GNU's columns (owner/group and size share a 19-wide field) or BusyBox's. */
function longListing(m: TarMember, env: ToolEnv): string {
  const own = m.owner ?? { uid: 0, gid: 0, uname: '', gname: '', mtime: 0 };
  const who = `${own.uname || own.uid}/${own.gname || own.gid}`;
  const size = String(utf8Length(m.content));
  const at = own.mtime * 1000 - EPOCH_MS;
  const link = m.type === 'symlink' ? ` -> ${m.linkname ?? ''}` : '';
  if (bb(env)) return `${modeString(m)} ${who} ${size.padStart(9)} ${dateFormat(at, '%Y-%m-%d %H:%M:%S')} ${m.name}${link}\n`;
  return `${modeString(m)} ${who} ${size.padStart(Math.max(1, 18 - who.length))} ${dateFormat(at, '%Y-%m-%d %H:%M')} ${m.name}${link}\n`;
}

function readArchive(o: TarOptions, run: Run): TarMember[] | ToolResult {
  const { env } = run;
  const text = archiveText(o, env);
  if (typeof text !== 'string') return text;
  const read = readTar(text);
  if (read.ok) return read.members;
  if (read.error === 'empty' && bb(env)) return [];
  if (bb(env)) return fatal(env, read.error === 'truncated' ? 'short read' : 'invalid tar magic', 1);
  if (read.error === 'truncated') {
    env.io.err('tar: Unexpected EOF in archive\ntar: Error is not recoverable: exiting now\n');
    return { status: 2 };
  }
  env.io.err('tar: This does not look like a tar archive\n');
  run.failed = true;
  return read.members;
}

/** Operands of x and t pick members: a name, or a directory and everything under it. */
function selected(members: TarMember[], operands: string[], run: Run): TarMember[] {
  if (operands.length === 0) return members;
  const picked = members.filter((m) => operands.some((op) => m.name.replace(/\/$/, '') === op.replace(/\/$/, '') || m.name.startsWith(`${op.replace(/\/$/, '')}/`)));
  for (const op of operands) {
    if (picked.some((m) => m.name.replace(/\/$/, '') === op.replace(/\/$/, '') || m.name.startsWith(`${op.replace(/\/$/, '')}/`))) continue;
    run.env.io.err(`tar: ${op}: Not found in archive\n`);
    run.failed = true;
  }
  return picked;
}

function list(o: TarOptions, run: Run): ToolResult {
  const members = readArchive(o, run);
  if (!Array.isArray(members)) return members;
  for (const m of selected(members, o.operands, run)) run.env.io.out(o.verbose ? longListing(m, run.env) : `${m.name}\n`);
  return finishRun(run);
}

function extract(o: TarOptions, run: Run): ToolResult {
  const { env } = run;
  let root = env.cwd;
  if (o.dir !== undefined) {
    root = path(env, o.dir);
    const s = stat(env.fs, env.base, root);
    if (s.kind !== 'dir') {
      const why = s.kind === 'file' ? 'Not a directory' : 'No such file or directory';
      if (bb(env)) return fatal(env, `can't change directory to '${o.dir}': ${why}`, 1);
      env.io.err(`tar: ${o.dir}: Cannot open: ${why}\ntar: Error is not recoverable: exiting now\n`);
      return { status: 2 };
    }
  }
  const members = readArchive(o, run);
  if (!Array.isArray(members)) return members;
  for (const m of selected(members, o.operands, run)) {
    const name = stripUnsafe(run, m.name);
    if (o.verbose) env.io.out(`${m.name}\n`);
    if (o.toStdout) {
      if (m.type === 'file') env.io.out(m.content);
      continue;
    }
    if (name === '' || m.type === 'other' || m.type === 'symlink') continue;
    const target = normalizePath(name, root);
    const shown = name.replace(/\/$/, '');
    const cannot = (why: string): ToolResult | undefined => {
      if (bb(env)) return fatal(env, `can't ${m.type === 'dir' ? 'create directory' : 'open'} '${shown}': ${why}`, 1);
      env.io.err(`tar: ${shown}: ${m.type === 'dir' ? 'Cannot mkdir' : 'Cannot open'}: ${why}\n`);
      run.failed = true;
      return undefined;
    };
    const existing = stat(env.fs, env.base, target);
    if (readOnlyAt(env.fs, target)) {
      if (m.type === 'dir' && existing.kind === 'dir') continue;
      const died = cannot('Read-only file system');
      if (died) return died;
      continue;
    }
    if (m.type === 'dir') {
      if (existing.kind !== 'dir') makeDir(env.fs, target);
      restoreMode(o, env, target, m);
      continue;
    }
    if (existing.kind === 'dir') {
      const died = cannot('Is a directory');
      if (died) return died;
      continue;
    }
    writeFile(env.fs, env.base, target, m.content, false);
    restoreMode(o, env, target, m);
  }
  return finishRun(run);
}

/** The umask every container process runs with (fs.ts, tools-chmod.ts). */
const UMASK = 0o022;

/** What an extracted member's mode becomes (the file header): see the header for each tar's rules. */
export function extractedMode(mode: number, root: boolean, busybox: boolean, samePermissions: boolean | undefined): number {
  if (busybox) return root && samePermissions !== false ? mode & 0o7777 : mode & 0o1777 & ~UMASK;
  return (samePermissions ?? root) ? mode & 0o7777 : mode & 0o777 & ~UMASK;
}

function restoreMode(o: TarOptions, env: ToolEnv, target: string, m: TarMember): void {
  const wanted = extractedMode(m.mode, (env.user?.uid ?? 0) === 0, bb(env), o.samePermissions);
  if (wanted !== permOf(env.fs, env.base, target, m.type === 'dir' ? 'dir' : 'file', m.content)) setMode(env.fs, env.base, target, wanted);
}

export function tar(args: string[], env: ToolEnv): ToolResult {
  const parsed = parse(args, env);
  if (!parsed.ok) return parsed.result;
  const { o } = parsed;
  const run: Run = { env, failed: false, warned: new Set() };
  const mode = o.modes[0]!;
  return mode === 'c' ? create(o, run) : mode === 'x' ? extract(o, run) : list(o, run);
}
