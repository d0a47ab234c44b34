/**
 * `chmod` as GNU coreutils 9.1 and BusyBox 1.36 run it: octal modes and symbolic clauses
 * (`+x`, `u+x,go-w`, `a=r`, `=rx`, `+X`, `u+s`, `g=u`), several at once with commas; -R (links met
 * while recursing are left alone; an operand that is a link changes its target), -v, -c, -f.
 * Without who (`+x`, `=rx`) the umask (022 in containers) limits what is set, as POSIX says.
 * A mode lands where the path leads (fs.ts setMode) and `ls -l` and execve read it (file-mode.ts).
 *
 * Messages recorded on this machine (GNU chmod 9.1 in the C locale, BusyBox 1.35's applet, a
 * read-only tmpfs): `chmod: cannot access 'x': No such file or directory` / `chmod: x: No such file
 * or directory`; `chmod: changing permissions of 'x': Read-only file system` / `chmod: x:
 * Read-only file system` (even when the mode would not change); `chmod: invalid mode: 'z+x'` /
 * `chmod: invalid mode 'z+x'`; status 1. Not the owner: EPERM (`Operation not permitted`).
 * Approximate: GNU's keeping of a directory's set-gid bit under a short octal mode.
 */
import { mayExecute, ownerOf, permOf } from './file-mode';
import { listDir, lstat, readOnlyAt, resolveLinks, setMode, stat } from './fs';
import { bb, libcGetopt, path, type ToolEnv, type ToolResult } from './tool-types';
import { getopt, HELP_VERSION, quote, usageError, type OptionSpec } from './tool-options';
import { getopt as walk, getopt32, messageOf } from '../../k8s/getopt';

const UMASK = 0o022;
const BB_USAGE =
  'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: chmod [-Rcvf] MODE[,MODE]... FILE...\n\nMODE is octal number (bit pattern sstrwxrwxrwx) or [ugoa]{+|-|=}[rwxXst]\n\n\t-R\tRecurse\n\t-c\tList changed files\n\t-v\tVerbose\n\t-f\tHide errors\n';

interface Opts {
  recursive: boolean;
  verbose: boolean;
  changes: boolean;
  quiet: boolean;
}

/** A mode as a function of the old mode and whether the path is a directory; undefined when it does not parse. */
type ModeChange = (old: number, dir: boolean) => number;

const WHO: Record<string, number> = { u: 0o4700, g: 0o2070, o: 0o1007, a: 0o7777 };

export function parseMode(text: string): ModeChange | undefined {
  if (/^[0-7]{1,4}$/.test(text)) {
    const mode = Number.parseInt(text, 8);
    return () => mode;
  }
  const clauses: ModeChange[] = [];
  for (const clause of text.split(',')) {
    const m = /^([ugoa]*)((?:[-+=](?:[rwxXst]*|[ugo]))+)$/.exec(clause);
    if (!m) return undefined;
    const who = m[1]!;
    const ops = [...m[2]!.matchAll(/([-+=])([rwxXst]*|[ugo])/g)].map((o) => [o[1]!, o[2]!] as const);
    clauses.push((old, dir) => {
      let mode = old;
      // No who: every class, less the umask's bits (s and t are not the umask's to limit).
      const mask = who === '' ? 0o7777 & ~UMASK : [...who].reduce((n, c) => n | WHO[c]!, 0);
      for (const [op, perms] of ops) {
        const bits = permBits(perms, mode, dir) & mask;
        if (op === '+') mode |= bits;
        else if (op === '-') mode &= ~bits;
        // `=` clears the classes named (all of them without who, whatever the umask), then sets.
        else mode = (mode & ~(who === '' ? 0o7777 : mask)) | bits;
      }
      return mode;
    });
  }
  return (old, dir) => clauses.reduce((mode, c) => c(mode, dir), old);
}

/** The bits a clause's permission letters stand for, in every class (the who mask picks). */
function permBits(perms: string, mode: number, dir: boolean): number {
  if (perms === 'u' || perms === 'g' || perms === 'o') {
    const shift = perms === 'u' ? 6 : perms === 'g' ? 3 : 0;
    const rwx = (mode >> shift) & 7;
    return rwx * 0o111;
  }
  let bits = 0;
  for (const c of perms) {
    if (c === 'r') bits |= 0o444;
    else if (c === 'w') bits |= 0o222;
    else if (c === 'x') bits |= 0o111;
    else if (c === 'X') bits |= dir || (mode & 0o111) !== 0 ? 0o111 : 0;
    else if (c === 's') bits |= 0o6000;
    else if (c === 't') bits |= 0o1000;
  }
  return bits;
}

const octal = (mode: number): string => mode.toString(8).padStart(4, '0');

function symbolic(mode: number): string {
  const bit = (m: number, c: string): string => (mode & m ? c : '-');
  const x = (m: number, special: number, on: string, off: string): string => (mode & special ? (mode & m ? on : off) : bit(m, 'x'));
  return `${bit(0o400, 'r')}${bit(0o200, 'w')}${x(0o100, 0o4000, 's', 'S')}${bit(0o40, 'r')}${bit(0o20, 'w')}${x(0o10, 0o2000, 's', 'S')}${bit(0o4, 'r')}${bit(0o2, 'w')}${x(0o1, 0o1000, 't', 'T')}`;
}

function fail(env: ToolEnv, name: string, why: string): void {
  env.io.err(bb(env) ? `chmod: ${name}: ${why}\n` : `chmod: ${why === 'No such file or directory' ? `cannot access '${name}'` : `changing permissions of '${name}'`}: ${why}\n`);
}

/** Changes one path (links followed) and, with -R, what lies under it; false when something failed. */
function change(env: ToolEnv, name: string, full: string, mode: ModeChange, o: Opts): boolean {
  const s = stat(env.fs, env.base, full);
  if (s.kind === 'none') {
    if (!o.quiet) fail(env, name, 'No such file or directory');
    return false;
  }
  const at = resolveLinks(env.fs, env.base, full);
  const dir = s.kind === 'dir';
  const old = permOf(env.fs, env.base, at, dir ? 'dir' : 'file', s.kind === 'file' ? s.content : '');
  const next = mode(old, dir) & 0o7777;
  let okay = true;
  if (readOnlyAt(env.fs, at)) {
    if (!o.quiet) fail(env, name, 'Read-only file system');
    okay = false;
  } else if ((env.user?.uid ?? 0) !== 0 && ownerOf(env.fs, env.base, at, env.user).uid !== env.user?.uid) {
    if (!o.quiet) fail(env, name, 'Operation not permitted');
    okay = false;
  } else {
    if (next !== old) setMode(env.fs, env.base, at, next);
    report(env, name, old, next, o);
  }
  if (dir && o.recursive) {
    for (const n of listDir(env.fs, env.base, at)) {
      const child = `${at === '/' ? '' : at}/${n}`;
      // Links met while recursing are neither followed nor changed (GNU's and BusyBox's default).
      if (lstat(env.fs, env.base, child).kind === 'link') continue;
      okay = change(env, `${name.replace(/\/+$/, '')}/${n}`, child, mode, o) && okay;
    }
  }
  return okay;
}

function report(env: ToolEnv, name: string, old: number, next: number, o: Opts): void {
  if (bb(env)) {
    // BusyBox says `changed to` under -v even when nothing changed.
    if (o.verbose || (o.changes && next !== old)) env.io.out(`mode of '${name}' changed to ${octal(next)} (${symbolic(next)})\n`);
    return;
  }
  if (next !== old && (o.verbose || o.changes)) env.io.out(`mode of '${name}' changed from ${octal(old)} (${symbolic(old)}) to ${octal(next)} (${symbolic(next)})\n`);
  else if (next === old && o.verbose) env.io.out(`mode of '${name}' retained as ${octal(next)} (${symbolic(next)})\n`);
}

const FLAGS: Record<string, keyof Opts> = { R: 'recursive', v: 'verbose', c: 'changes', f: 'quiet' };

/**
 * GNU chmod 9.1's getopt_long: its flags, and every character a mode may start with as an option
 * with an optional argument, so that `chmod -w FILE` and `chmod FILE -x` take `-w`/`-x` as the
 * mode (several such words join with commas); long_options in chmod.c's order. --reference is
 * refused by name; --preserve-root and --no-preserve-root change nothing here.
 * Approximate: GNU takes the whole word as the mode (`chmod -Rx f` is `invalid mode: '-Rx'`),
 * here the mode letter and what follows it.
 */
const GNU: OptionSpec = {
  tool: 'chmod',
  short: 'Rcfvr::w::x::X::s::t::u::g::o::a::,::+::=::0::1::2::3::4::5::6::7::',
  long: [
    ['changes', 'c', 'none'], ['recursive', 'R', 'none'], ['no-preserve-root', 'no-preserve-root', 'none'], ['preserve-root', 'preserve-root', 'none'],
    ['quiet', 'f', 'none'], ['reference', 'reference', 'required'], ['silent', 'f', 'none'], ['verbose', 'v', 'none'], ...HELP_VERSION,
  ],
  unsupported: ['reference'],
};

/** The mode and the files, GNU's way (see GNU above), or the usage error written. */
function gnuArgs(args: string[], env: ToolEnv, o: Opts): { modeText: string; operands: string[] } | ToolResult {
  const modes: string[] = [];
  const parsed = getopt(args, GNU, env, ({ key, value }) => {
    if (Object.hasOwn(FLAGS, key)) o[FLAGS[key]!] = true;
    else if (key.length === 1) modes.push(`-${key}${value}`);
    return undefined;
  });
  if (!parsed.ok) return parsed.result;
  const operands = [...parsed.operands];
  const modeText = modes.length ? modes.join(',') : operands.shift();
  if (modeText === undefined || operands.length === 0) {
    // Recorded: `chmod` and `chmod -w` say `missing operand`, `chmod 644` `missing operand after '644'`.
    return usageError(env, GNU, modeText === undefined || modes.length ? 'missing operand' : `missing operand after ${quote(env, modeText)}`);
  }
  return { modeText, operands };
}

/**
 * BusyBox's: the first word before any operand that starts with '-' and is no option of "Rvcf"
 * is the mode (chmod_main hides it from getopt32 as an operand); getopt32 "^Rvcf" then permutes
 * the rest and wants two operands, or prints the usage alone.
 */
function busyboxArgs(args: string[], env: ToolEnv, o: Opts): { modeText: string; operands: string[] } | ToolResult {
  const words = [...args];
  const at = words.findIndex((a) => !a.startsWith('-') || (a.length > 1 && !'-Rvcf'.includes(a[1]!)));
  const hidden = at >= 0 && words[at]!.startsWith('-');
  if (hidden) words[at] = `a${words[at]!.slice(1)}`;
  const walked = walk(words, getopt32('Rvcf'), ({ key }) => {
    o[FLAGS[key]!] = true;
    return undefined;
  });
  if (walked.k === 'error') {
    env.io.err(`chmod: ${messageOf(libcGetopt(env), walked.error)}\n${BB_USAGE}`);
    return { status: 1 };
  }
  const operands = walked.k === 'done' ? walked.operands : [];
  if (operands.length < 2) {
    env.io.err(BB_USAGE);
    return { status: 1 };
  }
  const [first, ...files] = operands;
  return { modeText: hidden ? `-${first!.slice(1)}` : first!, operands: files };
}

export function chmod(args: string[], env: ToolEnv): ToolResult {
  const o: Opts = { recursive: false, verbose: false, changes: false, quiet: false };
  const given = bb(env) ? busyboxArgs(args, env, o) : gnuArgs(args, env, o);
  if (!('modeText' in given)) return given;
  const { modeText, operands } = given;
  const mode = parseMode(modeText);
  if (!mode) {
    env.io.err(bb(env) ? `chmod: invalid mode '${modeText}'\n` : `chmod: invalid mode: '${modeText}'\nTry 'chmod --help' for more information.\n`);
    return { status: 1 };
  }
  let status = 0;
  for (const name of operands) if (!change(env, name, path(env, name), mode, o)) status = 1;
  return { status };
}

/** Whether the container's user may execute `name` (test -x's question; file-mode.ts mayExecute). */
export function executable(env: ToolEnv, name: string): boolean {
  const full = path(env, name);
  const s = stat(env.fs, env.base, full);
  if (s.kind === 'none') return false;
  const at = resolveLinks(env.fs, env.base, full);
  // access(X_OK) on a directory asks for search permission: root always has it.
  if (s.kind === 'dir' && (env.user?.uid ?? 0) === 0) return true;
  return mayExecute(permOf(env.fs, env.base, at, s.kind, s.kind === 'file' ? s.content : ''), ownerOf(env.fs, env.base, at, env.user), env.user);
}
