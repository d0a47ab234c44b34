/**
 * Paths as kustomize's loader sees them: a kustomization's directory, the files it names
 * relative to it, and the absolute form its messages print (`/home/learner/app`).
 */
import { normalizePath as resolvePath } from '../../k8s/posix-path';

/** `a/./b/../c` → `a/c`; a leading `..` stays (the runner's disk may lie above home). */
export function normalizePath(path: string): string {
  const abs = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (part === '..' && abs) continue;
    else out.push(part);
  }
  const joined = out.join('/');
  return abs ? `/${joined}` : joined || '.';
}

/** `p` relative to the directory `dir` (itself relative to the working directory, or absolute). */
export function joinPath(dir: string, p: string): string {
  return p.startsWith('/') ? normalizePath(p) : normalizePath(`${dir}/${p}`);
}

/** The absolute path of `p` for a working directory `cwd`. */
export function absolutePath(cwd: string, p: string): string {
  return resolvePath(p, cwd);
}

/** Whether `path` is `root` or lies below it (the loader's RootOnly restriction). */
export function isWithin(root: string, path: string): boolean {
  return path === root || path.startsWith(root === '/' ? '/' : `${root}/`);
}
