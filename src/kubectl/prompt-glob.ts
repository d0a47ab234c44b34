/**
 * Pathname expansion at the terminal's prompt (`ls *.yaml`, `kubectl apply -f go-api*.yaml`,
 * a pattern in a directory part too) over the workstation's files: the rules are
 * src/k8s/glob-paths.ts's; the matches are sorted as bash sorts them under LANG=en_US.UTF-8 (the
 * engine's collation, the one `sort` uses). No match: an empty list, and the word stays as written.
 */
import { languageCollator, type Workstation } from '../engine/index';
import { globPaths as globOver, type GlobOpts } from '../k8s/glob-paths';

let collator: ((a: string, b: string) => number) | undefined;

/** `opts`: the prompt's shopt dotglob and nocaseglob. */
export function globPaths(pattern: string, ws: Workstation, opts: GlobOpts = {}): string[] {
  collator ??= languageCollator();
  return globOver(pattern, {
    entries: (dir) => ws.entries(dir),
    kind: (path) => {
      const k = ws.stat(path).kind;
      return k === 'dir' ? 'dir' : k === 'none' ? 'none' : 'other';
    },
  }, collator, opts);
}
