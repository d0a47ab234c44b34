/**
 * `ln -s` as GNU coreutils 9.1 and BusyBox 1.36 make symbolic links in the container's layer or a
 * volume (fs.ts makeLink), which every reader then follows: cat, ls -l (`b -> a`), readlink,
 * grep -R (and -r, which follows none met while recursing), `cd`. Forms: `ln -s TARGET` (a link
 * named like TARGET's last component, here), `ln -s TARGET LINK`, `ln -s TARGET… DIR`, GNU's
 * `-t DIR`; -f replaces what is there (not a directory), -n and -T treat a LINK that is (or
 * links to) a directory as the name itself, -v says `'LINK' -> 'TARGET'`.
 *
 * Recorded on this machine (coreutils 9.1, busybox 1.35; ln.c is the same in 1.36.1): GNU's
 * `failed to create symbolic link 'b': File exists`, `target 'c': Not a directory`, `d: cannot
 * overwrite directory`, `'a' and 'a' are the same file`, `missing file operand`, `missing
 * destination file operand after 'a'`, `extra operand`; BusyBox's `ln: b: File exists`, `'d' is a
 * directory` for -T, `-T accepts 2 args max`, and with several TARGETs and a LINK that is no
 * directory it links each to LINK in turn. Hard links (no -s) are not modelled and say so; so
 * are GNU's -b, -S, -i, -r, -L, -P, -d and BusyBox's -b, -S.
 */
import { lstat, makeLink, parentProblem, readOnlyAt, remove, resolveLinks, stat } from './fs';
import { busyboxHelp, fatal, getopt, HELP_VERSION, optionError, quote, quoteFile, refuse, usageError, type OptionSpec } from './tool-options';
import { bb, libcGetopt, ok, path, type ToolEnv, type ToolResult } from './tool-types';
import { getopt as walk, messageOf } from '../../k8s/getopt';

const GNU: OptionSpec = {
  tool: 'ln',
  short: 'bdfinrst:vFLPS:T',
  long: [
    ['backup', 'b', 'optional'], ['directory', 'F', 'none'], ['no-dereference', 'n', 'none'], ['no-target-directory', 'T', 'none'], ['force', 'f', 'none'],
    ['interactive', 'i', 'none'], ['suffix', 'S', 'required'], ['target-directory', 't', 'required'], ['logical', 'L', 'none'], ['physical', 'P', 'none'],
    ['relative', 'r', 'none'], ['symbolic', 's', 'none'], ['verbose', 'v', 'none'], ...HELP_VERSION,
  ],
  unsupported: ['b', 'd', 'F', 'i', 'S', 'L', 'P', 'r'],
};

interface Opts {
  force: boolean;
  noDeref: boolean;
  noTarget: boolean;
  verbose: boolean;
  symbolic: boolean;
  dir?: string;
}

const lastComponent = (p: string): string => p.replace(/\/+$/, '').split('/').pop() || p;
const isDir = (env: ToolEnv, p: string, follow: boolean): boolean => (follow ? stat(env.fs, env.base, path(env, p)) : lstat(env.fs, env.base, path(env, p))).kind === 'dir';

export function ln(args: string[], env: ToolEnv): ToolResult {
  const o: Opts = { force: false, noDeref: false, noTarget: false, verbose: false, symbolic: false };
  const set = (key: string, value: string | undefined): void => {
    if (key === 'f') o.force = true;
    else if (key === 'n') o.noDeref = true;
    else if (key === 'T') o.noTarget = true;
    else if (key === 'v') o.verbose = true;
    else if (key === 's') o.symbolic = true;
    else if (key === 't') o.dir = value;
  };
  let operands: string[];
  if (bb(env)) {
    const help = busyboxHelp(args, env, 'ln');
    if (help) return help;
    const walked = walk(args, { short: 'sfnbS:vT', long: [] }, ({ key, value, name }): ToolResult | undefined => {
      if (key === 'b' || key === 'S') return refuse(env, 'ln', name);
      set(key, value);
      return undefined;
    });
    if (walked.k === 'stopped') return walked.value;
    if (walked.k === 'error') return optionError(env, GNU, messageOf(libcGetopt(env), walked.error));
    operands = walked.operands;
    if (operands.length === 0) return optionError(env, GNU, undefined);
  } else {
    const p = getopt(args, GNU, env, ({ key, value }) => {
      set(key, value);
      return undefined;
    });
    if (!p.ok) return p.result;
    operands = p.operands;
  }
  return bb(env) ? busyboxLinks(env, o, operands) : gnuLinks(env, o, operands);
}

/** link(2) is not modelled: the layer holds no hard links of its own. */
const hardLinks = (env: ToolEnv): ToolResult => fatal(env, 'ln', 'hard links are not supported by this simulator');

/** GNU ln's main(): which LINK each TARGET gets, and its usage errors. */
function gnuLinks(env: ToolEnv, o: Opts, files: string[]): ToolResult {
  if (o.dir !== undefined && o.noTarget) return usageError(env, GNU, 'cannot combine --target-directory and --no-target-directory');
  if (files.length === 0) return usageError(env, GNU, 'missing file operand');
  if (!o.symbolic) return hardLinks(env);
  let pairs: [target: string, link: string][];
  if (o.dir !== undefined) {
    if (!isDir(env, o.dir, true)) return fatal(env, 'ln', `target directory ${quoteFile(o.dir)}: ${stat(env.fs, env.base, path(env, o.dir)).kind === 'none' ? 'No such file or directory' : 'Not a directory'}`);
    pairs = files.map((f) => [f, `${o.dir!.replace(/\/+$/, '')}/${lastComponent(f)}`]);
  } else if (o.noTarget) {
    if (files.length === 1) return usageError(env, GNU, `missing destination file operand after ${quote(env, files[0]!)}`);
    if (files.length > 2) return usageError(env, GNU, `extra operand ${quote(env, files[2]!)}`);
    pairs = [[files[0]!, files[1]!]];
  } else if (files.length === 1) {
    pairs = [[files[0]!, `./${lastComponent(files[0]!)}`]];
  } else {
    const last = files[files.length - 1]!;
    const intoDir = isDir(env, last, !o.noDeref || lstat(env.fs, env.base, path(env, last)).kind !== 'link');
    if (!intoDir && files.length > 2) return fatal(env, 'ln', `target ${quoteFile(last)}: Not a directory`);
    pairs = intoDir ? files.slice(0, -1).map((f) => [f, `${last.replace(/\/+$/, '')}/${lastComponent(f)}`]) : [[files[0]!, last]];
  }
  let status = 0;
  for (const [target, link] of pairs) {
    const problem = gnuLink(env, o, target, link);
    if (problem !== undefined) {
      env.io.err(`ln: ${problem}\n`);
      status = 1;
    }
  }
  return status ? { status } : ok;
}

/** One symlink(2), GNU's way; the message when it fails. */
function gnuLink(env: ToolEnv, o: Opts, target: string, link: string): string | undefined {
  const at = path(env, link);
  const there = lstat(env.fs, env.base, at);
  if (there.kind !== 'none') {
    if (!o.force) return `failed to create symbolic link ${quoteFile(link)}: File exists`;
    if (there.kind === 'dir') return `${link}: cannot overwrite directory`;
    // -f over the very entry TARGET names (`ln -sf a a`; a link to it is another entry): GNU's same-file check.
    if (there.kind !== 'link' && resolveLinks(env.fs, env.base, path(env, target)) === resolveLinks(env.fs, env.base, at)) return `${quoteFile(target)} and ${quoteFile(link)} are the same file`;
  }
  const why = refusal(env, at);
  if (why !== undefined) return `failed to create symbolic link ${quoteFile(link)}: ${why}`;
  if (there.kind !== 'none') remove(env.fs, env.base, at);
  makeLink(env.fs, env.base, at, target, env.clock);
  if (o.verbose) env.io.out(`${quoteFile(link)} -> ${quoteFile(target)}\n`);
  return undefined;
}

/** Why symlink(2) at `at` fails for its directory or its mount, if it does. */
function refusal(env: ToolEnv, at: string): string | undefined {
  const entry = `${resolveLinks(env.fs, env.base, at.slice(0, at.lastIndexOf('/')) || '/')}/${at.slice(at.lastIndexOf('/') + 1)}`;
  return parentProblem(env.fs, env.base, entry) ?? (readOnlyAt(env.fs, entry) ? 'Read-only file system' : undefined);
}

/** BusyBox's ln_main loop: LINK is the last operand (or TARGET's last component), a directory taking each TARGET's name. */
function busyboxLinks(env: ToolEnv, o: Opts, files: string[]): ToolResult {
  if (o.noTarget && files.length > 2) return fatal(env, 'ln', '-T accepts 2 args max');
  if (!o.symbolic) return hardLinks(env);
  const last = files.length === 1 ? lastComponent(files[0]!) : files[files.length - 1]!;
  const targets = files.length === 1 ? files : files.slice(0, -1);
  let status = 0;
  for (const target of targets) {
    let link = last;
    if (isDir(env, last, !(o.noDeref || o.noTarget))) {
      if (o.noTarget) return fatal(env, 'ln', `'${last}' is a directory`);
      link = `${last.replace(/\/+$/, '')}/${lastComponent(target)}`;
    }
    const at = path(env, link);
    // -f unlinks whatever is there first (a directory stays: unlink(2) fails on it, unreported).
    if (o.force && lstat(env.fs, env.base, at).kind !== 'none' && lstat(env.fs, env.base, at).kind !== 'dir' && refusal(env, at) === undefined) remove(env.fs, env.base, at);
    if (o.verbose) env.io.out(`'${link}' -> '${target}'\n`);
    const why = lstat(env.fs, env.base, at).kind !== 'none' ? 'File exists' : refusal(env, at);
    if (why !== undefined) {
      env.io.err(`ln: ${link}: ${why}\n`);
      status = 1;
      continue;
    }
    makeLink(env.fs, env.base, at, target, env.clock);
  }
  return status ? { status } : ok;
}
