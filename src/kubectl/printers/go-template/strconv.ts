/**
 * The strconv pieces the template parser leans on: Unquote for string and character literals,
 * ParseInt/ParseUint with base 0 and ParseFloat for number literals. Each fails the way Go does
 * (`invalid syntax`, `value out of range`), because the parser reports those texts.
 */

export class SyntaxError extends Error {
  constructor(message = 'invalid syntax') {
    super(message);
  }
}

const SIMPLE: Readonly<Record<string, string>> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** strconv.UnquoteChar: one (possibly escaped) character of a literal quoted with `quote`. */
export function unquoteChar(s: string, quote: string): { value: number; tail: string } {
  const c = s[0];
  if (c === undefined) throw new SyntaxError();
  if (c === quote && (quote === "'" || quote === '"')) throw new SyntaxError();
  if (c !== '\\') {
    const cp = s.codePointAt(0)!;
    return { value: cp, tail: s.slice(String.fromCodePoint(cp).length) };
  }
  const e = s[1];
  if (e === undefined) throw new SyntaxError();
  if (Object.hasOwn(SIMPLE, e)) return { value: SIMPLE[e]!.charCodeAt(0), tail: s.slice(2) };
  if (e === "'" || e === '"') {
    if (e !== quote) throw new SyntaxError();
    return { value: e.charCodeAt(0), tail: s.slice(2) };
  }
  const hexLen = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
  if (hexLen > 0) {
    const h = s.slice(2, 2 + hexLen);
    if (!new RegExp(`^[0-9a-fA-F]{${hexLen}}$`).test(h)) throw new SyntaxError();
    const v = parseInt(h, 16);
    if (e !== 'x' && (v > 0x10ffff || (v >= 0xd800 && v < 0xe000))) throw new SyntaxError();
    return { value: v, tail: s.slice(2 + hexLen) };
  }
  if (e >= '0' && e <= '7') {
    const o = s.slice(1, 4);
    if (!/^[0-7]{3}$/.test(o)) throw new SyntaxError();
    const v = parseInt(o, 8);
    if (v > 255) throw new SyntaxError();
    return { value: v, tail: s.slice(4) };
  }
  throw new SyntaxError();
}

/** strconv.Unquote for "…" and `…` literals (the lexer guarantees the delimiters). */
export function unquote(s: string): string {
  const q = s[0];
  if (s.length < 2 || s[s.length - 1] !== q) throw new SyntaxError();
  const body = s.slice(1, -1);
  if (q === '`') {
    if (body.includes('`')) throw new SyntaxError();
    return body.replace(/\r/g, '');
  }
  if (q !== '"') throw new SyntaxError();
  let out = '';
  let rest = body;
  while (rest.length > 0) {
    if (rest[0] === '\n') throw new SyntaxError();
    const { value, tail } = unquoteChar(rest, '"');
    out += String.fromCodePoint(value);
    rest = tail;
  }
  return out;
}

function digitsOf(text: string): { neg: boolean; base: number; digits: string } | undefined {
  let s = text;
  let neg = false;
  if (s[0] === '+' || s[0] === '-') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  let base = 10;
  let prefixed = false;
  if (/^0[xX]/.test(s)) [base, s, prefixed] = [16, s.slice(2), true];
  else if (/^0[oO]/.test(s)) [base, s, prefixed] = [8, s.slice(2), true];
  else if (/^0[bB]/.test(s)) [base, s, prefixed] = [2, s.slice(2), true];
  else if (s.length > 1 && s[0] === '0') [base, s, prefixed] = [8, s.slice(1), true];
  // Underscores only between digits (or straight after a base prefix).
  if (s.includes('_')) {
    if (!new RegExp(prefixed ? '^_?[^_]+(_[^_]+)*$' : '^[^_]+(_[^_]+)*$').test(s)) return undefined;
    s = s.replace(/_/g, '');
  }
  const valid = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[base as 2 | 8 | 10 | 16];
  if (!valid.test(s)) return undefined;
  return { neg, base, digits: s };
}

function toBig(d: { base: number; digits: string }): bigint {
  let v = 0n;
  for (const ch of d.digits) v = v * BigInt(d.base) + BigInt(parseInt(ch, 16));
  return v;
}

/** strconv.ParseInt(text, 0, 64); undefined when Go would return an error. */
export function parseInt64(text: string): bigint | undefined {
  const d = digitsOf(text);
  if (!d) return undefined;
  const v = d.neg ? -toBig(d) : toBig(d);
  return v >= -(2n ** 63n) && v < 2n ** 63n ? v : undefined;
}

/** strconv.ParseUint(text, 0, 64): no sign allowed. */
export function parseUint64(text: string): bigint | undefined {
  if (text[0] === '+' || text[0] === '-') return undefined;
  const d = digitsOf(text);
  if (!d) return undefined;
  const v = toBig(d);
  return v < 2n ** 64n ? v : undefined;
}

/** strconv.ParseFloat(text, 64) for decimal literals (hex floats are left out). */
export function parseFloat64(text: string): number | undefined {
  if (!/^[+-]?(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)([eE][+-]?\d[\d_]*)?$/.test(text)) return undefined;
  if (/(^|[^\d])_|_($|[^\d])/.test(text)) return undefined;
  const v = Number(text.replace(/_/g, ''));
  return Number.isFinite(v) ? v : undefined;
}
