/**
 * grep as GNU grep 3.8 behaves on text: BRE (default), ERE (-E), fixed strings (-F) and Perl-ish
 * (-P, run as a JavaScript RegExp); -e / -f patterns, -i/-y, -v, -w, -x, -c, -l/-L, -o, -n, -h/-H,
 * -m, -q, -s, -a, context (-A/-B/-C/-NUM with `--` between groups, --group-separator), --label,
 * -r/-R with --include/--exclude/--exclude-dir (recursion below), binary files (NUL bytes). The
 * regular expression dialects are translated in posix-regex.ts. Exit status: 0 when a line is
 * selected, 1 when none, 2 on an error (unless -q selected one). Usage errors print GNU's
 * synopsis and Try line. BusyBox images get the same behaviour, less binary files and with -r
 * following links to files.
 */
import { longestMatcher } from './longest-match';
import { translate } from './posix-regex';
import { getopt, lines, optionError, PLAIN_ERRORS, readOperand, type OptionSpec } from './tool-options';
import { fnmatch } from '../../k8s/fnmatch';
import { listDir, lstat, resolveLinks, stat } from './fs';
import { bb, envWith, path, type ToolEnv, type ToolResult } from './tool-types';

/** -r/-R and the globs that pick what a recursion searches. */
interface Walk {
  recurse: '' | 'r' | 'R';
  include: string[];
  exclude: string[];
  excludeDir: string[];
}

/**
 * gnulib's exclude with EXCLUDE_WILDCARDS, unanchored: a glob matches the name or any part of it
 * after a slash (`*.conf` matches `d/k.conf`).
 */
const excluded = (globs: readonly string[], name: string): boolean =>
  globs.some((g) => name.split('/').some((_, i, parts) => fnmatch(g, parts.slice(i).join('/'))));

/** A file --include/--exclude leave out: one an --exclude matches, or, given any --include, one none matches (GNU weighs them in order; inferred to agree for the usual one-or-the-other use). */
const skipFile = (w: Walk, name: string): boolean => excluded(w.exclude, name) || (w.include.length > 0 && !excluded(w.include, name));

/**
 * The files `grep -r`/`-R` searches under the FILE operand `top`, in `ls` order (a real
 * directory's are in readdir order), each named `top/sub/file` (`sub/file` for the implicit `.`).
 * Symbolic links met on the way: GNU's -r skips them, -R follows them; BusyBox's -r follows those
 * to files only (recorded). A dangling link is a missing file where it is followed (GNU's -R:
 * status 2; BusyBox's -r and -R: the message, its status untouched; recorded with `ln -s nowhere`).
 * A directory reached twice through links is searched once. The
 * command-line operand itself is followed when a link, and --include/--exclude/--exclude-dir
 * apply to it too (GNU 3.8, recorded), except the implicit `.`.
 */
type Found = { name: string; text?: string; unreported?: true };

function* recursion(top: string, implicit: boolean, w: Walk, env: ToolEnv): Generator<Found> {
  const full = path(env, top);
  const kind = stat(env.fs, env.base, full).kind;
  if (kind !== 'dir') {
    if (kind === 'none' || !skipFile(w, top)) yield { name: top };
    return;
  }
  if (!implicit && excluded(w.excludeDir, top.replace(/\/+$/, '') || '/')) return;
  const seen = new Set<string>();
  function* dir(name: string, at: string): Generator<Found> {
    const real = resolveLinks(env.fs, env.base, at);
    if (seen.has(real)) return;
    seen.add(real);
    for (const entry of listDir(env.fs, env.base, at)) {
      const child = name === '' ? entry : `${name.replace(/\/+$/, '')}/${entry}`;
      const childAt = at === '/' ? `/${entry}` : `${at}/${entry}`;
      const l = lstat(env.fs, env.base, childAt);
      const s = l.kind === 'link' ? stat(env.fs, env.base, childAt) : l;
      if (l.kind === 'link' && (bb(env) ? w.recurse === 'r' && s.kind === 'dir' : w.recurse === 'r')) continue;
      if (s.kind === 'dir') {
        if (!excluded(w.excludeDir, entry)) yield* dir(child, childAt);
      } else if (s.kind === 'file' && !skipFile(w, entry)) yield { name: child, text: s.content };
      else if (s.kind === 'none' && !skipFile(w, entry)) yield bb(env) ? { name: child, unreported: true } : { name: child };
    }
  }
  yield* dir(implicit ? '' : top, full);
}

const GREP: OptionSpec = {
  tool: 'grep',
  short: '0123456789A:B:C:D:EFGHIPTUVX:abcd:e:f:hiLlm:noqRrsuvwxyZz',
  long: [
    ['basic-regexp', 'G', 'none'], ['extended-regexp', 'E', 'none'], ['fixed-regexp', 'F', 'none'], ['fixed-strings', 'F', 'none'], ['perl-regexp', 'P', 'none'],
    ['after-context', 'A', 'required'], ['before-context', 'B', 'required'], ['binary-files', 'binary-files', 'required'], ['byte-offset', 'b', 'none'], ['context', 'C', 'required'],
    ['color', 'color', 'optional'], ['colour', 'color', 'optional'], ['count', 'c', 'none'], ['devices', 'D', 'required'], ['directories', 'd', 'required'],
    ['exclude', 'exclude', 'required'], ['exclude-from', 'exclude-from', 'required'], ['exclude-dir', 'exclude-dir', 'required'], ['file', 'f', 'required'],
    ['files-with-matches', 'l', 'none'], ['files-without-match', 'L', 'none'], ['group-separator', 'group-separator', 'required'], ['help', 'help', 'none'],
    ['include', 'include', 'required'], ['ignore-case', 'i', 'none'], ['no-ignore-case', 'no-ignore-case', 'none'], ['initial-tab', 'T', 'none'], ['label', 'label', 'required'],
    ['line-buffered', 'line-buffered', 'none'], ['line-number', 'n', 'none'], ['line-regexp', 'x', 'none'], ['max-count', 'm', 'required'], ['no-filename', 'h', 'none'],
    ['no-group-separator', 'no-group-separator', 'none'], ['no-messages', 's', 'none'], ['null', 'Z', 'none'], ['null-data', 'z', 'none'], ['only-matching', 'o', 'none'],
    ['quiet', 'q', 'none'], ['recursive', 'r', 'none'], ['dereference-recursive', 'R', 'none'], ['regexp', 'e', 'required'], ['invert-match', 'v', 'none'],
    ['silent', 'q', 'none'], ['text', 'a', 'none'], ['binary', 'U', 'none'], ['unix-byte-offsets', 'u', 'none'], ['version', 'V', 'none'], ['with-filename', 'H', 'none'],
    ['word-regexp', 'w', 'none'],
  ],
  unsupported: ['D', 'd', 'b', 'T', 'X', 'Z', 'z', 'u', 'V', 'binary-files', 'exclude-from'],
  status: 2,
  synopsis: 'Usage: grep [OPTION]... PATTERNS [FILE]...',
  // grep.c's getopt32long: OPTSTR_GREP with context and EXTRA_COMPAT's -z, and one long name, --color[=x] (its value unread);
  // --include, --exclude, --colour and every other GNU name are unrecognized options.
  busybox: { short: 'lnqvscFiHhe:f:LorRm:wxA:B:C:EzaI', long: [['color', 'color', 'optional']] },
};

interface Settings {
  invert: boolean;
  count: boolean;
  only: boolean;
  numbers: boolean;
  quiet: boolean;
  list: '' | 'l' | 'L';
  max: number;
  before: number;
  after: number;
  /** Whether any context option was given: even `-A0` separates groups with `--`. */
  context: boolean;
  separator: string | undefined;
  withName: boolean | undefined;
  label: string;
  silent: boolean;
  /** -a: a file with NUL bytes is text all the same. */
  text: boolean;
}

/** One RegExp for all patterns (`-e a -e b` matches either), or GNU's message for a bad one. */
function compile(patterns: string[], mode: string, word: boolean, line: boolean, icase: boolean, env: ToolEnv): RegExp | string {
  const parts: string[] = [];
  let groups = 0;
  for (const pat of patterns) {
    if (mode === 'F') parts.push(pat.replace(/[\\^$.|?*+()[\]{}/]/g, '\\$&'));
    else if (mode === 'P') parts.push(pat);
    else {
      const t = translate(pat, mode === 'E', groups);
      if (!t.ok) return t.error;
      for (const w of t.warnings) env.io.err(`grep: warning: ${w}\n`);
      groups += t.groups;
      parts.push(t.source);
    }
  }
  // No pattern at all (`-f /dev/null`) matches nothing.
  let source = parts.length ? parts.map((s) => `(?:${s})`).join('|') : '(?!)';
  if (line) source = `^(?:${source})$`;
  else if (word) source = `(?<![A-Za-z0-9_])(?:${source})(?![A-Za-z0-9_])`;
  try {
    return new RegExp(source, icase ? 'gi' : 'g');
  } catch (e) {
    return mode === 'P' && e instanceof Error ? e.message : 'Invalid regular expression';
  }
}

const matches = (re: RegExp, line: string): boolean => {
  re.lastIndex = 0;
  return re.test(line);
};

/** The non-empty matches of a line, for -o, each POSIX's longest where it starts (./longest-match.ts). */
function pieces(re: RegExp, line: string, stretch: ReturnType<typeof longestMatcher>): string[] {
  const out: string[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const end = m.index + stretch(line, m)[0].length;
    if (end > m.index) out.push(line.slice(m.index, end));
    re.lastIndex = Math.max(end, m.index + 1);
  }
  return out;
}

/** Searches one input; returns how many lines it selected. */
function search(text: string, name: string, re: RegExp, s: Settings, env: ToolEnv): number {
  const all = lines(text);
  // GNU's: a file with a NUL byte is binary; its first selected line is reported on stderr in
  // place of all its output, and the file is read no further (-c, -l, -L and -q still count).
  if (!bb(env) && !s.text && !s.count && !s.list && !s.quiet && text.includes('\0')) {
    const hit = s.max > 0 && all.some((l) => matches(re, l) !== s.invert);
    if (hit) env.io.err(`grep: ${name}: binary file matches\n`);
    return hit ? 1 : 0;
  }
  const prefix = (n: number, sep: ':' | '-'): string => `${s.withName ? `${name}${sep}` : ''}${s.numbers ? `${n + 1}${sep}` : ''}`;
  let selected = 0;
  let lastShown = -1;
  let afterLeft = 0;
  const out: string[] = [];
  const grouping = !s.count && !s.list && !s.quiet;
  const stretch = longestMatcher(re);
  // -o prints the matches of the lines it would print that match: selected lines, or with -v the context lines.
  const show = (i: number, sep: ':' | '-'): void => {
    if (!s.only) out.push(prefix(i, sep) + all[i]!);
    else if ((sep === ':') !== s.invert) for (const m of pieces(re, all[i]!, stretch)) out.push(prefix(i, sep) + m);
  };
  for (let i = 0; i < all.length; i++) {
    const hit = selected < s.max && matches(re, all[i]!) !== s.invert;
    if (!hit) {
      if (afterLeft > 0 && grouping) {
        show(i, '-');
        lastShown = i;
        afterLeft--;
      }
      if (selected >= s.max && afterLeft === 0) break;
      continue;
    }
    selected++;
    if (!grouping) continue;
    const from = Math.max(i - s.before, lastShown + 1);
    if (s.context && s.separator !== undefined && lastShown >= 0 && from > lastShown + 1) out.push(s.separator);
    for (let j = from; j < i; j++) show(j, '-');
    show(i, ':');
    lastShown = i;
    afterLeft = s.after;
  }
  if (s.quiet) return selected;
  if (s.count && !s.list) out.push(`${s.withName ? `${name}:` : ''}${selected}`);
  if ((s.list === 'l' && selected > 0) || (s.list === 'L' && selected === 0)) out.push(name);
  if (out.length) env.io.out(`${out.join('\n')}\n`);
  return selected;
}

export function grep(args: string[], env: ToolEnv): ToolResult {
  const s: Settings = { invert: false, count: false, only: false, numbers: false, quiet: false, list: '', max: Infinity, before: 0, after: 0, context: false, separator: '--', withName: undefined, label: '(standard input)', silent: false, text: false };
  const walk: Walk = { recurse: '', include: [], exclude: [], excludeDir: [] };
  const patterns: string[] = [];
  let fromOptions = false;
  let mode = 'G';
  let icase = false;
  let word = false;
  let line = false;
  let digits = '';
  let lastDigitOpt = -1;
  const stdin = { used: false };
  let k = -1;
  let matcher: string | undefined;
  const p = getopt(args, GREP, env, (o) => {
    k++;
    if (/\d/.test(o.key)) {
      // -NUM is -C NUM; the digits of one cluster (`-12`) make one number.
      digits = k === lastDigitOpt + 1 ? digits + o.key : o.key;
      lastDigitOpt = k;
      [s.before, s.after, s.context] = [Number(digits), Number(digits), true];
      return undefined;
    }
    switch (o.key) {
      case 'A':
      case 'B':
      case 'C': {
        if (!/^\d+$/.test(o.value)) {
          env.io.err(`grep: ${o.value}: invalid context length argument\n`);
          return { status: 2 };
        }
        if (o.key !== 'B') s.after = Number(o.value);
        if (o.key !== 'A') s.before = Number(o.value);
        s.context = true;
        break;
      }
      case 'E':
      case 'F':
      case 'G':
      case 'P':
        if (matcher !== undefined && matcher !== o.key) {
          env.io.err('grep: conflicting matchers specified\n');
          return { status: 2 };
        }
        matcher = mode = o.key;
        break;
      case 'e':
        patterns.push(...o.value.split('\n'));
        fromOptions = true;
        break;
      case 'f': {
        const text = readOperand(env, 'grep', o.value, PLAIN_ERRORS, stdin);
        if (text === undefined) return { status: 2 };
        patterns.push(...lines(text));
        fromOptions = true;
        break;
      }
      case 'i':
      case 'y':
        icase = true;
        break;
      case 'no-ignore-case':
        icase = false;
        break;
      case 'm':
        if (!/^-?\d+$/.test(o.value)) {
          env.io.err('grep: invalid max count\n');
          return { status: 2 };
        }
        s.max = Number(o.value) < 0 ? Infinity : Number(o.value);
        break;
      case 'group-separator':
        s.separator = o.value;
        break;
      case 'no-group-separator':
        s.separator = undefined;
        break;
      case 'label':
        s.label = o.value;
        break;
      case 'H':
      case 'h':
        s.withName = o.key === 'H';
        break;
      case 'l':
      case 'L':
        s.list = o.key;
        break;
      case 'v':
        s.invert = true;
        break;
      case 'c':
        s.count = true;
        break;
      case 'o':
        s.only = true;
        break;
      case 'n':
        s.numbers = true;
        break;
      case 'q':
        s.quiet = true;
        break;
      case 's':
        s.silent = true;
        break;
      case 'w':
        word = true;
        break;
      case 'x':
        line = true;
        break;
      case 'r':
      case 'R':
        walk.recurse = o.key;
        break;
      case 'include':
        walk.include.push(o.value);
        break;
      case 'exclude':
        walk.exclude.push(o.value);
        break;
      case 'exclude-dir':
        walk.excludeDir.push(o.value);
        break;
      case 'a':
        s.text = true;
        break;
      // --color, --line-buffered, -U: no effect on a pipe's text.
    }
    return undefined;
  });
  if (!p.ok) return p.result;
  const operands = [...p.operands];
  if (!fromOptions) {
    if (operands.length === 0) return optionError(env, GREP, undefined);
    patterns.push(...operands.shift()!.split('\n'));
  }
  const re = compile(patterns, mode, word, line, icase, env);
  if (typeof re === 'string') {
    env.io.err(`grep: ${re}\n`);
    return { status: 2 };
  }
  // -m 0, or -v with an empty pattern, cannot select a line: GNU reads nothing; only -L still has something to say.
  const hopeless = s.max === 0 || (s.invert && patterns.length === 1 && patterns[0] === '' && !word && !line);
  if (hopeless && s.list !== 'L') return { status: 1 };
  // -r with no FILE searches the working directory, naming what it finds without `./` (GNU; BusyBox reads stdin).
  const implicit = operands.length === 0 && walk.recurse !== '' && !bb(env);
  const files = operands.length ? operands : implicit ? ['.'] : ['-'];
  if (s.withName === undefined) s.withName = files.length > 1 || (walk.recurse !== '' && files[0] !== '-' && stat(env.fs, env.base, path(env, files[0]!)).kind === 'dir');
  let selected = 0;
  let error = false;
  const quietEnv = s.silent ? envWith(env, { io: { ...env.io, err: () => undefined } }) : env;
  for (const f of files) {
    for (const found of walk.recurse === '' || f === '-' ? [{ name: f } as Found] : recursion(f, implicit, walk, env)) {
      // BusyBox's grep opens a directory and its read fails: no lines, no message (recorded).
      const bbDir = bb(env) && found.name !== '-' && stat(env.fs, env.base, path(env, found.name)).kind === 'dir';
      const text = 'text' in found ? found.text : bbDir ? '' : readOperand(quietEnv, 'grep', found.name, PLAIN_ERRORS, stdin);
      if (text === undefined) {
        error ||= found.unreported !== true;
        continue;
      }
      selected += search(text, found.name === '-' ? s.label : found.name, re, s, env);
      if (s.quiet && selected > 0) return { status: 0 };
    }
  }
  return { status: error ? 2 : selected > 0 ? 0 : 1 };
}
