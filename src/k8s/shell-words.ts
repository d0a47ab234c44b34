/**
 * A simple command's words as bash expands them at the terminal's prompt: quotes and backslashes,
 * `$NAME`, `${…}` (./shell-params.ts), `$?`, `$((…))` (./arith.ts, through `env.arith`), `~`, and
 * `$(command)` or `` `command` `` (./backquote.ts), whose output replaces it minus trailing newlines. An
 * unquoted expansion is split into words at blanks and vanishes when empty (so `export
 * do="--dry-run=client -o yaml"` makes `kubectl create … $do` four words, as the CKA habit
 * expects); inside double quotes it stays one word; single quotes expand nothing. An unquoted
 * `*`, `?` or `[…]` makes the word a pattern that `env.glob` expands (./fnmatch.ts); no match
 * leaves it as written, as bash without nullglob (with it, `env.nullglob`, no word).
 */
import { ansiCQuoted } from './ansi-c';
import { BASH_UNCLOSED_BACKQUOTE, backquoted } from './backquote';
import { hasGlob, quotePattern } from './fnmatch';
import { closingBrace, expandParameter, type ParamOutcome } from './shell-params';
import { expandSubscripted, SUBSCRIPTED } from './array-params';
import type { BashArray } from './bash-arrays';
import type { AssocArray } from './bash-assoc';

export interface ExpandEnv {
  /** A variable's value; undefined when unset (it expands to nothing). */
  lookup(name: string): string | undefined;
  /** `$?`: the last command's status. */
  status: number;
  /** Runs `$(command)` and answers its stdout. */
  substitute(command: string): string;
  /** `${X:=w}` assigns. */
  assign?(name: string, value: string): void;
  /** `$((…))`: evaluates bash arithmetic (absent: refused). */
  arith?(expr: string): { ok: true; value: bigint } | { ok: false; message: string };
  /** Pathname expansion: the paths matching a pattern, sorted; none leaves the word as it is. */
  glob?(pattern: string): string[];
  /** bash's nullglob: a pattern that matches nothing is no word at all. */
  nullglob?: boolean;
  /** `~` at a word's start (absent: left as written). */
  home?: string;
  /** A function's arguments, for `"$@"` (one word each); `$1`, `$#`, `$*` come through `lookup`. */
  positional?(): string[];
  /** `set -u`: an unset `$NAME`, `${NAME}`, `${#NAME}` or `$1` is an error that ends the line. */
  nounset?: boolean;
  /** bash's `<(command)`: runs it and answers the path its output is read from (absent: `<(` is text). */
  procsub?(command: string): string;
  /** bash's `>(command)`: answers the path to write to; the command reads what was written once the command naming it ends (absent: `>(` is text). */
  procsubOut?(command: string): string;
  /** bash's indexed arrays (`${a[1]}`, `"${a[@]}"` …, ./array-params.ts); undefined for a name that is none. */
  array?(name: string): BashArray | undefined;
  /** bash's associative arrays (`${m[key]}` …, ./array-params.ts); undefined for a name that is none. */
  assoc?(name: string): AssocArray | undefined;
}

/** `fatal`: the error ends the whole line (`$((1/0))`, `${X:?}`), as in an interactive bash. */
export type ExpandOutcome = { ok: true; argv: string[] } | { ok: false; message: string; fatal?: boolean };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;


/** A here-document operator at `j` (`<<EOF`, `<<-'EOF'`; not `<<<`): its delimiter, and whether tabs are stripped. */
function documentAt(text: string, j: number): { word: string; strip: boolean } | undefined {
  const m = /^<<(-?)[ \t]*(?:'([^']*)'|"([^"]*)"|\\?([A-Za-z_0-9][^\s;&|<>()]*))/.exec(text.slice(j));
  return m && text[j + 2] !== '<' ? { word: m[2] ?? m[3] ?? m[4]!, strip: m[1] === '-' } : undefined;
}

/**
 * The index just past the `)` that closes a `$(` whose body starts at `i`, or -1. A here-document
 * inside (`$(cat <<EOF` ⏎ `it's` ⏎ `EOF` ⏎ `)`) is skipped from the newline to its delimiter, as
 * bash reads it: its quotes and parentheses are text.
 */
export function closingParen(text: string, i: number): number {
  let depth = 1;
  let quote: "'" | '"' | undefined;
  const documents: { word: string; strip: boolean }[] = [];
  for (let j = i; j < text.length; j++) {
    const c = text[j]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') j++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j + 1;
    else if (c === '<' && text[j + 1] === '<') {
      const doc = documentAt(text, j);
      if (doc) documents.push(doc);
      j++;
    } else if (c === '\n' && documents.length) {
      for (const doc of documents.splice(0)) {
        for (;;) {
          const nl = text.indexOf('\n', j + 1);
          const line = text.slice(j + 1, nl < 0 ? text.length : nl);
          j = nl < 0 ? text.length : nl;
          if ((doc.strip ? line.replace(/^\t+/, '') : line) === doc.word || nl < 0) break;
        }
      }
    }
  }
  return -1;
}

/**
 * Splits a command's text into its words as written (quotes and `$(…)` kept), for what bash reads
 * before expanding: aliases, assignments (`POD=$(…)` is one word whose value is never split).
 */
export function rawWords(text: string): { ok: true; words: string[] } | { ok: false; message: string } {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      if (start >= 0) words.push(text.slice(start, i));
      start = -1;
      continue;
    }
    if (start < 0) start = i;
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) {
        if (c === '"' && text[j] === '`') j = backquoted(text, j, true)?.end ?? text.length;
        // `"${m["a b"]}"`: a parameter's quotes are its own.
        else if (c === '"' && text[j] === '$' && text[j + 1] === '{') j = closingBrace(text, j + 2) < 0 ? text.length : closingBrace(text, j + 2) + 1;
        else j += c === '"' && text[j] === '\\' ? 2 : 1;
      }
      if (j >= text.length) return { ok: false, message: c === "'" ? "unexpected EOF while looking for matching `''" : 'unexpected EOF while looking for matching `"\'' };
      i = j;
    } else if (c === '\\') i++;
    else if (c === '(' && /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(text.slice(start, i))) {
      // bash's `a=(x "y z")`: the list is part of the assignment word.
      const close = closingParen(text, i + 1);
      if (close < 0) return { ok: false, message: "unexpected EOF while looking for matching `)'" };
      i = close - 1;
    } else if (c === '`') {
      const b = backquoted(text, i);
      if (!b) return { ok: false, message: BASH_UNCLOSED_BACKQUOTE };
      i = b.end - 1;
    } else if ((c === '<' || c === '>') && text[i + 1] === '(') {
      // A process substitution `<(…)` or `>(…)` is one piece of its word, blanks and all.
      const close = closingParen(text, i + 2);
      if (close < 0) return { ok: false, message: "unexpected EOF while looking for matching `)'" };
      i = close - 1;
    } else if (c === '$' && text[i + 1] === '(') {
      const close = closingParen(text, i + 2);
      if (close < 0) return { ok: false, message: "unexpected EOF while looking for matching `)'" };
      i = close - 1;
    } else if (c === '$' && text[i + 1] === '{') {
      const close = closingBrace(text, i + 2);
      if (close >= 0) i = close;
    }
  }
  if (start >= 0) words.push(text.slice(start));
  return { ok: true, words };
}

/** `split: false` reads an assignment's value: expansions are never split nor globbed (`X=$(cmd)` keeps its blanks). */
export function expandWords(text: string, env: ExpandEnv, split = true): ExpandOutcome {
  const argv: string[] = [];
  let cur = '';
  /** The word as a pattern: quoted characters escaped, so only what bash would glob is special. */
  let pat = '';
  let globby = false;
  /** The current word exists even if empty (a quote was seen, or literal text). */
  let inWord = false;
  const end = (): void => {
    if (inWord) {
      const matches = split && globby && env.glob ? env.glob(pat) : [];
      if (matches.length) argv.push(...matches);
      else if (!(split && globby && env.glob && env.nullglob)) argv.push(cur);
    }
    cur = '';
    pat = '';
    globby = false;
    inWord = false;
  };
  /** Text that joins the word: quoted (never a pattern) or as written. */
  const add = (value: string, quoted: boolean): void => {
    cur += value;
    if (quoted) pat += quotePattern(value);
    else {
      pat += value;
      if (hasGlob(value)) globby = true;
    }
    inWord = true;
  };
  /** An expansion's value: inside quotes it joins the word; outside it splits at blanks. */
  const put = (value: string, quoted: boolean): void => {
    if (quoted || !split) {
      add(value, true);
      return;
    }
    const parts = value.split(/[ \t\n]+/);
    parts.forEach((p, k) => {
      if (k > 0) end();
      if (p !== '') add(p, false);
    });
  };
  let fatal = false;
  /** The word after a `${X:-word}` operator: its blanks are text (`${X:-a b}`); runs of them read as one here. */
  const wordValue = (w: string): ParamOutcome => {
    const e = expandWords(w, env, false);
    return e.ok ? { ok: true, value: e.argv.join(' ') } : { ok: false, message: e.message, fatal: e.fatal === true };
  };
  /** Reads a `$` expansion at `i` (text[i] === '$'); returns the index after it, or an error. */
  const dollar = (i: number, quoted: boolean): number | string => {
    const next = text[i + 1];
    if (next === '(' && text[i + 2] === '(') {
      const close = closingParen(text, i + 2);
      if (close < 0 || text[close - 2] !== ')') return "unexpected EOF while looking for matching `)'";
      const value = arithmetic(text.slice(i + 3, close - 2), env);
      if (!value.ok) {
        fatal = value.fatal;
        return value.message;
      }
      put(value.value, quoted);
      return close;
    }
    if (next === '(') {
      const close = closingParen(text, i + 2);
      if (close < 0) return "unexpected EOF while looking for matching `)'";
      put(env.substitute(text.slice(i + 2, close - 1)).replace(/\n+$/, ''), quoted);
      return close;
    }
    if (next === '?') {
      put(String(env.status), quoted);
      return i + 2;
    }
    if (next === '!') {
      // The last background job's PID; empty before any.
      put(env.lookup('!') ?? '', quoted);
      return i + 2;
    }
    if (next === '@' && quoted && env.positional) {
      // "$@": each argument its own word, the first joining what came before, the last what follows.
      env.positional().forEach((arg, k) => {
        if (k > 0) end();
        add(arg, true);
      });
      return i + 2;
    }
    if (next !== undefined && /[0-9#@*-]/.test(next)) {
      const v = env.lookup(next);
      if (v === undefined && env.nounset && /\d/.test(next)) return unbound(next);
      put(v ?? '', quoted);
      return i + 2;
    }
    if (next === '{') {
      const close = closingBrace(text, i + 2);
      if (close < 0) return `${text.slice(i)}: bad substitution`;
      const body = text.slice(i + 2, close);
      const array = env.array;
      if (array && SUBSCRIPTED.test(body)) {
        const r = expandSubscripted(body, { ...env, array }, wordValue);
        if (!r.ok) {
          fatal = r.fatal;
          return r.message;
        }
        if (!('fields' in r)) put(r.value, quoted);
        else if (quoted && r.each) {
          // "${a[@]}": each element its own word, as "$@".
          r.fields.forEach((f, k) => {
            if (k > 0) end();
            add(f, true);
          });
        } else put(r.fields.join(' '), quoted);
        return close + 1;
      }
      const plain = /^#?([A-Za-z_][A-Za-z0-9_]*|\d+)$/.exec(text.slice(i + 2, close));
      if (plain && env.nounset && env.lookup(plain[1]!) === undefined) return unbound(plain[1]!, true);
      const r = expandParameter(text.slice(i + 2, close), env, wordValue);
      if (!r.ok) {
        fatal = r.fatal;
        return r.message;
      }
      put(r.value, quoted);
      return close + 1;
    }
    const m = NAME.exec(text.slice(i + 1));
    if (!m) {
      // A lone `$` (`$ `, `$"`, end of text) is itself.
      add('$', true);
      return i + 1;
    }
    const v = env.lookup(m[0]);
    if (v === undefined && env.nounset) return unbound(m[0]);
    put(v ?? '', quoted);
    return i + 1 + m[0].length;
  };
  /** bash's words (recorded): `NAME: unbound variable`, `$1: unbound variable`, `${1}`'s `1: unbound variable`. */
  const unbound = (name: string, braced = false): string => {
    fatal = true;
    return `${/^\d/.test(name) && !braced ? '$' : ''}${name}: unbound variable`;
  };
  const failed = (message: string): ExpandOutcome => (fatal ? { ok: false, message, fatal } : { ok: false, message });

  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return { ok: false, message: "unexpected EOF while looking for matching `''" };
      add(text.slice(i + 1, close), true);
      i = close + 1;
    } else if (c === '"') {
      // "$@" with no arguments, or "${a[@]}" (or "${!a[@]}") with no elements, is no word at all, not an empty one.
      const all = /^"(\$@|\$\{!?([A-Za-z_][A-Za-z0-9_]*)\[@\]\})"/.exec(text.slice(i));
      const none = all && (all[2] === undefined ? env.positional?.().length === 0 : emptyArray(all[2], env));
      if (!inWord && all && none && (i + all[0].length === text.length || /\s/.test(text[i + all[0].length]!))) {
        i += all[0].length;
        continue;
      }
      inWord = true;
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; ) {
        const d = text[j]!;
        if (d === '\\' && j + 1 < text.length && '"\\$`'.includes(text[j + 1]!)) {
          add(text[j + 1]!, true);
          j += 2;
        } else if (d === '$') {
          const r = dollar(j, true);
          if (typeof r === 'string') return failed(r);
          j = r;
        } else if (d === '`') {
          const b = backquoted(text, j, true);
          if (!b) return { ok: false, message: BASH_UNCLOSED_BACKQUOTE };
          put(env.substitute(b.command).replace(/\n+$/, ''), true);
          j = b.end;
        } else {
          add(d, true);
          j++;
        }
      }
      if (j >= text.length) return { ok: false, message: 'unexpected EOF while looking for matching `"\'' };
      i = j + 1;
    } else if (c === '\\' && i + 1 < text.length) {
      add(text[i + 1]!, true);
      i += 2;
    } else if (c === '$' && text[i + 1] === "'") {
      const q = ansiCQuoted(text, i);
      if (!q) return { ok: false, message: "unexpected EOF while looking for matching `''" };
      add(q.value, true);
      i = q.end;
    } else if (c === '$') {
      const r = dollar(i, false);
      if (typeof r === 'string') return failed(r);
      i = r;
    } else if (c === '`') {
      const b = backquoted(text, i);
      if (!b) return { ok: false, message: BASH_UNCLOSED_BACKQUOTE };
      put(env.substitute(b.command).replace(/\n+$/, ''), false);
      i = b.end;
    } else if (c === '<' && text[i + 1] === '(' && env.procsub) {
      // bash's `<(command)`: a path the command's output can be read from (/dev/fd/63 …).
      const close = closingParen(text, i + 2);
      if (close < 0) return { ok: false, message: "unexpected EOF while looking for matching `)'" };
      add(env.procsub(text.slice(i + 2, close - 1)), true);
      i = close;
    } else if (c === '>' && text[i + 1] === '(' && env.procsubOut) {
      // bash's `>(command)`: a path whose content the command reads (the same numbering as `<(…)`).
      const close = closingParen(text, i + 2);
      if (close < 0) return { ok: false, message: "unexpected EOF while looking for matching `)'" };
      add(env.procsubOut(text.slice(i + 2, close - 1)), true);
      i = close;
    } else if (/\s/.test(c)) {
      end();
      i++;
    } else if (c === '~' && !inWord && env.home !== undefined && (i + 1 === text.length || text[i + 1] === '/' || /\s/.test(text[i + 1]!))) {
      // `~` starting a word is the home directory (`~user` is not: this machine has one user).
      add(env.home, true);
      i++;
    } else {
      add(c, false);
      i++;
    }
  }
  end();
  return { ok: true, argv };
}

/** NAME has no element: an empty array, or no array and no value. */
function emptyArray(name: string, env: ExpandEnv): boolean {
  const table = env.assoc?.(name);
  if (table) return table.count === 0;
  const arr = env.array?.(name);
  return arr ? arr.every((v) => v === undefined || v === null) : env.lookup(name) === undefined;
}

/** `$((expr))`: its `$…` expanded first, then evaluated; errors end the line. */
function arithmetic(expr: string, env: ExpandEnv): { ok: true; value: string } | { ok: false; message: string; fatal: boolean } {
  if (!env.arith) return { ok: false, message: 'arithmetic expansion $((…)) is not supported here', fatal: false };
  const expanded = expandDollars(expr, env);
  if (!expanded.ok) return { ok: false, message: expanded.message, fatal: expanded.fatal === true };
  const r = env.arith(expanded.text);
  return r.ok ? { ok: true, value: String(r.value) } : { ok: false, message: r.message, fatal: true };
}

/** An arithmetic expression with its `$NAME`, `${…}` and `$(…)` expanded, the rest as written. */
export function expandDollars(expr: string, env: ExpandEnv): { ok: true; text: string } | { ok: false; message: string; fatal?: boolean } {
  let out = '';
  for (let i = 0; i < expr.length; i++) {
    if (expr[i] !== '$') {
      out += expr[i];
      continue;
    }
    let stop: number;
    if (expr[i + 1] === '(') stop = closingParen(expr, i + 2);
    else if (expr[i + 1] === '{') stop = closingBrace(expr, i + 2) + 1;
    else if (expr[i + 1] !== undefined && /[?!0-9#@*]/.test(expr[i + 1]!)) stop = i + 2;
    else stop = i + 1 + (NAME.exec(expr.slice(i + 1))?.[0].length ?? 0);
    if (stop <= i) return { ok: false, message: `${expr}: bad substitution` };
    const r = expandWords(expr.slice(i, stop), env, false);
    if (!r.ok) return r;
    out += r.argv.join('');
    i = stop - 1;
  }
  return { ok: true, text: out };
}
