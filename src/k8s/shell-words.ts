/**
 * A simple command's words as bash expands them at the terminal's prompt: quotes and backslashes,
 * `$NAME`, `${NAME}`, `$?`, and `$(command)`, whose output replaces it minus trailing newlines. An
 * unquoted expansion is split into words at blanks and vanishes when empty (so `export
 * do="--dry-run=client -o yaml"` makes `kubectl create … $do` four words, as the CKA habit
 * expects); inside double quotes it stays one word; single quotes expand nothing. `${NAME:-x}` and
 * `${NAME-x}` give defaults. No globbing, and arithmetic `$((…))` is refused, never half-done.
 */

export interface ExpandEnv {
  /** A variable's value; undefined when unset (it expands to nothing). */
  lookup(name: string): string | undefined;
  /** `$?`: the last command's status. */
  status: number;
  /** Runs `$(command)` and answers its stdout. */
  substitute(command: string): string;
}

export type ExpandOutcome = { ok: true; argv: string[] } | { ok: false; message: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** The index just past the `)` that closes a `$(` whose body starts at `i`, or -1. */
export function closingParen(text: string, i: number): number {
  let depth = 1;
  let quote: "'" | '"' | undefined;
  for (let j = i; j < text.length; j++) {
    const c = text[j]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') j++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j + 1;
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
      while (j < text.length && text[j] !== c) j += c === '"' && text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return { ok: false, message: c === "'" ? "unexpected EOF while looking for matching `''" : 'unexpected EOF while looking for matching `"\'' };
      i = j;
    } else if (c === '\\') i++;
    else if (c === '$' && text[i + 1] === '(') {
      const close = closingParen(text, i + 2);
      if (close < 0) return { ok: false, message: "unexpected EOF while looking for matching `)'" };
      i = close - 1;
    }
  }
  if (start >= 0) words.push(text.slice(start));
  return { ok: true, words };
}

/** `split: false` reads an assignment's value: expansions are never split (`X=$(cmd)` keeps its blanks). */
export function expandWords(text: string, env: ExpandEnv, split = true): ExpandOutcome {
  const argv: string[] = [];
  let cur = '';
  /** The current word exists even if empty (a quote was seen, or literal text). */
  let inWord = false;
  const end = (): void => {
    if (inWord) argv.push(cur);
    cur = '';
    inWord = false;
  };
  /** An expansion's value: inside quotes it joins the word; outside it splits at blanks. */
  const put = (value: string, quoted: boolean): void => {
    if (quoted || !split) {
      inWord = true;
      cur += value;
      return;
    }
    const parts = value.split(/[ \t\n]+/);
    parts.forEach((p, k) => {
      if (k > 0) end();
      if (p !== '') {
        cur += p;
        inWord = true;
      }
    });
  };
  /** Reads a `$` expansion at `i` (text[i] === '$'); returns the index after it, or an error. */
  const dollar = (i: number, quoted: boolean): number | string => {
    const next = text[i + 1];
    if (next === '(') {
      if (text[i + 2] === '(') return 'arithmetic expansion $((…)) is not supported at this prompt';
      const close = closingParen(text, i + 2);
      if (close < 0) return "unexpected EOF while looking for matching `)'";
      put(env.substitute(text.slice(i + 2, close - 1)).replace(/\n+$/, ''), quoted);
      return close;
    }
    if (next === '?') {
      put(String(env.status), quoted);
      return i + 2;
    }
    if (next === '{') {
      const close = text.indexOf('}', i + 2);
      const body = close < 0 ? '' : text.slice(i + 2, close);
      // `${NAME}`, and the defaults `${NAME:-word}` (unset or empty) / `${NAME-word}` (unset).
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?)-(.*))?$/s.exec(body);
      if (!m) return `${text.slice(i, close < 0 ? text.length : close + 1)}: bad substitution`;
      const value = env.lookup(m[1]!);
      const useDefault = m[3] !== undefined && (value === undefined || (m[2] === ':' && value === ''));
      put(useDefault ? m[3]! : (value ?? ''), quoted);
      return close + 1;
    }
    const m = NAME.exec(text.slice(i + 1));
    if (!m) {
      // A lone `$` (`$ `, `$"`, end of text) is itself.
      cur += '$';
      inWord = true;
      return i + 1;
    }
    put(env.lookup(m[0]) ?? '', quoted);
    return i + 1 + m[0].length;
  };

  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return { ok: false, message: "unexpected EOF while looking for matching `''" };
      cur += text.slice(i + 1, close);
      inWord = true;
      i = close + 1;
    } else if (c === '"') {
      inWord = true;
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; ) {
        const d = text[j]!;
        if (d === '\\' && j + 1 < text.length && '"\\$`'.includes(text[j + 1]!)) {
          cur += text[j + 1];
          j += 2;
        } else if (d === '$') {
          const r = dollar(j, true);
          if (typeof r === 'string') return { ok: false, message: r };
          j = r;
        } else {
          cur += d;
          j++;
        }
      }
      if (j >= text.length) return { ok: false, message: 'unexpected EOF while looking for matching `"\'' };
      i = j + 1;
    } else if (c === '\\' && i + 1 < text.length) {
      cur += text[i + 1];
      inWord = true;
      i += 2;
    } else if (c === '$') {
      const r = dollar(i, false);
      if (typeof r === 'string') return { ok: false, message: r };
      i = r;
    } else if (/\s/.test(c)) {
      end();
      i++;
    } else {
      cur += c;
      inWord = true;
      i++;
    }
  }
  end();
  return { ok: true, argv };
}
