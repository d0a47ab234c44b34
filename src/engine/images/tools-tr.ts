/**
 * tr as GNU coreutils 9.1 translates: SET1 → SET2 (SET2 padded with its last character, or cut
 * to SET1 with -t), -d, -s, -c/-C; sets with ranges (`a-z`), classes (`[:upper:]`, `[:digit:]`,
 * `[:space:]`…), `[=c=]`, repeats (`[x*]`, `[x*3]`) and escapes (`\n`, `\t`, `\\`, `\012`); GNU's
 * operand and set errors. Its own module for the set parser.
 *
 * GNU tr works on bytes, so it would mangle a multibyte character; here sets and input are
 * characters (code points) and the classes are ASCII, which is what GNU does for ASCII. With -c
 * the complement is taken over the first 256 code points, the rest mapping as the last. BusyBox
 * images get GNU's behaviour and messages.
 */
import { getopt, HELP_VERSION, optionError, quote, usageError, type OptionSpec } from './tool-options';
import { getopt32 } from '../../k8s/getopt';
import { bb, ok, type ToolEnv, type ToolResult } from './tool-types';

const TR: OptionSpec = {
  tool: 'tr',
  short: '+AcCdst',
  long: [['complement', 'c', 'none'], ['delete', 'd', 'none'], ['squeeze-repeats', 's', 'none'], ['truncate-set1', 't', 'none'], ...HELP_VERSION],
  unsupported: ['A'],
  busybox: getopt32('+Ccds'),
};

const range = (lo: string, hi: string): string[] => Array.from({ length: hi.charCodeAt(0) - lo.charCodeAt(0) + 1 }, (_x, i) => String.fromCharCode(lo.charCodeAt(0) + i));
const ascii = (test: RegExp): string[] => range('\0', '\x7f').filter((c) => test.test(c));

const CLASSES: Record<string, string[]> = {
  alnum: ascii(/[0-9A-Za-z]/),
  alpha: ascii(/[A-Za-z]/),
  blank: [' ', '\t'].sort(),
  cntrl: [...range('\0', '\x1f'), '\x7f'],
  digit: range('0', '9'),
  graph: range('!', '~'),
  lower: range('a', 'z'),
  print: range(' ', '~'),
  punct: ascii(/[!-/:-@[-`{-~]/),
  space: ascii(/[\t\n\v\f\r ]/),
  upper: range('A', 'Z'),
  xdigit: ascii(/[0-9A-Fa-f]/),
};

/** A set expanded to its characters, with what GNU's validate() asks of it: where classes sit, where `[c*]` fills go, whether it has `[=c=]`, whether it ends in a class. */
interface CharSet {
  chars: string[];
  classes: { at: number; name: string }[];
  fills: { at: number; c: string }[];
  equiv: boolean;
  endsInClass: boolean;
}

const ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** One character of a set, escapes decoded: [char, length consumed]. */
function charAt(s: string, i: number, warn: () => void): [string, number] {
  if (s[i] !== '\\') return [String.fromCodePoint(s.codePointAt(i)!), s.codePointAt(i)! > 0xffff ? 2 : 1];
  const next = s[i + 1];
  if (next === undefined) {
    warn();
    return ['\\', 1];
  }
  const oct = /^[0-7]{1,3}/.exec(s.slice(i + 1));
  if (oct && parseInt(oct[0], 8) < 256) return [String.fromCharCode(parseInt(oct[0], 8)), 1 + oct[0].length];
  return [ESCAPES[next] ?? next, 2];
}

function parseSet(s: string, env: ToolEnv): CharSet | string {
  const set: CharSet = { chars: [], classes: [], fills: [], equiv: false, endsInClass: false };
  const warn = (): void => env.io.err('tr: warning: an unescaped backslash at end of string is not portable\n');
  for (let i = 0; i < s.length; ) {
    const cls = /^\[:([a-z]*):\]/.exec(s.slice(i));
    if (cls) {
      const chars = CLASSES[cls[1]!];
      if (!chars) return `invalid character class ${quote(env, cls[1]!)}`;
      set.classes.push({ at: set.chars.length, name: cls[1]! });
      set.chars.push(...chars);
      i += cls[0].length;
      set.endsInClass = i >= s.length;
      continue;
    }
    const equiv = /^\[=(.)=\]/u.exec(s.slice(i));
    if (equiv) {
      set.chars.push(equiv[1]!);
      set.equiv = true;
      i += equiv[0].length;
      continue;
    }
    if (s[i] === '[') {
      const [c, n] = charAt(s, i + 1, warn);
      const rep = /^\*(\d*)\]/.exec(s.slice(i + 1 + n));
      if (rep && i + 1 < s.length) {
        const count = rep[1] === '' ? 0 : rep[1]!.startsWith('0') ? parseInt(rep[1]!, 8) : Number(rep[1]);
        if (count === 0) set.fills.push({ at: set.chars.length, c });
        else set.chars.push(...Array<string>(count).fill(c));
        i += 1 + n + rep[0].length;
        continue;
      }
    }
    const [c, n] = charAt(s, i, warn);
    i += n;
    if (s[i] === '-' && i + 1 < s.length) {
      const [hi, m] = charAt(s, i + 1, warn);
      if (hi < c) return `range-endpoints of '${c}-${hi}' are in reverse collating sequence order`;
      set.chars.push(...range(c, hi));
      i += 1 + m;
    } else set.chars.push(c);
  }
  return set;
}

export function tr(args: string[], env: ToolEnv): ToolResult {
  const p = getopt(args, TR, env);
  if (!p.ok) return p.result;
  const has = (k: string): boolean => p.opts.some((o) => o.key === k || (k === 'c' && o.key === 'C'));
  const [del, squeeze, invert, truncate] = [has('d'), has('s'), has('c'), has('t')];
  const n = p.operands.length;
  const min = 1 + Number(del === squeeze);
  const max = 1 + Number(del <= squeeze);
  if (n < min) {
    // BusyBox's getopt32 "-1" (at least one operand) shows the usage alone.
    if (n === 0) return bb(env) ? optionError(env, TR, undefined) : usageError(env, TR, 'missing operand');
    const why = squeeze ? 'Two strings must be given when both deleting and squeezing repeats.' : 'Two strings must be given when translating.';
    return usageError(env, TR, `missing operand after ${quote(env, p.operands[n - 1]!)}\n${why}`);
  }
  if (n > max) {
    const note = n === 2 ? '\nOnly one string may be given when deleting without squeezing repeats.' : '';
    return usageError(env, TR, `extra operand ${quote(env, p.operands[max]!)}${note}`);
  }
  const fail = (message: string): ToolResult => {
    env.io.err(`tr: ${message}\n`);
    return { status: 1 };
  };
  const s1 = parseSet(p.operands[0]!, env);
  if (typeof s1 === 'string') return fail(s1);
  const s2 = n === 2 ? parseSet(p.operands[1]!, env) : undefined;
  if (typeof s2 === 'string') return fail(s2);
  const inSet1 = new Set(s1.chars);
  const member = (c: string): boolean => inSet1.has(c) !== invert;
  const map = new Map<string, string>();
  /** What a character past U+00FF becomes under -c, which complements over 256 byte values. */
  let beyond: string | undefined;
  const translating = s2 !== undefined && !del;
  /** SET2 as squeezing sees it: with its `[c*]` filled in when translating. */
  let squeezeWith = s2?.chars ?? [];
  // GNU's validate(), in its order.
  if (s1.fills.length) return fail('the [c*] repeat construct may not appear in string1');
  if (s2 && s2.fills.length > 1) return fail('only one [c*] repeat construct may appear in string2');
  if (s2 && !translating && s2.fills.length) return fail('the [c*] construct may appear in string2 only when translating');
  if (translating) {
    if (s2.equiv) return fail('[=c=] expressions may not appear in string2 when translating');
    if (s2.classes.some((c) => c.name !== 'upper' && c.name !== 'lower')) return fail("when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'");
    if (!invert) for (const c of s2.classes) if (!s1.classes.some((d) => d.at === c.at && (d.name === 'upper' || d.name === 'lower'))) return fail('misaligned [:upper:] and/or [:lower:] construct');
    const from = invert ? range('\0', '\xff').filter((c) => !inSet1.has(c)) : s1.chars;
    const to = [...s2.chars];
    const fill = s2.fills[0];
    if (fill) to.splice(fill.at, 0, ...Array<string>(Math.max(0, from.length - to.length)).fill(fill.c));
    if (from.length > to.length && !truncate) {
      if (!to.length) return fail('when not truncating set1, string2 must be non-empty');
      if (s2.endsInClass) return fail('when translating with string1 longer than string2,\nthe latter string must not end with a character class');
      to.push(...Array<string>(from.length - to.length).fill(to[to.length - 1]!));
    }
    squeezeWith = to;
    if (invert && s1.classes.length && !(to.length === from.length && new Set(to).size === 1)) {
      return fail('when translating with complemented character classes,\nstring2 must map all characters in the domain to one');
    }
    const last = to[to.length - 1];
    from.forEach((c, i) => {
      const t = to[i] ?? (truncate ? undefined : last);
      if (t !== undefined) map.set(c, t);
    });
    beyond = invert ? last : undefined;
  }
  const squeezeSet = squeeze ? new Set(s2 ? squeezeWith : s1.chars) : undefined;
  const squeezes = (c: string): boolean => (s2 ? squeezeSet!.has(c) : member(c));
  let out = '';
  let prev: string | undefined;
  for (const ch of env.io.stdin) {
    if (del && member(ch)) continue;
    let c = ch;
    if (translating) c = map.get(ch) ?? (ch.codePointAt(0)! > 0xff ? (beyond ?? ch) : ch);
    if (squeeze && c === prev && squeezes(c)) continue;
    out += c;
    prev = c;
  }
  env.io.out(out);
  return ok;
}
