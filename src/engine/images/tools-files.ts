/**
 * File commands (cat, touch, rm, mkdir, cp, mv, readlink; ls in tools-ls.ts) on the container's
 * overlay filesystem, with BusyBox or GNU coreutils error texts depending on the image.
 */
import { lstat, makeDir, parentProblem, readOnlyAt, remove, resolveLinks, setMode, stat, writeFile } from './fs';
import { permOf } from './file-mode';
import { HELP_VERSION, readsStdio, toolOptions, type OptionSpec } from './tool-options';
import { getopt32, type GetoptSpec } from '../../k8s/getopt';
import { catFiles } from './tools-cat';
import { ls } from './tools-ls';
import { bb, flags, idsOf, ok, path, type Tool, type ToolEnv, type ToolResult } from './tool-types';

/**
 * Each tool's options as GNU coreutils 9.1 (getopt_long optstring and long table, in the source's
 * order) and BusyBox 1.36.1 (getopt32, its defconfig's features) take them; the letters each
 * models, or accepts as changing nothing here, in `modelled`; the rest is refused by name
 * (tool-options.ts toolOptions). An option GNU and BusyBox refuse is refused with their words.
 */
type Table = { gnu: OptionSpec; busybox: GetoptSpec; modelled: string };

const TABLES: Readonly<Record<string, Table>> = {
  // -u: unbuffered, ignored by both.
  cat: {
    gnu: { tool: 'cat', short: 'benstuvAET', long: [['number-nonblank', 'b', 'none'], ['number', 'n', 'none'], ['squeeze-blank', 's', 'none'], ['show-nonprinting', 'v', 'none'], ['show-ends', 'E', 'none'], ['show-tabs', 'T', 'none'], ['show-all', 'A', 'none'], ...HELP_VERSION] },
    busybox: getopt32('etvAnbu'),
    modelled: 'etvAnbu',
  },
  // -a, -m: which of the times (both are the one time here); -f: ignored by both.
  touch: {
    gnu: { tool: 'touch', short: 'acd:fhmr:t:', long: [['time', 'time', 'required'], ['no-create', 'c', 'none'], ['date', 'd', 'required'], ['reference', 'r', 'required'], ['no-dereference', 'h', 'none'], ...HELP_VERSION], unsupported: ['time', 'c', 'd', 'r', 'h', 't'] },
    busybox: { short: 'chr:d:t:amf', long: [['no-create', 'c', 'none'], ['no-dereference', 'h', 'none'], ['reference', 'r', 'required'], ['date', 'd', 'required']] },
    modelled: 'amf',
  },
  rm: {
    gnu: {
      tool: 'rm',
      short: 'dfirvIR',
      long: [['force', 'f', 'none'], ['interactive', 'interactive', 'optional'], ['one-file-system', 'one-file-system', 'none'], ['no-preserve-root', 'no-preserve-root', 'none'], ['preserve-root', 'preserve-root', 'optional'], ['-presume-input-tty', '-presume-input-tty', 'none'], ['recursive', 'r', 'none'], ['dir', 'd', 'none'], ['verbose', 'v', 'none'], ...HELP_VERSION],
      unsupported: ['d', 'i', 'v', 'I', 'interactive', 'one-file-system', 'no-preserve-root', 'preserve-root', '-presume-input-tty'],
    },
    busybox: getopt32('fiRrv'),
    modelled: 'fRr',
  },
  mkdir: {
    gnu: { tool: 'mkdir', short: 'pm:vZ', long: [['context', 'Z', 'optional'], ['mode', 'm', 'required'], ['parents', 'p', 'none'], ['verbose', 'v', 'none'], ...HELP_VERSION], unsupported: ['m', 'v', 'Z'] },
    busybox: { short: 'm:pv', long: [['mode', 'm', 'required'], ['parents', 'p', 'none'], ['verbose', 'v', 'none']] },
    modelled: 'p',
  },
  rmdir: {
    gnu: { tool: 'rmdir', short: 'pv', long: [['ignore-fail-on-non-empty', 'ignore-fail-on-non-empty', 'none'], ['path', 'p', 'none'], ['parents', 'p', 'none'], ['verbose', 'v', 'none'], ...HELP_VERSION], unsupported: ['p', 'v', 'ignore-fail-on-non-empty'] },
    busybox: { short: 'pv', long: [['parents', 'p', 'none'], ['ignore-fail-on-non-empty', 'ignore-fail-on-non-empty', 'none'], ['verbose', 'v', 'none']] },
    modelled: '',
  },
  // -q, -s, -v only decide whether errors are printed, and this readlink prints none.
  readlink: {
    gnu: { tool: 'readlink', short: 'efmnqsvz', long: [['canonicalize', 'f', 'none'], ['canonicalize-existing', 'e', 'none'], ['canonicalize-missing', 'm', 'none'], ['no-newline', 'n', 'none'], ['quiet', 'q', 'none'], ['silent', 's', 'none'], ['verbose', 'v', 'none'], ['zero', 'z', 'none'], ...HELP_VERSION], unsupported: ['n', 'z'] },
    busybox: getopt32('fnvsq'),
    modelled: 'fvsq',
  },
};

/** `tool`'s options and operands, or its usage error written (TABLES). */
function options(tool: string, args: string[], env: ToolEnv): { set: Set<string>; rest: string[] } | ToolResult {
  const t = TABLES[tool]!;
  const o = toolOptions(args, env, t.gnu, t.busybox, t.modelled);
  return 'set' in o ? { set: o.set, rest: o.operands } : o;
}

function cat(args: string[], env: ToolEnv): ToolResult {
  const o = options('cat', args, env);
  if (!('set' in o)) return o;
  const has = (...keys: string[]): boolean => keys.some((k) => o.set.has(k));
  return catFiles(o.rest, { number: has('n'), nonBlank: has('b'), squeeze: has('s'), ends: has('E', 'e', 'A'), tabs: has('T', 't', 'A'), nonPrinting: has('v', 'e', 't', 'A') }, env);
}

function touch(args: string[], env: ToolEnv): ToolResult {
  const o = options('touch', args, env);
  if (!('set' in o)) return o;
  let status = 0;
  for (const a of o.rest) {
    const p = path(env, a);
    const was = stat(env.fs, env.base, p);
    // An existing file gets a new time (copied up into the writable layer, as overlayfs does).
    if (was.kind === 'file' && !readOnlyAt(env.fs, p)) writeFile(env.fs, env.base, p, '', true, env.clock);
    if (was.kind !== 'none') continue;
    // Recorded from BusyBox 1.35 and GNU coreutils 9.1 (C locale).
    const parent = parentProblem(env.fs, env.base, p);
    if (parent) {
      env.io.err(bb(env) ? `touch: ${a}: ${parent}\n` : `touch: cannot touch '${a}': ${parent}\n`);
      status = 1;
    } else if (readOnlyAt(env.fs, p)) {
      env.io.err(bb(env) ? `touch: ${a}: Read-only file system\n` : `touch: cannot touch '${a}': Read-only file system\n`);
      status = 1;
    } else writeFile(env.fs, env.base, p, '', false, env.clock, () => idsOf(env));
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
    } else remove(env.fs, env.base, p);
  }
  return { status };
}

function mkdir(args: string[], env: ToolEnv): ToolResult {
  const o = options('mkdir', args, env);
  if (!('set' in o)) return o;
  const { set, rest } = o;
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
    // -p makes the missing parents too (the layer records directories one by one).
    if (set.has('p')) for (let at = p.indexOf('/', 1); at > 0; at = p.indexOf('/', at + 1)) if (stat(env.fs, env.base, p.slice(0, at)).kind === 'none') makeDir(env.fs, p.slice(0, at), env.clock, () => idsOf(env));
    makeDir(env.fs, p, env.clock, () => idsOf(env));
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
  let status = 0;
  for (const a of rest) {
    const p = path(env, a);
    if (set.has('f') || set.has('e') || set.has('m')) {
      const real = resolveLinks(env.fs, env.base, p);
      const parent = real.slice(0, real.lastIndexOf('/')) || '/';
      const ok = set.has('m') || (set.has('e') ? stat(env.fs, env.base, real).kind !== 'none' : stat(env.fs, env.base, parent).kind === 'dir');
      if (ok) env.io.out(`${real}\n`);
      else status = 1;
      continue;
    }
    const s = lstat(env.fs, env.base, p);
    if (s.kind === 'link') env.io.out(`${s.target}\n`);
    else status = 1;
  }
  return { status };
}

/** Seconds (fractions allowed, s/m/h/d suffixes) → ms; `infinity` → block. */
function copyMove(move: boolean): Tool {
  return (args, env) => {
    const { rest } = flags(args);
    const name = move ? 'mv' : 'cp';
    if (rest.length < 2) {
      env.io.err(`${name}: missing destination file operand\n`);
      return { status: 1 };
    }
    const dest = path(env, rest[rest.length - 1]!);
    let status = 0;
    for (const a of rest.slice(0, -1)) {
      const src = path(env, a);
      const s = stat(env.fs, env.base, src);
      if (s.kind !== 'file') {
        env.io.err(bb(env) ? `${name}: can't stat '${a}': No such file or directory\n` : `${name}: cannot stat '${a}': No such file or directory\n`);
        status = 1;
        continue;
      }
      const target = stat(env.fs, env.base, dest).kind === 'dir' ? `${dest}/${src.slice(src.lastIndexOf('/') + 1)}` : dest;
      const parent = parentProblem(env.fs, env.base, target);
      if (parent) {
        const to = rest[rest.length - 1]!;
        if (move) env.io.err(bb(env) ? `mv: can't rename '${a}': ${parent}\n` : `mv: cannot move '${a}' to '${to}': ${parent}\n`);
        else env.io.err(bb(env) ? `cp: can't create '${to}': ${parent}\n` : `cp: cannot create regular file '${to}': ${parent}\n`);
        status = 1;
        continue;
      }
      const existed = stat(env.fs, env.base, target).kind === 'file';
      const mode = permOf(env.fs, env.base, resolveLinks(env.fs, env.base, src), 'file', s.content);
      writeFile(env.fs, env.base, target, s.content, false, env.clock, () => idsOf(env));
      // A rename keeps the file's mode; a copy to a new file takes the source's less the umask
      // (022) and its set-id bits, and a file copied over keeps its own (GNU and BusyBox cp, no -p).
      const wanted = move ? mode : existed ? undefined : mode & 0o777 & ~0o022;
      if (wanted !== undefined && wanted !== permOf(env.fs, env.base, resolveLinks(env.fs, env.base, target), 'file', s.content)) setMode(env.fs, env.base, target, wanted);
      if (move) remove(env.fs, env.base, src);
    }
    return { status };
  };
}

export const FILE_TOOLS: Record<string, Tool> = {
  cat,
  touch,
  rm,
  mkdir,
  rmdir: (args, env) => {
    const o = options('rmdir', args, env);
    if (!('set' in o)) return o;
    for (const a of o.rest) remove(env.fs, env.base, path(env, a));
    return ok;
  },
  ls,
  readlink,
  cp: copyMove(false),
  mv: copyMove(true),
};
