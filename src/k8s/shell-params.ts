/**
 * bash's `${…}` parameter expansions at the terminal's prompt: `${X}`, `${#X}`, the defaults and
 * alternatives `${X:-w}` `${X-w}` `${X:=w}` `${X:+w}` `${X:?msg}`, trimming `${X#p}` `${X##p}`
 * `${X%p}` `${X%%p}`, replacing `${X/p/r}` `${X//p/r}` `${X/#p/r}` `${X/%p/r}` and substrings
 * `${X:off}` `${X:off:len}` (arithmetic offsets, negative from the end). The word after the
 * operator is expanded only when used, as bash does.
 *
 * The POSIX forms (defaults, alternatives, `?`, trimming) are `posixOperator`, which the
 * containers' sh, dash and bash (src/engine/images/shell-expand.ts) apply too: they parse `${…}`
 * into their own AST, so they share the rule, not the parse. What differs between shells is the
 * words of an unset parameter's error (`ParamWords`).
 */
import { replacePattern, trimPattern } from './fnmatch';

/** The forms every POSIX shell has. */
export type PosixParamOp = ':-' | '-' | ':=' | '=' | ':+' | '+' | ':?' | '?' | '#' | '##' | '%' | '%%';

/** How a shell words `${X?}` (`nullToo`: `${X:?}`) when X is unset (or null). */
export interface ParamWords {
  notSet(nullToo: boolean): string;
}

/** bash's: `x: parameter null or not set`, `x: parameter not set`. */
export const BASH_PARAM_WORDS: ParamWords = { notSet: (nullToo) => (nullToo ? 'parameter null or not set' : 'parameter not set') };

export interface ParamEnv {
  lookup(name: string): string | undefined;
  /** `${X:=w}` assigns. */
  assign?(name: string, value: string): void;
  /** An arithmetic expression's value (`${X:1+1}`), or an error. */
  arith?(expr: string): { ok: true; value: bigint } | { ok: false; message: string };
}

/** What a `${…}` expands to; `fatal` errors end the whole line, as in an interactive bash. */
export type ParamOutcome = { ok: true; value: string } | { ok: false; message: string; fatal: boolean };

/** The index of the `}` closing a `${` whose body starts at `i`, or -1. */
export function closingBrace(text: string, i: number): number {
  let depth = 1;
  for (let j = i; j < text.length; j++) {
    const c = text[j]!;
    if (c === '\\') j++;
    else if (c === "'") {
      const k = text.indexOf("'", j + 1);
      if (k < 0) return -1;
      j = k;
    } else if (c === '$' && text[j + 1] === '{') {
      depth++;
      j++;
    } else if (c === '}' && --depth === 0) return j;
  }
  return -1;
}

/** `${?}`, and a function's `${1}`…, `${#}`, `${@}`, `${*}`. */
const SPECIAL = /^(\?|\d+|#|@|\*)/;

/**
 * Expands `${body}`. `word` expands the text after an operator (quotes removed, never split).
 */
export function expandParameter(body: string, env: ParamEnv & { status: number }, word: (text: string) => ParamOutcome): ParamOutcome {
  const bad: ParamOutcome = { ok: false, message: `\${${body}}: bad substitution`, fatal: false };
  if (body.startsWith('#') && body.length > 1) {
    const name = body.slice(1);
    if (!/^([A-Za-z_][A-Za-z0-9_]*|\?|\d+)$/.test(name)) return bad;
    return { ok: true, value: String([...(name === '?' ? String(env.status) : (env.lookup(name) ?? ''))].length) };
  }
  const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(body) ?? SPECIAL.exec(body);
  if (!m) return bad;
  const name = m[0];
  const value = name === '?' ? String(env.status) : env.lookup(name);
  const rest = body.slice(name.length);
  if (rest === '') return { ok: true, value: value ?? '' };
  const op = /^(:-|:=|:\+|:\?|-|=|\+|\?|##|#|%%|%|\/\/|\/#|\/%|\/|:)/.exec(rest)?.[0];
  if (!op) return bad;
  const arg = rest.slice(op.length);
  switch (op) {
    case ':-':
    case '-':
    case ':=':
    case '=':
    case ':+':
    case '+':
    case ':?':
    case '?':
    case '#':
    case '##':
    case '%':
    case '%%':
      return posixOperator(op, name, value, arg === '' ? null : () => word(arg), env.assign);
    case '/':
    case '//':
    case '/#':
    case '/%': {
      const slash = findSlash(arg);
      const p = word(slash < 0 ? arg : arg.slice(0, slash));
      const r = slash < 0 ? { ok: true as const, value: '' } : word(arg.slice(slash + 1));
      if (!p.ok) return p;
      if (!r.ok) return r;
      const mode = op === '//' ? 'all' : op === '/#' ? 'start' : op === '/%' ? 'end' : 'first';
      return { ok: true, value: replacePattern(value ?? '', p.value, r.value, mode) };
    }
    case ':':
      return substring(value ?? '', arg, env, body);
  }
  return bad;
}

/**
 * `${name<op>word}` for the POSIX operators, `value` being name's value (undefined: unset).
 * `operand` expands the text after the operator (for the trims, read as a pattern), only when
 * the form uses it; null when nothing follows the operator, so `${X:?}` words its own message. An
 * unset parameter's `?` error is fatal.
 */
export function posixOperator(
  op: PosixParamOp,
  name: string,
  value: string | undefined,
  operand: (() => ParamOutcome) | null,
  assign?: (name: string, value: string) => void,
  words: ParamWords = BASH_PARAM_WORDS,
): ParamOutcome {
  const missing = op.startsWith(':') ? value === undefined || value === '' : value === undefined;
  const word = operand ?? ((): ParamOutcome => ({ ok: true, value: '' }));
  switch (op) {
    case ':-':
    case '-':
      return missing ? word() : { ok: true, value: value! };
    case ':=':
    case '=': {
      if (!missing) return { ok: true, value: value! };
      const w = word();
      if (w.ok) assign?.(name, w.value);
      return w;
    }
    case ':+':
    case '+':
      return missing ? { ok: true, value: '' } : word();
    case ':?':
    case '?': {
      if (!missing) return { ok: true, value: value! };
      const w = operand === null ? { ok: true as const, value: words.notSet(op === ':?') } : word();
      return w.ok ? { ok: false, message: `${name}: ${w.value}`, fatal: true } : w;
    }
    case '#':
    case '##':
    case '%':
    case '%%': {
      const p = word();
      return p.ok ? { ok: true, value: trimPattern(value ?? '', p.value, op[0] === '#' ? 'start' : 'end', op.length === 2) } : p;
    }
  }
}

/** The first unescaped `/` in a `${X/p/r}` argument. */
function findSlash(arg: string): number {
  for (let i = 0; i < arg.length; i++) {
    if (arg[i] === '\\') i++;
    else if (arg[i] === '/') return i;
  }
  return -1;
}

function substring(value: string, arg: string, env: ParamEnv, body: string): ParamOutcome {
  const colon = arg.indexOf(':');
  const num = (expr: string): bigint | ParamOutcome => {
    if (!env.arith) return /^\s*-?\d+\s*$/.test(expr) ? BigInt(expr.trim()) : { ok: false, message: `\${${body}}: bad substitution`, fatal: false };
    const r = env.arith(expr);
    return r.ok ? r.value : { ok: false, message: r.message, fatal: true };
  };
  const off = num(colon < 0 ? arg : arg.slice(0, colon));
  if (typeof off !== 'bigint') return off;
  if (colon < 0) return substringOf(value, Number(off));
  const len = num(arg.slice(colon + 1));
  if (typeof len !== 'bigint') return len;
  return substringOf(value, Number(off), Number(len), arg.slice(colon + 1).trim());
}

/**
 * bash's `${x:offset:length}` once its numbers are known (the prompt's and a container's bash):
 * a negative offset counts from the end (before the start: empty), a negative length is where to
 * stop counting from the end, and one that ends before the offset is bash's error (recorded,
 * bash 5.2.15: `${s:1:-9}` on `hello` is `-9: substring expression < 0`, fatal).
 */
export function substringOf(value: string, offset: number, length?: number, lengthText = String(length)): ParamOutcome {
  const chars = [...value];
  let start = offset;
  if (start < 0) start = chars.length + start < 0 ? chars.length + 1 : chars.length + start;
  if (start > chars.length) return { ok: true, value: '' };
  if (length === undefined) return { ok: true, value: chars.slice(start).join('') };
  let end = length;
  if (end < 0) {
    end = chars.length + end;
    if (end < start) return { ok: false, message: `${lengthText}: substring expression < 0`, fatal: true };
  } else end = start + end;
  return { ok: true, value: chars.slice(start, end).join('') };
}
