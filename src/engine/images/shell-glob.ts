/**
 * Pathname expansion in the containers' shells over the process model's filesystem (layers, the
 * image's base, volume mounts, symbolic links): the rules are src/k8s/glob-paths.ts's. Matches sort
 * in C-locale byte order (containers set no LANG; recorded: `Z a.conf b.conf` in dash, bash and
 * BusyBox ash). dash and BusyBox ash's readdir walk yields `.` and `..` to `.*`; bash 5.2 skips
 * them (globskipdots) — recorded with `echo .*` in each.
 */
import { listDir, lstat, normalizePath, stat, type BaseFs, type FsLayer } from './fs';
import { globPaths, type GlobOpts } from '../../k8s/glob-paths';
import type { Dialect } from './machine';

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `opts`: bash's shopt dotglob, extglob and nocaseglob. */
export function containerGlob(root: FsLayer, base: BaseFs, cwd: string, dialect: Dialect | null, opts: GlobOpts = {}): (pattern: string) => string[] {
  const full = (path: string): string => normalizePath(path, cwd);
  return (pattern) => globPaths(pattern, {
    entries: (dir) => {
      if (stat(root, base, full(dir)).kind !== 'dir') return [];
      const names = listDir(root, base, full(dir));
      return dialect === 'bash' ? names : ['.', '..', ...names];
    },
    kind: (path) => {
      if (stat(root, base, full(path)).kind === 'dir') return 'dir';
      return lstat(root, base, full(path)).kind === 'none' ? 'none' : 'other';
    },
  }, byteOrder, opts);
}
