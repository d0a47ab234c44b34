/**
 * POSIX path resolution without a filesystem (no symlinks): what a shell, a container's tools
 * and kubectl's file loaders all mean by a path relative to a working directory.
 */

/** `/a/./b//c/` → `/a/b/c`; a relative path resolves against `cwd`; `..` stops at `/`. */
export function normalizePath(path: string, cwd = '/'): string {
  const parts: string[] = [];
  for (const p of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return `/${parts.join('/')}`;
}
