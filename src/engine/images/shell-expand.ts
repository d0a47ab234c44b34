/**
 * Word expansion: bash's brace expansion first (src/k8s/brace-expand.ts over the word's unquoted
 * text; what is quoted or expanded stands as one opaque character meanwhile), parameters (`$VAR`, `${VAR:-x}`, `$?`, `$1`, `"$@"`), command substitution
 * (delegated to the interpreter), arithmetic `$((…))` (./shell-arith.ts, on src/k8s/arith.ts) and
 * field splitting of unquoted results, then pathname expansion of each field holding an unquoted
 * `*`, `?` or `[` (ctx.glob; quoted and escaped characters match only themselves).
 */
import type { Seg, Word } from './shell-ast';
import type { ArithVars } from '../../k8s/arith';
import { own, setOwn } from '../../k8s/own';
import { BASH_PARAM_WORDS, posixOperator, substringOf, type ParamWords } from '../../k8s/shell-params';
import { shellArithmetic, type ArithDialect } from './shell-arith';
import { braceExpand } from '../../k8s/brace-expand';
import { arrayIndices, arrayValues, resolveIndex, sliceValues, type BashArray } from '../../k8s/bash-arrays';
import { assocGet, assocKeys, assocValues, type AssocArray } from '../../k8s/bash-assoc';
import { withSubscripts } from '../../k8s/array-arith';

/** The expansion errors that end a shell's script: `${X:?msg}` on an unset X, `$((…))`'s, bash's failglob and `${x:1:-9}`. */
export type ExpansionError = 'unset' | 'arith' | 'nounset' | 'failglob' | 'substring';

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
  /** bash's `<(…)`: runs it and returns the path its stdout is read from (/dev/fd/63 …); `out`: `>(…)`, the path whose content it reads once the command ends. */
  procsub?(root: number, out: boolean): string;
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
  /** bash's brace expansion is on (bash, unless `set +B`). */
  brace?: boolean;
  /** A pattern no file matches: kept as written (default), dropped (nullglob) or an error (failglob). */
  noMatch?: 'drop' | 'fail';
  /** shopt extglob: `@(…)` and its kin make a word a pattern. */
  extglob?: boolean;
  /** bash's indexed arrays (sparse: src/k8s/bash-arrays.ts); `$a` is `${a[0]}`. */
  arrays?: Record<string, BashArray>;
  /** bash's associative arrays (src/k8s/bash-assoc.ts's hash order); `$m` is `${m[0]}`. */
  assocs?: Record<string, AssocArray>;
  /** bash's `~` with HOME unset: the user's home from the password file. */
  userHome?: () => string;
  /** The variables the shell computes as they are read (`$RANDOM`, `$SECONDS`, `$LINENO`; shell-vars.ts): undefined for any other name. */
  special?: (name: string) => string | undefined;
}

/** Quoted text inside a pattern: each character that would otherwise match more than itself. */
const quoteGlob = (text: string): string => text.replace(/[*?[\\\]]/g, '\\$&');
const GLOB_CHAR = /[*?[]/;
const EXTGLOB = /[@!+*?]\(/;
/** First of the private-use characters standing for a word's opaque parts during brace expansion. */
const OPAQUE = 0xe000;

/** bash's brace expansion of one word: its unquoted literal text expands, the rest stays whole. */
export function braceWords(word: Word): Word[] {
  if (!word.some((s) => s.t === 'lit' && !s.q && s.v.includes('{'))) return [word];
  const held: Seg[] = [];
  let text = '';
  for (const s of word) {
    if (s.t === 'lit' && !s.q) text += s.v;
    else {
      text += String.fromCharCode(OPAQUE + held.length);
      held.push(s);
    }
  }
  return braceExpand(text).map((t) => {
    const out: Seg[] = [];
    for (const ch of t) {
      const code = ch.charCodeAt(0);
      const last = out[out.length - 1];
      if (code >= OPAQUE && code < OPAQUE + held.length) out.push(held[code - OPAQUE]!);
      else if (last?.t === 'lit' && !last.q) out[out.length - 1] = { ...last, v: last.v + ch };
      else out.push({ t: 'lit', v: ch, q: false });
    }
    return out;
  });
}

/**
 * Tilde expansion of a word's start (POSIX 2.6.1): an unquoted `~` alone or before `/` is $HOME,
 * which is neither split nor globbed; bash also reads `~+` as $PWD and `~-` as $OLDPWD, and a
 * `NAME=~…` argument as an assignment. With HOME unset bash reads the password file, dash and
 * BusyBox keep the `~` (recorded: bash 5.2.15, dash 0.5.12, BusyBox 1.35, `echo ~ ~/x "~" a~ ~+
 * x=~/y`). Approximate: `~USER` is left as written.
 */
export function tildeWord(word: Word, ctx: ExpandContext): Word {
  const first = word[0];
  if (!first || first.t !== 'lit' || first.q) return word;
  const bash = ctx.dialect === 'bash';
  const m = /^([A-Za-z_][A-Za-z0-9_]*=)?~([+-]?)(?=\/|$)/.exec(first.v);
  if (!m || (m[1] && !bash) || (m[2] && !bash)) return word;
  // `~` must end the literal or come before `/`: `~"x"` is no tilde prefix.
  if (first.v.length === m[0].length && word.length > 1 && !(word[1]!.t === 'lit' && !word[1]!.q && word[1]!.v.startsWith('/'))) return word;
  const name = m[2] === '+' ? 'PWD' : m[2] === '-' ? 'OLDPWD' : 'HOME';
  const value = (own(ctx.vars, name) as string | undefined) ?? (name === 'HOME' ? ctx.userHome?.() : undefined);
  if (value === undefined) return word;
  const rest = first.v.slice(m[0].length);
  const head: Seg[] = [...(m[1] ? [{ t: 'lit' as const, v: m[1], q: false }] : []), { t: 'lit', v: value, q: true }];
  return [...head, ...(rest ? [{ ...first, v: rest }] : []), ...word.slice(1)];
}

/** Escapes what an ERE reads specially. */
const quoteEre = (text: string): string => text.replace(/[.[\]*^$+?(){}|\\]/g, '\\$&');

/**
 * `[[ x == WORD ]]` and `case` patterns: the word expanded, each quoted character `\`-escaped so
 * it matches only itself (every one, as bash's `set -x` shows it: `[[ a* == \a\* ]]`).
 */
export function expandPattern(word: Word, ctx: ExpandContext): string {
  return word.map((s) => (s.q ? segmentText(s, ctx).replace(/[\s\S]/g, '\\$&') : segmentText(s, ctx))).join('');
}

/** `[[ x =~ WORD ]]`: the word expanded as an ERE, its quoted parts matching only themselves. */
export function expandRegex(word: Word, ctx: ExpandContext): string {
  return word.map((s) => (s.q ? quoteEre(segmentText(s, ctx)) : segmentText(s, ctx))).join('');
}

/** Arithmetic reads and assigns the shell's variables (`$((i += 1))`). */
function arithVars(ctx: ExpandContext): ArithVars {
  const get = (name: string): string | undefined => {
    const v = ctx.special?.(name) ?? (own(ctx.vars, name) as string | undefined);
    // bash's `set -u` covers a bare name in `$((…))` too; dash and BusyBox read it as 0 (recorded).
    if (v === undefined && ctx.nounset && ctx.dialect === 'bash') ctx.fail(unboundMessage(name, false, 'bash'), 'nounset');
    return v;
  };
  const base: ArithVars = { get, set: (name, value) => setOwn(ctx.vars, name, value) };
  if (ctx.dialect !== 'bash') return base;
  // bash's `((count[$k]++))`: src/k8s/array-arith.ts resolves the element. Approximate: with no
  // array made yet in this shell (bash always has BASH_VERSINFO), `((a[1]=5))` sets nothing.
  return withSubscripts(base, {
    assoc: (name) => tableOf(name, ctx),
    array: (name) => (ctx.arrays ? (own(ctx.arrays, name) as BashArray | undefined) : undefined),
    setElement: (name, index, value) => {
      if (!ctx.arrays) return false;
      let arr = own(ctx.arrays, name) as BashArray | undefined;
      if (!arr) {
        const scalar = own(ctx.vars, name) as string | undefined;
        arr = scalar === undefined ? [] : [scalar];
        delete ctx.vars[name];
        setOwn(ctx.arrays, name, arr);
      }
      const at = resolveIndex(arr, index);
      if (at !== undefined) arr[at] = value;
      return at !== undefined;
    },
  });
}

function param(name: string, ctx: ExpandContext): string | undefined {
  if (name === '?') return String(ctx.status);
  if (name === '$') return String(ctx.pid);
  if (name === '#') return String(Math.max(0, ctx.positional.length - 1));
  if (name === '@' || name === '*') return ctx.positional.slice(1).join(' ');
  if (name === '!') return '';
  if (name === '-') return ctx.flags;
  if (/^\d$/.test(name)) return ctx.positional[Number(name)];
  const computed = ctx.special?.(name);
  if (computed !== undefined) return computed;
  const table = tableOf(name, ctx);
  if (table) return assocGet(table, '0');
  return (own(ctx.vars, name) as string | undefined) ?? (ctx.arrays ? ((own(ctx.arrays, name) as BashArray | undefined)?.[0] ?? undefined) : undefined);
}

/** NAME's associative array, if it is one. */
function tableOf(name: string, ctx: ExpandContext): AssocArray | undefined {
  return ctx.assocs ? (own(ctx.assocs, name) as AssocArray | undefined) : undefined;
}

/** `${a[@]}`'s elements: an array's set ones (src/k8s/bash-arrays.ts), a set scalar as one element, else none. */
function elements(name: string, ctx: ExpandContext): string[] {
  const table = tableOf(name, ctx);
  if (table) return assocValues(table);
  const arr = ctx.arrays ? (own(ctx.arrays, name) as BashArray | undefined) : undefined;
  if (arr) return arrayValues(arr);
  const v = own(ctx.vars, name) as string | undefined;
  return v === undefined ? [] : [v];
}

/** `${a[i]}`: the element at arithmetic subscript `index` (negative from the highest index); a scalar is element 0; `${m[key]}` an associative array's value. */
function element(name: string, index: string, key: Word | undefined, ctx: ExpandContext): string | undefined {
  const table = tableOf(name, ctx);
  if (table) return assocGet(table, expandWord(key ?? [{ t: 'lit', v: index, q: false }], ctx));
  const arr = ctx.arrays ? (own(ctx.arrays, name) as BashArray | undefined) : undefined;
  const i = Number(arithmetic(index, ctx));
  if (!arr) return i === 0 || i === -1 ? (own(ctx.vars, name) as string | undefined) : undefined;
  const at = resolveIndex(arr, i);
  return at === undefined ? undefined : (arr[at] ?? undefined);
}

/**
 * The fields of a parameter that has several (`${a[@]}`, `${!a[@]}`, `${a[@]:1:2}`, `${@:2}`),
 * undefined for one that has one value. Recorded, bash 5.2.15: src/k8s/bash-arrays.ts.
 */
function multiple(seg: Extract<Seg, { t: 'var' }>, ctx: ExpandContext): string[] | undefined {
  const every = seg.index === '@' || seg.index === '*';
  if (seg.keys) {
    const table = tableOf(seg.name, ctx);
    if (table) return assocKeys(table);
    const arr = ctx.arrays ? (own(ctx.arrays, seg.name) as BashArray | undefined) : undefined;
    return arr ? arrayIndices(arr).map(String) : own(ctx.vars, seg.name) === undefined ? [] : ['0'];
  }
  const positional = seg.index === undefined && (seg.name === '@' || seg.name === '*');
  if (!every && !(positional && seg.slice)) return undefined;
  if (!seg.slice) return elements(seg.name, ctx);
  const offset = Number(arithmetic(seg.slice.offset, ctx));
  const length = seg.slice.length === undefined ? undefined : Number(arithmetic(seg.slice.length, ctx));
  // `${@:n}` counts from $0, as bash's positional slices do.
  const all: BashArray = tableOf(seg.name, ctx) ? elements(seg.name, ctx) : positional ? ctx.positional : ctx.arrays && (own(ctx.arrays, seg.name) as BashArray | undefined) ? (own(ctx.arrays, seg.name) as BashArray) : elements(seg.name, ctx);
  return sliceValues(all, offset, length);
}

/** bash's `${x:offset:length}` on one value: src/k8s/shell-params.ts's substringOf, which the prompt uses. */
function substring(v: string, slice: { offset: string; length?: string }, ctx: ExpandContext): string {
  const o = Number(arithmetic(slice.offset, ctx));
  const r = substringOf(v, o, slice.length === undefined ? undefined : Number(arithmetic(slice.length, ctx)), slice.length?.trim());
  if (r.ok) return r.value;
  ctx.fail(r.message, 'substring');
  return '';
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
  if (seg.bad) {
    // Recorded (dash 0.5.12, BusyBox 1.35, `sh -c 'echo a; echo ${a[1]}'`): `a`, then `dash: 1: Bad substitution` / `sh: syntax error: bad substitution`, status 2.
    ctx.fail(ctx.dialect === 'dash' ? 'Bad substitution' : 'syntax error: bad substitution', 'unset');
    return '';
  }
  const every = seg.index === '@' || seg.index === '*';
  if (every && seg.length) return String(elements(seg.name, ctx).length);
  const many = multiple(seg, ctx);
  if (many) return many.join(' ');
  const v = seg.index === undefined ? param(seg.name, ctx) : element(seg.name, seg.index, seg.key, ctx);
  if (seg.slice) return seg.length ? String(substring(v ?? '', seg.slice, ctx).length) : substring(v ?? '', seg.slice, ctx);
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
    case 'procsub': return ctx.procsub?.(seg.root, seg.out === true) ?? '';
    case 'arith': return String(arithmetic(seg.expr, ctx));
  }
}

/** `$((expr))`, `((expr))` and `let expr`: its value; an error goes to ctx.fail (kind 'arith') and yields 0. */
export function arithmetic(expr: string, ctx: ExpandContext): bigint {
  return shellArithmetic(expr, ctx.dialect, arithVars(ctx), (name) => param(name, ctx), (message) => ctx.fail(message, 'arith'));
}

/** One word to one string (assignments, redirection targets, `case` words): no field splitting. */
export function expandWord(word: Word, ctx: ExpandContext): string {
  return word.map((s) => segmentText(s, ctx)).join('');
}

/** Words to argv, field-splitting unquoted expansions on IFS whitespace, then globbing. */
export function expandWords(words: Word[], ctx: ExpandContext): string[] {
  const out: string[] = [];
  for (const braced of ctx.brace ? words.flatMap(braceWords) : words) {
    const word = tildeWord(braced, ctx);
    let cur = '';
    // The same field as a pattern: quoted text escaped, unquoted text active.
    let pat = '';
    let active = false;
    let has = false;
    const flush = (): void => {
      if (has) {
        const matches = active && ctx.glob ? ctx.glob(pat) : [];
        if (matches.length > 0) out.push(...matches);
        else if (!active || !ctx.glob || ctx.noMatch === undefined) out.push(cur);
        else if (ctx.noMatch === 'fail') ctx.fail(`no match: ${cur}`, 'failglob');
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
        active = active || GLOB_CHAR.test(text) || (ctx.extglob === true && EXTGLOB.test(text));
      }
    };
    // `"$@"` with no parameters is no field at all, even with the lexer's empty quoted tail.
    let atEmpty = false;
    for (const seg of word) {
      // `"$@"` and `"${a[@]}"`: one field per parameter or element.
      if (seg.t === 'var' && seg.q && !seg.op && !seg.length && ((seg.name === '@' && seg.index === undefined) || seg.index === '@')) {
        const params = multiple(seg, ctx) ?? ctx.positional.slice(1);
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
