/**
 * awk's regular expressions are EREs (posix-regex.ts translates them, as for grep -E), after
 * awk's own escapes: `\n \t \r \f \v \a \"` and `\ddd` stand for the character, which is then
 * literal. `.` matches a newline too (a paragraph-mode record holds several lines). GNU's `\<`,
 * `\w` … are accepted, as gawk does; mawk and BusyBox would read them differently (approximate).
 */
import { translate } from '../posix-regex';

/** An ERE that does not compile: `source` as written, the line of the literal when it is one. */
export class RegexError extends Error {
  constructor(message: string, readonly source: string, public line?: number) {
    super(message);
  }

  /** mawk's words for what GNU calls the problem (recorded: /a(/, "[" ). */
  get mawk(): string {
    if (this.message.startsWith('Unmatched (')) return "missing ')'";
    if (this.message.startsWith('Unmatched [') || this.message === 'Invalid regular expression') return 'bad class -- [], [^] or [';
    return this.message;
  }
}

const cache = new Map<string, RegExp>();

const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', a: '\x07', '"': '"', '/': '/' };

function decode(src: string): string {
  return src.replace(/\\([0-7]{1,3}|[\s\S])/g, (all, c: string) => {
    const ch = /^[0-7]/.test(c) ? String.fromCharCode(parseInt(c, 8) & 0xff) : SIMPLE[c];
    if (ch === undefined) return all;
    return /[\\^$.|?*+()[\]{}]/.test(ch) ? `\\${ch}` : ch;
  });
}

/** The compiled ERE (cached: a rule's regex is compiled once per run of the program). */
export function awkRegex(src: string): RegExp {
  let re = cache.get(src);
  if (re) return re;
  const t = translate(decode(src), true, 0, true);
  if (!t.ok) throw new RegexError(t.error, src);
  re = new RegExp(t.source);
  if (cache.size > 500) cache.clear();
  cache.set(src, re);
  return re;
}
