/**
 * cut as GNU coreutils 9.1 cuts: `-f LIST` with `-d CHAR` (TAB by default; a line without the
 * delimiter prints whole unless -s), `-b LIST` by bytes, `-c LIST` by characters, lists like
 * `1,3`, `2-`, `-3`, `1-2,5` (merged and printed in input order), `--complement` and
 * `--output-delimiter`, with GNU's messages for a bad list, a long delimiter or no list.
 *
 * One deliberate difference: GNU 9.1 (without distribution i18n patches) treats -c exactly as -b,
 * splitting multibyte characters; here -c counts characters, which is what it is documented to
 * do. ASCII is cut the same either way. BusyBox images get GNU's behaviour and messages.
 */
import { byteLength, getopt, HELP_VERSION, lines, PLAIN_ERRORS, quote, readOperand, usageError, type OptionSpec } from './tool-options';
import { getopt32 } from '../../k8s/getopt';
import type { ToolEnv, ToolResult } from './tool-types';

const CUT: OptionSpec = {
  tool: 'cut',
  short: 'b:c:d:f:nsz',
  long: [
    ['bytes', 'b', 'required'], ['characters', 'c', 'required'], ['fields', 'f', 'required'], ['delimiter', 'd', 'required'], ['only-delimited', 's', 'none'],
    ['output-delimiter', 'output-delimiter', 'required'], ['complement', 'complement', 'none'], ['zero-terminated', 'z', 'none'], ...HELP_VERSION,
  ],
  unsupported: ['z'],
  // -O, -D and -F (BusyBox's own) are refused by name: GNU's code below has no such keys.
  busybox: getopt32('b:c:f:d:O:sDF:n'),
};

type Range = [lo: number, hi: number];

/** set_fields, character by character as GNU scans it: the list's ranges sorted and overlaps merged, or GNU's message. */
function parseList(list: string, fields: boolean, env: ToolEnv): Range[] | string {
  const zero = fields ? 'fields are numbered from 1' : 'byte/character positions are numbered from 1';
  const ranges: Range[] = [];
  let initial = 1;
  let value = 0;
  let lhs = false;
  let rhs = false;
  let dash = false;
  for (let i = 0; ; i++) {
    const c = list[i];
    if (c === '-') {
      if (dash) return fields ? 'invalid field range' : 'invalid byte or character range';
      dash = true;
      if (lhs && !value) return zero;
      initial = lhs ? value : 1;
      value = 0;
    } else if (c === undefined || c === ',' || c === ' ' || c === '\t') {
      if (dash) {
        dash = false;
        if (!lhs && !rhs) return 'invalid range with no endpoint: -';
        if (!rhs) ranges.push([initial, Infinity]);
        else if (value < initial) return 'invalid decreasing range';
        else ranges.push([initial, value]);
      } else if (value === 0) return zero;
      else ranges.push([value, value]);
      value = 0;
      if (c === undefined) break;
      lhs = false;
      rhs = false;
    } else if (c >= '0' && c <= '9') {
      if (dash) rhs = true;
      else lhs = true;
      value = value * 10 + Number(c);
    } else return `${fields ? 'invalid field value' : 'invalid byte/character position'} ${quote(env, list.slice(i))}`;
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    // Only overlapping ranges merge: `1-2,3-4` stays two, and --output-delimiter goes between them.
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

function complement(ranges: Range[]): Range[] {
  const out: Range[] = [];
  let next = 1;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next !== Infinity) out.push([next, Infinity]);
  return out;
}

/** The selected units of one line (characters, or bytes as [char, firstByte, lastByte]); the output delimiter starts each range after the first. */
function cutUnits(units: string[], ends: number[], ranges: Range[], outDelim: string | undefined): string {
  let out = '';
  let printed = false;
  for (const [lo, hi] of ranges) {
    let started = false;
    for (let i = 0; i < units.length; i++) {
      const first = i === 0 ? 1 : ends[i - 1]! + 1;
      if (first < lo || ends[i]! > hi) continue;
      if (!started && printed && outDelim !== undefined) out += outDelim;
      started = true;
      printed = true;
      out += units[i];
    }
  }
  return out;
}

export function cut(args: string[], env: ToolEnv): ToolResult {
  let mode: 'b' | 'c' | 'f' | undefined;
  let list = '';
  let delim: string | undefined;
  let outDelim: string | undefined;
  let suppress = false;
  let invert = false;
  const p = getopt(args, CUT, env, (o) => {
    if (o.key === 'b' || o.key === 'c' || o.key === 'f') {
      if (mode) return usageError(env, CUT, 'only one list may be specified');
      [mode, list] = [o.key, o.value];
    } else if (o.key === 'd') {
      if (byteLength(o.value) > 1) return usageError(env, CUT, 'the delimiter must be a single character');
      delim = o.value === '' ? '\0' : o.value;
    } else if (o.key === 's') suppress = true;
    else if (o.key === 'output-delimiter') outDelim = o.value;
    else if (o.key === 'complement') invert = true;
    return undefined;
  });
  if (!p.ok) return p.result;
  if (!mode) return usageError(env, CUT, 'you must specify a list of bytes, characters, or fields');
  if (delim !== undefined && mode !== 'f') return usageError(env, CUT, 'an input delimiter may be specified only when operating on fields');
  if (suppress && mode !== 'f') return usageError(env, CUT, 'suppressing non-delimited lines makes sense\n\tonly when operating on fields');
  const parsed = parseList(list, mode === 'f', env);
  if (typeof parsed === 'string') return usageError(env, CUT, parsed);
  const ranges = invert ? complement(parsed) : parsed;
  const d = delim ?? '\t';
  const cutLine = (line: string): string | undefined => {
    if (mode === 'f') {
      if (!line.includes(d)) return suppress ? undefined : line;
      const fields = line.split(d);
      return fields.filter((_f, i) => ranges.some(([lo, hi]) => i + 1 >= lo && i + 1 <= hi)).join(outDelim ?? d);
    }
    const units = Array.from(line);
    let at = 0;
    const ends = units.map((u) => (at += mode === 'b' ? byteLength(u) : 1));
    return cutUnits(units, ends, ranges, outDelim);
  };
  const stdin = { used: false };
  let status = 0;
  for (const f of p.operands.length ? p.operands : ['-']) {
    const text = readOperand(env, 'cut', f, PLAIN_ERRORS, stdin);
    if (text === undefined) {
      status = 1;
      continue;
    }
    const out = lines(text).map(cutLine).filter((l): l is string => l !== undefined);
    if (out.length) env.io.out(`${out.join('\n')}\n`);
  }
  return { status };
}
