/**
 * Shell options (`set -eux`, `set -o pipefail`, `sh -ec …`) as each shell has them — a
 * container's (src/engine/images) and the learner's prompt's interactive bash (src/kubectl):
 * which letters and names it knows, its `$-`, its `set -o` / `set +o` listings, its errors, and how
 * `set -x` writes a traced command. Recorded from BusyBox 1.35 ash (`busybox sh`), Debian dash
 * 0.5.12 and bash 5.2.15 on this machine; BusyBox's quoting is ash.c's maybe_single_quote /
 * single_quote, bash's lib/sh/shquote.c's sh_contains_shell_metas / sh_single_quote.
 *
 * Modelled: errexit, nounset, xtrace, pipefail (ash, bash), noglob (the containers' globbing,
 * src/engine/images/shell-glob.ts, is off under it), bash's braceexpand (`set +B`), and verbose as a flag only — `-v` echoes nothing (bash would echo each line
 * of input as it reads it). Other valid letters (`-a`, `-C`, `-n` …) are accepted and ignored.
 */
import { SHOPT_DEFAULTS, SHOPT_NAMES } from './shopt';

/** The shells whose options are modelled: BusyBox ash, dash, bash (the prompt's is bash too). */
export type Dialect = 'ash' | 'dash' | 'bash';

export interface ShellOpts {
  errexit: boolean;
  nounset: boolean;
  xtrace: boolean;
  noglob: boolean;
  verbose: boolean;
  pipefail: boolean;
  /** bash's `-B` (on unless `set +B`): brace expansion. */
  braceexpand: boolean;
  /** The shell runs `-c STRING` (ash and bash show `c` in `$-`). */
  command: boolean;
  /** An interactive shell reading a terminal (`kubectl exec -it … -- sh`): `$-` shows it. */
  interactive?: boolean;
  /** bash's `shopt` options that are on (./shopt.ts); undefined: the defaults. */
  shopt?: readonly string[];
}

type OptName = Exclude<keyof ShellOpts, 'command' | 'interactive' | 'shopt'>;

export const DEFAULT_OPTS: ShellOpts = { errexit: false, nounset: false, xtrace: false, noglob: false, verbose: false, pipefail: false, braceexpand: true, command: false };

const LETTERS: Record<string, OptName> = { e: 'errexit', u: 'nounset', x: 'xtrace', f: 'noglob', v: 'verbose' };
/** Letters only bash has. */
const BASH_LETTERS: Record<string, OptName> = { B: 'braceexpand' };

/** Letters each shell's `set` accepts (modelled or not). dash: options.c optletters; ash: ash.c; bash: `set` usage. */
const VALID_LETTERS: Record<Dialect, string> = { dash: 'efImnsxvVECabup', ash: 'efImnxvVECabup', bash: 'abefhkmnptuvxBCEHPT' };

/** `set -o` names in each shell's order; only ours can be on (bash's hashall & co. are on by default). */
const NAMES: Record<Dialect, readonly string[]> = {
  dash: ['errexit', 'noglob', 'ignoreeof', 'interactive', 'monitor', 'noexec', 'stdin', 'xtrace', 'verbose', 'vi', 'emacs', 'noclobber', 'allexport', 'notify', 'nounset', 'privileged', 'nolog', 'debug'],
  ash: ['errexit', 'noglob', 'ignoreeof', 'monitor', 'noexec', 'xtrace', 'verbose', 'noclobber', 'allexport', 'notify', 'nounset', 'errtrace', 'vi', 'pipefail'],
  bash: ['allexport', 'braceexpand', 'emacs', 'errexit', 'errtrace', 'functrace', 'hashall', 'histexpand', 'history', 'ignoreeof', 'interactive-comments', 'keyword', 'monitor', 'noclobber', 'noexec', 'noglob', 'nolog', 'notify', 'nounset', 'onecmd', 'physical', 'pipefail', 'posix', 'privileged', 'verbose', 'vi', 'xtrace'],
};
const BASH_ON_BY_DEFAULT = new Set(['hashall', 'interactive-comments']);
/** On in an interactive bash besides (recorded: `set -o` at bash 5.2's prompt under script(1)). */
const BASH_INTERACTIVE_ON = new Set(['emacs', 'histexpand', 'history', 'monitor']);

function isOpt(name: string): name is OptName {
  return name === 'errexit' || name === 'nounset' || name === 'xtrace' || name === 'noglob' || name === 'verbose' || name === 'pipefail' || name === 'braceexpand';
}

function optOn(dialect: Dialect, opts: ShellOpts, name: string, interactive: boolean): boolean {
  if (isOpt(name)) return opts[name];
  return dialect === 'bash' && (BASH_ON_BY_DEFAULT.has(name) || (interactive && BASH_INTERACTIVE_ON.has(name)));
}

/** `set -o` (`plus`: `set +o`) as the shell prints it. */
export function optionListing(dialect: Dialect, opts: ShellOpts, plus: boolean, interactive = false): string {
  const names = NAMES[dialect];
  if (plus) return names.map((n) => `set ${optOn(dialect, opts, n, interactive) ? '-' : '+'}o ${n}\n`).join('');
  const state = (n: string): string => (optOn(dialect, opts, n, interactive) ? 'on' : 'off');
  // bash pads to 15 and adds a tab (`%-15s\t%s`); dash and ash pad to 16 (`%-16s%s`).
  if (dialect === 'bash') return names.map((n) => `${n.padEnd(15)}\t${state(n)}\n`).join('');
  return (dialect === 'dash' ? 'Current option settings\n' : '') + names.map((n) => `${n.padEnd(16)}${state(n)}\n`).join('');
}

/**
 * `$-`: dash and ash list their letters in reverse optlist order (`uvxfe`), bash in its flag
 * table's (`efhuvxBc`; an interactive one `ehimuxBHs`, recorded under script(1)).
 */
export function dollarDash(dialect: Dialect, opts: ShellOpts, tty = false): string {
  const interactive = tty || opts.interactive === true;
  if (dialect === 'bash') return `${opts.errexit ? 'e' : ''}${opts.noglob ? 'f' : ''}h${interactive ? 'im' : ''}${opts.nounset ? 'u' : ''}${opts.verbose ? 'v' : ''}${opts.xtrace ? 'x' : ''}${opts.braceexpand ? 'B' : ''}${interactive ? 'Hs' : ''}${opts.command ? 'c' : ''}`;
  const c = dialect === 'ash' && opts.command ? 'c' : '';
  // An interactive one reads stdin, with job control (recorded under script(1): dash 0.5.12 and BusyBox 1.35 `sh -i` `set -ufx` show `uxsmif`).
  const smi = interactive ? 'smi' : '';
  return `${opts.nounset ? 'u' : ''}${opts.verbose ? 'v' : ''}${opts.xtrace ? 'x' : ''}${c}${smi}${opts.noglob ? 'f' : ''}${opts.errexit ? 'e' : ''}`;
}

export type OptError = { message: string; status: number; fatal: boolean };

export type SetParse =
  | { k: 'ok'; opts: ShellOpts; positional: string[] | undefined }
  | { k: 'list'; plus: boolean }
  | { k: 'error'; error: OptError };

/**
 * `set [-+]letters [-+]o name … [--] [args]`. `prefix` is what the shell puts before a builtin's
 * error (`sh: 1: ` for dash). Errors, recorded: dash `set: Illegal option -q` / `-o bogus` ends
 * the shell with 2 (a special builtin's error); ash `set: line 0: illegal option -q` ends it with 2,
 * `-o bogus` returns 1; bash returns 2 from either (with `set`'s usage for a letter).
 */
export function parseSet(dialect: Dialect, prefix: string, args: readonly string[], cur: ShellOpts): SetParse {
  const opts = { ...cur };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return { k: 'ok', opts, positional: args.slice(i + 1) };
    if (a === '-' || a === '+') {
      i++;
      break;
    }
    if (!/^[-+]/.test(a)) break;
    const on = a[0] === '-';
    for (const ch of a.slice(1)) {
      if (ch === 'o') {
        const name = args[i + 1];
        if (name === undefined) {
          if (a.length === 2) return { k: 'list', plus: !on };
          continue;
        }
        i++;
        if (NAMES[dialect].includes(name)) {
          if (isOpt(name)) opts[name] = on;
          continue;
        }
        return { k: 'error', error: badOption(dialect, prefix, `-o ${name}`) };
      }
      const opt = LETTERS[ch] ?? (dialect === 'bash' ? BASH_LETTERS[ch] : undefined);
      if (opt) opts[opt] = on;
      else if (!VALID_LETTERS[dialect].includes(ch)) return { k: 'error', error: badOption(dialect, prefix, `${a[0]}${ch}`) };
    }
  }
  return { k: 'ok', opts, positional: i < args.length ? args.slice(i) : undefined };
}

function badOption(dialect: Dialect, prefix: string, what: string): OptError {
  const name = what.startsWith('-o ') ? what.slice(3) : undefined;
  switch (dialect) {
    case 'dash': return { message: `${prefix}set: Illegal option ${what}\n`, status: 2, fatal: true };
    case 'ash': return name === undefined ? { message: `sh: set: line 0: illegal option ${what}\n`, status: 2, fatal: true } : { message: `sh: set: line 0: illegal option ${what}\n`, status: 1, fatal: false };
    case 'bash':
      return name === undefined
        ? { message: `${prefix}set: ${what}: invalid option\nset: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n`, status: 2, fatal: false }
        : { message: `${prefix}set: ${name}: invalid option name\n`, status: 2, fatal: false };
  }
}

export type Invocation =
  | { k: 'ok'; opts: ShellOpts; rest: string[] }
  | { k: 'error'; message: string; status: number };

const BASH_USAGE = `Usage:\tbash [GNU long option] [option] ...
\tbash [GNU long option] [option] script-file ...
GNU long options:
\t--debug
\t--debugger
\t--dump-po-strings
\t--dump-strings
\t--help
\t--init-file
\t--login
\t--noediting
\t--noprofile
\t--norc
\t--posix
\t--pretty-print
\t--rcfile
\t--restricted
\t--verbose
\t--version
Shell options:
\t-ilrsD or -c command or -O shopt_option\t\t(invocation only)
\t-abefhkmnptuvxBCEHPT or -o option
`;

/**
 * A shell's own options before its operands: `sh -ec 'script'`, `bash -euo pipefail -c …`,
 * `sh -x file`. Errors recorded from `dash -q`, `busybox sh -q`, `bash -q` (exit 2; BusyBox
 * 1.35's `sh -o bogus` prints its message and exits 0).
 */
export function parseInvocation(dialect: Dialect, prog: string, args: readonly string[]): Invocation {
  const opts: ShellOpts = { ...DEFAULT_OPTS };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (!/^[-+][a-zA-Z]+$/.test(a)) break;
    const on = a[0] === '-';
    for (const ch of a.slice(1)) {
      if (ch === 'c') {
        opts.command = true;
        continue;
      }
      if (ch === 'i' || ch === 'l' || ch === 's') continue;
      if (ch === 'O' && dialect === 'bash') {
        // `bash -O extglob -c …` sets a shopt option before the script is parsed (recorded with
        // stderr on a pipe: `bash -O nosuch` → `bash: line 0: nosuch: invalid shell option name`, status 2).
        const name = args[++i] ?? '';
        if (!SHOPT_NAMES.includes(name)) return { k: 'error', message: `${prog}: line 0: ${name}: invalid shell option name\n`, status: 2 };
        const cur = opts.shopt ?? SHOPT_DEFAULTS;
        opts.shopt = SHOPT_NAMES.filter((n) => (n === name ? on : cur.includes(n)));
        continue;
      }
      if (ch === 'o') {
        const name = args[++i];
        if (name !== undefined && NAMES[dialect].includes(name)) {
          if (isOpt(name)) opts[name] = on;
          continue;
        }
        const what = `-o ${name ?? ''}`;
        if (dialect === 'dash') return { k: 'error', message: `${prog}: 0: Illegal option ${what}\n`, status: 2 };
        if (dialect === 'ash') return { k: 'error', message: `sh: illegal option ${what}\n`, status: 0 };
        return { k: 'error', message: `${prog}: ${prog}: ${name ?? ''}: invalid option name\n`, status: 2 };
      }
      const opt = LETTERS[ch] ?? (dialect === 'bash' ? BASH_LETTERS[ch] : undefined);
      if (opt) opts[opt] = on;
      else if (!VALID_LETTERS[dialect].includes(ch)) {
        if (dialect === 'dash') return { k: 'error', message: `${prog}: 0: Illegal option ${a[0]}${ch}\n`, status: 2 };
        if (dialect === 'ash') return { k: 'error', message: `sh: illegal option ${a[0]}${ch}\n`, status: 2 };
        return { k: 'error', message: `${prog}: ${a[0]}${ch}: invalid option\n${BASH_USAGE}`, status: 2 };
      }
    }
  }
  return { k: 'ok', opts, rest: args.slice(i) };
}

// ---------------------------------------------------------------------------------------------
// xtrace
// ---------------------------------------------------------------------------------------------

/** BusyBox ash's maybe_single_quote: quote unless every byte is one of `+,-./0-9:@A-Z]^_a-z`. */
function ashQuote(s: string): string {
  if (/^[+,\-./0-9:@A-Z\]^_a-z]*$/.test(s)) return s;
  let out = '';
  for (const run of s.match(/'+|[^']+/g) ?? []) out += run.startsWith("'") ? `"${run}"` : `'${run}'`;
  return out;
}

/** bash's sh_contains_shell_metas (a `~` only at the start or after `=`/`:`, a `#` only at the start). */
function bashNeedsQuotes(s: string): boolean {
  if (/[ \t\n'"\\|&;()<>!{}*[?\]^$`]/.test(s)) return true;
  return /(^|[=:])~/.test(s) || s.startsWith('#');
}

function bashQuote(s: string): string {
  if (s === '') return "''";
  return bashNeedsQuotes(s) ? `'${s.replace(/'/g, "'\\''")}'` : s;
}

/**
 * What `set -x` writes before a simple command runs: PS4, then its assignments and words. dash
 * quotes nothing; ash quotes each word (and each assignment's value) that needs it; bash puts
 * each assignment on its own line before the command's and repeats PS4's first character per
 * level of command substitution (`++`).
 */
export function xtraceLines(dialect: Dialect, ps4: string, depth: number, assigns: readonly (readonly [string, string])[], argv: readonly string[]): string {
  if (dialect === 'bash') {
    const lead = xtracePrefix(ps4, depth);
    let out = '';
    for (const [k, v] of assigns) out += `${lead}${k}=${bashNeedsQuotes(v) ? bashQuote(v) : v}\n`;
    if (argv.length > 0) out += `${lead}${argv.map(bashQuote).join(' ')}\n`;
    // `export A=1` is traced, then each assignment it makes, as bash's declare builtins do.
    if (argv.length > 0 && (argv[0] === 'export' || argv[0] === 'readonly' || argv[0] === 'local' || argv[0] === 'declare')) {
      for (const a of argv.slice(1)) {
        const eq = a.indexOf('=');
        if (eq > 0 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(a.slice(0, eq))) out += `${lead}${a.slice(0, eq)}=${bashNeedsQuotes(a.slice(eq + 1)) ? bashQuote(a.slice(eq + 1)) : a.slice(eq + 1)}\n`;
      }
    }
    return out;
  }
  const q = dialect === 'ash' ? ashQuote : (s: string): string => s;
  const parts = [...assigns.map(([k, v]) => `${k}=${q(v)}`), ...argv.map(q)];
  return `${ps4}${parts.join(' ')}\n`;
}

/** What bash puts before a traced line: PS4, its first character repeated once per level of `$(…)`. */
export function xtracePrefix(ps4: string, depth: number): string {
  return (ps4[0] ?? '').repeat(depth) + ps4;
}

/** bash's `for NAME in WORDS` line under `set -x`, words as written, each iteration (dash and ash do not trace it). */
export function xtraceFor(ps4: string, depth: number, name: string, text: readonly string[] | null): string {
  return `${xtracePrefix(ps4, depth)}for ${name} in ${text === null ? '"$@"' : text.join(' ')}\n`;
}
