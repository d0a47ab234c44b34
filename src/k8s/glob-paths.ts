/**
 * Pathname expansion over any filesystem: each `/`-separated part holding a pattern is matched
 * (src/k8s/fnmatch.ts) against its directory's entries, a leading `.` only by a part that starts
 * with one, and the matches sorted by the caller's order. One algorithm for the learner's prompt
 * (src/kubectl/prompt-glob.ts, the workstation) and the containers' shells
 * (src/engine/images/shell-glob.ts, the process model's layers, mounts and links).
 * `.` and `..` are matched by `.*` only where the caller's listing holds them (dash and BusyBox ash
 * list them; bash 5.2's globskipdots does not). A trailing `/` keeps only directories and stays on
 * each match (`echo *` + `/` lists `sub/`). No match: an empty list, and the word stays as written.
 */
import { fnmatch, hasGlob, type MatchOpts } from './fnmatch';

/** bash's shopt options that change what a pattern matches: dotglob (a leading `.` matched by any pattern, never `.` and `..`), extglob, nocaseglob. */
export interface GlobOpts extends MatchOpts {
  dotglob?: boolean;
}

export interface GlobFs {
  /** Entry names in `dir` ('.' for the working directory). */
  entries(dir: string): string[];
  /** What `path` is, links followed ('dir'), or whether anything is there at all ('other'). */
  kind(path: string): 'dir' | 'other' | 'none';
}

const unescape = (part: string): string => part.replace(/\\(.)/g, '$1');

export function globPaths(pattern: string, fs: GlobFs, compare: (a: string, b: string) => number, opts: GlobOpts = {}): string[] {
  const absolute = pattern.startsWith('/');
  const dirsOnly = pattern.endsWith('/') && pattern.length > 1;
  const parts = pattern.split('/').filter((p, i) => p !== '' || i === 0);
  let found: string[] = [absolute ? '/' : ''];
  for (const [i, part] of parts.entries()) {
    if (i === 0 && absolute) continue;
    const last = i === parts.length - 1 && !dirsOnly;
    const next: string[] = [];
    for (const dir of found) {
      const join = (name: string): string => (dir === '' ? name : dir === '/' ? `/${name}` : `${dir}/${name}`);
      if (!hasGlob(part, opts.extglob)) {
        const path = join(unescape(part));
        const kind = fs.kind(path);
        if (kind === 'dir' || (last && kind !== 'none')) next.push(path);
        continue;
      }
      const dotOk = (n: string): boolean => part.startsWith('.') || (opts.dotglob === true && n !== '.' && n !== '..');
      const names = fs.entries(dir === '' ? '.' : dir).filter((n) => (n.startsWith('.') ? dotOk(n) : true) && fnmatch(part, n, opts));
      for (const n of names) {
        const path = join(n);
        if (last || fs.kind(path) === 'dir') next.push(path);
      }
    }
    found = next;
    if (found.length === 0) return [];
  }
  const sorted = found.sort(compare);
  return dirsOnly ? sorted.map((p) => `${p}/`) : sorted;
}
