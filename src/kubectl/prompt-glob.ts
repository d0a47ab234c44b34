/**
 * Pathname expansion at the terminal's prompt (`ls *.yaml`, `kubectl apply -f go-api*.yaml`,
 * a pattern in a directory part too): each `/`-separated part with a pattern is matched against the
 * workstation's directory entries, a leading `.` only by a pattern that starts with one, and the
 * matches are sorted as bash sorts them under LANG=en_US.UTF-8 (the engine's collation, the one
 * `sort` uses). No match: an empty list, and the word stays as written.
 */
import { languageCollator, type Workstation } from '../engine/index';
import { fnmatch, hasGlob } from '../k8s/fnmatch';

const unescape = (part: string): string => part.replace(/\\(.)/g, '$1');

let collator: ((a: string, b: string) => number) | undefined;

export function globPaths(pattern: string, ws: Workstation): string[] {
  const absolute = pattern.startsWith('/');
  const parts = pattern.split('/').filter((p, i) => p !== '' || i === 0);
  let found: string[] = [absolute ? '/' : ''];
  for (const [i, part] of parts.entries()) {
    if (i === 0 && absolute) continue;
    const last = i === parts.length - 1;
    const next: string[] = [];
    for (const dir of found) {
      const join = (name: string): string => (dir === '' ? name : dir === '/' ? `/${name}` : `${dir}/${name}`);
      if (!hasGlob(part)) {
        const path = join(unescape(part));
        const kind = ws.stat(path).kind;
        if (kind === 'dir' || (last && kind !== 'none')) next.push(path);
        continue;
      }
      const names = ws.entries(dir === '' ? '.' : dir).filter((n) => (n.startsWith('.') ? part.startsWith('.') : true) && fnmatch(part, n));
      for (const n of names) {
        const path = join(n);
        if (last || ws.stat(path).kind === 'dir') next.push(path);
      }
    }
    found = next;
    if (found.length === 0) return [];
  }
  collator ??= languageCollator();
  return found.sort(collator);
}
