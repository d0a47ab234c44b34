/**
 * File commands (cat, touch, rm, mkdir, rmdir, readlink; cat's display in tools-cat.ts, cp and mv in
 * tools-cp.ts, ls in tools-ls.ts) on the container's
 * overlay filesystem, with BusyBox or GNU coreutils error texts depending on the image.
 */
import { listDir, lstat, makeDir, parentProblem, readOnlyAt, remove, resolveLinks, setMode, stat, writeFile } from './fs';
import { HELP_VERSION, quote, toolOptions, type OptionSpec } from './tool-options';
import { getopt32, type GetoptSpec } from '../../k8s/getopt';
import { BUSYBOX_USAGE } from './busybox-usage';
import { catFiles } from './tools-cat';
import { COPY_TOOLS } from './tools-cp';
import { parseMode } from './tools-chmod';
import { entryOf, ls } from './tools-ls';
import { EPOCH_MS } from '../../k8s/time';
import { zoneOf } from './date-format';
import { parseDate, posixDate } from './date-parse';
import { bb, idsOf, path, type Tool, type ToolEnv, type ToolResult } from './tool-types';

/**
 * Each tool's options as GNU coreutils 9.1 (getopt_long optstring and long table, in the source's
 * order) and BusyBox 1.36.1 (getopt32, its defconfig's features) take them; the letters each
 * models, or accepts as changing nothing here, in `modelled`; the rest is refused by name
 * (tool-options.ts toolOptions). An option GNU and BusyBox refuse is refused with their words.
 */
type Table = { gnu: OptionSpec; busybox: GetoptSpec; modelled: string | readonly string[] };

const TABLES: Readonly<Record<string, Table>> = {
  // -u: unbuffered, ignored by both.
  cat: {
    gnu: { tool: 'cat', short: 'benstuvAET', long: [['number-nonblank', 'b', 'none'], ['number', 'n', 'none'], ['squeeze-blank', 's', 'none'], ['show-nonprinting', 'v', 'none'], ['show-ends', 'E', 'none'], ['show-tabs', 'T', 'none'], ['show-all', 'A', 'none'], ...HELP_VERSION] },
    busybox: getopt32('etvAnbu'),
    modelled: 'etvAnbu',
  },
  // -a, -m: which of the times (the fs keeps one, which both set); -f: ignored by both; -h: links are not touched here.
  touch: {
    gnu: { tool: 'touch', short: 'acd:fhmr:t:', long: [['time', 'time', 'required'], ['no-create', 'c', 'none'], ['date', 'd', 'required'], ['reference', 'r', 'required'], ['no-dereference', 'h', 'none'], ...HELP_VERSION], unsupported: ['time', 'h'] },
    busybox: { short: 'chr:d:t:amf', long: [['no-create', 'c', 'none'], ['no-dereference', 'h', 'none'], ['reference', 'r', 'required'], ['date', 'd', 'required']] },
    modelled: 'crdtamf',
  },
  rm: {
    gnu: {
      tool: 'rm',
      short: 'dfirvIR',
      long: [['force', 'f', 'none'], ['interactive', 'interactive', 'optional'], ['one-file-system', 'one-file-system', 'none'], ['no-preserve-root', 'no-preserve-root', 'none'], ['preserve-root', 'preserve-root', 'optional'], ['-presume-input-tty', '-presume-input-tty', 'none'], ['recursive', 'r', 'none'], ['dir', 'd', 'none'], ['verbose', 'v', 'none'], ...HELP_VERSION],
      unsupported: ['d', 'i', 'I', 'interactive', 'one-file-system', 'no-preserve-root', 'preserve-root', '-presume-input-tty'],
    },
    busybox: getopt32('fiRrv'),
    modelled: 'fRrv',
  },
  mkdir: {
    gnu: { tool: 'mkdir', short: 'pm:vZ', long: [['context', 'Z', 'optional'], ['mode', 'm', 'required'], ['parents', 'p', 'none'], ['verbose', 'v', 'none'], ...HELP_VERSION], unsupported: ['Z'] },
    busybox: { short: 'm:pv', long: [['mode', 'm', 'required'], ['parents', 'p', 'none'], ['verbose', 'v', 'none']] },
    modelled: 'mpv',
  },
  rmdir: {
    gnu: { tool: 'rmdir', short: 'pv', long: [['ignore-fail-on-non-empty', 'ignore-fail-on-non-empty', 'none'], ['path', 'p', 'none'], ['parents', 'p', 'none'], ['verbose', 'v', 'none'], ...HELP_VERSION] },
    busybox: { short: 'pv', long: [['parents', 'p', 'none'], ['ignore-fail-on-non-empty', 'ignore-fail-on-non-empty', 'none'], ['verbose', 'v', 'none']] },
    modelled: ['p', 'v', 'ignore-fail-on-non-empty'],
  },
  // -q, -s, -v only decide whether errors are printed, and this readlink prints none.
  readlink: {
    gnu: { tool: 'readlink', short: 'efmnqsvz', long: [['canonicalize', 'f', 'none'], ['canonicalize-existing', 'e', 'none'], ['canonicalize-missing', 'm', 'none'], ['no-newline', 'n', 'none'], ['quiet', 'q', 'none'], ['silent', 's', 'none'], ['verbose', 'v', 'none'], ['zero', 'z', 'none'], ...HELP_VERSION] },
    busybox: getopt32('fnvsq'),
    modelled: 'fnvsq',
  },
};

/** `tool`'s options and operands, or its usage error written (TABLES). */
function options(tool: string, args: string[], env: ToolEnv): { set: Set<string>; values: Map<string, string>; rest: string[] } | ToolResult {
  const t = TABLES[tool]!;
  const o = toolOptions(args, env, t.gnu, t.busybox, t.modelled);
  return 'set' in o ? { set: o.set, values: o.values, rest: o.operands } : o;
}

function cat(args: string[], env: ToolEnv): ToolResult {
  const o = options('cat', args, env);
  if (!('set' in o)) return o;
  const has = (...keys: string[]): boolean => keys.some((k) => o.set.has(k));
  return catFiles(o.rest, { number: has('n'), nonBlank: has('b'), squeeze: has('s'), ends: has('E', 'e', 'A'), tabs: has('T', 't', 'A'), nonPrinting: has('v', 'e', 't', 'A') }, env);
}

/** touch -t's [[CC]YY]MMDDhhmm[.ss] as date's MMDDhhmm[[CC]YY][.ss] reads it. */
const touchStamp = (t: string): string | undefined => {
  const m = /^(\d{2}|\d{4})?(\d{8})(\.\d{2})?$/.exec(t);
  return m ? `${m[2]}${m[1] ?? ''}${m[3] ?? ''}` : undefined;
};

/**
 * The time touch sets (simulated ms, as the fs keeps it): now, -d DATE (date -d's reader), -t
 * STAMP, or -r FILE's; undefined after writing the tool's error (recorded from coreutils 9.1
 * and BusyBox; BusyBox's -d reads fewer forms than GNU's, here the same ones).
 */
function touchTime(env: ToolEnv, values: Map<string, string>): number | undefined {
  const ref = values.get('r');
  if (ref !== undefined) {
    const e = entryOf(env, path(env, ref), ref, true);
    if (e === undefined) env.io.err(bb(env) ? `touch: can't stat '${ref}': No such file or directory\n` : `touch: failed to get attributes of '${ref}': No such file or directory\n`);
    return e?.mtime;
  }
  const text = values.get('d') ?? values.get('t');
  if (text === undefined) return env.clock;
  const nowMs = env.clock + EPOCH_MS;
  const now = { sec: Math.floor(nowMs / 1000), ns: 0 };
  const zone = zoneOf(env.vars.TZ);
  const stamp = values.has('d') ? undefined : touchStamp(text);
  const when = values.has('d') ? parseDate(text, now, zone) : stamp === undefined ? undefined : posixDate(stamp, now, zone);
  if (when === undefined) env.io.err(bb(env) ? `touch: invalid date '${text}'\n` : `touch: invalid date format ${quote(env, text)}\n`);
  return when === undefined ? undefined : when.sec * 1000 + Math.floor(when.ns / 1e6) - EPOCH_MS;
}

function touch(args: string[], env: ToolEnv): ToolResult {
  const o = options('touch', args, env);
  if (!('set' in o)) return o;
  const when = touchTime(env, o.values);
  if (when === undefined) return { status: 1 };
  let status = 0;
  for (const a of o.rest) {
    const p = path(env, a);
    const was = stat(env.fs, env.base, p);
    // An existing file or directory gets the time (copied up into the writable layer, as overlayfs does).
    if (was.kind === 'file' && !readOnlyAt(env.fs, p)) writeFile(env.fs, env.base, p, '', true, when);
    if (was.kind === 'dir' && !readOnlyAt(env.fs, p)) makeDir(env.fs, resolveLinks(env.fs, env.base, p), when);
    // -c: a missing FILE is no error and is not made.
    if (was.kind !== 'none' || o.set.has('c')) continue;
    // Recorded from BusyBox 1.35 and GNU coreutils 9.1 (C locale).
    const parent = parentProblem(env.fs, env.base, p);
    if (parent) {
      env.io.err(bb(env) ? `touch: ${a}: ${parent}\n` : `touch: cannot touch '${a}': ${parent}\n`);
      status = 1;
    } else if (readOnlyAt(env.fs, p)) {
      env.io.err(bb(env) ? `touch: ${a}: Read-only file system\n` : `touch: cannot touch '${a}': Read-only file system\n`);
      status = 1;
    } else writeFile(env.fs, env.base, p, '', false, when, () => idsOf(env));
  }
  return { status };
}

function rm(args: string[], env: ToolEnv): ToolResult {
  const o = options('rm', args, env);
  if (!('set' in o)) return o;
  const { set, rest } = o;
  let status = 0;
  for (const a of rest) {
    const p = path(env, a);
    // rm removes a link itself, whatever it points at (nginx's access.log -> /dev/stdout).
    const s = lstat(env.fs, env.base, p);
    if (s.kind === 'none') {
      if (!set.has('f')) {
        env.io.err(bb(env) ? `rm: can't remove '${a}': No such file or directory\n` : `rm: cannot remove '${a}': No such file or directory\n`);
        status = 1;
      }
    } else if (s.kind === 'dir' && !set.has('r') && !set.has('R')) {
      env.io.err(bb(env) ? `rm: '${a}' is a directory\n` : `rm: cannot remove '${a}': Is a directory\n`);
      status = 1;
    } else if (readOnlyAt(env.fs, p)) {
      env.io.err(bb(env) ? `rm: can't remove '${a}': Read-only file system\n` : `rm: cannot remove '${a}': Read-only file system\n`);
      status = 1;
    } else {
      if (set.has('v')) removedVerbose(env, a, p, s.kind === 'dir');
      remove(env.fs, env.base, p);
    }
  }
  return { status };
}

/**
 * What `rm -v` says, depth first as fts walks a tree (entries in `ls` order here, a real
 * directory's in readdir order): GNU `removed 'f'` and `removed directory 'd'`, BusyBox
 * `removed directory: 'd'` (recorded).
 */
function removedVerbose(env: ToolEnv, name: string, full: string, dir: boolean): void {
  if (dir) for (const entry of listDir(env.fs, env.base, full)) removedVerbose(env, `${name.replace(/\/+$/, '')}/${entry}`, `${full}/${entry}`, lstat(env.fs, env.base, `${full}/${entry}`).kind === 'dir');
  env.io.out(dir ? `removed directory${bb(env) ? ':' : ''} '${name}'\n` : `removed '${name}'\n`);
}

/**
 * `-m MODE` as each mkdir applies it to the last directory (parents get the default): an octal
 * mode exactly; a symbolic one changes a=rwx, and GNU's then takes the umask off when a clause
 * names no class (`+t` makes 1755, BusyBox's 1777; recorded). A clause with no class and `=` is
 * inferred to behave like `+`'s.
 */
function mkdirMode(env: ToolEnv, text: string): number | undefined {
  const change = parseMode(text);
  if (change === undefined) return undefined;
  const mode = change(0o777, true) & 0o7777;
  return !bb(env) && !/^[0-7]+$/.test(text) && /(^|,)[-+=]/.test(text) ? mode & ~0o022 : mode;
}

function mkdir(args: string[], env: ToolEnv): ToolResult {
  const o = options('mkdir', args, env);
  if (!('set' in o)) return o;
  const { set, rest } = o;
  const modeText = o.values.get('m');
  const mode = modeText === undefined ? undefined : mkdirMode(env, modeText);
  if (modeText !== undefined && mode === undefined) {
    env.io.err(`mkdir: invalid mode ${bb(env) ? `'${modeText}'` : quote(env, modeText)}\n`);
    return { status: 1 };
  }
  // -v: GNU `mkdir: created directory 'd'`; BusyBox `created directory: 'd'`, a parent -p made with its slash (recorded).
  const made = (name: string, full: string, parent: boolean): void => {
    makeDir(env.fs, full, env.clock, () => idsOf(env));
    if (set.has('v')) env.io.out(bb(env) ? `created directory: '${name}${parent ? '/' : ''}'\n` : `mkdir: created directory '${name}'\n`);
  };
  let status = 0;
  for (const a of rest) {
    const p = path(env, a);
    if (stat(env.fs, env.base, p).kind !== 'none') {
      if (!set.has('p')) {
        env.io.err(bb(env) ? `mkdir: can't create directory '${a}': File exists\n` : `mkdir: cannot create directory '${a}': File exists\n`);
        status = 1;
      }
      continue;
    }
    if (readOnlyAt(env.fs, p)) {
      env.io.err(bb(env) ? `mkdir: can't create directory '${a}': Read-only file system\n` : `mkdir: cannot create directory '${a}': Read-only file system\n`);
      status = 1;
      continue;
    }
    const parent = set.has('p') ? undefined : parentProblem(env.fs, env.base, p);
    if (parent) {
      env.io.err(bb(env) ? `mkdir: can't create directory '${a}': ${parent}\n` : `mkdir: cannot create directory '${a}': ${parent}\n`);
      status = 1;
      continue;
    }
    // -p makes the missing parents too, named as the operand spells them (the layer records directories one by one).
    if (set.has('p')) {
      for (let at = a.indexOf('/', 1); at > 0; at = a.indexOf('/', at + 1)) {
        const full = path(env, a.slice(0, at));
        if (stat(env.fs, env.base, full).kind === 'none') made(a.slice(0, at), full, true);
      }
    }
    made(a.replace(/\/+$/, ''), p, false);
    if (mode !== undefined) setMode(env.fs, env.base, p, mode);
  }
  return { status };
}

/**
 * rmdir removes empty directories; -p then each parent the operand names, and
 * --ignore-fail-on-non-empty keeps quiet (status 0) about one that is not empty. -v says
 * `rmdir: removing directory, 'd'` in both (recorded from coreutils 9.1 and BusyBox).
 */
function rmdir(args: string[], env: ToolEnv): ToolResult {
  const o = options('rmdir', args, env);
  if (!('set' in o)) return o;
  const { set, rest } = o;
  const fail = (name: string, why: string, parent: boolean): void => {
    if (bb(env)) env.io.err(`rmdir: '${name}': ${why}\n`);
    else env.io.err(`rmdir: failed to remove ${parent ? 'directory ' : ''}'${name}': ${why}\n`);
  };
  let status = 0;
  for (const a of rest) {
    let name = a.replace(/\/+$/, '') || a;
    for (let parent = false; ; parent = true) {
      const full = path(env, name);
      if (set.has('v')) env.io.out(`rmdir: removing directory, '${name}'\n`);
      const s = lstat(env.fs, env.base, full);
      const why =
        s.kind === 'none' ? 'No such file or directory' : s.kind !== 'dir' ? 'Not a directory' : listDir(env.fs, env.base, full).length > 0 ? 'Directory not empty' : readOnlyAt(env.fs, full) ? 'Read-only file system' : undefined;
      if (why === 'Directory not empty' && set.has('ignore-fail-on-non-empty')) break;
      if (why !== undefined) {
        fail(name, why, parent);
        status = 1;
        break;
      }
      remove(env.fs, env.base, full);
      const up = name.lastIndexOf('/');
      if (!set.has('p') || up <= 0) break;
      name = name.slice(0, up).replace(/\/+$/, '');
    }
  }
  return { status };
}

/**
 * `readlink LINK` prints the target (nothing and exit 1 for a path that is no link); `-f` the
 * path with every link followed, as GNU's and BusyBox's do (recorded on this machine).
 */
function readlink(args: string[], env: ToolEnv): ToolResult {
  const o = options('readlink', args, env);
  if (!('set' in o)) return o;
  const { set, rest } = o;
  // BusyBox's takes exactly one FILE (getopt32's "=1"): otherwise its usage (recorded).
  if (bb(env) && rest.length !== 1) {
    env.io.err(BUSYBOX_USAGE.readlink ?? '');
    return { status: 1 };
  }
  // -n drops the newline, except (GNU) with several operands, which it warns about; -z ends with NUL.
  const several = !bb(env) && set.has('n') && !set.has('z') && rest.length > 1;
  if (several) env.io.err('readlink: ignoring --no-newline with multiple arguments\n');
  const end = set.has('z') ? '\0' : set.has('n') && !several ? '' : '\n';
  let status = 0;
  for (const a of rest) {
    const p = path(env, a);
    if (set.has('f') || set.has('e') || set.has('m')) {
      const real = resolveLinks(env.fs, env.base, p);
      const parent = real.slice(0, real.lastIndexOf('/')) || '/';
      const ok = set.has('m') || (set.has('e') ? stat(env.fs, env.base, real).kind !== 'none' : stat(env.fs, env.base, parent).kind === 'dir');
      if (ok) env.io.out(`${real}${end}`);
      else status = 1;
      continue;
    }
    const s = lstat(env.fs, env.base, p);
    if (s.kind === 'link') env.io.out(`${s.target}${end}`);
    else status = 1;
  }
  return { status };
}

export const FILE_TOOLS: Record<string, Tool> = {
  cat,
  touch,
  rm,
  mkdir,
  rmdir,
  ls,
  readlink,
  ...COPY_TOOLS,
};
