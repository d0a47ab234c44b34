/**
 * bash's indexed arrays, the rules both of its interpreters use (the prompt, src/kubectl, and a
 * container's bash, src/engine/images): an array is sparse — `a[6]=q` after three elements
 * leaves 3…5 unset, `unset 'a[1]'` makes a hole — so one is a JS array whose unset elements are
 * holes (or null/undefined, as a copy or a JSON round trip leaves them). Recorded on bash 5.2.15:
 *   a=(x y "z w"); a+=(v); a[6]=q; declare -p a
 *     → declare -a a=([0]="x" [1]="y" [2]="z w" [3]="v" [6]="q")
 *   ${#a[@]} → 5, ${!a[@]} → 0 1 2 3 6, ${a[@]:1:2} → y z w (offset and length count set
 *   elements from the first index ≥ offset), ${a[@]: -2} → q (a negative offset counts back from
 *   the highest index + 1), ${a[-1]} → q, $a → x, `declare -a c` → `declare -a c`, `c=()` →
 *   `declare -a c=()`, `x=5; x+=(6)` → `declare -a x=([0]="5" [1]="6")`.
 * Associative arrays are ./bash-assoc.ts's; mapfile's rules ./bash-mapfile.ts's.
 */
import { utf8Bytes } from './utf8';

/** Index → value; a hole (or null/undefined) is an unset element. */
export type BashArray = (string | null | undefined)[];

/** The set indices, ascending. */
export function arrayIndices(a: BashArray): number[] {
  const out: number[] = [];
  a.forEach((v, i) => {
    if (v !== undefined && v !== null) out.push(i);
  });
  return out;
}

/** The set elements' values in index order (`${a[@]}`). */
export function arrayValues(a: BashArray): string[] {
  return arrayIndices(a).map((i) => a[i]!);
}

/**
 * The element a subscript names: a negative one counts back from the highest index + 1
 * (`${a[-1]}`); undefined when it falls before 0 (bash: `a[-20]: bad array subscript`).
 */
export function resolveIndex(a: BashArray, index: number): number | undefined {
  if (index >= 0) return index;
  const at = a.length + index;
  return at >= 0 ? at : undefined;
}

/** `a+=(w …)`: appended after the highest set index. */
export function appendValues(a: BashArray, values: readonly string[]): void {
  const start = a.length;
  values.forEach((v, k) => (a[start + k] = v));
}

/** `unset 'a[i]'`: a hole; bash trims nothing, so `${!a[@]}` skips it. */
export function unsetElement(a: BashArray, index: number): boolean {
  const at = resolveIndex(a, index);
  if (at === undefined) return false;
  delete a[at];
  // The highest index is what a negative subscript and `+=` count from: drop trailing holes.
  while (a.length > 0 && (a[a.length - 1] === undefined || a[a.length - 1] === null)) a.length--;
  return true;
}

/**
 * `${a[@]:offset:length}`: the set elements from the first index ≥ offset (a negative offset
 * counts back from the highest index + 1), at most `length` of them (absent: all).
 */
export function sliceValues(a: BashArray, offset: number, length?: number): string[] {
  const from = offset < 0 ? a.length + offset : offset;
  if (from < 0) return [];
  const picked = arrayIndices(a).filter((i) => i >= from).map((i) => a[i]!);
  return length === undefined ? picked : picked.slice(0, Math.max(0, length));
}

const ANSI_ESCAPES: Record<number, string> = { 0x1b: 'E', 0x07: 'a', 0x0b: 'v', 0x08: 'b', 0x0c: 'f', 0x0a: 'n', 0x0d: 'r', 0x09: 't', 0x5c: '\\', 0x27: "'" };

/**
 * An element as `declare -p` and `set` list it: `"…"` with `\`, `"`, `$` and backquote escaped
 * (sh_double_quote), or `$'…'` when a byte is not printable in the C locale (ansic_quote: `\t`,
 * `\n` …, other bytes in octal: the C locale a container runs in). Recorded: `b=("q\"x" $'t\tab')` lists `[0]="q\"x" [1]=$'t\tab'`.
 */
export function quoteElement(value: string): string {
  return isPrintable(value) ? `"${value.replace(/[\\"$`]/g, (c) => `\\${c}`)}"` : ansicQuote(value);
}

/** ansic_shouldquote's test, C locale: every UTF-8 byte is 0x20–0x7e. */
export function isPrintable(value: string): boolean {
  return utf8Bytes(value).every((b) => b >= 0x20 && b < 0x7f);
}

/** sh_contains_shell_metas (lib/sh/shquote.c): blanks, quotes, metacharacters, globbing and expansion characters; `~` and `#` where they start something. */
export function hasShellMetas(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (' \t\n\'"\\|&;()<>!{}*[?]^$`'.includes(c)) return true;
    if (c === '~' && (i === 0 || s[i - 1] === '=' || s[i - 1] === ':')) return true;
    if (c === '#' && i === 0) return true;
  }
  return false;
}

/** bash's ansic_quote over the value's UTF-8 bytes: `$'…'` with \t \n \E …, other unprintable bytes in octal. */
export function ansicQuote(value: string): string {
  let out = "$'";
  for (const b of utf8Bytes(value)) {
    const esc = ANSI_ESCAPES[b];
    if (esc !== undefined) out += `\\${esc}`;
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return `${out}'`;
}

/** `([0]="x" [2]="z w")`, as `set` and `declare -p` show an array's value. */
export function arrayListing(a: BashArray): string {
  return `(${arrayIndices(a).map((i) => `[${i}]=${quoteElement(a[i]!)}`).join(' ')})`;
}

/** `declare -p NAME` for an array; `declared` without a value (`declare -a c`) has none to show. */
export function declareArrayLine(name: string, a: BashArray | undefined): string {
  return a === undefined ? `declare -a ${name}\n` : `declare -a ${name}=${arrayListing(a)}\n`;
}

/** `declare -p NAME` for a scalar (recorded: `declare -- x="5"`, exported `declare -x y="6"`). */
export function declareScalarLine(name: string, value: string, exported: boolean): string {
  return `declare -${exported ? 'x' : '-'} ${name}="${value.replace(/[\\"$`]/g, (c) => `\\${c}`)}"\n`;
}

/**
 * `read -a NAME`'s elements: the line split at runs of blanks (IFS unset or default), leading and
 * trailing ones dropped; without `-r` a backslash escapes the next character (a blank too) and is
 * removed. Recorded, bash 5.2.15: `  x\ y z  ` gives ("x y" "z"), with -r ("x\\" "y" "z"); an
 * empty line an empty array.
 */
export function readArrayFields(line: string, raw: boolean): string[] {
  const fields: string[] = [];
  let cur: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && !raw && i + 1 < line.length) {
      cur = (cur ?? '') + line[++i];
    } else if (c === ' ' || c === '\t') {
      if (cur !== undefined) fields.push(cur);
      cur = undefined;
    } else cur = (cur ?? '') + c;
  }
  if (cur !== undefined) fields.push(cur);
  return fields;
}

/**
 * `a=(…)`/`a+=(…)` words into an indexed array: a bare value goes after the last one written, a
 * `[i]=v` at subscript i (`index` evaluates it: a number, or the error to report). Recorded, bash
 * 5.2.15: `a=([2]=x y [0]=z)` → `([0]="z" [2]="x" [3]="y")`. Answers the errors.
 */
export function assignIndexedItems(arr: BashArray, name: string, items: readonly { key?: string; value: string }[], index: (expr: string) => number | string): string[] {
  let next = arr.length;
  for (const item of items) {
    let at = next;
    if (item.key !== undefined) {
      const i = index(item.key);
      if (typeof i === 'string') return [i];
      const resolved = resolveIndex(arr, i);
      if (resolved === undefined) return [`${name}[${item.key}]: bad array subscript`];
      at = resolved;
    }
    arr[at] = item.value;
    next = at + 1;
  }
  return [];
}
