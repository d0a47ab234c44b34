/**
 * bash's associative arrays (`declare -A m`), the rules both of its interpreters use (the prompt,
 * src/kubectl, and a container's bash, src/engine/images). What a learner sees of one is its key
 * order — `${!m[@]}`, `${m[@]}`, `declare -p m`, `for k in "${!m[@]}"` — which is bash's hash
 * table's (hashlib.c, bash 5.2): the key's FNV-1 hash (its bytes as signed chars) picks bucket
 * `hash & (nbuckets - 1)`, a new key goes to the head of its bucket's chain, a listing walks the
 * buckets in order and each chain from its head. `declare -A` and `local -A` make 1024 buckets
 * (ASSOC_HASH_BUCKETS); converting a set scalar (`x=1; declare -A x`, its value key "0") makes
 * 128 (DEFAULT_HASH_BUCKETS); a table holding 2 × nbuckets entries grows ×4 before the next
 * insert, re-chaining each old bucket head first; `m=(…)` starts a table of the old size.
 * Checked against bash 5.2.15 on this machine for 50 keys (ASCII and UTF-8), 3000 keys (growth)
 * and the 128-bucket conversion: the same order every time.
 * Listing (assoc_to_assign): `declare -A m=([x]="3" [api]="4" ["a b"]="2" )`, the trailing
 * blank bash's; a key is `$'…'` when not printable, `"…"` when it holds a shell metacharacter
 * (or is `@`/`*`, or starts with `#` or `~`), else bare.
 */
import { ansicQuote, hasShellMetas, isPrintable, quoteElement } from './bash-arrays';
import { utf8Bytes } from './utf8';

interface Entry {
  key: string;
  value: string;
  hash: number;
}

/** An associative array: its buckets, each chain head first. */
export interface AssocArray {
  readonly assoc: true;
  buckets: Entry[][];
  count: number;
  /** Declared with no value yet (`declare -A e`: `declare -p` shows no `=()`); any assignment clears it. */
  invisible?: true;
}

/** `declare -A`'s table size (assoc.h ASSOC_HASH_BUCKETS). */
export const ASSOC_BUCKETS = 1024;
/** A converted scalar's (hashlib.h DEFAULT_HASH_BUCKETS). */
export const CONVERTED_BUCKETS = 128;

export function newAssoc(nbuckets = ASSOC_BUCKETS, invisible = false): AssocArray {
  return { assoc: true, buckets: Array.from({ length: nbuckets }, () => []), count: 0, ...(invisible ? { invisible: true as const } : {}) };
}

export function isAssoc(v: unknown): v is AssocArray {
  return typeof v === 'object' && v !== null && (v as { assoc?: unknown }).assoc === true;
}

/** hashlib.c hash_string: FNV-1, 32-bit, over the key's bytes read as (signed) chars. */
export function bashHash(key: string): number {
  let h = 2166136261;
  for (const b of utf8Bytes(key)) {
    h = Math.imul(h, 16777619) >>> 0;
    h = (h ^ (b >= 0x80 ? b | 0xffffff00 : b)) >>> 0;
  }
  return h;
}

const bucketOf = (a: AssocArray, hash: number): Entry[] => a.buckets[hash & (a.buckets.length - 1)]!;

export function assocGet(a: AssocArray, key: string): string | undefined {
  const hash = bashHash(key);
  return bucketOf(a, hash).find((e) => e.hash === hash && e.key === key)?.value;
}

/** hash_insert: an existing key keeps its place; a new one grows the table first if full, then heads its chain. */
export function assocSet(a: AssocArray, key: string, value: string): void {
  delete a.invisible;
  const hash = bashHash(key);
  const found = bucketOf(a, hash).find((e) => e.hash === hash && e.key === key);
  if (found) {
    found.value = value;
    return;
  }
  if (a.count >= a.buckets.length * 2) {
    const old = a.buckets;
    a.buckets = Array.from({ length: old.length * 4 }, () => []);
    for (const chain of old) for (const e of chain) bucketOf(a, e.hash).unshift(e);
  }
  bucketOf(a, hash).unshift({ key, value, hash });
  a.count++;
}

export function assocDelete(a: AssocArray, key: string): void {
  const hash = bashHash(key);
  const chain = bucketOf(a, hash);
  const at = chain.findIndex((e) => e.hash === hash && e.key === key);
  if (at < 0) return;
  chain.splice(at, 1);
  a.count--;
}

/** The keys in bash's listing order (`${!m[@]}`). */
export function assocKeys(a: AssocArray): string[] {
  return a.buckets.flatMap((chain) => chain.map((e) => e.key));
}

/** The values in the same order (`${m[@]}`). */
export function assocValues(a: AssocArray): string[] {
  return a.buckets.flatMap((chain) => chain.map((e) => e.value));
}

/** A copy (a subshell's, a saved scope's) that changes independently. */
export function copyAssoc(a: AssocArray): AssocArray {
  return { assoc: true, buckets: a.buckets.map((chain) => chain.map((e) => ({ ...e }))), count: a.count, ...(a.invisible ? { invisible: true as const } : {}) };
}

/**
 * What `declare -A NAME` makes of NAME's scalar value: a new name a table of 1024 buckets with no
 * value yet; a set scalar one of 128 holding it at key "0" (arrayfunc.c convert_var_to_assoc).
 */
export function declaredAssoc(scalar: string | undefined): AssocArray {
  const table = newAssoc(scalar === undefined ? ASSOC_BUCKETS : CONVERTED_BUCKETS, scalar === undefined);
  if (scalar !== undefined) assocSet(table, '0', scalar);
  return table;
}

/** `m=(…)` without `+`: an empty table of the old one's size (arrayfunc.c assign_compound_array_list). */
export function emptiedAssoc(a: AssocArray): AssocArray {
  return newAssoc(a.buckets.length);
}

/** A key as assoc_to_assign writes it inside `[…]`. */
export function quoteKey(key: string): string {
  if (!isPrintable(key)) return ansicQuote(key);
  if (hasShellMetas(key) || key === '@' || key === '*') return `"${key.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;
  return key;
}

/** `([k]="v" … )` as `declare -p` and `set` show it; an empty one `()`. */
export function assocListing(a: AssocArray): string {
  if (a.count === 0) return '()';
  let out = '(';
  for (const chain of a.buckets) for (const e of chain) out += `[${quoteKey(e.key)}]=${quoteElement(e.value)} `;
  return `${out})`;
}

/** `declare -p NAME` for an associative array; one declared without a value (`declare -A e`) has none to show. */
export function declareAssocLine(name: string, a: AssocArray): string {
  return a.invisible ? `declare -A ${name}\n` : `declare -A ${name}=${assocListing(a)}\n`;
}

/** One word of a compound assignment `(…)`: `[key]=value` (the key expanded, unsplit) or a bare value. */
export interface ListItem {
  key?: string;
  value: string;
}

/**
 * `m=(…)`/`m+=(…)` on an associative array (arrayfunc.c): when the first word has a subscript,
 * each `[k]=v` sets k and a bare word is `m: 'w': must use subscript when assigning associative
 * array` (skipped); otherwise the words are key, value, key, value … (a last key alone gets "").
 * Recorded, bash 5.2.15: `declare -A r=(a 1 b)` → `([b]="" [a]="1" )`; `([k]=1 [k]+=2)` → `[k]="2"`.
 * Answers the messages (after the shell's prefix); an empty key is `NAME[]: bad array
 * subscript`. Recorded: the bare word is quoted when declare assigns the list (`declare -A
 * s=([a]=1 b)`: `s: 'b': must use …`), not in a plain assignment (`s=([a]=1 b)`: `s: b: must use …`).
 */
export function assocAssignList(table: AssocArray, name: string, items: readonly ListItem[], declared = false): string[] {
  delete table.invisible;
  const errors: string[] = [];
  if (items.length > 0 && items[0]!.key === undefined) {
    for (let i = 0; i < items.length; i += 2) {
      const key = items[i]!.value;
      if (key === '') errors.push(`${name}[]: bad array subscript`);
      else assocSet(table, key, items[i + 1]?.value ?? '');
    }
    return errors;
  }
  for (const item of items) {
    if (item.key === undefined) errors.push(`${name}: ${declared ? `'${item.value}'` : item.value}: must use subscript when assigning associative array`);
    else if (item.key === '') errors.push(`${name}[]: bad array subscript`);
    else assocSet(table, item.key, item.value);
  }
  return errors;
}
