/**
 * awk's built-in functions. sub/gsub/match find POSIX's leftmost-longest match (longest-match.ts,
 * as sed's `s` does); in a replacement `&` is the match, `\&` a literal `&`. gsub does not match
 * the empty string right after a match (mawk: gsub(/a*\/, "-", "aaa") gives "-"; BusyBox gives "--").
 *
 * rand() is deterministic (a seeded generator: the same run prints the same numbers), not mawk's
 * or BusyBox's sequence; srand() with no argument seeds from the simulated clock. length, substr,
 * index count characters where mawk and BusyBox count bytes (the same for ASCII); toupper and
 * tolower change ASCII letters only, as both do in the C locale. system() is refused when parsed.
 */
import type { Expr } from './ast';
import { longestMatcher } from '../longest-match';
import { splitFields } from './record';
import { awkRegex } from './regex';
import { AwkFatal } from './errors';
import type { Interp } from './runtime';
import type { Val } from './values';

function regexOf(it: Interp, e: Expr): RegExp {
  return e.kind === 'ere' ? awkRegex(e.source) : awkRegex(it.str(it.eval(e)));
}

function lvalueOf(e: Expr | undefined): Extract<Expr, { kind: 'var' | 'index' | 'field' }> | undefined {
  return e && (e.kind === 'var' || e.kind === 'index' || e.kind === 'field') ? e : undefined;
}

const stretchers = new WeakMap<RegExp, ReturnType<typeof longestMatcher>>();

function longest(re: RegExp): { global: RegExp; stretch: ReturnType<typeof longestMatcher> } {
  let stretch = stretchers.get(re);
  if (!stretch) stretchers.set(re, (stretch = longestMatcher(re)));
  return { global: new RegExp(re.source, 'g'), stretch };
}

function expand(repl: string, matched: string): string {
  return repl.replace(/\\\\|\\&|&/g, (t) => (t === '&' ? matched : t === '\\&' ? '&' : '\\'));
}

/** sub/gsub on `target`'s text: the new text and how many replacements. */
function substitute(re: RegExp, repl: string, s: string, all: boolean, emptyAfterMatch: boolean): { text: string; count: number } {
  const { global, stretch } = longest(re);
  let out = '';
  let pos = 0;
  let count = 0;
  let lastEnd = -1;
  while (pos <= s.length) {
    global.lastIndex = pos;
    const found = global.exec(s);
    if (!found) break;
    const m = stretch(s, found);
    const start = m.index;
    const end = start + m[0].length;
    if (start === end && start === lastEnd && !emptyAfterMatch) {
      if (start >= s.length) break;
      out += s.slice(pos, start + 1);
      pos = start + 1;
      continue;
    }
    out += s.slice(pos, start) + expand(repl, m[0]);
    count++;
    lastEnd = end;
    if (start === end) {
      if (start < s.length) out += s[start];
      pos = start + 1;
    } else pos = end;
    if (!all) break;
  }
  if (pos < s.length) out += s.slice(pos);
  return { text: out, count };
}

const upper = (s: string): string => s.replace(/[a-z]+/g, (t) => t.toUpperCase());
const lower = (s: string): string => s.replace(/[A-Z]+/g, (t) => t.toLowerCase());

/** A deterministic generator in [0, 1) (mulberry32). */
function nextRand(it: Interp): number {
  let t = (it.rand.state = (it.rand.state + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export function callBuiltin(it: Interp, name: string, args: Expr[]): Val {
  const num = (i: number): number => it.nums.toNum(it.eval(args[i]!));
  const str = (i: number): string => it.str(it.eval(args[i]!));
  switch (name) {
    case 'length': {
      const a = args[0];
      if (!a) return [...it.str(it.getField(0))].length;
      if (a.kind === 'var' && (it.arrays.has(a.name) || it.isLocalArray(a.name))) return it.array(a.name).size;
      return [...str(0)].length;
    }
    case 'substr': {
      const chars = [...str(0)];
      let start = Math.trunc(num(1));
      let len = args[2] ? Math.trunc(num(2)) : Infinity;
      if (Number.isNaN(len) || len < 0) len = 0;
      // Both awks start a position below 1 at 1 keeping the length (substr("hello", 0, 2) is "he").
      if (start < 1) start = 1;
      return chars.slice(start - 1, len === Infinity ? undefined : start - 1 + len).join('');
    }
    case 'index': {
      const s = str(0);
      const t = str(1);
      // index("abc", "") is 0 (mawk 1.3.4).
      const at = t === '' ? -1 : s.indexOf(t);
      return at < 0 ? 0 : [...s.slice(0, at)].length + 1;
    }
    case 'split': {
      const s = str(0);
      const target = args[1];
      if (target?.kind !== 'var') throw new AwkFatal('split: second argument is not an array');
      const sep = args[2] ? (args[2].kind === 'ere' ? awkRegex(args[2].source) : str(2)) : it.str(it.getVar('FS'));
      const parts = splitFields(s, typeof sep === 'string' && sep.length > 1 ? awkRegex(sep) : sep);
      it.array(target.name).load(parts.map((p) => it.nums.input(p)));
      return parts.length;
    }
    case 'sub':
    case 'gsub': {
      const re = regexOf(it, args[0]!);
      const repl = str(1);
      const target = lvalueOf(args[2]) ?? { kind: 'field', index: { kind: 'num', value: 0 } };
      const r = substitute(re, repl, it.str(it.eval(target)), name === 'gsub', it.host.flavour === 'busybox');
      if (r.count) it.eval({ kind: 'assign', op: '=', target, value: { kind: 'str', value: r.text } });
      return r.count;
    }
    case 'match': {
      const s = str(0);
      const { global, stretch } = longest(regexOf(it, args[1]!));
      const found = global.exec(s);
      const m = found && stretch(s, found);
      it.globals.set('RSTART', m ? [...s.slice(0, m.index)].length + 1 : 0);
      it.globals.set('RLENGTH', m ? [...m[0]].length : -1);
      return m ? [...s.slice(0, m.index)].length + 1 : 0;
    }
    case 'sprintf':
      if (!args.length) return '';
      return it.sprintf(str(0), args.slice(1).map((a) => it.eval(a)));
    case 'tolower':
      return lower(str(0));
    case 'toupper':
      return upper(str(0));
    case 'int':
      return Math.trunc(num(0));
    case 'sqrt':
      return Math.sqrt(num(0));
    case 'exp':
      return Math.exp(num(0));
    case 'log':
      return Math.log(num(0));
    case 'sin':
      return Math.sin(num(0));
    case 'cos':
      return Math.cos(num(0));
    case 'atan2':
      return Math.atan2(num(0), num(1));
    case 'rand':
      return nextRand(it);
    case 'srand': {
      const prev = it.rand.seed;
      const seed = args[0] ? num(0) : it.clockSeconds;
      it.rand.seed = seed;
      it.rand.state = Math.trunc(seed) | 0;
      return prev;
    }
    case 'close':
      return it.close(str(0));
    case 'fflush':
      return 0;
    default:
      throw new AwkFatal(`function ${name} is not available here`);
  }
}
