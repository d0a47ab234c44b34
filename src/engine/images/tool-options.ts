/**
 * What the text filters (tools-text, -grep, -sort, -cut, -tr) share, so that each behaves like its
 * GNU coreutils / GNU grep original in the same ways:
 *
 * - `getopt`: glibc getopt_long's rules — clusters (`-rn`), attached or separate arguments (`-n5`,
 *   `-n 5`), `--lines=5`, unambiguous prefixes (`--li=5`), options after operands, `--` — and its
 *   error texts followed by the tool's `Try '… --help'` line. An unknown option is an error, never
 *   a file name.
 * - the simulator's own refusal (`refuse`): an option the real tool has but the simulation does not
 *   model is not the learner's usage error, so every tool, GNU or BusyBox, prints exactly one line,
 *   `TOOL: option '-x' is not supported by this simulator`, with no usage screen or Try line after
 *   it, and exits with the status it exits with when it cannot do what was asked (1; 2 for grep,
 *   sort, diff and the others whose usage status is 2).
 * - the locale a tool runs in, from LC_ALL / LC_* / LANG: GNU quotes with ‘…’ under UTF-8 and '…'
 *   otherwise, and collates by bytes only in C/POSIX. Containers set no LANG (C, as in Debian
 *   images); the terminal's pipeline sets en_US.UTF-8 (text-filters.ts).
 * - FILE operands: each tool's own message when one is missing or a directory. BusyBox says
 *   "can't open" for a missing file (as its cat and rm do, tools-files.ts); every other text,
 *   option errors included, is GNU's in both flavours (BusyBox prints its usage screen instead).
 * - lengths in UTF-8 bytes, since `head -c`, `tail -c`, `wc -c` and `cut -b` count bytes.
 */
import { utf8CharBytes } from '../../k8s/utf8';
import { getopt as walk, messageOf, type GetoptSpec, type LongOption } from '../../k8s/getopt';
import { resolveLinks, stat } from './fs';
import { bb, path, type ToolEnv, type ToolResult, libcGetopt } from './tool-types';
import { BUSYBOX_USAGE, BUSYBOX_USAGE_STATUS } from './busybox-usage';

export type { LongOption } from '../../k8s/getopt';

export interface OptionSpec {
  tool: string;
  /** getopt's optstring: a letter, then ':' when it takes an argument ('::' when it may); a leading '+' stops at the first operand (tr). */
  short: string;
  /** getopt_long's table in the tool's source order, which is the order an ambiguity message lists. */
  long: readonly LongOption[];
  /** Keys of options GNU accepts that the simulation does not model: refused by name. */
  unsupported?: readonly string[];
  /** Exit status of a usage error (grep and sort use 2). */
  status?: number;
  /** grep prints its synopsis before the Try line. */
  synopsis?: string;
  /**
   * The applet's own table where the userland is BusyBox (its getopt32 string, empty long table
   * but for the names it lists; head's plain getopt has none at all): GNU's long names are then
   * unknown options, as they are to the applet. A key GNU's table does not know (cut's -O) is
   * refused by name, as is one of GNU's `unsupported`. Unset: BusyBox walks GNU's table.
   */
  busybox?: GetoptSpec;
}

export interface Opt {
  key: string;
  value: string;
  /** How the option was spelt (`-n`, `--lines`), for messages. */
  name: string;
}

export type Parsed = { ok: true; opts: Opt[]; operands: string[] } | { ok: false; result: ToolResult };

/** getopt_long's --help and --version rows, last in every coreutils table. */
export const HELP_VERSION: readonly LongOption[] = [['help', 'help', 'none'], ['version', 'version', 'none']];

/** Writes `tool: message`, the synopsis and Try lines, and returns the usage status. */
export function usageError(env: ToolEnv, spec: OptionSpec, message: string | undefined): ToolResult {
  const head = message === undefined ? '' : `${spec.tool}: ${message}\n`;
  env.io.err(`${head}${spec.synopsis ? `${spec.synopsis}\n` : ''}Try '${spec.tool} --help' for more information.\n`);
  return { status: spec.status ?? 1 };
}

/** The simulator's refusal of an option the real tool has (see the header): one line, the tool's trouble status. */
export function refuse(env: ToolEnv, tool: string, name: string, status = 1): ToolResult {
  env.io.err(`${tool}: option '${name}' is not supported by this simulator\n`);
  return { status };
}

/**
 * A bad option or missing operand: GNU's usage error, or BusyBox's message (if any) and usage
 * screen (busybox-usage.ts, bb_show_usage) where the applet's is recorded.
 */
export function optionError(env: ToolEnv, spec: OptionSpec, message: string | undefined): ToolResult {
  const usage = bb(env) ? BUSYBOX_USAGE[spec.tool] : undefined;
  if (usage === undefined) return usageError(env, spec, message);
  env.io.err(`${message === undefined ? '' : `${spec.tool}: ${message}\n`}${usage}`);
  return { status: BUSYBOX_USAGE_STATUS[spec.tool] ?? 1 };
}

/** Whether GNU's table has `key` (a letter of its optstring or a long row's key): what the tool's code handles. */
function knows(spec: OptionSpec, key: string): boolean {
  return (key.length === 1 && key !== ':' && spec.short.replace(/^[-+]/, '').replace(/:/g, '').includes(key)) || spec.long.some(([, k]) => k === key);
}

/**
 * BusyBox's appletlib: `APPLET --help` as the only argument shows the applet's usage on stderr
 * and exits 0, before the applet parses anything (recorded, busybox 1.35 head/grep). Undefined
 * where the words are anything else or the applet's usage is not recorded.
 */
export function busyboxHelp(args: readonly string[], env: ToolEnv, tool: string): ToolResult | undefined {
  const usage = BUSYBOX_USAGE[tool];
  if (args.length !== 1 || args[0] !== '--help' || usage === undefined) return undefined;
  env.io.err(usage);
  return { status: 0 };
}

/** The options a tool was given (their keys), and its operands. */
export type OptionSet = { set: Set<string>; values: Map<string, string>; operands: string[] };

/**
 * A coreutils tool's options walked as its image's userland has it: GNU's getopt_long table
 * (`gnu`, refusing by name what it lists as unsupported), or BusyBox's getopt32 optstring, whose
 * letters (or, given as a list, keys) outside `modelled` are refused by name and whose bad options print the applet's usage
 * (busybox-usage.ts). `values` keeps the last argument of each option that takes one.
 */
export function toolOptions(args: readonly string[], env: ToolEnv, gnu: OptionSpec, busybox: GetoptSpec, modelled: string | readonly string[]): OptionSet | ToolResult {
  const set = new Set<string>();
  const values = new Map<string, string>();
  const note = (key: string, value: string | undefined): void => {
    set.add(key);
    if (value !== undefined) values.set(key, value);
  };
  if (!bb(env)) {
    const parsed = getopt(args, gnu, env, ({ key, value }) => {
      note(key, value);
      return undefined;
    });
    return parsed.ok ? { set, values, operands: parsed.operands } : parsed.result;
  }
  const help = busyboxHelp(args, env, gnu.tool);
  if (help) return help;
  const walked = walk(args, busybox, ({ key, value, name }) => {
    if (typeof modelled === 'string' ? key.length > 1 || !modelled.includes(key) : !modelled.includes(key)) return refuse(env, gnu.tool, name, gnu.status);
    note(key, value);
    return undefined;
  });
  if (walked.k === 'done') return { set, values, operands: walked.operands };
  return walked.k === 'error' ? optionError(env, gnu, messageOf(libcGetopt(env), walked.error)) : walked.value;
}

/** gnulib's argmatch for an option's argument: an exact name or an unambiguous prefix gives its value, else GNU's list of valid arguments as a usage error. */
export function argmatchIn(env: ToolEnv, spec: OptionSpec, value: string, option: string, table: readonly [string, string][]): string | ToolResult {
  const exact = table.find(([n]) => n === value);
  const prefixed = value === '' ? [] : table.filter(([n]) => n.startsWith(value));
  const hit = exact ?? prefixed[0];
  if (hit && (exact || prefixed.length === 1)) return hit[1];
  const why = hit ? 'ambiguous' : 'invalid';
  const list = table.map(([n]) => `\n  - ${quote(env, n)}`).join('');
  return usageError(env, spec, `${why} argument ${quote(env, value)} for ${quote(env, `--${option}`)}\nValid arguments are:${list}`);
}

/** Writes `tool: message` alone (GNU's die() without usage) and returns `status`. */
export function fatal(env: ToolEnv, tool: string, message: string, status = 1): ToolResult {
  env.io.err(`${tool}: ${message}\n`);
  return { status };
}

/**
 * Parses `args` as getopt_long would (k8s/getopt.ts walks them). `each` sees every option as it
 * is parsed, the way a GNU tool's `while (getopt_long …) switch` does, so an invalid value is
 * reported before a later option's syntax error, as GNU reports it; returning a result stops
 * there with it.
 */
export function getopt(args: readonly string[], spec: OptionSpec, env: ToolEnv, each?: (o: Opt) => ToolResult | undefined): Parsed {
  const opts: Opt[] = [];
  const busybox = bb(env) ? spec.busybox : undefined;
  if (busybox) {
    const help = busyboxHelp(args, env, spec.tool);
    if (help) return { ok: false, result: help };
  }
  const walked = walk(args, busybox ?? spec, ({ key, value, name }) => {
    if (key === 'help' || key === 'version' || spec.unsupported?.includes(key) || (busybox && !knows(spec, key))) return refuse(env, spec.tool, name, spec.status);
    const o = { key, value: value ?? '', name };
    opts.push(o);
    return each?.(o);
  });
  if (walked.k === 'error') return { ok: false, result: optionError(env, spec, messageOf(libcGetopt(env), walked.error)) };
  if (walked.k === 'stopped') return { ok: false, result: walked.value };
  return { ok: true, opts, operands: walked.operands };
}

const localeVar = (env: ToolEnv, category: string): string => env.vars.LC_ALL || env.vars[category] || env.vars.LANG || '';
const isCLocale = (name: string): boolean => name === '' || /^(C|POSIX)([.@]|$)/i.test(name);

/** LC_CTYPE is UTF-8: GNU's messages quote with ‘…’, and characters are code points rather than bytes. */
export const utf8Locale = (env: ToolEnv): boolean => /utf-?8/i.test(localeVar(env, 'LC_CTYPE'));

/** LC_COLLATE is a language's (en_US.UTF-8), not C or POSIX: sort collates as glibc's tables do (collate.ts). */
export const languageCollation = (env: ToolEnv): boolean => !isCLocale(localeVar(env, 'LC_COLLATE'));

/** LC_NUMERIC's thousands separator: ',' in en_US, none in C. */
export const thousandsSeparator = (env: ToolEnv): string => (isCLocale(localeVar(env, 'LC_NUMERIC')) ? '' : ',');

const C_ESCAPES: Record<string, string> = { '\x07': 'a', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v' };

/** gnulib's quote(): locale quotes around a value in a message (`invalid number of lines: ‘x’`), backslashes and controls escaped as in C. */
export function quote(env: ToolEnv, s: string): string {
  const escape = (c: string): string => {
    const code = c.charCodeAt(0);
    if (c === '\\') return '\\\\';
    return code < 0x20 || code === 0x7f ? `\\${C_ESCAPES[c] ?? code.toString(8).padStart(3, '0')}` : c;
  };
  const body = Array.from(s, escape).join('');
  return utf8Locale(env) ? `‘${body}’` : `'${body}'`;
}

/** gnulib's quoteaf() for a file name: shell quoting, which is plain '…' for ordinary names. */
export const quoteFile = (s: string): string => (s.includes("'") ? `"${s}"` : `'${s}'`);

/** A file name as GNU prints it bare (quotef): quoted only when it needs to be. */
export const bareFile = (s: string): string => (/^[\w./@%+,:=-]+$/.test(s) ? s : quoteFile(s));

/** How each tool reports an unreadable FILE operand (GNU). */
export type OpenErrors = { missing: (name: string) => string; dir: (name: string) => string };

export const PLAIN_ERRORS: OpenErrors = { missing: (n) => `${bareFile(n)}: No such file or directory`, dir: (n) => `${bareFile(n)}: Is a directory` };

/**
 * The text of a FILE operand (`-` is stdin), or undefined after writing the tool's error. Stdin
 * is read once: a second `-` finds it at end of file, as a real pipe would.
 */
/**
 * Whether opening `fullPath` opens the reader's own stdio: /dev/stdin, /dev/stdout, /dev/stderr
 * and the links to them (nginx's /var/log/nginx/access.log). Reading the exec's stdout or
 * terminal gives what its stdin brings. Approximate: a real read of a pipe or terminal waits
 * (a `cat` or `tail` without -i hangs); here it reads the stdin it was given and ends.
 */
export function readsStdio(env: ToolEnv, fullPath: string): boolean {
  return /^\/proc\/self\/fd\/[012]$/.test(resolveLinks(env.fs, env.base, fullPath));
}

export function readOperand(env: ToolEnv, tool: string, name: string, errors: OpenErrors, stdin: { used: boolean }): string | undefined {
  if (name === '-') {
    const text = stdin.used ? '' : env.io.stdin;
    stdin.used = true;
    return text;
  }
  if (readsStdio(env, path(env, name))) {
    const text = stdin.used ? '' : env.io.stdin;
    stdin.used = true;
    return text;
  }
  const s = stat(env.fs, env.base, path(env, name));
  if (s.kind === 'file') return s.content;
  if (s.kind === 'dir') env.io.err(`${tool}: ${errors.dir(name)}\n`);
  else env.io.err(bb(env) && tool !== 'grep' ? `${tool}: can't open '${name}': No such file or directory\n` : `${tool}: ${errors.missing(name)}\n`);
  return undefined;
}

/** Lines with their terminators kept (the last may have none), for tools that copy input through unchanged. */
export function rawLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Lines without terminators; a missing final newline does not make an extra empty line. */
export function lines(text: string): string[] {
  const l = text.split('\n');
  if (l[l.length - 1] === '') l.pop();
  return l;
}

export { utf8Length as byteLength } from '../../k8s/utf8';

/**
 * The characters lying wholly within bytes [from, to) of `s`'s UTF-8 encoding. A JS string
 * cannot hold half a character, so a cut through a multibyte character drops it (GNU writes the
 * partial bytes, which a terminal shows as �); ASCII text is cut exactly.
 */
export function sliceBytes(s: string, from: number, to = Infinity): string {
  let at = 0;
  let out = '';
  for (const ch of s) {
    const end = at + utf8CharBytes(ch.codePointAt(0)!);
    if (at >= from && end <= to) out += ch;
    at = end;
    if (at >= to) break;
  }
  return out;
}
