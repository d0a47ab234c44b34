/**
 * What execve(2) does with a file named by a path (`/scripts/run.sh`, `./run.sh`) that is not one
 * of the image's programs: a script in a ConfigMap volume, one the learner wrote. One judgement
 * for the runtime (runc's exec.LookPath, then execve) and for the shells (their own messages).
 *
 * - The file must exist (ENOENT), not be a directory (Go's LookPath: EISDIR; execve: EACCES) and
 *   grant the user x (file-mode.ts mayExecute; EACCES).
 * - `#!interpreter [arg]` (fs/binfmt_script.c: the first line, spaces and tabs around the
 *   interpreter trimmed, the rest one argument) runs `interpreter [arg] path args…`; an
 *   interpreter the image does not have is execve's ENOENT (a CRLF script's `/bin/sh\r` too).
 *   `#!/usr/bin/env NAME` runs NAME from PATH (env execs it), or fails as env does.
 * - No `#!`: execve's ENOEXEC. runc reports it; shells run the file as a script themselves.
 * Approximate: a stand-in binary copied out of its place (`cp /bin/ls /tmp/l`) runs as the
 * program its name says, if the image has one; nested interpreters are not followed.
 */
import { ELF, mayExecute, ownerOf, permOf } from './file-mode';
import { normalizePath, resolveLinks, stat, type FsLayer } from './fs';
import type { RunContext } from './machine';
import { resolveCommand } from './resolve';
import type { RunUser } from './tool-types';

export type PathRun =
  /** stat fails: ENOENT. */
  | { k: 'missing' }
  /** A directory: Go's LookPath says EISDIR, execve EACCES. */
  | { k: 'dir' }
  /** No x bit for the user: EACCES. */
  | { k: 'denied' }
  /** What runs in the file's place: its interpreter with its argument, the path and the arguments. */
  | { k: 'run'; argv: string[] }
  /** No `#!` line: ENOEXEC. */
  | { k: 'noexec' }
  /** The `#!` interpreter is not in the image: execve's ENOENT. */
  | { k: 'no-interpreter' }
  /** `#!/usr/bin/env NAME` and the image has no NAME: env's own error, status 127. */
  | { k: 'env-missing'; name: string };

/** The interpreter and its optional argument from a file's first line, as binfmt_script reads it. */
export function shebang(content: string): { interp: string; arg?: string } | undefined {
  if (!content.startsWith('#!')) return undefined;
  const nl = content.indexOf('\n');
  const line = content.slice(2, nl < 0 ? undefined : nl).replace(/[ \t]+$/, '').replace(/^[ \t]+/, '');
  if (line === '') return undefined;
  const sp = line.search(/[ \t]/);
  if (sp < 0) return { interp: line };
  const arg = line.slice(sp).replace(/^[ \t]+/, '');
  return arg === '' ? { interp: line.slice(0, sp) } : { interp: line.slice(0, sp), arg };
}

/** Runs `argv[0]` (a path) as execve would, for `user` (undefined: root). */
export function execPath(ctx: RunContext, fs: FsLayer, cwd: string, user: RunUser | undefined, argv: readonly string[]): PathRun {
  const name = argv[0]!;
  const full = normalizePath(name, cwd);
  const s = stat(fs, ctx.base, full);
  if (s.kind === 'none') return { k: 'missing' };
  if (s.kind === 'dir') return { k: 'dir' };
  const at = resolveLinks(fs, ctx.base, full);
  if (!mayExecute(permOf(fs, ctx.base, at, 'file', s.content), ownerOf(fs, ctx.base, at, user), user)) return { k: 'denied' };
  const rest = argv.slice(1);
  if (s.content.startsWith(ELF)) {
    const prog = name.slice(name.lastIndexOf('/') + 1);
    return resolveCommand(ctx, prog, cwd, fs).k === 'missing' ? { k: 'missing' } : { k: 'run', argv: [prog, ...rest] };
  }
  const line = shebang(s.content);
  if (!line) return { k: 'noexec' };
  if (resolveCommand(ctx, line.interp, '/', fs).k === 'missing') return { k: 'no-interpreter' };
  if (line.interp.slice(line.interp.lastIndexOf('/') + 1) === 'env' && line.arg !== undefined && !line.arg.startsWith('-')) {
    if (resolveCommand(ctx, line.arg, cwd, fs).k === 'missing') return { k: 'env-missing', name: line.arg };
    return { k: 'run', argv: [line.arg, name, ...rest] };
  }
  return { k: 'run', argv: [line.interp, ...(line.arg !== undefined ? [line.arg] : []), name, ...rest] };
}

/**
 * A bare command name found as a file in a `$PATH` directory of the container's filesystem (a
 * script the learner put in /usr/local/bin): the first one the user may execute, else the first
 * file there (whose execve then fails with EACCES), else undefined. Shells and Go's LookPath both
 * go on past a file they may not execute; LookPath alone ignores such a file altogether.
 */
export function searchPath(ctx: RunContext, fs: FsLayer, pathVar: string, user: RunUser | undefined, name: string): { path: string; executable: boolean } | undefined {
  let first: string | undefined;
  for (const dir of pathVar.split(':')) {
    if (!dir.startsWith('/')) continue;
    const full = `${dir === '/' ? '' : dir.replace(/\/+$/, '')}/${name}`;
    const s = stat(fs, ctx.base, full);
    if (s.kind !== 'file') continue;
    const at = resolveLinks(fs, ctx.base, full);
    if (mayExecute(permOf(fs, ctx.base, at, 'file', s.content), ownerOf(fs, ctx.base, at, user), user)) return { path: full, executable: true };
    first ??= full;
  }
  return first === undefined ? undefined : { path: first, executable: false };
}

/**
 * Go's exec.LookPath error for a path runc cannot start (`exec: "/s/run.sh": permission denied`),
 * or undefined when LookPath accepts it (execve may still fail: runc's exec-stage errors).
 * os/exec/lp_unix.go findExecutable: os.Stat's error, EISDIR, then Eaccess(X_OK)'s.
 */
export function lookPathError(name: string, r: PathRun): string | undefined {
  switch (r.k) {
    case 'missing': return `exec: ${JSON.stringify(name)}: stat ${name}: no such file or directory`;
    case 'dir': return `exec: ${JSON.stringify(name)}: is a directory`;
    case 'denied': return `exec: ${JSON.stringify(name)}: permission denied`;
    case 'run':
    case 'noexec':
    case 'no-interpreter':
    case 'env-missing':
      return undefined;
  }
}
