/**
 * A simple command's redirections as bash reads them (`kubectl get deploy web -o yaml > web.yaml`,
 * `2>/dev/null`, `>> log`, `&> all`, `2>&1`, `< in.yaml`): unquoted operators, an optional fd
 * number glued to the operator, the target word after it (quotes removed). What is left is the
 * command's own text. The Session applies them in order, as bash does (`> f 2>&1` sends both
 * streams to f; `2>&1 > f` only stdout).
 */
import { tokenize } from './script';
import { backquoted } from './backquote';
import { closingParen } from './shell-words';

export type Redirect =
  /** `fd > path` (`append`: `>>`); `&>`/`&>>` is fd 'both'. */
  | { kind: 'out'; fd: 1 | 2 | 'both'; path: string; append: boolean }
  /** `2>&1` / `1>&2`: fd becomes a copy of `to`. */
  | { kind: 'dup'; fd: 1 | 2; to: 1 | 2 }
  /** `< path`. */
  | { kind: 'in'; path: string }
  /** `<<< word`: the word as written, which the caller expands unsplit (bash's here-string); it and a newline are stdin. */
  | { kind: 'string'; word: string };

export type RedirectOutcome = { ok: true; text: string; redirects: Redirect[] } | { ok: false; message: string };

/** Whether `c` ends an unquoted word (so a target stops there). */
const ENDS_WORD = /[\s<>]/;

/** Reads the word starting at `i` (quotes kept, so tokenize can remove them); returns its end. */
function wordAt(text: string, i: number): number {
  let j = i;
  // `done < <(kubectl get pods)`: a process substitution is the target word.
  if ((text[j] === '<' || text[j] === '>') && text[j + 1] === '(') {
    const close = closingParen(text, j + 2);
    j = close < 0 ? text.length : close;
  }
  while (j < text.length && !ENDS_WORD.test(text[j]!)) {
    const c = text[j]!;
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, j + 1);
      if (close < 0) return text.length;
      j = close + 1;
    } else if (c === '`') {
      j = backquoted(text, j)?.end ?? text.length;
    } else if (c === '$' && text[j + 1] === '(') {
      // `<<< $(kubectl get … -o jsonpath='{…}')`: the substitution is one word, blanks and all.
      const close = closingParen(text, j + 2);
      j = close < 0 ? text.length : close;
    } else j += c === '\\' ? 2 : 1;
  }
  return j;
}

/** A target word as bash reads it: exactly one word after expansion, else `ambiguous redirect`. */
export type TargetReader = (word: string) => { ok: true; argv: string[] } | { ok: false; message: string };

export function splitRedirects(text: string, readTarget: TargetReader = tokenize): RedirectOutcome {
  const redirects: Redirect[] = [];
  let kept = '';
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      kept += c;
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) kept += text[++i];
      else if (c === '`' && quote === '"') {
        const stop = backquoted(text, i, true)?.end ?? text.length;
        kept += text.slice(i + 1, stop);
        i = stop - 1;
      }
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      kept += c;
      continue;
    }
    if (c === '\\' && i + 1 < text.length) {
      kept += c + text[++i];
      continue;
    }
    if (c === '`') {
      const stop = backquoted(text, i)?.end ?? text.length;
      kept += text.slice(i, stop);
      i = stop - 1;
      continue;
    }
    // A redirection inside `$(…)` or backquotes belongs to that command, read when it runs; `<(…)` and
    // `>(…)` are process substitutions (`source <(kubectl completion bash)`), not redirections.
    if ((c === '$' || c === '<' || c === '>') && text[i + 1] === '(') {
      const close = closingParen(text, i + 2);
      const stop = close < 0 ? text.length : close;
      kept += text.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if (c !== '>' && c !== '<' && !(c === '&' && text[i + 1] === '>')) {
      kept += c;
      continue;
    }
    // An fd number counts only as a whole word glued to the operator (`2>`, not `a2>`).
    let fd: 1 | 2 | 'both' | 0 = c === '<' ? 0 : 1;
    const digit = /(^|\s)([012])$/.exec(kept);
    if (digit && c !== '&') {
      fd = Number(digit[2]) as 0 | 1 | 2;
      kept = kept.slice(0, -1);
    }
    if (c === '&') {
      fd = 'both';
      i++;
    }
    let op = text[i]!;
    if (op === '>' && text[i + 1] === '>') {
      op = '>>';
      i++;
    } else if (op === '>' && text[i + 1] === '|') i++;
    else if (op === '<' && text[i + 1] === '<' && text[i + 2] === '<' && fd === 0) {
      let from = i + 3;
      while (from < text.length && /[ \t]/.test(text[from]!)) from++;
      const to = wordAt(text, from);
      if (to === from) return { ok: false, message: `syntax error near unexpected token \`${from < text.length ? text[from] : 'newline'}'` };
      redirects.push({ kind: 'string', word: text.slice(from, to) });
      i = to - 1;
      kept += ' ';
      continue;
    } else if (op === '<' && text[i + 1] === '<') return { ok: false, message: 'syntax error near unexpected token `<<\'' };
    // `2>&1`: duplicate a descriptor.
    if (op === '>' && text[i + 1] === '&' && /[12]/.test(text[i + 2] ?? '') && fd !== 'both' && fd !== 0) {
      redirects.push({ kind: 'dup', fd, to: Number(text[i + 2]) as 1 | 2 });
      i += 2;
      kept += ' ';
      continue;
    }
    let start = i + 1;
    while (start < text.length && /[ \t]/.test(text[start]!)) start++;
    const end = wordAt(text, start);
    if (end === start) return { ok: false, message: `syntax error near unexpected token \`${start < text.length ? text[start] : 'newline'}'` };
    const word = readTarget(text.slice(start, end));
    if (!word.ok) return { ok: false, message: word.message };
    if (word.argv.length !== 1) return { ok: false, message: `${text.slice(start, end)}: ambiguous redirect` };
    const path = word.argv[0]!;
    if (op === '<') {
      if (fd !== 0) return { ok: false, message: `${fd}: bad file descriptor` };
      redirects.push({ kind: 'in', path });
    } else redirects.push({ kind: 'out', fd: fd === 0 ? 1 : fd, path, append: op === '>>' });
    i = end - 1;
    kept += ' ';
  }
  return { ok: true, text: kept.trim(), redirects };
}
