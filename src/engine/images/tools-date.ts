/**
 * date as GNU coreutils 9.1 prints the simulated clock (never the host's): the locale's default
 * format (en_US.UTF-8 at the terminal: `Mon Nov 30 12:53:20 AM UTC 2026`; C in containers, and
 * BusyBox's: `Mon Nov 30 00:53:20 UTC 2026`), `+FORMAT` (date-format.ts), `-u`, TZ, `-d`/`--date`
 * (date-parse.ts), `-I[TIMESPEC]`, `-R`, `--rfc-3339=…`, `-r FILE`, and GNU's messages. Setting
 * the clock (`-s`, or an `MMDDhhmm` operand) fails as it does for a user who is not root: `cannot
 * set date: Operation not permitted`, after which the date is still printed (exit 1). Recorded
 * against the real tool in tools-date.test.ts.
 *
 * Files keep no modification time here, so `-r FILE` shows the current time, as `ls -l` does.
 * Not modelled: `-f FILE`, `--debug`, `--resolution` (refused by name), and the rest of
 * parse_datetime's grammar. BusyBox images get GNU's behaviour.
 */
import { EPOCH_MS } from '../../k8s/time';
import { shownAt, strftime, zoneOf, type DateLocale, type Instant } from './date-format';
import { parseDate, posixDate } from './date-parse';
import { stat } from './fs';
import { argmatchIn, bareFile, fatal, getopt, quote, usageError, type OptionSpec } from './tool-options';
import { path, type ToolEnv, type ToolResult } from './tool-types';

const DATE: OptionSpec = {
  tool: 'date',
  short: 'd:f:I::r:Rs:u',
  long: [
    ['date', 'd', 'required'], ['debug', 'debug', 'none'], ['file', 'f', 'required'], ['iso-8601', 'I', 'optional'], ['reference', 'r', 'required'],
    ['resolution', 'resolution', 'none'], ['rfc-email', 'R', 'none'], ['rfc-822', 'R', 'none'], ['rfc-2822', 'R', 'none'], ['rfc-3339', 'rfc-3339', 'required'],
    ['set', 's', 'required'], ['uct', 'u', 'none'], ['utc', 'u', 'none'], ['universal', 'u', 'none'], ['help', 'help', 'none'], ['version', 'version', 'none'],
  ],
  unsupported: ['debug', 'f', 'resolution'],
};

const ISO: readonly [string, string][] = [['hours', '%Y-%m-%dT%H%:z'], ['minutes', '%Y-%m-%dT%H:%M%:z'], ['date', '%Y-%m-%d'], ['seconds', '%Y-%m-%dT%H:%M:%S%:z'], ['ns', '%Y-%m-%dT%H:%M:%S,%N%:z']];
const RFC3339: readonly [string, string][] = [['date', '%Y-%m-%d'], ['seconds', '%Y-%m-%d %H:%M:%S%:z'], ['ns', '%Y-%m-%d %H:%M:%S.%N%:z']];

const argmatch = (env: ToolEnv, value: string, option: string, table: readonly [string, string][]): string | ToolResult => argmatchIn(env, DATE, value, option, table);

function locale(env: ToolEnv): DateLocale {
  return /^en_/.test(env.vars.LC_ALL || env.vars.LC_TIME || env.vars.LANG || '') ? 'en_US' : 'C';
}

export function date(args: string[], env: ToolEnv): ToolResult {
  let format: string | undefined;
  let utc = false;
  let datestr: string | undefined;
  let setstr: string | undefined;
  let reference: string | undefined;
  const setFormat = (f: string): ToolResult | undefined => {
    if (format !== undefined) return fatal(env, 'date', 'multiple output formats specified');
    format = f;
    return undefined;
  };
  const p = getopt(args, DATE, env, (o) => {
    switch (o.key) {
      case 'd': datestr = o.value; return undefined;
      case 's': setstr = o.value; return undefined;
      case 'r': reference = o.value; return undefined;
      case 'u': utc = true; return undefined;
      case 'R': return setFormat('%a, %d %b %Y %H:%M:%S %z');
      case 'I': case 'rfc-3339': {
        const f = o.key === 'I' ? (o.value === '' ? '%Y-%m-%d' : argmatch(env, o.value, 'iso-8601', ISO)) : argmatch(env, o.value, 'rfc-3339', RFC3339);
        return typeof f === 'string' ? setFormat(f) : f;
      }
      default: return undefined;
    }
  });
  if (!p.ok) return p.result;
  if (datestr !== undefined && reference !== undefined) return usageError(env, DATE, 'the options to specify dates for printing are mutually exclusive');
  if (setstr !== undefined && (datestr !== undefined || reference !== undefined)) return usageError(env, DATE, 'the options to print and set the time may not be used together');
  const operands = [...p.operands];
  if (operands.length > 1) return usageError(env, DATE, `extra operand ${quote(env, operands[1]!)}`);
  const specified = datestr !== undefined || reference !== undefined;
  if (operands[0]?.startsWith('+')) {
    const err = setFormat(operands.shift()!.slice(1));
    if (err) return err;
  } else if (operands.length && (specified || setstr !== undefined)) {
    return usageError(env, DATE, `the argument ${quote(env, operands[0]!)} lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'`);
  }
  const zone = utc ? zoneOf('UTC0') : zoneOf(env.vars.TZ);
  const loc = locale(env);
  const nowMs = env.clock + EPOCH_MS;
  const now: Instant = { sec: Math.floor(nowMs / 1000), ns: (nowMs % 1000) * 1_000_000 };
  let when: Instant | undefined = now;
  let shownText: string | undefined;
  let setting = setstr !== undefined;
  if (reference !== undefined) {
    if (stat(env.fs, env.base, path(env, reference)).kind === 'none') return fatal(env, 'date', `${bareFile(reference)}: No such file or directory`);
  } else if (datestr !== undefined || setstr !== undefined) {
    shownText = datestr ?? setstr!;
    when = parseDate(shownText, now, zone);
  } else if (operands.length) {
    shownText = operands[0]!;
    setting = true;
    when = posixDate(shownText, now, zone);
  }
  if (!when) return fatal(env, 'date', `invalid date ${quote(env, shownText ?? '')}`);
  let status = 0;
  if (setting) {
    env.io.err('date: cannot set date: Operation not permitted\n');
    status = 1;
  }
  const fmt = format ?? (loc === 'en_US' ? '%a %b %e %r %Z %Y' : '%a %b %e %H:%M:%S %Z %Y');
  env.io.out(`${strftime(fmt, when, shownAt(zone, when.sec * 1000), loc)}\n`);
  return { status };
}
