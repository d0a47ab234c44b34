/**
 * sort as GNU coreutils 9.1 sorts: keys (`-k POS1[,POS2]`, fields split at blank-to-nonblank
 * transitions or at `-t SEP`, each key with its own `bdfhinr`), numeric `-n` and human `-h`
 * (compared as strings of digits, so any length is exact), `-b -d -f -i -r -s -u`, `-o FILE`,
 * and the last-resort whole-line comparison that breaks ties unless -s or -u. Its own module for
 * the key machinery; the parsing is getopt's (tool-options.ts).
 *
 * Collation follows the locale: byte order under C/POSIX (containers, which set no LANG) and
 * glibc's en_US.UTF-8 order (collate.ts) in the terminal, where `kubectl get pods | sort` sorts
 * the NAME header among the pods as on a Debian workstation. en_US also brings `,` as the
 * thousands separator `-n` skips. -g, -M, -R, -V, -c/-C, -m, -z are refused by name.
 */
import { byteCompare, languageCollator } from './collate';
import { readOnlyAt, writeFile } from './fs';
import { bareFile, byteLength, fatal, getopt, HELP_VERSION, languageCollation, lines, quote, readOperand, thousandsSeparator, type OptionSpec } from './tool-options';
import { getopt32 } from '../../k8s/getopt';
import { bb, ok, path, type ToolEnv, type ToolResult } from './tool-types';

const SORT: OptionSpec = {
  tool: 'sort',
  short: '-bcCdfghik:mMno:rRsS:t:T:uVy:z',
  long: [
    ['ignore-leading-blanks', 'b', 'none'], ['check', 'check', 'optional'], ['compress-program', 'compress-program', 'required'], ['debug', 'debug', 'none'],
    ['dictionary-order', 'd', 'none'], ['ignore-case', 'f', 'none'], ['files0-from', 'files0-from', 'required'], ['general-numeric-sort', 'g', 'none'],
    ['ignore-nonprinting', 'i', 'none'], ['key', 'k', 'required'], ['merge', 'm', 'none'], ['month-sort', 'M', 'none'], ['numeric-sort', 'n', 'none'],
    ['human-numeric-sort', 'h', 'none'], ['version-sort', 'V', 'none'], ['random-sort', 'R', 'none'], ['random-source', 'random-source', 'required'],
    ['sort', 'sort', 'required'], ['output', 'o', 'required'], ['reverse', 'r', 'none'], ['stable', 's', 'none'], ['batch-size', 'batch-size', 'required'],
    ['buffer-size', 'S', 'required'], ['field-separator', 't', 'required'], ['temporary-directory', 'T', 'required'], ['unique', 'u', 'none'],
    ['zero-terminated', 'z', 'none'], ['parallel', 'parallel', 'required'], ...HELP_VERSION,
  ],
  unsupported: ['c', 'C', 'check', 'debug', 'files0-from', 'g', 'm', 'M', 'R', 'random-source', 'sort', 'V', 'z'],
  status: 2,
  busybox: getopt32('nghMVucszbrdfimS:T:o:k:t:'),
};

/** A key as keyfield holds it: 0-based start field/char (sword -1: line start), end field (Infinity: line end) and end char (0: end of field). */
interface Key {
  sword: number;
  schar: number;
  eword: number;
  echar: number;
  opts: string;
}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** The key's start in `line` (begfield). */
function begfield(line: string, k: Key, tab: string | undefined): number {
  let p = 0;
  const lim = line.length;
  let n = k.sword;
  if (tab !== undefined) {
    while (p < lim && n-- > 0) {
      while (p < lim && line[p] !== tab) p++;
      if (p < lim) p++;
    }
  } else {
    while (p < lim && n-- > 0) {
      while (p < lim && isBlank(line[p])) p++;
      while (p < lim && !isBlank(line[p])) p++;
    }
  }
  if (k.opts.includes('b')) while (p < lim && isBlank(line[p])) p++;
  return Math.min(lim, p + k.schar);
}

/** The key's end in `line` (limfield). */
function limfield(line: string, k: Key, tab: string | undefined): number {
  let p = 0;
  const lim = line.length;
  let n = k.echar === 0 ? k.eword + 1 : k.eword;
  if (tab !== undefined) {
    while (p < lim && n-- > 0) {
      while (p < lim && line[p] !== tab) p++;
      if (p < lim && (n > 0 || k.echar !== 0)) p++;
    }
  } else {
    while (p < lim && n-- > 0) {
      while (p < lim && isBlank(line[p])) p++;
      while (p < lim && !isBlank(line[p])) p++;
    }
  }
  if (k.echar !== 0) {
    if (k.opts.includes('B')) while (p < lim && isBlank(line[p])) p++;
    p = Math.min(lim, p + k.echar);
  }
  return p;
}

function keyText(line: string, k: Key, tab: string | undefined): string {
  const end = k.eword === Infinity ? line.length : limfield(line, k, tab);
  let start = 0;
  if (k.sword >= 0) start = begfield(line, k, tab);
  else if (k.opts.includes('b')) while (start < end && isBlank(line[start])) start++;
  return end <= start ? '' : line.slice(start, end);
}

/** A number as strnumcmp reads it: sign, integer digits without leading zeros or separators, fraction without trailing zeros. */
function parseNumber(s: string, sep: string): { neg: boolean; int: string; frac: string; unit: string } {
  let i = 0;
  while (isBlank(s[i])) i++;
  const neg = s[i] === '-';
  if (neg) i++;
  let int = '';
  while (/\d/.test(s[i] ?? '')) {
    int += s[i++];
    // One separator between digits (`1,000` in en_US); a second one, or one before a non-digit, ends the number.
    if (sep && s[i] === sep && /\d/.test(s[i + 1] ?? '')) i++;
  }
  let frac = '';
  if (s[i] === '.') for (i++; /\d/.test(s[i] ?? ''); ) frac += s[i++];
  return { neg, int: int.replace(/^0+/, ''), frac: frac.replace(/0+$/, ''), unit: s[i] ?? '' };
}

const UNITS = 'KMGTPEZY';

function numCompare(a: string, b: string, sep: string, human: boolean): number {
  const x = parseNumber(a, sep);
  const y = parseNumber(b, sep);
  const sign = (n: typeof x): number => (n.int === '' && n.frac === '' ? 0 : n.neg ? -1 : 1);
  if (human) {
    const order = (n: typeof x): number => (n.unit ? sign(n) * (UNITS.indexOf(n.unit === 'k' ? 'K' : n.unit) + 1) : 0);
    if (order(x) !== order(y)) return order(x) - order(y);
  }
  if (sign(x) !== sign(y)) return sign(x) - sign(y);
  const magnitude = x.int.length - y.int.length || (x.int < y.int ? -1 : x.int > y.int ? 1 : 0) || (x.frac < y.frac ? -1 : x.frac > y.frac ? 1 : 0);
  return sign(x) < 0 ? -magnitude : magnitude;
}

/** Parses a -k argument, or returns GNU's message for a bad one. */
function parseKey(spec: string, env: ToolEnv): Key | string {
  const bad = (why: string): string => `${why}: invalid field specification ${quote(env, spec)}`;
  const count = (s: string, why: string): [number, string] | string => {
    const m = /^\d+/.exec(s);
    return m ? [Number(m[0]), s.slice(m[0].length)] : `${why}: invalid count at start of ${quote(env, s)}`;
  };
  const ordering = (s: string, end: boolean): [string, string] => {
    const m = /^[bdfghiMnRrV]*/.exec(s)![0];
    return [end ? m.replace(/b/g, 'B') : m, s.slice(m.length)];
  };
  const start = count(spec, 'invalid number at field start');
  if (typeof start === 'string') return start;
  let [sword, rest] = start;
  if (sword === 0) return bad('field number is zero');
  sword--;
  let schar = 0;
  if (rest.startsWith('.')) {
    const c = count(rest.slice(1), "invalid number after '.'");
    if (typeof c === 'string') return c;
    [schar, rest] = c;
    if (schar === 0) return bad('character offset is zero');
    schar--;
  }
  if (sword === 0 && schar === 0) sword = -1;
  let [opts, after] = ordering(rest, false);
  let eword = Infinity;
  let echar = 0;
  if (after.startsWith(',')) {
    const e = count(after.slice(1), "invalid number after ','");
    if (typeof e === 'string') return e;
    [eword, after] = e;
    if (eword === 0) return bad('field number is zero');
    eword--;
    if (after.startsWith('.')) {
      const c = count(after.slice(1), "invalid number after '.'");
      if (typeof c === 'string') return c;
      [echar, after] = c;
    }
    const [more, tail] = ordering(after, true);
    opts += more;
    after = tail;
  }
  if (after) return bad('stray character in field spec');
  return { sword, schar, eword, echar, opts };
}

const KEY_ORDERINGS = /[bBdfghiMnRV]/;

export function sort(args: string[], env: ToolEnv): ToolResult {
  let global = '';
  let tab: string | undefined;
  let output: string | undefined;
  const keys: Key[] = [];
  const p = getopt(args, SORT, env, (o) => {
    if (o.key === 'k') {
      const k = parseKey(o.value, env);
      if (typeof k === 'string') return fatal(env, 'sort', k, 2);
      keys.push(k);
    } else if (o.key === 't') {
      if (o.value === '') return fatal(env, 'sort', 'empty tab', 2);
      const t = o.value === '\\0' ? '\0' : o.value;
      if (byteLength(t) > 1) return fatal(env, 'sort', `multi-character tab ${quote(env, o.value)}`, 2);
      if (tab !== undefined && tab !== t) return fatal(env, 'sort', 'incompatible tabs', 2);
      tab = t;
    } else if (o.key === 'o') output = o.value;
    else if ('bdfhinrsu'.includes(o.key)) global += o.key;
    // -S, -T, -y, --parallel, --batch-size, --compress-program tune resources, not the result.
    return undefined;
  });
  if (!p.ok) return p.result;
  const ordering = global.replace(/[su]/g, '');
  // A key without ordering options of its own takes the global ones (-b for both of its ends).
  for (const k of keys) if (!KEY_ORDERINGS.test(k.opts) && !k.opts.includes('r')) k.opts = ordering.replace('b', 'bB');
  if (!keys.length && /[^r]/.test(ordering)) keys.push({ sword: -1, schar: 0, eword: Infinity, echar: 0, opts: ordering.replace('b', 'bB') });
  for (const k of keys) {
    // check_ordering_compatibility: one of -n, -h and -d/-i per key, named in key_to_opts' order.
    if (Number(k.opts.includes('n')) + Number(k.opts.includes('h')) + Number(/[di]/.test(k.opts)) > 1) {
      // -d and -i set one field, which -d wins: only one of them is named.
      const named = [...'dfhin'].filter((c) => k.opts.includes(c) && !(c === 'i' && k.opts.includes('d')));
      return fatal(env, 'sort', `options '-${named.join('')}' are incompatible`, 2);
    }
  }
  const stable = global.includes('s');
  const unique = global.includes('u');
  const reverse = global.includes('r');

  const files = p.operands.length ? p.operands : ['-'];
  const stdin = { used: false };
  const all: string[] = [];
  for (const f of files) {
    const text = readOperand(env, 'sort', f, { missing: (n) => `cannot read: ${n}: No such file or directory`, dir: (n) => `read failed: ${n}: Is a directory` }, stdin);
    if (text === undefined) return { status: 2 };
    all.push(...lines(text));
  }
  const collate = languageCollation(env) ? languageCollator() : byteCompare;
  const sep = thousandsSeparator(env);
  /** A key's text with -d/-i's characters dropped and -f's folded: numeric keys see it too, as in keycompare. */
  const adjusted = (text: string, k: Key): string => {
    const drop = k.opts.includes('d') ? /[^A-Za-z0-9 \t]/g : k.opts.includes('i') ? /[^ -~]/g : undefined;
    const kept = drop ? text.replace(drop, '') : text;
    return k.opts.includes('f') ? kept.replace(/[a-z]/g, (c) => c.toUpperCase()) : kept;
  };
  const keyCompare = (a: string, b: string): number => {
    for (const k of keys) {
      const x = adjusted(keyText(a, k, tab), k);
      const y = adjusted(keyText(b, k, tab), k);
      const numeric = k.opts.includes('n') || k.opts.includes('h');
      const d = numeric ? numCompare(x, y, sep, k.opts.includes('h')) : x === '' || y === '' ? Number(x !== '') - Number(y !== '') : collate(x, y);
      if (d !== 0) return k.opts.includes('r') ? -d : d;
    }
    return 0;
  };
  const compare = (a: string, b: string): number => {
    if (keys.length) {
      const d = keyCompare(a, b);
      if (d || unique || stable) return d;
    }
    const whole = a === '' || b === '' ? Number(a !== '') - Number(b !== '') : collate(a, b);
    return reverse ? -whole : whole;
  };
  // Array.prototype.sort is stable, as GNU's merge sort is: -u keeps the first of equal lines.
  const sorted = [...all].sort(compare);
  const out = unique ? sorted.filter((l, i) => i === 0 || compare(sorted[i - 1]!, l) !== 0) : sorted;
  const text = out.map((l) => `${l}\n`).join('');
  if (output !== undefined && output !== '-') {
    const target = path(env, output);
    if (readOnlyAt(env.fs, target)) return bb(env) ? fatal(env, 'sort', `can't open '${output}': Read-only file system`) : fatal(env, 'sort', `open failed: ${bareFile(output)}: Read-only file system`, 2);
    writeFile(env.fs, env.base, target, text, false);
  } else env.io.out(text);
  return ok;
}
