/**
 * The one walker of option words every simulated program shares: POSIX getopt(3)'s short-option
 * rules with glibc getopt_long's extensions, and the word-at-a-time loop of the tools that do not
 * use getopt at all (iproute2's ip, mawk). What differs between the families is a parameter here,
 * never a copy; each tool keeps its own option table and what each option means.
 *
 * The rules, as each family applies them (recorded on this machine: bash 5.2.15, BusyBox 1.35.0
 * built against glibc, procps-ng 4.0.2's watch, GNU findutils 4.9's xargs, coreutils 9.1,
 * dash 0.5.12's getopts; getopt.test.ts quotes them):
 * - a word `-abc` is a cluster of letters; a letter that takes an argument takes the rest of the
 *   word (`-tn5`) or, when the word ends there, the next word (`-n 5`); an optional argument
 *   (`d::`) is only ever attached;
 * - `--` ends the options and is dropped; `-` alone is an operand;
 * - at the first operand bash's builtins (internal_getopt), dash's getopts and an optstring with
 *   a leading `+` stop; glibc otherwise permutes — it takes options after operands too (`busybox
 *   which ls -a` is `which -a ls`; GNU `sort file -r`);
 * - `--name[=value]` is a long option where the tool has a table (glibc): an exact name, or an
 *   unambiguous prefix (prefixes of rows that are one option are not ambiguous);
 * - errors, in the words each family prints (`messageOf`); the tool adds its name, usage and status.
 */

export type ArgKind = 'none' | 'required' | 'optional';

/** One getopt_long table row: the long name, the key the tool sees (its short letter, or the name), and whether it takes an argument. */
export type LongOption = readonly [name: string, key: string, arg: ArgKind];

export interface GetoptSpec {
  /** getopt's optstring: a letter, then ':' when it takes an argument ('::' when it may); a leading '+' stops at the first operand. */
  short: string;
  /** getopt_long's table in the tool's source order, which is the order an ambiguity message lists. Absent: `--x` is a cluster like any other (bash's builtins say `--: invalid option`). */
  long?: readonly LongOption[];
  /**
   * bash's internal_getopt: a word that is exactly `--help` where an option may stand is the
   * option `help` (GETOPT_HELP: the builtin prints its help, bash-builtin-help.ts); any other
   * `--word` is still a cluster.
   */
  help?: boolean;
  /**
   * util-linux getopt(1)'s way: every error is reported here as it is met and the walk goes on
   * (a bad letter to the next letter, a bad long word to the next word), as glibc's getopt_long
   * itself does; the walk then ends `done` and the caller, knowing there were errors, fails.
   * Absent: the first error ends the walk (what every tool's `default: usage()` does).
   */
  report?: (error: GetoptError) => void;
}

/**
 * BusyBox's getopt32(optstring): it always calls getopt_long, with an empty table for an applet
 * that has no long options, so `--foo` is `unrecognized option '--foo'` rather than a cluster
 * (recorded: `busybox vi --foo`, `busybox which --a ls`).
 */
export const getopt32 = (short: string): GetoptSpec => ({ short, long: [] });

export interface GetoptOption {
  key: string;
  /** The argument; undefined when the option takes none or an optional one was not given. */
  value: string | undefined;
  /** How the option was spelt (`-n`, `--lines`), for messages. */
  name: string;
  /**
   * Takes the next word as this option's when `accept` says so (journalctl's `-n 5`: an optional
   * argument its parse_argv reads from the following word when it parses as one).
   */
  peek(accept: (word: string) => boolean): string | undefined;
}

export type GetoptError =
  /** A letter not in the optstring (`-x`), or `:`. */
  | { k: 'invalid'; letter: string }
  /** A letter whose required argument is missing (the last word). */
  | { k: 'missing'; letter: string }
  /** `--word` matches no long name; `word` is as given, `=value` included. */
  | { k: 'unrecognized'; word: string }
  | { k: 'ambiguous'; word: string; possibilities: readonly string[] }
  /** `--name=value` for an option that takes none (`name` is the full long name). */
  | { k: 'needless'; name: string }
  /** `--name` as the last word, for an option that requires an argument. */
  | { k: 'long-missing'; name: string };

export type GetoptResult<S> = { k: 'done'; operands: string[] } | { k: 'error'; error: GetoptError } | { k: 'stopped'; value: S };

function findLong(table: readonly LongOption[], word: string, given: string): { row: LongOption } | { error: GetoptError } {
  const exact = table.find(([n]) => n === given);
  if (exact) return { row: exact };
  const matches = table.filter(([n]) => n.startsWith(given));
  if (matches.length === 0) return { error: { k: 'unrecognized', word } };
  const [first] = matches;
  // glibc calls a prefix ambiguous only when its matches are different options (--quiet and --silent are one).
  if (matches.every(([, k, a]) => k === first![1] && a === first![2])) return { row: first! };
  return { error: { k: 'ambiguous', word, possibilities: matches.map(([n]) => n) } };
}

/**
 * Walks `args` as getopt does. `each` sees every option as it is parsed, as a tool's
 * `while (getopt …) switch` does, so an invalid value is reported before a later option's syntax
 * error; a value it returns stops the walk there.
 */
export function getopt<S>(args: readonly string[], spec: GetoptSpec, each: (o: GetoptOption) => S | undefined): GetoptResult<S> {
  const inOrder = spec.short.startsWith('+');
  // A leading '+' or '-' in an optstring is an ordering mode, not an option.
  const letters = spec.short.replace(/^[-+]/, '');
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    // A closure over this iteration's `i`: what it takes the loop skips.
    const peek = (accept: (word: string) => boolean): string | undefined => {
      const next = args[i + 1];
      if (next === undefined || !accept(next)) return undefined;
      i++;
      return next;
    };
    const a = args[i]!;
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.length < 2 || !a.startsWith('-')) {
      if (inOrder) {
        operands.push(...args.slice(i));
        break;
      }
      operands.push(a);
      continue;
    }
    if (spec.help && a === '--help') {
      const stop = each({ key: 'help', value: undefined, name: a, peek });
      if (stop !== undefined) return { k: 'stopped', value: stop };
      continue;
    }
    if (spec.long && a.startsWith('--')) {
      const eq = a.indexOf('=');
      const found = findLong(spec.long, a, eq < 0 ? a.slice(2) : a.slice(2, eq));
      if ('error' in found) {
        if (!spec.report) return { k: 'error', error: found.error };
        spec.report(found.error);
        continue;
      }
      const [name, key, arg] = found.row;
      let value = eq < 0 ? undefined : a.slice(eq + 1);
      if (arg === 'none' && value !== undefined) {
        if (!spec.report) return { k: 'error', error: { k: 'needless', name } };
        spec.report({ k: 'needless', name });
        continue;
      }
      if (arg === 'required' && value === undefined) {
        if (i + 1 >= args.length) {
          if (!spec.report) return { k: 'error', error: { k: 'long-missing', name } };
          spec.report({ k: 'long-missing', name });
          break;
        }
        value = args[++i]!;
      }
      const stop = each({ key, value, name: `--${name}`, peek });
      if (stop !== undefined) return { k: 'stopped', value: stop };
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      const at = c === ':' ? -1 : letters.indexOf(c);
      if (at < 0) {
        if (!spec.report) return { k: 'error', error: { k: 'invalid', letter: c } };
        spec.report({ k: 'invalid', letter: c });
        continue;
      }
      let value: string | undefined;
      if (letters[at + 1] === ':') {
        if (j + 1 < a.length) value = a.slice(j + 1);
        else if (letters[at + 2] === ':') value = undefined;
        else if (i + 1 < args.length) value = args[++i]!;
        else {
          if (!spec.report) return { k: 'error', error: { k: 'missing', letter: c } };
          spec.report({ k: 'missing', letter: c });
          break;
        }
        j = a.length;
      }
      const stop = each({ key: c, value, name: `-${c}`, peek });
      if (stop !== undefined) return { k: 'stopped', value: stop };
    }
  }
  return { k: 'done', operands };
}

/**
 * Each family's words for a getopt error, without the program's name or a newline:
 * - `glibc`: getopt_long's (GNU tools, procps, BusyBox built against glibc): `invalid option -- 'x'`;
 * - `bash`: internal_getopt's sh_invalidopt / sh_needarg: `-x: invalid option`;
 * - `dash`: getopts': `Illegal option -x`, `No arg for -x option`;
 * - `musl`: musl libc's getopt and getopt_long (Alpine's BusyBox, the busybox image's -musl
 *   variant), per musl's src/misc/getopt.c and getopt_long.c: `unrecognized option: x`,
 *   `option requires an argument: x`, and for a long word its name without the dashes
 *   (`unrecognized option: foo=1`, `option is ambiguous: a`, `option does not take an argument:
 *   all`, `option requires an argument: width`) — no candidate list. Approximate: musl calls two
 *   names of one option (`--quiet`/`--silent`) ambiguous too; no applet we model has such a pair.
 * Long-option errors exist only where there is a table (glibc's and musl's getopt_long).
 */
export type GetoptFamily = 'glibc' | 'bash' | 'dash' | 'musl';

export function messageOf(family: GetoptFamily, e: GetoptError): string {
  if (family === 'musl') return muslMessage(e);
  switch (e.k) {
    case 'invalid':
      return family === 'bash' ? `-${e.letter}: invalid option` : family === 'dash' ? `Illegal option -${e.letter}` : `invalid option -- '${e.letter}'`;
    case 'missing':
      return family === 'bash' ? `-${e.letter}: option requires an argument` : family === 'dash' ? `No arg for -${e.letter} option` : `option requires an argument -- '${e.letter}'`;
    case 'unrecognized':
      return `unrecognized option '${e.word}'`;
    case 'ambiguous':
      return `option '${e.word}' is ambiguous; possibilities:${e.possibilities.map((n) => ` '--${n}'`).join('')}`;
    case 'needless':
      return `option '--${e.name}' doesn't allow an argument`;
    case 'long-missing':
      return `option '--${e.name}' requires an argument`;
  }
}

function muslMessage(e: GetoptError): string {
  switch (e.k) {
    case 'invalid':
      return `unrecognized option: ${e.letter}`;
    case 'missing':
      return `option requires an argument: ${e.letter}`;
    case 'unrecognized':
      return `unrecognized option: ${e.word.slice(2)}`;
    case 'ambiguous':
      return `option is ambiguous: ${e.word.slice(2)}`;
    case 'needless':
      return `option does not take an argument: ${e.name}`;
    case 'long-missing':
      return `option requires an argument: ${e.name}`;
  }
}

/**
 * The loop of tools that read one option a word (iproute2's ip, mawk): the words before the first
 * operand. A `--` word ends them and is dropped; a word that does not start with '-' is the first
 * operand (so is `-` alone where `loneDash` says so). `each` gets the word and `next`, which takes
 * the following word as the option's argument (undefined at the end); a value it returns stops the
 * walk. The result's `operands` is the index of the first operand.
 */
export function optionWords<S>(args: readonly string[], loneDash: 'operand' | 'option', each: (word: string, next: () => string | undefined) => S | undefined): { k: 'done'; operands: number } | { k: 'stopped'; value: S } {
  let i = 0;
  const next = (): string | undefined => args[++i];
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return { k: 'done', operands: i + 1 };
    if (!a.startsWith('-') || (a === '-' && loneDash === 'operand')) break;
    const stop = each(a, next);
    if (stop !== undefined) return { k: 'stopped', value: stop };
  }
  return { k: 'done', operands: Math.min(i, args.length) };
}
