/**
 * bash's pattern matching: `*`, `?`, bracket expressions `[a-z]`, `[!…]`/`[^…]` and
 * `[[:alpha:]]`-style classes, `\x` for a literal x; with `extglob` (bash's `shopt -s extglob`)
 * also `@(a|b)`, `?(…)`, `*(…)`, `+(…)` and `!(…)` — `!(p)` as a lookahead that the rest of the
 * name does not match p followed by the rest of the pattern (approximate where `!(…)` sits
 * inside other extglob groups); `nocase` for nocaseglob/nocasematch. One definition for
 * pathname expansion, `case` patterns, `[[ x == pat ]]` and `${X#pat}`-style trimming at the
 * terminal's prompt and in the containers' shells (src/engine/images/shell-expand.ts,
 * shell-compound.ts, src/k8s/glob-paths.ts).
 */

const CLASSES: Record<string, string> = {
  alpha: 'A-Za-z', digit: '0-9', alnum: 'A-Za-z0-9', upper: 'A-Z', lower: 'a-z', space: ' \\t\\n\\r\\f\\v',
  blank: ' \\t', punct: '!-\\/:-@\\[-`{-~', xdigit: '0-9A-Fa-f', word: 'A-Za-z0-9_', cntrl: '\\x00-\\x1f\\x7f', print: ' -~', graph: '!-~',
};

const escapeRe = (c: string): string => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** How a pattern reads: bash's extglob operators, and case-blind matching. */
export interface MatchOpts {
  extglob?: boolean;
  nocase?: boolean;
}

/** The `)` closing an extglob group whose `(` is at `open`, and its top-level `|`s; undefined if it never closes. */
function extglobGroup(p: string, open: number): { close: number; bars: number[] } | undefined {
  let depth = 0;
  const bars: number[] = [];
  for (let j = open; j < p.length; j++) {
    const c = p[j]!;
    if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === '|' && depth === 1) bars.push(j);
    else if (c === ')' && --depth === 0) return { close: j, bars };
  }
  return undefined;
}

/** The regular expression source for `pattern` (unanchored); `*` and `?` never match a `/` when `path`. */
export function patternSource(pattern: string, path = false, opts: MatchOpts = {}): string {
  const any = path ? '[^/]' : '[\\s\\S]';
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const group = opts.extglob && '@!+*?'.includes(c) && pattern[i + 1] === '(' ? extglobGroup(pattern, i + 1) : undefined;
    if (group) {
      const alts = [i + 1, ...group.bars].map((start, k) => pattern.slice(start + 1, k < group.bars.length ? group.bars[k] : group.close));
      const body = alts.map((a) => patternSource(a, path, opts)).join('|');
      const rest = pattern.slice(group.close + 1);
      re += c === '@' ? `(?:${body})` : c === '?' ? `(?:${body})?` : c === '+' ? `(?:${body})+` : c === '*' ? `(?:${body})*` : `(?:(?!(?:${body})${patternSource(rest, path, opts)}$)${any}*?)`;
      i = group.close;
    } else if (c === '\\' && i + 1 < pattern.length) re += escapeRe(pattern[++i]!);
    else if (c === '*') re += `${any}*`;
    else if (c === '?') re += any;
    else if (c === '[') {
      const parsed = bracket(pattern, i);
      if (!parsed) re += '\\[';
      else {
        re += parsed.re;
        i = parsed.end;
      }
    } else re += escapeRe(c);
  }
  return re;
}

/** A bracket expression at `i`: its regex and the index of its `]`, or undefined when it never closes. */
function bracket(p: string, i: number): { re: string; end: number } | undefined {
  let j = i + 1;
  let negate = false;
  if (p[j] === '!' || p[j] === '^') {
    negate = true;
    j++;
  }
  let body = '';
  let first = true;
  for (; j < p.length; j++) {
    const c = p[j]!;
    if (c === ']' && !first) return { re: `[${negate ? '^' : ''}${body}]`, end: j };
    first = false;
    const cls = /^\[:([a-z]+):\]/.exec(p.slice(j));
    if (cls && Object.hasOwn(CLASSES, cls[1]!)) {
      body += CLASSES[cls[1]!];
      j += cls[0].length - 1;
    } else if (c === '\\' && j + 1 < p.length) body += escapeRe(p[++j]!);
    else if (c === '-' && body !== '' && p[j + 1] !== ']') body += '-';
    else body += escapeRe(c);
  }
  return undefined;
}

/** Whether all of `text` matches `pattern`. */
export function fnmatch(pattern: string, text: string, opts: MatchOpts = {}): boolean {
  return new RegExp(`^${patternSource(pattern, false, opts)}$`, opts.nocase ? 'i' : '').test(text);
}

/** Whether a word holds an unescaped `*`, `?` or `[` (or, with `extglob`, an `@(`-style group): pathname expansion applies to it. */
export function hasGlob(pattern: string, extglob = false): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') i++;
    else if (c === '*' || c === '?' || c === '[') return true;
    else if (extglob && (c === '@' || c === '!' || c === '+') && pattern[i + 1] === '(') return true;
  }
  return false;
}

/** Backslash-escapes the characters a pattern would read specially. */
export function quotePattern(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/**
 * `${X#p}` `${X##p}` (`from: 'start'`) and `${X%p}` `${X%%p}` (`'end'`): `value` without the
 * shortest (or `longest`) part that matches.
 */
export function trimPattern(value: string, pattern: string, from: 'start' | 'end', longest: boolean): string {
  const re = new RegExp(`^${patternSource(pattern)}$`);
  const n = value.length;
  for (let k = 0; k <= n; k++) {
    const len = longest ? n - k : k;
    if (from === 'start' ? re.test(value.slice(0, len)) : re.test(value.slice(n - len))) return from === 'start' ? value.slice(len) : value.slice(0, n - len);
  }
  return value;
}

/** `${X/p/r}` (`all`: `//`; `anchor`: `/#` at the start, `/%` at the end): the longest match replaced. */
export function replacePattern(value: string, pattern: string, replacement: string, mode: 'first' | 'all' | 'start' | 'end'): string {
  if (pattern === '') return value;
  const src = patternSource(pattern);
  if (mode === 'start') return value.replace(new RegExp(`^(?:${src})`), () => replacement);
  if (mode === 'end') {
    for (let k = 0; k <= value.length; k++) if (new RegExp(`^(?:${src})$`).test(value.slice(k))) return value.slice(0, k) + replacement;
    return value;
  }
  // bash takes the longest match at each position; a greedy regex gives that for these patterns.
  return value.replace(new RegExp(src, mode === 'all' ? 'g' : ''), () => replacement);
}
