/**
 * Word expansion: parameters (`$VAR`, `${VAR:-x}`, `$?`, `$1`, `"$@"`), command substitution
 * (delegated to the interpreter), arithmetic `$((…))` (./shell-arith.ts, on src/k8s/arith.ts) and
 * field splitting of unquoted results, then pathname expansion of each field holding an unquoted
 * `*`, `?` or `[` (ctx.glob; quoted and escaped characters match only themselves).
 */
import type { Seg, Word } from './shell-ast';
import type { ArithVars } from '../../k8s/arith';
import { own, setOwn } from '../../k8s/own';
import { BASH_PARAM_WORDS, posixOperator, type ParamWords } from '../../k8s/shell-params';
import { shellArithmetic, type ArithDialect } from './shell-arith';

/** The expansion errors that end a shell's script: `${X:?msg}` on an unset X, and `$((…))`'s. */
export type ExpansionError = 'unset' | 'arith' | 'nounset';

export interface ExpandContext {
  vars: Record<string, string>;
  /** `$0`, `$1`, … */
  positional: string[];
  status: number;
  pid: number;
  /** Which shell runs the script: its arithmetic and its messages differ. */
  dialect: ArithDialect;
  /** `$-`: the shell's option letters. */
  flags: string;
  /** `set -u`: expanding an unset parameter is an error that ends the shell. */
  nounset: boolean;
  /** Runs `$(…)` and returns its stdout. */
  substitute(root: number): string;
  /**
   * `${x:?msg}` and arithmetic errors: the interpreter prints them to stderr, after the shell's
   * prefix, and the shell running the script exits (commands.ts).
   */
  fail(message: string, kind: ExpansionError): void;
  /**
   * Pathname expansion of a pattern (quoted characters `\`-escaped): the sorted matches, empty
   * when none. Absent under `set -f` and where the caller does no globbing.
   */
  glob?: (pattern: string) => string[];
}

/** Quoted text inside a pattern: each character that would otherwise match more than itself. */
const quoteGlob = (text: string): string => text.replace(/[*?[\\\]]/g, '\\$&');
const GLOB_CHAR = /[*?[]/;

/** Arithmetic reads and assigns the shell's variables (`$((i += 1))`). */
function arithVars(ctx: ExpandContext): ArithVars {
  const get = (name: string): string | undefined => {
    const v = own(ctx.vars, name) as string | undefined;
    // bash's `set -u` covers a bare name in `$((…))` too; dash and BusyBox read it as 0 (recorded).
    if (v === undefined && ctx.nounset && ctx.dialect === 'bash') ctx.fail(unboundMessage(name, false, 'bash'), 'nounset');
    return v;
  };
  return { get, set: (name, value) => setOwn(ctx.vars, name, value) };
}

function param(name: string, ctx: ExpandContext): string | undefined {
  if (name === '?') return String(ctx.status);
  if (name === '$') return String(ctx.pid);
  if (name === '#') return String(Math.max(0, ctx.positional.length - 1));
  if (name === '@' || name === '*') return ctx.positional.slice(1).join(' ');
  if (name === '!') return '';
  if (name === '-') return ctx.flags;
  if (/^\d$/.test(name)) return ctx.positional[Number(name)];
  return own(ctx.vars, name) as string | undefined;
}

/** `set -u`'s error (recorded: bash `X: unbound variable`, `$1: unbound variable`, `${1}`'s `1: …`; dash and BusyBox `X: parameter not set`, `1: …`). */
function unboundMessage(name: string, braced: boolean, dialect: ArithDialect): string {
  if (dialect === 'bash') return `${/^\d$/.test(name) && !braced ? '$' : ''}${name}: unbound variable`;
  return `${name}: parameter not set`;
}

/** dash's and BusyBox ash's words for `${X?}`/`${X:?}` (both keep ash's varunset); bash's are src/k8s's. */
const ASH_PARAM_WORDS: ParamWords = { notSet: (nullToo) => (nullToo ? 'parameter not set or null' : 'parameter not set') };

/** `${…}`: the rules are src/k8s/shell-params.ts's (trims use src/k8s/fnmatch.ts's patterns). */
function expandVar(seg: Extract<Seg, { t: 'var' }>, ctx: ExpandContext): string {
  const v = param(seg.name, ctx);
  if (v === undefined && ctx.nounset && (!seg.op || seg.length || seg.op === '#' || seg.op === '##' || seg.op === '%' || seg.op === '%%')) {
    ctx.fail(unboundMessage(seg.name, seg.braced === true, ctx.dialect), 'nounset');
    return '';
  }
  if (seg.length) return String((v ?? '').length);
  if (!seg.op) return v ?? '';
  const arg = seg.arg ?? [];
  const written = arg.some((s) => s.t !== 'lit' || s.v !== '');
  const r = posixOperator(
    seg.op,
    seg.name,
    v,
    written ? () => ({ ok: true, value: expandWord(arg, ctx) }) : null,
    (name, value) => setOwn(ctx.vars, name, value),
    ctx.dialect === 'bash' ? BASH_PARAM_WORDS : ASH_PARAM_WORDS,
  );
  if (r.ok) return r.value;
  ctx.fail(r.message, 'unset');
  return '';
}

function segmentText(seg: Seg, ctx: ExpandContext): string {
  switch (seg.t) {
    case 'lit': return seg.v;
    case 'var': return expandVar(seg, ctx);
    case 'cmd': return ctx.substitute(seg.root).replace(/\n+$/, '');
    case 'arith': return String(shellArithmetic(seg.expr, ctx.dialect, arithVars(ctx), (name) => param(name, ctx), (message) => ctx.fail(message, 'arith')));
  }
}

/** One word to one string (assignments, redirection targets, `case` words): no field splitting. */
export function expandWord(word: Word, ctx: ExpandContext): string {
  return word.map((s) => segmentText(s, ctx)).join('');
}

/** Words to argv, field-splitting unquoted expansions on IFS whitespace, then globbing. */
export function expandWords(words: Word[], ctx: ExpandContext): string[] {
  const out: string[] = [];
  for (const word of words) {
    let cur = '';
    // The same field as a pattern: quoted text escaped, unquoted text active.
    let pat = '';
    let active = false;
    let has = false;
    const flush = (): void => {
      if (has) {
        const matches = active && ctx.glob ? ctx.glob(pat) : [];
        if (matches.length > 0) out.push(...matches);
        else out.push(cur);
      }
      cur = '';
      pat = '';
      active = false;
      has = false;
    };
    const add = (text: string, quoted: boolean): void => {
      cur += text;
      if (quoted) pat += quoteGlob(text);
      else {
        // A `\` that came from an expansion is literal in a pattern too (bash 5.2, dash, ash).
        pat += text.replace(/\\/g, '\\\\');
        active = active || GLOB_CHAR.test(text);
      }
    };
    // `"$@"` with no parameters is no field at all, even with the lexer's empty quoted tail.
    let atEmpty = false;
    for (const seg of word) {
      if (seg.t === 'var' && seg.name === '@' && seg.q && !seg.op) {
        const params = ctx.positional.slice(1);
        if (params.length === 0) atEmpty = true;
        params.forEach((p, i) => {
          if (i > 0) flush();
          add(p, true);
          has = true;
        });
        continue;
      }
      const text = segmentText(seg, ctx);
      if (seg.q || seg.t === 'lit') {
        add(text, seg.q);
        has = has || (seg.q && !(atEmpty && text === '')) || text.length > 0;
        continue;
      }
      const parts = text.split(/[ \t\n]+/);
      parts.forEach((part, i) => {
        if (i > 0) flush();
        if (part.length > 0) {
          add(part, false);
          has = true;
        }
      });
    }
    flush();
  }
  return out;
}
