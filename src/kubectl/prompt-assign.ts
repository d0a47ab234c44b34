/**
 * The prompt's assignment words that make or change arrays (Session.command): `a=(…)`, `a+=(…)`,
 * `a[i]=v` and an associative array's `m[key]=v`, and the `NAME=(…)` arguments of `declare` and
 * `local`. A list's words are read as bash reads them: `[k]=v` keeps its value whole (expanded,
 * not split or globbed; the key expanded as one word), any other word is split and globbed, each
 * field an element (recorded: `a=(x "y z" $v)`, `a=([2]=x y)` puts y at 3). The rules of what
 * the words do are src/k8s/bash-assoc.ts's and bash-arrays.ts's, which a container's bash uses.
 */
import type { ListItem } from '../k8s/bash-assoc';
import { expandWords, rawWords, type ExpandEnv, type ExpandOutcome } from '../k8s/shell-words';
import type { CompoundArg } from './prompt-functions';
import type { PromptShell } from './prompt-shell';

type Failure = Extract<ExpandOutcome, { ok: false }>;

/** The words of `(…)`'s inside. */
export function compoundItems(list: string, env: ExpandEnv): { ok: true; items: ListItem[] } | Failure {
  const words = rawWords(list);
  if (!words.ok) return words;
  const items: ListItem[] = [];
  for (const w of words.words) {
    const keyed = /^\[([^\]]*)\]\+?=([\s\S]*)$/.exec(w);
    if (keyed) {
      const key = expandWords(keyed[1]!, env, false);
      if (!key.ok) return key;
      const value = expandWords(keyed[2]!, env, false);
      if (!value.ok) return value;
      items.push({ key: key.argv.join(' '), value: value.argv.join('') });
      continue;
    }
    const fields = expandWords(w, env);
    if (!fields.ok) return fields;
    for (const value of fields.argv) items.push({ value });
  }
  return { ok: true, items };
}

/** A `NAME=(…)`/`NAME+=(…)` word: its name, whether it appends, and the list's inside; undefined for any other word. */
export function compoundWord(word: string): { name: string; append: boolean; list: string } | undefined {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=\(([\s\S]*)\)$/.exec(word);
  return m ? { name: m[1]!, append: m[2] === '+', list: m[3]! } : undefined;
}

/** `a=(…)`/`a+=(…)` typed alone: the errors bash prints for it (each after `bash: `). */
export function assignCompoundWord(shell: PromptShell, name: string, append: boolean, list: string, env: ExpandEnv): { ok: true; errors: string[] } | Failure {
  const items = compoundItems(list, env);
  if (!items.ok) return items;
  if (!shell.assocs.has(name) && items.items.every((i) => i.key === undefined)) {
    shell.assignList(name, items.items.map((i) => i.value), append);
    return { ok: true, errors: [] };
  }
  return { ok: true, errors: shell.assignCompound(name, items.items, append, (e) => shell.arithIndex(e)) };
}

/** The `NAME=(…)` arguments of a declare/local/typeset, their words read once (the builtin finds them in PromptShell.compound). */
export function declarationLists(words: readonly string[], env: ExpandEnv): { ok: true; lists: Map<string, CompoundArg> } | Failure {
  const lists = new Map<string, CompoundArg>();
  for (const w of words) {
    const c = compoundWord(w);
    if (!c) continue;
    const items = compoundItems(c.list, env);
    if (!items.ok) return items;
    lists.set(c.name, { items: items.items, append: c.append });
  }
  return { ok: true, lists };
}
