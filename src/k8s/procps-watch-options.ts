/**
 * procps-ng 4.0.2 `watch`'s command line (the laptop prompt's watch, kubectl/procps-watch, and a
 * node's, engine/node-shell/watch.ts): getopt_long with the optstring "+bced::ghq:n:pvtwx"
 * (the leading `+` stops at the first operand, so `watch kubectl get pods -o wide` keeps
 * kubectl's flags), glibc 2.36's getopt messages, the usage text and the interval parser
 * (procps' strtod_nol_or_err). Every message here was recorded from /usr/bin/watch on this
 * machine (options.test.ts cites them); k8s/getopt.ts walks the words.
 */
import { getopt, messageOf, type GetoptSpec } from './getopt';

export interface WatchOptions {
  /** Seconds between runs, as watch clamps it: at least 0.1. */
  interval: number;
  title: boolean;
  /** -d: highlight what changed since the last run; `cumulative`: since the first (-d=permanent). */
  differences: false | 'last' | 'cumulative';
  errexit: boolean;
  chgexit: boolean;
  /** -q N: exit once the output has not changed for N runs. */
  equexit?: number;
  exec: boolean;
  precise: boolean;
  wrap: boolean;
  /** The operands: the command and its arguments. */
  command: string[];
}

export type Parsed = { ok: true; opts: WatchOptions } | { ok: false; stdout?: string; stderr?: string; exitCode: number };

export const WATCH_VERSION = 'watch from procps-ng 4.0.2\n';

/** ncurses' setupterm when TERM is unset or unknown (recorded: `watch echo hi` without TERM, exit 1). */
export const NO_TERMINAL = 'Error opening terminal: unknown.\n';

export const WATCH_USAGE = `
Usage:
 watch [options] command

Options:
  -b, --beep             beep if command has a non-zero exit
  -c, --color            interpret ANSI color and style sequences
  -d, --differences[=<permanent>]
                         highlight changes between updates
  -e, --errexit          exit if command has a non-zero exit
  -g, --chgexit          exit when output from command changes
  -q, --equexit <cycles>
                         exit when output from command does not change
  -n, --interval <secs>  seconds to wait between updates
  -p, --precise          attempt run command in precise intervals
  -t, --no-title         turn off header
  -w, --no-wrap          turn off line wrapping
  -x, --exec             pass command to exec instead of "sh -c"

 -h, --help     display this help and exit
 -v, --version  output version information and exit

For more details see watch(1).
`;

/** getopt_long's table, in watch.c's longopts order, which glibc lists an ambiguous prefix's possibilities in. */
const SPEC: GetoptSpec = {
  short: '+bced::ghq:n:pvtwx',
  long: [
    ['color', 'c', 'none'], ['differences', 'd', 'optional'], ['help', 'h', 'none'], ['interval', 'n', 'required'], ['beep', 'b', 'none'],
    ['errexit', 'e', 'none'], ['chgexit', 'g', 'none'], ['equexit', 'q', 'required'], ['exec', 'x', 'none'], ['precise', 'p', 'none'],
    ['no-title', 't', 'none'], ['no-wrap', 'w', 'none'], ['version', 'v', 'none'],
  ],
};

const usageError = (message: string): Parsed => ({ ok: false, stderr: `watch: ${message}\n${WATCH_USAGE}`, exitCode: 1 });
const parseError = (value: string): Parsed => ({ ok: false, stderr: `watch: failed to parse argument: '${value}': Invalid argument\n`, exitCode: 1 });

/**
 * procps' strtod_nol_or_err: optional blanks and sign, digits, then `.` or `,` and digits summed
 * digit by digit (so `1.35` is 1 + 0.3 + 0.05, as C computes it) — no exponent (`1e9` fails).
 */
export function strtodNol(text: string): number | undefined {
  const m = /^[ \t\n\v\f\r]*([-+]?)([0-9]*)(?:[.,]([0-9]*))?$/.exec(text);
  if (!m || text === '') return undefined;
  let num = 0;
  for (const d of m[2]!) num = 10 * num + Number(d);
  let mult = 0.1;
  for (const d of m[3] ?? '') {
    num += Number(d) * mult;
    mult /= 10;
  }
  return m[1] === '-' ? -num : num;
}

/** procps' strtol_or_err for -q: a whole number, else the same message. */
function strtolOrErr(text: string): number | undefined {
  return /^[ \t]*[-+]?[0-9]+$/.test(text) ? Number(text) : undefined;
}

export function parseWatchArgs(args: string[]): Parsed {
  const opts: WatchOptions = { interval: 2, title: true, differences: false, errexit: false, chgexit: false, exec: false, precise: false, wrap: true, command: [] };
  const apply = (c: string, value: string | undefined): Parsed | undefined => {
    switch (c) {
      case 'd':
        // Any argument (`-d=permanent`, `--differences=x`) makes the highlighting cumulative.
        opts.differences = value === undefined ? 'last' : 'cumulative';
        return;
      case 'n': {
        const n = strtodNol(value!);
        if (n === undefined) return parseError(value!);
        // watch.c: `if (interval < 0.1) interval = 0.1;` (recorded: -n 0 shows "Every 0.1s").
        opts.interval = Math.min(Math.max(n, 0.1), 4294967295);
        return;
      }
      case 'q': {
        const n = strtolOrErr(value!);
        if (n === undefined) return parseError(value!);
        opts.equexit = n;
        return;
      }
      case 'h':
        return { ok: false, stdout: WATCH_USAGE, exitCode: 0 };
      case 'v':
        return { ok: false, stdout: WATCH_VERSION, exitCode: 0 };
      case 't':
        opts.title = false;
        return;
      case 'w':
        opts.wrap = false;
        return;
      case 'e':
        opts.errexit = true;
        return;
      case 'g':
        opts.chgexit = true;
        return;
      case 'x':
        opts.exec = true;
        return;
      case 'p':
        opts.precise = true;
        return;
      default:
        // -b (beep) and -c (colour): accepted; kubectl's output here carries no colour, and the page does not beep.
        return;
    }
  };
  const walked = getopt(args, SPEC, ({ key, value }) => apply(key, value));
  if (walked.k === 'error') return usageError(messageOf('glibc', walked.error));
  if (walked.k === 'stopped') return walked.value;
  opts.command = walked.operands;
  // watch.c: no command left prints the usage to stderr and exits 1 (recorded).
  if (opts.command.length === 0) return { ok: false, stderr: WATCH_USAGE, exitCode: 1 };
  return { ok: true, opts };
}

/**
 * C's printf("%.1f"): the nearest tenth of the double's exact value, a tie going to the even
 * digit (1.25 → "1.2", recorded as `Every 1.2s`), where JavaScript's toFixed rounds it up. A tie
 * at tenths is exactly a quarter with an odd numerator (x·4 odd), the only tenths-ties a double holds.
 */
export function fixed1(x: number): string {
  const q = x * 4;
  if (Number.isInteger(q) && q % 2 !== 0) {
    const tenths = Math.floor(x * 10);
    return ((tenths % 2 === 0 ? tenths : tenths + 1) / 10).toFixed(1);
  }
  return x.toFixed(1);
}
