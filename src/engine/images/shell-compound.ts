/**
 * What `case`, bash's `[[ … ]]` and bash's `(( … ))` decide, over words the caller's expansion
 * context expands (commands.ts runs them and reports their errors). `[[ ]]`'s words are expanded
 * without field splitting or globbing; the right side of `==`/`!=` is a pattern whose quoted parts
 * match only themselves, with extglob's forms always (bash 4.1 on; recorded, bash 5.2.15:
 * `[[ ab == @(ab|cd) ]]` without `shopt -s extglob`); the right side of `=~` is a POSIX ERE
 * (./posix-regex.ts), its quoted parts literal. The tests themselves are src/k8s/shell-test.ts's.
 */
import type { CondItem, ShellNode } from './shell-ast';
import { expandPattern, expandRegex, expandWord, type ExpandContext } from './shell-expand';
import { runConditional, type TestHost, type TestResult } from '../../k8s/shell-test';
import { translate } from './posix-regex';
import { normalizePath, stat, type BaseFs, type FsLayer } from './fs';
import { own, setOwn } from '../../k8s/own';

/** A regular expression no ERE translates to: `[[ x =~ "(" ]]`-style mistakes match nothing. */
const INVALID = '(';

/** `[[ … ]]`'s answer (0, 1, or 2 with the error). */
export function condStatus(items: readonly CondItem[], ex: ExpandContext, host: TestHost): TestResult {
  const words: string[] = [];
  const patterns: string[] = [];
  items.forEach((it, k) => {
    if (it.k === 'op') {
      words.push(it.v);
      patterns.push(it.v);
      return;
    }
    const prev = items[k - 1];
    words.push(expandWord(it.word, ex));
    if (prev?.k === 'word' && prev.src === '=~') {
      const t = translate(expandRegex(it.word, ex), true);
      patterns.push(t.ok ? t.source : INVALID);
    } else patterns.push(expandPattern(it.word, ex));
  });
  return runConditional(words, patterns, host);
}

/** The body of `case`'s first arm with a pattern that matches its word, or undefined. */
export function caseBody(n: Extract<ShellNode, { t: 'case' }>, ex: ExpandContext, match: (pattern: string, text: string) => boolean): number | undefined {
  const subject = expandWord(n.word, ex);
  for (const arm of n.arms) {
    for (const p of arm.patterns) if (match(expandPattern(p, ex), subject)) return arm.body;
  }
  return undefined;
}

/** The container's files and the shell's variables as a test sees them. */
export function containerTestHost(fs: FsLayer, base: BaseFs, cwd: string, vars: Record<string, string>): TestHost {
  const at = (p: string): ReturnType<typeof stat> => stat(fs, base, normalizePath(p, cwd));
  return {
    kind: (p) => at(p).kind,
    size: (p) => {
      const s = at(p);
      return s.kind === 'file' ? s.content.length : 0;
    },
    vars: { get: (name) => own(vars, name) as string | undefined, set: (name, value) => setOwn(vars, name, value) },
  };
}
