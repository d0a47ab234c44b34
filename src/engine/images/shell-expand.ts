/**
 * Word expansion: parameters (`$VAR`, `${VAR:-x}`, `$?`, `$1`, `"$@"`), command substitution
 * (delegated to the interpreter), arithmetic `$((…))` and field splitting of unquoted results.
 * No pathname globbing: `*` stays literal (documented gap).
 */
import type { Seg, Word } from './shell-ast';
import { own, setOwn } from '../../k8s/own';

export interface ExpandContext {
  vars: Record<string, string>;
  /** `$0`, `$1`, … */
  positional: string[];
  status: number;
  pid: number;
  /** Runs `$(…)` and returns its stdout. */
  substitute(root: number): string;
  /** `${x:?msg}` and arithmetic errors (the interpreter prints them to stderr). */
  fail(message: string): void;
}

function param(name: string, ctx: ExpandContext): string | undefined {
  if (name === '?') return String(ctx.status);
  if (name === '$') return String(ctx.pid);
  if (name === '#') return String(Math.max(0, ctx.positional.length - 1));
  if (name === '@' || name === '*') return ctx.positional.slice(1).join(' ');
  if (name === '!') return '';
  if (name === '-') return '';
  if (/^\d$/.test(name)) return ctx.positional[Number(name)];
  return own(ctx.vars, name) as string | undefined;
}

/** Glob-ish pattern for `${v#pat}` / `${v%pat}`: `*` and `?` only. */
function patternRe(p: string): string {
  return p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
}

function expandVar(seg: Extract<Seg, { t: 'var' }>, ctx: ExpandContext): string {
  const v = param(seg.name, ctx);
  if (seg.length) return String((v ?? '').length);
  if (!seg.op) return v ?? '';
  const arg = (): string => expandWord(seg.arg ?? [], ctx);
  const unsetOrEmpty = v === undefined || v === '';
  switch (seg.op) {
    case ':-': return unsetOrEmpty ? arg() : v;
    case '-': return v === undefined ? arg() : v;
    case ':=':
    case '=': {
      if (seg.op === ':=' ? unsetOrEmpty : v === undefined) {
        const a = arg();
        setOwn(ctx.vars, seg.name, a);
        return a;
      }
      return v ?? '';
    }
    case ':+': return unsetOrEmpty ? '' : arg();
    case '+': return v === undefined ? '' : arg();
    case ':?':
    case '?':
      if (seg.op === ':?' ? unsetOrEmpty : v === undefined) ctx.fail(`${seg.name}: ${arg() || 'parameter not set'}`);
      return v ?? '';
    case '#':
    case '##': {
      const m = new RegExp(`^(${patternRe(arg())})`).exec(v ?? '');
      if (seg.op === '#' && m) {
        const lazy = new RegExp(`^(${patternRe(arg()).replace(/\.\*/g, '.*?')})`).exec(v ?? '');
        return (v ?? '').slice((lazy ?? m)[0].length);
      }
      return m ? (v ?? '').slice(m[0].length) : (v ?? '');
    }
    case '%':
    case '%%': {
      const s = v ?? '';
      for (let i = seg.op === '%' ? s.length : 0; seg.op === '%' ? i >= 0 : i <= s.length; i += seg.op === '%' ? -1 : 1) {
        if (new RegExp(`^${patternRe(arg())}$`).test(s.slice(i))) return s.slice(0, i);
      }
      return s;
    }
  }
}

function segmentText(seg: Seg, ctx: ExpandContext): string {
  switch (seg.t) {
    case 'lit': return seg.v;
    case 'var': return expandVar(seg, ctx);
    case 'cmd': return ctx.substitute(seg.root).replace(/\n+$/, '');
    case 'arith': return String(arithmetic(seg.expr, ctx));
  }
}

/** One word to one string (assignments, redirection targets, `case` words): no field splitting. */
export function expandWord(word: Word, ctx: ExpandContext): string {
  return word.map((s) => segmentText(s, ctx)).join('');
}

/** Words to argv, field-splitting unquoted expansions on IFS whitespace. */
export function expandWords(words: Word[], ctx: ExpandContext): string[] {
  const out: string[] = [];
  for (const word of words) {
    let cur = '';
    let has = false;
    const flush = (): void => {
      if (has) out.push(cur);
      cur = '';
      has = false;
    };
    for (const seg of word) {
      if (seg.t === 'var' && seg.name === '@' && seg.q && !seg.op) {
        const params = ctx.positional.slice(1);
        params.forEach((p, i) => {
          if (i > 0) flush();
          cur += p;
          has = true;
        });
        continue;
      }
      const text = segmentText(seg, ctx);
      if (seg.q || seg.t === 'lit') {
        cur += text;
        has = has || seg.q || text.length > 0;
        continue;
      }
      const parts = text.split(/[ \t\n]+/);
      parts.forEach((part, i) => {
        if (i > 0) flush();
        if (part.length > 0) {
          cur += part;
          has = true;
        }
      });
    }
    flush();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// $(( … ))
// ---------------------------------------------------------------------------------------------

const BINARY: Record<string, [number, (a: number, b: number) => number]> = {
  '||': [1, (a, b) => (a || b ? 1 : 0)],
  '&&': [2, (a, b) => (a && b ? 1 : 0)],
  '==': [3, (a, b) => (a === b ? 1 : 0)],
  '!=': [3, (a, b) => (a !== b ? 1 : 0)],
  '<': [4, (a, b) => (a < b ? 1 : 0)],
  '<=': [4, (a, b) => (a <= b ? 1 : 0)],
  '>': [4, (a, b) => (a > b ? 1 : 0)],
  '>=': [4, (a, b) => (a >= b ? 1 : 0)],
  '+': [5, (a, b) => a + b],
  '-': [5, (a, b) => a - b],
  '*': [6, (a, b) => a * b],
  '/': [6, (a, b) => (b === 0 ? NaN : Math.trunc(a / b))],
  '%': [6, (a, b) => (b === 0 ? NaN : a % b)],
};

/** Integer arithmetic with C precedence; names read shell variables (unset = 0). */
export function arithmetic(expr: string, ctx: ExpandContext): number {
  const src = expr.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_m, n: string) => (own(ctx.vars, n) as string | undefined) ?? '0');
  const toks = src.match(/\d+|[A-Za-z_][A-Za-z0-9_]*|\|\||&&|==|!=|<=|>=|[-+*/%()<>!]/g) ?? [];
  let i = 0;
  const value = (t: string): number => (/^\d/.test(t) ? Number(t) : Number.parseInt((own(ctx.vars, t) as string | undefined) ?? '0', 10) || 0);
  const primary = (): number => {
    const t = toks[i++];
    if (t === undefined) return NaN;
    if (t === '(') {
      const v = binary(0);
      i++;
      return v;
    }
    if (t === '-') return -primary();
    if (t === '+') return primary();
    if (t === '!') return primary() ? 0 : 1;
    return value(t);
  };
  const binary = (min: number): number => {
    let left = primary();
    for (;;) {
      const op = toks[i];
      const entry = op !== undefined ? BINARY[op] : undefined;
      if (!entry || entry[0] <= min) return left;
      i++;
      left = entry[1](left, binary(entry[0]));
    }
  };
  const result = binary(0);
  if (!Number.isFinite(result) || i < toks.length) {
    ctx.fail(Number.isNaN(result) && /[/%]\s*0\b/.test(src) ? 'arithmetic syntax error' : `arithmetic syntax error`);
    return 0;
  }
  return result;
}
