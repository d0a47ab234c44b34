/**
 * cp and mv on the container's filesystem, their options walked as coreutils 9.1 (getopt_long
 * tables, order checked against the ambiguity messages on this machine) and BusyBox 1.36
 * (FILEUTILS_CP_OPTSTR and mv's "finTt:v"; their long options are left out, inferred) take them.
 *
 * Modelled: -f (overwriting is what both do anyway), -n (an existing DEST is left alone, silently,
 * status 0), -v (`'a' -> 'b'`; GNU's mv says `renamed 'a' -> 'b'`), cp's -r/-R/-a (a directory
 * copied whole: GNU names the directory before what is in it, BusyBox after, entries in `ls`
 * order where a real one goes in readdir order) and -p/-a (the mode and the time kept). A link
 * met inside a tree is copied as its target's contents (a real cp -R copies the link; the
 * container's layer keeps no links). mv of a directory is a copy and a removal here, which looks
 * the same. The rest each has is refused by name (tool-options.ts).
 */
import { listDir, lstat, makeDir, parentProblem, remove, resolveLinks, setMode, stat, writeFile } from './fs';
import { permOf } from './file-mode';
import { HELP_VERSION, toolOptions, usageError, type OptionSpec } from './tool-options';
import { BUSYBOX_USAGE } from './busybox-usage';
import { entryOf } from './tools-ls';
import { getopt32 } from '../../k8s/getopt';
import { bb, idsOf, path, type Tool, type ToolEnv, type ToolResult } from './tool-types';

const CP: OptionSpec = {
  tool: 'cp',
  short: 'abdfHilLnprst:uvxPRS:TZ',
  long: [
    ['archive', 'a', 'none'], ['attributes-only', 'attributes-only', 'none'], ['backup', 'b', 'optional'], ['copy-contents', 'copy-contents', 'none'], ['dereference', 'L', 'none'],
    ['force', 'f', 'none'], ['interactive', 'i', 'none'], ['link', 'l', 'none'], ['no-clobber', 'n', 'none'], ['no-dereference', 'P', 'none'], ['no-preserve', 'no-preserve', 'required'],
    ['no-target-directory', 'T', 'none'], ['one-file-system', 'x', 'none'], ['parents', 'parents', 'none'], ['preserve', 'preserve', 'optional'], ['recursive', 'R', 'none'],
    ['remove-destination', 'remove-destination', 'none'], ['sparse', 'sparse', 'required'], ['reflink', 'reflink', 'optional'], ['strip-trailing-slashes', 'strip-trailing-slashes', 'none'],
    ['suffix', 'S', 'required'], ['symbolic-link', 's', 'none'], ['target-directory', 't', 'required'], ['update', 'u', 'none'], ['verbose', 'v', 'none'], ['context', 'Z', 'optional'], ...HELP_VERSION,
  ],
  unsupported: [...'bdHilLstuxPSTZ', 'attributes-only', 'copy-contents', 'no-preserve', 'parents', 'preserve', 'remove-destination', 'sparse', 'reflink', 'strip-trailing-slashes'],
};

const MV: OptionSpec = {
  tool: 'mv',
  short: 'bfint:uvS:TZ',
  long: [
    ['backup', 'b', 'optional'], ['context', 'Z', 'none'], ['force', 'f', 'none'], ['interactive', 'i', 'none'], ['no-clobber', 'n', 'none'], ['no-target-directory', 'T', 'none'],
    ['strip-trailing-slashes', 'strip-trailing-slashes', 'none'], ['suffix', 'S', 'required'], ['target-directory', 't', 'required'], ['update', 'u', 'none'], ['verbose', 'v', 'none'], ...HELP_VERSION,
  ],
  unsupported: [...'bituSTZ', 'strip-trailing-slashes'],
};

interface Copy {
  env: ToolEnv;
  move: boolean;
  verbose: boolean;
  preserve: boolean;
}

const say = (c: Copy, from: string, to: string): void => {
  if (c.verbose) c.env.io.out(`${c.move && !bb(c.env) ? 'renamed ' : ''}'${from}' -> '${to}'\n`);
};

/** One file: a rename keeps its mode; a copy to a new file takes the source's less the umask (022) and set-id bits, and a file copied over keeps its own (no -p). */
function copyFile(c: Copy, src: string, dest: string, content: string): void {
  const { env } = c;
  const existed = stat(env.fs, env.base, dest).kind === 'file';
  const mode = permOf(env.fs, env.base, resolveLinks(env.fs, env.base, src), 'file', content);
  const when = c.move || c.preserve ? entryOf(env, src, src, true)?.mtime : undefined;
  writeFile(env.fs, env.base, dest, content, false, when ?? env.clock, () => idsOf(env));
  const wanted = c.move || c.preserve ? mode : existed ? undefined : mode & 0o777 & ~0o022;
  if (wanted !== undefined && wanted !== permOf(env.fs, env.base, resolveLinks(env.fs, env.base, dest), 'file', content)) setMode(env.fs, env.base, dest, wanted);
}

/** A directory and what is in it (cp -r, mv), telling -v's lines in each one's order. */
function copyTree(c: Copy, src: string, dest: string, from: string, to: string): void {
  const { env } = c;
  if (!bb(c.env)) say(c, from, to);
  if (stat(env.fs, env.base, dest).kind === 'none') makeDir(env.fs, dest, env.clock, () => idsOf(env));
  if (c.preserve || c.move) setMode(env.fs, env.base, dest, permOf(env.fs, env.base, resolveLinks(env.fs, env.base, src), 'dir'));
  for (const name of listDir(env.fs, env.base, src)) {
    const s = stat(env.fs, env.base, `${src}/${name}`);
    if (s.kind === 'dir') copyTree(c, `${src}/${name}`, `${dest}/${name}`, `${from}/${name}`, `${to}/${name}`);
    else if (s.kind === 'file') {
      copyFile(c, `${src}/${name}`, `${dest}/${name}`, s.content);
      say(c, `${from}/${name}`, `${to}/${name}`);
    }
  }
  if (bb(c.env)) say(c, from, to);
}

function copyMove(move: boolean): Tool {
  return (args, env): ToolResult => {
    const name = move ? 'mv' : 'cp';
    const o = toolOptions(args, env, move ? MV : CP, getopt32(move ? 'finTt:v' : 'pdRfinlsLHarPvuTt:'), move ? 'fnv' : 'Rfnarpv');
    if (!('set' in o)) return o;
    const rest = o.operands;
    const has = (k: string): boolean => o.set.has(k);
    const c: Copy = { env, move, verbose: has('v'), preserve: has('p') || has('a') };
    const recursive = has('r') || has('R') || has('a');
    // Too few operands: GNU's usage error, BusyBox's usage screen (getopt32's "-2"; recorded).
    if (rest.length < 2) {
      if (bb(env)) env.io.err(BUSYBOX_USAGE[name] ?? '');
      else usageError(env, move ? MV : CP, rest.length === 0 ? 'missing file operand' : `missing destination file operand after '${rest[0]}'`);
      return { status: 1 };
    }
    const to = rest[rest.length - 1]!;
    const dest = path(env, to);
    let status = 0;
    for (const a of rest.slice(0, -1)) {
      const src = path(env, a);
      const s = stat(env.fs, env.base, src);
      if (s.kind === 'none') {
        env.io.err(bb(env) ? `${name}: can't stat '${a}': No such file or directory\n` : `${name}: cannot stat '${a}': No such file or directory\n`);
        status = 1;
        continue;
      }
      if (s.kind === 'dir' && !move && !recursive) {
        env.io.err(bb(env) ? `cp: omitting directory '${a}'\n` : `cp: -r not specified; omitting directory '${a}'\n`);
        status = 1;
        continue;
      }
      const base = a.replace(/\/+$/, '').split('/').pop()!;
      const into = stat(env.fs, env.base, dest).kind === 'dir';
      const target = into ? `${dest}/${src.slice(src.lastIndexOf('/') + 1)}` : dest;
      const shown = into ? `${to.replace(/\/+$/, '')}/${base}` : to;
      const parent = parentProblem(env.fs, env.base, target);
      if (parent) {
        if (move) env.io.err(bb(env) ? `mv: can't rename '${a}': ${parent}\n` : `mv: cannot move '${a}' to '${to}': ${parent}\n`);
        else env.io.err(bb(env) ? `cp: can't create '${to}': ${parent}\n` : `cp: cannot create regular file '${to}': ${parent}\n`);
        status = 1;
        continue;
      }
      // -n: an existing destination stays as it is, without a word.
      if (has('n') && lstat(env.fs, env.base, target).kind !== 'none') continue;
      // A directory moved is one rename, one -v line.
      if (s.kind === 'dir' && move) {
        copyTree({ ...c, verbose: false }, src, target, a, shown);
        say(c, a, shown);
      } else if (s.kind === 'dir') copyTree(c, src, target, a, shown);
      else {
        copyFile(c, src, target, s.content);
        say(c, a, shown);
      }
      if (move) remove(env.fs, env.base, src);
    }
    return { status };
  };
}

export const COPY_TOOLS: Record<string, Tool> = { cp: copyMove(false), mv: copyMove(true) };
