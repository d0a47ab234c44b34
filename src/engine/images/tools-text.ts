/**
 * The text filters scripts and the terminal pipe through: head, tail, wc, uniq, tee here;
 * grep, sort, cut, tr, seq and awk in their own modules (each needs a parser of its own: regular
 * expressions, sort keys, cut lists, tr sets). They read stdin or FILE operands and behave as GNU
 * coreutils 9.1 does, checked against the real tools (text-filters.gnu.test.ts); option parsing
 * and file errors are shared (tool-options.ts). `tail -f` never returns (the keep-alive idiom), on
 * a pipe too, where GNU would ignore -f.
 *
 * BusyBox differences modelled: wc's columns (`%9u` where GNU sizes them), "can't open" for a
 * missing file and tail's "no files". Otherwise BusyBox images get GNU's behaviour and messages,
 * usage errors included (BusyBox prints its usage screen instead of the Try line).
 */
import { parentProblem, readOnlyAt, stat, writeFile } from './fs';
import { awk } from './tools-awk';
import { cut } from './tools-cut';
import { grep } from './tools-grep';
import { seq } from './tools-seq';
import { sort } from './tools-sort';
import { tr } from './tools-tr';
import { argmatchIn, bareFile, byteLength, fatal, getopt, HELP_VERSION, lines, PLAIN_ERRORS, quote, quoteFile, rawLines, readOperand, sliceBytes, toolOptions, usageError, utf8Locale, type OpenErrors, type OptionSpec } from './tool-options';
import { bb, idsOf, ok, path, type Tool, type ToolEnv, type ToolResult } from './tool-types';
import { getopt32 } from '../../k8s/getopt';

const POWERS = ['k', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'];

/** xstrtoumax with head/tail's suffixes: `5`, `2b` (512-byte blocks), `1K`/`1KiB` (1024), `1kB` (1000), `3M`… */
function parseCount(s: string): number | 'invalid' | 'overflow' {
  const m = /^\+?(\d+)(?:([bkKmMGTPEZY])(B|iB|D)?)?$/.exec(s);
  if (!m || (m[2] === 'b' && m[3])) return 'invalid';
  const power = m[2] === undefined || m[2] === 'b' ? 0 : POWERS.indexOf(m[2] === 'K' ? 'k' : m[2] === 'm' ? 'M' : m[2]) + 1;
  const unit = m[2] === 'b' ? 512 : (m[3] === 'B' || m[3] === 'D' ? 1000 : 1024) ** power;
  const n = Number(m[1]) * unit;
  return n >= 2 ** 64 ? 'overflow' : n;
}

/** A -n / -c value: its count and whether it counts from the start (`+N`) or is negative (`-N`). */
function countArg(env: ToolEnv, tool: string, value: string, bytes: boolean): { n: number; sign: '' | '+' | '-' } | ToolResult {
  const sign = value.startsWith('+') ? '+' : value.startsWith('-') ? '-' : '';
  const digits = sign === '-' ? value.slice(1) : value;
  const n = parseCount(digits);
  if (typeof n === 'number') return { n, sign };
  return fatal(env, tool, `invalid number of ${bytes ? 'bytes' : 'lines'}: ${quote(env, digits)}${n === 'overflow' ? ': Value too large for defined data type' : ''}`);
}

/** head and tail: `cannot open 'x' for reading`, with `==> name <==` headers when several files are read. */
const HEAD_TAIL_ERRORS: OpenErrors = {
  missing: (n) => `cannot open ${quoteFile(n)} for reading: No such file or directory`,
  dir: (n) => `error reading ${quoteFile(n)}: Is a directory`,
};

function eachFile(env: ToolEnv, tool: string, operands: string[], header: boolean | undefined, body: (text: string) => string): number {
  const files = operands.length ? operands : ['-'];
  const stdin = { used: false };
  const show = header ?? files.length > 1;
  let status = 0;
  let first = true;
  for (const f of files) {
    const text = readOperand(env, tool, f, HEAD_TAIL_ERRORS, stdin);
    if (text === undefined) {
      status = 1;
      continue;
    }
    if (show) env.io.out(`${first ? '' : '\n'}==> ${f === '-' ? 'standard input' : f} <==\n`);
    first = false;
    env.io.out(body(text));
  }
  return status;
}

const HEAD: OptionSpec = {
  tool: 'head',
  short: 'c:n:qvz0123456789',
  long: [['bytes', 'c', 'required'], ['lines', 'n', 'required'], ['quiet', 'q', 'none'], ['silent', 'q', 'none'], ['verbose', 'v', 'none'], ['zero-terminated', 'z', 'none'], ...HELP_VERSION],
  unsupported: ['z'],
  // head.c's own getopt loop ("No size benefit in converting this to getopt32"): no long table at all, so `--lines=3` is `invalid option -- '-'`.
  busybox: { short: 'n:c:qv' },
};

function head(args: string[], env: ToolEnv): ToolResult {
  let count = { n: 10, sign: '' };
  let bytes = false;
  let header: boolean | undefined;
  let argv = args;
  // Obsolete `head -5`, `head -5c`: only as the first argument.
  const old = /^-(\d+)([bcklmqv]*)$/.exec(args[0] ?? '');
  if (old) {
    const suffix = old[2]!.match(/[bkm]/)?.[0] ?? '';
    bytes = /[bckm]/.test(old[2]!);
    const c = countArg(env, 'head', old[1]! + (suffix === 'k' ? 'K' : suffix), bytes);
    if (!('n' in c)) return c;
    count = c;
    if (old[2]!.includes('q')) header = false;
    if (old[2]!.includes('v')) header = true;
    argv = args.slice(1);
  } else if (/^-\d/.test(args[0] ?? '')) {
    return usageError(env, HEAD, `invalid trailing option -- ${args[0]!.replace(/^-\d+/, '')[0]}`);
  }
  const p = getopt(argv, HEAD, env, (o) => {
    if (/\d/.test(o.key)) return usageError(env, HEAD, `invalid trailing option -- ${o.key}`);
    if (o.key === 'c' || o.key === 'n') {
      const c = countArg(env, 'head', o.value, o.key === 'c');
      if (!('n' in c)) return c;
      [count, bytes] = [c, o.key === 'c'];
    } else header = o.key === 'v';
    return undefined;
  });
  if (!p.ok) return p.result;
  const allBut = count.sign === '-';
  const status = eachFile(env, 'head', p.operands, header, (text) => {
    if (bytes) {
      const size = byteLength(text);
      return sliceBytes(text, 0, allBut ? size - count.n : count.n);
    }
    const l = rawLines(text);
    return l.slice(0, allBut ? Math.max(0, l.length - count.n) : count.n).join('');
  });
  return { status };
}

const TAIL: OptionSpec = {
  tool: 'tail',
  short: 'c:n:fFqs:vz0123456789',
  long: [
    ['bytes', 'c', 'required'], ['follow', 'f', 'optional'], ['lines', 'n', 'required'], ['max-unchanged-stats', 'max-unchanged-stats', 'required'], ['pid', 'pid', 'required'],
    ['quiet', 'q', 'none'], ['retry', 'retry', 'none'], ['silent', 'q', 'none'], ['sleep-interval', 's', 'required'], ['verbose', 'v', 'none'], ['zero-terminated', 'z', 'none'], ...HELP_VERSION,
  ],
  unsupported: ['z'],
  busybox: getopt32('fc:n:qs:vF'),
};

/** tail's obsolete `-5`, `+5`, `-5c`, `+3c`, `-5f`: one option and at most one file, as parse_obsolete_option accepts. */
function obsoleteTail(args: string[]): string[] | undefined {
  const m = /^([-+])(\d*)([bcl]?)(f?)$/.exec(args[0] ?? '');
  if (!m || args.length > 2 || (args.length === 2 && /^-./.test(args[1]!)) || (m[1] === '-' && !m[2] && !m[3] && !m[4])) return undefined;
  if (m[1] === '-' && m[3] === 'c' && !m[2] && !m[4]) return undefined;
  const n = `${m[1] === '+' ? '+' : ''}${m[2] || '10'}${m[3] === 'b' ? 'b' : ''}`;
  return [m[3] === 'b' || m[3] === 'c' ? '-c' : '-n', n, ...(m[4] ? ['-f'] : []), ...args.slice(1)];
}

function tail(args: string[], env: ToolEnv): ToolResult {
  let n = 10;
  let bytes = false;
  // Sticky, as in GNU's parse_options: once a `+N` is seen, later counts also run from the start.
  let fromStart = false;
  let header: boolean | undefined;
  let follow = false;
  // -F is --follow=name --retry: a FILE that is not there yet is waited for.
  let retry = false;
  const p = getopt(obsoleteTail(args) ?? args, TAIL, env, (o) => {
    if (/\d/.test(o.key)) return fatal(env, 'tail', `option used in invalid context -- ${o.key}`);
    if (o.key === 'c' || o.key === 'n') {
      if (o.value.startsWith('+')) fromStart = true;
      const c = countArg(env, 'tail', o.value, o.key === 'c');
      if (!('n' in c)) return c;
      [n, bytes] = [c.n, o.key === 'c'];
    } else if (o.key === 'f' || o.key === 'F') {
      follow = true;
      if (o.key === 'F') retry = true;
    } else if (o.key === 'retry') retry = true;
    else if (o.key === 'q' || o.key === 'v') header = o.key === 'v';
    return undefined;
  });
  if (!p.ok) return p.result;
  // GNU reads nothing when it will print nothing: no header, no file errors.
  if (n === 0 && !follow && !fromStart) return ok;
  let opened = 0;
  const status = eachFile(env, 'tail', p.operands, header, (text) => {
    opened++;
    if (bytes) {
      const size = byteLength(text);
      return sliceBytes(text, fromStart ? Math.max(0, n - 1) : Math.max(0, size - n));
    }
    const l = rawLines(text);
    return (fromStart ? l.slice(Math.max(0, n - 1)) : n === 0 ? [] : l.slice(-n)).join('');
  });
  // Nothing opened: BusyBox gives up whether or not it follows; GNU only has nothing left to
  // follow. With -F (--retry) both wait for the file to appear (recorded: BusyBox 1.35 and GNU 9.1
  // say they cannot open it, then block; approximate: a file that appears later is not followed).
  if (follow && retry && opened === 0) return { status, block: true };
  if (opened === 0 && bb(env)) return fatal(env, 'tail', 'no files');
  if (!follow) return { status };
  if (opened === 0) return fatal(env, 'tail', 'no files remaining');
  // `tail -f` follows forever (the `tail -f /dev/null` keep-alive idiom); one file's growth is followed (follow.ts).
  const only = p.operands.length === 1 && p.operands[0] !== '-' ? p.operands[0] : undefined;
  return { status, block: true, ...(only !== undefined && opened === 1 ? { follow: path(env, only) } : {}) };
}

const WC: OptionSpec = {
  tool: 'wc',
  short: 'clLmw',
  long: [['bytes', 'c', 'none'], ['chars', 'm', 'none'], ['lines', 'l', 'none'], ['words', 'w', 'none'], ['debug', 'debug', 'none'], ['files0-from', 'files0-from', 'required'], ['max-line-length', 'L', 'none'], ...HELP_VERSION],
  unsupported: ['debug', 'files0-from'],
  busybox: getopt32('lwmcL'),
};

/** isspace, plus iswspace's Unicode spaces under UTF-8 (no-break spaces are not among them). */
const SPACE = /[\t\n\v\f\r \u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000]/;

function counts(text: string, utf8: boolean): number[] {
  // Under C every byte past ASCII is unprintable: no word, no width.
  const printable = (ch: string): boolean => (utf8 ? !/\p{C}/u.test(ch) : ch > ' ' && ch <= '~');
  let words = 0;
  let inWord = false;
  let col = 0;
  let longest = 0;
  let chars = 0;
  for (const ch of text) {
    chars++;
    // A word is printable characters between spaces; control characters neither start nor end one.
    if (SPACE.test(ch) && (utf8 || ch < '\x80')) {
      if (inWord) words++;
      inWord = false;
    } else if (printable(ch)) inWord = true;
    if (ch === '\n' || ch === '\r' || ch === '\f') col = 0;
    else if (ch === '\t') col += 8 - (col % 8);
    else if (ch === ' ' || printable(ch)) col++;
    longest = Math.max(longest, col);
  }
  if (inWord) words++;
  const bytes = byteLength(text);
  return [(text.match(/\n/g) ?? []).length, words, utf8 ? chars : bytes, bytes, longest];
}

function wc(args: string[], env: ToolEnv): ToolResult {
  const p = getopt(args, WC, env);
  if (!p.ok) return p.result;
  const keys = 'lwmcL';
  let pick = keys.split('').map((k) => p.opts.some((o) => o.key === k));
  if (!pick.some(Boolean)) pick = [true, true, false, true, false];
  const files = p.operands.length ? p.operands : ['-'];
  const stdin = { used: false };
  const rows: { n: number[]; name: string }[] = [];
  let status = 0;
  let regularBytes = 0;
  let pipeOrDir = false;
  for (const f of files) {
    const isDir = f !== '-' && stat(env.fs, env.base, path(env, f)).kind === 'dir';
    const text = readOperand(env, 'wc', f, PLAIN_ERRORS, stdin);
    if (text === undefined) status = 1;
    if (f === '-' || isDir) pipeOrDir = true;
    else if (text !== undefined) regularBytes += byteLength(text);
    // A directory still gets its row of zeros; a missing file gets none.
    if (text !== undefined || isDir) rows.push({ n: counts(text ?? '', utf8Locale(env)), name: p.operands.length ? f : '' });
  }
  if (files.length > 1) rows.push({ n: [0, 1, 2, 3, 4].map((i) => (i === 4 ? Math.max(0, ...rows.map((r) => r.n[4]!)) : rows.reduce((s, r) => s + r.n[i]!, 0))), name: 'total' });
  const one = pick.filter(Boolean).length === 1 && files.length === 1;
  // GNU sizes the columns to the total size of the regular files, at least 7 when stdin (a pipe
  // here) or a directory is among them, unpadded for one count of one file. BusyBox: %9u, unpadded likewise.
  const width = one ? 1 : bb(env) ? 9 : Math.max(pipeOrDir ? 7 : 1, String(regularBytes).length);
  for (const r of rows) {
    const cols = r.n.filter((_x, i) => pick[i]).map((x) => String(x).padStart(width));
    env.io.out(`${cols.join(' ')}${r.name ? ` ${r.name}` : ''}\n`);
  }
  return { status };
}

const UNIQ: OptionSpec = {
  tool: 'uniq',
  short: '-0123456789Dcdf:is:uw:z',
  long: [
    ['count', 'c', 'none'], ['repeated', 'd', 'none'], ['all-repeated', 'D', 'optional'], ['group', 'group', 'optional'], ['ignore-case', 'i', 'none'], ['unique', 'u', 'none'],
    ['skip-fields', 'f', 'required'], ['skip-chars', 's', 'required'], ['check-chars', 'w', 'required'], ['zero-terminated', 'z', 'none'], ...HELP_VERSION,
  ],
  unsupported: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'group', 'z'],
  busybox: getopt32('cduf:s:w:iz'),
};

function uniq(args: string[], env: ToolEnv): ToolResult {
  const num = { f: 0, s: 0, w: Infinity };
  const what = { f: 'fields to skip', s: 'bytes to skip', w: 'bytes to compare' };
  // GNU's three switches: -d clears the first, -D the first and sets the third, -u clears the second.
  let unique = true;
  let firstRepeated = true;
  let laterRepeated = false;
  let count = false;
  let fold = false;
  const p = getopt(args, UNIQ, env, (o) => {
    if (o.key === 'f' || o.key === 's' || o.key === 'w') {
      if (!/^\d+$/.test(o.value)) return fatal(env, 'uniq', `${o.value}: invalid number of ${what[o.key]}`);
      num[o.key] = Number(o.value);
    } else if (o.key === 'D') {
      if (o.value !== '' && o.value !== 'none') return fatal(env, 'uniq', `option '${o.name}=${o.value}' is not supported by this simulator`);
      [unique, laterRepeated] = [false, true];
    } else if (o.key === 'd') unique = false;
    else if (o.key === 'u') firstRepeated = false;
    else if (o.key === 'c') count = true;
    else if (o.key === 'i') fold = true;
    return undefined;
  });
  if (!p.ok) return p.result;
  if (p.operands.length > 2) return usageError(env, UNIQ, `extra operand ${quote(env, p.operands[2]!)}`);
  if (count && laterRepeated) return usageError(env, UNIQ, 'printing all duplicated lines and repeat counts is meaningless');
  const [input = '-', output] = p.operands;
  const text = readOperand(env, 'uniq', input, { ...PLAIN_ERRORS, dir: (n) => `error reading ${quoteFile(n)}` }, { used: false });
  if (text === undefined) return { status: 1 };
  const key = (l: string): string => {
    let s = l;
    for (let i = 0; i < num.f; i++) s = s.replace(/^[ \t]*[^ \t]*/, '');
    s = s.slice(num.s, num.s + num.w);
    return fold ? s.replace(/[a-z]/g, (c) => c.toUpperCase()) : s;
  };
  let out = '';
  // writeline: `extra` is how many lines matched the group's first so far.
  const write = (line: string, match: boolean, extra: number): void => {
    if (!(extra === 0 ? unique : !match ? firstRepeated : laterRepeated)) return;
    out += `${count ? `${String(extra + 1).padStart(7)} ` : ''}${line}\n`;
  };
  const all = lines(text);
  if (all.length) {
    let prev = all[0]!;
    let extra = 0;
    for (const line of all.slice(1)) {
      const match = key(line) === key(prev);
      extra += Number(match);
      if (!match || laterRepeated) {
        write(prev, match, extra);
        prev = line;
        if (!match) extra = 0;
      }
    }
    write(prev, false, extra);
  }
  if (output !== undefined && output !== '-') {
    const target = path(env, output);
    if (readOnlyAt(env.fs, target)) return fatal(env, 'uniq', bb(env) ? `can't open '${output}': Read-only file system` : `${bareFile(output)}: Read-only file system`);
    writeFile(env.fs, env.base, target, out, false, undefined, () => idsOf(env));
  } else env.io.out(out);
  return ok;
}

/**
 * GNU tee 9.1's getopt_long "aip" and table, BusyBox's getopt32 "ia". -i (SIGINT ignored) changes
 * nothing here, nor do -p and --output-error=MODE (they decide what a failed write does, and
 * writes here do not fail; the files that cannot be opened are reported either way), once MODE
 * is one of argmatch's.
 */
const TEE: OptionSpec = { tool: 'tee', short: 'aip', long: [['append', 'a', 'none'], ['ignore-interrupts', 'i', 'none'], ['output-error', 'p', 'optional'], ...HELP_VERSION] };
const OUTPUT_ERROR: readonly [string, string][] = [['warn', 'warn'], ['warn-nopipe', 'warn-nopipe'], ['exit', 'exit'], ['exit-nopipe', 'exit-nopipe']];

function tee(args: string[], env: ToolEnv): ToolResult {
  const o = toolOptions(args, env, TEE, getopt32('ia'), 'ia');
  if (!('set' in o)) return o;
  // -p alone (and --output-error without =MODE) is warn-nopipe; toolOptions keeps '' for it.
  const mode = o.values.get('p');
  if (mode) {
    const m = argmatchIn(env, TEE, mode, 'output-error', OUTPUT_ERROR);
    if (typeof m !== 'string') return m;
  }
  const { set, operands: rest } = o;
  let status = 0;
  for (const f of rest) {
    const target = path(env, f);
    // Both tees warn and go on writing everywhere else, then exit 1.
    const parent = parentProblem(env.fs, env.base, target);
    if (parent) {
      // Recorded from BusyBox 1.35 and GNU coreutils 9.1.
      env.io.err(`tee: ${bb(env) ? f : bareFile(f)}: ${parent}\n`);
      status = 1;
    } else if (readOnlyAt(env.fs, target)) {
      env.io.err(`tee: ${bb(env) ? f : bareFile(f)}: Read-only file system\n`);
      status = 1;
    } else writeFile(env.fs, env.base, target, env.io.stdin, set.has('a'), undefined, () => idsOf(env));
  }
  env.io.out(env.io.stdin);
  return status ? { status } : ok;
}

/** Commands every shell image has, keyed by name. */
export const TEXT_TOOLS: Record<string, Tool> = { awk, head, tail, wc, grep, tee, seq, sort, uniq, tr, cut };
